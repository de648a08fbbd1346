-- Facts about this installation rather than about a game (the hash of the command tree
-- last synced to Discord).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
