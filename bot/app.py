"""The Discord client: wires the store, the table service and the dispatcher to discord.py.

The cogs never import this module (they type the bot as ``cogs.protocols.GameBot``),
so imports run one way: the bot builds the cogs, the cogs use what it provides.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import importlib.util
import json
import logging
import signal
from collections.abc import AsyncIterator
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot.delivery.countdowns import Timers
from bot.delivery.dispatcher import Dispatcher
from bot.delivery.drawing import Drawing
from bot.delivery.leases import Leases
from bot.delivery.reminders import Reminders
from bot.games import registry
from bot.settings import Settings
from bot.store import open_store
from bot.store.base import Store
from bot.store.shards import Shards
from bot.table.notices import Moments
from bot.table.service import Tables
from bot.table.thinking import Thinking
from bot.watch import logs
from bot.watch.health import Watch
from bot.watch.metrics import Metrics
from bot.web.links import Links, stored_secret
from bot.web.server import Pages
from cogs.clicks import TELL_EVERY_SECONDS, tell_lost_clicks
from cogs.play import COMPONENTS, guarded, route_modal_submit
from cogs.speech import remember
from cogs.translator import CatalogueTranslator
from cogs.transport import DiscordTransport

log = logging.getLogger(__name__)

def extensions() -> list[str]:
    """The /game cog, then each hosted title's own cog (``cogs/titles/<package>.py``)."""
    hosted = set(registry.available())
    return ["cogs.games", *(title.cog for title in registry.TITLES
                            if title.id in hosted and importlib.util.find_spec(title.cog))]


#: Meta key: the hash of the command tree last synced, and where to (see ``commands_digest``).
SYNCED_COMMANDS = "synced_commands"
#: How long closing waits for interactions still being handled.
CLOSE_GRACE_SECONDS = 5


class CountedTree(app_commands.CommandTree):
    """The command tree, counting each slash command and autocomplete as being handled
    (``MarqueeBot.handling``), so closing waits for them as it waits for clicks.

    discord.py offers no public hook around a command's whole run; ``_call`` is where
    its tree runs one, commands and autocomplete alike (the same in every 2.x release).
    """

    async def _call(self, interaction: discord.Interaction) -> None:
        async with self.client.handling():  # type: ignore[attr-defined]
            await remember(interaction)  # the member's language, for what reaches them later
            await super()._call(interaction)


