"""What deciding a take-back costs (issue 35): the host asks ``check`` after every move a member
makes in place (whether to offer Undo), so this times it on every move of seeded bot games of
each title, as that member's move: the median and the 99th percentile over all moves, and over
the moves the title's own narrowing lets through (the ones that deal worlds).

    .venv/bin/python -m tests.engine.take_back_cost [games per title]

Not a test: times depend on the machine, and tests must not assert them."""
from __future__ import annotations

import statistics
import sys
import time

from bot.engine.takeback import WORLDS, NotTakenBack, check
from bot.games import registry
from tests.engine.test_take_back import bot_game

#: Title and table size: four at most tables, five for Hollywood 1947 (a bigger table, more
#: seats to ask), nine for its largest.
TABLES = [("advance-to-boardwalk", 4), ("hollywood-boulevard", 4), ("hollywood-1947", 5),
          ("hollywood-1947", 9), ("san-francisco-scene", 4), ("billboard", 4)]


def timed(game_id: str, players: int, games: int) -> tuple[list[float], list[float]]:
    """Seconds ``check`` took on each move, and on each move the title's narrowing let through."""
    game = registry.game(game_id)
    narrow = game.can_take_back  # type: ignore[attr-defined]
    every, dealt = [], []
    for seed in range(1, games + 1):
        for before, seat, action, after in bot_game(game_id, seed, players):
            if seat < 0:
                continue
            start = time.perf_counter()
            try:
                check(game, before, seat, action, after)
            except NotTakenBack:
                pass
            every.append(time.perf_counter() - start)
            if narrow(before, action, after, seat):
                dealt.append(every[-1])
    return every, dealt


def percentiles(seconds: list[float]) -> str:
    cuts = statistics.quantiles(seconds, n=100)
    return f"p50 {1000 * cuts[49]:6.2f} ms, p99 {1000 * cuts[98]:6.2f} ms"


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    print(f"{WORLDS} worlds, {games} games per table")
    for game_id, players in TABLES:
        every, dealt = timed(game_id, players, games)
        print(f"{game_id:>21} ×{players}: {len(every):5} moves {percentiles(every)}"
              f" | {len(dealt):4} narrowed-in {percentiles(dealt)}")


if __name__ == "__main__":
    main()
