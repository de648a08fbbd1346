"""The strong bots' targets of ``python3 tasks.py bench`` (issue 28), each against its floor.

- A strong decision at the default budget (about a second): its p99 over decisions taken
  along seeded games of every title, against the 2-second goal.
- A move's p99 while strong bots think (two at a time, in the drawing workers, as the host
  runs them), against its p99 while none think: the moves are the table service's, one
  after another across 20 games. Run in turn three times; each one's median p99 is kept.
"""
from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.delivery.drawing import Drawing
from bot.engine import new_game, play, rng_for
from bot.games import registry
from bot.store import SQLiteStore
from bot.table.service import Tables
from bot.table.thinking import Thinking, strong_move
from tools.bench.draw import Report, hosted, p99, players_for, seated, timed_bot_moves
from tools.bench.target import Target

#: A strong decision's p99 allowed (seconds), and how much slower moves may be while they think.
DECISION_GOAL_S = 2.0
MOVE_P99_GOAL = 1.5
P99_ROUNDS = 3
#: Strong decisions at once (the host's MARQUEE_STRONG_BOTS default).
THINKERS = 2


def decision_times(per_title: int = 8, spacing: int = 17) -> list[float]:
    """Seconds for strong decisions at the default budget, every ``spacing``-th decision of
    a seeded normal game of each title."""
    times = []
    for game_id in hosted():
        kit = registry.kit(game_id)
        game = kit.game
        state = new_game(game, players_for(game_id), None, 3)
        taken = 0
        while game.result(state) is None and taken < per_title:
            seat = min(game.pending(state))
            if state["_move"] % spacing == 0:
                begun = time.perf_counter()
                strong_move(game_id, state, seat, 3, "bench")
                times.append(time.perf_counter() - begun)
                taken += 1
            state, _ = play(game, state, seat, kit.bot.choose(state, seat, rng_for(3, state["_move"], "b")))
    return times


async def moves_while_thinking(thinking: Thinking | None, games: int, moves: int) -> list[float]:
    """Each move's latency, bot moves one after another across ``games`` games, while (with
    ``thinking``) strong bots think without pause beside them."""
    with tempfile.TemporaryDirectory() as folder:
        store = await SQLiteStore.open(Path(folder) / "bench.sqlite")
        tables = Tables(store, autoplay_bots=False)
        ids = await seated(tables, store, games)
        stop = asyncio.Event()
        thinkers = [asyncio.create_task(_think(thinking, number, stop))
                    for number in range(THINKERS if thinking else 0)]
        await asyncio.sleep(0.5 if thinking else 0)  # the thinkers under way first
        latencies = await timed_bot_moves(tables, ids, moves)
        stop.set()
        await asyncio.gather(*thinkers)
        await store.close()
    return latencies


async def _think(thinking: Thinking | None, number: int, stop: asyncio.Event) -> None:
    """Strong decisions one after another, on positions of a seeded game, until ``stop``."""
    assert thinking is not None
    titles = hosted()
    game_id = titles[number % len(titles)]
    kit = registry.kit(game_id)
    state = new_game(kit.game, players_for(game_id), None, number)
    while not stop.is_set() and kit.game.result(state) is None:
        seat = min(kit.game.pending(state))
        action = await thinking.choose(game_id, state, seat, number, "bench", strong=True)
        state, _ = play(kit.game, state, seat, action)


async def pipeline_target(report: Report, games: int = 20, moves: int = 400) -> Target:
    pool = Drawing.start(THINKERS)
    try:
        if not await pool.warm():
            report("no process pool could start here: strong bots think in a thread")
        thinking = Thinking(pool, limit=THINKERS)
        p99s: dict[str, list[float]] = {}
        for _ in range(P99_ROUNDS):
            for name, thinker in (("none thinking", None), ("strong thinking", thinking)):
                latencies = await moves_while_thinking(thinker, games, moves)
                p99s.setdefault(name, []).append(p99(latencies) * 1000)
                report(f"moves, {name:15}: p50 {statistics.median(latencies) * 1000:5.1f} ms, "
                       f"p99 {p99s[name][-1]:5.1f} ms")
    finally:
        await pool.close()
    runs = {name: statistics.median(found) for name, found in p99s.items()}
    return Target(f"move p99 while {THINKERS} strong bots think (vs none; median of {P99_ROUNDS} runs)",
                  runs["strong thinking"], runs["none thinking"], "ms", MOVE_P99_GOAL)


def targets(report: Report = print) -> list[Target]:
    times = decision_times()
    report(f"strong decisions at the default budget: {len(times)}, p50 "
           f"{statistics.median(times):.2f} s, p99 {p99(times):.2f} s")
    decided = Target("strong decision p99 at the default budget (vs goal)", p99(times), DECISION_GOAL_S,
                     "s", 1.0)
    return [decided, asyncio.run(pipeline_target(report))]
