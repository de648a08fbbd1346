"""What a run-out of the turn clock takes in Billboard (NOTES.md, "The turn clock"): the pass
the sheet allows, never a move the player did not make. A turn ends with the actions already
taken standing (also half-way through choosing a trade), a contract is passed on, the draft is
left with the rest as money; the first pick and the billboard given to a company are
compulsory choices, so the bot makes them."""
from __future__ import annotations

import pytest

from bot.engine import rng_for
from bot.table.clock import default_move
from tests.engine_checks import check_run_outs

from .helpers import BOT, GAME, act, actions, board, drive, new, public


def expected(state: dict, seat: int) -> str | None:
    phase = state["phase"]
    if phase == "turn":
        return "end"
    if phase == "auction":
        return "pass"
    if phase == "draft":
        return "pass" if any(owner == seat for owner in state["owner"].values()) else None
    return None  # assign: compulsory


@pytest.mark.parametrize("seed", range(3))
def test_every_decision_of_a_bot_game_has_the_sheets_default(seed):
    seen = check_run_outs(GAME, BOT, 2 + seed, seed, expected)
    assert {"end", "pass", None} <= set(seen)


def test_a_turn_run_out_is_a_pass_not_a_contract_drawn_over_many_seeds():
    drew = 0
    for seed in range(40):
        state = new(3, seed)
        while state["phase"] != "turn":  # the draft: everyone takes one billboard and passes
            seat = state["turn"]
            state, _ = act(state, seat, "pass" if "pass" in actions(state, seat) else actions(state, seat)[0])
        seat = state["turn"]
        assert default_move(GAME, state, seat) == "end"
        after, events = act(state, seat, "end")
        assert public(events).startswith(f"{{p{seat}}} passes.") and after["turn"] == (seat + 1) % 3
        assert after["owner"] == state["owner"] and after["money"] == state["money"]
        drew += BOT.choose(state, seat, rng_for(seed, state["_move"], f"clock{seat}")).startswith("ad:")
    assert drew > 20, "the bot, which moved on run-outs until now, draws a contract most turns"


@pytest.mark.parametrize("steps", [["sell"], ["sell", "sell:sm:6"], ["buy"], ["buy", "buy:kz:1"]])
def test_half_way_through_choosing_a_trade_the_run_out_still_passes_and_trades_nothing(steps):
    state = board(2, holdings={0: ["sm-6a", "sm-6b"]})
    state, _ = drive(state, 0, steps)
    assert state["step"] and "end" in actions(state, 0) and "back" in actions(state, 0)
    assert GAME.run_out(state, 0) == "end"
    after, events = act(state, 0, "end")
    assert public(events).startswith("{p0} passes.")
    assert after["turn"] == 1 and after["step"] is None
    assert after["owner"] == state["owner"] and after["money"] == state["money"] and after["prices"] == state["prices"]


def test_a_run_out_after_one_action_ends_the_turn_and_the_action_stands():
    state = board(2, holdings={0: ["sm-6a", "sm-6b"]})
    state, _ = drive(state, 0, ["sell", "sell:sm:6", "sell:sm:6:1", "buy"])
    sold = dict(state["owner"])
    assert GAME.run_out(state, 0) == "end"
    after, events = act(state, 0, "end")
    assert public(events).startswith("{p0} ends the turn.")
    assert after["owner"] == sold and after["money"][0] == state["money"][0] and after["turn"] == 1


def test_the_first_pick_of_the_draft_is_the_bots_then_a_run_out_keeps_the_rest_as_money():
    state = new(2, 1)
    seat = state["turn"]
    assert GAME.run_out(state, seat) is None, "the first pick is compulsory"
    state, _ = act(state, seat, actions(state, seat)[0])
    state, _ = act(state, state["turn"], actions(state, state["turn"])[0])
    assert GAME.run_out(state, state["turn"]) == "pass"


def test_nobody_is_defaulted_but_the_seat_asked():
    state = board(2)
    assert GAME.run_out(state, 1) is None
