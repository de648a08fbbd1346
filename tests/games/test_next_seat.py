"""Each title's ``next_seat``, checked against seeded bot games: wherever one seat is to move
and the hook names a seat, the next different seat to be put a turn is that one; and it
names one often enough to be worth having. (Advance to Boardwalk has no hook: the seat on the
left, the host's guess without one, is asked next at 1,430 of 1,434 turns of seeded games; a
Fortune card can hand a turn elsewhere.)"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.engine import SYSTEM_SEAT, deadlines, new_game, play, rng_for
from bot.games import registry


@dataclass(frozen=True)
class Title:
    id: str
    #: (players, options) for the seeded games
    settings: tuple[tuple[int, dict[str, Any]], ...]
    #: the least share of one-seat decisions at which the hook must name a seat
    share: float
    #: a decision taken inside another's turn (a bid, an answer to an offer): not a turn
    inside: Callable[[dict], bool] = field(default=lambda state: False)


TITLES = [
    Title("billboard", ((3, {}), (4, {}), (5, {})), 0.5, lambda state: state["phase"] == "auction"),
    Title("hollywood-1947", ((4, {}), (5, {}), (6, {"union_strike": True}), (3, {})), 0.5),
    Title("hollywood-boulevard", ((3, {"rounds": 4}), (4, {"rounds": 4}), (5, {"rounds": 4})), 0.4),
    Title("san-francisco-scene", ((3, {"rounds": 10}), (4, {"rounds": 5}), (5, {"rounds": 0})), 0.5,
          lambda state: state["phase"] in ("auction", "offer")),
]
SEEDS = range(4)


def moments(game: Any, bot: Any, players: int, options: dict[str, Any], seed: int) -> list[dict]:
    """Every state of a seeded bot game up to its end, the lowest pending seat moving (a
    deadline played when nobody is asked)."""
    state = new_game(game, players, options, seed)
    states = [state]
    while game.result(state) is None:
        assert len(states) < 20_000, "the bot game did not finish"
        pending = sorted(game.pending(state))
        if pending:
            seat = pending[0]
            action = bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
        else:
            seat, action = SYSTEM_SEAT, deadlines(game, state)[0].action
        state, _ = play(game, state, seat, action)
        states.append(state)
    return states


def next_turn(game: Any, states: list[dict], start: int, inside: Callable[[dict], bool]) -> set[int] | None:
    """Who is asked next once the seat to move at ``states[start]`` has played its turn:
    the first state after it asking anyone else (decisions inside that turn skipped); None
    if the game ends first."""
    mover = game.pending(states[start])
    for state in states[start + 1:]:
        pending = game.pending(state)
        if pending and pending != mover and not inside(state):
            return pending
    return None


@pytest.mark.parametrize("title", TITLES, ids=lambda title: title.id)
def test_next_seat_names_the_seat_that_moves_next(title):
    game = registry.game(title.id)
    bot = registry.bots(title.id, game)[0]
    asked = named = 0
    for players, options in title.settings:
        for seed in SEEDS:
            states = moments(game, bot, players, options, seed)
            for index, state in enumerate(states):
                if len(game.pending(state)) != 1 or title.inside(state):
                    continue
                asked += 1
                seat = game.next_seat(state)
                if seat is None:
                    continue
                named += 1
                following = next_turn(game, states, index, title.inside)
                assert following in ({seat}, None), (players, options, seed, index, state["phase"], seat,
                                                      following)
    assert named / asked >= title.share, f"named a seat at {named} of {asked} decisions"
    print(f"{title.id}: named a seat at {named} of {asked} one-seat decisions ({named / asked:.0%})")


def test_san_francisco_scene_never_names_a_bankrupt_seat():
    game = registry.game("san-francisco-scene")
    bot = registry.bots("san-francisco-scene", game)[0]
    named_with_one_out = 0
    for seed in range(3):
        for state in moments(game, bot, 5, {"rounds": 0}, 40 + seed):
            seat = game.next_seat(state)
            out = {s for s, player in enumerate(state["seats"]) if player["bankrupt"]}
            assert seat not in out
            named_with_one_out += bool(out) and seat is not None
    assert named_with_one_out > 0, "no game named a seat once someone was out"
