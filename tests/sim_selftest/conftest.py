"""Fixtures for the harness self-tests: the tiny bot, run in this event loop."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from tests.discord_sim import DiscordSim

from .tiny_bot import Tiny


@pytest_asyncio.fixture
async def tiny(discord_sim: DiscordSim) -> AsyncIterator[Tiny]:
    bot = Tiny(guild_id=discord_sim.guild.id, guild_ready_timeout=0.05)
    async with discord_sim.run_bot(bot):
        yield bot
        await discord_sim.settle(quiet=0.05)
