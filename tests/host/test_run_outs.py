"""A turn clock that runs out takes the game's default for the decision (its ``run_out``): a
pass, a decline, what the rule sheet lets a player do by doing nothing. Only where a game has
no such move (a forced choice among options), or names one it does not offer, does the game's
bot move for the seat, as before. Three run-outs in a row still hand the seat to a bot.

The first tests use "Lots" (tests/decisions_game.py) and "Twenty-one" (tests/toy_game.py);
then each title, played by its own bot for human seats up to a decision, lets the clock run out
there."""
from __future__ import annotations

import logging
import random

import pytest

from bot.delivery.countdowns import Timers
from bot.engine import rng_for
from bot.games import registry
from bot.table.service import Member, Tables
from tests import decisions_game, toy_game

ANN, BEN, CAT = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat")
HOUR = 3600.0
DEFAULT_LINE = "⏰ **{name}**'s clock ran out, so the game took its default move for them."
BOT_LINE = "⏰ **{name}**'s clock ran out, so a bot made this move for them."


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def store_kind():
    """These tests are about the table service, not the store: SQLite alone is enough."""
    return "sqlite"


async def started(tables, game_id, *members, seed=1, **options):
    table = await tables.create(game_id, members[0], {"clock": 12, **options}, seed=seed)
    for member in members[1:]:
        await tables.join(table.id, member)
    return await tables.start(table.id, members[0])


async def run_out(tables, clock, table):
    """Let the clock of the seat(s) the game waits on run out; the first move it made
    (seat, action, user id) and the public lines since."""
    version = (await tables.table(table.id)).record.version
    said = len(await tables.store.public_log(table.id, limit=10_000))
    clock.advance(12 * HOUR + 1)
    assert await Timers(tables, clock=clock).fire_due() >= 1
    made = await tables.store.action_at(table.id, version + 1)
    lines = (await tables.store.public_log(table.id, limit=10_000))[said:]
    return made, "\n".join(lines)


# --- the host ------------------------------------------------------------------------------

async def test_a_run_out_takes_the_games_default_not_a_move_the_player_did_not_make(store, clock):
    tables = Tables(store, clock=clock)
    table = await started(tables, decisions_game.GAME_ID, ANN, BEN)
    made, said = await run_out(tables, clock, table)
    assert made == (0, "pass", None), "Lots' default for a pick is to pick nothing"
    assert DEFAULT_LINE.format(name="Ann") in said and "**Ann** picks nothing." in said
    table = await tables.table(table.id)
    assert table.seats[0].timeouts == 1 and not table.seats[0].is_bot
    made, said = await run_out(tables, clock, table)
    assert made == (0, "skip", None) and "**Ann** makes no offer." in said


async def test_the_warning_says_the_default_will_be_taken(store, clock):
    tables = Tables(store, clock=clock)
    table = await started(tables, decisions_game.GAME_ID, ANN, BEN)
    clock.advance(9 * HOUR + 1)
    assert await Timers(tables, clock=clock).fire_due() == 1
    said = " ".join(await store.public_log(table.id, limit=3))
    assert "⏳ 3 hours left on **Ann**'s clock; after that the game takes its default move for them." in said


async def test_a_default_the_game_does_not_offer_falls_back_to_the_bot_and_is_logged(
        store, clock, monkeypatch, caplog):
    monkeypatch.setattr(decisions_game.GAME, "run_out", lambda state, seat: "pick:99", raising=False)
    tables = Tables(store, clock=clock)
    table = await started(tables, decisions_game.GAME_ID, ANN, BEN)
    state = table.record.state
    expected = registry.kit(decisions_game.GAME_ID).bot.choose(
        state, 0, rng_for(table.record.seed, state["_move"], "clock0"))
    with caplog.at_level(logging.WARNING):
        made, said = await run_out(tables, clock, table)
    assert made == (0, expected, None) and BOT_LINE.format(name="Ann") in said
    assert any("pick:99" in record.getMessage() for record in caplog.records), caplog.text


async def test_no_default_and_a_crashing_default_fall_back_to_the_bot(store, clock, monkeypatch, caplog):
    tables = Tables(store, clock=clock)
    for hook in (lambda state, seat: None, lambda state, seat: 1 / 0):
        monkeypatch.setattr(decisions_game.GAME, "run_out", hook, raising=False)
        table = await started(tables, decisions_game.GAME_ID, ANN, BEN)
        state = table.record.state
        expected = registry.kit(decisions_game.GAME_ID).bot.choose(
            state, 0, rng_for(table.record.seed, state["_move"], "clock0"))
        made, said = await run_out(tables, clock, table)
        assert made == (0, expected, None) and BOT_LINE.format(name="Ann") in said
        assert DEFAULT_LINE.format(name="Ann") not in said


async def test_a_game_without_defaults_has_its_bot_move_as_before(store, clock):
    tables = Tables(store, clock=clock)
    table = await started(tables, toy_game.GAME_ID, ANN, BEN)
    clock.advance(9 * HOUR + 1)
    await Timers(tables, clock=clock).fire_due()
    assert "after that a bot makes this move for them" in " ".join(await store.public_log(table.id, limit=3))
    made, said = await run_out(tables, clock, table)
    assert made[0] == 0 and made[1].startswith("add:") and BOT_LINE.format(name="Ann") in said


