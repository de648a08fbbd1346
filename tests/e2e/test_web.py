"""The real bot serving its games' pages (issue 27) while it plays on the simulated Discord:
the link is posted once in the thread when the game starts and shown by ``/game status``,
it opens the game's page, and nothing listens once the bot is closed."""
from __future__ import annotations

import re

import aiohttp
import pytest

from bot.settings import Settings
from tests.e2e.conftest import SeededBot

from .driver import is_turn_post, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

PUBLIC_URL = "https://games.example.org/marquee"
LINK = re.compile(re.escape(PUBLIC_URL) + r"/g/([0-9]+-[A-Za-z0-9_-]+)")


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def test_the_thread_and_game_status_give_the_games_page(discord_sim, db_path, alice, bob):
    settings = Settings(token=discord_sim.token, database=db_path, dev_guild_id=discord_sim.guild.id,
                        log_level="INFO", public_url=PUBLIC_URL, web_port=0)
    async with discord_sim.run_bot(SeededBot(settings, 122, guild_ready_timeout=0.05)) as bot:
        thread, _ = await open_table(discord_sim, alice, [alice, bob])
        await thread.wait_for_message(is_turn_post)
        await discord_sim.settle()
        posted = [m for m in thread.messages if LINK.search(m.text)]
        assert len(posted) == 1, "the link is posted once"
        token = LINK.search(posted[0].text)[1]

        status = await (await bob.slash("game status", channel=thread)).reply()
        assert status.ephemeral and LINK.search(status.text)[1] == token

        port = bot.pages.port
        code, page = await get(port, f"/g/{token}")
        assert code == 200 and "<h1>Advance to Boardwalk #" in page and "Alice" in page
        assert (await get(port, f"/g/{token[:-1]}{'B' if token[-1] == 'A' else 'A'}"))[0] == 404
    with pytest.raises(aiohttp.ClientConnectionError):
        await get(port, f"/g/{token}")
