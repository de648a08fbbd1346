"""The real bot watched by its host: /healthz and /metrics on a free port while it plays on
the simulated Discord. A 503 from Discord is counted by status and logged as one line; the
page says 200 while the bot is connected and its store answers, 503 and why once the store
is closed, and nothing listens once the bot is closed."""
from __future__ import annotations

import asyncio
import json
import logging
import socket
import sqlite3

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.settings import Settings
from tests.e2e.conftest import SeededBot

from .driver import Table, is_turn_post

pytest_plugins = ["tests.discord_sim.plugin"]

MESSAGES = "POST /channels/{channel_id}/messages"


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


async def test_a_running_bot_is_healthy_until_its_store_closes(discord_sim, db_path, caplog, alice, bob):
    settings = Settings(token=discord_sim.token, database=db_path, dev_guild_id=discord_sim.guild.id,
                        log_level="INFO", http_port=0,
                        test_outbox_base_delay=0.2)  # the post that met the 503 goes again soon
    async with discord_sim.run_bot(SeededBot(settings, 122, guild_ready_timeout=0.05)) as bot:
        port = bot.watch.port
        await bot.wait_until_ready()  # the guilds it was told of are in (503 until then)
        assert await get(port, "/healthz") == (200, "ok\n")

        caplog.set_level(logging.INFO, logger="bot.delivery.dispatcher")
        await (await alice.slash("game new", game="advance-to-boardwalk")).reply()
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
        await (await bob.click("Join", message=lobby)).response()
        await bob.wait_for_dm(lambda m: "You joined" in m.text)
        # The game's first post (or a DM of its) meets Discord down once, and goes again.
        down = discord_sim.faults.fail(MESSAGES, 503, 0, "upstream connect error", times=1)
        await (await alice.click("Start", message=lobby)).reply()
        post = await thread.wait_for_message(is_turn_post, after=lobby)
        assert down.fired == 1
        table = Table(discord_sim, thread, [alice, bob])
        await table.step(post)
        await discord_sim.settle()

        found = samples((await get(port, "/metrics"))[1])
        db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        try:
            (moves,), = db.execute("SELECT COUNT(*) FROM actions").fetchall()
        finally:
            db.close()
        assert moves >= 1 and found["marquee_moves_total", (("game", "advance-to-boardwalk"),)] == moves
        assert found["marquee_discord_errors_total", (("status", "503"),)] == 1
        assert found["marquee_store_up", ()] == 1 and found["marquee_leases_held", ()] == 1
        failed = [r for r in caplog.records if r.name == "bot.delivery.dispatcher"]
        assert len(failed) == 1 and failed[0].levelno == logging.WARNING and failed[0].exc_info is None
        assert "503 Service Unavailable" in failed[0].getMessage()

        # The bot's own loops may meet the closed store before the bot is closed: expected here.
        discord_sim.expect_error("Connection closed")
        await bot.store.close()
        status, text = await get(port, "/healthz")
        assert (status, text) == (503, "the store does not answer: ValueError: Connection closed\n")
    with pytest.raises(aiohttp.ClientConnectionError):
        await get(port, "/healthz")


async def test_python_m_bot_listens_where_told_and_logs_json_lines(discord_sim, bot_process):
    """The settings as an operator gives them (the environment), in the bot's own process."""
    with socket.socket() as probe:  # a free port of the system's choosing
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = await bot_process(env={"MARQUEE_HTTP_PORT": str(port), "MARQUEE_LOG_FORMAT": "json"})
    for _ in range(200):  # ready once the guilds are in, soon after the gateway's READY
        if (await get(port, "/healthz"))[0] == 200:
            break
        await asyncio.sleep(0.05)
    assert await get(port, "/healthz") == (200, "ok\n")
    status, text = await get(port, "/metrics")
    assert status == 200 and samples(text)["marquee_store_up", ()] == 1
    await proc.stop(grace=15)
    logged = [line for line in proc.output if not line.startswith("--- ")]  # the harness's own
    entries = [json.loads(line) for line in logged]
    assert entries and all({"time", "level", "logger", "message"} <= set(entry) for entry in entries)
    assert any(entry["message"].startswith("health and metrics on http://127.0.0.1:") for entry in entries)
