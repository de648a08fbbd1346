"""Rent is owed only when the owner claims it before the next roll (or, by option, always)."""
import pytest

from bot.engine import IllegalMove

from .helpers import act, actions, choices, fresh, game, own, put


def landing_on_union_square(**options):
    state = fresh(3, **options)
    own(state, 2, "union-square")
    put(state, 0, "city-hall")
    events = act(state, 0, "roll", 1, 2)
    return state, events


def test_the_owner_is_offered_a_claim_without_being_waited_on():
    state, events = landing_on_union_square()
    assert state["claim"] == {"owner": 2, "payer": 0, "space": "union-square", "amount": 40_000}
    assert game().pending(state) == {1} and actions(state, 2) == ["claim"]
    assert "before the next roll" in " ".join(events)
    act(state, 2, "claim")
    assert state["seats"][2]["cash"] == 1_840_000 and state["seats"][0]["cash"] == 1_760_000
    assert state["claim"] is None and actions(state, 2) == []


def test_the_claim_lapses_at_the_next_roll():
    state, _ = landing_on_union_square()
    assert state["turn"] == 1
    put(state, 1, "union-pacific-club")
    events = act(state, 1, "roll", 1, 2)
    assert "lapses" in " ".join(events)
    assert state["claim"] is None and state["seats"][2]["cash"] == 1_800_000
    with pytest.raises(IllegalMove, match="no rent for you to claim"):
        game().apply(state, 2, "claim", None)


def test_automatic_rent_is_a_lobby_option():
    state, _ = landing_on_union_square(rent="auto")
    assert state["claim"] is None
    assert state["seats"][2]["cash"] == 1_840_000 and state["seats"][0]["cash"] == 1_760_000


def test_rent_rises_with_developments():
    state = fresh(3, rent="auto")
    own(state, 1, "union-square", developments=2)
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 2)
    assert state["seats"][1]["cash"] == 1_800_000 + 400_000


def test_cards_held_by_the_public_fund_earn_nothing():
    state = fresh(3, rent="auto")
    state["owners"]["union-square"] = "fund"
    put(state, 0, "city-hall")
    events = act(state, 0, "roll", 1, 2)
    assert state["seats"][0]["cash"] == 1_800_000 and "no rent" in " ".join(events)
    assert state["phase"] != "buy"


def test_spacific_telephone_charges_double_with_the_public_utilities_commission():
    for with_commission, paid in ((False, 30_000), (True, 60_000)):
        state = fresh(3, rent="auto")
        own(state, 1, "spacific-telephone")
        if with_commission:
            own(state, 1, "public-utilities-commission")
        put(state, 0, "city-hall")
        act(state, 0, "roll", 3, 4)
        assert state["seats"][0]["cash"] == 1_800_000 - paid


def test_a_gas_station_pays_substandard_oil_100_000_without_a_claim():
    state = fresh(3)
    own(state, 2, "substandard-oil")
    own(state, 1, "north-beach")
    state["gas"].append("north-beach")
    put(state, 0, "city-hall")
    act(state, 0, "roll", 3, 5)
    assert state["seats"][2]["cash"] == 1_900_000  # the station collects by itself
    assert state["claim"]["owner"] == 1 and state["claim"]["amount"] == 20_000


def test_the_claim_button_names_the_rent():
    state, _ = landing_on_union_square()
    (claim,) = [c for c in choices(state, 2) if c.action == "claim"]
    assert claim.label == "Claim $40,000 rent on Union Square"
