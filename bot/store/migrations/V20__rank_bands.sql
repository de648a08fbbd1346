-- A leaderboard's members counted by bands of ordinals (issue 37): how many each band of a
-- quarter of a point of μ − 3σ holds, kept as games finish (bot/store/standings.py, ``bands``),
-- so a member's place is the members of the bands above theirs and a count within their own on
-- the rank index (V18), never every entry ahead of them: constant, however large the server.
CREATE TABLE rank_bands (
    scope     INTEGER NOT NULL,
    game_type TEXT    NOT NULL,
    band      INTEGER NOT NULL,  -- floor(ordinal * 4)
    members   INTEGER NOT NULL,
    PRIMARY KEY (scope, game_type, band)
);
-- The ratings kept before: SQLite's CAST truncates towards zero, so the floor is spelt out.
INSERT INTO rank_bands (scope, game_type, band, members)
    SELECT scope, game_type, band, COUNT(*) FROM (
        SELECT scope, game_type,
               CAST((mu - 3 * sigma) * 4 AS INTEGER) - ((mu - 3 * sigma) * 4 < CAST((mu - 3 * sigma) * 4 AS INTEGER)) AS band
        FROM ratings)
    GROUP BY scope, game_type, band;
