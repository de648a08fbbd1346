"""What is PostgreSQL's own in the PostgreSQL store: several processes (each a pool of its own)
racing on one database, the wake-ups between them, the migrations in its dialect, and the
store a database setting opens. (Every other store test runs against both stores.)"""
from __future__ import annotations

import asyncio
import inspect
import sqlite3
import time

import asyncpg
import pytest

from bot.store import SQLiteStore, Store, is_postgres_url, open_store
from bot.store import postgres as postgres_store
from bot.store.base import SeatRecord
from bot.store.clicks import journal_path
from bot.store.postgres import PostgresStore
from bot.store.shards import Lease
from bot.store.sqlite import MIGRATIONS as SQLITE_MIGRATIONS
from bot.store.sqlite_community import SQLiteCommunity
from tests.postgres import open_test_store

#: The schema version a store migrates to: the highest migration number.
LATEST = max(int(p.name[1:].split("__")[0]) for p in SQLITE_MIGRATIONS.glob("V*__*.sql"))

ANN = SeatRecord(0, 1, "Ann", False, True)
BEN = SeatRecord(1, 2, "Ben", False, True)
CAT_BOT = SeatRecord(2, None, "Bot Ada", True, False)
LEFT = ("thread", {"text": "Ben left; a bot plays his seat."})


@pytest.fixture
async def database(postgres_cluster, tmp_path):
    """A migrated database of the test's own, for stores to share."""
    return await postgres_cluster.database_for(tmp_path)


@pytest.fixture
async def two(database):
    """Two stores on one database, as two processes would have: two pools, no shared lock."""
    first, second = await PostgresStore.open(database), await PostgresStore.open(database)
    yield first, second
    await first.close()
    await second.close()


async def running_game(store, *, guild_id: int | None = None) -> int:
    game_id = await store.create_game("toy-21", {}, 1, 1, guild_id, 10)
    assert await store.set_seats(game_id, [ANN, BEN], expected=[])
    assert await store.start_game(game_id, [ANN, BEN], state={"total": 0}, seat_epochs={0: 1, 1: 1},
                                  seat_asked={}, timers=[], outbox=[("thread", {"text": "Dealt."})])
    return game_id


async def rows(url: str, query: str, *args) -> list[asyncpg.Record]:
    db = await asyncpg.connect(url)
    try:
        return await db.fetch(query, *args)
    finally:
        await db.close()


# -- the interface ------------------------------------------------------------------------

def public_methods(cls) -> dict[str, inspect.Signature]:
    methods = inspect.getmembers(cls, inspect.isfunction)
    return {name: inspect.signature(method) for name, method in methods if not name.startswith("_")}


def test_every_method_of_the_sqlite_store_is_here_with_its_signature():
    sqlite, postgres = public_methods(SQLiteStore), public_methods(PostgresStore)
    # A transaction yields each database's own connection, for tests that reach past the store.
    assert set(sqlite) - {"transaction"} <= set(postgres)
    assert set(public_methods(SQLiteCommunity)) <= set(postgres)
    for name in set(sqlite) - {"transaction", "open"}:
        assert postgres[name] == sqlite[name], name


def test_both_stores_implement_the_store_protocol():
    """What the table service and the cogs are typed against is what each store has."""
    protocol = public_methods(Store)
    assert len(protocol) > 50
    for store in (SQLiteStore, PostgresStore):
        found = public_methods(store)
        for name, signature in protocol.items():
            if name != "transaction":  # each yields its own database's connection
                assert found[name] == signature, (store.__name__, name)


async def test_open_store_chooses_the_store_by_the_setting(database, tmp_path):
    assert is_postgres_url("postgresql://host/db") and is_postgres_url("postgres://host/db")
    assert not is_postgres_url(tmp_path / "postgresql")
    assert not is_postgres_url("var/marquee.sqlite")
    for url in (database, database.replace("postgresql://", "postgres://", 1)):
        store = await open_store(url)
        try:
            assert isinstance(store, PostgresStore) and await store.migrate() == LATEST
        finally:
            await store.close()
    for path in (tmp_path / "games.sqlite", str(tmp_path / "other.sqlite")):
        store = await open_store(path)
        try:
            assert isinstance(store, SQLiteStore) and await store.migrate() == LATEST
        finally:
            await store.close()


# -- several processes at once -----------------------------------------------------------

