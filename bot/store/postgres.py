"""The PostgreSQL store: the SQLite store's interface and records, over an asyncpg pool, for
several bot processes sharing one database.

What one process's lock gives SQLite, the database gives here. A move is one statement
(``commit``): the version check (``UPDATE ... WHERE version = $2``, which under READ COMMITTED
a racing move waits on and then finds 0 rows) and everything the move writes, in one round
trip. Every other check-then-write, and whatever queues outbox items, first locks the game's
row (``lock_game``: ``SELECT ... FOR NO KEY UPDATE``, the lock a move's ``UPDATE`` takes), so
two processes cannot both pass a check, and a game's items get their ids in the order their
transactions commit: the dispatcher never finds a later item before an earlier one. Reads of
several tables are one statement or one REPEATABLE READ snapshot.

Whatever queues outbox items also runs ``pg_notify('marquee_outbox', '')`` in its
transaction, so the other processes' dispatchers wake when it commits (``listen``).

The schema is SQLite's, migration for migration (``migrations/postgresql``, the same numbers
and names), with PostgreSQL's types: BIGINT snowflakes and identity ids, DOUBLE PRECISION
times, BOOLEAN flags, and JSON kept as TEXT, as SQLite keeps it.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any, TypeAlias

import asyncpg

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
from bot.store.clicks import PostgresClicks
from bot.store.postgres_community import (
    STANDINGS_LOCK,
    WAKE_CHANNEL,
    PostgresCommunity,
    backfill,
    lock_game,
    record_finish,
)
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
from bot.table.notify import NotifySettings

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations" / "postgresql"
#: The advisory lock migrations are applied under (any fixed number, the same everywhere).
MIGRATION_LOCK = 0x4D61_7271_7565_65
#: The advisory lock games are opened and started under while their caps are counted
#: (``Caps``): a count and the write it allows are one step, whichever process makes them.
HOSTING_LOCK = 0x4D71_486F_7374_73
#: How long ``listen`` trusts a quiet connection before it asks the server.
LISTEN_CHECK_SECONDS = 30.0

Connection: TypeAlias = asyncpg.Connection  # Any to mypy: asyncpg ships no types

_SEATS = ("SELECT seat, user_id, name, is_bot, dm_ok, timeouts, former_user_id, former_name, take_backs"
          " FROM seats WHERE game_id = $1 ORDER BY seat")
# What a member hosts and a channel holds, for the caps (see ``sqlite.py``).
_LOBBIES_HOSTED = "SELECT count(*) FROM games WHERE host_id = $1 AND status = 'lobby'"
_LOBBIES_IN_CHANNEL = "SELECT count(*) FROM games WHERE channel_id = $1 AND status = 'lobby'"
_RUNNING_HOSTED = "SELECT count(*) FROM games WHERE host_id = $1 AND status = 'running' AND guild_id = $2"

# The seats come as JSON: with a row type, asyncpg would first look the type up on each new
# connection (a query of its own, ~10 ms).
_GAME_WITH_SEATS = """
SELECT g.*, (SELECT COALESCE(json_agg(json_build_array(s.seat, s.user_id, s.name, s.is_bot, s.dm_ok,
                s.timeouts, s.former_user_id, s.former_name, s.take_backs) ORDER BY s.seat), '[]')
             FROM seats AS s WHERE s.game_id = g.id) AS seat_rows
FROM games AS g WHERE g.id = $1
"""

# Notifications into the outbox, their thread lines into the game's history, and a wake-up
# for the other processes, in one statement (``_queue``).
_QUEUE = """
WITH queued AS (
    INSERT INTO outbox (game_id, kind, payload, created_at)
    SELECT $1, i.kind, i.payload, $4 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY
        AS i (kind, payload, n) ORDER BY i.n
), told AS (
    INSERT INTO thread_lines (game_id, text)
    SELECT $1, l.text FROM unnest($5::text[]) WITH ORDINALITY AS l (text, n) ORDER BY l.n
)
SELECT pg_notify('""" + WAKE_CHANNEL + "', '')"

# A move, all of it or nothing, in one round trip. Every part is joined to ``moved``, the
# version check's row, so when another move got there first nothing else is written. The
# fired countdown and countdowns no longer wanted are deleted; the wanted ones are added
# (one already running keeps its time, except the fired one, which starts afresh). The two
# never touch the same row, as one statement may change a row only once. A SELECT in WITH runs
# only when read: ``woken`` is counted so that the wake-up is sent.
_COMMIT = """
WITH moved AS (
    UPDATE games SET status = $3, state = $4, version = version + 1,
        seat_epochs = COALESCE($5, seat_epochs), result = COALESCE($6, result), updated_at = $7,
        seat_asked = COALESCE($8, seat_asked)
    WHERE id = $1 AND version = $2 AND seats_version = COALESCE($22, seats_version) RETURNING id
), dropped AS (
    DELETE FROM timers AS t USING moved WHERE t.game_id = moved.id AND t.key <> ALL($10::text[])
        AND (t.key = $9 OR ($13 AND t.key NOT LIKE 'quiet:%'))
), started AS (
    INSERT INTO timers (game_id, key, due_at, warn_at)
    SELECT moved.id, w.key, w.due_at, w.warn_at
    FROM moved, unnest($10::text[], $11::float8[], $12::float8[]) AS w (key, due_at, warn_at)
    ON CONFLICT (game_id, key) DO UPDATE SET due_at = excluded.due_at, warn_at = excluded.warn_at
        WHERE timers.key = $9
), clocks AS (
    UPDATE seats AS s SET timeouts = c.timeouts
    FROM moved, unnest($14::int[], $15::int[]) AS c (seat, timeouts)
    WHERE s.game_id = moved.id AND s.seat = c.seat
), logged AS (
    INSERT INTO actions (game_id, move, seat, action, user_id, created_at)
    SELECT moved.id, $2 + 1, $16, $17, $18, $7 FROM moved WHERE $17::text IS NOT NULL
), spent AS (
    UPDATE seats AS s SET take_backs = s.take_backs + 1
    FROM moved WHERE s.game_id = moved.id AND s.seat = $16 AND $17::text = 'undo'
), queued AS (
    INSERT INTO outbox (game_id, kind, payload, created_at)
    SELECT moved.id, i.kind, i.payload, $7
    FROM moved, unnest($19::text[], $20::text[]) WITH ORDINALITY AS i (kind, payload, n)
    ORDER BY i.n
), told AS (
    INSERT INTO thread_lines (game_id, text)
    SELECT moved.id, l.text FROM moved, unnest($21::text[]) WITH ORDINALITY AS l (text, n)
    ORDER BY l.n
), kept AS (
    INSERT INTO snapshots (game_id, move, state)
    SELECT moved.id, $24, $23 FROM moved WHERE $23::bytea IS NOT NULL
    ON CONFLICT (game_id, move) DO NOTHING
), woken AS (
    SELECT pg_notify('""" + WAKE_CHANNEL + """', '') FROM moved WHERE cardinality($19::text[]) > 0
)
SELECT (SELECT count(*) FROM moved) AS moved, (SELECT count(*) FROM woken) AS woken
"""


