-- Clicks answered before their move are recorded, before they are answered, in a file of
-- their own beside the database (``<database>-clicks``, bot/store/clicks.py): a record in this
-- file would wait for the very write lock the move it outlives may be waiting on. This table
-- is written no more. (A click a process left here in the minute before this migration is not
-- spoken of; its post still has its buttons.)
DROP TABLE deferred_clicks;
