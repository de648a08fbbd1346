"""Per title: rules and pipeline moves a second, and the time to draw a board."""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from bot.engine import new_game, play, rng_for
from bot.games import registry
from bot.store import SQLiteStore
from bot.table.service import Member, Tables


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
        store = await SQLiteStore.open(Path(folder) / "bench.sqlite")
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
