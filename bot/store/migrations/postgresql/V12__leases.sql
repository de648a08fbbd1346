-- Several processes share one database: each looks after the games of the gateway shards it
-- holds a lease on (bot/leases.py, see ../V12__leases.sql).
CREATE TABLE shard_leases (
    shard_count INTEGER NOT NULL,
    shard       INTEGER NOT NULL,
    holder      TEXT    NOT NULL,
    expires_at  DOUBLE PRECISION NOT NULL,
    wanted_at   DOUBLE PRECISION,
    PRIMARY KEY (shard_count, shard)
);
