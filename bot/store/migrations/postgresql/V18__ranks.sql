-- (PostgreSQL: the same index as ../V18__ranks.sql.) The member's id as text is compared byte
-- by byte (COLLATE "C"), as Python compares it, whatever the database's collation. The columns
-- the expressions are made of ride along, so a place can be counted from the index alone.
CREATE INDEX ratings_by_rank ON ratings (scope, game_type, (mu - 3 * sigma) DESC, games DESC,
                                         (member_id::text) COLLATE "C") INCLUDE (mu, sigma, member_id);
