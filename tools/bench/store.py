"""The store's targets (issue 13), each measured side by side with its floor in one run:

- a move (``Tables.act``) against a bare aiosqlite commit of the same bytes, on the same disk;
- a start with 10,000 running games in the database against a start with none (time, and
  the process's peak memory once every game has been resumed), each in a fresh process;
- the database's growth per move, outbox pruned as the dispatcher prunes it, against the
  growth of a bare table keeping only what a move must keep (its action, its thread lines);
- the engine's copy of a state per move against ``copy.deepcopy``.

    python -m tools.bench.store [--moves N] [--games N]
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import json
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NoReturn

import aiosqlite

from bot.engine import new_game, play, rng_for
from bot.games import registry
from bot.store import SQLiteStore
from bot.table.service import Member, TableError, Tables
from tools.bench.target import Target

#: The game with the largest public view (24 KB a move before V10), and the simplest.
ACT_GAMES = ("hollywood-boulevard", "advance-to-boardwalk")
PLAYERS = 4
START_GAMES = 10_000
#: Memory is compared with a start of this many running games: what resuming any game costs
#: (its rules and content loaded) is paid once, whatever the number; the target is that the
#: number adds nothing.
FEW_GAMES = 100


# -- a move against a bare commit ----------------------------------------------------------

async def _bare(path: Path) -> aiosqlite.Connection:
    """A database as the store opens one (WAL, synchronous=FULL), with one table of blobs."""
    db = await aiosqlite.connect(str(path), isolation_level=None)
    await db.execute("PRAGMA journal_mode=WAL")
    await db.execute("PRAGMA synchronous=FULL")
    await db.execute("CREATE TABLE IF NOT EXISTS blobs (id INTEGER PRIMARY KEY, data TEXT NOT NULL)")
    return db


def _written(read: sqlite3.Connection, game_id: int, since: tuple[int, int]) -> tuple[int, tuple[int, int]]:
    """Bytes a move wrote (its state, action, outbox items and thread lines) and the newest
    outbox and thread-line ids, to count the next move's from."""
    outbox_id, line_id = since
    state, = read.execute("SELECT LENGTH(state) FROM games WHERE id = ?", (game_id,)).fetchone()
    action, = read.execute("SELECT COALESCE(MAX(LENGTH(action)), 0) FROM actions WHERE game_id = ?"
                           " AND move = (SELECT version FROM games WHERE id = ?)", (game_id, game_id)).fetchone()
    payloads, newest = read.execute("SELECT COALESCE(SUM(LENGTH(payload)), 0), COALESCE(MAX(id), ?)"
                                    " FROM outbox WHERE id > ?", (outbox_id, outbox_id)).fetchone()
    lines, newest_line = 0, line_id
    if read.execute("SELECT 1 FROM sqlite_master WHERE name = 'thread_lines'").fetchone():
        lines, newest_line = read.execute("SELECT COALESCE(SUM(LENGTH(text)), 0), COALESCE(MAX(id), ?)"
                                          " FROM thread_lines WHERE id > ?", (line_id, line_id)).fetchone()
    return state + action + payloads + lines, (newest, newest_line)


async def _move(tables: Tables, game_id: int, members: list[Member]) -> float | None:
    """Make the pending seat's bot-chosen move as its member; seconds taken, or None when
    the game is over. A choice ``act`` refuses (re-choosing what is chosen) is replaced,
    untimed, by the first legal one it takes."""
    table = await tables.table(game_id)
    if table.record.status != "running":
        return None
    kit = registry.kit(table.record.game_type)
    state = table.state
    seat = min(kit.game.pending(state))
    action = kit.bot.choose(state, seat, rng_for(table.record.seed, state["_move"], f"bot{seat}"))
    begun = time.perf_counter()
    try:
        await tables.act(game_id, members[seat], action)
        return time.perf_counter() - begun
    except TableError:
        for choice in kit.game.legal(state, seat):
            try:
                await tables.act(game_id, members[seat], choice.action)
                return 0.0
            except TableError:
                continue
        raise


