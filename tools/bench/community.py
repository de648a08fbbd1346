"""Issue 26's and 37's targets: statistics, leaderboards and history that cost the same on
day 1 and day 500, and on a server of 100,000 players, measured side by side in one run
(SQLite):

- a move's p99 while ``/game stats``, ``/game leaderboard``, a history page and
  ``/game board move:N`` are asked 20 times a second, against the same moves without them,
  with 10,000 finished games in the database;
- each of those commands' p99 (what it reads and works out; drawing excepted) with 10,000
  finished games against 100: flat, and under 50 ms;
- issue 37: a move's p99 while ``/game leaderboard`` and ``/game stats`` are asked 20 times a
  second on a server whose leaderboards rate 100,000 members, against the same moves alone:
  at most 1.2 times; and each command's p99 under 50 ms.

    python -m tools.bench.community [--games N] [--moves N] [--rated N]
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sqlite3
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from bot.community import stats as community
from bot.community.rating import Rating
from bot.games import registry
from bot.i18n import HOST, words
from bot.store import SQLiteStore
from bot.store.sqlite_community import backfill
from bot.store.standings import ALL_TITLES, band_of
from bot.table import history
from bot.table.service import Member, TableError, Tables
from tools.bench.store import PLAYERS, _move, copy_game
from tools.bench.target import Target

FINISHED = 10_000
FEW = 100
GUILD = 1
MEMBERS = 100     # the finished games' members (as many at 100 games as at 10,000)
RATE = 20.0       # commands a second beside the moves
BUDGET_MS = 50.0  # what each command may take at p99
TITLE = "advance-to-boardwalk"
COMMANDS = ("stats", "leaderboard", "history page", "board move:N")
RATED = 100_000   # members a large server's leaderboards rate (issue 37)
RATED_COMMANDS = ("stats", "leaderboard")
RATED_GOAL = 1.2  # a move's p99 beside them, against alone
FIRST_MEMBER = 10**17  # members' ids as Discord's look


async def _finished_database(path: Path, games: int) -> int:
    """A database of ``games`` finished games on one server: one played out by bots for
    members who left, the rest copies of it with other members in its seats; the standings
    made from them as V14 makes them. Returns the played game's id."""
    store = await SQLiteStore.open(path)
    tables = Tables(store)
    members = [Member(n + 1, f"Member {n + 1}") for n in range(PLAYERS)]
    table = await tables.create(TITLE, members[0], guild_id=GUILD, channel_id=GUILD, seed=3)
    for member in members[1:]:
        await tables.join(table.id, member)
    await tables.start(table.id, members[0])
    for member in members:  # the bots play it out; the seats stay the members'
        with contextlib.suppress(TableError):  # over before the last left
            await tables.hand_to_bot(table.id, member)
    await tables.run_bots(table.id)  # at once: a bot-only game is otherwise paced
    await store.close()
    db = sqlite3.connect(path)
    with db:
        copy_game(db, table.id, games - 1, ("seats", "actions", "snapshots"))
        db.execute("UPDATE seats SET former_user_id = 1 + (game_id * 7 + seat * 13) % ?,"
                   " former_name = 'Member ' || (1 + (game_id * 7 + seat * 13) % ?) WHERE game_id != ?",
                   (MEMBERS, MEMBERS, table.id))
        db.execute("INSERT INTO finishes (game_id, finished_at) SELECT id, updated_at FROM games"
                   " WHERE id != ? ORDER BY id", (table.id,))
        db.row_factory = sqlite3.Row
        backfill(db)
    db.close()
    return table.id


