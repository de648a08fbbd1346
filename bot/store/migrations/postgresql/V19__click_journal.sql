-- The click journal (bot/store/clicks.py): every click answered before its move is committed
-- is recorded here first, through connections of its own (a thread post's, a DM's or the
-- panel's), so whichever process starts or takes a shard over tells its member to press
-- again when the move was never made. Where it was clicked says where to tell them once the
-- interaction's follow-up has expired; whether Discord had its answer says whether a
-- follow-up may go to it at all.
ALTER TABLE deferred_clicks ADD COLUMN place TEXT NOT NULL DEFAULT 'thread';
-- Rows left by a release before this one were recorded after their answer: answered.
ALTER TABLE deferred_clicks ADD COLUMN answered BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE deferred_clicks ALTER COLUMN answered SET DEFAULT FALSE;
