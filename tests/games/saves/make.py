"""Make a release's saves: each title's state part-way through seeded bot games, as that
release stored it, for ``tests/games/test_saves.py`` to play on under today's rules.

Run from a checkout of the release, before the next changes a state's shape:

    git worktree add /tmp/release 76037d5          # 0.1.0
    PYTHONPATH=/tmp/release python3 tests/games/saves/make.py 0.1.0 > tests/games/saves/0.1.0.json

(0.1.0 kept its registry at ``bot.registry``; later versions at ``bot.games.registry``.)
"""
from __future__ import annotations

import importlib
import json
import sys
from typing import Any

from bot.engine import deadlines, new_game, play, rng_for

#: Moves after which a state is kept; and, per title, a moment worth keeping besides.
MARKS = (60, 150)
WORTH_KEEPING = {"san-francisco-scene": lambda state: bool(state.get("claim"))}  # a rent claim open
TABLES = ((3, 11), (4, 12), (5, 13))  # (players, seed)


def registry() -> Any:
    try:
        return importlib.import_module("bot.games.registry")
    except ModuleNotFoundError:
        return importlib.import_module("bot.registry")


def saves(game_id: str) -> list[dict[str, Any]]:
    kit = registry().kit(game_id)
    game, bot = kit.game, kit.bot
    kept: list[dict[str, Any]] = []
    for players, seed in TABLES:
        if players > game.max_players:
            continue
        state, moves, noted = new_game(game, players, None, seed), 0, False
        while game.result(state) is None and moves < max(MARKS):
            pending = game.pending(state)
            if pending:
                seat = min(pending)
                action = bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
            else:
                seat, action = -1, deadlines(game, state)[0].action
            state, _ = play(game, state, seat, action)
            moves += 1
            worth = WORTH_KEEPING.get(game_id, lambda state: False)(state) and not noted
            if moves in MARKS or worth:
                kept.append({"players": players, "seed": seed, "moves": moves, "state": state})
                noted = noted or worth
    return kept


if __name__ == "__main__":
    titles = sorted(registry().available())
    json.dump({"made_by": f"Marquee {sys.argv[1]}, tests/games/saves/make.py",
               "games": {game_id: saves(game_id) for game_id in titles}}, sys.stdout,
              separators=(",", ":"))