def _rated_database(path: Path, members: int) -> None:
    """A database whose server rates ``members`` members on its leaderboards (every title and
    one), each with a record: the rows a long life of finished games leaves (V14, V18, V20),
    written directly, as replaying that many games would take hours."""
    asyncio.run(_migrated(path))
    draw = random.Random(37)
    rows = []
    for n in range(members):
        games = draw.randint(1, 60)
        rows.append((FIRST_MEMBER + n, f"Member {n}", draw.gauss(25, 4), draw.uniform(0.8, 8.3), games,
                     draw.randint(0, games)))
    bands = Counter(band_of(Rating(mu, sigma)) for _, _, mu, sigma, _, _ in rows)
    db = sqlite3.connect(path)
    with db:
        for board in (ALL_TITLES, TITLE):
            db.executemany("INSERT INTO ratings (scope, game_type, member_id, name, mu, sigma, games, wins)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [(GUILD, board, *row) for row in rows])
            db.execute("INSERT INTO boards (scope, game_type, games) VALUES (?, ?, ?)", (GUILD, board, members))
            db.executemany("INSERT INTO rank_bands (scope, game_type, band, members) VALUES (?, ?, ?, ?)",
                           [(GUILD, board, band, count) for band, count in bands.items()])
        db.executemany("INSERT INTO member_records (scope, member_id, name, streak, last_seq) VALUES (?, ?, ?, ?, ?)",
                       [(GUILD, member, name, 1, n) for n, (member, name, *_) in enumerate(rows)])
        db.executemany("INSERT INTO member_titles (scope, member_id, game_type, played, won, last_seq)"
                       " VALUES (?, ?, ?, ?, ?, ?)",
                       [(GUILD, member, TITLE, games, wins, n) for n, (member, _, _, _, games, wins) in enumerate(rows)])
    db.close()


async def _migrated(path: Path) -> None:
    store = await SQLiteStore.open(path)
    await store.close()


async def _command(store: SQLiteStore, tables: Tables, kind: str, game_id: int, n: int,
                   member: Callable[[int], int] = lambda n: 1 + n % MEMBERS) -> float:
    """One command's work as the cog does it (store reads on the loop, replays in a thread);
    seconds taken. ``member``: whose statistics the ``n``-th asks for."""
    begun = time.perf_counter()
    if kind == "stats":
        await community.member_stats(store, member(n), GUILD)
    elif kind == "leaderboard":
        await community.leaderboard(store, GUILD, TITLE if n % 2 else None, reader=member(n + 1))
    else:
        table = await tables.table(game_id)
        game = registry.game(TITLE)
        moves = (await store.checkpoint(game_id, 0, 0)).moves
        if kind == "history page":
            first, last = history.chapter_span(n % history.chapters(moves))
            kept = await store.checkpoint(game_id, max(first - 1, 0), last)
            await asyncio.to_thread(history.chapter_lines, game, table, kept, first, words(HOST, "en"))
        else:
            move = (n * 37) % (moves + 1)
            kept = await store.checkpoint(game_id, move, move)
            await asyncio.to_thread(history.view_at, game, table, kept)
    return time.perf_counter() - begun


async def _run(path: Path, game_id: int, moves: int, commands: bool, kinds: tuple[str, ...] = COMMANDS,
               member: Callable[[int], int] = lambda n: 1 + n % MEMBERS) -> tuple[list[float], dict[str, list[float]]]:
    """Moves of a fresh game, one after another (and, with ``commands``, the ``kinds`` of command
    in turn at ``RATE`` a second beside them): each move's seconds, and each command's."""
    store = await SQLiteStore.open(path)
    tables = Tables(store, autoplay_bots=False)
    players = [Member(900 + n, f"Player {n + 1}") for n in range(PLAYERS)]
    took: dict[str, list[float]] = {kind: [] for kind in kinds}
    acts: list[float] = []
    done = asyncio.Event()

    async def ask() -> None:
        n = 0
        while not done.is_set():
            kind = kinds[n % len(kinds)]
            took[kind].append(await _command(store, tables, kind, game_id, n, member))
            n += 1
            await asyncio.sleep(max(0.0, 1 / RATE - took[kind][-1]))

    asking = asyncio.create_task(ask()) if commands else None
    try:
        seed = 0
        while len(acts) < moves:
            table = await tables.create(TITLE, players[0], guild_id=GUILD + 1, seed=seed)
            for player in players[1:]:
                await tables.join(table.id, player)
            await tables.start(table.id, players[0])
            while len(acts) < moves and (move := await _move(tables, table.id, players)) is not None:
                if move:
                    acts.append(move)
            seed += 1
    finally:
        done.set()
        if asking is not None:
            await asking
        await store.close()
    return acts, took


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000


def rated_targets(print_line=print, members: int = RATED, moves: int = 1000, rounds: int = 5) -> list[Target]:
    """Issue 37: the leaderboard and stats of a server rating ``members`` members, beside
    ``moves`` moves, against the moves alone: each side in ``rounds`` runs, alternately, on
    copies of one database; each run's move p99, the median run kept (a p99 of a few
    milliseconds moves by half from one run to the next on a shared machine); the commands'
    times pooled."""
    draw = random.Random(26)

    def pick(_: int) -> int:  # any member, so any place on the board
        return FIRST_MEMBER + draw.randrange(members)

    p99s: dict[bool, list[float]] = {False: [], True: []}
    took: dict[str, list[float]] = {kind: [] for kind in RATED_COMMANDS}
    with tempfile.TemporaryDirectory() as name:
        ready = Path(name) / "rated.sqlite"
        _rated_database(ready, members)
        for round_ in range(rounds):
            for commands in ((False, True) if round_ % 2 == 0 else (True, False)):
                path = Path(name) / f"round-{round_}-{commands}.sqlite"
                path.write_bytes(ready.read_bytes())
                acts, asked = asyncio.run(_run(path, 0, moves, commands, RATED_COMMANDS, pick))
                p99s[commands].append(_p99(acts))
                for kind, found in asked.items():
                    took[kind].extend(found)
    alone, beside = statistics.median(p99s[False]), statistics.median(p99s[True])
    print_line(f"{members:,} rated members: move p99 {alone:.1f} ms alone, {beside:.1f} ms with "
               f"{' and '.join(RATED_COMMANDS)} at {RATE:.0f}/s beside (medians of {rounds} runs); "
               + ", ".join(f"{kind} p50 {statistics.median(found) * 1000:.1f} ms, p99 {_p99(found):.1f} ms "
                           f"({len(found)} asked)" for kind, found in took.items()))
    return [Target(f"move p99, leaderboard and stats at {RATE:.0f}/s beside it ({members:,} rated members; vs alone; "
                   f"median of {rounds} runs)", beside, alone, "ms", RATED_GOAL),
            *(Target(f"{kind} p99, {members:,} rated members (vs the {BUDGET_MS:.0f} ms budget)", _p99(found),
                     BUDGET_MS, "ms", 1.0) for kind, found in took.items())]


def targets(print_line=print, games: int = FINISHED, moves: int = 600, rated: int = RATED) -> list[Target]:
    found: list[Target] = rated_targets(print_line, rated)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        by_size: dict[int, dict[str, list[float]]] = {}
        for size in (FEW, games):
            path = folder / f"finished-{size}.sqlite"
            game_id = asyncio.run(_finished_database(path, size))
            if size == games:
                alone, _ = asyncio.run(_run(path, game_id, moves, commands=False))
                beside, took = asyncio.run(_run(path, game_id, moves, commands=True))
                found.append(Target(f"move p99, commands at {RATE:.0f}/s beside it ({size:,} finished games)",
                                    _p99(beside), _p99(alone), "ms", 1.5))
            else:
                _, took = asyncio.run(_run(path, game_id, moves, commands=True))
            by_size[size] = took
        for kind in COMMANDS:
            few, many = _p99(by_size[FEW][kind]), _p99(by_size[games][kind])
            print_line(f"{kind:14} p99 {few:6.1f} ms at {FEW:,} finished games, {many:6.1f} ms at {games:,}"
                       f" ({'under' if max(few, many) < BUDGET_MS else 'OVER'} {BUDGET_MS:.0f} ms)")
            found.append(Target(f"{kind} p99, {games:,} vs {FEW:,} finished games", many, few, "ms", 1.5))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=FINISHED)
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--rated", type=int, default=RATED)
    args = parser.parse_args()
    for target in targets(print, args.games, args.moves, args.rated):
        print(f"{target.name:62} {target.project:8.3g} {target.unit:<3}{target.floor:7.3g} {target.unit:<3}"
              f"{target.ratio:6.2f} {target.goal:6.2f} {'ok' if target.ratio <= target.goal else 'MISSED'}")


if __name__ == "__main__":
    main()
