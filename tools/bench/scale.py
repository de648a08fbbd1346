"""Issue 12's figures: moves a second and a move's p99 for one process on SQLite, one on
PostgreSQL and three on PostgreSQL, side by side in one run.

Every configuration runs the same worker in child processes started at one moment: each
plays ``TABLES`` games of Advance to Boardwalk at once, bots choosing every move, each move
through ``Tables`` (read, rules, one durable commit) as a click would go, for ``SECONDS``.
A finished game is replaced by a new one. The PostgreSQL server is a throwaway one on
loopback (tests/postgres.py), made as durable as SQLite is here (fsync and synchronous
commit on), so neither is measured without its flush.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

GAME = "advance-to-boardwalk"
PLAYERS = 4
TABLES = 8  # games played at once by each process
SECONDS = 6.0


async def _play(database: str, start_at: float, seconds: float, first_seed: int) -> tuple[int, list[float]]:
    """Moves made and each move's seconds, in one process from ``start_at`` for ``seconds``."""
    from bot.store import open_store
    from bot.store.base import Store
    from bot.table.service import Member, Tables

    store = await open_store(database)
    tables = Tables(cast(Store, store), autoplay_bots=False)  # either store: the same methods
    host = Member(0, "Host")
    latencies: list[float] = []
    seeds = iter(range(first_seed, first_seed + 1_000_000))

    async def new_game() -> int:
        table = await tables.create(GAME, host, seed=next(seeds), host_seated=False)
        for _ in range(PLAYERS):
            await tables.add_bot(table.id, host)
        await tables.start(table.id, host)
        return table.id

    async def one_table(end: float) -> None:
        game_id = await new_game()
        while time.time() < end:
            begun = time.perf_counter()
            if await tables.run_bots(game_id, limit=1):
                latencies.append(time.perf_counter() - begun)
            else:
                game_id = await new_game()

    await asyncio.sleep(max(0.0, start_at - time.time()))
    await asyncio.gather(*(one_table(start_at + seconds) for _ in range(TABLES)))
    await store.close()
    return len(latencies), latencies


def _worker(database: str, start_at: float, seconds: float, first_seed: int, results) -> None:
    results.put(asyncio.run(_play(database, start_at, seconds, first_seed)))


def measure(database: str, processes: int, seconds: float = SECONDS) -> tuple[float, float, float]:
    """(moves a second, p50 ms, p99 ms) of ``processes`` processes playing on ``database``."""
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    start_at = time.time() + 2.0 + processes  # every process imported and connected by then
    workers = [context.Process(target=_worker, args=(database, start_at, seconds, 1_000 * (n + 1), results))
               for n in range(processes)]
    for worker in workers:
        worker.start()
    found = [results.get(timeout=seconds + 120) for _ in workers]
    for worker in workers:
        worker.join()
    moves = sum(count for count, _ in found)
    latencies = sorted(latency for _, each in found for latency in each)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return moves / seconds, statistics.median(latencies) * 1000, p99 * 1000


async def _durable(url: str) -> None:
    """The test server flushes nothing; the bench's must, as SQLite does (synchronous=FULL)."""
    import asyncpg

    admin = await asyncpg.connect(url)
    try:
        for setting in ("fsync = on", "synchronous_commit = on", "full_page_writes = on"):
            await admin.execute(f"ALTER SYSTEM SET {setting}")
        await admin.execute("SELECT pg_reload_conf()")
    finally:
        await admin.close()


def rows(say: Callable[[str], None] = print) -> list[tuple[str, int, float, float, float]]:
    """Each configuration's (name, processes, moves/s, p50 ms, p99 ms)."""
    found = []
    with tempfile.TemporaryDirectory() as folder:
        say(f"  scale: 1 process on SQLite, {TABLES} games at once, {SECONDS:.0f} s …")
        found.append(("SQLite", 1, *measure(str(Path(folder) / "bench.sqlite"), 1)))
    try:
        from tests.postgres import Cluster, Unavailable
    except ImportError as error:  # run outside the repository: no test helpers
        say(f"  scale: PostgreSQL skipped ({error})")
        return found
    try:
        cluster = Cluster.start()
    except Unavailable as error:
        say(f"  scale: PostgreSQL skipped ({error})")
        return found
    try:
        asyncio.run(_durable(cluster.url()))
        for processes in (1, 3):
            url = asyncio.run(cluster.create_database())
            say(f"  scale: {processes} process(es) on PostgreSQL …")
            found.append(("PostgreSQL", processes, *measure(url, processes)))
    finally:
        cluster.stop()
    return found


def table(found: list[tuple[str, int, float, float, float]]) -> str:
    lines = ["| database | processes | moves/s | p50 ms | p99 ms |", "| --- | ---: | ---: | ---: | ---: |"]
    lines += [f"| {name} | {processes} | {rate:,.0f} | {p50:.1f} | {p99:.1f} |"
              for name, processes, rate, p50, p99 in found]
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(rows()))