async def test_of_two_processes_committing_one_version_exactly_one_wins(two):
    first, second = two
    game_id = await running_game(first)
    for version in range(1, 21):
        won = await asyncio.gather(*(
            store.commit(game_id, version, status="running", state={"total": version, "by": who},
                         action=(0, f"add:{who}", None),
                         outbox=[("thread", {"text": f"{who} moved."})],
                         timers=[(f"clock:{who}", 100.0, None)])
            for who, store in (("a", first), ("b", second))))
        assert sorted(won) == [False, True], f"version {version}: {won}"
        winner = "a" if won[0] else "b"
        record = await second.game(game_id)
        assert record.version == version + 1 and record.state == {"total": version, "by": winner}
        assert (await first.actions(game_id))[-1] == (0, f"add:{winner}")
        assert list(await first.timers(game_id)) == [f"clock:{winner}"], "the loser wrote none"
    assert len(await first.actions(game_id)) == 20
    assert len(await first.public_log(game_id, limit=100)) == 21, "the deal's line and one a move"


async def test_of_two_processes_changing_a_lobby_at_once_one_change_lands(two):
    first, second = two
    for _ in range(10):
        game_id = await first.create_game("toy-21", {}, 1, 1, None, 10)
        assert await first.set_seats(game_id, [ANN], expected=[])
        with_ben, with_bot = [ANN, BEN], [ANN, SeatRecord(1, None, "Bot Ada", True, False)]
        landed = await asyncio.gather(first.set_seats(game_id, with_ben, expected=[ANN]),
                                      second.set_seats(game_id, with_bot, expected=[ANN]))
        assert sorted(landed) == [False, True]
        assert await second.seats(game_id) == (with_ben if landed[0] else with_bot)


async def test_a_start_and_a_join_from_two_processes_never_both_land(two):
    first, second = two
    for _ in range(10):
        game_id = await first.create_game("toy-21", {}, 1, 1, None, 10)
        assert await first.set_seats(game_id, [ANN, BEN], expected=[])
        started, joined = await asyncio.gather(
            first.start_game(game_id, [ANN, BEN], state={"total": 0}, seat_epochs={}, seat_asked={},
                             timers=[], outbox=[]),
            second.set_seats(game_id, [ANN, BEN, CAT_BOT], expected=[ANN, BEN]))
        assert started != joined
        record, seats = await second.game_with_seats(game_id)
        assert (record.status, len(seats)) == (("running", 2) if started else ("lobby", 3))


async def test_two_processes_making_a_first_value_at_once_both_read_the_same(two):
    """The game pages' link secret (bot/web/links.py): made by whichever process asks first."""
    first, second = two
    made = await asyncio.gather(first.first_meta("web_link_secret", "one"),
                                second.first_meta("web_link_secret", "two"))
    assert made[0] == made[1] and made[0] in ("one", "two")
    assert await second.first_meta("web_link_secret", "three") == made[0]


async def test_leases_renewed_by_two_processes_at_once_go_to_one(two, database):
    first, second = two
    now = time.time()
    for count in range(1, 11):
        seen: dict[str, dict[int, Lease]] = {}

        def take(me: str, seen: dict[str, dict[int, Lease]] = seen):
            def decide(found: dict[int, Lease], at: float) -> list[Lease]:
                seen[me] = found
                time.sleep(0.005)  # slow: the other renewal must wait, not read meanwhile
                return [] if 0 in found else [Lease(0, me, now + 30)]
            return decide

        await asyncio.gather(first.renew_leases(count, take("a")),
                             second.renew_leases(count, take("b")))
        [[holder]] = await rows(database, "SELECT holder FROM shard_leases WHERE shard_count = $1",
                                count)
        loser = "b" if holder == "a" else "a"
        assert seen[holder] == {} and seen[loser] == {0: Lease(0, holder, now + 30)}


async def test_a_process_listening_is_woken_by_another_ones_queued_items(two):
    first, second = two
    game_id = await running_game(second)
    woken = asyncio.Event()
    wakes = []

    def wake():
        wakes.append(time.monotonic())
        woken.set()

    await first.listen(wake)
    assert wakes, "woken once listening: items may have been queued before"
    wakes.clear()
    woken.clear()
    assert await second.commit(game_id, 1, status="running", state={"total": 1})  # queues nothing
    assert await second.commit(game_id, 2, status="running", state={"total": 2},
                               outbox=[("thread", {"text": "Ann added 1."})])
    await asyncio.wait_for(woken.wait(), 5)
    assert len(wakes) == 1, "a move that queues nothing wakes nobody"

    for queue in (lambda: second.add_reminder(game_id, 3, {"text": "Your turn."}),
                  lambda: second.hand_seat_to_bot(game_id, 1, "Ben (bot)", LEFT)):
        woken.clear()
        assert await queue()
        await asyncio.wait_for(woken.wait(), 5)


