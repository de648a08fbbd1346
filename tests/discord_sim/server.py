"""``DiscordSim``: the loopback Discord a bot logs into — REST under ``/api/v10``, the gateway
at ``/gateway``, uploaded files under ``/attachments`` — plus what a test needs around it:
members to act, waits that fail loudly, faults on demand, violations, and stats."""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import socket
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Self, TypeVar

from aiohttp import web

from . import logcheck, rest_channels, rest_core, rest_interactions
from .commands import CommandRegistry
from .errors import BotError, SimTimeout, SimUsageError, Violation
from .faults import Fault, Faults
from .gateway import Gateway
from .http_util import API_PREFIX, SIM, make_middleware
from .interactions import InitialResponse, SimInteraction
from .members import SimMember
from .model import SimChannel, SimMessage
from .shards import Shard, shard_of
from .spec import load_spec
from .stats import SimStats
from .world import World

T = TypeVar("T")


@dataclass
class Limits:
    """Discord's interaction deadline; raise it only to study a slow machine, never to pass."""

    initial_response_s: float = 3.0


@dataclass(frozen=True)
class BotMark:
    """A point in time to wait for a (re)started bot after: counts of IDENTIFYs (in all and
    per shard) and syncs."""

    identifies: int
    syncs: int
    by_shard: Mapping[Shard, int] = field(default_factory=dict)


