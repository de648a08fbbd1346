"""The SQLite store: games, seats, the action log and the outbox, through aiosqlite.

Every accepted move is one transaction: the new state (only if the version is
still the one the move was made against), its line in the action log and its
notifications in the outbox. So a move is either wholly durable or not there,
and two moves racing on one game cannot both apply.
"""
from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncIterator

import aiosqlite

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


@dataclass(frozen=True)
class GameRecord:
    id: int
    game_type: str
    status: str
    options: dict[str, Any]
    seed: int
    state: dict[str, Any] | None
    version: int
    seat_epochs: dict[int, int]
    host_id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    result: dict[str, Any] | None


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    user_id: int | None
    name: str
    is_bot: bool
    dm_ok: bool


@dataclass(frozen=True)
class OutboxItem:
    id: int
    game_id: int
    kind: str
    payload: dict[str, Any]
    attempts: int


def _game(row: aiosqlite.Row) -> GameRecord:
    return GameRecord(
        id=row["id"], game_type=row["game_type"], status=row["status"],
        options=json.loads(row["options"]), seed=row["seed"],
        state=json.loads(row["state"]) if row["state"] else None, version=row["version"],
        seat_epochs={int(k): v for k, v in json.loads(row["seat_epochs"]).items()},
        host_id=row["host_id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], lobby_message_id=row["lobby_message_id"],
        result=json.loads(row["result"]) if row["result"] else None,
    )


def _statements(script: str) -> list[str]:
    """Split an SQL script into statements (``;`` inside comments or strings is no end)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    return statements


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Store:
    """One connection per process; transactions are serialised by a lock.

    aiosqlite runs every statement on one worker thread, so statements of two
    coroutines would interleave inside each other's transactions without it.
    """

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> "Store":
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path), isolation_level=None)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode=WAL")
        await connection.execute("PRAGMA synchronous=FULL")  # durable before acknowledged
        await connection.execute("PRAGMA foreign_keys=ON")
        await connection.execute("PRAGMA busy_timeout=5000")
        store = cls(connection)
        await store.migrate()
        return store

    async def close(self) -> None:
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

    # -- schema ---------------------------------------------------------------

    async def migrate(self) -> int:
        """Apply the numbered migrations not yet applied; return the schema version."""
        async with self.transaction() as db:
            await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = await (await db.execute("SELECT MAX(version) FROM schema_version")).fetchone()
            current = row[0] or 0
            for script in sorted(MIGRATIONS.glob("V*__*.sql"), key=lambda p: int(p.name[1:].split("__")[0])):
                number = int(script.name[1:].split("__")[0])
                if number <= current:
                    continue
                for statement in _statements(script.read_text()):
                    await db.execute(statement)
                await db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
                current = number
        return current

    # -- reading --------------------------------------------------------------

    async def game(self, game_id: int) -> GameRecord | None:
        cursor = await self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,))
        row = await cursor.fetchone()
        return _game(row) if row else None

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        cursor = await self._db.execute(
            "SELECT * FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (thread_id,)
        )
        row = await cursor.fetchone()
        return _game(row) if row else None

    async def games_with_status(self, *statuses: str) -> list[GameRecord]:
        marks = ",".join("?" for _ in statuses)
        cursor = await self._db.execute(f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", statuses)
        return [_game(row) for row in await cursor.fetchall()]

    async def seats(self, game_id: int) -> list[SeatRecord]:
        cursor = await self._db.execute(
            "SELECT seat, user_id, name, is_bot, dm_ok FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [
            SeatRecord(row["seat"], row["user_id"], row["name"], bool(row["is_bot"]), bool(row["dm_ok"]))
            for row in await cursor.fetchall()
        ]

    async def actions(self, game_id: int) -> list[tuple[int, str]]:
        cursor = await self._db.execute(
            "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY move", (game_id,)
        )
        return [(row["seat"], row["action"]) for row in await cursor.fetchall()]

    async def public_log(self, game_id: int, limit: int = 25) -> list[str]:
        """The latest public lines of a game, oldest first (its thread notes, from the outbox)."""
        cursor = await self._db.execute(
            "SELECT payload FROM outbox WHERE game_id = ? AND kind = 'thread' ORDER BY id DESC LIMIT ?",
            (game_id, limit * 4),
        )
        lines: list[str] = []
        for row in await cursor.fetchall():
            text = json.loads(row["payload"]).get("text", "")
            lines = [line for line in text.splitlines() if line] + lines
        return lines[-limit:]

    async def unsent(self, limit: int = 200) -> list[OutboxItem]:
        cursor = await self._db.execute(
            "SELECT id, game_id, kind, payload, attempts FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ?",
            (limit,),
        )
        return [
            OutboxItem(row["id"], row["game_id"], row["kind"], json.loads(row["payload"]), row["attempts"])
            for row in await cursor.fetchall()
        ]

    # -- writing --------------------------------------------------------------

    async def create_game(
        self, game_type: str, options: dict[str, Any], seed: int, host_id: int,
        guild_id: int | None, channel_id: int | None,
    ) -> int:
        now = time.time()
        async with self.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO games (game_type, status, options, seed, host_id, guild_id, channel_id,"
                " created_at, updated_at) VALUES (?, 'lobby', ?, ?, ?, ?, ?, ?, ?)",
                (game_type, _dumps(options), seed, host_id, guild_id, channel_id, now, now),
            )
            return cursor.lastrowid

    async def set_places(self, game_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None) -> None:
        async with self.transaction() as db:
            if thread_id is not None:
                await db.execute("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id))
            if lobby_message_id is not None:
                await db.execute("UPDATE games SET lobby_message_id = ? WHERE id = ?", (lobby_message_id, game_id))

    async def set_seats(self, game_id: int, seats: Iterable[SeatRecord]) -> None:
        """Replace the lobby's seats (joins, leaves and bots renumber them)."""
        async with self.transaction() as db:
            status = await (await db.execute("SELECT status FROM games WHERE id = ?", (game_id,))).fetchone()
            if status is None or status[0] != "lobby":
                raise ValueError("seats change only in the lobby")
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, is_bot, dm_ok) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, s.name, int(s.is_bot), int(s.dm_ok)) for s in seats],
            )

    async def hand_seat_to_bot(self, game_id: int, seat: int, name: str,
                               note: tuple[str, dict[str, Any]]) -> bool:
        """A running game's human seat becomes a bot seat, with a note to the table, at once."""
        async with self.transaction() as db:
            cursor = await db.execute(
                "UPDATE seats SET user_id = NULL, is_bot = 1, dm_ok = 0, name = ?"
                " WHERE game_id = ? AND seat = ? AND is_bot = 0", (name, game_id, seat))
            if cursor.rowcount != 1:
                return False
            kind, payload = note
            await db.execute("INSERT INTO outbox (game_id, kind, payload, created_at) VALUES (?, ?, ?, ?)",
                             (game_id, kind, _dumps(payload), time.time()))
        return True

    async def set_dm_ok(self, game_id: int, seat: int, ok: bool) -> bool:
        """Record whether a seat's DMs work; True only for the caller that changed it, so
        of two that find DMs closed at once, exactly one tells the table."""
        async with self.transaction() as db:
            cursor = await db.execute(
                "UPDATE seats SET dm_ok = ? WHERE game_id = ? AND seat = ? AND dm_ok != ?",
                (int(ok), game_id, seat, int(ok)))
            return cursor.rowcount == 1

    async def commit(
        self, game_id: int, expected_version: int, *, status: str, state: dict[str, Any] | None,
        seat_epochs: dict[int, int] | None = None, result: dict[str, Any] | None = None,
        action: tuple[int, str, int | None] | None = None,
        outbox: Iterable[tuple[str, dict[str, Any]]] = (),
    ) -> bool:
        """Write a new version of a game, its action and notifications — all or nothing.

        Returns False (and writes nothing) when the game is no longer at
        ``expected_version``: somebody else's move got there first.
        """
        now = time.time()
        async with self.transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET status = ?, state = ?, version = version + 1,"
                " seat_epochs = COALESCE(?, seat_epochs), result = COALESCE(?, result), updated_at = ?"
                " WHERE id = ? AND version = ?",
                (status, _dumps(state) if state is not None else None,
                 _dumps(seat_epochs) if seat_epochs is not None else None,
                 _dumps(result) if result is not None else None, now, game_id, expected_version),
            )
            if cursor.rowcount != 1:
                return False
            if action is not None:
                seat, text, user_id = action
                await db.execute(
                    "INSERT INTO actions (game_id, move, seat, action, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, expected_version + 1, seat, text, user_id, now),
                )
            await db.executemany(
                "INSERT INTO outbox (game_id, kind, payload, created_at) VALUES (?, ?, ?, ?)",
                [(game_id, kind, _dumps(payload), now) for kind, payload in outbox],
            )
        return True

    async def idle_games(self, updated_before: float) -> list[GameRecord]:
        """Running games that have not moved since ``updated_before`` nor been reminded since."""
        cursor = await self._db.execute(
            "SELECT * FROM games WHERE status = 'running' AND updated_at < ? AND reminded_version < version"
            " ORDER BY id", (updated_before,),
        )
        return [_game(row) for row in await cursor.fetchall()]

    async def add_reminder(self, game_id: int, version: int, payload: dict[str, Any]) -> bool:
        """Queue a reminder for ``version`` of a game, unless it moved or was reminded already."""
        async with self.transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET reminded_version = version WHERE id = ? AND version = ? AND reminded_version < ?",
                (game_id, version, version),
            )
            if cursor.rowcount != 1:
                return False
            await db.execute(
                "INSERT INTO outbox (game_id, kind, payload, created_at) VALUES (?, 'thread', ?, ?)",
                (game_id, _dumps(payload), time.time()),
            )
        return True

    async def mark_sent(self, ids: Iterable[int]) -> None:
        ids = list(ids)
        if not ids:
            return
        async with self.transaction() as db:
            await db.executemany("UPDATE outbox SET sent_at = ? WHERE id = ?", [(time.time(), i) for i in ids])

    async def mark_failed(self, ids: Iterable[int]) -> None:
        async with self.transaction() as db:
            await db.executemany("UPDATE outbox SET attempts = attempts + 1 WHERE id = ?", [(i,) for i in ids])