# A change to a running game's seats that is no move (``commit``'s ``seats_version``).
_SEATS_CHANGED = "UPDATE games SET seats_version = seats_version + 1 WHERE id = $1"


def _changed(status: str) -> int:
    """The row count of a command's status ("UPDATE 3", "DELETE 0", "INSERT 0 1")."""
    return int(status.rsplit(" ", 1)[1])


def _thread_lines(items: Iterable[tuple[str, dict[str, Any]]]) -> list[str]:
    return [payload["text"] for kind, payload in items if kind == "thread" and payload.get("text")]


async def _queue(db: Connection, game_id: int, items: Iterable[tuple[str, dict[str, Any]]],
                 now: float) -> None:
    """In a transaction holding the game's row (``lock_game``, or an ``UPDATE`` of it): put
    notifications in the outbox and their lines in the history."""
    items = list(items)
    if items:
        await db.execute(_QUEUE, game_id, [kind for kind, _ in items],
                         [dumps(payload) for _, payload in items], now, _thread_lines(items))


async def _lobby_seated(db: Connection, game_id: int, expected: Iterable[SeatRecord]) -> bool:
    """In a transaction: the game is still a lobby seated exactly as ``expected``. Its row
    stays locked till the end, so no other change of the lobby (nor its start) gets in."""
    if await lock_game(db, game_id) != "lobby":
        return False
    return seat_records(await db.fetch(_SEATS, game_id)) == list(expected)


def _stamps(values: dict[int, Any] | None) -> str | None:
    return None if values is None else dumps({str(k): v for k, v in values.items()})


