"""Connection Cards: at another player's Home Base (negotiated or fixed), for doubles twice in a
row, at Stanford or University of California; and taking a group over (5+ players)."""
from bot.engine import SYSTEM_SEAT, offers

from .helpers import act, actions, choices, fresh, game, put, set_cash


def landed_on_home(**options):
    state = fresh(3, **options)
    put(state, 0, "north-beach")
    act(state, 0, "roll", 1, 1)  # 8 + 2 = 10: the Membership Chairman's Home Base
    assert state["phase"] == "home"
    return state


def test_landing_on_another_home_base_offers_a_negotiated_price():
    state = landed_on_home()
    offer_choice = next(c for c in choices(state, 0) if c.action == "connect:{}")
    assert offer_choice.amount.minimum == 0 and offer_choice.amount.step == 10_000
    events = act(state, 0, "connect:70000")
    assert state["phase"] == "offer" and game().pending(state) == {1}
    assert "70,000" not in " ".join(events[:1])  # the table hears of an offer, not its price
    assert game().view(state, None)["offer"] == {"by": 0, "to": 1, "kind": "connection"}
    act(state, 1, offers.ACCEPT)
    assert state["seats"][0]["connections"] == ["membership-chairman"]
    assert state["seats"][0]["cash"] == 1_730_000 and state["seats"][1]["cash"] == 1_870_000
    assert state["phase"] == "roll" and state["turn"] == 0  # doubles: the turn goes on


def test_a_counter_offer_swaps_the_roles_and_a_decline_ends_it():
    state = landed_on_home()
    act(state, 0, "connect:50000")
    act(state, 1, "offer:counter:120000")
    assert game().pending(state) == {0} and state["offer"]["terms"]["price"] == 120_000
    act(state, 0, offers.DECLINE)
    assert state["seats"][0]["connections"] == [] and state["offer"] is None
    assert state["seats"][0]["cash"] == 1_800_000


def test_an_unanswered_offer_expires():
    g = game()
    state = landed_on_home(offer_hours=6)
    act(state, 0, "connect:50000")
    (deadline,) = g.deadlines(state)
    assert deadline.seconds == 6 * 3600 and deadline.action == offers.EXPIRE
    act(state, SYSTEM_SEAT, offers.EXPIRE)
    assert state["offer"] is None and state["seats"][0]["connections"] == []


def test_offers_go_back_and_forth_at_most_three_rounds():
    state = landed_on_home()
    act(state, 0, "connect:50000")
    act(state, 1, "offer:counter:120000")
    act(state, 0, "offer:counter:90000")
    assert offers.ACCEPT in actions(state, 1)
    assert not any(a.startswith("offer:counter") for a in actions(state, 1))


def test_the_fixed_price_variant_pays_100_000_to_the_holder():
    state = landed_on_home(connection_price="fixed")
    assert "connect" in actions(state, 0) and "connect:{}" not in actions(state, 0)
    act(state, 0, "connect")
    assert state["seats"][1]["cash"] == 1_900_000 and state["seats"][0]["connections"] == [
        "membership-chairman"]


def test_no_connection_card_at_your_own_home_base_or_a_group_nobody_holds():
    state = fresh(3)  # three players: nobody is the Labor Leader
    put(state, 0, "hillsborough")
    act(state, 0, "roll", 1, 2)  # 37 + 3 = 0, City Hall, his own
    assert state["phase"] != "home"
    state = fresh(3)
    put(state, 0, "piedmont")
    act(state, 0, "roll", 1, 1)  # 28 + 2 = 30, the Labor Council
    assert state["phase"] != "home"


def test_doubles_twice_in_a_row_buy_a_card_from_the_player_of_your_choice():
    state = fresh(3)
    put(state, 0, "city-hall")
    act(state, 0, "roll", 2, 2)  # Chinatown
    act(state, 0, "buy")
    act(state, 0, "roll", 4, 4)  # Fisherman's Wharf
    act(state, 0, "buy")
    assert state["phase"] == "favour"
    assert {"connection:membership-chairman", "connection:attorney"} <= set(actions(state, 0))
    act(state, 0, "connection:attorney")
    assert state["fund"] == 100_000 and state["seats"][0]["connections"] == ["attorney"]
    assert state["seats"][2]["cash"] == 1_800_000  # the Public Fund is paid, not the holder


def test_stanford_sells_a_connection_card_for_100_000_to_the_fund():
    state = fresh(4)
    put(state, 0, "san-jose")
    act(state, 0, "roll", 1, 1)  # 34 + 2 = 36, Stanford
    assert state["phase"] == "college"
    assert sorted(a for a in actions(state, 0) if a.startswith("connection:")) == [
        "connection:attorney", "connection:labor-leader", "connection:membership-chairman"]
    act(state, 0, "connection:labor-leader")
    assert state["fund"] == 100_000 and "labor-leader" in state["seats"][0]["connections"]


def test_with_five_players_a_player_without_a_group_takes_one_over_at_a_college():
    state = fresh(5)
    assert state["seats"][4]["groups"] == []
    state["turn"] = 4
    state["seats"][4]["connections"] = ["attorney"]
    put(state, 4, "richmond-bridge")
    act(state, 4, "roll", 1, 1)  # 23 + 2 = 25, University of California
    assert "represent:attorney" in actions(state, 4)
    act(state, 4, "represent:attorney")
    assert state["holders"]["attorney"] == 4 and state["seats"][2]["groups"] == []
    assert state["seats"][4]["groups"] == ["attorney"]
    assert "attorney" not in state["seats"][4]["connections"]  # never one from himself


def test_fewer_than_five_players_take_no_group_over():
    state = fresh(4)
    put(state, 0, "richmond-bridge")
    act(state, 0, "roll", 1, 1)
    assert not [a for a in actions(state, 0) if a.startswith("represent:")]


def test_without_100_000_the_college_offers_nothing():
    state = fresh(4)
    set_cash(state, 0, 90_000)
    put(state, 0, "richmond-bridge")
    events = act(state, 0, "roll", 1, 1)  # University of California
    assert state["seats"][0]["space"] == "university-of-california"
    assert state["phase"] == "roll" and state["turn"] == 0, events  # doubles: roll again
