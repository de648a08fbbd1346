"""The bot-game sweeps the title tests play (200 seeded games each, invariants checked after
every move), timed here rather than in the tests: a test that times itself fails when the
machine is busy, not when the code is slow.

    python3 tasks.py bench   (the "sweeps" table)
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from tests.engine_checks import play_bot_game
from tests.games.advance_to_boardwalk import helpers as boardwalk
from tests.games.advance_to_boardwalk.test_bot_games import GAMES as BOARDWALK_GAMES
from tests.games.san_francisco_scene import helpers as scene
from tests.games.san_francisco_scene.test_bot_games import GAMES as SCENE_GAMES
from tests.games.san_francisco_scene.test_bot_games import play_with_claims


@dataclass(frozen=True)
class Sweep:
    title: str
    games: int
    moves: int
    seconds: float


def sweeps() -> Iterator[Sweep]:
    yield _timed("advance-to-boardwalk", len(BOARDWALK_GAMES), lambda: [
        len(play_bot_game(game, bot, players, seed, invariant=boardwalk.check_invariants)[1])
        for game, bot in [(boardwalk.game(), boardwalk.bot())] for players, seed in BOARDWALK_GAMES])
    yield _timed("san-francisco-scene", len(SCENE_GAMES), lambda: [
        len(play_with_claims(game, bot, players, seed, options, invariant=scene.check_invariants)[1])
        for game, bot in [(scene.game(), scene.bot())] for players, seed, options in SCENE_GAMES])


def _timed(title: str, games: int, play_all: Callable[[], list[int]]) -> Sweep:
    started = time.perf_counter()
    moves = sum(play_all())
    return Sweep(title, games, moves, time.perf_counter() - started)


def table(found: list[Sweep]) -> str:
    lines = ["| title | games | moves | seconds | moves/s |", "| --- | ---: | ---: | ---: | ---: |"]
    lines += [f"| {s.title} | {s.games} | {s.moves:,} | {s.seconds:.1f} | {s.moves / s.seconds:,.0f} |"
              for s in found]
    return "\n".join(lines)
