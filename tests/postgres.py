"""A throwaway PostgreSQL cluster for tests, and a store of either kind for a test.

The cluster: initdb in a temporary folder, a server listening on loopback only, tuned for
speed over durability (a test's data dies with it), stopped and removed at the end. The
server refuses to run as root, so when the tests do, the cluster belongs to the ``postgres``
user and its programs run as that user (``runuser``). Each test gets a database of its own,
copied from a migrated template (``create_database``): quicker than migrating afresh.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from itertools import count
from pathlib import Path

import asyncpg
import pytest

from bot.store import SQLiteStore, Store
from bot.store.postgres import PostgresStore

#: Settings for a test server: nothing is flushed to disk, and room for the connections of
#: many stores at once (every store is a pool).
SERVER_SETTINGS = {
    "listen_addresses": "'127.0.0.1'",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
    "shared_buffers": "32MB",
    "log_min_messages": "warning",
}
TEMPLATE = "marquee_template"


class Unavailable(RuntimeError):
    """No PostgreSQL server programs on this machine (the reason says where we looked)."""


def find_binaries() -> Path:
    """The folder holding ``initdb`` and ``pg_ctl``: on the PATH, else Debian's newest."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(on_path).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                         key=lambda f: int(Path(f).parent.name), reverse=True):
        if Path(folder, "initdb").exists() and Path(folder, "pg_ctl").exists():
            return Path(folder)
    raise Unavailable("no PostgreSQL server programs: initdb and pg_ctl are neither on the PATH "
                      "nor under /usr/lib/postgresql/*/bin (apt-get install postgresql)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    """A running server; ``url(name)`` for its databases (user ``postgres``, no password)."""

    def __init__(self, folder: Path, port: int, binaries: Path, run_as: list[str]) -> None:
        self.folder = folder
        self.port = port
        self._binaries = binaries
        self._run_as = run_as
        self._numbers = count(1)
        self._by_folder: dict[Path, str] = {}  # the database of each test (by its tmp_path)
        self._retired: list[str] = []  # the databases of tests that are over, to empty

    @classmethod
    def start(cls, attempts: int = 3) -> Cluster:
        binaries = find_binaries()
        run_as: list[str] = []
        owner = None
        if os.geteuid() == 0:  # initdb and postgres refuse root
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise Unavailable("the tests run as root, and there is no postgres user to run "
                                  "the server as") from None
            run_as = ["runuser", "-u", "postgres", "--"]
        folder = Path(tempfile.mkdtemp(prefix="marquee-pg-"))
        if owner is not None:
            os.chown(folder, owner.pw_uid, owner.pw_gid)
        cluster = cls(folder, 0, binaries, run_as)
        try:
            cluster._run("initdb", "-D", str(folder / "data"), "-U", "postgres", "--auth=trust",
                         "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions")
            with open(folder / "data" / "postgresql.conf", "a") as conf:
                conf.writelines(f"{key} = {value}\n" for key, value in SERVER_SETTINGS.items())
                conf.write(f"unix_socket_directories = '{folder}'\n")
            for attempt in range(attempts):
                cluster.port = free_port()  # another process may take it first: try another
                started = cluster._run(
                    "pg_ctl", "-D", str(folder / "data"), "-l", str(folder / "log"),
                    "-o", f"-p {cluster.port}", "-w", "-t", "30", "start",
                    check=attempt == attempts - 1)
                if started.returncode == 0:
                    break
        except BaseException:
            cluster.stop()
            raise
        return cluster

    def _run(self, program: str, *args: str,
             check: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([*self._run_as, str(self._binaries / program), *args],
                              check=False, capture_output=True, text=True)
        if check and done.returncode != 0:
            log = self.folder / "log"
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr.strip()}"
                               + (f"\n{log.read_text()[-2000:]}" if log.exists() else ""))
        return done

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    async def create_database(self, *, migrated: bool = True) -> str:
        """A new database's URL: migrated (a copy of the template, made on first use), or
        empty (as a new installation finds it)."""
        name = f"test_{os.getpid()}_{next(self._numbers)}"
        admin = await asyncpg.connect(self.url())
        try:
            if migrated:
                await self._ensure_template(admin)
                await admin.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
            else:
                await admin.execute(f"CREATE DATABASE {name} TEMPLATE template0")
        finally:
            await admin.close()
        return self.url(name)

    async def _ensure_template(self, admin: asyncpg.Connection) -> None:
        if await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", TEMPLATE):
            return
        await admin.execute(f"CREATE DATABASE {TEMPLATE} TEMPLATE template0")
        store = await PostgresStore.open(self.url(TEMPLATE))
        await store.close()  # a template is copied only while nobody is connected to it

    async def database_for(self, folder: Path) -> str:
        """The migrated database of the test whose ``tmp_path`` is ``folder``: the same on
        every call (a store opened on it again is a restart)."""
        if folder not in self._by_folder:
            self._by_folder[folder] = await self._emptied() or await self.create_database()
        return self._by_folder[folder]

    def retire(self) -> None:
        """The tests so far are over: their databases are emptied for the next ones. (Copying
        the template costs 30-200 ms, emptying a few; the schema is the migrated one either way.)"""
        self._retired += self._by_folder.values()
        self._by_folder.clear()

    async def _emptied(self) -> str | None:
        """A retired test's database with every row gone and every id sequence back at 1, as
        the template has them; None when there is none."""
        while self._retired:
            url = self._retired.pop()
            db = await asyncpg.connect(url)
            try:
                # A store the test left open has no event loop any more: cut it off.
                await db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                 " WHERE datname = current_database() AND pid <> pg_backend_pid()")
                tables = [row[0] for row in await db.fetch(
                    "SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public'"
                    " AND tablename <> 'schema_version'")]
                async with db.transaction():
                    # Foreign keys unchecked for the while, so the tables go in any order.
                    await db.execute("SET LOCAL session_replication_role = replica")
                    await db.execute("".join(f"DELETE FROM {table};" for table in tables))
                    await db.execute(
                        "SELECT setval(format('%I.%I', schemaname, sequencename), 1, false)"
                        " FROM pg_sequences WHERE schemaname = 'public'")
            finally:
                await db.close()
            return url
        return None

    def stop(self) -> None:
        if (self.folder / "data" / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop",
                      check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


#: This process's cluster, once a test asked for one (tests/conftest.py, ``postgres_cluster``).
running: Cluster | None = None


async def open_test_store(kind: str, tmp_path: Path) -> Store | PostgresStore:
    """A store of ``kind`` ("sqlite" or "postgresql") on the test's own database: fresh on the
    first call, the same database again on the next (a restart)."""
    if kind == "sqlite":
        return await SQLiteStore.open(tmp_path / "games.sqlite")
    if running is None:
        raise RuntimeError("no PostgreSQL cluster: the test needs the store_kind fixture "
                           "(or postgres_cluster)")
    return await PostgresStore.open(await running.database_for(tmp_path))


#: For a test that reads SQLite's file itself, or writes it: it runs on SQLite alone.
sqlite_only = pytest.mark.parametrize("store_kind", ["sqlite"])
