"""The outbox dispatcher: delivers what committed moves left to say.

Moves write their notifications into the outbox inside the move's own
transaction; this module sends them afterwards and marks each delivered. On
start-up it sends whatever a crash left behind. A burst of moves (bots replying
to a human) is coalesced into one thread message with the newest board.

Whatever fails while an item is prepared (its board drawn) or sent is that item's
failure: counted, retried with backoff (kept in the store, so across restarts),
and only its own game's later items wait behind it. What can never be sent is
parked for the operator (``python -m bot outbox``) and the game's thread told once.
"""
from __future__ import annotations

import asyncio
import enum
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import registry
from .store import OutboxItem, SeatRecord, Store
from .tables import Table
from .text import markdown_name

log = logging.getLogger(__name__)

# A failed item is retried after 10 s, 20 s, 40 s … doubling to a cap of 15 min: an outage
# delays a post by less than its own length again (the doubling), a long one costs four
# tries an hour per waiting game, and an item is parked only after MAX_ATTEMPTS, about a
# day of trying (21 min to reach the cap, then 92 × 15 min: 23.4 h), as Discord's rare long
# outages end within hours.
BASE_DELAY = 10.0
MAX_DELAY = 15 * 60.0
MAX_ATTEMPTS = 100
# An item that cannot even be prepared (its renderer raises), or that the transport fails
# with something other than "unreachable", fails the same way every time: parked after
# three attempts (about half a minute) rather than holding its game back for a day.
MAX_BROKEN_ATTEMPTS = 3
# Tests through the simulated Discord shorten the whole schedule (seconds, not minutes).
BASE_DELAY_VARIABLE = "MARQUEE_OUTBOX_BASE_DELAY"


class Undeliverable(Exception):
    """Raised by a transport when the destination refuses this message for good
    (Discord's 400, 403 or 404: a malformed message, no permission, a deleted thread)."""


class Unavailable(Exception):
    """Raised by a transport when the destination cannot be reached now (a 5xx, a rate
    limit it would not wait out, a network error): worth retrying for hours."""


#: What "try again later" looks like; anything else from the transport is a bug or a refusal.
TRANSIENT = (Unavailable, OSError)  # OSError: ConnectionError, TimeoutError


class Outcome(enum.Enum):
    SENT = "sent"
    PARKED = "parked"  # given up on: the game's later items go on
    HELD = "held"      # to be retried: the game's later items wait behind it


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
    """Where messages go: Discord in production, files in the offline demo.

    A send that fails raises: Undeliverable when it never will succeed (parked at once),
    Unavailable or an OSError when it may later (retried for about a day); anything else
    is taken for a bug in preparing the message (parked after a few tries)."""

    async def post(self, table: Table, message: Outgoing) -> None:
        """Post into the game's thread."""

    async def send_private(self, table: Table, seat: SeatRecord, message: Outgoing) -> bool:
        """Send to one player privately; False when they cannot be reached (DMs closed)."""

    async def notice(self, table: Table, text: str) -> None:
        """A plain line in the game's thread (no board, no controls)."""


