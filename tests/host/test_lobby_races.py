"""Lobby changes at the same moment: every change is written over the lobby it was worked out
from, or worked out again; the start deals for exactly the seats it writes with."""
from __future__ import annotations

import asyncio
import random

import pytest

from bot.store import SeatRecord, Store
from bot.table import seating
from bot.table.clock import DEFAULT_CLOCK_HOURS
from bot.table.service import Member, Table, TableError, Tables
from cogs.lobby import lobby_text
from tests import toy_game
from tests.toy_game import GAME_ID

ANN, BEN, CAT, DAN = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat"), Member(4, "Dan")
JOINERS = [Member(10 + n, f"Joiner {n}") for n in range(6)]
FULL = f"This game is full: {toy_game.GAME.name} seats at most {toy_game.GAME.max_players}."
JUST_STARTED = "This game has just started; you can watch it here."
ALREADY_RUNNING = "This game is already running; you can watch it here."


async def lobby(tables: Tables, *members: Member) -> Table:
    table = await tables.create(GAME_ID, members[0])
    for member in members[1:]:
        await tables.join(table.id, member)
    return table


def hold_first_call(store: Store, method: str, until: asyncio.Event) -> None:
    """The first call of ``store.<method>`` waits for ``until``: a race lost on purpose."""
    real, calls = getattr(store, method), []

    async def held(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            await until.wait()
        return await real(*args, **kwargs)

    setattr(store, method, held)


async def then_set(work, gate: asyncio.Event):
    try:
        return await work
    finally:
        gate.set()


async def assert_consistent(tables: Tables, game_id: int) -> Table:
    """Seats numbered 0..n-1, nobody twice, within the game's limit; a running game was dealt
    for exactly its seats, and every seat's private view and the moves to the end work."""
    table = await tables.table(game_id)
    assert [s.seat for s in table.seats] == list(range(len(table.seats)))
    humans = [s.user_id for s in table.seats if not s.is_bot]
    assert len(humans) == len(set(humans)) and None not in humans
    assert len({s.name for s in table.seats}) == len(table.seats)
    assert len(table.seats) <= toy_game.GAME.max_players
    if table.record.status != "running":
        assert table.record.state is None
        return table
    assert table.record.state["players"] == len(table.seats)
    assert set(table.record.seat_epochs) == set(range(len(table.seats)))
    for seat in table.seats:
        if not seat.is_bot:
            await tables.private_view(game_id, Member(seat.user_id, seat.name))
    while (now := await tables.table(game_id)).record.status == "running":
        turn = now.record.state["turn"]
        await tables.act(game_id, Member(now.seats[turn].user_id, now.seats[turn].name), "add:1")
    assert now.record.status == "finished"
    return table


def sentences(outcomes: list) -> list[str]:
    unexpected = [o for o in outcomes if not isinstance(o, (Table, TableError))]
    assert not unexpected, unexpected  # no IndexError, no ValueError: a table or a sentence
    return sorted(str(o) for o in outcomes if isinstance(o, TableError))


async def test_six_joins_at_once_fill_the_table_and_the_rest_are_told_it_is_full(store):
    tables = Tables(store)
    table = await lobby(tables, ANN)
    outcomes = await asyncio.gather(*(tables.join(table.id, m) for m in JOINERS), return_exceptions=True)
    assert sentences(outcomes) == [FULL] * 3
    joined = [m for m, o in zip(JOINERS, outcomes) if isinstance(o, Table)]
    assert len(joined) == 3
    for member, seen in zip(JOINERS, outcomes):  # each joiner is shown a lobby with them in it
        if isinstance(seen, Table):
            assert seen.seat_of(member.id) is not None
    final = await assert_consistent(tables, table.id)
    assert {s.user_id for s in final.seats} == {ANN.id, *(m.id for m in joined)}


async def test_a_double_click_on_join_seats_once(store):
    tables = Tables(store)
    table = await lobby(tables, ANN)
    outcomes = await asyncio.gather(tables.join(table.id, BEN), tables.join(table.id, BEN),
                                    return_exceptions=True)
    assert sentences(outcomes) == ["You are already seated at this game."]
    assert (await assert_consistent(tables, table.id)).names() == ["Ann", "Ben"]


async def test_a_join_that_loses_to_the_start_is_told_the_game_just_started(store):
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    started = asyncio.Event()
    hold_first_call(store, "set_seats", started)  # Cat read the lobby; her seat is written late
    outcomes = await asyncio.gather(tables.join(table.id, CAT), then_set(tables.start(table.id, ANN), started),
                                    return_exceptions=True)
    assert sentences(outcomes) == [JUST_STARTED]
    final = await assert_consistent(tables, table.id)
    assert final.names() == ["Ann", "Ben"]


async def test_a_start_that_loses_to_a_join_deals_for_the_new_seat_too(store):
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    joined = asyncio.Event()
    hold_first_call(store, "start_game", joined)  # dealt for Ann and Ben; written after Cat joined
    outcomes = await asyncio.gather(tables.start(table.id, ANN), then_set(tables.join(table.id, CAT), joined),
                                    return_exceptions=True)
    assert sentences(outcomes) == []
    final = await assert_consistent(tables, table.id)
    assert final.names() == ["Ann", "Ben", "Cat"]
    assert outcomes[0].record.state["players"] == 3


@pytest.mark.parametrize("join_first", [True, False])
async def test_join_and_start_at_the_same_moment_agree(store, join_first):
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    calls = [tables.join(table.id, CAT), tables.start(table.id, ANN)]
    outcomes = await asyncio.gather(*(calls if join_first else calls[::-1]), return_exceptions=True)
    said = sentences(outcomes)
    final = await assert_consistent(tables, table.id)
    assert final.record.status == "running"
    # Cat joined before the deal and plays; or her seat was written after the deal (she is
    # told it has just started); or, on a pool of connections, she read the lobby only after
    # the deal was committed (it is already running).
    assert (said, final.names()) in [([], ["Ann", "Ben", "Cat"]), ([JUST_STARTED], ["Ann", "Ben"]),
                                     ([ALREADY_RUNNING], ["Ann", "Ben"])]


async def test_leaves_joins_and_bots_at_once_all_land(store):
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN, CAT)
    outcomes = await asyncio.gather(tables.leave(table.id, BEN), tables.leave(table.id, CAT),
                                    tables.join(table.id, DAN), tables.add_bot(table.id, ANN),
                                    return_exceptions=True)
    said = sentences(outcomes)
    final = await assert_consistent(tables, table.id)
    assert isinstance(outcomes[0], Table) and isinstance(outcomes[1], Table)  # leaves always land
    bots = [s.name for s in final.seats if s.is_bot]
    humans = [s.user_id for s in final.seats if not s.is_bot]
    # Everyone lands, but for what the order in which the changes were written rules out:
    # the bot finds no seat if it came while Ben and Cat still sat and Dan had joined; Dan
    # finds none if the bot took the last while Ben and Cat still sat (a pool of connections
    # may write the bot first; SQLite's one connection writes in the order asked).
    assert (said, len(bots), humans) in [
        ([], 1, [ANN.id, DAN.id]),
        ([f"No empty seat: {toy_game.GAME.name} seats at most 4."], 0, [ANN.id, DAN.id]),
        ([FULL], 1, [ANN.id]),
    ]