async def test_three_defaults_in_a_row_still_hand_the_seat_to_a_bot(store, clock):
    tables = Tables(store, clock=clock)
    table = await started(tables, decisions_game.GAME_ID, ANN, BEN, rounds=3)
    timers = Timers(tables, clock=clock)
    for _ in range(10):  # each decision gets its own 12 hours; auctions close by themselves
        clock.advance(12 * HOUR + 1)
        await timers.fire_due()
        table = await tables.table(table.id)
        if table.seats[0].is_bot:
            break
    assert table.seats[0].is_bot and table.seats[0].former_user_id == ANN.id
    said = "\n".join(await store.public_log(table.id, limit=10_000))
    assert said.count(DEFAULT_LINE.format(name="Ann")) >= 3 and BOT_LINE.format(name="Ann") not in said
    assert "let the clock run out 3 times in a row" in said


# --- each title ----------------------------------------------------------------------------

def assert_default(said: str) -> None:
    assert "'s clock ran out, so the game took its default move for them." in said, said
    assert "so a bot made this move" not in said, said


async def dealt(tables, game_id, members, until, *, seed, moves=2_000, **options):
    """A game of ``members`` whose moves their seats' bot picks, made through the pipeline
    as the members' own, until ``until(state)``."""
    table = await started(tables, game_id, *members, seed=seed, **options)
    kit = registry.kit(game_id)
    rng = random.Random(seed)
    by_id = {member.id: member for member in members}
    for _ in range(moves):
        state = table.record.state
        assert kit.game.result(state) is None, "the game ended first"
        if until(state):
            return table
        seat = min(kit.game.pending(state))
        table = await tables.act(table.id, by_id[table.seats[seat].user_id],
                                 kit.bot.choose(state, seat, rng))
    raise AssertionError("the decision never came")


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_billboard_a_turn_run_out_is_a_pass_not_a_contract_drawn(store, clock, seed):
    tables = Tables(store, clock=clock)
    table = await dealt(tables, "billboard", (ANN, BEN), seed=seed,
                        until=lambda s: s["phase"] == "turn" and not s["used"] and not s["step"])
    made, said = await run_out(tables, clock, table)
    seat = made[0]
    assert made[1:] == ("end", None), "the sheet lets a player pass; drawing is a move not made"
    assert f"**{('Ann', 'Ben')[seat]}** passes." in said
    assert_default(said)


async def test_billboard_a_run_out_with_an_action_taken_ends_the_turn_and_the_action_stands(store, clock):
    tables = Tables(store, clock=clock)
    table = await dealt(tables, "billboard", (ANN, BEN), seed=4,
                        until=lambda s: s["phase"] == "turn" and s["used"] == ["buy"] and not s["step"])
    before = table.record.state
    seat = before["turn"]
    made, said = await run_out(tables, clock, table)
    assert made == (seat, "end", None) and "ends the turn." in said
    assert_default(said)
    after = (await tables.table(table.id)).record.state
    assert after["money"][seat] == before["money"][seat], "what was bought stays bought"
    assert {b for b, o in after["owner"].items() if o == seat} >= {b for b, o in before["owner"].items() if o == seat}


async def test_billboard_a_run_out_on_a_contract_is_a_pass(store, clock):
    tables = Tables(store, clock=clock)
    table = await dealt(tables, "billboard", (ANN, BEN), seed=5, offer_minutes=1440,
                        until=lambda s: s["phase"] == "auction" and s["auction"]["asking"] is not None)
    made, said = await run_out(tables, clock, table)
    assert made[1:] == ("pass", None) and "passes on the contract." in said
    assert_default(said)


async def test_san_francisco_scene_a_run_out_puts_the_purchase_to_auction(store, clock):
    tables = Tables(store, clock=clock)
    table = await dealt(tables, "san-francisco-scene", (ANN, BEN), seed=1,
                        until=lambda s: s["phase"] == "buy")
    made, said = await run_out(tables, clock, table)
    assert_default(said)
    assert made[1:] == ("auction", None), "declining the purchase sends it to auction"


async def test_san_francisco_scene_a_run_out_in_an_auction_passes(store, clock):
    tables = Tables(store, clock=clock)
    table = await dealt(tables, "san-francisco-scene", (ANN, BEN), seed=1, auction_hours=24,
                        until=lambda s: s["phase"] == "auction")
    made, said = await run_out(tables, clock, table)
    assert_default(said)
    assert made[1:] == ("pass", None)


async def test_hollywood_boulevard_a_run_out_stops_picking_films(store, clock):
    tables = Tables(store, clock=clock)
    table = await dealt(tables, "hollywood-boulevard", (ANN, BEN), seed=1,
                        until=lambda s: s["phase"] == "pick" and s["picker"] is not None)
    made, said = await run_out(tables, clock, table)
    assert_default(said)
    assert made[1:] == ("done", None)


async def test_hollywood_1947_a_run_out_in_production_passes(store, clock):
    tables = Tables(store, clock=clock)
    table = await dealt(tables, "hollywood-1947", (ANN, BEN, CAT), seed=1,
                        until=lambda s: s["phase"] == "production" and s["step"] is None)
    made, said = await run_out(tables, clock, table)
    assert_default(said)
    assert made[1:] == ("pass", None)


async def test_advance_to_boardwalk_a_run_out_ends_the_turn_without_a_card(store, clock):
    tables = Tables(store, clock=clock)
    table = await dealt(tables, "advance-to-boardwalk", (ANN, BEN), seed=1,
                        until=lambda s: s["phase"] == "fortune" and s["play"] is None)
    made, said = await run_out(tables, clock, table)
    assert_default(said)
    assert made[1:] == ("end", None)
