"""Billboard prices: values 1–6 always strictly rising, neighbours pushed, each price between
its value and 20; the sheet's examples."""
from __future__ import annotations

import random
from itertools import pairwise

import pytest

from bot.games.billboard import prices

from .helpers import GAME, C, act, actions, board, fill, refused

START = [1, 2, 3, 4, 5, 6]


def test_raising_one_price_pushes_the_dearer_values_up():
    # The sheet: value 3 goes to 7, so 4, 5 and 6 are pushed to 8, 9 and 10.
    assert prices.set_price(START, 3, 7, 20) == [1, 2, 7, 8, 9, 10]


def test_lowering_one_price_pushes_the_cheaper_values_down_only():
    # The sheet, next: value 4 sold down to 5 pushes value 3 to 4; 5 and 6 stay.
    assert prices.set_price([1, 2, 7, 8, 9, 10], 4, 5, 20) == [1, 2, 4, 5, 9, 10]


def test_a_price_is_never_below_its_value_nor_past_the_maximum():
    assert prices.highest(6, 20) == 20 and prices.highest(1, 20) == 15
    assert prices.clamp(6, 23, 20) == 20 and prices.clamp(1, -2, 20) == 1
    assert prices.clamp(3, 18, 20) == 17  # room must stay for 4, 5 and 6 above it
    with pytest.raises(ValueError):
        prices.set_price(START, 2, 1, 20)
    with pytest.raises(ValueError):
        prices.set_price(START, 5, 20, 20)


def test_any_sequence_of_changes_keeps_prices_strictly_rising_and_in_bounds():
    rng = random.Random(3)
    current = list(START)
    for _ in range(2000):
        value = rng.randint(1, 6)
        current = prices.set_price(current, value, rng.randint(value, prices.highest(value, 20)), 20)
        assert all(a < b for a, b in pairwise(current))
        assert all(v <= p <= prices.highest(v, 20) for v, p in enumerate(current, 1))


def test_market_moves_by_count():
    # The sheet: buying 4 value-1 billboards at market 1 sets the price to 1 + 4 − 1 = 4.
    assert prices.after_purchase(1, 4, 1) == 4
    assert prices.after_purchase(5, 1, 5) == 5  # one billboard: no change
    assert prices.after_sale(9, 3, 9) == 7  # several sold: market − count + 1
    assert prices.after_sale(9, 1, 9) == 9
    assert prices.after_sale(9, 3, 6) == 6  # below market: the chosen price
    assert prices.after_purchase(9, 3, 12) == 12  # above market: the chosen price


def _at(state, group):
    state, _ = act(state, 0, "buy")
    state, _ = act(state, 0, f"buy:{group}")
    return state


def test_buying_four_at_market_through_the_game_sets_the_sheet_price():
    state = board(cash=15)
    state = _at(state, "nh:1")
    # "kupuję 4 billboardy nr 1 po cenie rynkowej 1 tysiąc": Nowa Huta has four in the bank.
    state, events = act(state, 0, "buy:nh:1:4")
    assert state["prices"] == [4, 5, 6, 7, 8, 9]  # 1 + 4 − 1 = 4, the dearer values pushed up
    assert state["money"][0] == 11 and "value 1 now costs 4k" in events[0].text


def test_buying_at_market_clamps_at_the_maximum():
    state = board(cash=200)
    state["prices"] = [10, 15, 16, 17, 18, 19]
    state = _at(state, "sm:6")
    state, _ = act(state, 0, "buy:sm:6:2")  # 19 + 2 − 1 = 20
    assert state["prices"][5] == 20
    assert state["money"][0] == 200 - 2 * 19


def test_selling_at_market_clamps_at_the_value():
    state = board(holdings={0: ["nh-1a", "nh-1b", "nh-1c"]})
    state["prices"] = [2, 3, 4, 5, 6, 7]
    state, _ = act(state, 0, "sell")
    state, _ = act(state, 0, "sell:nh:1")
    state, _ = act(state, 0, "sell:nh:1:3")  # 2 − 3 + 1 = 0: stops at value 1
    assert state["prices"][0] == 1 and state["money"][0] == 15 + 6


def test_a_chosen_price_past_the_bounds_is_refused_with_a_sentence_and_not_offered():
    state = board(cash=200)
    state["prices"] = [1, 2, 3, 4, 5, 6]
    state = _at(state, "sm:5")
    choice = next(c for c in GAME.legal(state, 0) if c.action == "buy:sm:5:1:{}")
    assert choice.amount.maximum == 19  # the sixes need room at 20
    assert "no price may pass 20k" in refused(state, 0, "buy:sm:5:1:20")
    state, _ = act(state, 0, fill(state, 0, "buy:sm:5:1:{}", 19))
    assert state["prices"][4:] == [19, 20]


def test_a_chosen_sale_price_below_the_value_is_refused():
    state = board(holdings={0: ["sm-4a"]})
    state["prices"] = [1, 2, 3, 9, 10, 11]
    state, _ = act(state, 0, "sell")
    state, _ = act(state, 0, "sell:sm:4")
    choice = next(c for c in GAME.legal(state, 0) if c.action == "sell:sm:4:1:{}")
    assert (choice.amount.minimum, choice.amount.maximum) == (4, 8)
    assert "never costs less than its value" in refused(state, 0, "sell:sm:4:1:3")
    state, _ = act(state, 0, "sell:sm:4:1:4")
    assert state["prices"][:4] == [1, 2, 3, 4] and state["money"][0] == 19


def test_the_market_offers_only_what_the_bounds_allow():
    state = board(cash=300)
    state["prices"] = [15, 16, 17, 18, 19, 20]
    state = _at(state, "sm:6")
    assert "buy:sm:6:1:{}" not in actions(state, 0)  # nothing above 20
    assert C.max_price == 20

