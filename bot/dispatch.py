"""The outbox dispatcher: delivers what committed moves left to say.

Moves write their notifications into the outbox inside the move's own
transaction; this module sends them afterwards and marks each delivered. On
start-up it sends whatever a crash left behind. A burst of moves (bots replying
to a human) is coalesced into one thread message with the newest board.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import registry
from .store import OutboxItem, SeatRecord, Store
from .tables import Table

log = logging.getLogger(__name__)

#: After this many failed deliveries an item is dropped (and logged) so one
#: broken message cannot block a game's outbox for ever.
MAX_ATTEMPTS = 5


@dataclass
class Outgoing:
    """One message to deliver, already rendered."""

    game_id: int
    game_type: str
    version: int
    text: str
    images: list[tuple[str, bytes]] = field(default_factory=list)  # (filename, PNG)
    turn: list[dict[str, Any]] = field(default_factory=list)        # pending seats and their public choices
    status: str = ""
    result: str | None = None
    # Which outbox items this is: sent again after a crash (posted, not yet marked sent),
    # the same key lets Discord return the first message instead of posting a second.
    key: str = ""


class Transport(Protocol):
    """Where messages go: Discord in production, files in the offline demo."""

    async def post(self, table: Table, message: Outgoing) -> None:
        """Post into the game's thread."""

    async def send_private(self, table: Table, seat: SeatRecord, message: Outgoing) -> bool:
        """Send to one player privately; False when they cannot be reached (DMs closed)."""

    async def notice(self, table: Table, text: str) -> None:
        """A plain line in the game's thread (no board, no controls)."""


class Dispatcher:
    def __init__(self, store: Store, transport: Transport) -> None:
        self.store = store
        self.transport = transport
        self._wake = asyncio.Event()
        self._flush_lock = asyncio.Lock()

    def wake(self) -> None:
        self._wake.set()

    async def run_forever(self, retry_every: float = 10.0) -> None:
        """Deliver whenever woken, and retry failures every ``retry_every`` seconds."""
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=retry_every)
            except asyncio.TimeoutError:
                pass
            self._wake.clear()
            try:
                await self.flush()
            except Exception:  # keep delivering other games; this one is retried
                log.exception("outbox flush failed")

    async def flush(self) -> int:
        """Send everything pending; returns how many outbox items were delivered."""
        async with self._flush_lock:
            delivered = 0
            failed_games: set[int] = set()  # retried by the timer, not in this flush
            while items := [i for i in await self.store.unsent() if i.game_id not in failed_games]:
                by_game: dict[int, list[OutboxItem]] = {}
                for item in items:
                    by_game.setdefault(item.game_id, []).append(item)
                for game_id, group in by_game.items():
                    sent = await self._deliver_game(game_id, group)
                    delivered += sent
                    if sent < len(group):
                        failed_games.add(game_id)
            return delivered

    async def _deliver_game(self, game_id: int, items: list[OutboxItem]) -> int:
        """Deliver a game's items in order; stop at the first failure so order is kept."""
        record = await self.store.game(game_id)
        if record is None:
            await self.store.mark_sent(i.id for i in items)
            return len(items)
        table = Table(record, await self.store.seats(game_id))
        delivered = 0
        # Consecutive thread items merge into one message; private ones go per seat.
        batch: list[OutboxItem] = []
        for item in items:
            if item.kind == "thread":
                batch.append(item)
                continue
            sent = await self._send_thread(table, batch)
            delivered += sent
            if sent < len(batch):
                return delivered
            batch = []
            sent = await self._send_private(table, item)
            delivered += sent
            if not sent:
                return delivered
        return delivered + await self._send_thread(table, batch)

    async def _send_thread(self, table: Table, items: list[OutboxItem]) -> int:
        if not items:
            return 0
        last = items[-1].payload
        text = "\n".join(p.payload["text"] for p in items if p.payload.get("text"))
        if not text and not last.get("result") and all(not seat["choices"] for seat in last.get("turn", [])):
            # A private step (a card chosen in hand): nothing new for the table.
            await self.store.mark_sent(i.id for i in items)
            return len(items)
        render = registry.kit(table.record.game_type).render
        images: list[tuple[str, bytes]] = []
        for item in items:
            payload = item.payload
            # The board goes with every post anyway; events name the other pictures.
            for name in [n for n in dict.fromkeys(payload.get("event_images", [])) if n != "board"]:
                images.append((f"{name}-{payload['version']}.png",
                               await asyncio.to_thread(render, _named(payload), name)))
        if "view" in last:
            images.append((f"board-{last['version']}.png",
                           await asyncio.to_thread(render, _named(last), "board")))
        message = Outgoing(
            game_id=table.id, game_type=table.record.game_type, version=last.get("version", 0),
            text=text, images=images[-10:],  # Discord takes at most 10 attachments a message
            turn=last.get("turn", []), status=last.get("status", ""), result=last.get("result"),
            key=f"{items[0].id}-{items[-1].id}",
        )
        return await self._attempt(items, self.transport.post(table, message))

    async def _send_private(self, table: Table, item: OutboxItem) -> int:
        payload = item.payload
        seat = table.seats[payload["seat"]]
        message = Outgoing(game_id=table.id, game_type=table.record.game_type,
                           version=payload.get("version", table.record.version), text=payload["text"],
                           turn=payload.get("turn", []), key=str(item.id))
        try:
            reached = await self.transport.send_private(table, seat, message)
        except Exception:
            log.exception("private message for game %s seat %s failed", table.id, seat.seat)
            return await self._failed([item])
        await self.store.mark_sent([item.id])
        if not reached and await self.store.set_dm_ok(table.id, seat.seat, False):
            await self.transport.notice(
                table, f"I can't send direct messages to **{seat.name}** (their DMs are closed). "
                       f"{seat.name}, use `/game hand` or the **My hand & options** button to see your secrets.")
        elif reached and not seat.dm_ok:
            await self.store.set_dm_ok(table.id, seat.seat, True)  # opened again: tell again next time
        return 1

    async def _attempt(self, items: list[OutboxItem], sending: Any) -> int:
        try:
            await sending
        except Exception:
            log.exception("delivery for game %s failed", items[0].game_id)
            return await self._failed(items)
        await self.store.mark_sent(i.id for i in items)
        return len(items)

    async def _failed(self, items: list[OutboxItem]) -> int:
        await self.store.mark_failed(i.id for i in items)
        dropped = [i.id for i in items if i.attempts + 1 >= MAX_ATTEMPTS]
        if dropped:
            log.error("dropping outbox items %s after %d failed attempts", dropped, MAX_ATTEMPTS)
            await self.store.mark_sent(dropped)
        return 0


def _named(payload: dict[str, Any]) -> dict[str, Any]:
    """The stored public view with the players' names, as renderers expect it."""
    return {**payload["view"], "names": payload.get("names", [])}
