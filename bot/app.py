"""The Discord client: wires the store, the table service and the dispatcher to discord.py."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, AsyncIterator

import discord
import yarl
from discord.ext import commands

from cogs.interactions import GameInteractions
from cogs.transport import DiscordTransport
from cogs.ui import GameButton, GameSelect, guarded

from .dispatch import Dispatcher
from .reminders import Reminders
from .settings import Settings
from .store import Store
from .tables import Tables

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.games",)


class MarqueeBot(commands.Bot):
    store: Store
    tables: Tables
    dispatcher: Dispatcher

    def __init__(self, settings: Settings, **options: Any) -> None:
        # No privileged intents: everything arrives through interactions.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, **options)
        self.settings = settings
        self.game_interactions = GameInteractions(self)
        self._background: list[asyncio.Task[None]] = []
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.settings.database)
        self.dispatcher = Dispatcher(self.store, DiscordTransport(self))
        self.tables = Tables(self.store, notify=self.dispatcher.wake)
        # Components are matched by custom id, so buttons on any old message keep working.
        self.add_dynamic_items(GameButton, GameSelect)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.tree.on_error = self.on_tree_error
        await self.sync_commands()
        running = await self.store.games_with_status("running")
        log.info("resuming %d running game(s)", len(running))
        for record in running:  # bots that were due to move when we stopped
            await self.tables.run_bots(record.id)
        # Whatever a crash left in the outbox goes out first.
        self._background.append(asyncio.create_task(self.dispatcher.run_forever(), name="outbox"))
        self.dispatcher.wake()
        reminders = Reminders(self.tables, idle_hours=self.settings.reminder_hours, wake=self.dispatcher.wake)
        self._background.append(asyncio.create_task(reminders.run_forever(), name="reminders"))

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

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d application command(s)", len(synced))

    async def on_tree_error(self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)

        async def raise_it() -> None:
            raise original

        await guarded(interaction, raise_it())

    async def close(self) -> None:
        # Clicks being handled need the HTTP session and the store: let them finish.
        try:
            await asyncio.wait_for(self._idle.wait(), timeout=5)
        except asyncio.TimeoutError:
            log.warning("closing with %d interaction(s) still being handled", self._in_flight)
        for task in self._background:
            task.cancel()
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()


def point_at(settings: Settings) -> None:
    """Aim discord.py at another API (only the tests' simulated Discord does this)."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def create_bot(settings: Settings, **options: Any) -> MarqueeBot:
    point_at(settings)
    if settings.guild_ready_timeout is not None:
        options.setdefault("guild_ready_timeout", settings.guild_ready_timeout)
    return MarqueeBot(settings, **options)


def run(settings: Settings) -> int:
    bot = create_bot(settings)
    bot.run(settings.token or "", log_handler=None)
    return 0
