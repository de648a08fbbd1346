-- Countdowns that fire once: a game's own deadlines (an auction closes) and the
-- turn clock of each seat. A row is written in the transaction of the move that
-- starts it and deleted in the transaction of the move that ends it, so a restart
-- in between finds it and it fires exactly once.
CREATE TABLE timers (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    key      TEXT    NOT NULL,   -- 'deadline:<the game''s key>' or 'clock:<seat>:<epoch>'
    due_at   REAL    NOT NULL,
    warn_at  REAL,               -- a turn clock's warning; NULL once given (or for deadlines)
    PRIMARY KEY (game_id, key)
);
CREATE INDEX timers_due ON timers (due_at);

-- The host's settings for a game, beside the game's own options (which alone, with the
-- seed and the action log, rebuild its state): {"clock": hours per decision}.
ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';

-- When each seat's current decision was put to it (JSON {seat: unix time}), for
-- "/game status: waiting on Ann since …" and the turn clock.
ALTER TABLE games ADD COLUMN seat_asked TEXT NOT NULL DEFAULT '{}';

-- Turn clocks that ran out in a row (three hand the seat to a bot), and who held a
-- seat that a bot took over, so they can take it back with /game rejoin.
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN former_user_id INTEGER;
ALTER TABLE seats ADD COLUMN former_name TEXT;
