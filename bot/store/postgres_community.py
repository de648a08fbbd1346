"""The PostgreSQL store's side of statistics, leaderboards and followers: ``SQLiteCommunity``'s
methods (bot/store/sqlite_community.py) over the store's pool. A mixin of ``PostgresStore``."""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any

import asyncpg

from bot.store.base import (
    ALREADY_FOLLOWING,
    FOLLOWING,
    TOO_MANY,
    BoardEntry,
    BoardPlace,
    FinishedGame,
    Follower,
    MemberTally,
)
from bot.store.rows import dumps, finished
from bot.store.standings import Standings
from bot.store.standings_rows import (
    BOARD_ENTRY,
    BOARD_GAMES,
    BOARD_RATED,
    FINISHED,
    FINISHED_SEATS,
    MEMBER_RECORD,
    MEMBER_TITLES,
    POSTGRES_ID_TEXT,
    STANDINGS_TABLES,
    ahead_of,
    ahead_values,
    board_entries,
    board_top,
    loaded,
    loads,
    member_tally,
    numbered,
    ranks,
    writes,
)

#: What a transaction that queues outbox items notifies (``PostgresStore.listen``).
WAKE_CHANNEL = "marquee_outbox"
TOP = numbered(board_top(POSTGRES_ID_TEXT))
AHEAD = numbered(ahead_of(POSTGRES_ID_TEXT))


async def lock_game(db: asyncpg.Connection, game_id: int) -> str | None:
    """In a transaction: lock the game's row till its end, as a move's ``UPDATE`` would (first,
    before any other row: every writer takes the game's row first, so none waits on another in
    a circle). Returns the game's status (None: no such game)."""
    return await db.fetchval("SELECT status FROM games WHERE id = $1 FOR NO KEY UPDATE", game_id)


#: The advisory lock a finishing move holds while it adds its game to the standings: games
#: finishing at once are added one after the other, in the order ``finishes`` numbers them.
STANDINGS_LOCK = 0x4D71_5374_616E_64


async def record_finish(db: asyncpg.Connection, game_id: int) -> None:
    """In the transaction of the move that finished the game (holding ``STANDINGS_LOCK``):
    add it to the standings."""
    row = await db.fetchrow(f"{FINISHED} WHERE g.id = $1", game_id)
    if not ranks(row):
        return
    seats = await db.fetch(f"{FINISHED_SEATS} WHERE s.game_id = $1 ORDER BY s.seat", game_id)
    game = finished([row], seats)[0]
    standings = loaded(*[await db.fetch(numbered(sql), *values) for sql, values in loads(game)])
    standings.add(game, row["seq"])
    await _write(db, standings)


async def backfill(db: asyncpg.Connection) -> None:
    """In the migration's transaction (V14): the standings made afresh from every game
    already finished, added in finishing order, as each game's last move adds it from now on."""
    for table in STANDINGS_TABLES:
        await db.execute(f"DELETE FROM {table}")
    games = await db.fetch(f"{FINISHED} WHERE g.status = 'finished' ORDER BY f.seq")
    seats = await db.fetch(f"{FINISHED_SEATS} JOIN games g ON g.id = s.game_id"
                           " WHERE g.status = 'finished' ORDER BY s.game_id, s.seat")
    standings = Standings()
    for row, game in zip(games, finished(games, seats)):
        if ranks(row):
            standings.add(game, row["seq"])
    await _write(db, standings)


async def _write(db: asyncpg.Connection, standings: Standings) -> None:
    for sql, rows in writes(standings):
        if rows:
            await db.executemany(numbered(sql), rows)


