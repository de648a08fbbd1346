-- Limits (issue 35). Each seat's take-backs, counted by the commit that logs one: a game allows
-- a seat only a few (bot/table/take_back.py), and a seat's record says how many are spent. Those
-- logged before are counted from the log.
ALTER TABLE seats ADD COLUMN take_backs INTEGER NOT NULL DEFAULT 0;
UPDATE seats SET take_backs = (SELECT count(*) FROM actions AS a
                               WHERE a.game_id = seats.game_id AND a.seat = seats.seat AND a.action = 'undo');
-- The games a member hosts, by status and server: what the caps count where a lobby is opened
-- and where a game starts (bot/table/seating.py).
CREATE INDEX games_by_host ON games (host_id, status, guild_id);
