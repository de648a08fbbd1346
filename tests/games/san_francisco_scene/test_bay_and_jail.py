"""The bridges' one-die crossings along the sailboat routes, and San Quentin."""
from .helpers import act, actions, choices, fresh, put, set_cash, texts


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


def test_one_die_sails_but_halts_at_the_next_stop():
    state = on_bridge("golden-gate-bridge")
    state["deck"].insert(0, state["deck"].pop(state["deck"].index("tax-refund")))
    assert "Throw one die and sail" in [c.label for c in choices(state, 0)]
    events = act(state, 0, "roll", 6)
    assert state["dice"] == [6]
    assert state["seats"][0]["space"] == "alcatraz"  # a 6 still halts at Alcatraz
    assert "draws a Cable Car card" in texts(events)


def test_a_low_die_leaves_the_token_on_a_sailboat():
    state = on_bridge("bay-bridge")
    act(state, 0, "roll", 2)
    assert state["seats"][0]["space"] == "bay-bridge-sail-2"
    state = on_bridge("bay-bridge")
    state["deck"].insert(0, state["deck"].pop(state["deck"].index("tax-refund")))
    act(state, 0, "roll", 3)
    assert state["seats"][0]["space"] == "yerba-buena-island"


def test_the_bay_bridge_route_ends_on_the_san_mateo_bridge():
    state = fresh(3)
    put(state, 0, "yerba-buena-island")
    act(state, 0, "roll", 6)
    assert state["seats"][0]["space"] == "san-mateo-bridge" and state["seats"][0]["route"] is None
    state["turn"], state["phase"], state["rolled"] = 0, "roll", False
    act(state, 0, "roll", 1, 3)  # two dice again from the loop: 35 + 4
    assert state["seats"][0]["space"] == "candlestick-park"


def test_the_golden_gate_route_stops_at_angel_island_then_san_quentin():
    state = fresh(3)
    put(state, 0, "alcatraz")
    state["deck"].insert(0, state["deck"].pop(state["deck"].index("tax-refund")))
    act(state, 0, "roll", 5)
    assert state["seats"][0]["space"] == "angel-island"
    state["turn"], state["phase"], state["rolled"] = 0, "roll", False
    events = act(state, 0, "roll", 4)
    assert state["seats"][0]["space"] == "san-quentin" and state["seats"][0]["in_jail"]
    assert "San Quentin" in texts(events)


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
