"""The store's side of statistics, leaderboards and followers (see V11__community.sql).

A mixin of ``Store``: it uses the store's connection and transactions. Whose a seat is: the
member holding it when the game ended, or, for a seat a bot took over, the member who held it
before (leaving a game does not take a loss off the record).
"""
from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any, TypeVar

import aiosqlite

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
    SQLITE_ID_TEXT,
    STANDINGS_TABLES,
    ahead_of,
    ahead_values,
    board_entries,
    board_top,
    loaded,
    loads,
    member_tally,
    ranks,
    writes,
)

T = TypeVar("T")

TOP = board_top(SQLITE_ID_TEXT)
AHEAD = ahead_of(SQLITE_ID_TEXT)


def record_finish(db: sqlite3.Connection, game_id: int) -> None:
    """In the transaction of the move that finished the game: add it to the standings."""
    row = db.execute(f"{FINISHED} WHERE g.id = ?", (game_id,)).fetchone()
    if not ranks(row):
        return
    seats = db.execute(f"{FINISHED_SEATS} WHERE s.game_id = ? ORDER BY s.seat", (game_id,)).fetchall()
    game = finished([row], seats)[0]
    standings = loaded(*(db.execute(sql, values).fetchall() for sql, values in loads(game)))
    standings.add(game, row["seq"])
    _write(db, standings)


def backfill(db: sqlite3.Connection) -> None:
    """In the migration's transaction (V14): the standings made afresh from every game
    already finished, added in finishing order, as each game's last move adds it from now on."""
    for table in STANDINGS_TABLES:
        db.execute(f"DELETE FROM {table}")
    games = db.execute(f"{FINISHED} WHERE g.status = 'finished' ORDER BY f.seq").fetchall()
    seats = db.execute(f"{FINISHED_SEATS} JOIN games g ON g.id = s.game_id"
                       " WHERE g.status = 'finished' ORDER BY s.game_id, s.seat").fetchall()
    standings = Standings()
    for row, game in zip(games, finished(games, seats)):
        if ranks(row):
            standings.add(game, row["seq"])
    _write(db, standings)


def _write(db: sqlite3.Connection, standings: Standings) -> None:
    for sql, rows in writes(standings):
        db.executemany(sql, rows)


def _read_apart(path: str, work: Callable[[sqlite3.Connection], T]) -> T:
    """``work`` on a connection of its own to the database at ``path``, in one snapshot (WAL:
    beside the store's writes, never waiting for them)."""
    db = sqlite3.connect(path, timeout=5.0, isolation_level=None)
    try:
        db.execute("BEGIN")
        try:
            return work(db)
        finally:
            db.execute("COMMIT")
    finally:
        db.close()


