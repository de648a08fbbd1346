"""Bots play fair (issue 28): a bot's move depends only on what its seat knows.

At every decision of seeded bot games of every title, a twin of the state is made in which
everything the seat cannot know is dealt again (others' hands, loyalties, sealed bids, the
deck order, the seed of the dice to come): the seat's view and choices are the same in both,
and so is the bot's move for the same generator, at both levels."""
from __future__ import annotations

import json
import random

import pytest

from bot.engine import new_game, play, rng_for
from bot.engine.search import Budget
from bot.games import registry

TITLES = [("advance-to-boardwalk", 4), ("hollywood-boulevard", 4), ("hollywood-1947", 5),
          ("san-francisco-scene", 4), ("billboard", 4)]
SEEDS = (1, 2, 3)
#: The strong level at a budget a test can afford, checked at every this-many-th decision.
TINY = Budget(samples=1, seconds=None, depth=3, candidates=3)
STRONG_EVERY = 15
VIEW_EVERY = 5


@pytest.mark.parametrize(("game_id", "players"), TITLES)
def test_a_bot_moves_alike_in_states_its_seat_cannot_tell_apart(game_id: str, players: int) -> None:
    game = registry.game(game_id)
    normal, strong = registry.bots(game_id, budget=TINY)
    compared = strong_compared = 0
    for seed in SEEDS:
        state = new_game(game, players, None, seed)
        decision = 0
        while game.result(state) is None:
            seat = min(game.pending(state))
            twin = normal.determinize(state, seat, random.Random(f"twin{seed}:{decision}"))
            if decision % VIEW_EVERY == 0:  # views are dear to build: a sample of decisions
                assert game.view(twin, seat) == game.view(state, seat), "the seat would see a change"
            assert game.legal(twin, seat) == game.legal(state, seat)
            move = normal.choose(state, seat, rng_for(seed, state["_move"], "bot"))
            assert normal.choose(twin, seat, rng_for(seed, state["_move"], "bot")) == move
            compared += 1
            if decision % STRONG_EVERY == 0:
                expected = strong.choose(state, seat, rng_for(seed, state["_move"], "strong"))
                assert strong.choose(twin, seat, rng_for(seed, state["_move"], "strong")) == expected
                strong_compared += 1
            state, _ = play(game, state, seat, move)
            decision += 1
    assert compared > 50 and strong_compared > 3


def test_the_twin_really_differs_where_the_seat_cannot_see() -> None:
    """The comparison above is not empty: another seat's hand is dealt again."""
    game = registry.game("advance-to-boardwalk")
    normal, _ = registry.bots("advance-to-boardwalk")
    state = new_game(game, 4, None, 7)
    twins = [normal.determinize(state, 0, random.Random(n)) for n in range(5)]
    assert all(twin["hands"][0] == state["hands"][0] for twin in twins)
    assert any(twin["hands"][1:] != state["hands"][1:] for twin in twins)
    assert all(twin["_seed"] != state["_seed"] for twin in twins)


def _others(state: dict, seat: int) -> list[int]:
    players = state["players"] if "players" in state else len(state["seats"])
    return [s for s in range(players) if s != seat]


def _swap_hands(state: dict, seat: int) -> None:
    """Two other seats' hands change places (same sizes, or the seat would see it)."""
    hands = state["hands"]
    others = _others(state, seat)
    pair = next(((a, b) for a in others for b in others if a < b and len(hands[a]) == len(hands[b])), None)
    if pair:
        hands[pair[0]], hands[pair[1]] = hands[pair[1]], hands[pair[0]]


def _reverse(*piles: list) -> None:
    for pile in piles:
        pile.reverse()


#: Hidden things changed by hand, independently of the titles' ``determinize``.
PERTURB = {
    "advance-to-boardwalk": lambda s, seat: (_swap_hands(s, seat), _reverse(s["draw_pile"])),
    "hollywood-boulevard": lambda s, seat: (_swap_hands(s, seat), _reverse(s["tips"]["deck"]),
                                            s["deck_seeds"].__setitem__(1, 7)),  # the unseen deck
    "hollywood-1947": lambda s, seat: (_swap_hands(s, seat), _reverse(s["deck"], s["posters"])),
    "san-francisco-scene": lambda s, seat: _reverse(s["deck"]),
    "billboard": lambda s, seat: _reverse(*s["decks"].values()),
}


@pytest.mark.parametrize(("game_id", "players"), TITLES)
def test_hidden_things_changed_by_hand_change_no_normal_move(game_id: str, players: int) -> None:
    """The same, with the hidden things changed directly (other hands swapped, decks
    reversed, another seed): a check of the titles' ``determinize`` too, which must deal
    again whatever a bot could otherwise read."""
    game = registry.game(game_id)
    normal, _ = registry.bots(game_id)
    state = new_game(game, players, None, 9)
    compared = 0
    while game.result(state) is None:
        seat = min(game.pending(state))
        other = json.loads(json.dumps(state))
        PERTURB[game_id](other, seat)
        other["_seed"] = state["_seed"] + 1
        if game.view(other, seat) == game.view(state, seat):
            move = normal.choose(state, seat, rng_for(9, state["_move"], "bot"))
            assert normal.choose(other, seat, rng_for(9, state["_move"], "bot")) == move
            compared += 1
        state, _ = play(game, state, seat, normal.choose(state, seat, rng_for(9, state["_move"], "bot")))
    assert compared > 30
