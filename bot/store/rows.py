"""What the two stores share: rows into records (SQLite's rows and asyncpg's records are both
read by column name, and both stores keep JSON in text columns), and statements written the
same in both dialects."""
from __future__ import annotations

import json
import zlib
from collections.abc import Iterable
from typing import Any

from bot.engine.runner import UNDO
from bot.store import jsontext
from bot.store.base import (
    SNAPSHOT_EVERY,
    FinishedGame,
    FinishedSeat,
    GameRecord,
    PostRecord,
    SeatRecord,
)
from bot.store.shards import Shards, games_of_shards, of_shards

dumps = jsontext.dumps


def packed(state: dict[str, Any]) -> bytes:
    """A state as a snapshot keeps it: its JSON compressed (a fifth of the bytes, for about
    0.1 ms every tenth move), so keeping states costs a database little more than its log."""
    return zlib.compress(dumps(state).encode(), 6)


def unpacked(kept: bytes) -> dict[str, Any]:
    return json.loads(zlib.decompress(kept))  # type: ignore[no-any-return]


def kept_move(expected_version: int, action: str | None) -> int | None:
    """The move (the log's row, the version it made) whose state a commit from
    ``expected_version`` keeps, if any: the state it writes, every ``SNAPSHOT_EVERY`` moves.

    A kept state followed by a take-back cannot start a replay (``NOT_TAKEN_BACK``: the move
    taken back is not after it), so a take-back of a move whose state was kept keeps the state
    it restores, at the move before. Whatever was taken back, every move then has a usable
    kept state at most ``SNAPSHOT_EVERY`` moves before it."""
    made = expected_version + 1
    if made % SNAPSHOT_EVERY == 0:
        return made
    if action == UNDO and expected_version % SNAPSHOT_EVERY == 0:
        return expected_version - 1
    return None


def post_record(row: Any) -> PostRecord:
    return PostRecord(row["id"], row["game_id"], row["seat"], row["channel_id"], row["message_id"],
                      row["parts"], row["version"], bool(row["live"]), json.loads(row["run"]))


def game_record(row: Any) -> GameRecord:
    return GameRecord(
        id=row["id"], game_type=row["game_type"], status=row["status"],
        options=json.loads(row["options"]), seed=row["seed"],
        state=json.loads(row["state"]) if row["state"] else None, version=row["version"],
        seat_epochs={int(k): v for k, v in json.loads(row["seat_epochs"]).items()},
        host_id=row["host_id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], lobby_message_id=row["lobby_message_id"],
        result=json.loads(row["result"]) if row["result"] else None,
        seat_asked={int(k): v for k, v in json.loads(row["seat_asked"]).items()},
        settings=json.loads(row["settings"]), seats_version=row["seats_version"], held=row["held"],
    )


def seat_records(rows: Iterable[Any]) -> list[SeatRecord]:
    return [SeatRecord(row["seat"], row["user_id"], row["name"], bool(row["is_bot"]), bool(row["dm_ok"]),
                       row["timeouts"], row["former_user_id"], row["former_name"], row["take_backs"])
            for row in rows]


def finished(games: Iterable[Any], seats: Iterable[Any]) -> list[FinishedGame]:
    """Finished games from rows of games (id, game_type, guild_id, result, finished_at) and of
    their seats (game_id, seat, user_id, former_user_id, name, former_name), either store's."""
    by_game: dict[int, list[FinishedSeat]] = {}
    for row in seats:
        member = row["user_id"] if row["user_id"] is not None else row["former_user_id"]
        taken_over = row["user_id"] is None and row["former_name"]
        name = row["former_name"] if taken_over else row["name"]
        by_game.setdefault(row["game_id"], []).append(FinishedSeat(row["seat"], member, name))
    found = []
    for row in games:
        result = json.loads(row["result"]) if row["result"] else {}
        found.append(FinishedGame(
            row["id"], row["game_type"], row["guild_id"], row["finished_at"],
            tuple(by_game.get(row["id"], ())), tuple(result.get("winners", ())),
            {int(seat): score for seat, score in (result.get("scores") or {}).items()}))
    return found


def vitals_sql(shards: Shards | None, now: str) -> str:
    """``Store.vitals``'s one statement, the same in SQLite and PostgreSQL but for how the
    time is bound (``now``: ``?`` or ``$1``, twice over)."""
    timers_mine, outbox_mine = of_shards(shards, "g.guild_id"), games_of_shards(shards, "outbox.game_id")
    return (
        "SELECT COALESCE(SUM(CASE WHEN parked_at IS NULL THEN 1 ELSE 0 END), 0),"
        " MIN(CASE WHEN parked_at IS NULL THEN created_at END),"
        " MAX(CASE WHEN parked_at IS NULL THEN next_attempt_at END),"
        " COALESCE(SUM(CASE WHEN parked_at IS NULL THEN 0 ELSE 1 END), 0),"
        " (SELECT COUNT(*) FROM timers AS t JOIN games AS g ON g.id = t.game_id"
        f"  WHERE g.status = 'running' AND g.held IS NULL AND (t.due_at <= {now} OR t.warn_at <= {now}){timers_mine}),"
        # A game waiting on a bot has a countdown of its own (clock.BOT_WAIT): since its last move.
        " (SELECT MIN(g.updated_at) FROM timers AS t JOIN games AS g ON g.id = t.game_id"
        f"  WHERE g.status = 'running' AND g.held IS NULL AND t.key LIKE 'bot:%'{timers_mine})"
        f" FROM outbox WHERE sent_at IS NULL{outbox_mine}")
