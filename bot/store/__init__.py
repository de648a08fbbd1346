"""Persistence: SQLite through aiosqlite (the embedded default) or PostgreSQL through asyncpg
(several processes sharing one database), behind one interface (``base.Store``)."""
from __future__ import annotations

from pathlib import Path

from bot.store.base import GameRecord, OutboxItem, PostRecord, SeatRecord, Store, Vitals
from bot.store.sqlite import SQLiteStore

__all__ = ["GameRecord", "OutboxItem", "PostRecord", "SQLiteStore", "SeatRecord", "Store", "Vitals", "is_postgres_url",
           "open_store"]


def is_postgres_url(database: str | Path) -> bool:
    return isinstance(database, str) and database.startswith(("postgresql://", "postgres://"))


async def open_store(database: str | Path) -> Store:
    """The store a database setting names: a ``postgresql://`` (or ``postgres://``) URL opens
    the PostgreSQL store, anything else is the path of an SQLite file."""
    if is_postgres_url(database):
        from bot.store.postgres import PostgresStore  # asyncpg is loaded only by those who use it

        return await PostgresStore.open(str(database))
    return await SQLiteStore.open(database)
