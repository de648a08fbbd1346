"""Bot-only stretches are paced (issue 26, point 3): when the last member leaves a running game,
its bots make one move and then one per BOT_PACE_SECONDS, each by a countdown like a turn's,
instead of the whole game inside the command that left it; a restart does not hurry them, and
a member who takes a seat back finds play going on as usual."""
from __future__ import annotations

import pytest

from bot.delivery.countdowns import Timers
from bot.games import registry
from bot.table.clock import BOT_PACE_SECONDS, BOTS_KEY
from bot.table.service import Member, Tables
from tests.toy_game import GAME_ID

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store_kind():
    """These tests are about the table service, not the store: SQLite alone is enough."""
    return "sqlite"


async def test_the_last_member_leaving_starts_paced_bot_moves(store):
    clock = Clock()
    tables = Tables(store, clock=clock)
    timers = Timers(tables, clock=clock)
    table = await tables.create(GAME_ID, ANN, {"clock": 0})
    await tables.join(table.id, BEN)
    table = await tables.start(table.id, ANN)
    await tables.act(table.id, ANN, "add:1")
    await tables.hand_to_bot(table.id, BEN)  # Ben's seat is a bot's: it answers at once
    version = (await tables.table(table.id)).record.version
    await tables.hand_to_bot(table.id, ANN)  # the last member leaves
    after = await tables.table(table.id)
    assert after.record.version == version + 1, "one bot move, not the whole game"
    assert (await store.timers(table.id))[BOTS_KEY][0] == clock.now + BOT_PACE_SECONDS
    assert await tables.resume() == 0, "a restart does not hurry a paced game"

    clock.now += BOT_PACE_SECONDS - 1
    assert await timers.fire_due() == 0
    clock.now += 1
    assert await timers.fire_due() == 1
    assert (await tables.table(table.id)).record.version == version + 2

    await tables.rejoin(table.id, ANN)  # she is back: her seat waits on her, her bot partner moves
    clock.now += BOT_PACE_SECONDS
    await timers.fire_due()
    back = await tables.table(table.id)
    assert BOTS_KEY not in await store.timers(table.id)
    assert back.record.status == "finished" or 0 in registry.game(GAME_ID).pending(back.state)


async def test_a_bot_only_game_plays_to_its_end_one_paced_move_at_a_time(store):
    clock = Clock()
    tables = Tables(store, clock=clock)
    timers = Timers(tables, clock=clock)
    table = await tables.create(GAME_ID, ANN, {"clock": 0})
    await tables.add_bot(table.id, ANN)
    table = await tables.start(table.id, ANN)
    await tables.hand_to_bot(table.id, ANN)
    versions = [(await tables.table(table.id)).record.version]
    while (await tables.table(table.id)).record.status == "running":
        clock.now += BOT_PACE_SECONDS
        assert await timers.fire_due() == 1
        versions.append((await tables.table(table.id)).record.version)
        assert len(versions) < 40
    assert versions == list(range(versions[0], versions[0] + len(versions))), "one move a countdown"
    assert await store.timers(table.id) == {}
