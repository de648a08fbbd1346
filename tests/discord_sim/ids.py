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


def iso_now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat()


def snowflake_iso(snowflake: int) -> str:
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return _dt.datetime.fromtimestamp(ms / 1000, _dt.UTC).isoformat()