async def act_against_commit(game_id: str, moves: int, folder: Path) -> tuple[list[float], list[float]]:
    """Seconds of each ``Tables.act`` (four members, no bots) and of a bare commit of the
    bytes that move wrote, made right after it on the same disk."""
    store = await SQLiteStore.open(folder / f"{game_id}.sqlite")
    bare = await _bare(folder / f"{game_id}-bare.sqlite")
    read = sqlite3.connect(folder / f"{game_id}.sqlite")
    tables = Tables(store, autoplay_bots=False)
    members = [Member(100 + n, f"Player {n + 1}") for n in range(PLAYERS)]
    acts: list[float] = []
    commits: list[float] = []
    seed = 0
    since = (0, 0)
    try:
        while len(acts) < moves:
            table = await tables.create(game_id, members[0], seed=seed)
            for member in members[1:]:
                await tables.join(table.id, member)
            await tables.start(table.id, members[0])
            since = _written(read, table.id, since)[1]
            while len(acts) < moves and (took := await _move(tables, table.id, members)) is not None:
                size, since = _written(read, table.id, since)
                if not took:
                    continue
                data = "x" * size
                begun = time.perf_counter()
                await bare.execute("INSERT INTO blobs (data) VALUES (?)", (data,))
                commits.append(time.perf_counter() - begun)
                acts.append(took)
            seed += 1
    finally:
        read.close()
        await bare.close()
        await store.close()
    return acts, commits


# -- a start with many games against a bare start --------------------------------------------

async def _fill(path: Path, games: int) -> None:
    """``games`` running games of Hollywood Boulevard, each waiting on its human seat: one
    dealt and played for real, the rest copies of it."""
    store = await SQLiteStore.open(path)
    tables = Tables(store)
    host = Member(1, "Host")
    table = await tables.create("hollywood-boulevard", host, seed=7)
    for _ in range(PLAYERS - 1):
        await tables.add_bot(table.id, host)
    await tables.start(table.id, host)  # the bots move until the host's seat is asked
    await store.mark_sent([i.id for i in await store.unsent(limit=10_000)])
    await store.close()
    db = sqlite3.connect(path)
    with db:
        copy_game(db, table.id, games - 1, ("seats", "actions"))
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def copy_game(db: sqlite3.Connection, game_id: int, copies: int, tables: tuple[str, ...]) -> None:
    """``copies`` more games just like ``game_id``, with its rows of ``tables``: a database of
    many games at the cost of playing one."""
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)") if row[1] != "id"]
    names = ", ".join(columns)
    db.executemany(f"INSERT INTO games ({names}) SELECT {names} FROM games WHERE id = ?",
                   [(game_id,)] * copies)
    for name in tables:
        columns = [row[1] for row in db.execute(f"PRAGMA table_info({name})") if row[1] != "game_id"]
        names = ", ".join(columns)
        copied = ", ".join(f"t.{column}" for column in columns)
        db.execute(f"INSERT INTO {name} (game_id, {names}) SELECT g.id, {copied} FROM {name} AS t, games AS g"
                   f" WHERE t.game_id = ? AND g.id != ?", (game_id, game_id))


async def _migrated(path: Path) -> None:
    """A database with every table and no game."""
    await (await SQLiteStore.open(path)).close()


async def _start(path: str) -> dict[str, float]:
    """What the bot's start does with its store (bot/app.py, without Discord): open and
    migrate, build the table service and the dispatcher, resume the running games in the
    background, deliver what the outbox holds. Seconds until ready (answering members),
    then until every running game was resumed."""
    from bot.delivery.dispatcher import Dispatcher  # imported before the clock starts in main()

    begun = time.perf_counter()
    store = await SQLiteStore.open(path)
    tables = Tables(store)
    dispatcher = Dispatcher(store, _Nowhere(), moments=tables.moments)
    tables._notify = dispatcher.wake
    await dispatcher.flush()  # what a crash left goes out first
    ready = time.perf_counter() - begun
    resuming = asyncio.create_task(tables.resume())  # the bot answers while this runs
    await resuming
    resumed = time.perf_counter() - begun
    await store.close()
    return {"ready": ready, "resumed": resumed}


