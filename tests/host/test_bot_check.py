"""``python -m bot check``: a host checks a configuration before a (re)start. A good one
passes; each bad setting, an unreachable PostgreSQL, a refused token and a database of a newer
release are each named in a sentence with exit 1 (2 for settings); a database written by an
older release is migrated and passes."""
from __future__ import annotations

import asyncio
import os
import re
import socket
import sqlite3
import sys
from pathlib import Path

import asyncpg
import pytest
from aiohttp import web

from bot import cli, preflight
from bot.settings import ROOT, Settings
from bot.store.sqlite import SQLiteStore, _statements

pytest_plugins = ["tests.discord_sim.plugin"]

SQLITE_MIGRATIONS = ROOT / "bot" / "store" / "migrations"
POSTGRES_MIGRATIONS = SQLITE_MIGRATIONS / "postgresql"
#: The release before the community tables (V11 on): its schema stops at V10.
OLDER_RELEASE = 10

#: A bad value for every setting Settings.from_env reads, and what its sentence starts with.
BAD = {
    "DISCORD_TOKEN": ("Bot abc.def", "DISCORD_TOKEN is the token alone"),
    "MARQUEE_DB": ("mysql://u@h/d", "MARQUEE_DB=mysql://… : mysql databases are not supported"),
    "DEV_GUILD_ID": ("12", "DEV_GUILD_ID must be a server id"),
    "LOG_LEVEL": ("LOUD", "LOG_LEVEL must be one of"),
    "REMINDER_HOURS": ("0", "REMINDER_HOURS must be a number of hours"),
    "MARQUEE_API_BASE": ("discord.com/api", "MARQUEE_API_BASE must be a URL"),
    "MARQUEE_GATEWAY_URL": ("http://gateway", "MARQUEE_GATEWAY_URL must be a URL starting ws://"),
    "MARQUEE_GUILD_READY_TIMEOUT": ("soon", "MARQUEE_GUILD_READY_TIMEOUT must be a number"),
    "MARQUEE_SHARDS": ("0-3", "MARQUEE_SHARDS must be shard numbers"),
    "MARQUEE_SHARD_COUNT": ("0", "MARQUEE_SHARD_COUNT must be a whole number"),
    "MARQUEE_LEASE_SECONDS": ("1", "MARQUEE_LEASE_SECONDS must be a number of seconds"),
    "MARQUEE_DRAWING_WORKERS": ("0", "MARQUEE_DRAWING_WORKERS must be a whole number"),
    "MARQUEE_STRONG_BOTS": ("-1", "MARQUEE_STRONG_BOTS must be a whole number"),
    "MARQUEE_HTTP_PORT": ("99999", "MARQUEE_HTTP_PORT must be a port number"),
    "MARQUEE_HTTP_HOST": ("every network", "MARQUEE_HTTP_HOST must be an address"),
    "MARQUEE_LOG_FORMAT": ("xml", "MARQUEE_LOG_FORMAT must be text or json"),
    "MARQUEE_PUBLIC_URL": ("ftp://games.example.org", "MARQUEE_PUBLIC_URL must be the address"),
    "MARQUEE_WEB_PORT": ("0", "MARQUEE_WEB_PORT must be a port number"),
    "MARQUEE_WEB_HOST": ("a host?", "MARQUEE_WEB_HOST must be an address"),
    "MARQUEE_MEMBERS_INTENT": ("maybe", "MARQUEE_MEMBERS_INTENT must be 1 (on) or 0 (off)"),
    "MARQUEE_TRUSTED_PROXIES": ("proxy.local", "MARQUEE_TRUSTED_PROXIES must be addresses"),
    "MARQUEE_TEST_OUTBOX_BASE_DELAY": ("0", "MARQUEE_TEST_OUTBOX_BASE_DELAY must be a number"),
}
#: What else a bad value needs set to be the one problem (a test hook is for the simulator only).
ALONGSIDE = {"MARQUEE_TEST_OUTBOX_BASE_DELAY": {"MARQUEE_API_BASE": "http://127.0.0.1:9/api/v10"}}


def settings_read() -> set[str]:
    """Every setting name Settings.from_env reads, from its source."""
    return set(re.findall(r'setting\("([A-Z0-9_]+)"', (ROOT / "bot" / "settings.py").read_text()))