async def test_the_listener_reconnects_when_its_connection_drops(two, database, caplog):
    first, second = two
    game_id = await running_game(second)
    woken = asyncio.Event()
    await first.listen(woken.set)
    woken.clear()
    await rows(database, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                         " WHERE query LIKE 'LISTEN%' AND datname = current_database()")
    await asyncio.wait_for(woken.wait(), 5)  # reconnected: woken, as items may have come meanwhile
    woken.clear()
    assert await second.commit(game_id, 1, status="running", state={"total": 1},
                               outbox=[("thread", {"text": "Ann added 1."})])
    await asyncio.wait_for(woken.wait(), 5)
    assert "outbox listener lost its connection" in caplog.text


async def test_a_games_items_become_visible_in_the_order_of_their_ids(two, database):
    """Moves from one process, seats changing hands from another: the dispatcher (a third) must
    never find an item of a game while an earlier one is still to come, or it would send them
    out of order. Each writer holds the game's row from taking an id until it commits."""
    first, second = two
    game_id = await running_game(first)
    reader = await PostgresStore.open(database)
    done = False

    async def moves():
        for version in range(1, 41):
            assert await first.commit(game_id, version, status="running", state={},
                                      outbox=[("thread", {"text": f"Move {version}."})])

    async def seats():
        for _ in range(20):
            assert await second.hand_seat_to_bot(game_id, 1, "Ben (bot)", LEFT)
            assert await second.reclaim_seat(game_id, 1, 2, "Ben", ("thread", {"text": "Back."}))

    async def watch() -> list[list[int]]:
        seen = []
        while not done:
            seen.append([item.id for item in await reader.unsent(limit=1000)])
        return seen

    try:
        watching = asyncio.create_task(watch())
        await asyncio.gather(moves(), seats())
        done = True
        seen = await watching
        final = [item.id for item in await reader.unsent(limit=1000)]
    finally:
        await reader.close()
    assert len(final) == 81 and len(seen) > 10
    assert all(ids == final[:len(ids)] for ids in seen), "an item was visible before an earlier one"


# -- migrations ------------------------------------------------------------------------

async def test_three_processes_starting_at_once_apply_each_migration_once(postgres_cluster):
    url = await postgres_cluster.create_database(migrated=False)
    stores = await asyncio.gather(*(PostgresStore.open(url) for _ in range(3)))
    try:
        versions = await rows(url, "SELECT version FROM schema_version ORDER BY version")
        numbers = {int(p.name[1:].split("__")[0]) for p in SQLITE_MIGRATIONS.glob("V*.sql")}
        assert [row[0] for row in versions] == sorted(numbers)
        game_id = await running_game(stores[2])
        assert (await stores[0].game(game_id)).version == 1
    finally:
        for store in stores:
            await store.close()


