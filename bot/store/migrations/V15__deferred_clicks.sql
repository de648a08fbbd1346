-- A thread click whose move outlasted Discord's answer window, so it was answered (deferred)
-- before its move was committed (cogs/clicks.py). Kept until the move is committed or
-- refused: a row left by a process that stopped is a click the member may think was made,
-- and the next process tells them to press again (through the interaction's follow-up,
-- which Discord accepts for 15 minutes).
CREATE TABLE deferred_clicks (
    interaction_id INTEGER PRIMARY KEY,
    token          TEXT    NOT NULL,
    game_id        INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    version        INTEGER NOT NULL,   -- what the button was drawn at: a move of theirs after it is the click's
    holder         TEXT    NOT NULL,   -- the process that answered it (bot/delivery/leases.py holder_name)
    created_at     REAL    NOT NULL
);

-- Why a game's thread posts are held (NULL: they are not): the thread was locked, or the bot
-- lost a permission there. Its items are parked as they come, without a try each, until the
-- host (or Manage Server) resumes it with /game resume (bot/delivery/dispatcher.py). Its
-- countdowns stand still meanwhile: resuming moves them on by the time it was held (held_at).
ALTER TABLE games ADD COLUMN held TEXT;
ALTER TABLE games ADD COLUMN held_at REAL;
