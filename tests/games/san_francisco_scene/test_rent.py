"""Rent is owed only when the owner claims it before the next player rolls (or, by option,
always)."""
import pytest

from bot.engine import IllegalMove

from .helpers import act, actions, choices, connect, fresh, game, own, put, set_cash


def landing_on_union_square(**options):
    state = fresh(3, **options)
    own(state, 2, "union-square")
    put(state, 0, "city-hall")
    events = act(state, 0, "roll", 1, 2)
    return state, events


def test_the_owner_is_offered_a_claim_without_being_waited_on():
    state, events = landing_on_union_square()
    assert state["claims"] == [{"number": 1, "owner": 2, "payer": 0, "space": "union-square",
                                "amount": 40_000, "turn": 1}]
    assert game().pending(state) == {1} and actions(state, 2) == ["claim:1"]
    assert "before the next player rolls" in " ".join(events)
    act(state, 2, "claim:1")
    assert state["seats"][2]["cash"] == 1_840_000 and state["seats"][0]["cash"] == 1_760_000
    assert state["claims"] == [] and actions(state, 2) == []


def test_the_claim_lapses_at_the_next_roll():
    state, _ = landing_on_union_square()
    assert state["turn"] == 1
    put(state, 1, "union-pacific-club")
    events = act(state, 1, "roll", 1, 2)
    assert "lapses" in " ".join(events)
    assert state["claims"] == [] and state["seats"][2]["cash"] == 1_800_000
    with pytest.raises(IllegalMove, match="no rent for you to claim"):
        game().apply(state, 2, "claim:1", None)


def test_automatic_rent_is_a_lobby_option():
    state, _ = landing_on_union_square(rent="auto")
    assert state["claims"] == []
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
    (claim,) = state["claims"]
    assert claim["owner"] == 1 and claim["amount"] == 20_000


def test_the_claim_button_names_the_rent():
    state, _ = landing_on_union_square()
    (claim,) = [c for c in choices(state, 2) if c.action == "claim:1"]
    assert claim.label == "Claim $40,000 rent on Union Square"


def claims_of(state, seat):
    return [c for c in choices(state, seat) if c.action.startswith("claim")]


def test_the_landers_own_doubles_roll_does_not_lapse_a_claim():
    """The sheet: no rent once the *next player* rolls. The lander's bonus roll is not that."""
    state = fresh(3)
    own(state, 2, "chinatown")
    own(state, 1, "spacific-telephone")
    put(state, 0, "city-hall")
    act(state, 0, "roll", 2, 2)  # doubles onto seat 2's Chinatown
    assert len(claims_of(state, 2)) == 1 and state["turn"] == 0
    act(state, 0, "roll", 1, 2)  # the bonus roll: onto seat 1's Spacific Telephone
    assert state["turn"] == 1
    (chinatown,) = claims_of(state, 2)
    (telephone,) = claims_of(state, 1)  # two claims open at once
    assert "Chinatown" in chinatown.label and "Spacific Telephone" in telephone.label
    act(state, 2, chinatown.action)
    assert state["seats"][2]["cash"] == 1_800_000 + 20_000
    # each lasts until the next player's roll, which lapses what is left
    put(state, 1, "union-pacific-club")
    events = act(state, 1, "roll", 1, 2)
    assert "lapses" in " ".join(events) and claims_of(state, 1) == [] and claims_of(state, 2) == []
    assert state["seats"][1]["cash"] == 1_800_000
    assert state["seats"][0]["cash"] == 1_800_000 - 20_000


def test_a_claim_on_a_card_the_public_fund_has_taken_is_void():
    """Cards held by the Fund earn nothing until collected, a claim opened before included."""
    state = fresh(3)
    own(state, 1, "chinatown")
    put(state, 1, "san-quentin")
    state["seats"][1].update(in_jail=True, jail_turns=3)
    set_cash(state, 1, 0)
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 3)  # seat 1's Chinatown; then seat 1 must pay the $80,000 fee
    assert state["owners"]["chinatown"] == "fund" and not state["seats"][1]["bankrupt"]
    assert claims_of(state, 1) == []
    with pytest.raises(IllegalMove):
        game().apply(state, 1, "claim", None)
    assert state["seats"][0]["cash"] == 1_800_000


def test_a_late_claim_pays_the_rent_due_when_the_token_landed():
    """The owner, next to roll, builds before claiming: the rent owed does not rise."""
    state = fresh(3)
    own(state, 1, "union-square", "chinatown")
    connect(state, 1, "politician", "attorney")
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 2)  # Union Square, undeveloped: $40,000
    assert state["turn"] == 1
    act(state, 1, "develop:union-square")
    (claim,) = claims_of(state, 1)
    assert claim.label == "Claim $40,000 rent on Union Square"
    act(state, 1, claim.action)
    assert state["seats"][0]["cash"] == 1_800_000 - 40_000


def test_the_rules_say_how_long_a_claim_lasts_and_what_a_late_one_pays():
    rules = game().rules_summary()
    assert "next player rolls" in rules and "when the token landed" in rules
