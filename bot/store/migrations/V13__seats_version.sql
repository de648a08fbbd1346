-- Counts the changes to a running game's seats that are no move (a seat handed to a bot or
-- taken back, DMs found closed). A move is committed only if neither the game's version nor
-- this moved since the table it was decided on, so a process may decide a move on the game as
-- it last wrote it, without reading it again (bot/tables.py).
ALTER TABLE games ADD COLUMN seats_version INTEGER NOT NULL DEFAULT 0;