class Dispatcher:
    def __init__(self, store: Store, transport: Transport, *, clock: Callable[[], float] = time.time,
                 base_delay: float | None = None) -> None:
        self.store = store
        self.transport = transport
        self.clock = clock
        if base_delay is None:
            base_delay = float(os.environ.get(BASE_DELAY_VARIABLE) or BASE_DELAY)
        self.base_delay = base_delay
        self._wake = asyncio.Event()
        self._flush_lock = asyncio.Lock()
        # Items waiting out a backoff because the destination was unreachable: the next
        # delivery that succeeds brings them forward, once each (see _recovered).
        self._waiting_out: set[int] = set()
        self._brought_forward: set[int] = set()

    def wake(self) -> None:
        self._wake.set()

    def retry_delay(self, attempts: int) -> float:
        """Seconds to wait after the ``attempts``-th failed attempt."""
        return min(self.base_delay * 2 ** min(attempts - 1, 30), MAX_DELAY)

    async def run_forever(self, retry_every: float | None = None) -> None:
        """Deliver whenever woken, and look for items due again every ``retry_every``
        seconds (the backoff's first step unless told)."""
        retry_every = self.base_delay if retry_every is None else retry_every
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=retry_every)
            except asyncio.TimeoutError:
                pass
            self._wake.clear()
            try:
                await self.flush()
            except Exception:  # the store itself failed: nothing to count it on; try again
                log.exception("outbox flush failed")

    async def flush(self) -> int:
        """Send everything due; returns how many outbox items were delivered."""
        async with self._flush_lock:
            delivered = 0
            held: set[int] = set()  # games that failed in this flush wait for their next attempt
            while items := [i for i in await self.store.unsent(self.clock()) if i.game_id not in held]:
                by_game: dict[int, list[OutboxItem]] = {}
                for item in items:
                    by_game.setdefault(item.game_id, []).append(item)
                for game_id, group in by_game.items():
                    sent, finished = await self._deliver_game(game_id, group)
                    delivered += sent
                    if not finished:
                        held.add(game_id)
            return delivered

    async def _deliver_game(self, game_id: int, items: list[OutboxItem]) -> tuple[int, bool]:
        """Deliver a game's items in order: how many were sent, and whether none is held
        back (a failure stops the game there, so its order is kept)."""
        try:
            record = await self.store.game(game_id)
            table = Table(record, await self.store.seats(game_id)) if record else None
        except Exception as error:  # counted on the first item; the rest wait behind it
            return 0, await self._failed(None, items[:1], error, preparing=True) is Outcome.PARKED
        if table is None:
            await self.store.mark_sent(i.id for i in items)
            return len(items), True
        delivered = 0
        for batch in _batches(items):
            if batch[0].kind == "thread":
                outcome = await self._deliver_post(table, batch)
            else:
                outcome = await self._deliver_private(table, batch[0])
            if outcome is Outcome.HELD:
                return delivered, False
            if outcome is Outcome.SENT:
                delivered += len(batch)
        return delivered, True

    async def _deliver_post(self, table: Table, items: list[OutboxItem]) -> Outcome:
        try:
            message = await self._compose_post(table, items)
        except Exception as error:
            return await self._failed(table, items, error, preparing=True)
        if message is not None:
            try:
                await self.transport.post(table, message)
            except Exception as error:
                return await self._failed(table, items, error)
        await self._sent(items)
        return Outcome.SENT

    async def _deliver_private(self, table: Table, item: OutboxItem) -> Outcome:
        try:
            seat = table.seats[item.payload["seat"]]
            message = Outgoing(game_id=table.id, game_type=table.record.game_type,
                               version=item.payload.get("version", table.record.version),
                               text=item.payload["text"], turn=item.payload.get("turn", []), key=str(item.id))
        except Exception as error:
            return await self._failed(table, [item], error, preparing=True)
        try:
            reached = await self.transport.send_private(table, seat, message)
        except Exception as error:
            return await self._failed(table, [item], error)
        await self._sent([item])
        if not reached and await self.store.set_dm_ok(table.id, seat.seat, False):
            told = await self._notice(
                table, f"I can't send direct messages to **{markdown_name(seat.name)}** (their DMs are closed). "
                       f"{markdown_name(seat.name)}, use `/game hand` or the **My hand & options** button to see your secrets.")
            if not told:  # so the next DM that fails tells the table after all
                await self.store.set_dm_ok(table.id, seat.seat, True)
        elif reached and not seat.dm_ok:
            await self.store.set_dm_ok(table.id, seat.seat, True)  # opened again: tell again next time
        return Outcome.SENT

    async def _compose_post(self, table: Table, items: list[OutboxItem]) -> Outgoing | None:
        """The thread message for consecutive thread items (rendered off the event loop);
        None when they have nothing new for the table."""
        last = items[-1].payload
        text = "\n".join(p.payload["text"] for p in items if p.payload.get("text"))
        if not text and not last.get("result") and all(not seat["choices"] for seat in last.get("turn", [])):
            return None  # a private step (a card chosen in hand)
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
        return Outgoing(
            game_id=table.id, game_type=table.record.game_type, version=last.get("version", 0),
            text=text, images=images[-10:],  # Discord takes at most 10 attachments a message
            turn=last.get("turn", []), status=last.get("status", ""), result=last.get("result"),
            key=f"{items[0].id}-{items[-1].id}",
        )

    async def _sent(self, items: list[OutboxItem]) -> None:
        await self.store.mark_sent(i.id for i in items)
        await self._recovered()

    async def _recovered(self) -> None:
        """A delivery went through, so the destination answers again: items waiting out a
        backoff for being unreachable are due at once, rather than up to 15 min after the
        outage. Once per item, so one that keeps failing is not retried after every success."""
        if not self._waiting_out:
            return
        ids, self._waiting_out = self._waiting_out, set()
        self._brought_forward |= ids
        await self.store.retry_now(ids, self.clock())
        self.wake()

    async def _failed(self, table: Table | None, items: list[OutboxItem], error: Exception,
                      *, preparing: bool = False) -> Outcome:
        """Count a failed attempt at these items: retry them later, or park them."""
        game_id, ids = items[0].game_id, [i.id for i in items]
        attempts = max(i.attempts for i in items) + 1
        transient = not preparing and isinstance(error, TRANSIENT)
        refused = not preparing and isinstance(error, Undeliverable)
        limit = MAX_ATTEMPTS if transient else MAX_BROKEN_ATTEMPTS
        what = f"outbox {'/'.join(map(str, ids))} of game {game_id} ({'preparing' if preparing else 'sending'})"
        reason = _describe(error)
        trace = error if attempts == 1 else None  # the traceback once; a line per attempt after
        now = self.clock()
        if refused or attempts >= limit:
            log.error("%s failed for good after %d attempt(s), parked: %s", what, attempts, reason, exc_info=trace)
            if await self.store.park(game_id, ids, error=reason, now=now) and table is not None:
                await self._notice(table, _parked_notice(table, items))
            return Outcome.PARKED
        delay = self.retry_delay(attempts)
        await self.store.mark_failed(ids, error=reason, next_attempt_at=now + delay)
        level = logging.WARNING if transient else logging.ERROR  # an outage is expected; a bug is not
        log.log(level, "%s failed (attempt %d of %d), next in %.3g s: %s",
                what, attempts, limit, delay, reason, exc_info=trace)
        if transient:
            self._waiting_out.update(set(ids) - self._brought_forward)
        return Outcome.HELD

    async def _notice(self, table: Table, text: str) -> bool:
        """A plain line in the thread, if the thread takes it; never retried."""
        try:
            await self.transport.notice(table, text)
        except Exception as error:
            log.warning("notice to game %s failed: %s", table.id, _describe(error))
            return False
        return True


