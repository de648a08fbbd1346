"""Benchmarks: how fast the rules, the move pipeline and the renderers are.

    python3 tasks.py bench [--games N] [--no-targets]

Per title: rules and pipeline moves a second and the time to draw a board. Then each of
issue 13's targets (bot/bench_draw.py, bot/bench_store.py): the project's figure, its floor
measured beside it in the same run, and their ratio against the goal. Figures go in the
README; they are measured on the project's 2-core development machine. Last, moves a second
and p99 on SQLite and PostgreSQL, in one process and in three (bot/bench_scale.py).
"""
from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.util
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from . import registry
from .engine import new_game, play, rng_for
from .store import Store
from .tables import Member, Tables


@dataclass(frozen=True)
class Target:
    """A figure of the project against its floor, measured side by side in one run: what
    the bare mechanism it stands on costs. ``goal``: the highest ratio the target allows."""

    name: str
    project: float
    floor: float
    unit: str
    goal: float

    @property
    def ratio(self) -> float:
        return self.project / self.floor


def bench_rules(game_id: str, players: int, games: int) -> tuple[float, int]:
    """Moves per second of pure rules played by bots (no storage)."""
    kit = registry.kit(game_id)
    moves = 0
    started = time.perf_counter()
    for seed in range(games):
        state = new_game(kit.game, players, None, seed)
        while kit.game.result(state) is None:
            seat = min(kit.game.pending(state))
            action = kit.bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
            state, _ = play(kit.game, state, seat, action)
            moves += 1
    return moves / (time.perf_counter() - started), moves


async def bench_pipeline(game_id: str, players: int, games: int) -> tuple[float, list[float]]:
    """Moves per second through the table service into SQLite (durable commits), and latencies."""
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite")
        tables = Tables(store, autoplay_bots=False)
        host = Member(0, "Host")
        started = time.perf_counter()
        for seed in range(games):
            table = await tables.create(game_id, host, seed=seed, host_seated=False)
            for _ in range(players):
                await tables.add_bot(table.id, host)
            await tables.start(table.id, host)
            while True:
                begun = time.perf_counter()
                if not await tables.run_bots(table.id, limit=1):
                    break
                latencies.append(time.perf_counter() - begun)
        elapsed = time.perf_counter() - started
        await store.close()
    return len(latencies) / elapsed, latencies


def bench_render(game_id: str, players: int) -> float:
    """Milliseconds to draw one board image (median of 20) from a mid-game public view."""
    kit = registry.kit(game_id)
    state = new_game(kit.game, players, None, 1)
    for _ in range(40):
        if kit.game.result(state) is not None:
            break
        seat = min(kit.game.pending(state))
        state, _ = play(kit.game, state, seat, kit.bot.choose(state, seat, rng_for(1, state["_move"], "b")))
    view = {**kit.game.view(state, None), "names": [f"Player {i + 1}" for i in range(players)]}
    times = []
    for _ in range(20):
        begun = time.perf_counter()
        kit.render(view, "board")
        times.append(time.perf_counter() - begun)
    return statistics.median(times) * 1000


def main() -> None:
    from . import bench_draw  # it builds on Target, above

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--no-targets", dest="targets", action="store_false",
                        help="only the per-title figures, not the targets against their floors")
    args = parser.parse_args()
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
    if not args.targets:
        return
    print()
    found = [*bench_draw.targets(lambda line: print(line, flush=True))]
    if importlib.util.find_spec("bot.bench_store"):  # issue 13's storage figures, when present
        found += importlib.import_module("bot.bench_store").targets()
    print()
    print(target_table(found))
    from . import bench_scale  # issue 12: one process on SQLite, one and three on PostgreSQL

    print()
    scale = bench_scale.rows(lambda line: print(line, flush=True))
    print()
    print(bench_scale.table(scale))


def _figure(value: float) -> str:
    """Three significant digits below 100 (a start of 0.00436 s), else whole with commas."""
    return f"{value:.3g}" if abs(value) < 100 else f"{value:,.0f}"


def target_table(targets: list[Target]) -> str:
    """The targets as a Markdown table: project figure, floor, ratio and the ratio allowed."""
    lines = ["| target | project | floor | ratio | goal | met |", "| --- | ---: | ---: | ---: | ---: | :---: |"]
    for target in targets:
        lines.append(f"| {target.name} | {_figure(target.project)} {target.unit} | {_figure(target.floor)} "
                     f"{target.unit} | {target.ratio:.2f} | ≤ {target.goal:.2f} "
                     f"| {'yes' if target.ratio <= target.goal else 'NO'} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
