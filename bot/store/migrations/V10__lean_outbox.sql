-- The outbox holds what is still to deliver, not the game's history (bot/store/sqlite.py).

-- Every line a game said in its thread, for `/game history`: written with the outbox item that
-- posts it, and kept after that item is pruned.
CREATE TABLE thread_lines (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id),
    text    TEXT    NOT NULL
);
CREATE INDEX thread_lines_by_game ON thread_lines (game_id, id);
INSERT INTO thread_lines (game_id, text)
    SELECT game_id, json_extract(payload, '$.text') FROM outbox
    WHERE kind = 'thread' AND COALESCE(json_extract(payload, '$.text'), '') != '' ORDER BY id;

-- Sent items are deleted (Store.prune_sent), so ids must never come back: a nonce is made
-- from them, and a follower's place in a game is one. AUTOINCREMENT needs the table rebuilt.
CREATE TABLE outbox_v10 (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id         INTEGER NOT NULL REFERENCES games (id),
    kind            TEXT    NOT NULL,       -- 'thread' | 'private' | …
    payload         TEXT    NOT NULL,       -- JSON; a thread item's board is not in it
    created_at      REAL    NOT NULL,
    sent_at         REAL,                   -- deleted SENT_KEPT_SECONDS after
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at REAL,
    parked_at       REAL,
    last_error      TEXT
);
INSERT INTO outbox_v10 (id, game_id, kind, payload, created_at, sent_at, attempts, next_attempt_at,
                        parked_at, last_error)
    SELECT id, game_id, kind, payload, created_at, sent_at, attempts, next_attempt_at, parked_at, last_error
    FROM outbox WHERE sent_at IS NULL OR sent_at >= (julianday('now') - 2440587.5) * 86400.0 - 3600;
-- No id below the highest ever handed out comes back, even if that item was just dropped.
DELETE FROM sqlite_sequence WHERE name = 'outbox_v10';
INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_v10', COALESCE(MAX(id), 0) FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v10 RENAME TO outbox;
CREATE INDEX outbox_unsent ON outbox (sent_at, id);
CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE sent_at IS NULL AND parked_at IS NULL;
-- A game's items found by game (what it parked, the thread items a follower has not read).
CREATE INDEX outbox_by_game ON outbox (game_id, id);
