"""Seeded bot games with invariants after every move; replay; any legal move keeps them too."""
import json

import pytest

from bot.engine import new_game, play, rng_for
from tests.engine_checks import assert_replays

from .helpers import bot, check_invariants, game

#: (players, seed, options): small limits so that all finish, some without any limit.
GAMES = [
    (2 + seed % 5, seed, {
        "rounds": (5, 10, 0, 5)[seed % 4],
        "rent": ("claim", "auto")[seed // 5 % 2],
        "connection_price": ("negotiated", "fixed")[seed // 10 % 2],
    })
    for seed in range(200)
]


def play_with_claims(g, b, players, seed, options, invariant=None, claims=True):
    """Like ``tests.engine_checks.play_bot_game``, but an owner offered a rent claim takes
    it every other move (as humans might; the host's bots claim at once, through their
    ``volunteer``). Without ``claims`` only pending seats move."""
    state = new_game(g, players, options, seed)
    log = []
    while g.result(state) is None:
        assert len(log) < 5_000, "the bot game did not finish"
        pending = sorted(g.pending(state))
        claimers = [s for s in range(players)
                    if s not in pending and any(c.action.startswith("claim:") for c in g.legal(state, s))]
        seat = claimers[0] if claims and claimers and state["_move"] % 2 else pending[0]
        action = b.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
        assert action in {c.action for c in g.legal(state, seat)} or any(
            c.accepts(action) for c in g.legal(state, seat))
        state, _ = play(g, state, seat, action)
        log.append((seat, action))
        if invariant:
            invariant(state)
    return state, log


def test_two_hundred_bot_games_finish_with_invariants_after_every_move():
    g, b = game(), bot()
    reasons, counts = set(), set()
    for players, seed, options in GAMES:
        state, _ = play_with_claims(g, b, players, seed, options, invariant=check_invariants)
        reasons.add(state["over"]["reason"])
        counts.add(players)
    assert reasons == {"bankruptcy", "rounds"} and counts == {2, 3, 4, 5, 6}


@pytest.mark.parametrize("players", [2, 4, 6])
def test_bots_alone_finish_a_game_without_limits(players):
    """Only pending seats move here, so no rent is ever claimed; the game still ends."""
    state, _ = play_with_claims(game(), bot(), players, 300 + players, {"rounds": 0},
                                invariant=check_invariants, claims=False)
    assert state["over"]["reason"] == "bankruptcy"


@pytest.mark.parametrize("players, seed", [(2, 101), (4, 102), (6, 103)])
def test_replaying_the_log_gives_the_final_state(players, seed):
    options = {"rounds": 10, "rent": "claim"}
    state, log = play_with_claims(game(), bot(), players, seed, options)
    assert_replays(game(), players, seed, log, state, options)


class RandomPolicy:
    """Any legal move at all, amounts and subsets included: walks paths the bot avoids."""

    def __init__(self, g):
        self.game = g

    def choose(self, state, seat, rng):
        choice = rng.choice(self.game.legal(state, seat))
        if choice.amount is not None:
            amount = choice.amount
            steps = (amount.maximum - amount.minimum) // amount.step
            return choice.fill(amount.minimum + rng.randint(0, steps) * amount.step)
        if choice.subset is not None:
            values = [value for value, _ in choice.subset.options]
            size = rng.randint(choice.subset.minimum, choice.subset.most)
            return choice.fill(rng.sample(values, size))
        return choice.action


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_legal_play_keeps_the_invariants(players):
    g = game()
    for seed in range(4):
        state = new_game(g, players, {"rounds": 5}, 900 + seed)
        policy = RandomPolicy(g)
        moves = 0
        while g.result(state) is None and moves < 3_000:
            seat = min(g.pending(state))
            state, _ = play(g, state, seat, policy.choose(state, seat, rng_for(seed, moves)))
            check_invariants(state)
            moves += 1
        assert json.loads(json.dumps(state)) == state
