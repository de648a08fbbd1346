"""Upkeep, the next round (discard, new array, start player, deck switch) and the end."""
from __future__ import annotations

import json

import pytest

from bot.games.hollywood_boulevard import flow

from .helpers import GAME, C, confirm_all, new, to_screen


def play_round(state: dict, picks=None, bids=None) -> tuple[dict, list]:
    state = to_screen(state, picks)
    return confirm_all(state, bids)


def test_upkeep_is_1000_plus_1000_a_chip():
    state = new(2)
    state["chips"][0].update({"runtime": 2, "reroll": 1, "loan": 1})
    state, events = play_round(state)
    assert state["cash"] == [25_000 - 5_000, 25_000 - 1_000]  # 4 chips: $1,000 + $4,000
    assert any("Upkeep paid: {p0} $5,000, {p1} $1,000." in e.text for e in events)


def test_who_cannot_pay_upkeep_takes_a_credit_union_loan():
    state = new(2)
    state["chips"][0].update({"parking": 2})
    state = to_screen(state)
    state["cash"][0] = 500  # no films, so no income: $3,000 due
    state, events = confirm_all(state)
    assert state["chips"][0]["loan"] == 1
    assert state["cash"][0] == 500 + 25_000 - 3_000  # the new loan's chip is charged next round
    assert any("cannot pay upkeep" in e.text and "{p0}" in e.text for e in events)


def test_the_next_round_deals_a_new_array_and_clears_the_films():
    state = new(2)
    first_array = list(state["array"])
    state, _ = play_round(state, {0: ["Roman Holiday"]})
    assert state["round"] == 2 and state["phase"] == "place"
    assert not set(state["array"]) & set(first_array) and len(state["array"]) == 24
    assert state["screened"] == [[], []] and state["owner"] == {}
    assert set(state["array"]) <= set(C.decks[0])


def test_the_least_cash_starts_the_next_round():
    state = to_screen(new(3, start=0))
    state["cash"] = [30_000, 9_000, 20_000]
    state, events = confirm_all(state)
    assert state["start"] == 1 and state["queue"][0] == [1, 0]
    assert any("{p1} takes the Start Player Token (least cash" in e.text for e in events)


def test_a_tie_for_least_cash_is_a_roll_off():
    state = to_screen(new(3, start=0))
    state["cash"] = [9_000, 30_000, 9_000]
    state, events = confirm_all(state)
    assert state["start"] in (0, 2)
    assert any("tied on $8,000; roll-off:" in e.text for e in events)


@pytest.mark.parametrize("rounds,switch", [(4, 2), (6, 3), (8, 4)])
def test_the_second_deck_replaces_the_first_after_half_the_rounds(rounds, switch):
    state = new(2, rounds=rounds)
    for _ in range(switch):
        assert set(state["array"]) <= set(C.decks[0]) and state["deck_number"] == 1
        state, events = play_round(state)
    assert state["round"] == switch + 1 and state["deck_number"] == 2
    assert set(state["array"]) <= set(C.decks[1])
    assert any("second film deck replaces the first" in e.text for e in events)


def test_the_game_ends_after_the_last_upkeep_with_loans_and_tips_counted():
    state = new(2, rounds=4)
    for _ in range(3):
        state, _ = play_round(state)
    state["chips"][0]["loan"] = 2
    state = to_screen(state)
    state["cash"] = [70_000, 40_000]
    state["hands"] = [["cartoon"] * 3, []]
    state, _events = confirm_all(state)
    assert state["phase"] == "over" and GAME.pending(state) == set()
    cash = state["cash"]
    assert cash == [70_000 - 3_000, 40_000 - 1_000]  # upkeep paid after the last payout
    assert state["scores"] == [cash[0] - 50_000 + 6_000, cash[1]]
    result = GAME.result(state)
    assert result.winners == (1,) and result.scores == {0: state["scores"][0], 1: state["scores"][1]}
    assert [len(h) for h in state["hands"]] == [3, 0]  # no tip drawn after the last round


def test_ties_stay_ties():
    state = new(3, rounds=4)
    state["round"] = 4
    state["hands"] = [[], [], []]
    state = to_screen(state)
    state["cash"] = [10_000, 10_000, 5_000]
    state, _ = confirm_all(state)
    result = GAME.result(state)
    assert result.winners == (0, 1) and "{p0}" in result.summary


def test_scores_function_counts_cash_minus_loans_plus_tips():
    state = new(2)
    state["cash"] = [12_000, 3_000]
    state["chips"][1]["loan"] = 1
    state["hands"] = [["press"], ["cartoon", "bw"]]
    assert flow.scores(C, state) == [14_000, 3_000 - 25_000 + 4_000]


def test_the_payout_and_reveal_records_stay_for_the_images():
    state, _ = play_round(new(2), {0: ["Roman Holiday"]})
    view = GAME.view(state, None)
    assert view["payout"]["round"] == 1 and view["reveal"]["round"] == 1
    assert json.loads(state["payout"]) == view["payout"]
