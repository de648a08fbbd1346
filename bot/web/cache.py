"""What the game pages keep in memory: a bounded cache that makes each thing once.

Boards are drawn once per (game, move) and pages built once per (game, version), however
many readers ask at the same moment: the first asks, the others wait for its answer.
The cache holds at most ``limit`` bytes; the least recently used go first.
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable


class Kept:
    """Bytes by key, at most ``limit`` of them, each made once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.made = 0  # how many were made (the rest were found)
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._making: dict[Hashable, asyncio.Future[bytes]] = {}

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> bytes | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: Hashable, value: bytes) -> None:
        if len(value) > self.limit:
            return
        old = self._items.pop(key, None)
        self.size += len(value) - (len(old) if old is not None else 0)
        self._items[key] = value
        while self.size > self.limit:
            _, dropped = self._items.popitem(last=False)
            self.size -= len(dropped)

    async def get_or_make(self, key: Hashable, make: Callable[[], Awaitable[bytes]]) -> bytes:
        found = self.get(key)
        if found is not None:
            return found
        making = self._making.get(key)
        if making is not None:
            return await asyncio.shield(making)
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._making[key] = future
        try:
            value = await make()
        except asyncio.CancelledError:
            future.cancel()
            raise
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: a waiter-less failure is not logged as lost
            raise
        finally:
            del self._making[key]
        future.set_result(value)
        self.made += 1
        self.put(key, value)
        return value
