"""The bridges' one-die crossings along the sailboat routes, and San Quentin."""
import pytest

from .helpers import act, actions, board, choices, fresh, game, put, set_cash, texts


def on_bridge(bridge, seat=0):
    state = fresh(3)
    put(state, seat, bridge)
    return state


def test_landing_on_a_bridge_means_one_die_next_turn():
    state = fresh(3)
    put(state, 0, "fishermans-wharf")
    act(state, 0, "roll", 1, 2)  # 12 + 3 = 15, the Golden Gate Bridge
    assert state["seats"][0]["route"] == "golden-gate" and state["turn"] == 1


def test_landing_on_a_bridge_with_doubles_ends_the_turn():
    state = fresh(3)
    put(state, 0, "cable-car-2")
    act(state, 0, "roll", 1, 1)  # 13 + 2 = 15
    assert state["seats"][0]["route"] == "golden-gate" and state["turn"] == 1


#: The die from each bridge (data/san-francisco-scene/board.toml): the face counts the marked
#: stops of the crossing, its far bridge, then the loop past that bridge.
FACES = {
    "golden-gate-bridge": ["alcatraz", "angel-island", "san-quentin", "richmond-bridge",
                           "substandard-oil", "university-of-california"],
    "bay-bridge": ["yerba-buena-island", "san-mateo-bridge", "stanford", "hillsborough",
                   "public-utilities-commission", "candlestick-park"],
}


def top_card(state, card_id):
    state["deck"].remove(card_id)
    state["deck"].insert(0, card_id)


@pytest.mark.parametrize("bridge", FACES)
@pytest.mark.parametrize("face", range(1, 7))
def test_each_face_of_the_die_stops_the_token_where_marked(bridge, face):
    state = on_bridge(bridge)
    top_card(state, "tax-refund")
    assert "Throw one die and sail" in [c.label for c in choices(state, 0)]
    act(state, 0, "roll", face)
    player = state["seats"][0]
    assert state["dice"] == [face] and player["space"] == FACES[bridge][face - 1]
    assert player["route"] is None  # no second throw of one die: the crossing is made
    assert board().spaces[player["space"]].kind != "sailboat"


def test_every_stop_the_sheet_names_can_be_reached_by_the_throw():
    for route in board().routes.values():
        assert [s for s in route.faces if s in route.stops] == list(route.stops)
        assert route.exit in route.faces


def test_the_view_and_the_rules_give_the_table():
    view = game().view(fresh(3), None)
    assert {r["bridge"]: r["faces"] for r in view["routes"]} == FACES
    rules = game().rules_summary()
    assert "1 Alcatraz, 2 Angel Island, 3 San Quentin, 4 Richmond–San Rafael Bridge" in rules
    assert "1 Yerba Buena Island, 2 San Mateo Bridge" in rules


def test_the_islands_draw_a_card_and_san_quentin_jails():
    state = on_bridge("golden-gate-bridge")
    top_card(state, "tax-refund")
    events = act(state, 0, "roll", 2)
    assert state["seats"][0]["space"] == "angel-island" and "draws a Cable Car card" in texts(events)
    state = on_bridge("golden-gate-bridge")
    act(state, 0, "roll", 3)
    assert state["seats"][0]["space"] == "san-quentin" and state["seats"][0]["in_jail"]


def test_from_a_stop_the_next_turn_is_two_dice_from_the_far_bridge():
    for bridge, dice, reached in (("golden-gate-bridge", (1, 2), "jack-london-square"),  # 23 + 3
                                  ("bay-bridge", (1, 3), "candlestick-park")):  # 35 + 4
        state = on_bridge(bridge)
        top_card(state, "tax-refund")
        act(state, 0, "roll", 1)  # the island
        state.update(turn=0, phase="roll", rolled=False)
        assert "Roll the dice" in [c.label for c in choices(state, 0)]
        act(state, 0, "roll", *dice)
        assert state["seats"][0]["space"] == reached


def test_a_face_past_the_far_bridge_lands_on_the_loop():
    state = on_bridge("bay-bridge")
    act(state, 0, "roll", 4)
    assert state["seats"][0]["space"] == "hillsborough" and state["phase"] == "buy"
    state = on_bridge("bay-bridge")
    act(state, 0, "roll", 2)  # the far bridge itself: nothing happens there
    assert state["seats"][0]["space"] == "san-mateo-bridge" and state["turn"] == 1


def test_a_cable_car_card_drawn_in_the_bay_goes_straight_there_past_nothing():
    """Not round the board through City Hall for $100,000: the token crosses the water."""
    state = on_bridge("golden-gate-bridge")
    top_card(state, "powell-street")
    events = act(state, 0, "roll", 1)  # Alcatraz: Union Square
    assert state["seats"][0]["space"] == "union-square" and state["phase"] == "buy"
    assert state["seats"][0]["cash"] == 1_800_000 and "passes City Hall" not in texts(events)
    state = on_bridge("bay-bridge")
    top_card(state, "sausalito-ferry")
    act(state, 0, "roll", 1)  # Yerba Buena Island: Sausalito
    assert state["seats"][0]["space"] == "sausalito" and state["seats"][0]["cash"] == 1_800_000
    state = on_bridge("golden-gate-bridge")
    top_card(state, "city-hall-summons")
    act(state, 0, "roll", 2)  # Angel Island: City Hall itself is reached, and pays
    assert state["seats"][0]["space"] == "city-hall" and state["seats"][0]["cash"] == 1_900_000


def jailed():
    state = fresh(3)
    put(state, 0, "san-quentin")
    state["seats"][0].update(in_jail=True, jail_turns=0)
    return state


def test_doubles_get_you_out_and_move_you_from_the_richmond_bridge():
    state = jailed()
    assert "bail" in actions(state, 0)
    act(state, 0, "roll", 2, 2)  # out, then 23 + 4 = 27, the Bay Bridge
    player = state["seats"][0]
    assert not player["in_jail"] and player["space"] == "bay-bridge"
    assert state["turn"] == 1  # doubles out of jail do not roll again


def test_no_doubles_is_a_failed_turn():
    state = jailed()
    act(state, 0, "roll", 2, 3)
    assert state["seats"][0]["in_jail"] and state["seats"][0]["jail_turns"] == 1
    assert state["turn"] == 1


def test_paying_80_000_to_the_public_fund_lets_you_out_then_you_roll():
    state = jailed()
    cash = state["seats"][0]["cash"]
    act(state, 0, "bail")
    assert state["fund"] == 80_000 and state["seats"][0]["cash"] == cash - 80_000
    assert state["seats"][0]["space"] == "richmond-bridge" and not state["seats"][0]["in_jail"]
    act(state, 0, "roll", 1, 2)
    assert state["seats"][0]["space"] == "jack-london-square"


def test_after_three_failed_turns_you_pay_and_leave_before_the_fourth():
    state = jailed()
    state["seats"][0]["jail_turns"] = 3
    state["turn"] = 2
    state["phase"] = "roll"
    put(state, 2, "city-hall")
    act(state, 2, "roll", 1, 2)
    act(state, 2, "auction")
    for seat in (0, 1, 2):
        act(state, seat, "pass")
    assert state["turn"] == 0
    assert state["fund"] == 80_000 and not state["seats"][0]["in_jail"]
    assert state["seats"][0]["space"] == "richmond-bridge"


def test_without_80_000_you_cannot_choose_to_pay():
    state = jailed()
    set_cash(state, 0, 70_000)
    assert "bail" not in actions(state, 0)