class MarqueeBot(commands.Bot):
    """Marquee on Discord. A ``commands.Bot`` only for its cogs and extensions: everything
    arrives as interactions (slash commands, components, forms), never as message text.
    Alone, it looks after every game; ``ShardedMarqueeBot`` runs some shards of several."""

    store: Store
    tables: Tables
    dispatcher: Dispatcher
    instance: str

    def __init__(self, settings: Settings, *, sync_only: bool = False, **options: Any) -> None:
        # Only the guilds intent: the guild, channel, thread and role caches (threads are
        # found there, a member's permissions computed from roles). Interactions need no
        # intent; nothing here reads messages or the member list.
        intents = discord.Intents.none()
        intents.guilds = True
        # Opted into (MARQUEE_MEMBERS_INTENT, privileged: enabled on the application's Bot page
        # too): told when a member leaves the server, whose seats then go to bots at once.
        intents.members = settings.members_intent
        # The prefix is required but never used (on_message reads nothing); "mentioned"
        # is the one that does not make discord.py warn about the message content intent.
        # No mentions unless a message names them: a post pings exactly the members it means
        # (cogs/transport.py), and a reply that forgets to say so pings nobody.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        # The bot's figures (/metrics, bot/watch/metrics.py); Discord's failed answers are counted
        # on discord.py's own HTTP session.
        metrics = Metrics(registry.available())
        options.setdefault("http_trace", metrics.trace_config())
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=CountedTree, **options)
        self.settings = settings
        self.metrics = metrics
        self.watch: Watch | None = None  # /healthz and /metrics, when MARQUEE_HTTP_PORT is set
        self.links: Links | None = None  # the games' web pages, when MARQUEE_PUBLIC_URL is set
        self.pages: Pages | None = None
        self.sync_only = sync_only  # `python -m bot sync`: log in, sync the commands, stop
        self._background: list[asyncio.Task[Any]] = []
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._closing: asyncio.Future[None] | None = None

    async def setup_hook(self) -> None:
        self.store = await open_store(self.settings.database)
        # Whose games this process looks after: its shards' (every game's when it runs alone).
        sharded = self.settings.shard_ids is not None
        self.leases = Leases(self.store, home=self.settings.shard_ids or (0,),
                             count=(self.settings.shard_count or 1) if sharded else 1,  # set with shards
                             ttl=self.settings.lease_seconds)
        await self.leases.renew()
        self.instance = self.leases.plan.me  # names this process's deferred clicks too
        # Boards are drawn in worker processes, off the event loop (in a thread if none can
        # start); they and their helpers leave with the bot, even one killed outright.
        self.drawing = (Drawing.in_thread() if self.sync_only  # syncing draws nothing
                        else Drawing.start(self.settings.drawing_workers))
        # The states moves commit, kept for the dispatcher to draw their posts from.
        moments = Moments()
        self.dispatcher = Dispatcher(self.store, DiscordTransport(self), drawing=self.drawing, moments=moments,
                                     shards=self.leases.current, thread_gone=self._thread_gone,
                                     base_delay=self.settings.test_outbox_base_delay)
        self.tables = Tables(self.store, notify=self.dispatcher.wake, moments=moments,
                             shards=self.leases.current, on_move=self.metrics.moved,
                             # Strong bots think in the drawing workers, a few at a time.
                             thinking=Thinking(self.drawing, self.settings.strong_bots))
        self.timers = Timers(self.tables, wake=self.dispatcher.wake)
        if self.settings.public_url is not None:
            # Every process makes the same links: the secret is the store's.
            self.links = Links(await stored_secret(self.store), self.settings.public_url)
            self.tables.page_link = self.links.url
        # Components are matched by custom id, so buttons on any old message keep working.
        self.add_dynamic_items(*COMPONENTS)
        # The commands' names and descriptions in every language Marquee speaks, at each sync.
        await self.tree.set_translator(CatalogueTranslator())
        for extension in extensions():
            await self.load_extension(extension)
        self.tree.error(self.on_tree_error)
        if self.sync_only:
            await self.sync_commands(force=True)
            return
        if 0 in self.leases.plan.home:  # one process syncs: the one running shard 0
            await self.sync_commands()
        # Whatever a crash left in the outbox goes out first.
        self._background.append(asyncio.create_task(self.drawing.warm(), name="drawing"))
        self._background.append(asyncio.create_task(self.dispatcher.run_forever(), name="outbox"))
        self.dispatcher.wake()
        # Items another process queued for this one's games (a DM click reaches shard 0's).
        await self.store.listen(self.dispatcher.wake)
        self._background.append(asyncio.create_task(self.leases.run_forever(self._taken_over), name="leases"))
        # Bots that were due to move when we stopped move in the background, a game at a time:
        # the start does not wait on (nor hold in memory) every running game's state.
        self._background.append(asyncio.create_task(self.tables.resume(), name="resume"))
        reminders = Reminders(self.tables, idle_hours=self.settings.reminder_hours, wake=self.dispatcher.wake)
        self._background.append(asyncio.create_task(reminders.run_forever(), name="reminders"))
        # Members whose click a stopped process answered but never made are told to press again.
        self._background.append(asyncio.create_task(self._tell_lost_clicks_for_ever(), name="lost clicks"))
        # Deadlines and turn clocks that came due while the bot was down fire at once.
        self._background.append(asyncio.create_task(self.timers.run_forever(), name="timers"))
        if self.settings.http_port is not None:
            await self._start_watch(self.settings.http_host, self.settings.http_port)
        if self.links is not None:
            await self._start_pages(self.links)

    async def _start_pages(self, links: Links) -> None:
        """Serve the games' pages (bot/web). A port that cannot be listened on is logged, and
        the bot plays on without them (the links posted still work once it can)."""
        pages = Pages(self.store, self.drawing, links, trusted_proxies=self.settings.trusted_proxies)
        try:
            await pages.start(self.settings.web_host, self.settings.web_port)
        except OSError as error:
            log.error("no game pages: cannot listen on %s port %d (%s)", self.settings.web_host,
                      self.settings.web_port, error)
            return
        self.pages = pages

    async def _start_watch(self, host: str, port: int) -> None:
        """Serve /healthz and /metrics (bot/watch/health.py). A port that cannot be listened on is
        logged, and the bot runs without them: its games matter more than watching them."""
        self.metrics.watch(drawing_queue=lambda: self.drawing.queued,
                           leases_held=lambda: len(self.leases.current().held))
        watch = Watch(self.store, self.metrics, connected=self.connected, shards=self.leases.current)
        try:
            await watch.start(host, port)
        except OSError as error:
            log.error("no /healthz or /metrics: cannot listen on %s port %d (%s)", host, port, error)
            return
        self.watch = watch

    async def _tell_lost_clicks_for_ever(self) -> None:
        """At start, then every little while: another process may stop at any time."""
        while True:
            await self._tell_lost_clicks()
            await asyncio.sleep(TELL_EVERY_SECONDS)

    async def _tell_lost_clicks(self) -> None:
        """Members whose click a stopped process answered but never made are told to press again."""

        async def follow_up(application_id: int, token: str, text: str) -> None:
            # The interaction's own follow-up webhook (type 3, an application's), as
            # discord.py builds ``Interaction.followup``: only it may send ephemerally.
            hook = discord.Webhook.from_state({"id": application_id, "type": 3, "token": token},
                                              self._connection)
            await hook.send(text[:2000], ephemeral=True)

        try:
            told = await tell_lost_clicks(self.tables, self.instance, self.leases.live, self.application_id or 0,
                                          follow_up)
        except Exception:  # the store failed: the records stay for the next look
            log.exception("telling members of their lost clicks failed")
            return
        if told:
            self.dispatcher.wake()  # a word may wait in the outbox
            log.info("told %d member(s) that their click was lost in a restart", told)

    def connected(self) -> bool:
        """Whether the bot is connected to Discord's gateway now, and has been told its guilds."""
        return not self.is_closed() and self.is_ready() and self.ws is not None and self.ws.open

    async def _thread_gone(self, table) -> None:
        """A post found the game's thread deleted (while the bot was away, say)."""
        games = self.get_cog("Games")
        if games is not None and table.record.thread_id is not None:
            await games.thread_gone(table.record.thread_id, table.record.channel_id)  # type: ignore[attr-defined]

    async def _taken_over(self, shards: frozenset[int]) -> None:
        """Shards taken over from a process that stopped: their games' posts go out, the
        countdowns that came due meanwhile fire now rather than at the timers' next look, the
        members whose click it lost are told, and their bots move."""
        self.dispatcher.wake()
        await self.timers.fire_due()
        await self._tell_lost_clicks()
        await self.tables.resume(Shards(self.leases.plan.count, shards))

    async def on_message(self, message: discord.Message, /) -> None:
        """No text commands: a message is never parsed (and without the message intents,
        Discord sends the bot none)."""

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # Modals are not DynamicItems: an amount form's submit is routed here by its custom id.
        await route_modal_submit(interaction)

    @contextlib.asynccontextmanager
    async def handling(self) -> AsyncIterator[None]:
        """Mark an interaction as being handled, so closing waits for it."""
        self._in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if not self._in_flight:
                self._idle.set()

    # -- commands ---------------------------------------------------------------------

    def _sync_target(self) -> discord.Object | None:
        """DEV_GUILD_ID's guild (commands appear there at once), else None: global."""
        return discord.Object(id=self.settings.dev_guild_id) if self.settings.dev_guild_id else None

    async def commands_digest(self, guild: discord.Object | None) -> str:
        """A hash of what a sync would send and where to: the same tree for the same
        application and target hashes the same, any change to a command (or to a
        translation of one) hashes otherwise."""
        translator = self.tree.translator
        sent = [await command.get_translated_payload(self.tree, translator) if translator
                else command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
        target = {"application": self.application_id, "guild": guild.id if guild else None}
        text = json.dumps({"target": target, "commands": sent}, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Sync the command tree to Discord if it changed since the last sync (or ``force``).
        Syncing is rate-limited by Discord, so a restart with the same commands skips it."""
        guild = self._sync_target()
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        where = f"guild {guild.id}" if guild else "global"
        digest = await self.commands_digest(guild)
        if not force and await self.store.meta(SYNCED_COMMANDS) == digest:
            log.info("application commands unchanged since the last sync (%s): not syncing", where)
            return False
        synced = await self.tree.sync(guild=guild)
        await self.store.set_meta(SYNCED_COMMANDS, digest)
        log.info("synced %d application command(s) (%s)", len(synced), where)
        return True

    async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)

        async def raise_it() -> None:
            raise original

        await guarded(interaction, raise_it())

    # -- closing --------------------------------------------------------------------------

    async def close(self) -> None:
        """Close once, however many ask (a signal, then the end of ``start``): a second call
        waits for the first, rather than closing the store under it."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        if self.watch is not None:  # no page is answered from a bot closing
            await self.watch.stop()
        if self.pages is not None:
            await self.pages.stop()
        # Interactions being handled need the HTTP session and the store: let them finish.
        try:
            async with asyncio.timeout(CLOSE_GRACE_SECONDS):
                # Looked at again on waking: a command's error handler starts as the command ends.
                while self._in_flight:
                    await self._idle.wait()
        except TimeoutError:
            log.warning("closing with %d interaction(s) still being handled", self._in_flight)
        for task in self._background:
            task.cancel()
        # Each stops at its next await; none is left holding a query when the store closes.
        await asyncio.gather(*self._background, return_exceptions=True)
        if hasattr(self, "tables"):
            await self.tables.stop_answering()  # strong bots thinking: resumed by the next start
        await super().close()
        if hasattr(self, "leases"):
            try:
                await self.leases.release()
            except Exception:  # others take over once the leases lapse anyway
                log.warning("the shards' leases could not be let go; they lapse by themselves",
                            exc_info=True)
        if hasattr(self, "drawing"):
            await self.drawing.close()
        if hasattr(self, "store"):
            await self.store.close()


class ShardedMarqueeBot(MarqueeBot, commands.AutoShardedBot):
    """Marquee running the gateway shards it is given (``MARQUEE_SHARDS`` of
    ``MARQUEE_SHARD_COUNT``), one of several processes sharing one PostgreSQL database: it
    takes any interaction it receives (a DM's reach shard 0), and looks after the games of
    the shards it holds a lease on (``bot/delivery/leases.py``)."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        super().__init__(settings, shard_ids=list(settings.shard_ids or ()),
                         shard_count=settings.shard_count, **options)

    def connected(self) -> bool:
        """Whether every shard this process runs is connected to Discord's gateway now."""
        shards = self.shards.values()
        return (not self.is_closed() and self.is_ready() and bool(shards)
                and not any(shard.is_closed() for shard in shards))


def point_at(settings: Settings) -> None:
    """Aim discord.py at another API (only the tests' simulated Discord does this)."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def create_bot(settings: Settings, **options: Any) -> MarqueeBot:
    logs.hide(settings.token)  # from every log line, whatever logged it
    point_at(settings)
    if settings.guild_ready_timeout is not None:
        options.setdefault("guild_ready_timeout", settings.guild_ready_timeout)
    if settings.shard_ids is not None:
        return ShardedMarqueeBot(settings, **options)
    return MarqueeBot(settings, **options)


def run(settings: Settings) -> int:
    """Run until stopped. SIGTERM (a process manager, the launcher) and Ctrl-C close the bot
    as ``close`` does: interactions being handled finish, the shards' leases are let go (the
    other processes take the games over at once), the store is closed."""
    bot = create_bot(settings)

    async def main() -> None:
        async with bot:
            with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
                asyncio.get_running_loop().add_signal_handler(
                    signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
            await bot.start(settings.token or "")
        # ``start`` returns as soon as the gateway is closed, halfway through ``close``, and
        # discord.py's exit does not call it again once closed: wait for all of it.
        await bot.close()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
    return 0


async def sync_once(settings: Settings) -> None:
    """Log in (no gateway), sync the command tree to DEV_GUILD_ID's guild or globally, close."""
    async with create_bot(settings, sync_only=True) as bot:
        await bot.login(settings.token or "")  # runs setup_hook, which syncs


def sync(settings: Settings) -> int:
    asyncio.run(sync_once(settings))
    return 0
