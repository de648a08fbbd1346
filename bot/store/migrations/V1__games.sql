-- Games, their seats, the append-only action log, and the outbox of notifications.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    game_type        TEXT    NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    options          TEXT    NOT NULL,            -- JSON
    seed             INTEGER NOT NULL,
    state            TEXT,                        -- JSON; NULL while in the lobby
    version          INTEGER NOT NULL DEFAULT 0,  -- optimistic concurrency: +1 per accepted move
    seat_epochs      TEXT    NOT NULL DEFAULT '{}', -- JSON {seat: version its choices last changed}
    host_id          INTEGER NOT NULL,
    guild_id         INTEGER,
    channel_id       INTEGER,
    thread_id        INTEGER,
    lobby_message_id INTEGER,
    result           TEXT,                        -- JSON once finished
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);
CREATE INDEX games_by_thread ON games (thread_id);
CREATE INDEX games_by_status ON games (status);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seat     INTEGER NOT NULL,
    user_id  INTEGER,                  -- NULL for a bot seat
    name     TEXT    NOT NULL,
    is_bot   INTEGER NOT NULL DEFAULT 0,
    dm_ok    INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    move       INTEGER NOT NULL,       -- the version this action produced
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    user_id    INTEGER,                -- NULL when a bot played
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, move)
);

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    kind       TEXT    NOT NULL,       -- 'thread' | 'private'
    payload    TEXT    NOT NULL,       -- JSON
    created_at REAL    NOT NULL,
    sent_at    REAL,
    attempts   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX outbox_unsent ON outbox (sent_at, id);
