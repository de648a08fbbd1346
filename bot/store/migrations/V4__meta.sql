-- Facts about this installation rather than about a game (the hash of the command tree
-- last synced to Discord, so a restart with unchanged commands does not sync again).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
