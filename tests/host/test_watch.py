"""Watching the bot: its settings, /healthz and /metrics (bot/watch/health.py, bot/watch/metrics.py), its
log lines as JSON (bot/watch/logs.py), and an outage's one log line a failed send (bot/delivery/dispatcher.py).
Every listener here takes a free port of the system's choosing; nothing asserts wall time."""
from __future__ import annotations

import io
import json
import logging
import os
import socket
import subprocess
import sys
import time
from dataclasses import replace
from types import SimpleNamespace

import aiohttp
import discord
import pytest
from aiohttp import web
from prometheus_client.parser import text_string_to_metric_families

from bot.delivery.dispatcher import Dispatcher
from bot.launcher import own_port
from bot.settings import ROOT, Settings, SettingsError
from bot.table.service import Member, Tables
from bot.watch.health import STUCK_SECONDS, Watch
from bot.watch.logs import TEXT_FORMAT, JsonFormatter
from bot.watch.metrics import Metrics
from cogs.transport import delivery_errors
from tests.host.conftest import SETTINGS
from tests.postgres import open_test_store

HOST = Member(1, "Ann")
TITLE = "advance-to-boardwalk"


async def bot_game(tables: Tables, players: int = 3) -> int:
    table = await tables.create(TITLE, HOST, seed=7, host_seated=False)
    for _ in range(players):
        await tables.add_bot(table.id, HOST)
    await tables.start(table.id, HOST)
    return table.id


async def get(port: int, path: str) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, response.headers["Content-Type"], await response.text()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a /metrics page, by name and labels, read by Prometheus's own parser."""
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


# --- settings ---------------------------------------------------------------------------



def test_watching_is_off_unless_a_port_is_set(env):
    settings = Settings.from_env()
    assert (settings.http_port, settings.http_host, settings.log_format) == (None, "127.0.0.1", "text")


@pytest.mark.parametrize(("port", "host", "log_format", "read"), [
    ("9100", "", "json", (9100, "127.0.0.1", "json")),
    ("1", "0.0.0.0", "JSON", (1, "0.0.0.0", "json")),
    ("65535", "::", "text", (65535, "::", "text")),
    ("09100", "metrics.internal", "Text", (9100, "metrics.internal", "text")),
])
def test_good_watch_settings_are_read(env, port, host, log_format, read):
    env(MARQUEE_HTTP_PORT=port, MARQUEE_HTTP_HOST=host, MARQUEE_LOG_FORMAT=log_format)
    settings = Settings.from_env()
    assert (settings.http_port, settings.http_host, settings.log_format) == read


@pytest.mark.parametrize(("name", "value", "said"), [
    ("MARQUEE_HTTP_PORT", "0", "MARQUEE_HTTP_PORT must be a port number, 1 to 65535, like 9100; got '0'."),
    ("MARQUEE_HTTP_PORT", "65536", "MARQUEE_HTTP_PORT must be a port number, 1 to 65535"),
    ("MARQUEE_HTTP_PORT", "-1", "MARQUEE_HTTP_PORT must be a port number"),
    ("MARQUEE_HTTP_PORT", "http", "MARQUEE_HTTP_PORT must be a port number"),
    ("MARQUEE_HTTP_PORT", "9100.0", "MARQUEE_HTTP_PORT must be a port number"),
    ("MARQUEE_HTTP_PORT", "٩١٠٠", "MARQUEE_HTTP_PORT must be a port number"),  # int() would take it
    ("MARQUEE_HTTP_PORT", "９１００", "MARQUEE_HTTP_PORT must be a port number"),
    ("MARQUEE_HTTP_PORT", "1" * 40, "MARQUEE_HTTP_PORT must be a port number"),
    ("MARQUEE_HTTP_HOST", "http://127.0.0.1", ("MARQUEE_HTTP_HOST must be an address to listen on, like "
                                               "127.0.0.1 (this machine only), 0.0.0.0 or :: (every network)")),
    ("MARQUEE_HTTP_HOST", "my host", "MARQUEE_HTTP_HOST must be an address to listen on"),
    ("MARQUEE_HTTP_HOST", "127.0.0.1:9100", "MARQUEE_HTTP_HOST must be an address to listen on"),
    ("MARQUEE_HTTP_HOST", "bücher.example", "MARQUEE_HTTP_HOST must be an address to listen on"),
    ("MARQUEE_LOG_FORMAT", "yaml", "MARQUEE_LOG_FORMAT must be text or json; got 'yaml'."),
])
def test_a_bad_watch_setting_is_named_in_one_sentence(env, name, value, said):
    env(**{name: value})
    with pytest.raises(SettingsError) as bad:
        Settings.from_env()
    assert len(bad.value.problems) == 1 and said in bad.value.problems[0]


