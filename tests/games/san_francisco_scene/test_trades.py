"""Trades between players: built in steps before the proposer's roll, private until answered."""
import copy
import json

import pytest

from bot.engine import IllegalMove, offers

from .helpers import act, actions, choices, fresh, game, own, put


def drafted(give=("union-square",), ask=("fremont",), cash=50_000):
    state = fresh(3)
    own(state, 0, "union-square", "chinatown", developments=0)
    state["developments"]["union-square"] = 2
    own(state, 1, "fremont")
    act(state, 0, "trade")
    act(state, 0, "trade-with:1")
    give_choice = next(c for c in choices(state, 0) if c.action == "trade-give:{}")
    act(state, 0, give_choice.fill(give))
    ask_choice = next(c for c in choices(state, 0) if c.action == "trade-ask:{}")
    act(state, 0, ask_choice.fill(ask))
    act(state, 0, f"trade-cash:{cash}")
    return state


def test_a_trade_is_built_whom_then_what_you_give_then_what_you_ask_then_cash():
    state = fresh(3)
    own(state, 0, "union-square")
    own(state, 1, "fremont")
    act(state, 0, "trade")
    assert sorted(actions(state, 0)) == ["trade-cancel", "trade-with:1", "trade-with:2"]
    act(state, 0, "trade-with:1")
    give = next(c for c in choices(state, 0) if c.action == "trade-give:{}")
    assert [v for v, _ in give.subset.options] == ["union-square"] and give.subset.minimum == 0
    act(state, 0, "trade-give:union-square")
    ask = next(c for c in choices(state, 0) if c.action == "trade-ask:{}")
    assert [v for v, _ in ask.subset.options] == ["fremont"]
    act(state, 0, "trade-ask:fremont")
    cash = next(c for c in choices(state, 0) if c.action == "trade-cash:{}")
    assert cash.amount.minimum == -1_800_000 and cash.amount.maximum == 1_800_000
    assert all(c.private for c in choices(state, 0))


def test_accepting_swaps_the_cards_with_their_developments_and_the_cash():
    state = drafted()
    assert state["phase"] == "offer" and game().pending(state) == {1}
    act(state, 1, offers.ACCEPT)
    assert state["owners"]["union-square"] == 1 and state["developments"]["union-square"] == 2
    assert state["owners"]["fremont"] == 0
    assert state["seats"][0]["cash"] == 1_750_000 and state["seats"][1]["cash"] == 1_850_000
    assert state["phase"] == "roll" and state["turn"] == 0 and "trade" not in actions(state, 0)


def test_negative_cash_asks_for_cash():
    state = drafted(give=("chinatown",), ask=(), cash=-200_000)
    act(state, 1, offers.ACCEPT)
    assert state["owners"]["chinatown"] == 1 and state["seats"][0]["cash"] == 2_000_000


def test_a_counter_changes_the_cash_and_a_decline_changes_nothing():
    state = drafted()
    act(state, 1, "offer:counter:-100000")  # seat 1 asks for $100,000
    assert game().pending(state) == {0} and state["offer"]["terms"]["a_pays"] == 100_000
    act(state, 0, offers.DECLINE)
    assert state["owners"]["union-square"] == 0 and state["seats"][0]["cash"] == 1_800_000


def test_the_table_sees_only_the_outcome():
    state = drafted()
    public = json.dumps(game().view(state, None))
    assert "fremont\"]" not in public and "50000" not in public and "a_pays" not in public
    assert game().view(state, None)["offer"] == {"by": 0, "to": 1, "kind": "trade"}
    assert game().view(state, 1)["my_offer"]["terms"]["a_pays"] == 50_000
    assert game().view(state, 2)["my_offer"] is None


def test_only_before_the_proposers_roll():
    state = fresh(3)
    put(state, 0, "city-hall")
    act(state, 0, "roll", 2, 2)
    act(state, 0, "buy")
    assert "trade" not in actions(state, 0)


