-- (PostgreSQL: the same table as ../V20__rank_bands.sql, filled from the ratings kept before.)
CREATE TABLE rank_bands (
    scope     BIGINT  NOT NULL,
    game_type TEXT    NOT NULL,
    band      INTEGER NOT NULL,  -- floor(ordinal * 4)
    members   INTEGER NOT NULL,
    PRIMARY KEY (scope, game_type, band)
);
INSERT INTO rank_bands (scope, game_type, band, members)
    SELECT scope, game_type, floor((mu - 3 * sigma) * 4)::integer AS band, COUNT(*) FROM ratings
    GROUP BY scope, game_type, band;
