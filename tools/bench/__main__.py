"""Benchmarks: how fast the rules, the move pipeline and the renderers are.

    python3 tasks.py bench [--games N] [--only PART[,PART…]]

Per title: rules and pipeline moves a second and the time to draw a board ("titles"), and the
200-game sweeps the title tests play ("sweeps"). Then the targets, each the project's figure
against its floor measured beside it in the same run, and their ratio against the goal: issue
13's (tools/bench/draw.py, "draw"; tools/bench/store.py, "store"), issue 26's and 37's
(tools/bench/community.py, "community"), issue 27's (tools/bench/web.py, "web"), issue 28's
(tools/bench/thinking.py, "thinking") and issue 37's (tools/bench/boards.py, "boards";
tools/bench/readers.py, "readers"); one table of every target measured. Figures go in the
README; they are measured on the project's 2-core development machine. Last, moves a second
and p99 on SQLite and PostgreSQL, in one process and in three (tools/bench/scale.py, "scale").
``--only issue37`` runs the parts holding issue 37's targets.
"""
from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable

from bot.games import registry
from tools.bench import boards, community, draw, readers, scale, store, sweeps, thinking, web
from tools.bench.target import Target, target_table
from tools.bench.titles import bench_pipeline, bench_render, bench_rules

Say = Callable[[str], None]
#: The parts with targets, in the order they run; each makes its targets, saying what it sees.
TARGETS: dict[str, Callable[[Say], list[Target]]] = {
    "draw": lambda say: draw.targets(say),
    "boards": lambda say: boards.targets(say),
    "readers": lambda say: readers.targets(say),
    "store": lambda say: store.targets(),
    "community": lambda say: community.targets(say),
    "web": lambda say: web.targets(say),
    "thinking": lambda say: thinking.targets(say),
}
PARTS = ("titles", "sweeps", *TARGETS, "scale")
#: Issue 37's targets: its own four, and those that had slipped.
GROUPS = {"issue37": ("boards", "readers", "community", "draw", "store", "web", "thinking")}


def say(line: str) -> None:
    print(line, flush=True)


def titles(games: int) -> None:
    print(f"{'game':24} {'rules moves/s':>14} {'pipeline moves/s':>17} {'p50 ms':>7} {'p99 ms':>7} {'board ms':>9}")
    for game_id in [g for g in registry.available() if g in registry.PACKAGES]:
        game = registry.game(game_id)
        players = min(max(game.min_players, 4), game.max_players)
        rules_rate, _ = bench_rules(game_id, players, games)
        pipe_rate, latencies = asyncio.run(bench_pipeline(game_id, players, max(1, games // 4)))
        latencies.sort()
        p50 = latencies[len(latencies) // 2] * 1000
        p99 = latencies[int(len(latencies) * 0.99)] * 1000
        print(f"{game_id:24} {rules_rate:14,.0f} {pipe_rate:17,.0f} {p50:7.1f} {p99:7.1f} "
              f"{bench_render(game_id, players):9.0f}", flush=True)
    print()


def chosen(only: str | None, targets: bool) -> list[str]:
    """The parts to run: those named (a group by its name), else all of them."""
    if only is None:
        return [part for part in PARTS if targets or part not in TARGETS]
    names = [name.strip() for name in only.split(",") if name.strip()]
    wanted = {part for name in names for part in GROUPS.get(name, (name,))}
    unknown = wanted - set(PARTS)
    if unknown:
        raise SystemExit(f"no such part: {', '.join(sorted(unknown))} (parts: {', '.join(PARTS)}; "
                         f"groups: {', '.join(GROUPS)})")
    return [part for part in PARTS if part in wanted]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--no-targets", dest="targets", action="store_false",
                        help="only the per-title figures, not the targets against their floors")
    parser.add_argument("--only", metavar="PART[,PART…]",
                        help=f"only these parts: {', '.join(PARTS)}, or {', '.join(GROUPS)}")
    args = parser.parse_args()
    found: list[Target] = []
    for part in chosen(args.only, args.targets):
        if part == "titles":
            titles(args.games)
        elif part == "sweeps":
            print("Bot-game sweeps the title tests play, invariants checked after every move:")
            print(sweeps.table(list(sweeps.sweeps())), flush=True)
            print()
        elif part == "scale":  # issue 12: one process on SQLite, one and three on PostgreSQL
            print(scale.table(scale.rows(say)))
            print()
        else:
            found += TARGETS[part](say)
            print()
    if found:
        print(target_table(found))


if __name__ == "__main__":
    main()
