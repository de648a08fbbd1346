"""Set-up, the first player, the dice and the order of play."""

import copy
from collections import Counter

import pytest

from bot.engine import new_game, rng_for
from bot.games.advance_to_boardwalk.turn import COLOUR_FACES, roll_dice

from .helpers import ScriptedRng, act, fresh, game, give, roll


@pytest.mark.parametrize("players, units", [(2, 20), (3, 16), (4, 14)])
def test_hotel_units_by_player_count(players, units):
    state = new_game(game(), players, {}, 3)
    assert state["supply"] == [units] * players
    assert state["start_units"] == units


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    from bot.engine import IllegalMove

    with pytest.raises(IllegalMove):
        new_game(game(), players, {}, 3)


def test_everyone_starts_with_two_secret_fortune_cards():
    state = new_game(game(), 4, {}, 8)
    dealt = [len(hand) for hand in state["hands"]]
    first = state["turn"]
    # The first player may already have drawn for an F roll or an F space.
    assert all(n == 2 for seat, n in enumerate(dealt) if seat != first)
    assert len(state["draw_pile"]) + sum(dealt) == 28
    public = game().view(state, None)
    assert "hand" not in public and [s["hand_size"] for s in public["seats"]] == dealt


def test_first_player_is_the_highest_roll_of_the_numbered_dice():
    state = fresh(3)
    rng = ScriptedRng([2, 3, 6, 5, 1, 1])  # seat 0: 5, seat 1: 11, seat 2: 2
    assert game()._first_player(state, rng) == 1


def test_ties_for_highest_roll_again_among_the_tied_only():
    state = fresh(3)
    state["first_player_rolls"] = []
    # seat 0: 12, seat 1: 12, seat 2: 2 -> tie; re-roll seats 0 and 1: 6 and 10.
    rng = ScriptedRng([6, 6, 6, 6, 1, 1, 3, 3, 5, 5])
    assert game()._first_player(state, rng) == 1
    assert state["first_player_rolls"] == [{"0": 12, "1": 12, "2": 2}, {"0": 6, "1": 10}]
    assert rng.ints == []


def test_play_passes_left():
    state = fresh(3)
    roll(state, 2, [1, 1], "F")  # F: straight to the Fortune step
    act(state, 2, "end", ScriptedRng([2, 2], ["red"]))
    assert state["turn"] == 0 and state["phase"] == "build"


def test_the_colour_die_has_four_colours_wild_and_fortune():
    assert COLOUR_FACES == ("red", "blue", "yellow", "green", "W", "F")
    seen, numbers = Counter(), Counter()
    base = fresh(2)
    give(base, 0, "insurance")  # a card in hand: the turn waits for its player after any roll
    for move in range(300):
        state = copy.deepcopy(base)
        state["turn"] = 0
        roll_dice(game().board, state, rng_for(9, move), [])
        seen[state["roll"]["colour"]] += 1
        numbers.update(state["roll"]["dice"])
    assert set(seen) == set(COLOUR_FACES)
    assert set(numbers) == {1, 2, 3, 4, 5, 6}


def test_roll_is_public_in_events_and_view():
    state = fresh(2)
    events = roll(state, 0, [4, 3], "blue")
    assert "4 + 3 = $7M" in events[0].text and events[0].public
    view = game().view(state, None)
    assert view["roll"] == {"dice": [4, 3], "colour": "blue", "total": 7}
    assert view["turn"] == 0 and view["phase"] == "build"
