"""Snowflakes and timestamps shaped like Discord's, so discord.py's created_at reads true."""

from __future__ import annotations

import datetime as _dt
import threading
import time

DISCORD_EPOCH_MS = 1420070400000


class SnowflakeFactory:
    """Strictly increasing snowflakes whose timestamp part is the current time."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last_ms = 0
        self._increment = 0

    def next(self) -> int:
        with self._lock:
            now_ms = int(time.time() * 1000)
            if now_ms <= self._last_ms:
                self._increment += 1
                if self._increment >= 4096:
                    self._last_ms += 1
                    self._increment = 0
            else:
                self._last_ms = now_ms
                self._increment = 0
            return ((self._last_ms - DISCORD_EPOCH_MS) << 22) | (1 << 17) | self._increment

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A snowflake Discord would route to gateway shard ``shard_id`` of ``shard_count``:
        its timestamp part is a multiple of ``shard_count`` plus ``shard_id``. The clock skips
        ahead by at most ``shard_count - 1`` ms, so later snowflakes stay larger."""
        if not 0 <= shard_id < shard_count:
            raise ValueError(f"shard {shard_id} is not one of {shard_count} shards")
        with self._lock:
            ms = max(int(time.time() * 1000), self._last_ms + 1)
            ms += (shard_id - (ms - DISCORD_EPOCH_MS)) % shard_count
            self._last_ms, self._increment = ms, 0
            return ((ms - DISCORD_EPOCH_MS) << 22) | (1 << 17)


def iso_now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat()


def snowflake_iso(snowflake: int) -> str:
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return _dt.datetime.fromtimestamp(ms / 1000, _dt.UTC).isoformat()
