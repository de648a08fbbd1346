-- What surrounds the games: statistics, leaderboards and spectators (bot/community.py).

-- The order games finished in, which ratings replay results in: a sequence, not a clock,
-- so two games finishing in the same instant still have an order (and it never changes).
CREATE TABLE finishes (
    seq         INTEGER PRIMARY KEY,  -- increasing in finishing order
    game_id     INTEGER NOT NULL UNIQUE REFERENCES games (id),
    finished_at REAL    NOT NULL
);
-- Games finished before this migration, in the order their last move was made.
INSERT INTO finishes (game_id, finished_at)
    SELECT id, updated_at FROM games WHERE status = 'finished' ORDER BY updated_at, id;
-- A game's last move sets it finished (bot/tables.py); its place in the order comes with it,
-- in the same transaction.
CREATE TRIGGER game_finished AFTER UPDATE OF status ON games
WHEN NEW.status = 'finished' AND OLD.status <> 'finished'
BEGIN
    INSERT INTO finishes (game_id, finished_at) VALUES (NEW.id, NEW.updated_at);
END;

-- Statistics and leaderboards read a server's games.
CREATE INDEX games_by_guild ON games (guild_id, status);
-- A member's seats, including those a bot took over from them.
CREATE INDEX seats_by_former_user ON seats (former_user_id) WHERE former_user_id IS NOT NULL;

-- Members following a game they do not play (/game follow): a DM with what happened, at
-- most one a turn. ``told_through`` is the game's last thread item (outbox id) their DMs
-- have covered, so the next one says what happened since.
CREATE TABLE follows (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    user_id      INTEGER NOT NULL,
    language     TEXT    NOT NULL DEFAULT 'en',  -- what the host's words in their DMs are in
    told_through INTEGER NOT NULL DEFAULT 0,
    created_at   REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX follows_by_user ON follows (user_id);
