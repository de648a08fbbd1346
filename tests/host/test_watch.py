"""Watching the bot: its settings (MARQUEE_HTTP_PORT, MARQUEE_HTTP_HOST, MARQUEE_LOG_FORMAT),
its log lines as JSON (bot/logs.py), and an outage's one log line a failed send (bot/dispatch.py)."""
from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
from types import SimpleNamespace

import discord
import pytest

from bot import settings as settings_module
from bot.dispatch import BASE_DELAY_VARIABLE, Dispatcher
from bot.logs import TEXT_FORMAT, JsonFormatter
from bot.settings import ROOT, Settings, SettingsError
from bot.tables import Member, Tables
from cogs.transport import delivery_errors
from tests.postgres import open_test_store

HOST = Member(1, "Ann")
TITLE = "advance-to-boardwalk"
VARIABLES = ("MARQUEE_HTTP_PORT", "MARQUEE_HTTP_HOST", "MARQUEE_LOG_FORMAT")


@pytest.fixture
async def store(store_kind, tmp_path):
    store = await open_test_store(store_kind, tmp_path)
    yield store
    await store.close()


async def bot_game(tables: Tables, players: int = 3) -> int:
    table = await tables.create(TITLE, HOST, seed=7, host_seated=False)
    for _ in range(players):
        await tables.add_bot(table.id, HOST)
    await tables.start(table.id, HOST)
    return table.id


# --- settings ---------------------------------------------------------------------------

@pytest.fixture
def env(monkeypatch):
    monkeypatch.setattr(settings_module, "load_dotenv", lambda *args, **kwargs: None)
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)

    def set_env(**values: str) -> None:
        for name, value in values.items():
            monkeypatch.setenv(name, value)

    return set_env


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
    ("MARQUEE_HTTP_HOST", "http://127.0.0.1", "MARQUEE_HTTP_HOST must be an address to listen on, like "
                                              "127.0.0.1 (this machine only), 0.0.0.0 or :: (every network)"),
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
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES and k != "LOG_LEVEL"}
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


async def test_a_5xx_is_one_log_line_without_a_traceback(store, caplog, monkeypatch):
    monkeypatch.delenv(BASE_DELAY_VARIABLE, raising=False)
    tables = Tables(store, autoplay_bots=False)
    game_id = await bot_game(tables)
    dispatcher = Dispatcher(store, DiscordDown(), games_at_once=1)
    caplog.set_level(logging.INFO)
    await dispatcher.flush()
    records = [r for r in caplog.records if r.name == "bot.dispatch"]
    assert len(records) == 1, [r.getMessage() for r in records]
    [record] = records
    assert record.levelno == logging.WARNING and record.exc_info is None
    line = logging.Formatter(TEXT_FORMAT).format(record)
    assert "\n" not in line and "Traceback" not in line
    assert f"(thread post) of game {game_id} (sending) failed (attempt 1 of 100), next in 10 s: " in line
    assert "503 Service Unavailable" in line and "upstream connect error" in line
