"""The SQLite store: games, seats, the action log and the outbox, through aiosqlite.

Every accepted move is one transaction: the new state (only if the version is
still the one the move was made against), its line in the action log and its
notifications in the outbox. So a move is either wholly durable or not there,
and two moves racing on one game cannot both apply.

aiosqlite runs each statement on its worker thread, a round trip of 25–75 µs, more
than the statement itself costs. So the hot paths (a move's commit, reading a game
with its seats, marking items sent) run all their statements in one trip
(``SQLiteStore._transaction``, ``SQLiteStore._run``).

The outbox holds what is still to deliver: an item is deleted an hour after it was
sent (``prune_sent``), and its thread lines are kept in ``thread_lines`` for
``/game history``. An item carries no picture of the game: the dispatcher draws from
the state at the item's version (``bot/delivery/dispatcher.py``).
"""
from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.engine.runner import UNDO
from bot.store.base import (
    NOT_TAKEN_BACK,
    RUNNING_HOSTED,
    STANDINGS_FROM,
    Caps,
    Checkpoint,
    Crowded,
    DeferredClick,
    GameRecord,
    OutboxItem,
    PostRecord,
    SeatRecord,
    Vitals,
    crowded,
)
from bot.store.clicks import SQLiteClicks, journal_path
from bot.store.rows import (
    dumps,
    game_record,
    kept_move,
    packed,
    post_record,
    seat_records,
    unpacked,
    vitals_sql,
)
from bot.store.shards import Lease, Shards, games_of_shards, of_shards
from bot.store.sqlite_community import SQLiteCommunity, backfill, record_finish
from bot.table.notify import NotifySettings

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
T = TypeVar("T")


