"""``python -m bot check``: is this configuration ready to run? For a host before a (re)start.

The settings were already validated on the way here (``bot/cli.py`` names every bad one). This
opens the store the settings name (SQLite or PostgreSQL) and applies its pending migrations,
exactly as a start would, loads every title's content, and asks Discord whether it accepts the
token (``--offline`` leaves Discord out). Each step prints one line; a step that fails says
what is wrong and what to do, in a sentence, and the command exits 1. Nothing else is changed:
no game is touched, nothing is posted.
"""
from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp

from bot.settings import Settings
from bot.store import is_postgres_url

DISCORD_API = "https://discord.com/api/v10"
MIGRATIONS = Path(__file__).resolve().parent / "store" / "migrations"
#: How long a database or Discord may take to answer before the check says it did not.
ANSWER_WITHIN = 10.0


class Problem(Exception):
    """A check that failed; the message is the sentence the host reads."""


@dataclass(frozen=True)
class Step:
    name: str
    run: Callable[[Settings], Awaitable[str]]


def _known_migrations(database: str | Path) -> set[int]:
    folder = MIGRATIONS / "postgresql" if is_postgres_url(database) else MIGRATIONS
    return {int(script.name[1:].split("__")[0]) for script in folder.glob("V*__*.sql")}


def _applied_sqlite(path: Path) -> set[int]:
    """The migrations an SQLite file holds, read without changing it (none for a new file)."""
    if not path.exists():
        return set()
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "schema_version" not in tables:
                return set()
            return {row[0] for row in db.execute("SELECT version FROM schema_version")}
    except sqlite3.DatabaseError as error:
        raise Problem(f"{path} is not a Marquee database SQLite can read ({error}): point MARQUEE_DB "
                      "at the right file, or move this one away to start afresh.") from error


def _where(url: str) -> str:
    """A PostgreSQL URL as the host may read it: never its password."""
    parts = urlsplit(url)
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path or ''}"


async def _postgres_applied(url: str) -> set[int]:
    import asyncpg  # loaded only by those who use PostgreSQL

    try:
        db = await asyncpg.connect(url, timeout=ANSWER_WITHIN)
    except (TimeoutError, OSError) as error:
        reason = ("no answer" if isinstance(error, TimeoutError) else "connection refused"
                  if isinstance(error, ConnectionRefusedError) else error.strerror or str(error))
        raise Problem(f"Could not reach PostgreSQL at {_where(url)} ({reason}): is the server running, "
                      "and are MARQUEE_DB's host and port right?") from error
    except asyncpg.PostgresError as error:
        raise Problem(f"PostgreSQL at {_where(url)} refused the connection: {error}. "
                      "Check MARQUEE_DB's user, password and database name.") from error
    try:
        exists = await db.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
        rows = await db.fetch("SELECT version FROM schema_version") if exists else []
        return {row["version"] for row in rows}
    finally:
        await db.close()


async def check_store(settings: Settings) -> str:
    """Open the store as the bot would (which migrates it) and say what changed."""
    database = settings.database
    postgres = is_postgres_url(database)
    before = await _postgres_applied(str(database)) if postgres else _applied_sqlite(Path(database))
    known = _known_migrations(database)
    if newer := sorted(before - known):
        raise Problem(f"The database holds migration V{newer[-1]}, which this release of Marquee does "
                      f"not know (it knows up to V{max(known)}): it was written by a newer release. "
                      "Update Marquee before starting it.")
    try:
        await _open_and_close(database, postgres)
    except OSError as error:
        raise Problem(f"Could not open the SQLite database {database}: {error.strerror or error}. "
                      "Check that its folder exists and the bot's user may write there.") from error
    pending = sorted(known - before)
    kind = f"PostgreSQL at {_where(str(database))}" if postgres else f"SQLite {database}"
    if not before:
        return f"{kind}: a new database, schema V{max(known)}"
    if pending:
        return (f"{kind}: migrated from V{max(before)} to V{max(known)} "
                f"({', '.join(f'V{n}' for n in pending)} applied); its games play on")
    return f"{kind}: schema V{max(known)}, up to date"


async def _open_and_close(database: str | Path, postgres: bool) -> None:
    if postgres:
        from bot.store.postgres import PostgresStore

        await (await PostgresStore.open(str(database), min_size=1, max_size=1)).close()
    else:
        from bot.store.sqlite import SQLiteStore

        try:
            store = await SQLiteStore.open(database)
        except sqlite3.DatabaseError as error:
            raise Problem(f"Could not open the SQLite database {database} ({error}): check that the "
                          "bot's user may write in its folder, and that it is a Marquee database.") from error
        await store.close()


async def check_content(settings: Settings) -> str:
    """Every title's rules, content (data/) and renderer load."""
    from bot.games import registry

    titles = registry.available()
    for game_id in titles:
        try:
            registry.kit(game_id)
        except Exception as error:  # a broken install or data file: said, not a traceback
            raise Problem(f"{game_id} cannot be loaded ({type(error).__name__}: {error}): "
                          "the installation is incomplete; update it again.") from error
    return f"{len(titles)} titles ready: {', '.join(titles)}"


async def check_discord(settings: Settings) -> str:
    """Discord's own word on the token: who it logs in as, or that it is refused."""
    if settings.token is None:
        raise Problem("DISCORD_TOKEN is not set: the bot would run the offline demo instead of "
                      "connecting (README: Running on Discord says how to get one).")
    url = f"{settings.api_base or DISCORD_API}/users/@me"
    headers = {"Authorization": f"Bot {settings.token}", "User-Agent": "DiscordBot (marquee, 0.1.0)"}
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=ANSWER_WITHIN)) as session, \
                session.get(url, headers=headers) as answer:
            if answer.status == 401:
                raise Problem("Discord refused DISCORD_TOKEN (401 Unauthorized): it was reset or mistyped. "
                              "Reset it on your application's Bot page and copy the new one.")
            if answer.status != 200:
                raise Problem(f"Discord answered {answer.status} when asked about the token; "
                              "try again later, or `check --offline` to check the rest.")
            me = await answer.json()
    except (TimeoutError, aiohttp.ClientError) as error:
        raise Problem(f"Could not reach Discord to check the token ({type(error).__name__}); "
                      "`check --offline` checks the rest.") from error
    return f"Discord accepts the token: the bot is {me.get('username', '?')} ({me.get('id', '?')})"


STEPS = (Step("database", check_store), Step("games", check_content), Step("discord", check_discord))


async def run_checks(settings: Settings, *, offline: bool = False) -> list[tuple[str, bool, str]]:
    """Each step's (name, passed, sentence), in order; the database first, since a start
    needs it most."""
    results = []
    for step in STEPS:
        if offline and step.name == "discord":
            continue
        try:
            results.append((step.name, True, await step.run(settings)))
        except Problem as problem:
            results.append((step.name, False, str(problem)))
    return results


def main(settings: Settings, argv: list[str]) -> int:
    if argv not in ([], ["--offline"]):
        print("usage: python -m bot check [--offline]")
        return 2
    results = asyncio.run(run_checks(settings, offline=argv == ["--offline"]))
    print("settings: every setting is valid")
    for name, passed, sentence in results:
        print(f"{name}: {'' if passed else 'PROBLEM: '}{sentence}")
    failed = [name for name, passed, _ in results if not passed]
    print("Ready to start." if not failed else f"Not ready: fix the {' and '.join(failed)} above.")
    return 1 if failed else 0
