-- The messages the dispatcher put on Discord for a game, so it can come back to them (after a
-- restart too): edit the turn's post as the same seat keeps acting, and take the controls off
-- messages whose moves are no longer legal. A thread post has seat NULL; a DM, its seat's number.
CREATE TABLE posts (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seat       INTEGER,              -- NULL: in the game's thread; else the DM of this seat
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    parts      INTEGER NOT NULL DEFAULT 1,  -- messages the post took (only a one-message post is edited)
    version    INTEGER NOT NULL DEFAULT 0,  -- the game version its controls were drawn at
    live       INTEGER NOT NULL DEFAULT 0,  -- it carries controls not yet taken off
    run        TEXT    NOT NULL DEFAULT '{}', -- JSON: what an edit of the turn's post builds on
    created_at REAL    NOT NULL
);
CREATE INDEX posts_by_game ON posts (game_id, seat, id);
CREATE INDEX posts_live ON posts (game_id) WHERE live = 1;