class _Nowhere:
    """A transport for a start whose outbox is empty: nothing reaches it."""

    async def post(self, *_: object) -> NoReturn:
        raise AssertionError("the benchmark's outbox is empty")

    send_private = notice = post


def _start_in_process(path: Path) -> dict[str, float]:
    """A start in a fresh process: its seconds and its peak memory (MiB)."""
    out = subprocess.run([sys.executable, "-m", "tools.bench.store", "--start", str(path)],
                         capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[2])
    return json.loads(out.stdout.strip().splitlines()[-1])


def starts(folder: Path, games: int, repeat: int) -> tuple[list[dict[str, float]], ...]:
    """Starts on ``games`` running games, on none and on ``FEW_GAMES``, ``repeat`` of each."""
    full, empty, few = folder / "full.sqlite", folder / "empty.sqlite", folder / "few.sqlite"
    asyncio.run(_fill(full, games))
    asyncio.run(_migrated(empty))
    asyncio.run(_fill(few, FEW_GAMES))
    loaded, bare, some = [], [], []
    for _ in range(repeat):  # alternated, so all see the machine as busy as it is
        loaded.append(_start_in_process(full))
        bare.append(_start_in_process(empty))
        some.append(_start_in_process(few))
    return loaded, bare, some


# -- the database's growth per move ----------------------------------------------------------

async def growth(game_id: str, games: int, folder: Path) -> tuple[float, float, int]:
    """Bytes the database grows per move over whole games by bots, the outbox delivered and
    pruned as the dispatcher does; and the bytes per move of a bare table holding only each
    move's action and thread lines. Returns (project, floor, moves)."""
    path = folder / f"growth-{game_id}.sqlite"
    store = await SQLiteStore.open(path)
    tables = Tables(store)
    host = Member(1, "Host")
    size_before = _size(path)
    for seed in range(games):
        table = await tables.create(game_id, host, seed=seed, host_seated=False)
        for _ in range(PLAYERS):
            await tables.add_bot(table.id, host)
        await tables.start(table.id, host)
        await store.mark_sent([i.id for i in await store.unsent(limit=100_000)])
        # The dispatcher deletes what was sent an hour ago; here the games are that old at once.
        await store.prune_sent(time.time() + 1)
    await store.close()
    read = sqlite3.connect(path)
    moves, = read.execute("SELECT COUNT(*) FROM actions").fetchone()
    kept = read.execute("SELECT game_id, move, seat, action, user_id, created_at FROM actions").fetchall()
    lines = read.execute("SELECT game_id, text FROM thread_lines").fetchall()
    read.close()
    project = (_size(path) - size_before) / moves
    bare_path = folder / f"growth-{game_id}-bare.sqlite"
    bare = sqlite3.connect(bare_path)
    bare.execute("CREATE TABLE log (game_id INTEGER, move INTEGER, seat INTEGER, action TEXT, user_id INTEGER,"
                 " created_at REAL, PRIMARY KEY (game_id, move))")
    bare.execute("CREATE TABLE said (id INTEGER PRIMARY KEY, game_id INTEGER, text TEXT)")
    bare.commit()
    bare_before = _size(bare_path)
    with bare:
        bare.executemany("INSERT INTO log VALUES (?, ?, ?, ?, ?, ?)", kept)
        bare.executemany("INSERT INTO said (game_id, text) VALUES (?, ?)", lines)
    bare.close()
    return project, (_size(bare_path) - bare_before) / moves, moves


