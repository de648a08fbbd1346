"""Random-legal-move games and bot games over every variant combination.

The regular run plays a few games per player count. For a long hunt set
``H47_FUZZ_SEEDS=N``: N seeds for every player count × all 32 variant combinations × both
policies (``H47_FUZZ_SEEDS=15`` is about 8,600 games; run it outside the regular suite).
Any exception, stuck game, or illegal bot choice fails (``play_bot_game`` checks the latter two).
"""
import itertools
import os

import pytest

from tests.engine_checks import play_bot_game

from .helpers import BOT, GAME
from .test_bot_games import conserved

NAMES = ("handpick_jobs", "justice_served", "random_loyalties", "studio_order", "union_strike")
COMBOS = [dict(zip(NAMES, bits)) for bits in itertools.product((False, True), repeat=5)]
LONG_SEEDS = int(os.environ.get("H47_FUZZ_SEEDS", "0"))


class RandomLegal:
    """Picks uniformly among the legal choices: the moves no sensible bot would try."""

    def choose(self, state, seat, rng):
        return rng.choice([choice.action for choice in GAME.legal(state, seat)])


def checked(state):
    conserved(state)
    assert len(set(state["performed"])) == len(state["performed"]), "a job performed twice"
    step = state["step"]
    if step and step["kind"] == "screenwriter":
        assert state["turn"]["taken"] == 0, "the Screenwriter wrote after the first turn"
    for seat in range(state["players"]):
        assert len(GAME.private_summary(state, seat)) < 2000  # one Discord message
        assert GAME.prompt(state, seat)


def cases():
    if LONG_SEEDS:
        return [(policy, players, seed * 32 + i, combo)
                for policy in ("random", "bot") for players in range(1, 10)
                for i, combo in enumerate(COMBOS) for seed in range(LONG_SEEDS)]
    return [("random", players, seed, COMBOS[(seed * 11 + players * 5) % 32])
            for players in range(1, 10) for seed in range(3)]


@pytest.mark.parametrize("players", range(1, 10))
def test_random_and_bot_games_never_crash_or_stall(players):
    policies = {"random": RandomLegal(), "bot": BOT}
    for policy, count, seed, options in cases():
        if count == players:
            state, _ = play_bot_game(GAME, policies[policy], players, seed, options,
                                     invariant=checked)
            assert GAME.result(state) is not None
