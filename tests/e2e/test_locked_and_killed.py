"""A click answered while the database is write-locked, then the bot killed (issue 36): the
case where 4 clicks in 4 were lost without a word. Another writer holds the database's write
lock (SQLite's file lock; PostgreSQL's lock on the games table), so the move waits at its
commit; after 2 s the click is recorded in the click journal, which never waits behind that
lock, and answered (deferred). The bot is SIGKILLed right after answering, the lock let go,
the bot started again: the click is made, or its member is told to press again, once."""
from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator

import asyncpg
import pytest

from tests.discord_sim import SimMember

from .driver import Table, is_turn_post, move_controls, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

DEFERRED_UPDATE = 6  # Discord's interaction callback type: answered before the move is made


@contextlib.asynccontextmanager
async def write_locked(kind: str, database: str) -> AsyncIterator[None]:
    """The database write-locked by another connection while the block runs (a backup, an
    operator's script, another process's long write)."""
    if kind == "sqlite":
        lock = sqlite3.connect(database, isolation_level=None)
        lock.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            lock.execute("ROLLBACK")
            lock.close()
        return
    connection = await asyncpg.connect(database)
    try:
        async with connection.transaction():
            await connection.execute("LOCK TABLE games IN EXCLUSIVE MODE")  # every move's UPDATE waits
            yield
    finally:
        await connection.close()


async def rows(kind: str, database: str, sql: str, *args) -> list[tuple]:
    if kind == "sqlite":
        db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        try:
            return db.execute(sql.replace("$1", "?").replace("$2", "?"), args).fetchall()
        finally:
            db.close()
    connection = await asyncpg.connect(database)
    try:
        return [tuple(row) for row in await connection.fetch(sql, *args)]
    finally:
        await connection.close()


def words(table: Table, member: SimMember) -> int:
    """The words to press again the member got: a follow-up, a DM or a line naming them."""
    said = [m for m in [*member.dms, *member.ephemerals] if "was not made" in m.text]
    said += [m for m in table.thread.messages if "was not made" in m.text and f"**{member.name}**".lower()
             in m.text.lower()]
    return len(said)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_a_click_answered_while_the_database_is_locked_survives_a_kill(
        discord_sim, bot_process, db_path, alice, bob, kind, request):
    database = str(db_path)
    if kind == "postgresql":
        database = await request.getfixturevalue("postgres_cluster").create_database()
    process = await bot_process(db_path=database)
    thread, _ = await open_table(discord_sim, alice, [alice, bob])
    table = Table(discord_sim, thread, [alice, bob])
    post = await thread.wait_for_message(is_turn_post)
    member = table.pending(post)
    (version,), = await rows(kind, database, "SELECT version FROM games")
    async with write_locked(kind, database):
        _, response = await table.click(member, post, move_controls(post)[0])
        assert response.type == DEFERRED_UPDATE, "answered while the move waits on the lock"
        await process.kill()  # right after answering
    await process.start(commands=False)

    async def made() -> int:
        return len(await rows(kind, database, "SELECT 1 FROM actions WHERE move > $1 AND user_id = $2",
                              version, member.id))

    loop = asyncio.get_running_loop()
    deadline = loop.time() + discord_sim.default_timeout  # a ceiling, as the simulator's waits have
    while not (await made() or words(table, member)) and loop.time() < deadline:
        await asyncio.sleep(0.05)
    await discord_sim.settle(quiet=0.2)
    assert (await made(), words(table, member)) in ((1, 0), (0, 1)), "made, or told once"
