-- Thread clicks answered before their move was committed (see ../V15__deferred_clicks.sql).
CREATE TABLE deferred_clicks (
    interaction_id BIGINT           PRIMARY KEY,
    token          TEXT             NOT NULL,
    game_id        BIGINT           NOT NULL,
    user_id        BIGINT           NOT NULL,
    version        INTEGER          NOT NULL,
    holder         TEXT             NOT NULL,
    created_at     DOUBLE PRECISION NOT NULL
);

-- Why a game's thread posts are held (see ../V15__deferred_clicks.sql).
ALTER TABLE games ADD COLUMN held TEXT;
ALTER TABLE games ADD COLUMN held_at DOUBLE PRECISION;
