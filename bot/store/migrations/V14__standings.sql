-- Standings kept as games finish (bot/store/standings.py), so /game stats and /game
-- leaderboard read a few rows by key instead of every finished game. Written in the
-- transaction of the move that finishes a game; the store adds the games finished before this
-- migration, in finishing order, right after it (bot/store/standings.py, ``migrate``).
-- ``scope``: a server's id, 0 outside any server, -1 every server together (records only).

CREATE TABLE member_records (
    scope     INTEGER NOT NULL,
    member_id INTEGER NOT NULL,
    name      TEXT    NOT NULL,  -- as their latest game knew them
    streak    INTEGER NOT NULL,  -- > 0 won in a row, < 0 lost in a row
    last_seq  INTEGER NOT NULL,  -- finishes.seq of that game
    PRIMARY KEY (scope, member_id)
);

CREATE TABLE member_titles (
    scope     INTEGER NOT NULL,
    member_id INTEGER NOT NULL,
    game_type TEXT    NOT NULL,
    played    INTEGER NOT NULL,
    won       INTEGER NOT NULL,
    last_seq  INTEGER NOT NULL,
    PRIMARY KEY (scope, member_id, game_type)
);

-- Weng–Lin ratings per server and title ('' every title), as replaying the server's games in
-- finishing order gives them (bot/community/rating.py); bots are never rows.
CREATE TABLE ratings (
    scope     INTEGER NOT NULL,
    game_type TEXT    NOT NULL,
    member_id INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    games     INTEGER NOT NULL,
    wins      INTEGER NOT NULL,
    PRIMARY KEY (scope, game_type, member_id)
);

-- How many finished games each leaderboard counts.
CREATE TABLE boards (
    scope     INTEGER NOT NULL,
    game_type TEXT    NOT NULL,
    games     INTEGER NOT NULL,
    PRIMARY KEY (scope, game_type)
);

-- A running game's state every few moves (bot/store/base.py: SNAPSHOT_EVERY), written with
-- the move: any move is rebuilt from the nearest one before it, not from the deal.
CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id),
    move    INTEGER NOT NULL,  -- the version the state is (the action log's move)
    state   BLOB    NOT NULL,  -- JSON, zlib-compressed: a state is mostly repeated keys
    PRIMARY KEY (game_id, move)
);
