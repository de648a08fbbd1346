"""A move decided on the game as this process last wrote it (``Tables.act`` without a read):
one round trip when nothing changed, and the same outcome as a move read afresh when
something did: another process's move, a seat handed over or taken back, DMs found closed.
Two table services on one database stand for two processes; each test runs on both stores."""
from __future__ import annotations

import inspect

import pytest

from bot.table.service import Member, TableError, Tables
from tests.postgres import open_test_store
from tests.toy_game import GAME_ID

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")


@pytest.fixture
async def two(store_kind, tmp_path):
    """Two processes' table services on one database."""
    stores = [await open_test_store(store_kind, tmp_path) for _ in range(2)]
    yield [Tables(store, autoplay_bots=False) for store in stores]
    for store in stores:
        await store.close()


class Asked:
    """What a table service asks of its store: the names of the store's methods called."""

    def __init__(self, tables: Tables) -> None:
        self.names: list[str] = []
        store = tables.store
        for name in dir(store):
            method = getattr(store, name)
            if not name.startswith("_") and inspect.iscoroutinefunction(method):
                setattr(store, name, self._counted(name, method))

    def _counted(self, name, method):
        async def counted(*args, **kwargs):
            self.names.append(name)
            return await method(*args, **kwargs)

        return counted


async def started(tables: Tables):
    table = await tables.create(GAME_ID, ANN)
    await tables.join(table.id, BEN)
    return await tables.start(table.id, ANN)


async def test_a_move_after_this_process_made_the_last_is_its_commit_alone(two):
    a, _ = two
    table = await started(a)
    await a.act(table.id, ANN, "add:1")
    asked = Asked(a)
    moved = await a.act(table.id, BEN, "add:2")
    moved = await a.act(table.id, ANN, "add:3")
    assert asked.names == ["commit", "commit"]  # one round trip a move
    assert moved.record.version == 4 and moved.record.state["total"] == 6
    read = await a.table(table.id)
    assert (moved.record, moved.seats) == (read.record, read.seats)  # what it kept is what a read finds


async def test_a_move_made_by_another_process_in_between_is_seen(two):
    a, b = two
    table = await started(a)
    await a.act(table.id, ANN, "add:1")  # a keeps the game at Ben's turn
    await b.act(table.id, BEN, "add:2")  # b makes it Ann's turn
    # a's kept game says it is Ben's turn, not Ann's: read again, Ann's move is made.
    moved = await a.act(table.id, ANN, "add:3")
    assert moved.record.state["total"] == 6 and moved.record.version == 4
    assert [action for _, action in await a.store.actions(table.id)] == ["add:1", "add:2", "add:3"]
    # And a move refused on the game as it is now stays refused: b makes it Ann's turn, and
    # a, which kept Ben to move, reads again and refuses Ben.
    await b.act(table.id, BEN, "add:1")
    with pytest.raises(TableError, match="not your turn"):
        await a.act(table.id, BEN, "add:1")
    assert len(await a.store.actions(table.id)) == 4


async def test_a_move_beaten_to_its_commit_by_another_process_is_made_on_the_new_game(two):
    a, b = two
    table = await started(a)
    await a.act(table.id, ANN, "add:1")
    await b.act(table.id, BEN, "add:2")
    await b.act(table.id, ANN, "add:3")
    # a keeps version 2 (Ben to move); the game is at version 4, Ben to move again. Ben's move
    # decided on a's version 2 loses its commit and is made on version 4: once.
    moved = await a.act(table.id, BEN, "add:1")
    assert moved.record.version == 5 and moved.record.state["total"] == 7
    assert [action for _, action in await a.store.actions(table.id)] == ["add:1", "add:2", "add:3", "add:1"]


async def test_a_seat_handed_to_a_bot_elsewhere_is_no_longer_its_players(two):
    a, b = two
    table = await started(a)
    await a.act(table.id, ANN, "add:1")  # a keeps Ben in seat 1, to move
    await b.hand_to_bot(table.id, BEN)
    with pytest.raises(TableError, match="not playing"):
        await a.act(table.id, BEN, "add:2")
    now = await a.table(table.id)
    assert now.seats[1].is_bot and now.record.version == 2


async def test_a_seat_taken_back_elsewhere_is_named_as_it_is_now(two):
    a, b = two
    table = await started(a)
    await a.act(table.id, ANN, "add:1")
    await a.hand_to_bot(table.id, BEN)  # a bot holds seat 1; a keeps that
    await b.rejoin(table.id, Member(BEN.id, "Benjamin"))
    moved = await a.act(table.id, Member(BEN.id, "Benjamin"), "add:2")
    assert moved.seats[1].name == "Benjamin" and not moved.seats[1].is_bot
    thread = [payload for _, kind, payload in await _items(a, table.id) if kind == "thread"]
    assert "**Benjamin** added 2" in thread[-1]["text"]


async def _items(tables: Tables, game_id: int):
    return [(item.id, item.kind, item.payload) for item in await tables.store.unsent()
            if item.game_id == game_id]


async def test_a_seat_change_without_a_move_refuses_a_commit_decided_before_it(store_kind, tmp_path):
    """The store's own guard: a commit names the seats' version it was decided on."""
    store = await open_test_store(store_kind, tmp_path)
    try:
        tables = Tables(store, autoplay_bots=False)
        table = await started(tables)
        before = (await tables.table(table.id)).record
        assert before.seats_version == 0
        assert not await store.set_dm_ok(table.id, 1, True)  # no change: not counted
        assert await store.set_dm_ok(table.id, 1, False)
        after = (await tables.table(table.id)).record
        assert after.seats_version == 1 and after.version == before.version
        written = {"status": "running", "state": before.state, "action": (0, "add:1", ANN.id)}
        assert not await store.commit(table.id, before.version, seats_version=before.seats_version, **written)
        assert await store.actions(table.id) == []
        assert await store.commit(table.id, before.version, seats_version=after.seats_version, **written)
        await tables.hand_to_bot(table.id, BEN)
        await tables.rejoin(table.id, BEN)
        assert (await tables.table(table.id)).record.seats_version == 3
    finally:
        await store.close()