class PostgresCommunity:
    """Finished games by server and title, and members following games."""

    # The PostgresStore's own:
    _pool: asyncpg.Pool
    transaction: Callable[..., AbstractAsyncContextManager[asyncpg.Connection]]

    # -- standings (V14): read by key, in one snapshot --------------------------------

    async def member_tally(self, member_id: int, scope: int) -> MemberTally | None:
        """A member's record in ``scope`` (``bot/store/standings.py``), read by its key:
        None when they finished no game there. Never waits on a move."""
        async with self.transaction(isolation="repeatable_read", readonly=True) as db:
            record = await db.fetchrow(numbered(MEMBER_RECORD), scope, member_id)
            titles = await db.fetch(numbered(MEMBER_TITLES), scope, member_id) if record else []
        return member_tally(member_id, record, titles)

    async def board(self, scope: int, game_type: str, top: int) -> tuple[int, list[BoardEntry]]:
        """A leaderboard as kept (``game_type`` "" for every title): the finished games it
        counts, and its ``top`` best members, read in order from the ratings' rank index (V18).
        Never waits on a move."""
        async with self.transaction(isolation="repeatable_read", readonly=True) as db:
            games = await db.fetchval(numbered(BOARD_GAMES), scope, game_type)
            best = board_entries(await db.fetch(TOP, scope, game_type, top))
        return games or 0, best

    async def board_place(self, scope: int, game_type: str, member_id: int) -> BoardPlace | None:
        """A member's place on a leaderboard, counted on the rank index, with how many members
        it rates; None when it does not rate them. Never waits on a move, nor holds one up."""
        async with self.transaction(isolation="repeatable_read", readonly=True) as db:
            found = board_entries(await db.fetch(numbered(BOARD_ENTRY), scope, game_type, member_id))
            if not found:
                return None
            ahead = await db.fetchval(AHEAD, *ahead_values(scope, game_type, found[0]))
            rated = await db.fetchval(numbered(BOARD_RATED), scope, game_type)
        return BoardPlace(1 + ahead, rated, found[0])

    async def finished_games(self, guild_id: int | None = None, *, everywhere: bool = False,
                             game_type: str | None = None) -> list[FinishedGame]:
        """A server's finished games (every server's with ``everywhere``), of one title if
        given, in the order they finished. Abandoned games never finish, so they are not here."""
        where = ["g.status = 'finished'"]
        values: list[Any] = []
        if not everywhere:
            values.append(guild_id)
            where.append(f"g.guild_id IS NOT DISTINCT FROM ${len(values)}::bigint")
        if game_type is not None:
            values.append(game_type)
            where.append(f"g.game_type = ${len(values)}")
        condition = " AND ".join(where)
        # The games and their seats as of one moment.
        async with self.transaction(isolation="repeatable_read", readonly=True) as db:
            games = await db.fetch(
                "SELECT g.id, g.game_type, g.guild_id, g.result, f.finished_at FROM finishes f"
                f" JOIN games g ON g.id = f.game_id WHERE {condition} ORDER BY f.seq", *values)
            seats = await db.fetch(
                "SELECT s.game_id, s.seat, s.user_id, s.former_user_id, s.name, s.former_name"
                f" FROM seats s JOIN games g ON g.id = s.game_id WHERE {condition}"
                " ORDER BY s.game_id, s.seat", *values)
        return finished(games, seats)

    # -- followers ---------------------------------------------------------------

    async def follow_game(self, game_id: int, user_id: int, language: str, *, most: int) -> str:
        """Follow a game: FOLLOWING, or ALREADY_FOLLOWING, or TOO_MANY when the member already
        follows ``most`` games that have not ended. Their first DM tells what happens from now."""
        async with self.transaction() as db:
            # The member's follows are counted and added with no other follow of theirs in
            # between (two at once could both find room for one), and no move of the game
            # commits meanwhile (the first DM covers what comes after the last item read here).
            await db.execute("SELECT pg_advisory_xact_lock(hashtextextended("
                             "'follows:' || ($1::bigint)::text, 0))", user_id)
            await lock_game(db, game_id)
            if await db.fetchval("SELECT 1 FROM follows WHERE game_id = $1 AND user_id = $2",
                                 game_id, user_id):
                return ALREADY_FOLLOWING
            following = await db.fetchval(
                "SELECT COUNT(*) FROM follows f JOIN games g ON g.id = f.game_id"
                " WHERE f.user_id = $1 AND g.status IN ('lobby', 'running')", user_id)
            if following >= most:
                return TOO_MANY
            await db.execute(
                "INSERT INTO follows (game_id, user_id, language, told_through, created_at)"
                " VALUES ($1, $2, $3, (SELECT COALESCE(MAX(id), 0) FROM outbox"
                "  WHERE game_id = $1 AND kind = 'thread'), $4)",
                game_id, user_id, language, time.time())
        return FOLLOWING

    async def unfollow_game(self, game_id: int, user_id: int) -> bool:
        """Stop following; False when the member did not follow the game."""
        status = await self._pool.execute("DELETE FROM follows WHERE game_id = $1 AND user_id = $2",
                                          game_id, user_id)
        return status == "DELETE 1"

    async def followed_games(self, user_id: int) -> list[int]:
        """The games a member follows that have not ended, oldest first."""
        rows = await self._pool.fetch(
            "SELECT f.game_id FROM follows f JOIN games g ON g.id = f.game_id"
            " WHERE f.user_id = $1 AND g.status IN ('lobby', 'running') ORDER BY f.game_id",
            user_id)
        return [row[0] for row in rows]

    async def followers_behind(self, game_id: int, through: int) -> list[Follower]:
        """The game's followers whose DMs have not covered its thread items up to ``through``,
        leaving out any who now hold a seat in it (a player hears from the game anyway)."""
        rows = await self._pool.fetch(
            "SELECT f.user_id, f.language, f.told_through FROM follows f WHERE f.game_id = $1"
            " AND f.told_through < $2 AND NOT EXISTS (SELECT 1 FROM seats s"
            "  WHERE s.game_id = f.game_id AND s.user_id = f.user_id) ORDER BY f.user_id",
            game_id, through)
        return [Follower(row["user_id"], row["language"], row["told_through"]) for row in rows]

    async def thread_items(self, game_id: int, after: int,
                           through: int) -> list[tuple[int, dict[str, Any]]]:
        """The game's thread items after outbox id ``after`` up to ``through``: (id, payload)."""
        rows = await self._pool.fetch(
            "SELECT id, payload FROM outbox"
            " WHERE game_id = $1 AND kind = 'thread' AND id > $2 AND id <= $3 ORDER BY id",
            game_id, after, through)
        return [(row["id"], json.loads(row["payload"])) for row in rows]

    async def last_thread_item(self, game_id: int) -> int:
        return await self._pool.fetchval(
            "SELECT COALESCE(MAX(id), 0) FROM outbox WHERE game_id = $1 AND kind = 'thread'",
            game_id)

    async def add_follow_dms(self, game_id: int, through: int,
                             dms: Iterable[tuple[Follower, dict[str, Any]]], *, last: bool) -> int:
        """Queue followers' DMs covering the game's thread items up to ``through``, each only if
        no other delivery covered them first; ``last``: the game has ended, so it is followed
        no more. Returns how many were queued."""
        queued = 0
        now = time.time()
        async with self.transaction() as db:
            await lock_game(db, game_id)
            for follower, payload in dms:
                # Of two processes covering the same items, the second finds told_through moved.
                status = await db.execute(
                    "UPDATE follows SET told_through = $1 WHERE game_id = $2 AND user_id = $3"
                    " AND told_through = $4",
                    through, game_id, follower.user_id, follower.told_through)
                if status == "UPDATE 1":
                    await db.execute("INSERT INTO outbox (game_id, kind, payload, created_at)"
                                     " VALUES ($1, 'follow', $2, $3)",
                                     game_id, dumps(payload), now)
                    queued += 1
            if last:
                await db.execute("DELETE FROM follows WHERE game_id = $1", game_id)
            if queued:
                await db.execute("SELECT pg_notify($1, '')", WAKE_CHANNEL)
        return queued
