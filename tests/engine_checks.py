"""Shared checks for game tests: play seeded bot games with invariants after every move."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.engine import BotPolicy, Game, IllegalMove, new_game, offered, play, replay, rng_for

Invariant = Callable[[dict[str, Any]], None]


def play_bot_game(
    game: Game, bot: BotPolicy, players: int, seed: int, options: dict[str, Any] | None = None,
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