def test_one_proposal_a_turn():
    state = drafted()
    act(state, 1, offers.DECLINE)
    assert "trade" not in actions(state, 0)


def test_a_card_under_an_open_rent_claim_is_encumbered():
    state = fresh(3)
    own(state, 0, "union-square", "chinatown")
    state["claims"] = [{"number": 1, "owner": 0, "payer": 2, "space": "union-square",
                        "amount": 40_000, "turn": 1}]
    act(state, 0, "trade")
    act(state, 0, "trade-with:1")
    give = next(c for c in choices(state, 0) if c.action == "trade-give:{}")
    assert [v for v, _ in give.subset.options] == ["chinatown"]


def test_a_trade_that_can_no_longer_happen_falls_through():
    state = drafted()
    state["owners"]["fremont"] = 2
    events = act(state, 1, offers.ACCEPT)
    assert "falls through" in " ".join(events)
    assert state["owners"]["union-square"] == 0


def test_no_loans_a_trade_moves_at_least_one_ownership_card():
    """Players may not loan money to each other: a pure cash transfer is no trade."""
    state = fresh(3)
    assert "trade" not in actions(state, 0)  # nobody holds a card: nothing to trade
    state["phase"], state["draft"] = "trade", {"step": "cash", "partner": 1, "give": [], "ask": []}
    assert actions(state, 0) == ["trade-cancel"]
    for cash in ("trade-cash:0", "trade-cash:50000", "trade-cash:-50000"):
        with pytest.raises(IllegalMove, match="loan"):
            game().apply(copy.deepcopy(state), 0, cash, None)


def test_giving_nothing_means_asking_for_at_least_one_card():
    state = fresh(3)
    own(state, 0, "union-square")
    own(state, 1, "fremont")
    act(state, 0, "trade")
    act(state, 0, "trade-with:1")
    give = next(c for c in choices(state, 0) if c.action == "trade-give:{}")
    assert give.subset.minimum == 0
    act(state, 0, "trade-give:")
    ask = next(c for c in choices(state, 0) if c.action == "trade-ask:{}")
    assert ask.subset.minimum == 1


def test_with_a_partner_without_cards_you_must_give_one():
    state = fresh(3)
    own(state, 0, "union-square")
    act(state, 0, "trade")
    act(state, 0, "trade-with:2")
    give = next(c for c in choices(state, 0) if c.action == "trade-give:{}")
    assert give.subset.minimum == 1
    state = fresh(3)
    own(state, 1, "fremont")
    act(state, 0, "trade")  # seat 0 has nothing: only a partner with a card to ask for
    assert sorted(actions(state, 0)) == ["trade-cancel", "trade-with:1"]


def test_whatever_the_trade_builder_offers_is_accepted():
    """Every step of every path through the builder, every offered filling at its bounds."""
    state = fresh(3)
    own(state, 0, "union-square")
    own(state, 1, "fremont")
    act(state, 0, "trade")
    frontier, seen = [state], 0
    while frontier:
        current = frontier.pop()
        if current["phase"] != "trade":
            continue
        for choice in choices(current, 0):
            for action in fillings(choice):
                after = copy.deepcopy(current)
                game().apply(after, 0, action, None)  # must not raise
                seen += 1
                frontier.append(after)
    assert seen > 10


def fillings(choice):
    if choice.amount is not None:
        amount = choice.amount
        return {choice.fill(amount.minimum), choice.fill(amount.maximum)} | (
            {choice.fill(0)} if amount.allows(0) else set())
    if choice.subset is not None:
        values = [value for value, _ in choice.subset.options]
        return {choice.fill(values[:size]) for size in range(choice.subset.minimum, len(values) + 1)}
    return {choice.action}


def test_cancelling_returns_to_the_turn():
    state = fresh(3)
    own(state, 1, "fremont")
    act(state, 0, "trade")
    act(state, 0, "trade-cancel")
    assert state["phase"] == "roll" and "trade" in actions(state, 0)