class DiscordSim(World):
    def __init__(
        self,
        *,
        guild_name: str = "Marquee Test",
        channels: tuple[str, ...] = ("general", "games"),
        members: tuple[str, ...] = ("alice", "bob", "carol", "dave"),
        owner: str = "olivia",
        guild_shard: tuple[int, int] | None = None,
        bot_name: str = "Marquee",
        heartbeat_interval_ms: int = 41250,
        default_timeout: float = 30.0,
        privileged_intents_denied: int = 0,
        capture_logs: bool = True,
    ) -> None:
        self.base_url = ""  # known once the server listens; uploads made before then get no URL
        self._clock_offset = 0.0  # before the world is made: its channels read the clock
        super().__init__(
            guild_name=guild_name,
            channels=channels,
            members=members,
            owner=owner,
            bot_name=bot_name,
            guild_shard=guild_shard,
        )
        self.token = "sim." + secrets.token_urlsafe(24)
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.default_timeout = default_timeout
        self.privileged_intents_denied = privileged_intents_denied
        self.limits = Limits()
        self.spec = load_spec()
        self.commands = CommandRegistry(self)
        self.gateway = Gateway(self)
        self.faults = Faults()
        self.stats = SimStats()
        self.violations: list[Violation] = []
        self.errors: list[str] = []
        self.expected_errors: list[str] = []
        self._expected_patterns: list[re.Pattern[str]] = []
        self.timeouts: list[str] = []
        self.test_failed = False  # set by the pytest plugin: skip the teardown verdict
        self._errors_raised = 0
        self._capture_logs = capture_logs
        self._log_handler: logcheck.ErrorCatcher | None = None
        self._changed = asyncio.Event()
        self._trace: deque[str] = deque(maxlen=25)
        self._last_activity = time.perf_counter()
        self._runner: web.AppRunner | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.port = 0

    # --- lifecycle --------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> DiscordSim:
        self._loop = asyncio.get_running_loop()
        app = web.Application(middlewares=[make_middleware(self)], client_max_size=64 * 1024 * 1024)
        app[SIM] = self
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get(
            "/attachments/{channel_id}/{attachment_id}/{filename}", self._serve_attachment
        )
        rest_core.add_routes(app.router, API_PREFIX)
        rest_channels.add_routes(app.router, API_PREFIX)
        rest_interactions.add_routes(app.router, API_PREFIX)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        await web.SockSite(self._runner, sock).start()
        self.port = sock.getsockname()[1]
        self.base_url = f"http://{host}:{self.port}"
        if self._capture_logs:
            self._log_handler = logcheck.install(self.report_error)
        return self

    async def close(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._log_handler is not None:
            logcheck.uninstall(self._log_handler)
            self._log_handler = None

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def api_base(self) -> str:
        """For ``discord.http.Route.BASE`` (env ``MARQUEE_API_BASE``)."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """For ``DiscordWebSocket.DEFAULT_GATEWAY`` (env ``MARQUEE_GATEWAY_URL``)."""
        return self.base_url.replace("http://", "ws://") + "/gateway"

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        attachment = self.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None:
            return web.Response(status=404)
        return web.Response(body=attachment.data, headers={"Content-Type": attachment.content_type})

    # --- bookkeeping ------------------------------------------------------------------------
    def notify(self) -> None:
        """Wake every waiter: something changed."""
        self._last_activity = time.perf_counter()
        self._changed.set()
        self._changed = asyncio.Event()

    def touch(self) -> None:
        self._last_activity = time.perf_counter()

    def trace(self, line: str) -> None:
        self._trace.append(f"{time.perf_counter():.3f} {line}")

    def recent(self) -> str:
        return "\n".join(self._trace) or "(nothing happened)"

    def now(self) -> float:
        """The simulator's clock (seconds), which ``advance_clock`` can move forward."""
        return time.monotonic() + self._clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Pretend ``seconds`` passed for Discord's deadlines (3 s to answer, 15 min of
        follow-ups) and its threads: one left without a message for its auto-archive duration
        (a week at most) is archived, as Discord does. The bot's own clock is not moved."""
        self._clock_offset += seconds
        quiet = [t for t in self.threads if not (t.deleted or t.archived)
                 and self.now() - t.last_activity >= t.auto_archive_duration * 60]
        self.auto_archive(*quiet)

    def violate(self, route: str, rule: str, detail: str) -> None:
        violation = Violation(route, rule, detail)
        self.violations.append(violation)
        self.trace(f"VIOLATION {violation}")
        self.notify()

    def take_violations(self) -> list[Violation]:
        """Hand over (and clear) the violations so far — for tests that provoke them on purpose."""
        taken, self.violations = self.violations, []
        return taken

    def report_error(self, text: str) -> None:
        if any(p.search(text) for p in self._expected_patterns):
            self.expected_errors.append(text)
        else:
            self.errors.append(text)
            self.trace("BOT ERROR " + text.splitlines()[0][:120])
        self._last_activity = time.perf_counter()
        self._wake_from_anywhere()

    def _wake_from_anywhere(self) -> None:
        """Logging may happen on a worker thread (asyncio.to_thread); wake waiters safely."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._changed.set()
        else:
            loop.call_soon_threadsafe(lambda: self._changed.set())

    def expect_error(self, pattern: str) -> None:
        """Errors matching ``pattern`` (a regex) are expected: kept in ``expected_errors``
        instead of failing the test."""
        self._expected_patterns.append(re.compile(pattern))

    def take_errors(self) -> list[str]:
        taken, self.errors = self.errors, []
        self._errors_raised = 0
        return taken

    def raise_bot_errors(self) -> None:
        if len(self.errors) > self._errors_raised:
            fresh = self.errors[self._errors_raised :]
            self._errors_raised = len(self.errors)
            raise BotError("the bot logged an error:\n" + "\n---\n".join(fresh))

    # --- waiting ----------------------------------------------------------------------------
    async def wait_for(
        self, find: Callable[[], T | None], *, what: str, timeout: float | None = None
    ) -> T:
        """Poll ``find`` after every change until it returns something truthy. Fails at
        once if the bot logs an error, and with ``SimTimeout`` (recorded) when time runs out."""
        timeout = self.default_timeout if timeout is None else timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self.raise_bot_errors()
            result = find()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                message = (
                    f"timed out after {timeout:g} s waiting for {what}\n"
                    f"recent activity:\n{self.recent()}"
                )
                self.timeouts.append(message)
                raise SimTimeout(message)
            event = self._changed
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, 0.25))

    async def settle(self, quiet: float = 0.1, timeout: float | None = None) -> None:
        """Wait until nothing has happened for ``quiet`` seconds — then assert on what did
        (or did not) happen."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (self.default_timeout if timeout is None else timeout)
        while time.perf_counter() - self._last_activity < quiet:
            self.raise_bot_errors()
            if loop.time() > deadline:
                raise SimTimeout(
                    f"the bot never went quiet for {quiet} s\nrecent activity:\n{self.recent()}"
                )
            await asyncio.sleep(quiet / 4)
        self.raise_bot_errors()

    # --- interactions -----------------------------------------------------------------------
    def start_interaction(
        self,
        kind: int,
        member: SimMember,
        channel: SimChannel,
        data: dict[str, Any],
        *,
        message: SimMessage | None = None,
        modal_of: SimInteraction | None = None,
    ) -> SimInteraction:
        guild_id = None if channel.is_dm else channel.guild.id
        interaction = SimInteraction(
            self,
            id=self.ids.next(),
            token=secrets.token_urlsafe(32),
            type=kind,
            member=member,
            channel=channel,
            data=data,
            message=message,
            modal_of=modal_of,
        )
        if self.gateway.session_for(guild_id) is None:
            # Discord delivers an interaction to the session of its guild's shard (shard 0 for
            # DMs), or fails it: nothing is kept for a process that connects later.
            interaction.failure = self._unreachable(channel)
            self.failed_interactions.append(interaction)
            self.trace(f"{interaction.describe()} failed: {interaction.failure}")
            self.notify()
            return interaction
        self.interactions[interaction.id] = interaction
        self._tokens[interaction.token] = interaction
        self.stats.record_dispatch(interaction.dispatched_at)
        self._dispatch("INTERACTION_CREATE", interaction.payload(), guild_id=guild_id, intent=None)
        self.trace(f"{interaction.describe()} dispatched")
        self.notify()
        return interaction

    def _unreachable(self, channel: SimChannel) -> str:
        counts = sorted({s.shard_count for s in self.gateway.current()})
        if not counts:
            return "no bot session is connected"
        if channel.is_dm:
            return "no bot session serves shard 0, where DMs go"
        where = " / ".join(f"{shard_of(channel.guild.id, n)} of {n}" for n in counts)
        return f"no bot session serves shard {where}, where {channel.guild.name!r} is"

    def record_answer(self, interaction: SimInteraction, response: InitialResponse) -> None:
        interaction.initial = response
        interaction.responded_at = response.at
        self.stats.record_answer(interaction.dispatched_at, response.at)
        if response.type in (4, 7):
            self.record_visible(interaction)
        self.trace(f"{interaction.describe()} answered: {response.kind}")
        self.notify()

    def record_visible(self, interaction: SimInteraction) -> None:
        if interaction.first_message_at is None:
            interaction.mark_visible()
            self.stats.record_visible(interaction.dispatched_at, interaction.first_message_at)

    def unanswered(self) -> list[SimInteraction]:
        return [i for i in self.interactions.values() if i.initial is None and not i.abandoned]

    # --- faults -----------------------------------------------------------------------------
    def rate_limit_next(self, route: str, retry_after: float = 0.25, **kw: Any) -> Fault:
        """See ``Faults.rate_limit``; e.g.
        ``sim.rate_limit_next("POST /channels/{channel_id}/messages")``."""
        return self.faults.rate_limit(route, retry_after, **kw)

    def fail_next(self, route: str, status: int, code: int, message: str, **kw: Any) -> Fault:
        return self.faults.fail(route, status, code, message, **kw)

    async def reconnect_gateway(self, timeout: float | None = None) -> None:
        """Send RECONNECT (op 7) and wait until the bot has RESUMEd."""
        before = self.gateway.resume_count
        sent = self.gateway.send_reconnect()
        if not sent:
            raise SimUsageError("no connected bot to send RECONNECT to")
        await self.wait_for(
            lambda: self.gateway.resume_count >= before + sent and self.gateway.connected,
            what="the bot to RESUME after RECONNECT",
            timeout=timeout,
        )

    async def drop_gateway(self, code: int | None = 4000, timeout: float | None = None) -> None:
        """Close the bot's gateway connection (``code=None``: cut the TCP connection without
        a close frame) and wait until it has RESUMEd."""
        before = self.gateway.resume_count
        dropped = await self.gateway.drop(code)
        if not dropped:
            raise SimUsageError("no connected bot to disconnect")
        await self.wait_for(
            lambda: self.gateway.resume_count >= before + dropped and self.gateway.connected,
            what="the bot to RESUME after a dropped connection",
            timeout=timeout,
        )

    async def invalidate_session(self, timeout: float | None = None) -> None:
        """Send INVALID_SESSION (not resumable) and wait for a fresh IDENTIFY. discord.py
        sleeps 5 s before re-identifying unless the bot overrides ``before_identify_hook``."""
        before = self.gateway.identify_count
        sent = self.gateway.send_invalid_session(False)
        if not sent:
            raise SimUsageError("no connected bot to invalidate")
        await self.wait_for(
            lambda: self.gateway.identify_count >= before + sent and self.gateway.connected,
            what="the bot to IDENTIFY again",
            timeout=timeout,
        )

    # --- the bot ----------------------------------------------------------------------------
    def bot_mark(self) -> BotMark:
        return BotMark(
            self.gateway.identify_count,
            self.commands.sync_count,
            dict(self.gateway.identifies_by_shard),
        )

    async def wait_for_bot(
        self,
        *,
        after: BotMark | None = None,
        commands: bool = True,
        shards: Collection[Shard] | None = None,
        timeout: float | None = None,
        alive: Callable[[], None] | None = None,
    ) -> None:
        """Wait until a bot has IDENTIFYed (after ``after``), received READY + GUILD_CREATE, and
        (``commands=True``) synced its commands. ``shards`` (``[(2, 4)]``): wait for a fresh
        IDENTIFY and a ready session on each of them, not just any. ``alive`` raises if the
        bot died meanwhile."""
        after = after or BotMark(0, 0)
        gateway = self.gateway

        def identified() -> bool:
            if shards is None:
                return gateway.identify_count > after.identifies and gateway.connected
            return gateway.shards_ready(shards) and all(
                gateway.identifies_by_shard[s] > after.by_shard.get(s, 0) for s in shards
            )

        def ready() -> bool:
            if alive is not None:
                alive()
            return identified() and (not commands or self.commands.sync_count > after.syncs)

        which = "the bot" if shards is None else f"the bot's shards {sorted(shards)}"
        await self.wait_for(
            ready,
            what=f"{which} to connect" + (" and sync commands" if commands else ""),
            timeout=timeout,
        )

    def bot_env(self, db_path: str) -> dict[str, str]:
        """Environment for a bot subprocess (see README: what the bot must read)."""
        return {
            "MARQUEE_API_BASE": self.api_base,
            "MARQUEE_GATEWAY_URL": self.gateway_url,
            "DISCORD_TOKEN": self.token,
            "MARQUEE_DB": db_path,
            "DEV_GUILD_ID": str(self.guild.id),
            "MARQUEE_GUILD_READY_TIMEOUT": "0.05",
        }

    @contextlib.contextmanager
    def discord_py_pointed_here(self):
        """Point discord.py (this process) at the simulator; restored on exit."""
        import discord.gateway
        import discord.http
        import yarl

        old_base, old_gateway = (
            discord.http.Route.BASE,
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        )
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    @contextlib.asynccontextmanager
    async def run_bot(
        self,
        bot: Any,
        *,
        commands: bool = True,
        shards: Collection[Shard] | None = None,
        timeout: float | None = None,
    ) -> AsyncIterator[Any]:
        """Run a discord.py client in this event loop, connected to the simulator::

        async with sim.run_bot(MyBot(guild_ready_timeout=0.05)) as bot: ...

        An ``AutoShardedClient`` running some shards: pass them (``shards=[(0, 4), (1, 4)]``)
        to wait for each; on exit their sessions are forgotten."""
        with self.discord_py_pointed_here():
            mark = self.bot_mark()
            task = asyncio.create_task(bot.start(self.token), name="discord-sim-bot")

            def alive() -> None:
                if task.done():
                    exc = task.exception()
                    raise AssertionError(f"the bot stopped before it was ready: {exc!r}") from exc

            try:
                await self.wait_for_bot(
                    after=mark, commands=commands, shards=shards, timeout=timeout, alive=alive
                )
                yield bot
            finally:
                await bot.close()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                if shards is not None:
                    self.gateway.forget_sessions(shards)

    # --- the verdict ------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Everything that should fail the test: violations, bot errors, timeouts,
        unanswered interactions, faults armed but never triggered."""
        found = [f"violation: {v}" for v in self.violations]
        found += [f"bot error: {e}" for e in self.errors]
        found += [f"timeout: {t.splitlines()[0]}" for t in self.timeouts]
        found += [
            f"never answered (Discord shows 'This interaction failed'): {i.describe()}"
            for i in self.unanswered()
        ]
        found += [f"fault armed but never triggered: {f.route}" for f in self.faults.unfired]
        return found

    def check(self) -> None:
        problems = self.problems()
        if problems:
            raise AssertionError(
                "simulated Discord found problems:\n- "
                + "\n- ".join(problems)
                + f"\nrecent activity:\n{self.recent()}"
            )
