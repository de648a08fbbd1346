"""A turn: up to two actions, at most one sell and one buy, in any order, or a pass; selling
and buying billboards (one value from one district, the bank on the other side), combos,
and the same-district-value ban."""
from __future__ import annotations

from .helpers import act, actions, board, drive, invariant, money_total, refused


def test_selling_several_of_one_value_from_one_district_at_market():
    state = board(holdings={0: ["nh-1a", "nh-1b", "nh-2a"]})
    state["prices"] = [4, 5, 6, 7, 8, 9]
    total = money_total(state)
    state, _ = drive(state, 0, ["sell", "sell:nh:1"])
    assert {"sell:nh:1:1", "sell:nh:1:2"} <= set(actions(state, 0))
    assert "sell:nh:1:3" not in actions(state, 0)  # only two are the seat's
    state, events = act(state, 0, "sell:nh:1:2")
    assert state["owner"]["nh-1a"] is None and state["owner"]["nh-1b"] is None
    assert state["owner"]["nh-2a"] == 0
    assert state["money"][0] == 15 + 8 and state["prices"][0] == 3  # 4 − 2 + 1
    assert "sells 2 billboards of Nowa Huta, value 1 at 4k each (8k)" in events[0].text
    invariant(state, total)


def test_one_kind_per_sale_a_value_and_a_district():
    state = board(holdings={0: ["nh-1a", "nh-2a", "kz-1a"]})
    state, _ = act(state, 0, "sell")
    assert {a for a in actions(state, 0) if a.count(":") == 2} == {"sell:nh:1", "sell:nh:2", "sell:kz:1"}


def test_combo_sell_a_six_cheaply_then_buy_fives_at_the_lowered_market():
    state = board(holdings={0: ["sm-6a"]}, cash=40)
    state["prices"] = [3, 5, 7, 9, 11, 13]
    state, _ = drive(state, 0, ["sell", "sell:sm:6", "sell:sm:6:1:8"])
    # Selling one 6 at 8 sets its price to 8 and pushes every cheaper value below it.
    assert state["prices"] == [3, 4, 5, 6, 7, 8]
    assert state["used"] == ["sell"] and state["turn"] == 0
    # "kupno kilku billboardów nr 5 po cenie aktualnej": Podgórze has three in the bank.
    state, _ = drive(state, 0, ["buy", "buy:pg:5", "buy:pg:5:3"])
    assert [state["owner"][b] for b in ("pg-5a", "pg-5b", "pg-5c")] == [0, 0, 0]
    assert state["money"][0] == 40 + 8 - 3 * 7
    assert state["prices"][4:] == [9, 10]  # 7 + 3 − 1, and the six pushed above it
    assert state["turn"] == 1, "a combo takes both actions: the turn is over"


def test_no_buying_a_value_in_a_district_just_sold_there():
    state = board(holdings={0: ["sm-6a"]}, cash=40)
    state, _ = drive(state, 0, ["sell", "sell:sm:6", "sell:sm:6:1"])
    state, _ = act(state, 0, "buy")
    offered = actions(state, 0)
    assert "buy:sm:6" not in offered and "buy:kz:6" in offered and "buy:sm:5" in offered
    assert "may not both buy and sell one kind in one turn" in refused(state, 0, "buy:sm:6")


def test_nor_selling_what_was_just_bought_there():
    state = board(holdings={0: ["sm-6a", "kz-1a"]}, cash=40)
    state, _ = drive(state, 0, ["buy", "buy:sm:6", "buy:sm:6:1"])
    state, _ = act(state, 0, "sell")
    assert "sell:sm:6" not in actions(state, 0) and "sell:kz:1" in actions(state, 0)
    assert "may not both buy and sell" in refused(state, 0, "sell:sm:6:1")


def test_the_ban_is_for_that_turn_only():
    state = board(players=2, holdings={0: ["sm-6a"], 1: ["kz-1a"]}, cash=40)
    state, _ = drive(state, 0, ["sell", "sell:sm:6", "sell:sm:6:1", "end"])
    state, _ = act(state, 1, "end")
    state, _ = act(state, 0, "buy")
    assert "buy:sm:6" in actions(state, 0)


def test_a_billboard_carrying_an_ad_cannot_be_sold():
    state = board(holdings={0: ["sm-6a", "sm-5a"]})
    state["ads"] = ["sm-6a"]
    state, _ = act(state, 0, "sell")
    assert "sell:sm:6" not in actions(state, 0) and "sell:sm:5" in actions(state, 0)
    assert "no Stare Miasto, value 6 billboard free of ads" in refused(state, 0, "sell:sm:6")


def test_at_most_one_buy_and_one_sell_a_turn():
    state = board(holdings={0: ["sm-6a", "sm-5a"]}, cash=40)
    state, _ = drive(state, 0, ["buy", "buy:kz:1", "buy:kz:1:1"])
    offered = actions(state, 0)
    assert "buy" not in offered and not any(a.startswith(("company:", "partner:")) for a in offered)
    assert "sell" in offered and any(a.startswith("ad:") for a in offered)
    assert "already bought this turn" in refused(state, 0, "buy")
    state, _ = act(state, 0, "end")
    assert state["turn"] == 1


def test_either_order_and_passing_completely_or_partly():
    state = board(holdings={0: ["sm-6a"]}, cash=40)
    state, events = act(state, 0, "end")
    assert events[0].text == "{p0} passes." and state["turn"] == 1
    state, _ = drive(state, 1, ["buy", "buy:kz:1", "buy:kz:1:1"])
    state, events = act(state, 1, "end")
    assert events[0].text == "{p1} ends the turn." and state["turn"] == 2


def test_buying_is_from_the_bank_only():
    state = board(players=2, holdings={1: ["kz-1a", "kz-1b"]}, cash=40)
    state, _ = act(state, 0, "buy")
    assert "buy:kz:1" not in actions(state, 0)  # both value-1s there are {p1}'s
    state["owner"]["pg-3a"] = "pink"
    assert "buy:pg:3" in actions(state, 0)  # pg-3b is the bank's
    state, _ = drive(state, 0, ["buy:pg:3", "buy:pg:3:1"])
    assert state["owner"]["pg-3b"] == 0 and state["owner"]["pg-3a"] == "pink"


def test_buying_needs_the_money():
    state = board(cash=5)
    state, _ = act(state, 0, "buy")
    assert "buy:sm:6" not in actions(state, 0) and "buy:sm:5" in actions(state, 0)
    state, _ = act(state, 0, "buy:sm:5")
    assert "buy:sm:5:1" in actions(state, 0) and "buy:sm:5:1:{}" not in actions(state, 0)
    assert "You have 5k" in refused(state, 0, "buy:sm:5:1:6")


def test_back_leaves_a_step_without_using_an_action():
    state = board(holdings={0: ["sm-6a"]})
    state, _ = drive(state, 0, ["sell", "sell:sm:6", "back"])
    assert state["step"] is None and state["used"] == []
    assert "sell" in actions(state, 0)


def test_turns_go_clockwise_round_the_table():
    state = board(players=4)
    order = []
    for _ in range(6):
        order.append(state["turn"])
        state, _ = act(state, state["turn"], "end")
    assert order == [0, 1, 2, 3, 0, 1]
