-- Limits (issue 35): each seat's take-backs, and the games a member hosts (see ../V17__limits.sql).
ALTER TABLE seats ADD COLUMN take_backs INTEGER NOT NULL DEFAULT 0;
UPDATE seats SET take_backs = (SELECT count(*) FROM actions AS a
                               WHERE a.game_id = seats.game_id AND a.seat = seats.seat AND a.action = 'undo');
CREATE INDEX games_by_host ON games (host_id, status, guild_id);
