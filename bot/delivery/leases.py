"""Shard leases: which process looks after which games, when several share one database.

Each process has home shards (the gateway shards it connects, ``--shards``). It holds a
lease on each shard whose games it looks after (their outbox, countdowns, reminders and
bots), renewed every third of the lease's time. A process that dies stops renewing; once
its lease lapses, a live process takes the shard over, and hands it back when the shard's
home process is running again (the home asks, ``Lease.wanted_at``). A holder in this pid
namespace whose process is gone is known at once, without waiting for the lease to lapse.

A process is named by a random instance id (``holder_name``), not by its host name and pid:
two containers may have the same of both. Expiry is judged by the database's clock.

The decision (``plan``) is pure; the store reads and writes the leases around it with no
other process's renewal in between (``Store.renew_leases``).
"""
from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from bot.store.shards import Lease, Shards

log = logging.getLogger(__name__)

#: How long a lease lasts unless renewed (MARQUEE_LEASE_SECONDS).
LEASE_SECONDS = 30.0


def _read(path: str) -> str:
    try:
        with open(path) as file:
            return file.read()
    except OSError:
        return ""


def _pid_namespace() -> str:
    """Which pid namespace this process's pids are numbered in: every container has its own,
    though they may share one kernel (and one host name)."""
    try:
        return os.readlink("/proc/self/ns/pid")
    except OSError:
        return ""


def _started(pid: int) -> str | None:
    """When process ``pid`` started, in clock ticks since boot (None: no such process here).
    A pid reused by a later process has another start."""
    stat = _read(f"/proc/{pid}/stat")
    if not stat:
        return None
    return stat.rpartition(")")[2].split()[19]  # field 22, counted after the command's name


def machine() -> str:
    """Where a pid names one process: this kernel's boot and this pid namespace. Empty when
    the system does not say (no /proc): then no holder is ever judged gone by its pid."""
    boot, namespace = _read("/proc/sys/kernel/random/boot_id").strip(), _pid_namespace()
    if not boot or not namespace:
        return ""
    return f"{boot[:8]}.{namespace.strip('pid:[]')}"


def holder_name() -> str:
    """This process, as a lease names it: its host name and pid (for people reading), its
    pid's start and the machine (to tell it gone, ``gone_from_this_machine``), and a random
    instance id, which alone makes it unique: two containers may share a host name and a pid."""
    pid = os.getpid()
    return f"{socket.gethostname()}:{pid}:{_started(pid) or 0}:{secrets.token_hex(8)}@{machine()}"


def gone_from_this_machine(holder: str) -> bool:
    """True when ``holder`` ran in this pid namespace of this very boot, and its process no
    longer exists (or its pid is another process's now). A holder from elsewhere, or named
    the old way, is never judged gone: its lease lapses instead."""
    name, at, where = holder.rpartition("@")
    if not at or not where or where != machine():
        return False
    parts = name.split(":")
    if len(parts) != 4 or not parts[1].isdigit():
        return False
    started = _started(int(parts[1]))
    return started is None or started != parts[2]


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
    """This process's leases: ``shards`` is what it looks after now.

    Whether a lease has lapsed is judged by the database's clock (``Store.renew_leases``
    reads it), never by each process's own: processes on several machines agree on it.
    ``clock`` replaces the database's (tests turn it by hand). How long this process may
    trust its last renewal is measured on its own ``monotonic`` clock, from before the
    renewal was asked: it stops trusting it no later than the database sees it lapse."""

    def __init__(self, store, *, home: Iterable[int], count: int, ttl: float = LEASE_SECONDS,
                 clock: Callable[[], float] | None = None, holder: str | None = None,
                 monotonic: Callable[[], float] | None = None) -> None:
        self.store = store
        self.plan = Plan(holder or holder_name(), frozenset(home), count, ttl)
        self.clock = clock
        self.monotonic = monotonic or clock or time.monotonic
        self.started = self.monotonic()
        self.shards = Shards(count, frozenset())
        # The processes holding a lease at the last renewal, this one among them: one that
        # holds none has stopped, or has just started (cogs/clicks.py, whose records it leaves).
        self.live: frozenset[str] = frozenset()
        self._valid_until = float("-inf")

    def current(self) -> Shards:
        """The shards held now: none once the last renewal is a lease's time old (the
        database away), as others may have taken them over by then. The dispatcher asks
        before each item it delivers."""
        return self.shards if self.monotonic() < self._valid_until else Shards(self.plan.count, frozenset())

    async def renew(self) -> frozenset[int]:
        """Renew, take over and hand back leases; returns the shards newly held."""
        asked = self.monotonic()
        plan = self.plan
        if not plan.take_unclaimed and asked - self.started >= plan.ttl:
            plan = self.plan = Plan(plan.me, plan.home, plan.count, plan.ttl, True, plan.gone)
        written: list[Lease] = []
        at: list[float] = []

        def decide(found: dict[int, Lease], now: float) -> list[Lease]:
            at[:] = [now]
            written[:] = plan.decide(found, now)
            self.live = frozenset(lease.holder for lease in [*found.values(), *written] if lease.expires_at > now)
            return written

        await self.store.renew_leases(plan.count, decide, now=self.clock() if self.clock else None)
        now = at[0]
        held = frozenset(lease.shard for lease in written if lease.holder == plan.me and lease.expires_at > now)
        before = self.current().held
        taken, lost = held - before, before - held
        if taken or lost:
            log.info("shards of %d held: %s (taken %s, let go %s)", plan.count, sorted(held),
                     sorted(taken), sorted(lost))
        self.shards = Shards(plan.count, held)
        self._valid_until = asked + plan.ttl
        return taken

    async def release(self) -> None:
        """Let every lease go (the process is closing)."""
        self.shards = Shards(self.plan.count, frozenset())
        await self.store.renew_leases(self.plan.count, self.plan.released,
                                      now=self.clock() if self.clock else None)

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