# --- log lines ------------------------------------------------------------------------

def test_json_log_lines_are_one_object_each():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("tests.watch.json")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.warning("two lines\nin one „message“ for %s", "Zoë")
        try:
            raise ValueError("bad value")
        except ValueError:
            logger.exception("it failed")
    finally:
        logger.removeHandler(handler)
        logger.propagate = True
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2
    first, second = (json.loads(line) for line in lines)
    assert first["message"] == "two lines\nin one „message“ for Zoë" and "exception" not in first
    assert (first["level"], first["logger"]) == ("WARNING", "tests.watch.json")
    assert first["time"].endswith("+00:00") and first["time"][:4].isdigit()
    assert second["level"] == "ERROR" and second["message"] == "it failed"
    assert second["exception"].startswith("Traceback") and "ValueError: bad value" in second["exception"]


def test_python_m_bot_logs_json_when_told(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env.update(MARQUEE_LOG_FORMAT="json", MARQUEE_DB=str(tmp_path / "m.sqlite"), PYTHONPATH=str(ROOT))
    script = ("import logging; from bot import cli; cli.main(['outbox']); "
              "logging.getLogger('marquee.check').warning('watched %s', 'here')")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120, check=True)
    assert done.stdout == "Nothing is parked.\n"
    [line] = done.stderr.splitlines()
    entry = json.loads(line)
    assert (entry["level"], entry["logger"], entry["message"]) == ("WARNING", "marquee.check", "watched here")


class DiscordDown:
    """A transport whose every send meets a 503 from Discord, as discord.py raises it, with
    the HTML page a proxy answers with."""

    async def post(self, table, message):
        with delivery_errors():
            response = SimpleNamespace(status=503, reason="Service Unavailable")
            raise discord.DiscordServerError(response, "<html>\n<body>upstream connect error</body>\n</html>")

    async def send_private(self, table, seat, message):
        return await self.post(table, message)

    async def notice(self, table, text):
        await self.post(table, None)


async def test_a_5xx_is_one_log_line_without_a_traceback(store, caplog):
    tables = Tables(store, autoplay_bots=False)
    game_id = await bot_game(tables)
    dispatcher = Dispatcher(store, DiscordDown(), games_at_once=1)
    caplog.set_level(logging.INFO)
    await dispatcher.flush()
    records = [r for r in caplog.records if r.name == "bot.delivery.dispatcher"]
    assert len(records) == 1, [r.getMessage() for r in records]
    [record] = records
    assert record.levelno == logging.WARNING and record.exc_info is None
    line = logging.Formatter(TEXT_FORMAT).format(record)
    assert "\n" not in line and "Traceback" not in line
    assert f"(thread post) of game {game_id} (sending) failed (attempt 1 of 100), next in 10 s: " in line
    assert "503 Service Unavailable" in line and "upstream connect error" in line


# --- the launcher ----------------------------------------------------------------------

def test_each_process_the_launcher_starts_listens_on_a_port_of_its_own():
    watched = Settings(token=None, database=":memory:", dev_guild_id=None, log_level="INFO", http_port=9100)
    assert [own_port(watched, n) for n in range(3)] == [
        {"MARQUEE_HTTP_PORT": "9100"}, {"MARQUEE_HTTP_PORT": "9101"}, {"MARQUEE_HTTP_PORT": "9102"}]
    assert own_port(replace(watched, http_port=None), 2) == {}


# --- /metrics -------------------------------------------------------------------------

async def test_metrics_count_every_move_of_a_bot_game_played_through_the_table_service(store):
    metrics = Metrics([TITLE])
    tables = Tables(store, autoplay_bots=False, on_move=metrics.moved)
    game_id = await bot_game(tables)
    moves = await tables.run_bots(game_id)
    assert moves > 10 and (await tables.table(game_id)).record.status == "finished"
    assert len(await store.actions(game_id)) == moves
    watch = Watch(store, metrics)
    await watch.start("127.0.0.1", 0)
    try:
        status, content_type, text = await get(watch.port, "/metrics")
    finally:
        await watch.stop()
    assert status == 200 and content_type.startswith("text/plain; version=0.0.4")
    found = samples(text)
    assert found["marquee_moves_total", (("game", TITLE),)] == moves
    assert found["marquee_move_seconds_count", ()] == moves
    assert found["marquee_store_up", ()] == 1
    # Nothing was sent (no dispatcher here): every item the game queued waits in the outbox.
    assert found["marquee_outbox_items", ()] == len(await store.unsent(limit=100_000)) > 0
    assert found["marquee_outbox_oldest_seconds", ()] >= 0
    assert found["marquee_outbox_parked_items", ()] == 0
    assert found["marquee_timers_due", ()] == 0
    # Another bot's figures are its own: nothing of this one's shows there.
    assert samples(Metrics([TITLE]).render().decode())["marquee_moves_total", (("game", TITLE),)] == 0


