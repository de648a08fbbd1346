"""Persistence: SQLite through aiosqlite (the embedded default) or PostgreSQL through asyncpg
(several processes sharing one database), behind one interface."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .sqlite import GameRecord, OutboxItem, SeatRecord, Store, Vitals

if TYPE_CHECKING:
    from .postgres import PostgresStore

__all__ = ["GameRecord", "OutboxItem", "SeatRecord", "Store", "Vitals", "is_postgres_url", "open_store"]


def is_postgres_url(database: str | Path) -> bool:
    return isinstance(database, str) and database.startswith(("postgresql://", "postgres://"))


async def open_store(database: str | Path) -> Store | PostgresStore:
    """The store a database setting names: a ``postgresql://`` (or ``postgres://``) URL opens
    the PostgreSQL store, anything else is the path of an SQLite file."""
    if is_postgres_url(database):
        from .postgres import PostgresStore  # asyncpg is loaded only by those who use it

        return await PostgresStore.open(str(database))
    return await Store.open(database)
