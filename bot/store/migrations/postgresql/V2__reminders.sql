-- The version at which the table was last reminded whose turn it is (0: never).
ALTER TABLE games ADD COLUMN reminded_version INTEGER NOT NULL DEFAULT 0;
