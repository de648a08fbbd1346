"""Issue 27's target: the game pages cost the moves nothing worth counting, measured side by
side in one run (SQLite):

- a move's p99 while readers ask for game pages 50 times a second, against the same moves
  (a copy of the same database) with the page server up and nobody reading: within 1.2×;
- the pages' p95 meanwhile, from a request's arrival to its answer: under 100 ms (also
  printed: as the readers' process saw it, which on a busy 2-core machine is mostly the
  readers' own wait for the CPU).

Each side's moves are made in rounds, alternately, on copies of one database, and pooled.

The readers are another process (as browsers are other machines), asking at a steady rate
whatever the answers take, for the pages of the games being played (rebuilt at each new
version: every other request) and of others (built once a version, then kept).

    python -m tools.bench.web [--moves N] [--rate N]
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from bot.delivery.drawing import Drawing
from bot.store import SQLiteStore
from bot.table.service import Member, Tables
from bot.web.links import Links, stored_secret
from bot.web.server import Pages
from tools.bench.store import PLAYERS, _move
from tools.bench.target import Target

TITLE = "advance-to-boardwalk"
RATE = 50.0        # page requests a second
BUDGET_MS = 100.0  # the pages' p95
PLAYED = 24        # games the moves are made in, one after another
IDLE = 20          # games nobody moves, whose pages are read too
ROUNDS = 4         # each side's moves are made in this many runs, alternately
MEMBERS = [Member(900 + n, f"Player {n + 1}") for n in range(PLAYERS)]


async def _prepare(path: Path) -> list[int]:
    """Games to play (started, nothing moved) and games part played: their ids."""
    store = await SQLiteStore.open(path)
    tables = Tables(store, autoplay_bots=False)
    ids = []
    for n in range(PLAYED + IDLE):
        table = await tables.create(TITLE, MEMBERS[0], seed=n)
        for member in MEMBERS[1:]:
            await tables.join(table.id, member)
        await tables.start(table.id, MEMBERS[0])
        ids.append(table.id)
        if n >= PLAYED:
            for _ in range(40):
                await _move(tables, table.id, MEMBERS)
    await store.close()
    return ids


def _read(urls: dict[int, str], rate: float, playing: Any, stop: Any, answers: Any) -> None:
    """In the readers' process: ``rate`` pages a second until ``stop``, every other one the
    page of the game being played (``playing``: a new version each time), the others any
    game's at random (a version already built, most of them). The readers stand for other
    machines: on this one they take the CPU the bot leaves (a lower priority)."""
    os.nice(10)
    async def main() -> list[float]:
        took: list[float] = []
        pending: set[asyncio.Task[None]] = set()
        chooser = random.Random(1)
        async with aiohttp.ClientSession() as session:
            async def one(url: str) -> None:
                begun = time.perf_counter()
                async with session.get(url) as response:
                    await response.read()
                    assert response.status == 200, response.status
                took.append(time.perf_counter() - begun)

            due, asked = time.perf_counter(), 0
            while not stop.is_set():
                asked += 1
                game_id = playing.value if asked % 2 else chooser.choice(list(urls))
                task = asyncio.create_task(one(urls[game_id]))
                pending.add(task)
                task.add_done_callback(pending.discard)
                due += 1 / rate
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
            await asyncio.gather(*pending)
        return took

    answers.put(asyncio.run(main()))


async def _serve(pages: Pages, served: list[float]) -> web.AppRunner:
    """The pages' app on a free port, timed from the request's arrival to its answer (what a
    reader elsewhere would wait, less the network)."""
    @web.middleware
    async def timed(request: web.Request, handler: Any) -> web.StreamResponse:
        begun = time.perf_counter()
        try:
            return await handler(request)
        finally:
            if request.path.startswith("/g/"):
                served.append(time.perf_counter() - begun)

    app = pages.app()
    app.middlewares.insert(0, timed)
    runner = web.AppRunner(app, access_log=None, handle_signals=False)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    pages.port = runner.addresses[0][1]
    return runner


async def _play(path: Path, ids: list[int], moves: int,
                rate: float | None) -> tuple[list[float], list[float], list[float]]:
    """The moves, one after another through the played games, with the page server up (and,
    given a ``rate``, readers at it): each move's seconds, and each page's as served and as read."""
    store = await SQLiteStore.open(path)
    tables = Tables(store, autoplay_bots=False)
    links = Links(await stored_secret(store), "http://127.0.0.1")
    drawing = Drawing.start()  # as the bot has it (the pages' requests draw no board here)
    await drawing.warm()
    pages = Pages(store, drawing, links, rate=1e9, burst=10**9)
    served: list[float] = []
    runner = await _serve(pages, served)
    context = multiprocessing.get_context("spawn")
    stop, answers, playing = context.Event(), context.Queue(), context.Value("q", ids[0])
    reader = None
    if rate is not None:
        urls = {game_id: f"http://127.0.0.1:{pages.port}/g/{links.token(game_id)}" for game_id in ids}
        reader = context.Process(target=_read, args=(urls, rate, playing, stop, answers))
        reader.start()
        await asyncio.sleep(1.0)  # the readers' process started and asking
    acts: list[float] = []
    served.clear()
    try:
        for game_id in ids[:PLAYED]:
            playing.value = game_id
            while len(acts) < moves and (move := await _move(tables, game_id, MEMBERS)) is not None:
                if move:
                    acts.append(move)
    finally:
        during = list(served)
        stop.set()
        read: list[float] = await asyncio.to_thread(answers.get) if reader is not None else []
        if reader is not None:
            await asyncio.to_thread(reader.join)
        await runner.cleanup()
        await drawing.close()
        await store.close()
    return acts, during, read


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000


def targets(print_line=print, moves: int = 3000, rate: float = RATE) -> list[Target]:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        ready = folder / "ready.sqlite"
        ids = asyncio.run(_prepare(ready))
        runs: dict[str, tuple[list[float], list[float], list[float]]] = {
            "alone": ([], [], []), "beside": ([], [], [])}
        # In rounds, each side first in turn: a machine shared with other work drifts, and
        # both sides should meet its quiet and its busy minutes alike.
        for round_ in range(ROUNDS):
            order = (("alone", None), ("beside", rate))
            for label, readers in order if round_ % 2 == 0 else reversed(order):
                path = folder / f"{label}-{round_}.sqlite"
                shutil.copy(ready, path)
                measured = asyncio.run(_play(path, ids, moves // ROUNDS, readers))
                for pooled, found in zip(runs[label], measured):
                    pooled.extend(found)
    alone, _, _ = runs["alone"]
    beside, served, read = runs["beside"]
    if not (alone and beside and served):
        raise RuntimeError(f"nothing measured: {len(alone)} and {len(beside)} moves, {len(served)} pages")
    p95 = _percentile(served, 0.95)
    print_line(f"game page p95 {p95:6.1f} ms served ({_percentile(read, 0.95):.1f} ms as the readers' process "
               f"saw it) over {len(served):,} pages at {rate:.0f}/s beside {len(beside)} moves "
               f"({'under' if p95 < BUDGET_MS else 'OVER'} {BUDGET_MS:.0f} ms)")
    return [Target(f"move p99, game pages at {rate:.0f}/s beside it", _percentile(beside, 0.99),
                   _percentile(alone, 0.99), "ms", 1.2)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--rate", type=float, default=RATE)
    args = parser.parse_args()
    for target in targets(print, args.moves, args.rate):
        print(f"{target.name:50} {target.project:8.3g} {target.unit:<3}{target.floor:7.3g} {target.unit:<3}"
              f"{target.ratio:6.2f} {target.goal:6.2f} {'ok' if target.ratio <= target.goal else 'MISSED'}")


if __name__ == "__main__":
    main()