class PostgresStore(PostgresCommunity):
    """A pool of connections: any number of moves at once, in this process and others."""

    def __init__(self, pool: asyncpg.Pool, url: str, clicks: PostgresClicks) -> None:
        self._pool = pool
        self._url = url
        self._listening: asyncio.Task[None] | None = None
        self._clicks = clicks  # the click journal: connections of its own

    @classmethod
    async def open(cls, url: str, *, min_size: int = 4, max_size: int = 10) -> PostgresStore:
        """Connect to the database at ``url`` (``postgresql://user:password@host/name``) and
        bring its schema up to date."""
        migrating = await asyncpg.connect(url)
        try:
            await migrate(migrating)
        finally:
            await migrating.close()
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size,
                                         init=_warm_up, reset=_as_it_is)
        return cls(pool, url, await PostgresClicks.open(url))

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listening
            self._listening = None
        await self._clicks.close()
        await self._pool.close()

    @contextlib.asynccontextmanager
    async def transaction(self, **options: Any) -> AsyncIterator[Connection]:
        """A connection of the pool in a transaction (asyncpg's options: ``isolation``, ...)."""
        async with self._pool.acquire() as db, db.transaction(**options):
            yield db

    # -- schema ---------------------------------------------------------------

    async def migrate(self) -> int:
        """Apply every numbered migration not yet applied; return the schema version."""
        async with self._pool.acquire() as db:
            return await migrate(db)

    # -- reading --------------------------------------------------------------

    async def game(self, game_id: int) -> GameRecord | None:
        row = await self._pool.fetchrow("SELECT * FROM games WHERE id = $1", game_id)
        return game_record(row) if row else None

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        row = await self._pool.fetchrow(
            "SELECT * FROM games WHERE thread_id = $1 ORDER BY id DESC LIMIT 1", thread_id)
        return game_record(row) if row else None

    async def games_with_status(self, *statuses: str) -> list[GameRecord]:
        rows = await self._pool.fetch(
            "SELECT * FROM games WHERE status = ANY($1::text[]) ORDER BY id", list(statuses))
        return [game_record(row) for row in rows]

    async def open_lobbies(self, host_id: int, channel_id: int | None) -> tuple[int, int]:
        """How many lobbies (games not started) ``host_id`` hosts, and how many wait in
        ``channel_id``: one indexed read, however many games the database holds."""
        row = await self._pool.fetchrow(
            "SELECT count(*) FILTER (WHERE host_id = $1),"
            " count(*) FILTER (WHERE channel_id IS NOT DISTINCT FROM $2)"
            " FROM games WHERE status = 'lobby'", host_id, channel_id)
        return int(row[0]), int(row[1])

    async def running_hosted(self, host_id: int, guild_id: int) -> int:
        """How many running games ``host_id`` hosts on the server ``guild_id`` (indexed)."""
        return int(await self._pool.fetchval(_RUNNING_HOSTED, host_id, guild_id))

    async def running_game_ids(self, shards: Shards | None = None) -> list[int]:
        """The ids of the running games, of the ``shards`` given (every game's by default)."""
        mine = of_shards(shards, "guild_id")
        rows = await self._pool.fetch(
            f"SELECT id FROM games WHERE status = 'running'{mine} ORDER BY id")
        return [row[0] for row in rows]

    async def seats(self, game_id: int) -> list[SeatRecord]:
        return seat_records(await self._pool.fetch(_SEATS, game_id))

    async def actions(self, game_id: int, until: int | None = None) -> list[tuple[int, str]]:
        """A game's action log as (seat, action); with ``until``, the moves up to that version."""
        rows = await self._pool.fetch(
            "SELECT seat, action FROM actions"
            " WHERE game_id = $1 AND ($2::int IS NULL OR move <= $2) ORDER BY move", game_id, until)
        return [(row["seat"], row["action"]) for row in rows]

    async def checkpoint(self, game_id: int, start: int, until: int) -> Checkpoint:
        """The state kept (``snapshots``) nearest at or before move ``start`` of a game, and
        its log's moves after it through ``until``: a move is rebuilt from at most
        ``SNAPSHOT_EVERY`` actions (games begun before V14 keep none: from the deal)."""
        async with self.transaction(isolation="repeatable_read", readonly=True) as db:
            # Move N of the log is the action that made version N + 1.
            kept = await db.fetchrow("SELECT move, state FROM snapshots s WHERE game_id = $1 AND move <= $2"
                                     f" AND {NOT_TAKEN_BACK} ORDER BY move DESC LIMIT 1", game_id, start + 1)
            base = kept[0] - 1 if kept else 0
            tail = await db.fetch("SELECT seat, action FROM actions WHERE game_id = $1 AND move > $2"
                                  " AND move <= $3 ORDER BY move", game_id, base + 1, until + 1)
            moves = await db.fetchval("SELECT COALESCE(MAX(move), 1) - 1 FROM actions WHERE game_id = $1",
                                      game_id)
        return Checkpoint(moves, base, unpacked(kept[1]) if kept else None, [(r[0], r[1]) for r in tail])

    async def public_log(self, game_id: int, limit: int = 25) -> list[str]:
        """The latest public lines of a game, oldest first (what its thread was told)."""
        rows = await self._pool.fetch(
            "SELECT text FROM thread_lines WHERE game_id = $1 ORDER BY id DESC LIMIT $2",
            game_id, limit * 4)
        lines: list[str] = []
        for row in rows:
            lines = [line for line in row["text"].splitlines() if line] + lines
        return lines[-limit:]

    async def unsent(self, now: float | None = None, limit: int = 200,
                     shards: Shards | None = None, *, games: int | None = None,
                     besides: Iterable[int] = ()) -> list[OutboxItem]:
        """The items due for delivery, oldest first: neither sent nor parked, not waiting out
        a backoff, and not behind an earlier item of their game that is (a game keeps its order);
        of the games of ``shards`` (every game's by default), but not of ``besides``. With
        ``games``, only the items of that many games, those whose first due item is oldest."""
        now = time.time() if now is None else now
        mine = games_of_shards(shards, "o.game_id")
        first = (" WHERE due.game_id IN (SELECT game_id FROM due GROUP BY game_id ORDER BY MIN(id) LIMIT $4)"
                 if games is not None else "")
        rows = await self._pool.fetch(
            "WITH due AS (SELECT id, game_id FROM outbox AS o"
            " WHERE sent_at IS NULL AND parked_at IS NULL"
            f" AND COALESCE(next_attempt_at, 0) <= $1{mine} AND o.game_id <> ALL($3::bigint[])"
            " AND NOT EXISTS (SELECT 1 FROM outbox AS held"
            "  WHERE held.game_id = o.game_id AND held.id < o.id"
            "  AND held.sent_at IS NULL AND held.parked_at IS NULL AND held.next_attempt_at > $1))"
            " SELECT o.id, o.game_id, o.kind, o.payload, o.attempts FROM due JOIN outbox AS o ON o.id = due.id"
            f"{first} ORDER BY o.id LIMIT $2", now, limit, list(besides), *([games] if games is not None else []))
        return [OutboxItem(row["id"], row["game_id"], row["kind"], json.loads(row["payload"]),
                           row["attempts"]) for row in rows]

    async def vitals(self, now: float, shards: Shards | None = None) -> Vitals:
        """The outbox and the countdowns of the games of ``shards`` (every game's by default)
        at ``now``, in one statement on whichever connection of the pool is free."""
        return Vitals(*await self._pool.fetchrow(vitals_sql(shards, "$1"), now))

    async def parked(self) -> list[OutboxItem]:
        """The items given up on, by game, for the operator (``python -m bot outbox``)."""
        rows = await self._pool.fetch(
            "SELECT id, game_id, kind, payload, attempts, last_error, parked_at FROM outbox"
            " WHERE sent_at IS NULL AND parked_at IS NOT NULL ORDER BY game_id, id")
        return [OutboxItem(row["id"], row["game_id"], row["kind"], json.loads(row["payload"]),
                           row["attempts"], row["last_error"], row["parked_at"]) for row in rows]

    # -- writing --------------------------------------------------------------

    async def create_game(
        self, game_type: str, options: dict[str, Any], seed: int, host_id: int,
        guild_id: int | None, channel_id: int | None, settings: dict[str, Any] | None = None,
        caps: Caps | None = None,
    ) -> int:
        now = time.time()
        async with self.transaction() as db:
            if caps is not None:  # counted under one lock with the lobby's making (HOSTING_LOCK)
                await db.execute("SELECT pg_advisory_xact_lock($1)", HOSTING_LOCK)
                refused = crowded(caps, await db.fetchval(_LOBBIES_HOSTED, host_id),
                                  None if channel_id is None else await db.fetchval(_LOBBIES_IN_CHANNEL, channel_id),
                                  None if guild_id is None else await db.fetchval(_RUNNING_HOSTED, host_id, guild_id))
                if refused is not None:
                    raise refused
            return await db.fetchval(
                "INSERT INTO games (game_type, status, options, seed, host_id, guild_id, channel_id,"
                " created_at, updated_at, settings)"
                " VALUES ($1, 'lobby', $2, $3, $4, $5, $6, $7, $7, $8) RETURNING id",
                game_type, dumps(options), seed, host_id, guild_id, channel_id, now,
                dumps(settings or {}))

    async def set_places(self, game_id: int, *, thread_id: int | None = None,
                         lobby_message_id: int | None = None) -> None:
        await self._pool.execute(
            "UPDATE games SET thread_id = COALESCE($2, thread_id),"
            " lobby_message_id = COALESCE($3, lobby_message_id) WHERE id = $1",
            game_id, thread_id, lobby_message_id)

    async def game_with_seats(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]] | None:
        """A game and its seats as of one moment: one statement, so one snapshot (a lobby
        change replaces every seat; reads on either side of it would not match)."""
        row = await self._pool.fetchrow(_GAME_WITH_SEATS, game_id)
        if row is None:
            return None
        return game_record(row), [SeatRecord(*seat) for seat in json.loads(row["seat_rows"])]

    async def set_seats(self, game_id: int, seats: Iterable[SeatRecord], *,
                        expected: Iterable[SeatRecord]) -> bool:
        """Replace a lobby's seats, only if the game is still a lobby seated as ``expected``.

        Returns False, writing nothing, when the game has started or another change got
        there first: the caller reads the lobby again and works its change out afresh."""
        expected, seats = list(expected), list(seats)
        async with self.transaction() as db:
            if not await _lobby_seated(db, game_id, expected):
                return False
            await db.execute("DELETE FROM seats WHERE game_id = $1", game_id)
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, is_bot, dm_ok)"
                " SELECT $1, * FROM unnest($2::int[], $3::bigint[], $4::text[], $5::bool[],"
                " $6::bool[])", game_id, [s.seat for s in seats], [s.user_id for s in seats],
                [s.name for s in seats], [s.is_bot for s in seats], [s.dm_ok for s in seats])
        return True

    async def start_game(
        self, game_id: int, seats: Iterable[SeatRecord], *, state: dict[str, Any],
        seat_epochs: dict[int, int], seat_asked: dict[int, float],
        timers: Iterable[tuple[str, float, float | None]],
        outbox: Iterable[tuple[str, dict[str, Any]]], options: dict[str, Any] | None = None,
        most_running: int | None = None,
    ) -> bool:
        """The lobby becomes the dealt game (version 1) with its countdowns and first
        notifications, all at once, only if it is still a lobby seated exactly as ``seats``.
        ``options``: the game's options as dealt, when the deal added to them.
        ``most_running``: a game on a server starts only while its host runs fewer there
        (``Crowded`` if not), counted under ``HOSTING_LOCK``.

        Returns False, writing nothing, when a join, a leave or another start got there first."""
        now = time.time()
        seats, timers = list(seats), list(timers)
        async with self.transaction() as db:
            if most_running is not None:
                await db.execute("SELECT pg_advisory_xact_lock($1)", HOSTING_LOCK)
            if not await _lobby_seated(db, game_id, seats):
                return False
            if most_running is not None:
                host_id, guild_id = await db.fetchrow("SELECT host_id, guild_id FROM games WHERE id = $1", game_id)
                running = 0 if guild_id is None else await db.fetchval(_RUNNING_HOSTED, host_id, guild_id)
                if running >= most_running:
                    raise Crowded(RUNNING_HOSTED, running)
            await db.execute(
                "UPDATE games SET status = 'running', state = $2, version = 1, seat_epochs = $3,"
                " seat_asked = $4, options = COALESCE($5, options), updated_at = $6 WHERE id = $1",
                game_id, dumps(state), _stamps(seat_epochs), _stamps(seat_asked),
                None if options is None else dumps(options), now)
            if timers:
                await db.execute(
                    "INSERT INTO timers (game_id, key, due_at, warn_at)"
                    " SELECT $1, * FROM unnest($2::text[], $3::float8[], $4::float8[])",
                    game_id, *map(list, zip(*timers, strict=True)))
            await _queue(db, game_id, outbox, now)
        return True

    async def hand_seat_to_bot(self, game_id: int, seat: int, name: str,
                               note: tuple[str, dict[str, Any]]) -> bool:
        """A running game's human seat becomes a bot seat, with a note to the table, at once."""
        # The player is remembered, so /game rejoin can give the seat back.
        return await self._change_seat(
            "UPDATE seats SET former_user_id = user_id, former_name = name,"
            " user_id = NULL, is_bot = TRUE, dm_ok = FALSE, timeouts = 0, name = $1"
            " WHERE game_id = $2 AND seat = $3 AND NOT is_bot",
            (name, game_id, seat), game_id, note)

    async def reclaim_seat(self, game_id: int, seat: int, user_id: int, name: str,
                           note: tuple[str, dict[str, Any]]) -> bool:
        """A player takes back the seat a bot took over from them, with a note to the table."""
        return await self._change_seat(
            "UPDATE seats SET user_id = former_user_id, name = $1, is_bot = FALSE, dm_ok = TRUE,"
            " timeouts = 0, former_user_id = NULL, former_name = NULL"
            " WHERE game_id = $2 AND seat = $3 AND is_bot AND former_user_id = $4",
            (name, game_id, seat, user_id), game_id, note)

    async def _change_seat(self, update: str, values: tuple[Any, ...], game_id: int,
                           note: tuple[str, dict[str, Any]]) -> bool:
        """A seat changing hands in a running game and the table's note of it, together."""
        async with self.transaction() as db:
            await lock_game(db, game_id)
            if _changed(await db.execute(update, *values)) != 1:
                return False
            await db.execute(_SEATS_CHANGED, game_id)
            await _queue(db, game_id, [note], time.time())
        return True

    async def set_dm_ok(self, game_id: int, seat: int, ok: bool) -> bool:
        """Record whether a seat's DMs work; True only for the caller that changed it, so
        of two that find DMs closed at once, exactly one tells the table."""
        async with self.transaction() as db:
            await lock_game(db, game_id)
            if _changed(await db.execute(
                    "UPDATE seats SET dm_ok = $3 WHERE game_id = $1 AND seat = $2 AND dm_ok <> $3",
                    game_id, seat, ok)) != 1:
                return False
            await db.execute(_SEATS_CHANGED, game_id)
        return True

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
        outbox = list(outbox)
        # A key listed twice counts once, as its first listing (as SQLite's inserts do).
        wanted = {key: (due, warn) for key, due, warn in reversed(list(timers or ()))}
        seat, text, user_id = action if action is not None else (None, None, None)
        written = None if state is None else dumps(state)
        # Every SNAPSHOT_EVERY moves, the state is kept too (a move rebuilt from it, V14), and
        # a take-back of such a move keeps the state it restores (``kept_move``). A take-back
        # sets no run-out counts, so ``spent`` and ``clocks`` never change one seat's row twice.
        kept = kept_move(expected_version, text) if text is not None else None
        snapshot = packed(state) if state is not None and kept is not None else None
        values = (
            game_id, expected_version, status, written,
            None if seat_epochs is None else dumps(seat_epochs),
            None if result is None else dumps(result), time.time(),
            None if seat_asked is None else dumps(seat_asked), fired,
            list(wanted), [due for due, _ in wanted.values()],
            [warn for _, warn in wanted.values()], timers is not None, list((timeouts or {}).keys()), list((timeouts or {}).values()),
            seat, text, user_id, [kind for kind, _ in outbox],
            [dumps(payload) for _, payload in outbox], _thread_lines(outbox), seats_version, snapshot, kept)
        if status != "finished":
            return (await self._pool.fetchrow(_COMMIT, *values))["moved"] == 1
        # The move that finishes a game adds it to the standings in its own transaction, once:
        # only if the game was not finished before (a game's finish is numbered by a trigger).
        async with self.transaction() as db:
            await db.execute("SELECT pg_advisory_xact_lock($1)", STANDINGS_LOCK)
            finishing = await db.fetchval("SELECT status <> 'finished' FROM games WHERE id = $1", game_id)
            if (await db.fetchrow(_COMMIT, *values))["moved"] != 1:
                return False
            if finishing:
                await record_finish(db, game_id)
        return True

    async def idle_games(self, updated_before: float, shards: Shards | None = None) -> list[int]:
        """The ids of the running games that have not moved since ``updated_before`` nor been
        reminded since (of ``shards``: every game's by default)."""
        mine = of_shards(shards, "guild_id")
        rows = await self._pool.fetch(
            "SELECT id FROM games WHERE status = 'running' AND updated_at < $1"
            f" AND reminded_version < version{mine} ORDER BY id", updated_before)
        return [row["id"] for row in rows]

    async def add_reminder(self, game_id: int, version: int, payload: dict[str, Any]) -> bool:
        """Queue a reminder for ``version`` of a game, unless it moved or was reminded already."""
        async with self.transaction() as db:
            reminded = await db.execute(
                "UPDATE games SET reminded_version = version"
                " WHERE id = $1 AND version = $2 AND reminded_version < $2", game_id, version)
            if _changed(reminded) != 1:
                return False
            await _queue(db, game_id, [("thread", payload)], time.time())
        return True

    async def mark_sent(self, ids: Iterable[int]) -> None:
        ids = list(ids)
        if ids:
            await self._pool.execute("UPDATE outbox SET sent_at = $1 WHERE id = ANY($2::bigint[])",
                                     time.time(), ids)

    async def prune_sent(self, before: float) -> int:
        """Delete the items sent before ``before`` (the dispatcher keeps them
        ``SENT_KEPT_SECONDS``); returns how many went. Parked and unsent items stay, and so
        do thread items a follower of the game has not been told yet (bot/community/stats.py)."""
        return _changed(await self._pool.execute(
            "DELETE FROM outbox WHERE sent_at < $1 AND NOT (kind = 'thread' AND id >"
            " (SELECT COALESCE(MIN(f.told_through), outbox.id) FROM follows AS f"
            "  WHERE f.game_id = outbox.game_id))", before))

    async def mark_failed(self, ids: Iterable[int], *, error: str, next_attempt_at: float) -> None:
        """Count a failed attempt; the items (and their game's later ones) wait till
        ``next_attempt_at``."""
        await self._pool.execute(
            "UPDATE outbox SET attempts = attempts + 1, last_error = $1, next_attempt_at = $2"
            " WHERE id = ANY($3::bigint[])", error, next_attempt_at, list(ids))

    async def retry_now(self, ids: Iterable[int], now: float) -> None:
        """Make items waiting out a backoff due at once (the destination answers again)."""
        await self._pool.execute(
            "UPDATE outbox SET next_attempt_at = $1 WHERE id = ANY($2::bigint[])"
            " AND sent_at IS NULL AND parked_at IS NULL", now, list(ids))

    async def park(self, game_id: int, ids: Iterable[int], *, error: str, now: float) -> bool:
        """Give up on items after a failed attempt, so their game's later items flow again.
        True when the game had nothing parked before: its table is told once, not per item."""
        async with self.transaction() as db:
            await lock_game(db, game_id)  # of two processes parking at once, one sees the other's
            before = await db.fetchval(
                "SELECT COUNT(*) FROM outbox"
                " WHERE game_id = $1 AND sent_at IS NULL AND parked_at IS NOT NULL", game_id)
            await db.execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = $1, parked_at = $2"
                " WHERE id = ANY($3::bigint[])", error, now, list(ids))
        return before == 0

    async def unpark(self, ids: Iterable[int] | None = None) -> int:
        """Parked items (all with ``None``) go back in the queue with a fresh schedule; returns
        how many."""
        return _changed(await self._pool.execute(
            "UPDATE outbox SET parked_at = NULL, next_attempt_at = NULL, attempts = 0"
            " WHERE parked_at IS NOT NULL AND ($1::bigint[] IS NULL OR id = ANY($1::bigint[]))",
            None if ids is None else list(ids)))

    # -- countdowns ----------------------------------------------------------

    async def timers(self, game_id: int) -> dict[str, tuple[float, float | None]]:
        """A game's running countdowns: key -> (due, warn at)."""
        rows = await self._pool.fetch(
            "SELECT key, due_at, warn_at FROM timers WHERE game_id = $1", game_id)
        return {row["key"]: (row["due_at"], row["warn_at"]) for row in rows}

    async def due_timers(self, now: float, limit: int = 100,
                         shards: Shards | None = None) -> list[tuple[int, str, float, bool]]:
        """Countdowns whose time or warning time has come: (game, key, due, is a warning),
        of the games of ``shards`` (every game's by default)."""
        mine = of_shards(shards, "g.guild_id")
        rows = await self._pool.fetch(
            "SELECT t.game_id, t.key, t.due_at, t.warn_at"
            " FROM timers t JOIN games g ON g.id = t.game_id"
            f" WHERE g.status = 'running' AND g.held IS NULL AND (t.due_at <= $1 OR t.warn_at <= $1){mine}"
            " ORDER BY LEAST(t.due_at, COALESCE(t.warn_at, t.due_at)) LIMIT $2", now, limit)
        return [(row["game_id"], row["key"], row["due_at"], row["due_at"] > now) for row in rows]

    async def next_timer(self, shards: Shards | None = None) -> float | None:
        """When the next countdown of a running game (of ``shards``) is due (or warns)."""
        mine = of_shards(shards, "g.guild_id")
        return await self._pool.fetchval(
            "SELECT MIN(LEAST(t.due_at, COALESCE(t.warn_at, t.due_at))) FROM timers t"
            f" JOIN games g ON g.id = t.game_id WHERE g.status = 'running' AND g.held IS NULL{mine}")

    async def claim_warning(self, game_id: int, key: str, payload: dict[str, Any]) -> bool:
        """Give a turn clock's warning once: clear its time and queue it, together."""
        return await self._claim(
            "UPDATE timers SET warn_at = NULL"
            " WHERE game_id = $1 AND key = $2 AND warn_at IS NOT NULL",
            game_id, key, payload)

    async def claim_timer(self, game_id: int, key: str, payload: dict[str, Any]) -> bool:
        """Fire a countdown that only posts: forget it and queue its post, together, once."""
        return await self._claim(
            "DELETE FROM timers WHERE game_id = $1 AND key = $2", game_id, key, payload)

    async def _claim(self, change: str, game_id: int, key: str, payload: dict[str, Any]) -> bool:
        # Of two processes claiming at once, the second waits on the row and then changes none.
        async with self.transaction() as db:
            await lock_game(db, game_id)
            if _changed(await db.execute(change, game_id, key)) != 1:
                return False
            await _queue(db, game_id, [("thread", payload)], time.time())
        return True

    async def drop_timer(self, game_id: int, key: str) -> None:
        """Forget a countdown that no longer applies (its decision was made another way)."""
        await self._pool.execute("DELETE FROM timers WHERE game_id = $1 AND key = $2", game_id, key)

    async def hold_ping(self, game_id: int, key: str, until: float) -> None:
        """Keep a ping for when a member's quiet hours end (once per key)."""
        await self._pool.execute("INSERT INTO timers (game_id, key, due_at) VALUES ($1, $2, $3)"
                                 " ON CONFLICT (game_id, key) DO NOTHING", game_id, key, until)

    # -- several processes (bot/delivery/leases.py) ---------------------------------------

    async def renew_leases(self, shard_count: int,
                           decide: Callable[[dict[int, Lease], float], Iterable[Lease]],
                           *, now: float | None = None) -> None:
        """Read the leases of a ``shard_count`` split, let ``decide`` say which to write, and
        write them, with no other process's renewal in between: the table is locked against
        other writers (and other renewals) until the transaction ends."""
        async with self.transaction() as db:
            await db.execute("LOCK TABLE shard_leases IN SHARE ROW EXCLUSIVE MODE")
            found = {row[0]: Lease(*row) for row in await db.fetch(
                "SELECT shard, holder, expires_at, wanted_at FROM shard_leases"
                " WHERE shard_count = $1", shard_count)}
            # The database's clock, once the lock is held: every process judges by the same.
            at = now if now is not None else await db.fetchval(
                "SELECT extract(epoch FROM clock_timestamp())::double precision")
            await db.executemany(
                "INSERT INTO shard_leases (shard_count, shard, holder, expires_at, wanted_at)"
                " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (shard_count, shard) DO UPDATE SET"
                " holder = excluded.holder, expires_at = excluded.expires_at,"
                " wanted_at = excluded.wanted_at",
                [(shard_count, lease.shard, lease.holder, lease.expires_at, lease.wanted_at)
                 for lease in decide(found, at)])

    async def listen(self, wake: Callable[[], None]) -> None:
        """Call ``wake`` whenever any process queues outbox items, from now until ``close``.

        A connection of its own listens (a pool's connections come and go). When it drops,
        it is made again after a short backoff, and ``wake`` is called then, as items may
        have been queued meanwhile. Returns once the first attempt to connect is over."""
        if self._listening is not None:
            raise RuntimeError("this store is listening already")
        tried = asyncio.Event()
        self._listening = asyncio.create_task(self._listen(wake, tried), name="outbox listener")
        await tried.wait()

    async def _listen(self, wake: Callable[[], None], tried: asyncio.Event) -> None:
        backoff = 0.1
        while True:
            try:
                connection = await asyncpg.connect(self._url)
            except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                log.warning("outbox listener cannot connect (%s); again in %.1f s", error, backoff)
                tried.set()
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 5.0)
                continue
            try:
                await self._listen_on(connection, wake, tried)
                why: object = "closed"
            except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                why = error
            finally:
                connection.terminate()
            log.warning("outbox listener lost its connection (%s); connecting again", why)
            backoff = 0.1
            await asyncio.sleep(backoff)

    @staticmethod
    async def _listen_on(connection: Connection, wake: Callable[[], None],
                         tried: asyncio.Event) -> None:
        """Listen on ``connection`` till it drops (or, quiet for long, no longer answers)."""
        lost = asyncio.Event()
        connection.add_termination_listener(lambda _connection: lost.set())
        await connection.add_listener(WAKE_CHANNEL, lambda *_notification: wake())
        tried.set()
        wake()  # items may have been queued while nobody listened
        while not lost.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(lost.wait(), LISTEN_CHECK_SECONDS)
                continue
            # A peer that vanished (a cable, not a close) sends nothing: ask.
            await connection.fetchval("SELECT 1", timeout=LISTEN_CHECK_SECONDS)

    # -- installation facts ---------------------------------------------------

    async def meta(self, key: str) -> str | None:
        return await self._pool.fetchval("SELECT value FROM meta WHERE key = $1", key)

    async def set_meta(self, key: str, value: str) -> None:
        await self._pool.execute(
            "INSERT INTO meta (key, value) VALUES ($1, $2)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value)

    async def first_meta(self, key: str, value: str) -> str:
        await self._pool.execute("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
                                 key, value)
        return str(await self._pool.fetchval("SELECT value FROM meta WHERE key = $1", key))

    # -- messages on Discord (V7) ---------------------------------------------------

    async def movers(self, game_id: int, moves: Iterable[int]) -> dict[int, tuple[int, int | None]]:
        """Who made each of these moves (a version is the move that produced it): move ->
        (seat, user id; None for a bot, a deadline or a clock run out)."""
        moves = sorted(set(moves))
        if not moves:
            return {}
        rows = await self._pool.fetch(
            "SELECT move, seat, user_id FROM actions WHERE game_id = $1 AND move = ANY($2::int[])",
            game_id, moves)
        return {row["move"]: (row["seat"], row["user_id"]) for row in rows}

    async def action_at(self, game_id: int, move: int) -> tuple[int, str, int | None] | None:
        """The action that made version ``move`` of a game: (seat, action, user id)."""
        row = await self._pool.fetchrow(
            "SELECT seat, action, user_id FROM actions WHERE game_id = $1 AND move = $2",
            game_id, move)
        return (row["seat"], row["action"], row["user_id"]) if row else None

    async def turn_post(self, game_id: int) -> PostRecord | None:
        """The game's newest thread post: the one an edit would change."""
        row = await self._pool.fetchrow(
            "SELECT * FROM posts WHERE game_id = $1 AND seat IS NULL ORDER BY id DESC LIMIT 1",
            game_id)
        return post_record(row) if row else None

    async def live_posts(self, game_id: int) -> list[PostRecord]:
        """The game's messages (thread and DMs) that still carry controls, oldest first."""
        rows = await self._pool.fetch(
            "SELECT * FROM posts WHERE game_id = $1 AND live ORDER BY id", game_id)
        return [post_record(row) for row in rows]

    async def save_post(self, game_id: int, *, seat: int | None, channel_id: int, message_id: int,
                        parts: int, version: int, live: bool, run: dict[str, Any],
                        post_id: int | None = None, sent: Iterable[int] = ()) -> int:
        """Remember a message just posted (or, with ``post_id``, what an edit made of it) and
        mark the outbox items it delivered sent, together: a crash leaves both undone, and
        the items' second delivery finds the same message (by its nonce) or edits it again."""
        now = time.time()
        values = (channel_id, message_id, parts, version, live, dumps(run))
        sent = list(sent)
        async with self.transaction() as db:
            if post_id is None:
                post_id = await db.fetchval(
                    "INSERT INTO posts (channel_id, message_id, parts, version, live, run,"
                    " game_id, seat, created_at)"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                    *values, game_id, seat, now)
            else:
                await db.execute("UPDATE posts SET channel_id = $1, message_id = $2, parts = $3,"
                                 " version = $4, live = $5, run = $6 WHERE id = $7",
                                 *values, post_id)
            if sent:
                await db.execute("UPDATE outbox SET sent_at = $1 WHERE id = ANY($2::bigint[])",
                                 now, sent)
        return post_id

    async def update_posts(self, post_ids: Iterable[int], *, live: bool | None = None,
                           version: int | None = None, run: dict[str, Any] | None = None) -> None:
        """Controls taken off (``live=False``), redrawn at ``version``, or a post's run closed."""
        ids = list(post_ids)
        if ids:
            await self._pool.execute(
                "UPDATE posts SET live = COALESCE($1, live), version = COALESCE($2, version),"
                " run = COALESCE($3, run) WHERE id = ANY($4::bigint[])",
                live, version, None if run is None else dumps(run), ids)

    # -- members' notification settings ----------------------------------------

    async def notify_settings(self, user_ids: Iterable[int]) -> dict[int, NotifySettings]:
        """The settings of those members who set any (others take the defaults)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        rows = await self._pool.fetch(
            "SELECT user_id, notify, quiet_from, quiet_to, zone, next_up FROM member_settings"
            " WHERE user_id = ANY($1::bigint[])", ids)
        return {row["user_id"]: NotifySettings(row["notify"], row["quiet_from"], row["quiet_to"],
                                               row["zone"], row["next_up"]) for row in rows}

    async def set_notify_settings(self, user_id: int, settings: NotifySettings) -> None:
        await self._pool.execute(
            "INSERT INTO member_settings (user_id, notify, quiet_from, quiet_to, zone, next_up)"
            " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id) DO UPDATE SET"
            " notify = excluded.notify, quiet_from = excluded.quiet_from,"
            " quiet_to = excluded.quiet_to, zone = excluded.zone, next_up = excluded.next_up",
            user_id, settings.where, settings.quiet_from, settings.quiet_to, settings.zone, settings.next_up)

    async def member_languages(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The language each of these members' Discord client was last seen in (if ever)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        rows = await self._pool.fetch(
            "SELECT user_id, language FROM member_settings WHERE language IS NOT NULL"
            " AND user_id = ANY($1::bigint[])", ids)
        return {row["user_id"]: row["language"] for row in rows}

    async def set_member_language(self, user_id: int, language: str) -> None:
        await self._pool.execute(
            "INSERT INTO member_settings (user_id, language) VALUES ($1, $2)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language", user_id, language)

    # -- clicks answered before their move (the click journal, bot/store/clicks.py) ---------
    # Through a pool of its own: a record never waits for a connection moves hold.

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
        async with self.transaction() as db:
            await lock_game(db, game_id)  # a game's items take their ids in commit order
            await _queue(db, game_id, items, time.time())

    async def set_timer(self, game_id: int, key: str, due_at: float) -> None:
        await self._pool.execute("INSERT INTO timers (game_id, key, due_at) VALUES ($1, $2, $3)"
                                 " ON CONFLICT (game_id, key) DO UPDATE SET due_at = excluded.due_at",
                                 game_id, key, due_at)

    # -- games whose thread refuses the bot (V15, bot/delivery/dispatcher.py) ---------------

    async def hold_game(self, game_id: int, reason: str, now: float) -> bool:
        status = await self._pool.execute("UPDATE games SET held = $1, held_at = $2 WHERE id = $3 AND held IS NULL",
                                          reason, now, game_id)
        return status == "UPDATE 1"

    async def resume_game(self, game_id: int, now: float) -> int:
        async with self.transaction() as db:
            await db.execute("UPDATE timers SET due_at = due_at + ($1 - g.held_at),"
                             " warn_at = warn_at + ($1 - g.held_at) FROM games g WHERE g.id = timers.game_id"
                             " AND g.id = $2 AND g.held_at IS NOT NULL AND timers.key NOT LIKE 'quiet:%'",
                             now, game_id)
            await db.execute("UPDATE games SET held = NULL, held_at = NULL WHERE id = $1", game_id)
            status = await db.execute(
                "UPDATE outbox SET parked_at = NULL, next_attempt_at = NULL, attempts = 0"
                " WHERE game_id = $1 AND sent_at IS NULL AND parked_at IS NOT NULL", game_id)
        return int(status.split()[-1])

    async def seated_games(self, guild_id: int, user_id: int) -> list[int]:
        rows = await self._pool.fetch(
            "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE g.guild_id = $1"
            " AND s.user_id = $2 AND g.status IN ('lobby', 'running') ORDER BY g.id", guild_id, user_id)
        return [row[0] for row in rows]


async def migrate(db: Connection) -> int:
    """Apply every numbered migration not yet applied; return the schema version. Under an
    advisory lock: of processes starting at once, one applies them, the others wait and find
    them applied."""
    async with db.transaction():
        await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        applied = {row[0] for row in await db.fetch("SELECT version FROM schema_version")}
        fresh: set[int] = set()
        for script in sorted(MIGRATIONS.glob("V*__*.sql"), key=_number):
            number = _number(script)
            if number in applied:
                continue
            await db.execute(script.read_text())
            await db.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
            applied.add(number)
            fresh.add(number)
        if fresh & STANDINGS_FROM and STANDINGS_FROM <= applied:
            await backfill(db)
    return max(applied, default=0)


async def _warm_up(connection: Connection) -> None:
    """A new connection of the pool reads a game and makes a move (of no game) before it
    serves: the server loads what it knows of the tables and plans the statements a move
    takes once per connection, which can take tens of milliseconds (under load) that a
    player's move would otherwise wait, and lose a race to a connection already warm."""
    await connection.fetchrow(_GAME_WITH_SEATS, 0)
    await connection.fetchrow(_COMMIT, 0, 0, "running", None, None, None, 0.0, None, None, [], [], [],
                              False, [], [], None, None, None, [], [], [], None, None, None)


async def _as_it_is(connection: Connection) -> None:
    """How a connection goes back to the pool: as it is. The store sets nothing that outlives a
    transaction on one (no session settings or locks, and the listener has a connection of
    its own), so asyncpg's reset, a round trip after every statement, would undo nothing.
    (asyncpg still rolls back a transaction left open.)"""


def _number(script: Path) -> int:
    return int(script.name[1:].split("__")[0])
