-- The outbox retries a failed item with backoff and parks what it cannot send (bot/dispatch.py).
ALTER TABLE outbox ADD COLUMN next_attempt_at DOUBLE PRECISION;  -- NULL: due now
ALTER TABLE outbox ADD COLUMN parked_at DOUBLE PRECISION;        -- given up on
ALTER TABLE outbox ADD COLUMN last_error TEXT;                   -- why the last attempt failed

-- What is still to deliver, per game in order: a game's held-back head blocks its later items.
CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE sent_at IS NULL AND parked_at IS NULL;
