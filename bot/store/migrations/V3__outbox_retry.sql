-- The outbox retries a failed item with backoff and parks what it cannot send (bot/dispatch.py).
ALTER TABLE outbox ADD COLUMN next_attempt_at REAL;  -- NULL: due now; else not before this time
ALTER TABLE outbox ADD COLUMN parked_at REAL;        -- given up on; `python -m bot outbox retry` unparks
ALTER TABLE outbox ADD COLUMN last_error TEXT;       -- why the last attempt failed, for the operator

-- What is still to deliver, per game in order: a game's held-back head blocks its later items.
CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE sent_at IS NULL AND parked_at IS NULL;
