"""Shared checks for game tests: play seeded bot games with invariants after every move."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.engine import Game, IllegalMove, SeatBot, new_game, offered, play, replay, rng_for

Invariant = Callable[[dict[str, Any]], None]


def play_bot_game(
    game: Game, bot: SeatBot, players: int, seed: int, options: dict[str, Any] | None = None,
    invariant: Invariant | None = None, max_moves: int = 20_000,
) -> tuple[dict[str, Any], list[tuple[int, str]]]:
    """Play a whole game with bots; return the final state and the action log.

    After every move: the state round-trips through JSON, only pending seats acted,
    every bot action was among the legal choices, and ``invariant`` holds.
    """
    state = new_game(game, players, options, seed)
    log: list[tuple[int, str]] = []
    for _ in range(max_moves):
        if game.result(state) is not None:
            return state, log
        pending = sorted(game.pending(state))
        assert pending, "nobody may act, yet the game has no result"
        seat = pending[0]
        choices = game.legal(state, seat)
        action = bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
        assert offered(choices, action), (
            f"bot chose {action!r}, not among {sorted(c.action for c in choices)}")
        for other in range(players):
            if other not in pending and not offered(game.legal(state, other), action):
                try:
                    play(game, state, other, action)
                except IllegalMove:
                    pass
                else:
                    raise AssertionError(f"seat {other} could play {action!r} out of turn")
        state, _ = play(game, state, seat, action)
        log.append((seat, action))
        assert json.loads(json.dumps(state)) == state, "state does not round-trip through JSON"
        if invariant:
            invariant(state)
    raise AssertionError(f"game did not finish in {max_moves} moves")


def assert_replays(game: Game, players: int, seed: int, log, final, options=None) -> None:
    assert replay(game, players, options, seed, log) == final


def bot_game_decisions(
    game: Game, bot: SeatBot, players: int, seed: int, options: dict[str, Any] | None = None,
    max_moves: int = 20_000,
):
    """Every (state, seat) a seeded bot game puts a decision to, in order: what a turn clock
    could run out on (``run_out`` is checked against them)."""
    state = new_game(game, players, options, seed)
    for _ in range(max_moves):
        if game.result(state) is not None:
            return
        pending = sorted(game.pending(state))
        for seat in pending:
            yield state, seat
        seat = pending[0]
        state, _ = play(game, state, seat, bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}")))
    raise AssertionError(f"game did not finish in {max_moves} moves")


def check_run_outs(game: Game, bot: SeatBot, players: int, seed: int, expected: Callable[[dict[str, Any], int], str | None],
                   options: dict[str, Any] | None = None) -> dict[str | None, int]:
    """Each decision of a seeded bot game: the game's ``run_out`` is ``expected(state, seat)``
    and, when it names a move, one the seat is offered. Returns how often each default came."""
    seen: dict[str | None, int] = {}
    for state, seat in bot_game_decisions(game, bot, players, seed, options):
        default = game.run_out(state, seat)
        assert default == expected(state, seat), (state.get("phase"), seat, default)
        if default is not None:
            assert offered(game.legal(state, seat), default), (default, [c.action for c in game.legal(state, seat)])
        seen[default] = seen.get(default, 0) + 1
    return seen
