"""What the cogs need from the bot, as a type.

The bot (``bot/app.py``) builds the cogs, so the cogs never import it: they name
what they use of it here, and ``MarqueeBot`` provides it. Imports stay one-way.
"""
from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import discord

from bot.delivery.dispatcher import Dispatcher
from bot.table.service import Tables


class GameBot(Protocol):
    tables: Tables
    dispatcher: Dispatcher
    instance: str  # this process, as leases and deferred clicks name it

    def handling(self) -> AbstractAsyncContextManager[None]:
        """Count an interaction as being handled until the block ends; closing waits for it."""
        ...

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...


def game_bot(interaction: discord.Interaction) -> GameBot:
    """The bot an interaction came to (discord.py types it as a plain Client)."""
    return interaction.client  # type: ignore[return-value]
