"""A start resumes the running games by id, one at a time, in the background: it reads no
finished game, and its memory does not grow with the games that are over."""
from __future__ import annotations

import sqlite3
import tracemalloc

import pytest

from bot.store import SQLiteStore
from bot.table.service import Member, Tables
from tests import toy_game  # noqa: F401 - registers the toy game
from tests.toy_game import GAME_ID

HOST = Member(1, "Ann")


async def played(tables: Tables, *, finished: bool) -> int:
    """A toy game by bots, played to the end; or dealt with its bots not yet moved, and a
    member after them (a game only bots play is paced by its countdown, not moved at a start)."""
    table = await tables.create(GAME_ID, HOST, host_seated=False)
    for _ in range(2):
        await tables.add_bot(table.id, HOST)
    if not finished:
        await tables.join(table.id, Member(2, "Ben"))
    autoplay, tables.autoplay_bots = tables.autoplay_bots, finished
    await tables.start(table.id, HOST)
    tables.autoplay_bots = autoplay
    return table.id


def copy_game(path, game_id: int, copies: int) -> None:
    """``copies`` more games exactly like ``game_id`` (rows copied in SQL: fast)."""
    db = sqlite3.connect(path)
    with db:
        columns = ", ".join(row[1] for row in db.execute("PRAGMA table_info(games)") if row[1] != "id")
        db.executemany(f"INSERT INTO games ({columns}) SELECT {columns} FROM games WHERE id = ?",
                       [(game_id,)] * copies)
    db.close()


async def resumed(path) -> tuple[int, list[int], int]:
    """A fresh process's resume: moves made, games read, peak bytes allocated meanwhile."""
    store = await SQLiteStore.open(path)
    tables = Tables(store)
    read: list[int] = []
    reading = store.game_with_seats

    async def counted(game_id):
        read.append(game_id)
        return await reading(game_id)

    store.game_with_seats = counted
    tracemalloc.start()
    try:
        moves = await tables.resume()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        await store.close()
    return moves, read, peak


@pytest.fixture
async def database(tmp_path):
    """One running game whose bots are due, one finished game, and the path. (SQLite only:
    the games are copied in its file, ``copy_game``.)"""
    path = tmp_path / "games.sqlite"
    store = await SQLiteStore.open(path)
    tables = Tables(store)
    due = await played(tables, finished=False)
    over = await played(tables, finished=True)
    await store.close()
    return path, due, over


async def test_a_start_moves_the_bots_that_were_due_and_reads_no_finished_game(database):
    path, due, over = database
    copy_game(path, over, 200)
    moves, read, _ = await resumed(path)
    assert moves > 0 and read[0] == due, "the due bots moved"
    assert set(read) == {due}, "only the running game was read"
    store = await SQLiteStore.open(path)
    game = await store.game(due)
    assert game.status == "running" and game.state["turn"] == 2, "its bots moved, up to Ben's turn"
    assert await store.running_game_ids() == [due]
    await store.close()


async def test_memory_is_flat_in_the_number_of_finished_games(database):
    path, due, over = database
    await resumed(path)  # the due game's bots move up to its member's turn
    copy_game(path, over, 10)
    _, _, few = await resumed(path)
    copy_game(path, over, 3000)
    _, read, many = await resumed(path)
    assert read == [due], "only the running game was read"
    assert many < few + 64 * 1024, (few, many)
