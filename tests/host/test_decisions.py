"""Decisions for asynchronous play, through the table service: amounts, subsets,
offers, deadlines that fire once (across restarts), the turn clock and /game rejoin.
The game is tests/decisions_game.py, which asks for each of them."""
from __future__ import annotations

import asyncio

import pytest

from bot.delivery.countdowns import Timers
from bot.engine import SYSTEM_SEAT, replay
from bot.table.service import Member, TableError, Tables
from tests import decisions_game
from tests.decisions_game import GAME_ID
from tests.postgres import open_test_store

ANN, BEN, CAT = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat")
HOUR = 3600.0


class Clock:
    """Time the test turns by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock():
    return Clock()


async def started(tables, *members, **options):
    options.setdefault("clock", 0)  # the game's own deadlines alone, unless a test asks for a turn clock
    table = await tables.create(GAME_ID, members[0], options)
    for member in members[1:]:
        await tables.join(table.id, member)
    return await tables.start(table.id, members[0])


async def to_auction(tables, table):
    """Ann picks a lot and makes no offer: everyone bids."""
    await tables.act(table.id, ANN, "pick:0")
    return await tables.act(table.id, ANN, "skip")


async def assert_replays(store, table):
    table_now = await store.game(table.id)
    log = await store.actions(table.id)
    players = len(await store.seats(table.id))
    assert replay(decisions_game.GAME, players, table_now.options, table_now.seed, log) == table_now.state


async def test_amounts_in_and_out_of_bounds(store, clock):
    tables = Tables(store, clock=clock)
    table = await to_auction(tables, await started(tables, ANN, BEN))
    for bad, why in (("bid:105", "in steps of"), ("bid:7", "in steps of"), ("bid:-5", "in steps of"),
                     ("bid:０", "in steps of"), ("bid:05", "in steps of"), ("bid:abc", "in steps of"),
                     ("bid:" + "9" * 600, "not one this game understands")):
        with pytest.raises(TableError, match=why):
            await tables.act(table.id, ANN, bad)
    assert (await tables.table(table.id)).record.version == table.record.version, "refusals change nothing"
    for good in ("bid:0", "bid:100"):  # the bounds themselves; a second bid is no longer offered
        table = await tables.act(table.id, ANN, good) if good == "bid:100" else table
    assert table.record.state["bids"] == {"0": 100}


async def test_subsets_of_each_size(store, clock):
    tables = Tables(store, clock=clock)
    table = await started(tables, ANN, BEN, CAT, rounds=3)
    choice = decisions_game.GAME.legal(table.record.state, 0)[0]
    assert len(choice.subset.options) == 30, "more options than one select holds"
    for bad in ("pick:", "pick:0,1,2,3", "pick:1,0", "pick:0,0", "pick:30", "pick:00"):
        with pytest.raises(TableError):
            await tables.act(table.id, ANN, bad)
    picked = {}
    for size, member in zip((1, 2, 3), (ANN, BEN, CAT)):
        seat = (await tables.table(table.id)).seat_of(member.id)
        state = (await tables.table(table.id)).record.state
        free = [v for v, _ in decisions_game.GAME.legal(state, seat)[0].subset.options][:size]
        table = await tables.act(table.id, member, choice.fill(free))
        picked[seat] = free
        table = await tables.act(table.id, member, "skip")
        for bidder in (ANN, BEN, CAT):
            table = await tables.act(table.id, bidder, "bid:0")
    owners = table.record.state["owner"]
    for seat, lots in picked.items():
        assert [owners[int(v)] for v in lots] == [seat] * len(lots)


async def test_an_offer_is_countered_then_accepted_and_only_the_outcome_is_public(store, clock):
    tables = Tables(store, clock=clock)
    table = await started(tables, ANN, BEN, rounds=2)
    # Ben needs a lot to be offered for: Ann picks, skips, bids; then Ben picks lot 30.
    table = await to_auction(tables, table)
    for member in (ANN, BEN):
        await tables.act(table.id, member, "bid:0")
    await tables.act(table.id, BEN, "pick:29")
    await tables.act(table.id, BEN, "skip")
    for member in (ANN, BEN):
        table = await tables.act(table.id, member, "bid:0")
    # Round two: Ann offers $20 for Ben's lot 30; Ben counters $60; Ann accepts.
    await tables.act(table.id, ANN, "pass")
    table = await tables.act(table.id, ANN, "offer:1:20")
    assert decisions_game.GAME.pending(table.record.state) == {1}
    with pytest.raises(TableError, match="not your turn"):
        await tables.act(table.id, ANN, "offer:accept")
    table = await tables.act(table.id, BEN, "offer:counter:60")
    assert decisions_game.GAME.pending(table.record.state) == {0}, "a counter swaps the roles"
    table = await tables.act(table.id, ANN, "offer:accept")
    state = table.record.state
    assert state["owner"][29] == 0 and state["money"] == [40, 160]
    public = " ".join(await store.public_log(table.id, limit=100))
    assert "accepts" in public and "$60" in public  # this game makes accepted terms public
    assert "$20" not in public and "counters" not in public, "the haggling stays private"
    await assert_replays(store, table)


async def test_an_offer_expires_at_its_deadline(store, clock):
    tables = Tables(store, clock=clock)
    timers = Timers(tables, clock=clock)
    table = await started(tables, ANN, BEN, rounds=2, offer_seconds=60)
    table = await to_auction(tables, table)
    for member in (ANN, BEN):
        await tables.act(table.id, member, "bid:0")
    await tables.act(table.id, BEN, "pick:3")
    await tables.act(table.id, BEN, "offer:0:5")
    clock.advance(59)
    assert await timers.fire_due() == 0, "not before its time"
    table = await tables.act(table.id, ANN, "offer:counter:9")  # a counter starts a new countdown
    clock.advance(59)
    assert await timers.fire_due() == 0
    clock.advance(2)
    assert await timers.fire_due() == 1
    table = await tables.table(table.id)
    assert table.record.state["phase"] == "auction" and table.record.state["offer"] is None
    assert (await store.actions(table.id))[-1] == (SYSTEM_SEAT, "offer:expire")
    assert await timers.fire_due() == 0 and await store.timers(table.id) == {
        "deadline:auction-3": (clock.now + 3600, None)}
    await assert_replays(store, table)


async def test_a_deadline_fires_once_across_a_kill_and_restart(store_kind, tmp_path, clock):
    store = await open_test_store(store_kind, tmp_path)
    tables = Tables(store, clock=clock)
    table = await to_auction(tables, await started(tables, ANN, BEN, auction_seconds=60))
    await tables.act(table.id, BEN, "bid:50")
    await store.close()  # the bot goes down with the auction open…
    clock.advance(3 * HOUR)  # …and stays down past its close
    store = await open_test_store(store_kind, tmp_path)
    tables = Tables(store, clock=clock)
    # Two processes (or a restart racing a late tick) look at once: one move is made.
    fired = await asyncio.gather(Timers(tables, clock=clock).fire_due(), Timers(tables, clock=clock).fire_due())
    assert sorted(fired) == [0, 1]
    assert await Timers(tables, clock=clock).fire_due() == 0
    table = await tables.table(table.id)
    assert table.record.state["log"] == [1], "Ben's bid won; Ann counted as bidding nothing"
    assert [a for a in await store.actions(table.id) if a[0] == SYSTEM_SEAT] == [(SYSTEM_SEAT, "auction:close")]
    await assert_replays(store, table)
    await store.close()


async def test_answering_in_time_cancels_the_deadline(store, clock):
    tables = Tables(store, clock=clock)
    table = await to_auction(tables, await started(tables, ANN, BEN, auction_seconds=60))
    assert list(await store.timers(table.id)) == ["deadline:auction-2"]
    await tables.act(table.id, ANN, "bid:5")
    await tables.act(table.id, BEN, "bid:5")
    assert await store.timers(table.id) == {}


async def test_the_turn_clock_warns_once_then_a_bot_moves_and_the_seat_is_kept(store, clock):
    tables = Tables(store, clock=clock)
    timers = Timers(tables, clock=clock)
    table = await started(tables, ANN, BEN, rounds=3, clock=12)
    clock.advance(8 * HOUR)
    assert await timers.fire_due() == 0
    clock.advance(1 * HOUR)  # 3 hours left: the warning
    assert await timers.fire_due() == 1
    assert await timers.fire_due() == 0, "warned once"
    lines = await store.public_log(table.id, limit=5)
    assert "⏳ 3 hours left on **Ann**'s clock" in lines[-1]
    clock.advance(3 * HOUR)
    assert await timers.fire_due() == 1
    table = await tables.table(table.id)
    assert table.record.state["phase"] == "trade", "the game picked nothing for Ann, its default"
    assert table.seats[0].user_id == ANN.id and table.seats[0].timeouts == 1
    assert "⏰ **Ann**'s clock ran out" in " ".join(await store.public_log(table.id, limit=5))
    await tables.act(table.id, ANN, "skip")  # Ann is back in time: her count starts again
    assert (await tables.table(table.id)).seats[0].timeouts == 0


async def test_three_run_outs_in_a_row_hand_the_seat_to_a_bot_and_rejoin_takes_it_back(store, clock):
    tables = Tables(store, clock=clock)
    timers = Timers(tables, clock=clock)
    table = await started(tables, ANN, BEN, rounds=3, clock=24)
    for _ in range(10):  # each decision gets its own 24 hours; Ben's clock runs out too
        clock.advance(25 * HOUR)
        await timers.fire_due()
        table = await tables.table(table.id)
        if table.seats[0].is_bot:
            break
    ann = table.seats[0]
    assert ann.is_bot and ann.former_user_id == ANN.id and ann.name == "Ann (bot)"
    said = " ".join(await store.public_log(table.id, limit=20))
    assert "let the clock run out 3 times in a row" in said and "/game rejoin" in said
    with pytest.raises(TableError, match="only a player whose seat a bot took over"):
        await tables.rejoin(table.id, CAT)
    table = await tables.rejoin(table.id, ANN)
    assert table.seats[0].user_id == ANN.id and not table.seats[0].is_bot and table.seats[0].name == "Ann"
    assert "is back" in " ".join(await store.public_log(table.id, limit=3))
    with pytest.raises(TableError, match="already playing"):
        await tables.rejoin(table.id, ANN)


async def test_a_player_who_left_rejoins(store, clock):
    tables = Tables(store, clock=clock)
    table = await started(tables, ANN, BEN, CAT)
    await tables.hand_to_bot(table.id, BEN)
    table = await tables.rejoin(table.id, BEN)
    assert table.seats[1].user_id == BEN.id and table.seats[1].name == "Ben"


async def test_status_says_whom_the_game_waits_on_and_since_when(store, clock):
    tables = Tables(store, clock=clock)
    table = await started(tables, ANN, BEN)
    started_at = clock.now
    clock.advance(HOUR)
    await tables.act(table.id, ANN, "pick:1")
    table = await tables.table(table.id)
    assert tables.waiting(table) == [(0, started_at + HOUR)]
    table = await tables.act(table.id, ANN, "skip")
    assert tables.waiting(table) == [(0, clock.now), (1, clock.now)]


async def test_bad_clock_option_is_a_sentence(store):
    with pytest.raises(TableError, match="“clock” can be 0, 12, 24, 48, 72; not 5"):
        await Tables(store).create(GAME_ID, ANN, {"clock": 5})
