-- Several processes share one database (PostgreSQL): each looks after the games of the
-- gateway shards it holds a lease on (bot/leases.py). A lease that is not renewed lapses,
-- and another process takes the shard's countdowns and outbox over.
CREATE TABLE shard_leases (
    shard_count INTEGER NOT NULL,
    shard       INTEGER NOT NULL,
    holder      TEXT    NOT NULL,
    expires_at  REAL    NOT NULL,
    wanted_at   REAL,             -- its home process asked for it back (bot/leases.py)
    PRIMARY KEY (shard_count, shard)
);
