"""The strong level finishes whole games of every title with their invariants, and decides
the same way for the same seed and budget (a budget in samples: no clock)."""
from __future__ import annotations

import random

import pytest

from bot.engine import State, new_game, play, rng_for
from bot.engine.search import Budget, SearchPolicy
from bot.games import registry
from tests.engine_checks import assert_replays, play_bot_game
from tests.games.advance_to_boardwalk.helpers import check_invariants as boardwalk_invariants
from tests.games.billboard.helpers import invariant as billboard_invariant
from tests.games.billboard.helpers import money_total
from tests.games.hollywood_1947.test_bot_games import conserved
from tests.games.hollywood_boulevard.test_bot_games import invariant as boulevard_invariant
from tests.games.san_francisco_scene.helpers import check_invariants as scene_invariants

#: Enough to search (every candidate played a few moves ahead), little enough for a test.
SMALL = Budget(samples=2, seconds=None, depth=6, candidates=3)


class Mixed:
    """Strong bots in ``strong`` seats, normal ones elsewhere (a lobby's Add bot does this)."""

    def __init__(self, game_id: str, strong_seats: set[int]) -> None:
        self.normal, self.strong = registry.bots(game_id, budget=SMALL)
        self.strong_seats = strong_seats

    def choose(self, state: State, seat: int, rng: random.Random) -> str:
        return (self.strong if seat in self.strong_seats else self.normal).choose(state, seat, rng)


def _billboard_check(state: State) -> None:
    billboard_invariant(state, _billboard_check.total)  # type: ignore[attr-defined]


INVARIANTS = {
    "advance-to-boardwalk": boardwalk_invariants,
    "hollywood-boulevard": boulevard_invariant,
    "hollywood-1947": conserved,
    "san-francisco-scene": scene_invariants,
    "billboard": _billboard_check,
}


@pytest.mark.parametrize(("game_id", "players"), [
    ("advance-to-boardwalk", 3), ("hollywood-boulevard", 3), ("hollywood-1947", 5),
    ("san-francisco-scene", 3), ("billboard", 3)])
def test_a_game_with_strong_bots_finishes_with_its_invariants(game_id: str, players: int) -> None:
    game = registry.game(game_id)
    seed = 11
    if game_id == "billboard":
        _billboard_check.total = money_total(new_game(game, players, None, seed))  # type: ignore[attr-defined]
    options = {"hollywood-boulevard": {"rounds": 4}, "san-francisco-scene": {"rounds": 5}}.get(game_id)
    final, log = play_bot_game(game, Mixed(game_id, {0}), players, seed, options,
                               invariant=INVARIANTS[game_id])
    assert game.result(final) is not None
    assert_replays(game, players, seed, log, final, options)


def test_a_strong_decision_is_the_same_for_the_same_seed_and_budget() -> None:
    game = registry.game("advance-to-boardwalk")
    _, strong = registry.bots("advance-to-boardwalk", budget=SMALL)
    state = new_game(game, 4, None, 5)
    for _ in range(30):
        seat = min(game.pending(state))
        first = strong.choose(state, seat, rng_for(5, state["_move"], "s"))
        assert strong.choose(state, seat, rng_for(5, state["_move"], "s")) == first
        state, _ = play(game, state, seat, first)


def test_a_move_must_beat_the_first_pick_by_students_t_on_few_samples() -> None:
    """Four samples, each 0.1 better: a sure gain. Four with a mean gain of 2.2 standard
    errors: past the normal's two, short of two widened as Student's t for three degrees of
    freedom (3.25); the same spread on sixteen samples is well past its bar (2.17)."""
    game = registry.game("hollywood-1947")
    search = SearchPolicy(game, None, None, None, Budget(samples=4, confidence=2.0))  # type: ignore[arg-type]
    assert search._better([0.6, 0.6, 0.6, 0.6001], [0.5, 0.5, 0.5, 0.5])
    gains = [0.05, 0.45, 0.05, 0.45]  # mean 0.25, standard error 0.115
    assert not search._better(gains, [0.0] * 4)
    assert search._better(gains * 4, [0.0] * 16)
