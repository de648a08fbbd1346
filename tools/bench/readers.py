"""Issue 37's readers target: a reader stepping through another game's boards costs the
thread's posts nothing worth counting, measured side by side in one run (SQLite):

- a post's p99 from its move's commit to its being sent, moves made at ``RATE`` a second
  across ``GAMES`` games and their posts (every board drawn by the pool) sent to a Discord
  answering in 50 ms, while a reader in another process asks the game page for ``FRAMES`` new
  boards a second of a game nobody plays (each a move no one has drawn: a frame drawn for
  them), against the same moves with the page server up and nobody reading: at most 1.2 times.

Each side runs in rounds, alternately, on copies of one database; each round's p99, the median
round kept (a p99 moves by half from one run to the next on a shared machine). Shown beside it: the same reader with the frames drawn as a post's board is (one lane,
in order), as before issue 37. Also printed: the frames the reader asked for and got (a frame
dropped because the reader had asked for a newer one is a 503, asked for again by a browser).

    python -m tools.bench.readers [--rounds N] [--seconds S]
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import shutil
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from bot.delivery.dispatcher import GAMES_AT_ONCE, Dispatcher
from bot.delivery.drawing import Drawing
from bot.store import SQLiteStore
from bot.table.notices import Moments
from bot.table.service import Member, Tables
from bot.web.links import Links, stored_secret
from bot.web.server import Pages
from tools.bench.draw import DISCORD_ANSWERS_IN, Discord, Report, p99, seated
from tools.bench.target import Target

RATE = 20.0     # moves a second
GAMES = 40      # games the moves are made in, every title in turn
FRAMES = 10.0   # new boards a second the reader asks for
SECONDS = 12.0  # of moves a round
ROUNDS = 3      # a side
READ_TITLE = "billboard"  # the game read: the longest (330 moves and more), so every frame is new
GOAL = 1.2


async def _prepare(path: Path) -> tuple[list[int], int, int]:
    """The played games (dealt, their first posts sent), and a long game played out, to read,
    with its number of moves."""
    store = await SQLiteStore.open(path)
    tables = Tables(store, autoplay_bots=False)
    ids = await seated(tables, store, GAMES)
    host = Member(0, "Host")
    read = await tables.create(READ_TITLE, host, seed=37, host_seated=False)
    for _ in range(4):
        await tables.add_bot(read.id, host)
    await tables.start(read.id, host)
    await tables.run_bots(read.id, limit=10_000)
    while items := await store.unsent(limit=1000):
        await store.mark_sent(item.id for item in items)
    moves = (await store.checkpoint(read.id, 0, 0)).moves
    await store.close()
    return ids, read.id, moves


def _read(url: str, frames: int, rate: float, stop: Any, answers: Any) -> None:
    """In the reader's process: boards 0, 1, 2, … of the game at ``url``, ``rate`` a second,
    until ``stop``; each answer's status. The reader stands for another machine: it takes the
    CPU the bot leaves (a lower priority)."""
    os.nice(10)

    async def main() -> list[int]:
        statuses: list[int] = []
        async with aiohttp.ClientSession() as session:
            async def one(move: int) -> None:
                async with session.get(f"{url}/board/{move}.png") as response:
                    await response.read()
                    statuses.append(response.status)

            pending: set[asyncio.Task[None]] = set()
            due, move = time.perf_counter(), 0
            while not stop.is_set() and move < frames:
                task = asyncio.create_task(one(move))
                pending.add(task)
                task.add_done_callback(pending.discard)
                move += 1
                due += 1 / rate
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
            await asyncio.gather(*pending)
        return statuses

    answers.put(asyncio.run(main()))


async def _posts(path: Path, ids: list[int], read: tuple[int, int], *, reading: bool, rate: float,
                 seconds: float, lanes: bool = True) -> tuple[list[float], list[int]]:
    """Moves at ``rate`` a second for ``seconds`` with the page server up (and, ``reading``, a
    reader at it; without ``lanes``, their frames drawn as posts' boards are): each thread
    post's seconds from commit to sent, and the reader's statuses."""
    store = await SQLiteStore.open(path)
    moments = Moments()
    drawing = Drawing.start()
    await drawing.warm()
    dispatcher = Dispatcher(store, Discord(DISCORD_ANSWERS_IN), drawing=drawing, games_at_once=GAMES_AT_ONCE,
                            moments=moments)
    tables = Tables(store, notify=dispatcher.wake, autoplay_bots=False, moments=moments)
    links = Links(await stored_secret(store), "http://127.0.0.1")
    pages = Pages(store, drawing, links, rate=1e9, burst=10**9)
    if not lanes:
        pages._reader = lambda request, topic: None  # as before: each frame drawn as it comes
    runner = web.AppRunner(pages.app(), access_log=None, handle_signals=False)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    read_id, read_moves = read
    url = f"http://127.0.0.1:{runner.addresses[0][1]}/g/{links.token(read_id)}"
    context = multiprocessing.get_context("spawn")
    stop, answers = context.Event(), context.Queue()
    reader = None
    if reading:
        reader = context.Process(target=_read, args=(url, read_moves + 1, FRAMES, stop, answers))
        reader.start()
        await asyncio.sleep(1.0)  # the reader's process started and asking
    posting = asyncio.create_task(dispatcher.run_forever())
    since = time.time()
    begun = time.perf_counter()
    for number in range(int(rate * seconds)):
        wait = begun + number / rate - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        await tables.run_bots(ids[number % len(ids)], limit=1)
    deadline = time.perf_counter() + 20.0
    while await store.unsent(limit=1) and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    ended = time.time()
    stop.set()
    statuses: list[int] = await asyncio.to_thread(answers.get) if reader is not None else []
    if reader is not None:
        await asyncio.to_thread(reader.join)
    posting.cancel()
    await asyncio.gather(posting, return_exceptions=True)
    await runner.cleanup()
    await drawing.close()
    await store.close()
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT created_at, sent_at FROM outbox WHERE kind = 'thread' AND created_at >= ?",
                          (since,)).fetchall()
    return [(sent if sent is not None else ended) - created for created, sent in rows], statuses


def targets(report: Report = print, rounds: int = ROUNDS, seconds: float = SECONDS, rate: float = RATE) -> list[Target]:
    waits: dict[str, list[float]] = {"alone": [], "reading": [], "one lane": []}  # each round's p99
    asked: list[int] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        ready = folder / "ready.sqlite"
        ids, read_id, read_moves = asyncio.run(_prepare(ready))
        if read_moves + 1 < FRAMES * (seconds + 1):
            report(f"the game read has {read_moves} moves: the reader stops short of {FRAMES * seconds:.0f} frames")
        for round_ in range(rounds):
            sides = list(waits) if round_ % 2 == 0 else list(reversed(waits))
            for side in sides:
                path = folder / f"{side}-{round_}.sqlite"
                shutil.copy(ready, path)
                found, statuses = asyncio.run(_posts(path, ids, (read_id, read_moves), reading=side != "alone",
                                                     rate=rate, seconds=seconds, lanes=side != "one lane"))
                waits[side].append(p99(found) * 1000)
                if side == "reading":
                    asked += statuses
                report(f"posts at {rate:.0f} moves/s over {GAMES} games, {side:8}: commit to sent p50 "
                       f"{statistics.median(found):.2f} s, p99 {p99(found):.2f} s"
                       + (f"; {len(statuses)} frames asked, {statuses.count(200)} drawn" if statuses else ""))
    report(f"the reader's frames: {len(asked)} asked at {FRAMES:.0f} a second, {asked.count(200)} answered 200, "
           f"{asked.count(503)} dropped (a newer one asked for)")
    alone, reading, one_lane = (statistics.median(waits[side]) for side in ("alone", "reading", "one lane"))
    return [Target(f"commit-to-post p99, a reader asking {FRAMES:.0f} new frames/s of another game (vs nobody "
                   f"reading; {rate:.0f} moves/s, {GAMES} games; median of {rounds} runs)", reading, alone, "ms", GOAL),
            Target("  the same, the frames drawn as posts' boards are (before)", one_lane, alone, "ms", GOAL)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--seconds", type=float, default=SECONDS)
    parser.add_argument("--rate", type=float, default=RATE)
    args = parser.parse_args()
    from tools.bench.target import target_table

    print(target_table(targets(print, args.rounds, args.seconds, args.rate)))


if __name__ == "__main__":
    main()
