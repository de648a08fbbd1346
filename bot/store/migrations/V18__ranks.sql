-- Leaderboards ranked by the database (issue 37): the ratings in a leaderboard's order
-- (bot/community/rating.py, ``ranked``: the ordinal μ − 3σ, then games played, then the member's
-- id as text), so its best rows are read from this index in order and a member's place is a
-- count of the entries ahead (bot/store/standings_rows.py), never the whole board ranked in
-- Python. The queries spell these expressions exactly so.
CREATE INDEX ratings_by_rank ON ratings (scope, game_type, mu - 3 * sigma DESC, games DESC,
                                         CAST(member_id AS TEXT));