def _named(payload: dict[str, Any]) -> dict[str, Any]:
    """The stored public view with the players' names, as renderers expect it."""
    return {**payload["view"], "names": payload.get("names", [])}


def _batches(items: list[OutboxItem]) -> list[list[OutboxItem]]:
    """Consecutive thread items merge into one post; private items go one by one."""
    batches: list[list[OutboxItem]] = []
    for item in items:
        if item.kind == "thread" and batches and batches[-1][0].kind == "thread":
            batches[-1].append(item)
        else:
            batches.append([item])
    return batches


def _describe(error: BaseException) -> str:
    if isinstance(error, (Undeliverable, Unavailable)):
        return str(error)[:500]  # the transport's words already say what happened
    return f"{type(error).__name__}: {error}"[:500]


def _parked_notice(table: Table, items: list[OutboxItem]) -> str:
    """One plain line for the thread: which update is missing, never what it said."""
    version = items[-1].payload.get("version")
    move = f" for move {version}" if version else ""
    if items[0].kind == "private":
        seat = items[0].payload.get("seat")
        known = isinstance(seat, int) and 0 <= seat < len(table.seats)
        who = f"**{markdown_name(table.seats[seat].name)}**" if known else "a player"
        return (f"⚠️ I could not send {who} a private message{move}; the game goes on — "
                f"`/game hand` shows their hand and options.")
    return (f"⚠️ I could not post an update{move} here; the game goes on — "
            f"`/game status` shows where it stands.")
