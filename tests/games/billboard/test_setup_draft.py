"""Set-up and the opening draft: 2–6 players in six colours, 15 each split between
billboards and money by a draft in turn order at starting prices, round 1's three piles
of two."""
from __future__ import annotations

import pytest

from bot.engine import IllegalMove, new_game

from .helpers import GAME, C, act, actions, new, public, refused


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players):
    with pytest.raises(IllegalMove):
        new_game(GAME, players, {}, 1)


def test_six_colours_and_fifteen_each():
    state = new(6)
    view = GAME.view(state, None)
    assert [p["colour"] for p in view["players"]] == ["black", "white", "red", "green", "yellow", "blue"]
    assert state["money"] == [15] * 6 and view["phase"] == "draft"


def test_round_one_lays_deck_one_as_three_piles_of_two():
    state = new(3)
    piles = [a["pile"] for a in state["agencies"].values()]
    assert [len(p) for p in piles] == [2, 2, 2]
    assert all(C.contracts[c].deck == "I/V" for p in piles for c in p)
    assert len(state["decks"]["I/V"]) == 6 and len(state["decks"]["IV/VIII"]) == 15
    view = GAME.view(state, None)
    assert [a["pile"] for a in view["agencies"]] == [2, 2, 2] and view["deck"] == "I/V"


def test_the_draft_goes_round_in_turn_order_one_billboard_at_a_time():
    state = new(3, seed=4)
    first = state["turn"]
    assert state["start"] == first
    order = []
    for _ in range(6):
        order.append(state["turn"])
        state, _ = act(state, state["turn"], "draft:sm:1" if "draft:sm:1" in actions(state, state["turn"])
                       else next(a for a in actions(state, state["turn"]) if a.startswith("draft:")))
    assert order == [(first + i) % 3 for i in range(6)]


def test_a_pick_costs_the_starting_price():
    state = new(2, seed=2)
    seat = state["turn"]
    state, events = act(state, seat, "draft:sm:4")
    assert state["money"][seat] == 11 and state["owner"]["sm-4a"] == seat
    assert public(events) == f"{{p{seat}}} takes a billboard: Stare Miasto, value 4, for 4k."


def test_the_first_pick_is_compulsory_then_passing_leaves_the_draft():
    state = new(2, seed=2)
    seat, other = state["turn"], 1 - state["turn"]
    assert "pass" not in actions(state, seat)
    assert "at least one billboard" in refused(state, seat, "pass")
    state, _ = act(state, seat, "draft:kz:1")
    state, _ = act(state, other, "draft:kz:1")
    state, _ = act(state, seat, "pass")
    assert state["draft_passed"] == [seat] and state["turn"] == other
    state, _ = act(state, other, "draft:kz:2")
    assert state["turn"] == other, "only the seat still drafting picks on"


def test_a_seat_that_cannot_pay_for_anything_left_is_done():
    state = new(2, seed=2)
    seat, other = state["turn"], 1 - state["turn"]
    state, _ = act(state, seat, "draft:sm:6")
    state, _ = act(state, other, "draft:sm:6")
    state, _ = act(state, seat, "draft:kz:6")
    state, _ = act(state, other, "pass")
    state, _ = act(state, seat, "draft:nh:3")  # 15 spent: nothing left to pay for
    assert state["phase"] == "turn" and state["turn"] == state["start"]


def test_billboards_plus_money_make_fifteen_after_the_draft():
    state = new(4, seed=9)
    picks = ["draft:sm:3", "draft:kz:2", "draft:nh:1", "draft:lg:4", "draft:bl:5"]
    while state["phase"] == "draft":
        seat = state["turn"]
        offered = actions(state, seat)
        mine = [a for a in picks if a in offered]
        state, _ = act(state, seat, mine[0] if mine and state["money"][seat] > 6 else
                       ("pass" if "pass" in offered else offered[0]))
    for seat in range(4):
        value = sum(C.billboards[b].value for b, o in state["owner"].items() if o == seat)
        assert value + state["money"][seat] == 15
    assert state["turn"] == state["start"]


def test_the_draft_offers_each_kind_once_and_few_choices():
    state = new(6)
    offered = actions(state, state["turn"])
    assert len(offered) == len(set(offered)) <= 48
    assert "draft:sm:5" in offered and "draft:sm:3" in offered  # one sm-5 and one sm-3 are printed
