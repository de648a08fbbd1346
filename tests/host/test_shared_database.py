"""Several processes on one PostgreSQL database (issue 12): each is a store of its own (its
own pool of connections), as two bot processes are. Whatever they do at the same moment, a
move is made once, a deadline fires once, a clock warns once, a reminder is queued once, and
each process sends only the outbox of its shards' games."""
from __future__ import annotations

import asyncio
import time

import pytest

from bot.delivery.countdowns import Timers
from bot.delivery.reminders import Reminders
from bot.engine import SYSTEM_SEAT
from bot.store.shards import Shards, shard_of
from bot.table.service import Member, TableError, Tables
from tests.decisions_game import GAME_ID
from tests.postgres import open_test_store

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")
HOUR = 3600.0


class Clock:
    """Now, turned by hand (from the real time: the store dates a game's last move itself)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def two(tmp_path, postgres_cluster):
    """Two processes' table services on one database, sharing a clock turned by hand."""
    clock = Clock()
    stores = [await open_test_store("postgresql", tmp_path) for _ in range(2)]
    yield [Tables(store, clock=clock, autoplay_bots=False) for store in stores], clock
    for store in stores:
        await store.close()


async def auction(tables: Tables, guild_id: int | None = None, **options):
    table = await tables.create(GAME_ID, ANN, options, guild_id=guild_id)
    await tables.join(table.id, BEN)
    table = await tables.start(table.id, ANN)
    await tables.act(table.id, ANN, "pick:0")
    return await tables.act(table.id, ANN, "skip")


async def test_the_same_move_from_two_processes_is_made_once(two):
    (a, b), _ = two
    table = await auction(a, auction_seconds=60)
    made = await asyncio.gather(a.act(table.id, BEN, "bid:5"), b.act(table.id, BEN, "bid:7"),
                                return_exceptions=True)
    # The later one is refused: beaten to the commit (StaleMove), or it read the game after
    # the first was made (Ben has bid already).
    refused = [result for result in made if isinstance(result, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], TableError)
    bids = [action for seat, action in await a.store.actions(table.id) if action.startswith("bid:")]
    assert len(bids) == 1


async def test_a_deadline_and_a_clock_fire_once_whichever_process_looks(two):
    (a, b), clock = two
    table = await auction(a, auction_seconds=60, clock=12)
    clock.now += 2 * HOUR  # the auction's hour is up
    fired = await asyncio.gather(Timers(a, clock=clock).fire_due(), Timers(b, clock=clock).fire_due())
    assert sum(fired) >= 1
    system = [action for seat, action in await a.store.actions(table.id) if seat == SYSTEM_SEAT]
    assert system == ["auction:close"]
    clock.now += 10 * HOUR  # less than a quarter of the next decision's 12 hours is left: one warning
    warned = await asyncio.gather(Timers(a, clock=clock).fire_due(), Timers(b, clock=clock).fire_due())
    assert sorted(warned) == [0, 1]
    lines = await a.store.public_log(table.id, limit=50)
    assert len([line for line in lines if "left on" in line and "clock" in line]) == 1


async def test_a_reminder_is_queued_once_whichever_process_looks(two):
    (a, b), clock = two
    table = await auction(a, auction_seconds=3600)
    clock.now += 13 * HOUR
    reminded = await asyncio.gather(Reminders(a, idle_hours=12, clock=clock).remind_idle(),
                                    Reminders(b, idle_hours=12, clock=clock).remind_idle())
    assert sorted(reminded) == [0, 1]
    lines = await a.store.public_log(table.id, limit=50)
    assert len([line for line in lines if line.startswith("⏰ Reminder")]) == 1


async def test_each_process_sends_the_outbox_of_its_own_shards_and_hears_the_others(two):
    (a, b), _ = two
    guilds = {shard: (shard << 22) | 7 for shard in range(2)}
    assert [shard_of(guilds[s], 2) for s in (0, 1)] == [0, 1]
    woken = asyncio.Event()
    await b.store.listen(woken.set)
    first = await auction(a, guilds[0], auction_seconds=60)
    second = await auction(a, guilds[1], auction_seconds=60)
    await asyncio.wait_for(woken.wait(), 5)  # b heard a's commits: its dispatcher would look
    mine_a, mine_b = Shards(2, frozenset({0})), Shards(2, frozenset({1}))
    assert {i.game_id for i in await a.store.unsent(shards=mine_a)} == {first.id}
    assert {i.game_id for i in await b.store.unsent(shards=mine_b)} == {second.id}
