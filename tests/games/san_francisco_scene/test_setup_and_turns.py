"""Set-up (cash, interest groups by the opening roll, start spaces) and the turn order."""
import pytest

from bot.engine import new_game
from bot.games.san_francisco_scene.rules import _assign_groups, _opening_roll

from .helpers import Dice, act, actions, fresh, game, put, texts


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_everyone_starts_with_1_800_000_and_money_adds_up(players):
    state = new_game(game(), players, {}, 3)
    assert [p["cash"] for p in state["seats"]] == [1_800_000] * players
    assert state["bank"] + sum(p["cash"] for p in state["seats"]) == game().board.rules.bank_cash


def test_the_opening_roll_ranks_the_groups_from_highest_to_lowest():
    told = []
    order = _opening_roll([0, 1, 2, 3], Dice(2, 3, 6, 6, 4, 4, 1, 1), told)
    assert order == [1, 2, 0, 3]
    holders = _assign_groups(order)
    assert holders == {"politician": 1, "membership-chairman": 2, "attorney": 0, "labor-leader": 3}


def test_ties_in_the_opening_roll_roll_again_and_are_announced():
    told = []
    order = _opening_roll([0, 1, 2], Dice(3, 4, 3, 4, 1, 1, 6, 6, 1, 2), told)
    assert order == [0, 1, 2]
    assert any("tie at 7 and roll again" in line for line in told)


def test_two_players_hold_two_groups_three_have_no_labor_leader_five_leave_one_out():
    assert _assign_groups([1, 0]) == {"politician": 1, "membership-chairman": 0, "attorney": 1,
                                      "labor-leader": 0}
    assert _assign_groups([2, 0, 1])["labor-leader"] is None
    five = _assign_groups([4, 3, 2, 1, 0])
    assert 0 not in five.values() and set(five.values()) == {1, 2, 3, 4}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_tokens_start_on_their_home_base_and_the_politician_rolls_first(players):
    g = game()
    state = new_game(g, players, {}, 11)
    politician = state["holders"]["politician"]
    assert state["turn"] == politician and g.pending(state) == {politician}
    for player in state["seats"]:
        home = g.board.groups[player["groups"][0]].home if player["groups"] else "city-hall"
        assert player["space"] == home
    opening = g.opening_events(state)[0].text
    assert "Opening roll" in opening and "rolls first" in opening


def test_two_dice_clockwise_then_play_passes_left():
    state = fresh(3)
    put(state, 0, "city-hall")
    act(state, 0, "roll", 2, 1)
    assert state["seats"][0]["space"] == "union-square"
    assert state["turn"] == 0 and state["phase"] == "buy"
    act(state, 0, "auction")
    for seat in (1, 2, 0):
        act(state, seat, "pass")
    assert state["turn"] == 1


def top_card(state, card_id):
    state["deck"].remove(card_id)
    state["deck"].insert(0, card_id)


def test_doubles_roll_again_and_the_third_double_goes_to_san_quentin():
    state = fresh(3)
    put(state, 0, "city-hall")
    act(state, 0, "roll", 2, 2)  # Chinatown
    act(state, 0, "buy")
    assert state["turn"] == 0 and actions(state, 0) == ["roll"]
    act(state, 0, "roll", 4, 4)  # Fisherman’s Wharf
    act(state, 0, "buy")
    assert state["phase"] == "favour"  # doubles twice in a row: a Connection Card on offer
    act(state, 0, "skip")
    events = act(state, 0, "roll", 4, 4)
    assert "three doubles in a row" in texts(events)
    assert state["seats"][0]["in_jail"] and state["seats"][0]["space"] == "san-quentin"
    assert state["turn"] == 1


def test_passing_city_hall_pays_on_a_roll_and_on_a_cable_car_card():
    state = fresh(3)
    top_card(state, "tax-refund")
    put(state, 0, "candlestick-park")
    cash = state["seats"][0]["cash"]
    events = act(state, 0, "roll", 1, 2)  # 39 -> 2, a Cable Car space
    assert "passes City Hall and collects $100,000" in texts(events)
    assert state["seats"][0]["cash"] == cash + 100_000 + 50_000

    state = fresh(3)
    top_card(state, "city-hall-summons")
    put(state, 0, "hayward")
    cash = state["seats"][0]["cash"]
    events = act(state, 0, "roll", 1, 1)  # 31 -> 33, a Cable Car space, then City Hall
    assert state["seats"][0]["space"] == "city-hall"
    assert state["seats"][0]["cash"] == cash + 100_000
    assert "passes City Hall" in texts(events)


def test_a_roll_short_of_city_hall_pays_nothing():
    state = fresh(3)
    put(state, 0, "hayward")
    cash = state["seats"][0]["cash"]
    events = act(state, 0, "roll", 1, 2)  # 31 -> 34, San Jose
    assert "City Hall" not in texts(events) and state["seats"][0]["cash"] == cash


def test_a_lost_turn_is_skipped():
    state = fresh(3)
    state["seats"][1]["skip_turns"] = 1
    put(state, 0, "city-hall")
    act(state, 0, "roll", 4, 5)  # Russian Hill
    events = act(state, 0, "buy")
    assert state["turn"] == 2 and state["seats"][1]["skip_turns"] == 0
    assert "{p1} loses this turn." in events


def test_a_lose_a_turn_card_costs_the_next_turn():
    state = fresh(3)
    top_card(state, "bart-strike")
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 1)  # Cable Car; doubles, but the card is read first
    assert state["seats"][0]["skip_turns"] == 1
