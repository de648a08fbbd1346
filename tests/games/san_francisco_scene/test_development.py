"""Developing before one's roll: connections, starred pairs, the cap, Substandard Oil."""
import pytest

from bot.engine import IllegalMove

from .helpers import act, actions, connect, fresh, game, own, put


def developer(players=3):
    state = fresh(players)
    own(state, 0, "union-square")
    connect(state, 0, "membership-chairman", "attorney")
    return state


def test_development_is_offered_before_the_roll_and_costs_the_development_cost():
    state = developer()
    assert "develop:union-square" in actions(state, 0)
    bank = state["bank"]
    act(state, 0, "develop:union-square")
    assert state["developments"]["union-square"] == 1
    assert state["seats"][0]["cash"] == 1_600_000 and state["bank"] == bank + 200_000
    assert state["turn"] == 0 and state["phase"] == "roll"


def test_not_after_the_roll():
    state = developer()
    put(state, 0, "city-hall")
    act(state, 0, "roll", 2, 2)  # doubles: Chinatown, then a roll again
    act(state, 0, "buy")
    assert state["turn"] == 0 and actions(state, 0) == ["roll"]
    with pytest.raises(IllegalMove):
        game().apply(state, 0, "develop:union-square", None)


def test_connections_from_two_other_players_are_needed():
    state = fresh(3)
    own(state, 0, "union-square")
    connect(state, 0, "membership-chairman")
    assert "develop:union-square" not in actions(state, 0)
    with pytest.raises(IllegalMove, match="two other interest groups"):
        game().apply(state, 0, "develop:union-square", None)
    connect(state, 0, "politician")  # his own group: it does not count
    assert "develop:union-square" not in actions(state, 0)
    connect(state, 0, "attorney")
    assert "develop:union-square" in actions(state, 0)


def test_with_two_players_cards_of_two_groups_you_do_not_hold_count():
    state = fresh(2)  # seat 0: Politician and Attorney; seat 1 the other two
    own(state, 0, "union-square")
    connect(state, 0, "membership-chairman")
    assert "develop:union-square" not in actions(state, 0)
    connect(state, 0, "labor-leader")
    assert "develop:union-square" in actions(state, 0)


def test_a_starred_property_needs_both_of_its_corner():
    state = fresh(3)
    connect(state, 0, "membership-chairman", "attorney")
    own(state, 0, "hayward")
    with pytest.raises(IllegalMove, match="you need Walnut Creek too"):
        game().apply(state, 0, "develop:hayward", None)
    own(state, 0, "walnut-creek")
    assert {"develop:hayward", "develop:walnut-creek"} <= set(actions(state, 0))


def test_developments_are_capped_at_four():
    state = developer()
    state["developments"]["union-square"] = 4
    with pytest.raises(IllegalMove, match="4 developments"):
        game().apply(state, 0, "develop:union-square", None)


def test_substandard_oil_is_never_developed_but_builds_gas_stations_on_chevron_properties():
    state = developer()
    own(state, 0, "substandard-oil")
    own(state, 1, "sausalito")
    assert "develop:substandard-oil" not in actions(state, 0)
    with pytest.raises(IllegalMove, match="cannot be developed"):
        game().apply(state, 0, "develop:substandard-oil", None)
    gas = sorted(a for a in actions(state, 0) if a.startswith("gas:"))
    assert gas == sorted(f"gas:{s.id}" for s in game().board.chevrons)
    act(state, 0, "gas:sausalito")  # on another player's property
    assert state["gas"] == ["sausalito"] and state["seats"][0]["cash"] == 1_700_000
    assert "gas:sausalito" not in actions(state, 0)
    with pytest.raises(IllegalMove, match="Chevron"):
        game().apply(state, 0, "gas:union-square", None)


def test_only_substandard_oils_owner_builds_gas_stations():
    state = developer()
    assert not [a for a in actions(state, 0) if a.startswith("gas:")]
    with pytest.raises(IllegalMove, match="owner of Substandard Oil"):
        game().apply(state, 0, "gas:sausalito", None)


def test_you_need_the_cash():
    state = developer()
    state["bank"] += state["seats"][0]["cash"] - 150_000
    state["seats"][0]["cash"] = 150_000
    with pytest.raises(IllegalMove, match=r"You have \$150,000; a development on Union Square costs"):
        game().apply(state, 0, "develop:union-square", None)
