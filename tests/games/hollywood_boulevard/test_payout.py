"""Payout (where every die comes from), Reroll chips, and the Blockbuster."""
from __future__ import annotations

import json

import pytest

from bot.engine import IllegalMove
from bot.games.hollywood_boulevard import payout

from .helpers import GAME, C, act, confirm_all, film, new, star, to_screen


class Dice:
    """A stand-in random generator whose dice show the given faces, then ``then`` forever."""

    def __init__(self, faces, then=3):
        self.faces = list(faces)
        self.then = then

    def randint(self, low, high):
        return self.faces.pop(0) if self.faces else self.then


def test_every_source_of_dice_is_counted():
    holiday = C.films[film("Roman Holiday")]  # 4 dice, Romance, ☆ Peck, Hepburn, Wyler
    state = new(2)
    state["hands"][0] = ["bw", "cartoon"]
    state["chips"][0].update({"parking": 2, "concessions": 1, "ac": 1})
    state = to_screen(state, {0: ["Roman Holiday"]})
    state["cubes"] = {star("Gregory Peck"): [1], star("William Wyler"): [0, 1], star("Grace Kelly"): [0]}
    state["genre"] = "romance"
    state, _ = confirm_all(state, {0: ["bid:bench:1", "bid:tv:1", "tip:bw", "tip:cartoon"]})
    reveal = json.loads(state["reveal"])
    record = json.loads(state["payout"])["players"][0]
    entry = record["films"][0]
    assert entry["sources"] == {"card": holiday.dice, "genre": 1, "cubes": 3, "tips": 3}
    assert len(entry["dice"]) == holiday.dice + 1 + 3 + 3
    assert record["theatre"]["sources"] == {"advertising": reveal["ad_dice"][0], "parking": 2,
                                            "concessions": 1, "ac": 1}
    assert reveal["ad_dice"][0] in (2, 3)  # two boxes won, one may be the Agency's
    pips = sum(d[-1] for d in entry["dice"]) + sum(d[-1] for d in record["theatre"]["dice"])
    assert record["pips"] == pips and record["income"] == 1_000 * pips


def test_income_is_1000_a_pip_from_the_bank():
    state = to_screen(new(2), {0: ["Roman Holiday"]})
    cash, bank = list(state["cash"]), state["bank"]
    state, _ = confirm_all(state)
    income = json.loads(state["payout"])["players"][0]["income"]
    upkeep = 1_000  # no chips
    assert state["cash"][0] == cash[0] + income - upkeep
    assert state["bank"] + sum(state["cash"]) == bank + sum(cash)


def test_a_theatre_without_films_rolls_nothing():
    state = new(2)
    state["chips"][1]["parking"] = 2
    state = to_screen(state)
    state, _ = confirm_all(state, {1: ["bid:radio:1"]})
    record = json.loads(state["payout"])["players"][1]
    assert record["pips"] == 0 and record["theatre"]["dice"] == []


def test_each_reroll_chip_rerolls_one_rolled_one_once():
    groups = [[[1], [5], [1]], [[1]]]
    used = payout._apply_rerolls(Dice([1, 6, 4]), groups, 3)
    assert used == 3
    assert groups == [[[1, 1, 6], [5], [1, 4]], [[1]]]  # the rerolled 1 took a second chip


def test_reroll_chips_unused_when_no_ones():
    groups = [[[2], [6]]]
    assert payout._apply_rerolls(Dice([]), groups, 4) == 0 and groups == [[[2], [6]]]


def test_reroll_chips_work_in_a_payout():
    state = new(2)
    state["chips"][0]["reroll"] = 4
    state = to_screen(state, {0: ["Roman Holiday"]})
    state, _ = confirm_all(state)
    record = json.loads(state["payout"])["players"][0]
    rerolled = [d for e in record["films"] for d in e["dice"] if len(d) > 1]
    assert sum(len(d) - 1 for d in rerolled) == record["rerolls"] <= 4
    assert all(set(d[:-1]) == {1} for d in rerolled)


def _payout_state(programmes: list[list[str]]) -> dict:
    """Three theatres screening the given titles, no cubes, no genre, no advertising."""
    state = to_screen(new(3))
    state["screened"] = [[film(t) for t in titles] for titles in programmes]
    state.update(ad_dice=[0, 0, 0], genre=None, cubes={})
    return state


def test_the_highest_income_is_the_blockbuster():
    state = _payout_state([["Roman Holiday"], ["Harvey"], ["The Gunfighter"]])  # 4, 3, 3 dice
    payout.run(C, state, Dice([], then=2))
    assert state["blockbusters"] == [0]


def test_blockbuster_ties_make_all_of_them_blockbusters():
    state = _payout_state([["Harvey"], [], ["The Gunfighter"]])  # 3 dice each
    payout.run(C, state, Dice([], then=4))
    assert state["blockbusters"] == [0, 2]


def test_blockbuster_places_a_cube_on_every_star_of_one_chosen_film():
    state = _payout_state([["Roman Holiday", "Father of the Bride"], [], []])
    state["blockbusters"] = [0]
    events = payout.begin_blockbuster(C, state)
    assert events == [] and state["phase"] == "blockbuster" and state["blockbuster_waiting"] == [0]
    choices = GAME.legal(state, 0)
    assert {c.action for c in choices} == {f"cubes:{film('Roman Holiday')}", f"cubes:{film('Father of the Bride')}"}
    assert all(len(c.label) <= 80 for c in choices)
    with pytest.raises(IllegalMove, match="one of the films you screened"):
        payout.blockbuster_apply(C, state, 0, f"cubes:{film('Harvey')}")
    payout.blockbuster_apply(C, state, 0, f"cubes:{film('Roman Holiday')}")
    assert state["cubes"] == {star(n): [0] for n in ("Gregory Peck", "Audrey Hepburn", "William Wyler")}


def test_a_single_starred_film_gets_its_cubes_at_once_and_tied_blockbusters_all_place():
    state = _payout_state([["Roman Holiday"], ["Father of the Bride"], []])
    state["blockbusters"] = [0, 1]
    events = payout.begin_blockbuster(C, state)
    assert len(events) == 2 and state["blockbuster_waiting"] == []
    assert state["cubes"][star("William Wyler")] == [0]
    assert state["cubes"][star("Elizabeth Taylor")] == [1] and state["cubes"][star("Vincente Minnelli")] == [1]


def test_no_cubes_after_the_last_payout():
    state = _payout_state([["Roman Holiday"], [], []])
    state["round"] = state["rounds"]
    state["blockbusters"] = [0]
    assert payout.begin_blockbuster(C, state) == [] and state["cubes"] == {}


def test_the_blockbuster_phase_waits_for_the_choice_then_upkeep_follows():
    for seed in range(1, 60):
        state = to_screen(new(2, seed=seed), {0: ["Broken Arrow", "Father of the Bride"]})
        state, _ = confirm_all(state)
        if state["phase"] == "blockbuster":
            cash = list(state["cash"])
            assert GAME.pending(state) == {0}
            state, events = act(state, 0, f"cubes:{film('Father of the Bride')}")
            assert state["phase"] == "place" and state["round"] == 2
            assert state["cash"][0] == cash[0] - 1_000  # upkeep after the Blockbuster
            assert any("Upkeep paid" in e.text for e in events)
            return
    raise AssertionError("seat 0 never made a Blockbuster")
