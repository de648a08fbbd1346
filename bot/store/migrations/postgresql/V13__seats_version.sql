-- Changes to a running game's seats that are no move (see ../V13__seats_version.sql).
ALTER TABLE games ADD COLUMN seats_version INTEGER NOT NULL DEFAULT 0;
