"""Benchmarks: how fast the rules, the move pipeline and the renderers are.

    python3 tasks.py bench [--games N] [--no-targets] [--only thinking]

Per title: rules and pipeline moves a second and the time to draw a board. Then each of
issue 13's targets (tools/bench/draw.py, tools/bench/store.py), issue 26's
(tools/bench/community.py), issue 27's (tools/bench/web.py) and issue 28's
(tools/bench/thinking.py): the project's figure, its floor measured beside it in the same
run, and their ratio against the goal. Figures go in the
README; they are measured on the project's 2-core development machine. Last, moves a second
and p99 on SQLite and PostgreSQL, in one process and in three (tools/bench/scale.py).
"""
from __future__ import annotations

import argparse
import asyncio

from bot.games import registry
from tools.bench import community, draw, scale, store, sweeps, thinking, web
from tools.bench.target import target_table
from tools.bench.titles import bench_pipeline, bench_render, bench_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--no-targets", dest="targets", action="store_false",
                        help="only the per-title figures, not the targets against their floors")
    parser.add_argument("--only", choices=("thinking",), help="only these targets (issue 28's strong bots)")
    args = parser.parse_args()
    if args.only == "thinking":
        print(target_table(thinking.targets(lambda line: print(line, flush=True))))
        return
    print(f"{'game':24} {'rules moves/s':>14} {'pipeline moves/s':>17} {'p50 ms':>7} {'p99 ms':>7} {'board ms':>9}")
    for game_id in [g for g in registry.available() if g in registry.PACKAGES]:
        game = registry.game(game_id)
        players = min(max(game.min_players, 4), game.max_players)
        rules_rate, _ = bench_rules(game_id, players, args.games)
        pipe_rate, latencies = asyncio.run(bench_pipeline(game_id, players, max(1, args.games // 4)))
        latencies.sort()
        p50 = latencies[len(latencies) // 2] * 1000
        p99 = latencies[int(len(latencies) * 0.99)] * 1000
        print(f"{game_id:24} {rules_rate:14,.0f} {pipe_rate:17,.0f} {p50:7.1f} {p99:7.1f} "
              f"{bench_render(game_id, players):9.0f}", flush=True)
    print()
    print("Bot-game sweeps the title tests play, invariants checked after every move:")
    print(sweeps.table(list(sweeps.sweeps())), flush=True)
    if not args.targets:
        return
    print()
    found = [*draw.targets(lambda line: print(line, flush=True)), *store.targets(),
             *community.targets(lambda line: print(line, flush=True)),
             *web.targets(lambda line: print(line, flush=True)),
             *thinking.targets(lambda line: print(line, flush=True))]
    print()
    print(target_table(found))
    print()  # issue 12: one process on SQLite, one and three on PostgreSQL
    rows = scale.rows(lambda line: print(line, flush=True))
    print()
    print(scale.table(rows))


if __name__ == "__main__":
    main()