class SQLiteCommunity:
    """Finished games by server and title, and members following games (a mixin of ``Store``)."""

    # The Store's own:
    _db: aiosqlite.Connection
    _lock: asyncio.Lock
    transaction: Callable[[], AbstractAsyncContextManager[aiosqlite.Connection]]
    _run: Callable[[Callable[[sqlite3.Connection], Any]], Awaitable[Any]]
    #: The database's file, for reads apart from the store's connection ("" in memory).
    _community_file: str | None = None

    # -- standings (V14, V18): read by key and rank index, outside the lock moves take --

    async def member_tally(self, member_id: int, scope: int) -> MemberTally | None:
        """A member's record in ``scope`` (``bot/store/standings.py``), read by its key:
        None when they finished no game there. Never waits on a move."""

        def read(db: sqlite3.Connection) -> MemberTally | None:
            record = db.execute(MEMBER_RECORD, (scope, member_id)).fetchone()
            titles = db.execute(MEMBER_TITLES, (scope, member_id)).fetchall() if record else []
            return member_tally(member_id, record, titles)

        return await self._run(read)  # one trip: no commit falls between the two reads

    async def board(self, scope: int, game_type: str, top: int) -> tuple[int, list[BoardEntry]]:
        """A leaderboard as kept (``game_type`` "" for every title): the finished games it
        counts, and its ``top`` best members, read in order from the ratings' rank index (V18).
        Never waits on a move."""

        def read(db: sqlite3.Connection) -> tuple[int, list[BoardEntry]]:
            games = db.execute(BOARD_GAMES, (scope, game_type)).fetchone()
            return (games[0] if games else 0), board_entries(db.execute(TOP, (scope, game_type, top)))

        return await self._apart(read)  # a row by key and the index's first ``top``

    async def board_place(self, scope: int, game_type: str, member_id: int) -> BoardPlace | None:
        """A member's place on a leaderboard, counted on the rank index, with how many members
        it rates; None when it does not rate them. Never waits on a move, nor holds one up."""

        def read(db: sqlite3.Connection) -> BoardPlace | None:
            found = board_entries(db.execute(BOARD_ENTRY, (scope, game_type, member_id)))
            if not found:
                return None
            ahead = db.execute(AHEAD, ahead_values(scope, game_type, found[0])).fetchone()[0]
            rated = db.execute(BOARD_RATED, (scope, game_type)).fetchone()[0]
            return BoardPlace(1 + ahead, rated, found[0])

        return await self._apart(read)

    async def _apart(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` in one read transaction on a connection and a thread of its own: what the
        leaderboards read (an index's first rows, a band's count) stays off the store's one
        thread, which every move's commit goes through. An in-memory database has no second
        connection: there, the store's own."""
        path = self._community_file
        if path is None:
            rows = await self._run(lambda db: db.execute("PRAGMA database_list").fetchall())
            path = self._community_file = next((row[2] for row in rows if row[1] == "main"), "")
        if not path:
            return await self._run(work)
        return await asyncio.to_thread(_read_apart, path, work)

    # -- finished games --------------------------------------------------------

    async def finished_games(self, guild_id: int | None = None, *, everywhere: bool = False,
                             game_type: str | None = None) -> list[FinishedGame]:
        """A server's finished games (every server's with ``everywhere``), of one title if
        given, in the order they finished. Abandoned games never finish, so they are not here."""
        where = ["g.status = 'finished'"]
        values: list[Any] = []
        if not everywhere:
            where.append("g.guild_id IS ?")
            values.append(guild_id)
        if game_type is not None:
            where.append("g.game_type = ?")
            values.append(game_type)
        condition = " AND ".join(where)
        async with self._lock:  # the games and their seats as of one moment
            games = await (await self._db.execute(
                "SELECT g.id, g.game_type, g.guild_id, g.result, f.finished_at FROM finishes f"
                f" JOIN games g ON g.id = f.game_id WHERE {condition} ORDER BY f.seq", values)).fetchall()
            seats = await (await self._db.execute(
                "SELECT s.game_id, s.seat, s.user_id, s.former_user_id, s.name, s.former_name"
                f" FROM seats s JOIN games g ON g.id = s.game_id WHERE {condition}"
                " ORDER BY s.game_id, s.seat", values)).fetchall()
        return finished(games, seats)

    # -- followers ---------------------------------------------------------------

    async def follow_game(self, game_id: int, user_id: int, language: str, *, most: int) -> str:
        """Follow a game: FOLLOWING, or ALREADY_FOLLOWING, or TOO_MANY when the member already
        follows ``most`` games that have not ended. Their first DM tells what happens from now."""
        async with self.transaction() as db:
            if await (await db.execute("SELECT 1 FROM follows WHERE game_id = ? AND user_id = ?",
                                       (game_id, user_id))).fetchone():
                return ALREADY_FOLLOWING
            row = await (await db.execute(
                "SELECT COUNT(*) FROM follows f JOIN games g ON g.id = f.game_id"
                " WHERE f.user_id = ? AND g.status IN ('lobby', 'running')", (user_id,))).fetchone()
            assert row is not None  # a count has its row
            if row[0] >= most:
                return TOO_MANY
            await db.execute(
                "INSERT INTO follows (game_id, user_id, language, told_through, created_at)"
                " VALUES (?, ?, ?, (SELECT COALESCE(MAX(id), 0) FROM outbox"
                "  WHERE game_id = ? AND kind = 'thread'), ?)",
                (game_id, user_id, language, game_id, time.time()))
        return FOLLOWING

    async def unfollow_game(self, game_id: int, user_id: int) -> bool:
        """Stop following; False when the member did not follow the game."""
        async with self.transaction() as db:
            cursor = await db.execute("DELETE FROM follows WHERE game_id = ? AND user_id = ?",
                                      (game_id, user_id))
            return cursor.rowcount == 1

    async def followed_games(self, user_id: int) -> list[int]:
        """The games a member follows that have not ended, oldest first."""
        cursor = await self._db.execute(
            "SELECT f.game_id FROM follows f JOIN games g ON g.id = f.game_id"
            " WHERE f.user_id = ? AND g.status IN ('lobby', 'running') ORDER BY f.game_id", (user_id,))
        return [row[0] for row in await cursor.fetchall()]

    async def followers_behind(self, game_id: int, through: int) -> list[Follower]:
        """The game's followers whose DMs have not covered its thread items up to ``through``,
        leaving out any who now hold a seat in it (a player hears from the game anyway)."""
        cursor = await self._db.execute(
            "SELECT f.user_id, f.language, f.told_through FROM follows f WHERE f.game_id = ?"
            " AND f.told_through < ? AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = f.game_id"
            " AND s.user_id = f.user_id) ORDER BY f.user_id", (game_id, through))
        return [Follower(row["user_id"], row["language"], row["told_through"])
                for row in await cursor.fetchall()]

    async def thread_items(self, game_id: int, after: int, through: int) -> list[tuple[int, dict[str, Any]]]:
        """The game's thread items after outbox id ``after`` up to ``through``: (id, payload)."""
        cursor = await self._db.execute(
            "SELECT id, payload FROM outbox WHERE game_id = ? AND kind = 'thread' AND id > ? AND id <= ?"
            " ORDER BY id", (game_id, after, through))
        return [(row["id"], json.loads(row["payload"])) for row in await cursor.fetchall()]

    async def last_thread_item(self, game_id: int) -> int:
        row = await (await self._db.execute(
            "SELECT COALESCE(MAX(id), 0) FROM outbox WHERE game_id = ? AND kind = 'thread'",
            (game_id,))).fetchone()
        assert row is not None  # an aggregate has its row
        return row[0]

    async def add_follow_dms(self, game_id: int, through: int,
                             dms: Iterable[tuple[Follower, dict[str, Any]]], *, last: bool) -> int:
        """Queue followers' DMs covering the game's thread items up to ``through``, each only if
        no other delivery covered them first; ``last``: the game has ended, so it is followed
        no more. Returns how many were queued."""
        queued = 0
        now = time.time()
        async with self.transaction() as db:
            for follower, payload in dms:
                cursor = await db.execute(
                    "UPDATE follows SET told_through = ? WHERE game_id = ? AND user_id = ? AND told_through = ?",
                    (through, game_id, follower.user_id, follower.told_through))
                if cursor.rowcount == 1:
                    await db.execute("INSERT INTO outbox (game_id, kind, payload, created_at) VALUES (?, 'follow', ?, ?)",
                                     (game_id, dumps(payload), now))
                    queued += 1
            if last:
                await db.execute("DELETE FROM follows WHERE game_id = ?", (game_id,))
        return queued