def sqlite_tables(path) -> dict[str, set[str]]:
    """Each table of an SQLite file, with its columns."""
    db = sqlite3.connect(path)
    try:
        tables = [row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence'")]
        return {table: {row[1] for row in db.execute(f"PRAGMA table_info({table})")} for table in tables}
    finally:
        db.close()


async def test_both_dialects_have_the_same_migrations_and_the_same_tables(database, tmp_path):
    names = sorted(p.name for p in SQLITE_MIGRATIONS.glob("V*__*.sql"))
    assert names == sorted(p.name for p in postgres_store.MIGRATIONS.glob("V*__*.sql"))

    store = await SQLiteStore.open(tmp_path / "games.sqlite")
    await store.close()
    in_sqlite = sqlite_tables(tmp_path / "games.sqlite")
    # SQLite keeps the click journal in a file of its own (bot/store/clicks.py); PostgreSQL in
    # the database, as deferred_clicks.
    in_sqlite["deferred_clicks"] = sqlite_tables(journal_path(tmp_path / "games.sqlite"))["clicks"]
    in_postgres: dict[str, set[str]] = {}
    for table, column in await rows(database, "SELECT table_name, column_name"
                                              " FROM information_schema.columns"
                                              " WHERE table_schema = 'public'"):
        in_postgres.setdefault(table, set()).add(column)
    assert in_postgres == in_sqlite


async def test_games_finished_before_v11_keep_their_order(postgres_cluster, tmp_path, monkeypatch):
    """V11 numbers the games already finished by when they ended; later ones follow."""
    url = await postgres_cluster.create_database(migrated=False)
    before = tmp_path / "before-v11"
    before.mkdir()
    for script in postgres_store.MIGRATIONS.glob("V*.sql"):
        # V13, V14 and V17 too: the store's own statements (a pool's connections warm up with a
        # move) name what they add. Migrations are applied by number, so V11 still comes after.
        if int(script.name[1:].split("__")[0]) in (*range(1, 11), 13, 14, 17):
            (before / script.name).write_text(script.read_text())
    monkeypatch.setattr(postgres_store, "MIGRATIONS", before)
    store = await PostgresStore.open(url)
    try:
        first, second = await running_game(store), await running_game(store)
        for game_id, at in ((first, 60.0), (second, 50.0)):
            await rows(url, "UPDATE games SET status = 'finished', updated_at = $2 WHERE id = $1",
                       game_id, at)
        monkeypatch.undo()
        assert await store.migrate() == LATEST
        third = await running_game(store)
        assert await store.commit(third, 1, status="finished", state={"total": 21},
                                  result={"winners": [0]})
        assert [g.id for g in await store.finished_games(everywhere=True)] == [second, first, third]
    finally:
        await store.close()


# -- the outbox --------------------------------------------------------------------------

async def test_outbox_ids_never_come_back_after_a_prune(database):
    store = await PostgresStore.open(database)
    try:
        game_id = await running_game(store)
        highest = max(item.id for item in await store.unsent())
        await store.mark_sent([item.id for item in await store.unsent()])
        assert await store.prune_sent(time.time() + 1) == 1 and await store.unsent() == []
        await store.close()
        store = await PostgresStore.open(database)  # a restart does not bring them back either
        assert await store.add_reminder(game_id, 1, {"text": "Your turn."})
        assert min(item.id for item in await store.unsent()) > highest
    finally:
        await store.close()


# -- both stores: what a move's one statement must do ----------------------------------------

async def test_a_moves_countdowns_are_merged_as_sqlites_are(store_kind, tmp_path):
    store = await open_test_store(store_kind, tmp_path)
    try:
        game_id = await running_game(store)
        assert await store.commit(game_id, 1, status="running", state={}, timers=[
            ("clock:0:1", 100.0, 90.0), ("deadline:a", 200.0, None), ("clock:0:1", 999.0, None)])
        await store.hold_ping(game_id, "quiet:ann", 300.0)
        assert await store.timers(game_id) == {
            "clock:0:1": (100.0, 90.0), "deadline:a": (200.0, None), "quiet:ann": (300.0, None),
        }, "a key listed twice counts as listed first"
        # The deadline fired and is listed again: it starts afresh. The clock keeps its time;
        # a key no longer listed goes, and a held ping is not the game's to drop.
        assert await store.commit(game_id, 2, status="running", state={}, fired="deadline:a",
                                  timers=[("clock:0:1", 150.0, None), ("deadline:a", 400.0, None),
                                          ("deadline:b", 500.0, 450.0)])
        assert await store.timers(game_id) == {
            "clock:0:1": (100.0, 90.0), "deadline:a": (400.0, None), "deadline:b": (500.0, 450.0),
            "quiet:ann": (300.0, None)}
        assert await store.commit(game_id, 3, status="running", state={}, fired="deadline:b",
                                  timeouts={0: 2, 1: 1})
        assert sorted(await store.timers(game_id)) == ["clock:0:1", "deadline:a", "quiet:ann"]
        assert [s.timeouts for s in await store.seats(game_id)] == [2, 1]
        assert await store.commit(game_id, 4, status="running", state={}, timers=[])
        assert await store.timers(game_id) == {"quiet:ann": (300.0, None)}
        # A move that lost its race writes nothing at all.
        assert not await store.commit(
            game_id, 4, status="finished", state={"x": 1}, action=(0, "add:1", 1),
            outbox=[("thread", {"text": "Nope."})], timers=[("clock:1:9", 1.0, None)],
            timeouts={0: 9}, result={"winners": [0]})
        record = await store.game(game_id)
        assert (record.version, record.status, record.state) == (5, "running", {})
        assert record.result is None
        assert await store.actions(game_id) == [] and await store.public_log(game_id) == ["Dealt."]
        assert [s.timeouts for s in await store.seats(game_id)] == [2, 1]
        assert await store.timers(game_id) == {"quiet:ann": (300.0, None)}
    finally:
        await store.close()
