"""The click journal: a click answered before its move is committed is recorded here first
(``cogs/clicks.py``), so a crash at any instant leaves the move, or the record of a click
whose member the next process tells to press again.

A record is written while the move's own write may be waiting (a slow disk, a busy
database, another writer holding SQLite's lock), and the answer must reach Discord within
3 seconds, so it never waits behind that write:

- SQLite: a file of its own beside the database (``<database>-clicks``), on a connection of
  its own. SQLite lets one writer at a time into a file, so a record in the database itself
  (even on a second connection) would wait for the very write it is meant to outlive. An
  SQLite database serves one process, so the file beside it is read by the next process to
  open that database.
- PostgreSQL: the database's ``deferred_clicks`` table (V15, V19), through a pool of its
  own: rows of their own table never wait on a game's row lock, and connections of their
  own never wait for the main pool's, all of which busy moves may hold. The table is shared,
  so whichever process starts, or takes a shard over, finds what a stopped one left.

Not in the move's own transaction: the answer goes out while that transaction is still
waiting, which is the very case a record is for.
"""
from __future__ import annotations

import asyncio
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiosqlite

from bot.store.base import DeferredClick

if TYPE_CHECKING:  # asyncpg is imported only where PostgreSQL is used (bot/store/__init__.py)
    import asyncpg

_COLUMNS = "interaction_id, token, game_id, user_id, version, holder, created_at, place, answered"

#: The journal file's one table (its ``user_version`` says which shape: 1).
_SQLITE_SCHEMA = """
CREATE TABLE IF NOT EXISTS clicks (
    interaction_id INTEGER PRIMARY KEY,
    token          TEXT    NOT NULL,   -- the interaction's, for a follow-up (15 minutes)
    game_id        INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    version        INTEGER NOT NULL,   -- what the clicked control was drawn at
    holder         TEXT    NOT NULL,   -- the process that took it (bot/delivery/leases.py)
    created_at     REAL    NOT NULL,
    place          TEXT    NOT NULL,   -- 'thread': a thread post; 'private': a DM or the panel
    answered       INTEGER NOT NULL DEFAULT 0  -- Discord had its answer (else: maybe not)
)
"""


def journal_path(database: str | Path) -> str:
    """Where an SQLite database's click journal is: beside it, or in memory with it."""
    return ":memory:" if str(database) == ":memory:" else f"{database}-clicks"


def _click(row: Any) -> DeferredClick:
    return DeferredClick(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], bool(row[8]))


class SQLiteClicks:
    """The journal in a file of its own, on a connection of its own."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    @classmethod
    async def open(cls, path: str) -> SQLiteClicks:
        connection = await aiosqlite.connect(path, isolation_level=None)
        await connection.execute("PRAGMA journal_mode=WAL")
        await connection.execute("PRAGMA synchronous=FULL")  # durable before the click is answered
        await connection.execute("PRAGMA busy_timeout=5000")
        await connection.execute(_SQLITE_SCHEMA)
        await connection.execute("PRAGMA user_version=1")
        return cls(connection)

    async def close(self) -> None:
        await self._db.close()

    async def keep(self, click: DeferredClick) -> None:
        await self._db.execute(
            f"INSERT INTO clicks ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (interaction_id) DO NOTHING",
            (click.interaction_id, click.token, click.game_id, click.user_id, click.version, click.holder,
             click.created_at, click.place, int(click.answered)))

    async def answered(self, interaction_id: int) -> None:
        await self._db.execute("UPDATE clicks SET answered = 1 WHERE interaction_id = ?", (interaction_id,))

    async def forget(self, interaction_id: int) -> None:
        await self._db.execute("DELETE FROM clicks WHERE interaction_id = ?", (interaction_id,))

    async def holders(self) -> set[str]:
        cursor = await self._db.execute("SELECT DISTINCT holder FROM clicks")
        return {row[0] for row in await cursor.fetchall()}

    async def claim(self, holders: Iterable[str], before: float) -> list[DeferredClick]:
        holders = list(holders)
        if not holders:
            return []
        marks = ",".join("?" for _ in holders)
        cursor = await self._db.execute(
            f"DELETE FROM clicks WHERE holder IN ({marks}) AND created_at < ? RETURNING {_COLUMNS}",
            (*holders, before))
        return sorted(map(_click, await cursor.fetchall()), key=lambda click: click.created_at)


class PostgresClicks:
    """The journal in the shared database's ``deferred_clicks``, through connections of its own."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str) -> PostgresClicks:
        import asyncpg

        # One connection is kept open, so a record never waits for one to be made.
        return cls(await asyncpg.create_pool(url, min_size=1, max_size=2))

    async def close(self) -> None:
        await asyncio.wait_for(self._pool.close(), timeout=10)

    async def keep(self, click: DeferredClick) -> None:
        await self._pool.execute(
            f"INSERT INTO deferred_clicks ({_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
            " ON CONFLICT (interaction_id) DO NOTHING",
            click.interaction_id, click.token, click.game_id, click.user_id, click.version, click.holder,
            click.created_at, click.place, click.answered)

    async def answered(self, interaction_id: int) -> None:
        await self._pool.execute("UPDATE deferred_clicks SET answered = TRUE WHERE interaction_id = $1",
                                 interaction_id)

    async def forget(self, interaction_id: int) -> None:
        await self._pool.execute("DELETE FROM deferred_clicks WHERE interaction_id = $1", interaction_id)

    async def holders(self) -> set[str]:
        return {row[0] for row in await self._pool.fetch("SELECT DISTINCT holder FROM deferred_clicks")}

    async def claim(self, holders: Iterable[str], before: float) -> list[DeferredClick]:
        """Removed as they are read: of two processes claiming at once, one has each."""
        rows = await self._pool.fetch(
            f"DELETE FROM deferred_clicks WHERE holder = ANY($1::text[]) AND created_at < $2 RETURNING {_COLUMNS}",
            list(holders), before)
        return sorted(map(_click, rows), key=lambda click: click.created_at)
