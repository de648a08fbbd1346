"""The real bot on an event loop and a thread of its own, which a test stops dead at a named
step (``bot/steps.py``), as a SIGKILL would stop a process there, in a fraction of the time a
process takes to start.

At the armed step the bot's thread blocks for good: nothing of that bot runs again, not even
the rest of the step's own line. ``bury`` then does what the system does for a dead process:
its database connections go (an SQLite transaction it left open is rolled back, PostgreSQL
ends its sessions) and Discord forgets its gateway session. Each bot is named as a lease
holder whose pid no process has, so the next one judges it gone at once, as it judges a
process killed on this machine.
"""
from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import asyncpg

from bot import steps
from bot.app import MarqueeBot
from bot.delivery import leases
from bot.settings import Settings
from bot.store import SQLiteStore
from tests.discord_sim import DiscordSim

#: The application name of a test's own connections to the database, which a bot's death spares.
PEEKING = "peeking test"
#: Pids no process can have (above Linux's highest, 2**22): one per bot started here.
_PIDS = itertools.count(2**22 + 1)
_holder_name = leases.holder_name


def holder_of_a_dead_pid() -> str:
    """A lease holder name as ``leases.holder_name`` makes it, but with a pid nobody has (a
    test puts this in its place: ``monkeypatch.setattr(leases, "holder_name", ...)``)."""
    name, _, machine = _holder_name().rpartition("@")
    host, _, start, instance = name.split(":")
    return f"{host}:{next(_PIDS)}:{start}:{instance}@{machine}"


@dataclass
class Armed:
    step: str
    after: str | None  # the step is taken only once this one was reached (None: at once)
    after_seen: bool = False


class Killable:
    """One bot at a time: ``start``, ``arm``, the test's click, ``wait_dead``, ``restart``."""

    def __init__(self, sim: DiscordSim, settings: Callable[[], Settings]) -> None:
        self.sim = sim
        self.settings = settings
        self.bot: MarqueeBot | None = None
        self.seen: list[str] = []  # the steps the live bot reached, in order
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._armed: Armed | None = None
        self._dead: asyncio.Event | None = None
        self._failure: BaseException | None = None
        self._test_loop: asyncio.AbstractEventLoop | None = None
        self._pointed = sim.discord_py_pointed_here()  # discord.py's routes, for every bot in turn
        self._pointed.__enter__()
        steps.listen(self._reached)

    # -- life and death --------------------------------------------------------------------

    async def start(self, *, commands: bool = False) -> MarqueeBot:
        mark = self.sim.bot_mark()
        self._test_loop = asyncio.get_running_loop()
        self._dead = asyncio.Event()
        self._armed, self._failure, self.seen = None, None, []
        made = threading.Event()

        def run() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            self._loop = loop
            self.bot = MarqueeBot(self.settings(), guild_ready_timeout=0.05)
            made.set()
            try:
                loop.run_until_complete(self._run(self.bot))
            except BaseException as failure:  # noqa: BLE001 - reported to the waiting test
                self._failure = failure
            finally:
                loop.close()

        self._thread = threading.Thread(target=run, name="killable bot", daemon=True)
        self._thread.start()
        await asyncio.to_thread(made.wait)

        def alive() -> None:
            if self._failure is not None:
                raise AssertionError(f"the bot stopped before it was ready: {self._failure!r}") from self._failure

        await self.sim.wait_for_bot(after=mark, commands=commands, alive=alive)
        assert self.bot is not None
        return self.bot

    async def _run(self, bot: MarqueeBot) -> None:
        """As ``bot.app.run``: ``start`` returns halfway through ``close``, which is awaited whole."""
        try:
            await bot.start(self.sim.token)
        finally:
            await bot.close()

    def arm(self, step: str, *, after: str | None = None) -> None:
        """Stop the bot dead at the first ``step`` it reaches (after ``after``, if given)."""
        self._armed = Armed(step, after)

    async def wait_dead(self) -> None:
        assert self._dead is not None
        await self.sim.wait_for(self._dead.is_set, what="the bot to reach the step it was armed to die at")

    @property
    def dead(self) -> bool:
        return self._dead is not None and self._dead.is_set()

    def _reached(self, step: str) -> None:
        if threading.current_thread() is not self._thread:
            return  # a bot that is dead already, or a worker thread of the live one
        self.seen.append(step)
        armed = self._armed
        if armed is None:
            return
        if armed.after is not None and not armed.after_seen:
            if step != armed.after:
                return
            armed.after_seen = True
        if step != armed.step:
            return
        self._armed = None
        assert self._test_loop is not None
        self._test_loop.call_soon_threadsafe(self._died)
        threading.Event().wait()  # dead: this thread, and the bot's event loop with it, never go on

    def _died(self) -> None:
        assert self._dead is not None
        self._dead.set()
        self.sim.notify()  # a test waiting on the simulator looks again now

    async def restart(self) -> None:
        """The dead bot buried, another started on the same database."""
        await self.bury()
        await self.start()

    async def bury(self) -> None:
        """What the system does for the process that died: its connections and its gateway
        session go."""
        self.sim.gateway.cut_sessions()
        keep_alive = getattr(getattr(self.bot, "ws", None), "_keep_alive", None)
        if keep_alive is not None:  # discord.py's heartbeat thread, which would warn of the dead loop
            keep_alive.stop()
        store: Any = self.bot.store if self.bot is not None else None
        if isinstance(store, SQLiteStore):
            for connection in (store._db, store._clicks._db):
                stopped = connection.stop()
                if stopped is not None:
                    await stopped
        else:
            admin = await asyncpg.connect(str(self.settings().database))
            try:
                await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                                    " AND application_name <> $1", PEEKING)
            finally:
                await admin.close()
        self.bot = None

    async def close(self) -> None:
        """A live bot's ordinary close (the end of a test); a dead one is buried instead."""
        if self.bot is not None and not self.dead and self._loop is not None and self._thread is not None:
            asyncio.run_coroutine_threadsafe(self.bot.close(), self._loop)
            await asyncio.to_thread(self._thread.join, 30)  # its run awaits the whole close
        steps.listen(None)
        self._pointed.__exit__(None, None, None)