async def test_bots_added_and_removed_at_once_fill_and_empty_exactly(store):
    tables = Tables(store)
    table = await lobby(tables, ANN)
    outcomes = await asyncio.gather(*(tables.add_bot(table.id, ANN) for _ in range(5)), return_exceptions=True)
    assert sentences(outcomes) == [f"No empty seat: {toy_game.GAME.name} seats at most 4."] * 2
    final = await assert_consistent(tables, table.id)
    assert [s.is_bot for s in final.seats] == [False, True, True, True]
    outcomes = await asyncio.gather(*(tables.remove_bot(table.id, ANN) for _ in range(4)), return_exceptions=True)
    assert sentences(outcomes) == ["There is no bot seated to remove."]
    assert (await assert_consistent(tables, table.id)).names() == ["Ann"]


async def test_random_bursts_of_lobby_clicks_always_leave_a_consistent_table(store):
    """Joins, a leave, bots and the start, in a different interleaving each round."""
    tables = Tables(store)
    rng = random.Random(7)
    started = 0
    for _ in range(25):
        table = await lobby(tables, ANN, BEN)

        async def after_a_moment(work):
            await asyncio.sleep(rng.random() * 0.004)
            return await work

        steps = [tables.join(table.id, CAT), tables.join(table.id, DAN), tables.leave(table.id, BEN),
                 tables.add_bot(table.id, ANN), tables.remove_bot(table.id, ANN), tables.start(table.id, ANN)]
        outcomes = await asyncio.gather(*(after_a_moment(s) for s in steps), return_exceptions=True)
        sentences(outcomes)  # each a table or a sentence
        final = await assert_consistent(tables, table.id)
        started += final.record.status == "running"
        if isinstance(outcomes[-1], Table):  # the start's answer shows the seats it dealt for
            assert outcomes[-1].names() == final.names()
    assert started == 25


