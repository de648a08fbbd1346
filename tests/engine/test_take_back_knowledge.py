"""Take-backs decided by knowledge (issue 35 point 1): a move that can be taken back showed its
mover nothing they could not have foreseen. Over seeded bot games of every title, each move
the title lets be taken back is made again in worlds the mover cannot tell apart, built by
hand (``tests/engine/twins.py``, not the title's ``determinize``): the mover is shown the same
in every one. And the peek it was written for: the Screenwriter's posters, seen then undone."""
from __future__ import annotations

import random

import pytest

from bot.engine import Event, new_game, play, rng_for
from bot.engine.takeback import NotTakenBack, check
from bot.games import registry
from tests.engine import twins
from tests.engine.test_take_back import REVEALED, bot_game, verdict

#: Title, players, seeds: a few games each, at a table size that has every hidden place
#: (Hollywood 1947's ghosts come with three players).
GAMES = [("advance-to-boardwalk", 4, (1, 2)), ("hollywood-boulevard", 4, (2, 3)),
         ("hollywood-1947", 3, (1, 2, 3)), ("san-francisco-scene", 4, (1, 2)), ("billboard", 4, (1, 2))]
#: Worlds the mover cannot tell apart, per move taken back.
TWINS = 8


def shown(game, state: dict, events: list[Event], seat: int) -> tuple:
    """What ``seat`` is shown after a move: its view and the move's events it reads."""
    return game.view(state, seat), [(e.text, e.image) for e in events if e.to is None or seat in e.to]


def games(game_id: str, players: int, seeds: tuple[int, ...]):
    """(seed, state before, seat, action, state after, events) for each move of bot games."""
    game = registry.game(game_id)
    for seed in seeds:
        for before, seat, action, after in bot_game(game_id, seed, players):
            _, events = play(game, before, seat, action)
            yield seed, before, seat, action, after, events


def indistinguishable(game, state: dict, world: dict, seat: int) -> bool:
    return game.view(world, seat) == game.view(state, seat) and game.legal(world, seat) == game.legal(state, seat)


@pytest.mark.parametrize(("game_id", "players", "seeds"), GAMES, ids=[g[0] for g in GAMES])
def test_a_move_taken_back_shows_its_mover_the_same_in_every_world_they_cannot_tell_apart(game_id, players, seeds):
    game = registry.game(game_id)
    allowed, differing, showed = 0, 0, []
    for seed, before, seat, action, after, events in games(game_id, players, seeds):
        if seat < 0 or verdict(game_id, before, seat, action, after) is not None:
            continue
        allowed += 1
        seen = shown(game, after, events, seat)
        for number in range(TWINS):
            world = twins.twin(game_id, before, seat, random.Random(f"{seed}:{before['_move']}:{number}"))
            assert indistinguishable(game, before, world, seat), "the twin is a world the mover can tell apart"
            differing += {**world, "_seed": before["_seed"]} != before
            if shown(game, *play(game, world, seat, action), seat) != seen:
                showed.append(f"seed {seed}, move {before['_move'] + 1}: {action}")
                break
    assert allowed > 20 and differing > allowed  # the twins are not the game itself
    assert showed == [], f"{len(showed)} of {allowed} moves taken back showed the mover something hidden"


def screenwriter_performed(seed: int) -> tuple[dict, int, str, dict]:
    """A Hollywood 1947 game at the Screenwriter's turn, the job performed: (before, seat,
    action, after). The move shows the performer the top two posters, in private."""
    game = registry.game("hollywood-1947")
    kit = registry.kit("hollywood-1947")
    state = new_game(game, 4, {}, seed)
    while game.result(state) is None:
        seat = min(game.pending(state))
        if "job:1" in {choice.action for choice in game.legal(state, seat)}:
            after, _ = play(game, state, seat, "job:1")
            return state, seat, "job:1", after
        state, _ = play(game, state, seat, kit.bot.choose(state, seat, rng_for(seed, state["_move"], "bot")))
    raise AssertionError("nobody performed the Screenwriter")


def test_the_screenwriter_s_peek_at_the_posters_cannot_be_taken_back():
    before, seat, action, after = screenwriter_performed(seed=4)
    game = registry.game("hollywood-1947")
    assert game.view(after, seat)["you"]["drawn_posters"]  # two posters the mover had not seen
    with pytest.raises(NotTakenBack) as refused:
        check(game, before, seat, action, after)
    assert refused.value.message == REVEALED
    assert str(refused.value) == ("That move revealed something (a roll, a card, sealed answers or a payment), "
                                  "so it stands.")
