-- Countdowns that fire once: a game's own deadlines and the turn clock of each seat
-- (see ../V5__timers.sql).
CREATE TABLE timers (
    game_id  BIGINT NOT NULL REFERENCES games (id),
    key      TEXT   NOT NULL,   -- 'deadline:<the game''s key>' or 'clock:<seat>:<epoch>'
    due_at   DOUBLE PRECISION NOT NULL,
    warn_at  DOUBLE PRECISION,  -- a turn clock's warning; NULL once given (or for deadlines)
    PRIMARY KEY (game_id, key)
);
CREATE INDEX timers_due ON timers (due_at);

-- The host's settings for a game: {"clock": hours per decision}.
ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
-- When each seat's current decision was put to it (JSON {seat: unix time}).
ALTER TABLE games ADD COLUMN seat_asked TEXT NOT NULL DEFAULT '{}';

-- Turn clocks that ran out in a row, and who held a seat that a bot took over.
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN former_user_id BIGINT;
ALTER TABLE seats ADD COLUMN former_name TEXT;
