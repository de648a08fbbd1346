"""What a run-out of the turn clock takes in Advance to Boardwalk (NOTES.md, "The turn clock"):
stop building once a unit stands (or when none can), draw the F's card rather than play one,
end the turn without a card — also half-way through choosing a card's targets, the card
kept. The first unit of a build and the zone of a Wild roll are forced choices: the bot's."""
from __future__ import annotations

import random

import pytest

from bot.table.clock import default_move
from tests.engine_checks import check_run_outs

from .helpers import ScriptedRng, act, actions, bot, fresh, game, give, put, roll
from .test_fortune import at_end_of_turn


def expected(state: dict, seat: int) -> str | None:
    phase = state["phase"]
    if phase == "build":
        return "done" if "done" in actions(state, seat) else None
    return {"fortune_roll": "draw", "fortune": "end"}.get(phase)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_every_decision_of_a_bot_game_has_the_sheets_default(players, seed):
    seen = check_run_outs(game(), bot(), players, seed, expected)
    assert {"done", "end", None} <= set(seen)


def test_a_run_out_keeps_the_units_built_and_stops():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [6, 6], "red")
    assert "done" not in actions(state, 0) and game().run_out(state, 0) is None, "a unit is owed"
    build = next(a for a in actions(state, 0) if a.startswith("build:"))
    act(state, 0, build)
    assert default_move(game(), state, 0) == "done"
    stack = dict(state["stacks"])
    act(state, 0, "done")
    assert state["stacks"] == stack and state["phase"] in ("fortune", "build")


def test_a_wild_roll_leaves_the_zone_to_the_bot():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [3, 4], "W")
    assert any(a.startswith("zone:") for a in actions(state, 0)) and game().run_out(state, 0) is None


def test_a_run_out_on_an_f_draws_the_card_rather_than_playing_one():
    state = fresh()
    give(state, 0, "second-chance", "second-chance", "insurance")
    roll(state, 0, [5, 5], "F")
    assert state["phase"] == "fortune_roll" and game().run_out(state, 0) == "draw"
    assert bot().choose(state, 0, random.Random(0)).startswith("card:"), "the bot would reroll with Second Chance"


def test_a_run_out_ends_the_turn_without_a_card_even_while_choosing_its_target():
    state = fresh()
    put(state, "garden-pier", [1])
    (card,) = give(state, 0, "condemned")
    at_end_of_turn(state)
    assert f"card:{card}" in actions(state, 0) and game().run_out(state, 0) == "end"
    act(state, 0, f"card:{card}")
    assert state["play"] is not None and "end" in actions(state, 0)
    assert game().run_out(state, 0) == "end"
    events = act(state, 0, "end", ScriptedRng([1, 2], ["red"]))
    assert state["play"] is None and card in state["hands"][0] and state["turn"] == 1
    assert state["stacks"]["garden-pier"] == [1], "nothing was condemned"
    assert any("{p0} ends the turn." in e.text for e in events)