def _statements(script: str) -> list[str]:
    """Split an SQL script into statements (``;`` inside comments or strings is no end)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    return statements


_SEATS = ("SELECT seat, user_id, name, is_bot, dm_ok, timeouts, former_user_id, former_name, take_backs"
          " FROM seats WHERE game_id = ? ORDER BY seat")
# What a member hosts and a channel holds, for the caps (``Caps``): lobbies the member hosts,
# lobbies waiting in the channel, running games the member hosts on the server.
_LOBBIES_HOSTED = "SELECT count(*) FROM games WHERE host_id = ? AND status = 'lobby'"
_LOBBIES_IN_CHANNEL = "SELECT count(*) FROM games WHERE channel_id = ? AND status = 'lobby'"
_RUNNING_HOSTED = "SELECT count(*) FROM games WHERE host_id = ? AND status = 'running' AND guild_id = ?"


# A change to a running game's seats that is no move: a move decided on the seats as they
# were is refused at its commit (``commit``'s ``seats_version``).
_SEATS_CHANGED = "UPDATE games SET seats_version = seats_version + 1 WHERE id = ?"


def _game_with_seats(db: sqlite3.Connection, game_id: int) -> tuple[GameRecord, list[SeatRecord]] | None:
    row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
    return (game_record(row), seat_records(db.execute(_SEATS, (game_id,)))) if row else None


def _queue(db: sqlite3.Connection, game_id: int, items: Iterable[tuple[str, dict[str, Any]]],
           now: float) -> None:
    """Put notifications in the outbox, and the lines they say in the thread in the game's
    history (``public_log``), which outlives the outbox items."""
    items = list(items)
    db.executemany("INSERT INTO outbox (game_id, kind, payload, created_at) VALUES (?, ?, ?, ?)",
                   [(game_id, kind, dumps(payload), now) for kind, payload in items])
    db.executemany("INSERT INTO thread_lines (game_id, text) VALUES (?, ?)",
                   [(game_id, payload["text"]) for kind, payload in items
                    if kind == "thread" and payload.get("text")])


def _count(db: sqlite3.Connection, query: str, *values: int) -> int:
    return int(db.execute(query, values).fetchone()[0])


def _lobby_seated(db: sqlite3.Connection, game_id: int, expected: Iterable[SeatRecord]) -> bool:
    """In a transaction: the game is still a lobby, and seated exactly as ``expected``."""
    row = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
    return row is not None and row[0] == "lobby" and seat_records(db.execute(_SEATS, (game_id,))) == list(expected)


class SQLiteStore(SQLiteCommunity):
    """One connection per process; transactions are serialised by a lock.

    aiosqlite runs every statement on one worker thread, so statements of two
    coroutines would interleave inside each other's transactions without it.
    """

    def __init__(self, connection: aiosqlite.Connection, clicks: SQLiteClicks) -> None:
        self._db = connection
        self._lock = asyncio.Lock()
        self._clicks = clicks  # the click journal: a file and a connection of its own

    @classmethod
    async def open(cls, path: str | Path) -> SQLiteStore:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path), isolation_level=None)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode=WAL")
        await connection.execute("PRAGMA synchronous=FULL")  # durable before acknowledged
        await connection.execute("PRAGMA foreign_keys=ON")
        await connection.execute("PRAGMA busy_timeout=5000")
        store = cls(connection, await SQLiteClicks.open(journal_path(path)))
        await store.migrate()
        return store

    async def close(self) -> None:
        await self._clicks.close()
        await self._db.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            else:
                await self._db.execute("COMMIT")

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` with the connection on aiosqlite's worker thread: any number of
        statements for one round trip. ``_execute`` is the queue every aiosqlite method
        goes through; aiosqlite has no public name for it."""
        return await self._db._execute(lambda: work(self._db._conn))

    async def _transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` in one transaction, in one round trip (rolled back if it raises)."""

        def transaction(db: sqlite3.Connection) -> T:
            db.execute("BEGIN IMMEDIATE")
            try:
                result = work(db)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return result

        async with self._lock:
            return await self._run(transaction)

    # -- schema ---------------------------------------------------------------

    async def migrate(self) -> int:
        """Apply every numbered migration not yet applied; return the schema version.

        By number, not by "above the highest": a migration that lands after a later one
        was applied (work merged out of order) is still applied."""
        async with self.transaction() as db:
            await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            rows = await (await db.execute("SELECT version FROM schema_version")).fetchall()
            applied = {row[0] for row in rows}
            fresh: set[int] = set()
            for script in sorted(MIGRATIONS.glob("V*__*.sql"), key=lambda p: int(p.name[1:].split("__")[0])):
                number = int(script.name[1:].split("__")[0])
                if number in applied:
                    continue
                for statement in _statements(script.read_text()):
                    await db.execute(statement)
                await db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
                applied.add(number)
                fresh.add(number)
            if fresh & STANDINGS_FROM and STANDINGS_FROM <= applied:
                await self._run(backfill)
        return max(applied, default=0)

    # -- reading --------------------------------------------------------------

    async def game(self, game_id: int) -> GameRecord | None:
        cursor = await self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,))
        row = await cursor.fetchone()
        return game_record(row) if row else None

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        cursor = await self._db.execute(
            "SELECT * FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (thread_id,)
        )
        row = await cursor.fetchone()
        return game_record(row) if row else None

    async def games_with_status(self, *statuses: str) -> list[GameRecord]:
        marks = ",".join("?" for _ in statuses)
        cursor = await self._db.execute(f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", statuses)
        return [game_record(row) for row in await cursor.fetchall()]

    async def open_lobbies(self, host_id: int, channel_id: int | None) -> tuple[int, int]:
        """How many lobbies (games not started) ``host_id`` hosts, and how many wait in
        ``channel_id``: one indexed read, however many games the database holds."""
        cursor = await self._db.execute(
            "SELECT COALESCE(SUM(host_id = ?), 0), COALESCE(SUM(channel_id IS ?), 0) FROM games"
            " WHERE status = 'lobby'", (host_id, channel_id))
        mine, here = await cursor.fetchone() or (0, 0)
        return int(mine), int(here)

    async def running_hosted(self, host_id: int, guild_id: int) -> int:
        """How many running games ``host_id`` hosts on the server ``guild_id`` (indexed)."""
        return await self._run(lambda db: _count(db, _RUNNING_HOSTED, host_id, guild_id))

    async def running_game_ids(self, shards: Shards | None = None) -> list[int]:
        """The ids of the running games (not their states: a start resumes them one by one),
        of the ``shards`` given (every game's by default)."""
        mine = of_shards(shards, "guild_id")
        return await self._run(lambda db: [row[0] for row in db.execute(
            f"SELECT id FROM games WHERE status = 'running'{mine} ORDER BY id")])

    async def seats(self, game_id: int) -> list[SeatRecord]:
        return await self._run(lambda db: seat_records(db.execute(_SEATS, (game_id,))))

    async def actions(self, game_id: int, until: int | None = None) -> list[tuple[int, str]]:
        """A game's action log as (seat, action); with ``until``, the moves up to that version."""
        cursor = await self._db.execute(
            "SELECT seat, action FROM actions WHERE game_id = ? AND move <= ? ORDER BY move",
            (game_id, until if until is not None else 2**62),
        )
        return [(row["seat"], row["action"]) for row in await cursor.fetchall()]

    async def checkpoint(self, game_id: int, start: int, until: int) -> Checkpoint:
        """The state kept (``snapshots``) nearest at or before move ``start`` of a game, and
        its log's moves after it through ``until``: a move is rebuilt from at most
        ``SNAPSHOT_EVERY`` actions (games begun before V14 keep none: from the deal)."""

        def read(db: sqlite3.Connection) -> Checkpoint:
            # Move N of the log is the action that made version N + 1.
            kept = db.execute("SELECT move, state FROM snapshots s WHERE game_id = ? AND move <= ?"
                              f" AND {NOT_TAKEN_BACK} ORDER BY move DESC LIMIT 1", (game_id, start + 1)).fetchone()
            base = kept[0] - 1 if kept else 0
            tail = db.execute("SELECT seat, action FROM actions WHERE game_id = ? AND move > ? AND move <= ?"
                              " ORDER BY move", (game_id, base + 1, until + 1)).fetchall()
            moves = db.execute("SELECT COALESCE(MAX(move), 1) - 1 FROM actions WHERE game_id = ?",
                               (game_id,)).fetchone()[0]
            return Checkpoint(moves, base, unpacked(kept[1]) if kept else None, [(r[0], r[1]) for r in tail])

        return await self._run(read)

    async def public_log(self, game_id: int, limit: int = 25) -> list[str]:
        """The latest public lines of a game, oldest first (what its thread was told)."""
        cursor = await self._db.execute(
            "SELECT text FROM thread_lines WHERE game_id = ? ORDER BY id DESC LIMIT ?", (game_id, limit * 4))
        lines: list[str] = []
        for row in await cursor.fetchall():
            lines = [line for line in row["text"].splitlines() if line] + lines
        return lines[-limit:]

    async def unsent(self, now: float | None = None, limit: int = 200,
                     shards: Shards | None = None, *, games: int | None = None,
                     besides: Iterable[int] = ()) -> list[OutboxItem]:
        """The items due for delivery, oldest first: neither sent nor parked, not waiting out
        a backoff, and not behind an earlier item of their game that is (a game keeps its order);
        of the games of ``shards`` (every game's by default), but not of ``besides``. With
        ``games``, only the items of that many games, those whose first due item is oldest:
        a dispatcher with room for a few games reads (and parses) no other game's backlog."""
        now = time.time() if now is None else now
        mine = games_of_shards(shards, "o.game_id")
        besides = list(besides)
        if besides:
            mine += f" AND o.game_id NOT IN ({','.join('?' * len(besides))})"
        due = ("SELECT id, game_id FROM outbox AS o"
               f" WHERE sent_at IS NULL AND parked_at IS NULL AND COALESCE(next_attempt_at, 0) <= ?{mine}"
               " AND NOT EXISTS (SELECT 1 FROM outbox AS held WHERE held.game_id = o.game_id AND held.id < o.id"
               "  AND held.sent_at IS NULL AND held.parked_at IS NULL AND held.next_attempt_at > ?)")
        first = " WHERE due.game_id IN (SELECT game_id FROM due GROUP BY game_id ORDER BY MIN(id) LIMIT ?)"
        cursor = await self._db.execute(
            f"WITH due AS ({due}) SELECT o.id, o.game_id, o.kind, o.payload, o.attempts"
            f" FROM due JOIN outbox AS o ON o.id = due.id{first if games is not None else ''}"
            " ORDER BY o.id LIMIT ?",
            (now, *besides, now, *([games] if games is not None else []), limit),
        )
        return [
            OutboxItem(row["id"], row["game_id"], row["kind"], json.loads(row["payload"]), row["attempts"])
            for row in await cursor.fetchall()
        ]

    async def vitals(self, now: float, shards: Shards | None = None) -> Vitals:
        """The outbox and the countdowns of the games of ``shards`` (every game's by default)
        at ``now``, in one read: never behind a transaction's lock."""
        row = await self._run(lambda db: db.execute(vitals_sql(shards, "?"), (now, now)).fetchone())
        return Vitals(*row)

    async def parked(self) -> list[OutboxItem]:
        """The items given up on, by game, for the operator (``python -m bot outbox``)."""
        cursor = await self._db.execute(
            "SELECT id, game_id, kind, payload, attempts, last_error, parked_at FROM outbox"
            " WHERE sent_at IS NULL AND parked_at IS NOT NULL ORDER BY game_id, id")
        return [
            OutboxItem(row["id"], row["game_id"], row["kind"], json.loads(row["payload"]), row["attempts"],
                       row["last_error"], row["parked_at"])
            for row in await cursor.fetchall()
        ]

    # -- writing --------------------------------------------------------------

    async def create_game(
        self, game_type: str, options: dict[str, Any], seed: int, host_id: int,
        guild_id: int | None, channel_id: int | None, settings: dict[str, Any] | None = None,
        caps: Caps | None = None,
    ) -> int:
        now = time.time()

        def create(db: sqlite3.Connection) -> int:
            if caps is not None:  # counted in the lobby's own transaction: no two fill one place
                refused = crowded(caps, _count(db, _LOBBIES_HOSTED, host_id),
                                  None if channel_id is None else _count(db, _LOBBIES_IN_CHANNEL, channel_id),
                                  None if guild_id is None else _count(db, _RUNNING_HOSTED, host_id, guild_id))
                if refused is not None:
                    raise refused
            cursor = db.execute(
                "INSERT INTO games (game_type, status, options, seed, host_id, guild_id, channel_id,"
                " created_at, updated_at, settings) VALUES (?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_type, dumps(options), seed, host_id, guild_id, channel_id, now, now,
                 dumps(settings or {})),
            )
            assert cursor.lastrowid is not None  # set by the INSERT
            return cursor.lastrowid

        return await self._transaction(create)

    async def set_places(self, game_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None) -> None:
        async with self.transaction() as db:
            if thread_id is not None:
                await db.execute("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id))
            if lobby_message_id is not None:
                await db.execute("UPDATE games SET lobby_message_id = ? WHERE id = ?", (lobby_message_id, game_id))

    async def game_with_seats(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]] | None:
        """A game and its seats as of one moment: read between this process's transactions,
        never halfway through one (a lobby change replaces every seat; a read in between
        would find the lobby empty or half filled)."""
        async with self._lock:
            return await self._run(lambda db: _game_with_seats(db, game_id))

    async def set_seats(self, game_id: int, seats: Iterable[SeatRecord], *,
                        expected: Iterable[SeatRecord]) -> bool:
        """Replace a lobby's seats (joins, leaves and bots renumber them), only if the game
        is still a lobby seated as ``expected``, the seats the change was worked out from.

        Returns False, writing nothing, when the game has started or another change got
        there first: the caller reads the lobby again and works its change out afresh."""
        expected = list(expected)
        async with self.transaction() as db:
            if not await self._run(lambda conn: _lobby_seated(conn, game_id, expected)):
                return False
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, is_bot, dm_ok) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, s.name, int(s.is_bot), int(s.dm_ok)) for s in seats],
            )
        return True

    async def start_game(
        self, game_id: int, seats: Iterable[SeatRecord], *, state: dict[str, Any],
        seat_epochs: dict[int, int], seat_asked: dict[int, float],
        timers: Iterable[tuple[str, float, float | None]], outbox: Iterable[tuple[str, dict[str, Any]]],
        options: dict[str, Any] | None = None, most_running: int | None = None,
    ) -> bool:
        """The lobby becomes the dealt game (version 1) with its countdowns and first
        notifications, all at once, only if it is still a lobby seated exactly as ``seats``,
        the seats the game was dealt for: a seat the deal has no place for cannot slip in.
        ``options``: the game's options as dealt, when the deal added to them (each seat's
        language), so the log replays from them. ``most_running``: a game on a server starts
        only while its host runs fewer there (``Crowded`` if not).

        Returns False, writing nothing, when a join, a leave or another start got there first."""
        now = time.time()
        seats = list(seats)

        def deal(db: sqlite3.Connection) -> bool:
            if not _lobby_seated(db, game_id, seats):
                return False
            if most_running is not None:
                host_id, guild_id = db.execute("SELECT host_id, guild_id FROM games WHERE id = ?",
                                               (game_id,)).fetchone()
                running = 0 if guild_id is None else _count(db, _RUNNING_HOSTED, host_id, guild_id)
                if running >= most_running:
                    raise Crowded(RUNNING_HOSTED, running)
            db.execute(
                "UPDATE games SET status = 'running', state = ?, version = 1, seat_epochs = ?,"
                " seat_asked = ?, options = COALESCE(?, options), updated_at = ? WHERE id = ?",
                (dumps(state), dumps({str(k): v for k, v in seat_epochs.items()}),
                 dumps({str(k): v for k, v in seat_asked.items()}),
                 None if options is None else dumps(options), now, game_id))
            db.executemany(
                "INSERT INTO timers (game_id, key, due_at, warn_at) VALUES (?, ?, ?, ?)",
                [(game_id, key, due, warn) for key, due, warn in timers])
            _queue(db, game_id, outbox, now)
            return True

        return await self._transaction(deal)

    async def hand_seat_to_bot(self, game_id: int, seat: int, name: str,
                               note: tuple[str, dict[str, Any]]) -> bool:
        """A running game's human seat becomes a bot seat, with a note to the table, at once."""
        # The player is remembered, so /game rejoin can give the seat back.
        return await self._change_seat(
            "UPDATE seats SET former_user_id = user_id, former_name = name,"
            " user_id = NULL, is_bot = 1, dm_ok = 0, timeouts = 0, name = ?"
            " WHERE game_id = ? AND seat = ? AND is_bot = 0", (name, game_id, seat), game_id, note)

    async def _change_seat(self, update: str, values: tuple[Any, ...], game_id: int,
                           note: tuple[str, dict[str, Any]]) -> bool:
        """A seat changing hands in a running game and the table's note of it, together."""

        def change(db: sqlite3.Connection) -> bool:
            if db.execute(update, values).rowcount != 1:
                return False
            db.execute(_SEATS_CHANGED, (game_id,))
            _queue(db, game_id, [note], time.time())
            return True

        return await self._transaction(change)

    async def set_dm_ok(self, game_id: int, seat: int, ok: bool) -> bool:
        """Record whether a seat's DMs work; True only for the caller that changed it, so
        of two that find DMs closed at once, exactly one tells the table."""
        def change(db: sqlite3.Connection) -> bool:
            if db.execute("UPDATE seats SET dm_ok = ? WHERE game_id = ? AND seat = ? AND dm_ok != ?",
                          (int(ok), game_id, seat, int(ok))).rowcount != 1:
                return False
            db.execute(_SEATS_CHANGED, (game_id,))
            return True

        return await self._transaction(change)

    async def commit(
        self, game_id: int, expected_version: int, *, status: str, state: dict[str, Any] | None,
        seat_epochs: dict[int, int] | None = None, result: dict[str, Any] | None = None,
        action: tuple[int, str, int | None] | None = None,
        outbox: Iterable[tuple[str, dict[str, Any]]] = (),
        seat_asked: dict[int, float] | None = None,
        timers: Iterable[tuple[str, float, float | None]] | None = None,
        fired: str | None = None,
        timeouts: dict[int, int] | None = None,
        seats_version: int | None = None,
    ) -> bool:
        """Write a new version of a game, its action and notifications — all or nothing.

        ``timers`` is every countdown the new version has, as (key, due, warn at):
        rows for other keys go, new keys are added, and a key already running keeps
        its time. ``fired`` is the countdown this move answers: it goes in any case,
        so a key listed again starts afresh. ``timeouts`` sets seats' run-out counts.

        Returns False (and writes nothing) when the game is no longer at
        ``expected_version``: somebody else's move got there first; nor, when
        ``seats_version`` is given, at that count of its seats' changes (a hand-over).
        """
        now = time.time()
        wanted = list(timers) if timers is not None else None
        outbox = list(outbox)

        def write(db: sqlite3.Connection) -> bool:
            # Finishing counts once: the standings take the game only as it becomes finished.
            finishing = status == "finished" and db.execute(
                "SELECT 1 FROM games WHERE id = ? AND status <> 'finished'", (game_id,)).fetchone() is not None
            cursor = db.execute(
                "UPDATE games SET status = ?, state = ?, version = version + 1,"
                " seat_epochs = COALESCE(?, seat_epochs), result = COALESCE(?, result), updated_at = ?,"
                " seat_asked = COALESCE(?, seat_asked)"
                " WHERE id = ? AND version = ? AND seats_version = COALESCE(?, seats_version)",
                (status, dumps(state) if state is not None else None,
                 dumps(seat_epochs) if seat_epochs is not None else None,
                 dumps(result) if result is not None else None, now,
                 dumps(seat_asked) if seat_asked is not None else None, game_id, expected_version,
                 seats_version),
            )
            if cursor.rowcount != 1:
                return False
            if fired is not None:
                db.execute("DELETE FROM timers WHERE game_id = ? AND key = ?", (game_id, fired))
            if wanted is not None:
                keys = [key for key, _, _ in wanted]
                marks = ",".join("?" for _ in keys)
                # Held pings are the dispatcher's (quiet hours), not the game's countdowns.
                db.execute(f"DELETE FROM timers WHERE game_id = ? AND key NOT LIKE 'quiet:%'"
                           f" AND key NOT IN ({marks})", (game_id, *keys))
                db.executemany(
                    "INSERT INTO timers (game_id, key, due_at, warn_at) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (game_id, key) DO NOTHING",
                    [(game_id, key, due, warn) for key, due, warn in wanted])
            db.executemany("UPDATE seats SET timeouts = ? WHERE game_id = ? AND seat = ?",
                           [(count, game_id, seat) for seat, count in (timeouts or {}).items()])
            if action is not None:
                seat, text, user_id = action
                db.execute(
                    "INSERT INTO actions (game_id, move, seat, action, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, expected_version + 1, seat, text, user_id, now),
                )
                if text == UNDO:  # spent from the seat's few a game (bot/table/take_back.py)
                    db.execute("UPDATE seats SET take_backs = take_backs + 1 WHERE game_id = ? AND seat = ?",
                               (game_id, seat))
                kept = kept_move(expected_version, text)
                if kept is not None and state is not None:
                    db.execute("INSERT INTO snapshots (game_id, move, state) VALUES (?, ?, ?)"
                               " ON CONFLICT (game_id, move) DO NOTHING", (game_id, kept, packed(state)))
            if finishing:
                record_finish(db, game_id)
            _queue(db, game_id, outbox, now)
            return True

        return await self._transaction(write)

    async def idle_games(self, updated_before: float, shards: Shards | None = None) -> list[int]:
        """The ids of the running games that have not moved since ``updated_before`` nor been
        reminded since (of ``shards``: every game's by default). Ids only: a reminder reads its
        game when it is made, so thousands of idle games are never held at once."""
        mine = of_shards(shards, "guild_id")
        cursor = await self._db.execute(
            "SELECT id FROM games WHERE status = 'running' AND updated_at < ? AND reminded_version < version"
            f"{mine} ORDER BY id", (updated_before,),
        )
        return [row[0] for row in await cursor.fetchall()]

    async def add_reminder(self, game_id: int, version: int, payload: dict[str, Any]) -> bool:
        """Queue a reminder for ``version`` of a game, unless it moved or was reminded already."""

        def remind(db: sqlite3.Connection) -> bool:
            cursor = db.execute(
                "UPDATE games SET reminded_version = version WHERE id = ? AND version = ? AND reminded_version < ?",
                (game_id, version, version),
            )
            if cursor.rowcount != 1:
                return False
            _queue(db, game_id, [("thread", payload)], time.time())
            return True

        return await self._transaction(remind)

    async def mark_sent(self, ids: Iterable[int]) -> None:
        ids = list(ids)
        if not ids:
            return
        now = time.time()
        await self._transaction(lambda db: db.executemany(
            "UPDATE outbox SET sent_at = ? WHERE id = ?", [(now, i) for i in ids]))

    async def prune_sent(self, before: float) -> int:
        """Delete the items sent before ``before`` (the dispatcher keeps them
        ``SENT_KEPT_SECONDS``); returns how many went. Parked and unsent items stay, and so
        do thread items a follower of the game has not been told yet (bot/community/stats.py)."""

        def prune(db: sqlite3.Connection) -> int:
            followed = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'follows'").fetchone()
            unread = (" AND NOT (kind = 'thread' AND id > (SELECT COALESCE(MIN(f.told_through), outbox.id)"
                      " FROM follows AS f WHERE f.game_id = outbox.game_id))") if followed else ""
            return db.execute(f"DELETE FROM outbox WHERE sent_at < ?{unread}", (before,)).rowcount

        return await self._transaction(prune)

    async def mark_failed(self, ids: Iterable[int], *, error: str, next_attempt_at: float) -> None:
        """Count a failed attempt; the items (and their game's later ones) wait till ``next_attempt_at``."""
        async with self.transaction() as db:
            await db.executemany(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?",
                [(error, next_attempt_at, i) for i in ids])

    async def retry_now(self, ids: Iterable[int], now: float) -> None:
        """Make items waiting out a backoff due at once (the destination answers again)."""
        async with self.transaction() as db:
            await db.executemany(
                "UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND sent_at IS NULL AND parked_at IS NULL",
                [(now, i) for i in ids])

    async def park(self, game_id: int, ids: Iterable[int], *, error: str, now: float) -> bool:
        """Give up on items after a failed attempt, so their game's later items flow again.
        True when the game had nothing parked before: its table is told once, not per item."""
        async with self.transaction() as db:
            row = await (await db.execute(
                "SELECT COUNT(*) FROM outbox WHERE game_id = ? AND sent_at IS NULL AND parked_at IS NOT NULL",
                (game_id,))).fetchone()
            await db.executemany(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, parked_at = ? WHERE id = ?",
                [(error, now, i) for i in ids])
            assert row is not None  # a count has its row
            return row[0] == 0

    async def unpark(self, ids: Iterable[int] | None = None) -> int:
        """Parked items (all with ``None``) go back in the queue with a fresh schedule; returns how many."""
        reset = ("UPDATE outbox SET parked_at = NULL, next_attempt_at = NULL, attempts = 0"
                 " WHERE parked_at IS NOT NULL")
        async with self.transaction() as db:
            if ids is None:
                return (await db.execute(reset)).rowcount
            changed = 0
            for i in ids:
                changed += (await db.execute(f"{reset} AND id = ?", (i,))).rowcount
            return changed

    # -- countdowns ----------------------------------------------------------

    async def timers(self, game_id: int) -> dict[str, tuple[float, float | None]]:
        """A game's running countdowns: key -> (due, warn at)."""
        cursor = await self._db.execute(
            "SELECT key, due_at, warn_at FROM timers WHERE game_id = ?", (game_id,))
        return {row["key"]: (row["due_at"], row["warn_at"]) for row in await cursor.fetchall()}

    async def due_timers(self, now: float, limit: int = 100,
                         shards: Shards | None = None) -> list[tuple[int, str, float, bool]]:
        """Countdowns whose time or warning time has come: (game, key, due, is a warning),
        of the games of ``shards`` (every game's by default)."""
        mine = of_shards(shards, "g.guild_id")
        cursor = await self._db.execute(
            "SELECT t.game_id, t.key, t.due_at, t.warn_at FROM timers t JOIN games g ON g.id = t.game_id"
            f" WHERE g.status = 'running' AND g.held IS NULL AND (t.due_at <= ? OR t.warn_at <= ?){mine}"
            " ORDER BY MIN(t.due_at, COALESCE(t.warn_at, t.due_at)) LIMIT ?", (now, now, limit))
        return [(row["game_id"], row["key"], row["due_at"], row["due_at"] > now)
                for row in await cursor.fetchall()]

    async def next_timer(self, shards: Shards | None = None) -> float | None:
        """When the next countdown of a running game (of ``shards``) is due (or warns)."""
        mine = of_shards(shards, "g.guild_id")
        cursor = await self._db.execute(
            "SELECT MIN(MIN(t.due_at, COALESCE(t.warn_at, t.due_at))) FROM timers t"
            f" JOIN games g ON g.id = t.game_id WHERE g.status = 'running' AND g.held IS NULL{mine}")
        row = await cursor.fetchone()
        assert row is not None  # an aggregate has its row
        return row[0]

    async def claim_warning(self, game_id: int, key: str, payload: dict[str, Any]) -> bool:
        """Give a turn clock's warning once: clear its time and queue it, together."""

        def warn(db: sqlite3.Connection) -> bool:
            cursor = db.execute(
                "UPDATE timers SET warn_at = NULL WHERE game_id = ? AND key = ? AND warn_at IS NOT NULL",
                (game_id, key))
            if cursor.rowcount != 1:
                return False
            _queue(db, game_id, [("thread", payload)], time.time())
            return True

        return await self._transaction(warn)

    async def drop_timer(self, game_id: int, key: str) -> None:
        """Forget a countdown that no longer applies (its decision was made another way)."""
        async with self.transaction() as db:
            await db.execute("DELETE FROM timers WHERE game_id = ? AND key = ?", (game_id, key))

    async def reclaim_seat(self, game_id: int, seat: int, user_id: int, name: str,
                           note: tuple[str, dict[str, Any]]) -> bool:
        """A player takes back the seat a bot took over from them, with a note to the table."""
        return await self._change_seat(
            "UPDATE seats SET user_id = former_user_id, name = ?, is_bot = 0, dm_ok = 1, timeouts = 0,"
            " former_user_id = NULL, former_name = NULL"
            " WHERE game_id = ? AND seat = ? AND is_bot = 1 AND former_user_id = ?",
            (name, game_id, seat, user_id), game_id, note)

    # -- several processes (bot/delivery/leases.py) ---------------------------------------

    async def renew_leases(self, shard_count: int,
                           decide: Callable[[dict[int, Lease], float], Iterable[Lease]],
                           *, now: float | None = None) -> None:
        """Read the leases of a ``shard_count`` split, let ``decide`` say which to write, and
        write them, with no other process's renewal in between (SQLite: one writer at a time)."""

        def renew(db: sqlite3.Connection) -> None:
            found = {row[0]: Lease(row[0], row[1], row[2], row[3]) for row in db.execute(
                "SELECT shard, holder, expires_at, wanted_at FROM shard_leases WHERE shard_count = ?",
                (shard_count,))}
            at = now
            if at is None:  # the database's clock (SQLite's is this machine's)
                [(at,)] = db.execute("SELECT (julianday('now') - 2440587.5) * 86400.0")
            db.executemany(
                "INSERT INTO shard_leases (shard_count, shard, holder, expires_at, wanted_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (shard_count, shard) DO UPDATE SET"
                " holder = excluded.holder, expires_at = excluded.expires_at, wanted_at = excluded.wanted_at",
                [(shard_count, lease.shard, lease.holder, lease.expires_at, lease.wanted_at)
                 for lease in decide(found, at)])

        await self._transaction(renew)

    async def listen(self, wake: Callable[[], None]) -> None:
        """Call ``wake`` when another process queues outbox items. SQLite has one process,
        whose own commits wake its dispatcher directly, so there is nothing to listen to."""

    # -- installation facts ---------------------------------------------------

    async def meta(self, key: str) -> str | None:
        cursor = await self._db.execute("SELECT value FROM meta WHERE key = ?", (key,))
        row = await cursor.fetchone()
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self.transaction() as db:
            await db.execute("INSERT INTO meta (key, value) VALUES (?, ?)"
                             " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    async def first_meta(self, key: str, value: str) -> str:
        async with self.transaction() as db:
            await db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                             (key, value))
            cursor = await db.execute("SELECT value FROM meta WHERE key = ?", (key,))
            row = await cursor.fetchone()
        assert row is not None
        return str(row[0])

    # -- messages on Discord (V7) ---------------------------------------------------

    async def movers(self, game_id: int, moves: Iterable[int]) -> dict[int, tuple[int, int | None]]:
        """Who made each of these moves (a version is the move that produced it): move ->
        (seat, user id; None for a bot, a deadline or a clock run out)."""
        moves = sorted(set(moves))
        if not moves:
            return {}
        marks = ",".join("?" for _ in moves)
        cursor = await self._db.execute(
            f"SELECT move, seat, user_id FROM actions WHERE game_id = ? AND move IN ({marks})",
            (game_id, *moves))
        return {row["move"]: (row["seat"], row["user_id"]) for row in await cursor.fetchall()}

    async def turn_post(self, game_id: int) -> PostRecord | None:
        """The game's newest thread post: the one an edit would change."""
        cursor = await self._db.execute(
            "SELECT * FROM posts WHERE game_id = ? AND seat IS NULL ORDER BY id DESC LIMIT 1", (game_id,))
        row = await cursor.fetchone()
        return post_record(row) if row else None

    async def live_posts(self, game_id: int) -> list[PostRecord]:
        """The game's messages (thread and DMs) that still carry controls, oldest first."""
        cursor = await self._db.execute(
            "SELECT * FROM posts WHERE game_id = ? AND live = 1 ORDER BY id", (game_id,))
        return [post_record(row) for row in await cursor.fetchall()]

    async def save_post(self, game_id: int, *, seat: int | None, channel_id: int, message_id: int,
                        parts: int, version: int, live: bool, run: dict[str, Any],
                        post_id: int | None = None, sent: Iterable[int] = ()) -> int:
        """Remember a message just posted (or, with ``post_id``, what an edit made of it) and
        mark the outbox items it delivered sent, together: a crash leaves both undone, and
        the items' second delivery finds the same message (by its nonce) or edits it again."""
        now = time.time()
        values = (channel_id, message_id, parts, version, int(live), dumps(run))
        sent = list(sent)

        def save(db: sqlite3.Connection) -> int:
            saved = post_id
            if saved is None:
                saved = db.execute(
                    "INSERT INTO posts (channel_id, message_id, parts, version, live, run, game_id, seat,"
                    " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", (*values, game_id, seat, now)).lastrowid
            else:
                db.execute("UPDATE posts SET channel_id = ?, message_id = ?, parts = ?, version = ?,"
                           " live = ?, run = ? WHERE id = ?", (*values, saved))
            db.executemany("UPDATE outbox SET sent_at = ? WHERE id = ?", [(now, i) for i in sent])
            assert saved is not None  # given, or set by the INSERT
            return saved

        return await self._transaction(save)

    async def update_posts(self, post_ids: Iterable[int], *, live: bool | None = None,
                           version: int | None = None, run: dict[str, Any] | None = None) -> None:
        """Controls taken off (``live=False``), redrawn at ``version``, or a post's run closed."""
        ids = list(post_ids)
        if not ids:
            return
        async with self.transaction() as db:
            await db.executemany(
                "UPDATE posts SET live = COALESCE(?, live), version = COALESCE(?, version),"
                " run = COALESCE(?, run) WHERE id = ?",
                [(None if live is None else int(live), version, None if run is None else dumps(run), i)
                 for i in ids])

    # -- members' notification settings ----------------------------------------

    async def notify_settings(self, user_ids: Iterable[int]) -> dict[int, NotifySettings]:
        """The settings of those members who set any (others take the defaults)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        marks = ",".join("?" for _ in ids)
        cursor = await self._db.execute(
            f"SELECT user_id, notify, quiet_from, quiet_to, zone, next_up FROM member_settings"
            f" WHERE user_id IN ({marks})", ids)
        return {row["user_id"]: NotifySettings(row["notify"], row["quiet_from"], row["quiet_to"], row["zone"],
                                               bool(row["next_up"]))
                for row in await cursor.fetchall()}

    async def set_notify_settings(self, user_id: int, settings: NotifySettings) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO member_settings (user_id, notify, quiet_from, quiet_to, zone, next_up)"
                " VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, quiet_from = excluded.quiet_from,"
                " quiet_to = excluded.quiet_to, zone = excluded.zone, next_up = excluded.next_up",
                (user_id, settings.where, settings.quiet_from, settings.quiet_to, settings.zone,
                 int(settings.next_up)))

    async def member_languages(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The language each of these members' Discord client was last seen in (if ever)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        marks = ",".join("?" for _ in ids)
        cursor = await self._db.execute(
            f"SELECT user_id, language FROM member_settings WHERE language IS NOT NULL AND user_id IN ({marks})",
            ids)
        return {row["user_id"]: row["language"] for row in await cursor.fetchall()}

    async def set_member_language(self, user_id: int, language: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO member_settings (user_id, language) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language", (user_id, language))

    async def action_at(self, game_id: int, move: int) -> tuple[int, str, int | None] | None:
        """The action that made version ``move`` of a game: (seat, action, user id)."""
        cursor = await self._db.execute(
            "SELECT seat, action, user_id FROM actions WHERE game_id = ? AND move = ?", (game_id, move))
        row = await cursor.fetchone()
        return (row["seat"], row["action"], row["user_id"]) if row else None

    async def hold_ping(self, game_id: int, key: str, until: float) -> None:
        """Keep a ping for when a member's quiet hours end (once per key)."""
        async with self.transaction() as db:
            await db.execute("INSERT INTO timers (game_id, key, due_at) VALUES (?, ?, ?)"
                             " ON CONFLICT (game_id, key) DO NOTHING", (game_id, key, until))

    async def claim_timer(self, game_id: int, key: str, payload: dict[str, Any]) -> bool:
        """Fire a countdown that only posts: forget it and queue its post, together, once."""

        def fire(db: sqlite3.Connection) -> bool:
            if db.execute("DELETE FROM timers WHERE game_id = ? AND key = ?", (game_id, key)).rowcount != 1:
                return False
            _queue(db, game_id, [("thread", payload)], time.time())
            return True

        return await self._transaction(fire)

    # -- clicks answered before their move (the click journal, bot/store/clicks.py) ---------
    # In a file of its own: a record never waits for this database's write lock.

    async def defer_click(self, click: DeferredClick) -> None:
        await self._clicks.keep(click)

    async def click_answered(self, interaction_id: int) -> None:
        await self._clicks.answered(interaction_id)

    async def forget_click(self, interaction_id: int) -> None:
        await self._clicks.forget(interaction_id)

    async def click_holders(self) -> set[str]:
        return await self._clicks.holders()

    async def claim_clicks(self, holders: Iterable[str], before: float) -> list[DeferredClick]:
        return await self._clicks.claim(holders, before)

    async def queue_notes(self, game_id: int, items: Iterable[tuple[str, dict[str, Any]]]) -> None:
        items = list(items)
        await self._transaction(lambda db: _queue(db, game_id, items, time.time()))

    async def set_timer(self, game_id: int, key: str, due_at: float) -> None:
        await self._transaction(lambda db: db.execute(
            "INSERT INTO timers (game_id, key, due_at) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id, key) DO UPDATE SET due_at = excluded.due_at", (game_id, key, due_at)))

    # -- games whose thread refuses the bot (V15, bot/delivery/dispatcher.py) ---------------

    async def hold_game(self, game_id: int, reason: str, now: float) -> bool:
        async with self.transaction() as db:
            cursor = await db.execute("UPDATE games SET held = ?, held_at = ? WHERE id = ? AND held IS NULL",
                                      (reason, now, game_id))
            return cursor.rowcount == 1

    async def resume_game(self, game_id: int, now: float) -> int:
        def resume(db: sqlite3.Connection) -> int:
            db.execute("UPDATE timers SET due_at = due_at + (? - g.held_at),"
                       " warn_at = warn_at + (? - g.held_at) FROM games g WHERE g.id = timers.game_id"
                       " AND g.id = ? AND g.held_at IS NOT NULL AND timers.key NOT LIKE 'quiet:%'",
                       (now, now, game_id))
            db.execute("UPDATE games SET held = NULL, held_at = NULL WHERE id = ?", (game_id,))
            return db.execute("UPDATE outbox SET parked_at = NULL, next_attempt_at = NULL, attempts = 0"
                              " WHERE game_id = ? AND sent_at IS NULL AND parked_at IS NOT NULL",
                              (game_id,)).rowcount

        return await self._transaction(resume)

    async def seated_games(self, guild_id: int, user_id: int) -> list[int]:
        cursor = await self._db.execute(
            "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE g.guild_id = ?"
            " AND s.user_id = ? AND g.status IN ('lobby', 'running') ORDER BY g.id", (guild_id, user_id))
        return [row[0] for row in await cursor.fetchall()]
