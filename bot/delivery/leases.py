"""Shard leases: which process looks after which games, when several share one database.

Each process has home shards (the gateway shards it connects, ``--shards``). It holds a
lease on each shard whose games it looks after (their outbox, countdowns, reminders and
bots), renewed every third of the lease's time. A process that dies stops renewing; once
its lease lapses, a live process takes the shard over, and hands it back when the shard's
home process is running again (the home asks, ``Lease.wanted_at``). A holder on this
machine whose process is gone is known at once, without waiting for the lease to lapse.

The decision (``plan``) is pure; the store reads and writes the leases around it with no
other process's renewal in between (``Store.renew_leases``).
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from bot.store.shards import Lease, Shards

log = logging.getLogger(__name__)

#: How long a lease lasts unless renewed (MARQUEE_LEASE_SECONDS).
LEASE_SECONDS = 30.0


def holder_name() -> str:
    """This process, as a lease names it: its machine, its pid and when it started."""
    return f"{socket.gethostname()}:{os.getpid()}:{int(time.time() * 1000)}"


def gone_from_this_machine(holder: str) -> bool:
    """True when ``holder`` ran on this machine and its process no longer exists."""
    host, _, rest = holder.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, someone else's
        return False
    return False


@dataclass(frozen=True)
class Plan:
    me: str
    home: frozenset[int]
    count: int
    ttl: float
    # Shards nobody ever held (no process was started for them) are taken by any process once
    # it has run a lease's time: the homes that do exist get there first.
    take_unclaimed: bool = False
    gone: Callable[[str], bool] = gone_from_this_machine

    def decide(self, found: dict[int, Lease], now: float) -> list[Lease]:
        """The leases to write, given those found (shard -> lease) at ``now``."""
        written = []
        for shard in range(self.count):
            lease = found.get(shard)
            mine = lease is not None and lease.holder == self.me
            free = lease is None or lease.expires_at <= now or (not mine and self.gone(lease.holder))
            asked_back = (lease is not None and lease.wanted_at is not None
                          and lease.wanted_at > now - self.ttl)
            if shard in self.home:
                if mine or free:
                    written.append(Lease(shard, self.me, now + self.ttl))
                else:  # a borrower has it: ask for it back (it lets go at its next renewal)
                    assert lease is not None  # held, since not free
                    written.append(Lease(shard, lease.holder, lease.expires_at, now))
            elif mine:
                assert lease is not None  # mine, so held
                if asked_back:  # let go now: the home takes it at its next renewal
                    written.append(Lease(shard, self.me, now, lease.wanted_at))
                else:
                    written.append(Lease(shard, self.me, now + self.ttl, lease.wanted_at))
            elif free and not asked_back and (lease is not None or self.take_unclaimed):
                written.append(Lease(shard, self.me, now + self.ttl))
        return written

    def released(self, found: dict[int, Lease], now: float) -> list[Lease]:
        """Every lease of ours let go at once (closing), so others need not wait for it."""
        return [Lease(s, self.me, now, lease.wanted_at) for s, lease in found.items() if lease.holder == self.me]


class Leases:
    """This process's leases: ``shards`` is what it looks after now."""

    def __init__(self, store, *, home: Iterable[int], count: int, ttl: float = LEASE_SECONDS,
                 clock: Callable[[], float] = time.time, holder: str | None = None) -> None:
        self.store = store
        self.plan = Plan(holder or holder_name(), frozenset(home), count, ttl)
        self.clock = clock
        self.started = clock()
        self.shards = Shards(count, frozenset())
        self._valid_until = 0.0

    def current(self) -> Shards:
        """The shards held now: none once the last renewal is a lease's time old (the
        database away), as others may have taken them over by then."""
        return self.shards if self.clock() < self._valid_until else Shards(self.plan.count, frozenset())

    async def renew(self) -> frozenset[int]:
        """Renew, take over and hand back leases; returns the shards newly held."""
        now = self.clock()
        plan = self.plan
        if not plan.take_unclaimed and now - self.started >= plan.ttl:
            plan = self.plan = Plan(plan.me, plan.home, plan.count, plan.ttl, True, plan.gone)
        written: list[Lease] = []

        def decide(found: dict[int, Lease]) -> list[Lease]:
            written[:] = plan.decide(found, now)
            return written

        await self.store.renew_leases(plan.count, decide)
        held = frozenset(lease.shard for lease in written if lease.holder == plan.me and lease.expires_at > now)
        before = self.current().held
        taken, lost = held - before, before - held
        if taken or lost:
            log.info("shards of %d held: %s (taken %s, let go %s)", plan.count, sorted(held),
                     sorted(taken), sorted(lost))
        self.shards = Shards(plan.count, held)
        self._valid_until = now + plan.ttl
        return taken

    async def release(self) -> None:
        """Let every lease go (the process is closing)."""
        now = self.clock()
        self.shards = Shards(self.plan.count, frozenset())
        await self.store.renew_leases(self.plan.count, lambda found: self.plan.released(found, now))

    async def run_forever(self, taken: Callable[[frozenset[int]], Awaitable[None]]) -> None:
        """Renew every third of a lease's time; ``taken`` is told of shards newly held (again
        at the next renewal, if it failed)."""
        untold: frozenset[int] = frozenset()
        while True:
            await asyncio.sleep(self.plan.ttl / 3)
            try:
                untold |= await self.renew()
            except Exception:  # the database is away: keep trying; leases lapse meanwhile
                log.exception("renewing shard leases failed")
                continue
            untold &= self.shards.held
            if untold:
                try:
                    await taken(untold)
                    untold = frozenset()
                except Exception:
                    log.exception("taking over shards %s failed; trying again", sorted(untold))
