"""Bot-only games wind down (issue 35, part 4): once every member has left a running game, its
bots play on, paced, for BOTS_ALONE_SECONDS, and then it ends as abandoned, counting for
nobody, with one line in its thread; a member who takes a seat back in time finds it going on,
and the hour starts afresh the next time nobody is left."""
from __future__ import annotations

import pytest

from bot.delivery.countdowns import Timers
from bot.table import clock as timers
from bot.table.model import Member
from bot.table.service import Tables
from tests.toy_game import GAME_ID

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")
#: Paced moves before the game ends: fewer than the toy game needs to reach 21 by itself.
MOVES_ALONE = 3
LEFT = ("Every seat is played by a bot now. The game goes on by itself for 3 minutes; unless a player "
        "takes their seat back with `/game rejoin` by then, it ends as abandoned and counts for nobody.")
ENDED = ("🤖 Only bots have played this game for 3 minutes, with no player left to watch, so it ends here "
         "as abandoned; it counts for nobody.")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store_kind():
    """About the table service and its countdowns, not the store: SQLite alone is enough."""
    return "sqlite"


@pytest.fixture(autouse=True)
def a_short_wait(monkeypatch):
    monkeypatch.setattr(timers, "BOTS_ALONE_SECONDS", MOVES_ALONE * timers.BOT_PACE_SECONDS)


async def left_to_bots(store, clock: Clock) -> tuple[Tables, Timers, int]:
    tables = Tables(store, clock=clock)
    table = await tables.create(GAME_ID, ANN, {"clock": 0}, seed=1)
    await tables.join(table.id, BEN)
    await tables.start(table.id, ANN)
    await tables.hand_to_bot(table.id, BEN)
    await tables.hand_to_bot(table.id, ANN)  # the last member leaves
    return tables, Timers(tables, clock=clock), table.id


async def thread_lines(store, game_id: int) -> list[str]:
    return [item.payload["text"] for item in await store.unsent() if item.game_id == game_id
            and item.kind == "thread" and item.payload.get("text")]


async def test_a_game_nobody_is_left_in_ends_as_abandoned(store):
    clock = Clock()
    tables, countdowns, game_id = await left_to_bots(store, clock)
    left_at, moves = clock.now, len(await tables.log(game_id))
    assert any(LEFT in line for line in await thread_lines(store, game_id)), "the thread is told"
    assert (await store.timers(game_id))[timers.ALONE_KEY][0] == left_at + timers.BOTS_ALONE_SECONDS
    while (table := await tables.table(game_id)).record.status == "running":
        assert clock.now < left_at + timers.BOTS_ALONE_SECONDS
        clock.now += timers.BOT_PACE_SECONDS
        await countdowns.fire_due()
    assert clock.now == left_at + timers.BOTS_ALONE_SECONDS
    assert table.record.status == "abandoned" and table.record.result is None, "counted for nobody"
    assert len(await tables.log(game_id)) - moves <= MOVES_ALONE, "a paced move a minute until then, no more"
    assert (await thread_lines(store, game_id))[-1] == ENDED
    assert await store.timers(game_id) == {}
    assert await store.finished_games(everywhere=True) == []


async def test_a_member_back_in_time_keeps_the_game_going(store):
    clock = Clock()
    tables, countdowns, game_id = await left_to_bots(store, clock)
    clock.now += timers.BOTS_ALONE_SECONDS - timers.BOT_PACE_SECONDS
    await countdowns.fire_due()
    await tables.rejoin(game_id, ANN)  # back before the hour is out
    clock.now += timers.BOT_PACE_SECONDS
    await countdowns.fire_due()
    table = await tables.table(game_id)
    assert table.record.status in ("running", "finished") and timers.ALONE_KEY not in await store.timers(game_id)
    if table.record.status == "running":  # she leaves again: a fresh hour from her leaving
        await tables.hand_to_bot(game_id, ANN)
        due = (await store.timers(game_id)).get(timers.ALONE_KEY)
        assert due is None or due[0] == clock.now + timers.BOTS_ALONE_SECONDS