def _size(path: Path) -> int:
    """The bytes of the database's pages in use, its write-ahead log folded in. Free pages
    (left by pruned items, used again by the next ones) are not growth."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages, = db.execute("PRAGMA page_count").fetchone()
    free, = db.execute("PRAGMA freelist_count").fetchone()
    size, = db.execute("PRAGMA page_size").fetchone()
    db.close()
    return (pages - free) * size


# -- the engine's copy --------------------------------------------------------------------------

def copies(games: int) -> tuple[float, float]:
    """Microseconds per move copying states as the engine does, and with ``deepcopy``, over
    bot games of every title."""
    from bot.engine.runner import copy_state

    states = []
    for game_id in [g for g in registry.available() if g in registry.PACKAGES]:
        kit = registry.kit(game_id)
        players = min(max(kit.game.min_players, PLAYERS), kit.game.max_players)
        for seed in range(games):
            state = new_game(kit.game, players, None, seed)
            while kit.game.result(state) is None and state["_move"] < 400:
                states.append(state)
                seat = min(kit.game.pending(state))
                state, _ = play(kit.game, state, seat, kit.bot.choose(state, seat, rng_for(seed, state["_move"], "b")))
    timed = []
    for copier in (copy_state, copy.deepcopy):
        begun = time.perf_counter()
        for state in states:
            copier(state)
        timed.append((time.perf_counter() - begun) / len(states) * 1e6)
    return timed[0], timed[1]


# -- all together -------------------------------------------------------------------------------

def targets(moves: int = 200, start_games: int = START_GAMES, repeat: int = 3) -> list[Target]:
    """Every target of the store, with its floor, measured in this run (``repeat`` starts
    of each kind, the median kept; the ranges are printed by ``main``)."""
    found: list[Target] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for game_id in ACT_GAMES:
            acts, commits = asyncio.run(act_against_commit(game_id, moves, folder))
            found.append(Target(f"act, {game_id} (median of {len(acts)})", statistics.median(acts) * 1000,
                                statistics.median(commits) * 1000, "ms", 2.5))
        loaded, bare, some = starts(folder, start_games, repeat)
        found.append(Target(f"start-up, {start_games:,} running games in the database",
                            statistics.median(r["ready"] for r in loaded),
                            statistics.median(r["ready"] for r in bare), "s", 3.0))
        found.append(Target(f"peak memory, start-up and every game resumed ({start_games:,} vs {FEW_GAMES})",
                            statistics.median(r["memory"] for r in loaded),
                            statistics.median(r["memory"] for r in some), "MiB", 1.25))
        project, floor, moves = asyncio.run(growth("hollywood-boulevard", 4, folder))
        found.append(Target(f"database growth per move ({moves} moves, outbox pruned)", project / 1024,
                            floor / 1024, "KB", 4.0))
        copied, deep = copies(2)
        found.append(Target("state copy per move (floor: deepcopy)", copied, deep, "µs", 0.5))
    return found


def _peak_memory_mib() -> float:
    """This process's peak resident memory. Linux's ``VmHWM`` is this program's own; the
    maximum ``getrusage`` reports also counts the parent's pages this process was forked
    with before it became Python (a large benchmark parent inflates every start alike)."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="moves timed per game")
    parser.add_argument("--games", type=int, default=START_GAMES, help="games in the start-up's database")
    parser.add_argument("--repeat", type=int, default=3, help="starts of each kind")
    parser.add_argument("--start", help=argparse.SUPPRESS)  # one start, in this process
    args = parser.parse_args()
    if args.start:
        from bot.delivery import dispatcher as dispatch  # noqa: F401 - imports are not the start's to pay for

        figures = asyncio.run(_start(args.start))
        figures["memory"] = _peak_memory_mib()
        print(json.dumps(figures))
        return
    print(f"{'target':62} {'project':>10} {'floor':>10} {'ratio':>6} {'goal':>6}")
    for target in targets(args.moves, args.games, args.repeat):
        verdict = "ok" if target.ratio <= target.goal else "MISSED"
        print(f"{target.name:62} {target.project:8.3g} {target.unit:<3}{target.floor:7.3g} {target.unit:<3}"
              f"{target.ratio:6.2f} {target.goal:6.2f} {verdict}")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