async def test_metrics_without_the_store_still_answer_with_what_is_in_memory(tmp_path):
    store = await open_test_store("sqlite", tmp_path)
    metrics = Metrics([TITLE])
    metrics.watch(drawing_queue=lambda: 3, leases_held=lambda: 1)
    watch = Watch(store, metrics)
    await store.close()
    found = samples((await watch.figures()).decode())
    assert found["marquee_store_up", ()] == 0
    assert found["marquee_drawing_queue", ()] == 3 and found["marquee_leases_held", ()] == 1
    assert not any(name.startswith("marquee_outbox") for name, _ in found), "no stale figure"


async def test_discord_s_failed_answers_are_counted_by_status():
    async def down(request: web.Request) -> web.Response:
        return web.Response(status=503, text="<html>upstream connect error</html>")

    async def fine(request: web.Request) -> web.Response:
        return web.Response(text="{}")

    app = web.Application()
    app.router.add_get("/down", down)
    app.router.add_get("/fine", fine)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    port = runner.addresses[0][1]
    with socket.socket() as closed:  # a port nobody listens on once this is closed
        closed.bind(("127.0.0.1", 0))
        nobody = closed.getsockname()[1]
    metrics = Metrics()
    try:
        async with aiohttp.ClientSession(trace_configs=[metrics.trace_config()]) as session:
            for path in ("/down", "/down", "/fine"):
                async with session.get(f"http://127.0.0.1:{port}{path}") as response:
                    await response.read()
            with pytest.raises(aiohttp.ClientConnectionError):
                await session.get(f"http://127.0.0.1:{nobody}/")
    finally:
        await runner.cleanup()
    errors = {labels: value for (name, labels), value in samples(metrics.render().decode()).items()
              if name == "marquee_discord_errors_total"}
    assert errors == {(("status", "503"),): 2, (("status", "connection"),): 1}


# --- /healthz -------------------------------------------------------------------------

async def test_healthz_names_what_is_wrong_in_one_line(store):
    tables = Tables(store, autoplay_bots=False)
    await bot_game(tables)  # its first posts wait in the outbox, as no dispatcher runs here
    connected = True
    now = time.time()
    watch = Watch(store, Metrics(), connected=lambda: connected, clock=lambda: now)
    await watch.start("127.0.0.1", 0)
    try:
        assert await get(watch.port, "/healthz") == (200, "text/plain; charset=utf-8", "ok\n")
        connected = False
        status, _, text = await get(watch.port, "/healthz")
        assert (status, text) == (503, "not connected to Discord's gateway\n")
        connected = True
        now += STUCK_SECONDS + 1  # nothing sent for over ten minutes
        status, _, text = await get(watch.port, "/healthz")
        assert status == 503 and text.startswith("the outbox is stuck: its oldest item has waited")
        assert text.count("\n") == 1
        for item in await store.unsent(limit=100_000):  # a post parked is the operator's, not stuck
            await store.park(item.game_id, [item.id], error="refused", now=now)
        assert (await get(watch.port, "/healthz"))[0] == 200
    finally:
        await watch.stop()
    with pytest.raises(aiohttp.ClientConnectionError):  # stopped: nothing listens there
        await get(watch.port, "/healthz")


async def test_healthz_says_so_when_an_item_is_backed_off_past_the_limit(store):
    tables = Tables(store, autoplay_bots=False)
    await bot_game(tables)
    now = time.time()
    first = (await store.unsent())[0]
    await store.mark_failed([first.id], error="503", next_attempt_at=now + 2 * STUCK_SECONDS)
    watch = Watch(store, Metrics(), clock=lambda: now)
    problem = await watch.problem()
    assert problem is not None and problem.startswith("the outbox is stuck: an item waits 1200 s more")