@pytest.fixture
def env(monkeypatch, tmp_path):
    """No setting from the machine or a developer's .env: each test says its own."""
    for name in settings_read():
        monkeypatch.setenv(name, "")
    monkeypatch.setenv("MARQUEE_DB", str(tmp_path / "marquee.sqlite"))

    def setting(**values: str) -> None:
        for name, value in values.items():
            monkeypatch.setenv(name, value)

    return setting


def test_every_setting_has_a_bad_value_here():
    """A new setting without a case here fails: the check must be shown to name it."""
    assert settings_read() == set(BAD), "add a bad value for each new setting to BAD"


@pytest.mark.parametrize("name", sorted(BAD))
def test_each_bad_setting_is_named_and_nothing_is_opened(env, tmp_path, capsys, name):
    value, said = BAD[name]
    env(**{name: value}, **ALONGSIDE.get(name, {}))
    assert cli.main(["check", "--offline"]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert lines[0].startswith("Marquee cannot start until these settings are fixed")
    assert len(lines) == 2 and lines[1].startswith(said), err
    assert "Traceback" not in err and out == ""
    assert not (tmp_path / "marquee.sqlite").exists()  # no database opened for a bad setting


def settings(database: str | Path, **fields) -> Settings:
    return Settings(token=None, database=database, dev_guild_id=None, log_level="INFO", **fields)


async def test_a_good_sqlite_configuration_is_ready(tmp_path):
    database = tmp_path / "var" / "marquee.sqlite"
    results = await preflight.run_checks(settings(database), offline=True)
    known = max(preflight._known_migrations(database))
    assert results[0] == ("database", True, f"SQLite {database}: a new database, schema V{known}")
    name, passed, said = results[1]
    assert (name, passed, len(results)) == ("games", True, 2)
    # (Tests register small games of their own beside the five: listed first when they are.)
    assert " titles ready: " in said and said.endswith(
        "advance-to-boardwalk, hollywood-boulevard, hollywood-1947, san-francisco-scene, billboard")
    again = await preflight.run_checks(settings(database), offline=True)
    assert again[0] == ("database", True, f"SQLite {database}: schema V{known}, up to date")


async def test_the_whole_command_against_discord_says_ready(discord_sim, tmp_path):
    """``python -m bot check`` in its own process, with the simulated Discord's token."""
    env = {k: v for k, v in os.environ.items() if k not in BAD}
    env.update(discord_sim.bot_env(str(tmp_path / "marquee.sqlite")), PYTHONPATH=str(ROOT))
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "check", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(child.communicate(), 120)
    assert child.returncode == 0, out.decode() + err.decode()
    lines = out.decode().splitlines()
    assert lines[0] == "settings: every setting is valid"
    assert lines[-2] == (f"discord: Discord accepts the token: the bot is {discord_sim.bot_user.name} "
                         f"({discord_sim.bot_user.id})")
    assert lines[-1] == "Ready to start."


@pytest.fixture
async def refusing_discord():
    """A Discord that refuses every token, on loopback."""
    async def refuse(request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", refuse)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield f"http://127.0.0.1:{port}/api/v10"
    await runner.cleanup()


async def test_a_refused_token_is_said_and_fails_the_check(refusing_discord, tmp_path):
    config = settings(tmp_path / "m.sqlite", api_base=refusing_discord)
    config = Settings(**{**config.__dict__, "token": "abc.defghij.klmnop"})
    results = {name: (passed, said) for name, passed, said in await preflight.run_checks(config)}
    assert results["database"][0] and results["games"][0]
    assert results["discord"] == (False, (
        "Discord refused DISCORD_TOKEN (401 Unauthorized): it was reset or mistyped. Reset it on "
        "your application's Bot page and copy the new one."))
    assert "abc.defghij" not in results["discord"][1]


async def test_no_token_fails_the_check_unless_offline(tmp_path):
    results = await preflight.run_checks(settings(tmp_path / "m.sqlite"))
    assert results[-1][:2] == ("discord", False)
    assert results[-1][2].startswith("DISCORD_TOKEN is not set: the bot would run the offline demo")


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # closed again: nothing listens there


async def test_an_unreachable_postgresql_is_said_without_its_password():
    url = f"postgresql://marquee:hunter2@127.0.0.1:{closed_port()}/marquee"
    results = await preflight.run_checks(settings(url), offline=True)
    name, passed, said = results[0]
    assert (name, passed) == ("database", False)
    assert said.startswith("Could not reach PostgreSQL at 127.0.0.1:") and "/marquee (" in said
    assert said.endswith("is the server running, and are MARQUEE_DB's host and port right?")
    assert "hunter2" not in said


def test_the_command_exits_1_with_the_problem(env, capsys):
    env(MARQUEE_DB=f"postgresql://marquee@127.0.0.1:{closed_port()}/marquee")
    assert cli.main(["check", "--offline"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("database: PROBLEM: Could not reach PostgreSQL at 127.0.0.1:")
    assert out[-1] == "Not ready: fix the database above."


def test_an_unknown_argument_is_refused(env, capsys):
    assert cli.main(["check", "--online"]) == 2
    assert "usage: python -m bot check [--offline]" in capsys.readouterr().out


def scripts(folder: Path, through: int) -> list[tuple[int, str]]:
    found = [(int(path.name[1:].split("__")[0]), path.read_text()) for path in folder.glob("V*__*.sql")]
    return sorted((number, text) for number, text in found if number <= through)


def older_sqlite_database(path: Path) -> None:
    """A database as the release whose schema stopped at OLDER_RELEASE left it: one lobby."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for number, script in scripts(SQLITE_MIGRATIONS, OLDER_RELEASE):
            for statement in _statements(script):
                db.execute(statement)
            db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
        db.execute("INSERT INTO games (game_type, status, options, seed, host_id, created_at, updated_at)"
                   " VALUES ('advance-to-boardwalk', 'lobby', '{}', 7, 42, 0, 0)")


async def older_postgres_database(cluster) -> str:
    url = await cluster.create_database(migrated=False)
    db = await asyncpg.connect(url)
    try:
        await db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for number, script in scripts(POSTGRES_MIGRATIONS, OLDER_RELEASE):
            await db.execute(script)
            await db.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
        await db.execute("INSERT INTO games (game_type, status, options, seed, host_id, created_at, updated_at)"
                         " VALUES ('advance-to-boardwalk', 'lobby', '{}', 7, 42, 0, 0)")
    finally:
        await db.close()
    return url


async def test_a_database_of_an_older_release_is_migrated_and_ready(store_kind, tmp_path, request):
    if store_kind == "sqlite":
        database: str | Path = tmp_path / "old.sqlite"
        older_sqlite_database(database)
    else:
        database = await older_postgres_database(request.getfixturevalue("postgres_cluster"))
    known = preflight._known_migrations(database)
    pending = ", ".join(f"V{number}" for number in sorted(known) if number > OLDER_RELEASE)
    name, passed, said = (await preflight.run_checks(settings(database), offline=True))[0]
    assert (name, passed) == ("database", True), said
    assert said.endswith(f": migrated from V{OLDER_RELEASE} to V{max(known)} ({pending} applied); "
                         "its games play on")
    if store_kind == "sqlite":
        store = await SQLiteStore.open(database)
        try:
            lobby = await store.game(1)
            assert lobby is not None and (lobby.status, lobby.host_id) == ("lobby", 42)
        finally:
            await store.close()


async def test_a_database_of_a_newer_release_is_refused(tmp_path):
    database = tmp_path / "newer.sqlite"
    store = await SQLiteStore.open(database)
    await store.close()
    newer = max(preflight._known_migrations(database)) + 5
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO schema_version (version) VALUES (?)", (newer,))
    name, passed, said = (await preflight.run_checks(settings(database), offline=True))[0]
    assert (name, passed) == ("database", False)
    assert said.startswith(f"The database holds migration V{newer}, which this release of Marquee does not know")


async def test_a_file_that_is_no_database_is_said(tmp_path):
    database = tmp_path / "notes.sqlite"
    database.write_text("shopping list: eggs, milk\n" * 200)
    name, passed, said = (await preflight.run_checks(settings(database), offline=True))[0]
    assert (name, passed) == ("database", False)
    assert said.startswith(f"{database} is not a Marquee database SQLite can read")


async def test_a_folder_the_bot_cannot_create_is_said(tmp_path):
    blocker = tmp_path / "var"
    blocker.write_text("a file where the folder should be")
    name, passed, said = (await preflight.run_checks(settings(blocker / "m.sqlite"), offline=True))[0]
    assert (name, passed) == ("database", False)
    assert said.startswith(f"Could not open the SQLite database {blocker / 'm.sqlite'}")