async def test_a_lost_race_is_retried_a_bounded_number_of_times(store):
    tables = Tables(store)
    table = await lobby(tables, ANN)
    tries = []

    async def always_beaten(*args, **kwargs):
        tries.append(args)
        return False

    store.set_seats = always_beaten
    with pytest.raises(TableError, match="try again in a moment"):
        await tables.join(table.id, BEN)
    assert len(tries) == seating.LOBBY_TRIES


async def test_the_store_writes_seats_only_over_the_seats_they_were_worked_out_from(store):
    tables = Tables(store)
    table = await lobby(tables, ANN)
    ben = SeatRecord(1, BEN.id, BEN.name, False, True)
    assert not await store.set_seats(table.id, [*table.seats, ben], expected=[])
    assert await store.set_seats(table.id, [*table.seats, ben], expected=table.seats)
    deal = {"state": {"players": 1}, "seat_epochs": {0: 1}, "seat_asked": {0: 0.0}, "timers": [], "outbox": []}
    assert not await store.start_game(table.id, table.seats, **deal), "Ben joined since"
    assert (await store.game(table.id)).status == "lobby"


async def test_refusals_say_where_the_game_is(store):
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    await tables.start(table.id, ANN)
    for step, said in [(tables.start(table.id, ANN), "This game is already running."),
                       (tables.join(table.id, CAT), "This game is already running; you can watch it here."),
                       (tables.leave(table.id, BEN), "This game is already running: `/game leave` hands your seat to a bot."),
                       (tables.add_bot(table.id, ANN), "This game is already running, so its seats no longer change.")]:
        with pytest.raises(TableError) as refused:
            await step
        assert str(refused.value) == said
    await assert_consistent(tables, table.id)  # plays it to the end
    with pytest.raises(TableError, match=r"^This game is over; `/game new` opens another\.$"):
        await tables.leave(table.id, BEN)
    closed = await lobby(tables, ANN)
    await tables.abandon(closed.id, ANN)
    with pytest.raises(TableError, match="^This game was abandoned"):
        await tables.join(closed.id, BEN)


async def test_the_lobby_shows_options_in_the_players_terms(store):
    tables = Tables(store)
    plain = await tables.create("hollywood-1947", ANN)
    assert "Options: standard rules" in lobby_text(plain)
    assert "False" not in lobby_text(plain)
    changed = await tables.create("hollywood-1947", ANN, {"studio_order": True, "clock": 24})
    assert "Options: studio_order = yes · Turn clock: 24 h a decision" in lobby_text(changed)
    rounds = await tables.create("hollywood-boulevard", ANN, {"rounds": 8, "clock": 0})
    assert "Options: rounds = 8\n" in lobby_text(rounds)


async def test_a_new_game_has_a_turn_clock_unless_the_host_turns_it_off(store):
    """On by default (days, as turn-based tables elsewhere), off with clock=0, and a game
    created before keeps what it had: its settings are stored with it."""
    tables = Tables(store)
    plain = await tables.create("hollywood-1947", ANN)
    assert plain.record.settings == {"clock": DEFAULT_CLOCK_HOURS, "takebacks": True} and DEFAULT_CLOCK_HOURS == 72
    assert "Turn clock: 72 h a decision" in lobby_text(plain)
    off = await tables.create("hollywood-1947", ANN, {"clock": 0})
    assert off.record.settings["clock"] == 0 and "Turn clock" not in lobby_text(off)
    await tables.join(plain.id, BEN)
    started = await tables.start(plain.id, ANN)
    assert any(key.startswith("clock:") for key in await store.timers(started.id)), "the clock runs"
