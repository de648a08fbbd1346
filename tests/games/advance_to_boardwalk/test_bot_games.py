"""Seeded bot games with invariants after every move; replay; views that leak nothing."""

import json

import pytest

from bot.engine import new_game, play, rng_for
from tests.engine_checks import assert_replays, play_bot_game

from .helpers import bot, check_invariants, game

GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(67)][:200]


def test_two_hundred_bot_games_finish_with_invariants_after_every_move():
    g, b = game(), bot()
    reasons = set()
    for players, seed in GAMES:
        state, _log = play_bot_game(g, b, players, seed, invariant=check_invariants)
        assert g.result(state) is not None
        reasons.add(state["end_reason"])
    assert len(GAMES) == 200 and reasons == {"track", "units"}


@pytest.mark.parametrize("players, seed", [(2, 101), (3, 102), (4, 103)])
def test_replaying_the_log_gives_the_final_state(players, seed):
    state, log = play_bot_game(game(), bot(), players, seed)
    assert_replays(game(), players, seed, log, state)


@pytest.mark.parametrize("players, seed", [(2, 7), (4, 8)])
def test_public_view_never_shows_a_card_in_hand(players, seed):
    g, b = game(), bot()
    state = new_game(g, players, {}, seed)
    while g.result(state) is None:
        public = json.dumps(g.view(state, None))
        for hand in state["hands"]:
            for card in hand:
                assert f'"{card}"' not in public
        assert 'draw_pile": [' not in public  # the pile's order is not shown, only its size
        for seat in range(players):
            private = g.view(state, seat)
            assert [c["id"] for c in private["hand"]] == state["hands"][seat]
        seat = next(iter(g.pending(state)))
        for choice in g.legal(state, seat):
            assert len(choice.label) <= 80 and len(choice.action) <= 64
            if choice.action.startswith("card:"):
                assert choice.private
        state, events = play(g, state, seat, b.choose(state, seat, rng_for(seed, state["_move"])))
        for event in events:
            if event.public:
                assert "You drew" not in event.text


def test_nobody_but_the_current_player_has_choices():
    g = game()
    state = new_game(g, 3, {}, 5)
    assert g.pending(state) == {state["turn"]}
    for seat in range(3):
        if seat != state["turn"]:
            assert g.legal(state, seat) == []
            assert "Wait" in g.prompt(state, seat)


def test_public_view_shows_the_table():
    g = game()
    state = new_game(g, 3, {}, 12)
    view = g.view(state, None)
    for key in (
        "zones",
        "track",
        "seats",
        "units_start",
        "draw_pile",
        "discard_pile",
        "roll",
        "turn",
        "phase",
        "log",
        "status",
    ):
        assert key in view
    prop = view["zones"][0]["properties"][0]
    assert set(prop) == {"id", "name", "value", "stack", "owner"}
    assert set(view["seats"][0]) == {
        "seat",
        "token",
        "value",
        "properties",
        "units_left",
        "hand_size",
    }
    assert view["draw_pile"] == len(state["draw_pile"])


class RandomPolicy:
    """Any legal move at all: walks the odd paths (back, useless cards) the sensible bot avoids."""

    def __init__(self, g):
        self.game = g

    def choose(self, state, seat, rng):
        return rng.choice([choice.action for choice in self.game.legal(state, seat)])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_legal_play_keeps_the_invariants(players):
    g = game()
    for seed in range(10):
        play_bot_game(g, RandomPolicy(g), players, 500 + seed, invariant=check_invariants)
