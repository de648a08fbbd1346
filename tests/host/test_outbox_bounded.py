"""The outbox holds what is still to deliver: items carry no board, sent ones are pruned, the
thread's lines stay for /game history (read through an index), and a post is drawn from the
public view of its own version, whether this process kept that state or the log rebuilds it."""
from __future__ import annotations

import json
import sqlite3
import time

from bot.delivery.dispatcher import Dispatcher
from bot.games import registry
from bot.store.base import SENT_KEPT_SECONDS
from bot.table.notices import Moments, public_view_at
from bot.table.service import Member, Tables
from tests import toy_game  # noqa: F401 - registers the toy game
from tests.postgres import sqlite_only
from tests.toy_game import GAME_ID

HOST = Member(1, "Ann")
BEN = Member(2, "Ben")


class Thread:
    """A transport that takes every post and DM (saying nowhere where they went)."""

    def __init__(self) -> None:
        self.posts = 0

    async def post(self, table, message):
        self.posts += 1

    async def send_private(self, table, seat, message):
        return True

    async def notice(self, table, text):
        pass


def rows(path, query, *args):
    db = sqlite3.connect(path)
    try:
        return db.execute(query, args).fetchall()
    finally:
        db.close()


async def bot_game(tables: Tables) -> int:
    """A whole toy game by three bots, played in its start."""
    table = await tables.create(GAME_ID, HOST, host_seated=False)
    for _ in range(3):
        await tables.add_bot(table.id, HOST)
    await tables.start(table.id, HOST)
    return table.id


@sqlite_only  # counts rows in SQLite's file
async def test_sent_items_are_pruned_and_the_history_stays(store, tmp_path, monkeypatch):
    moments = Moments()
    tables = Tables(store, moments=moments)
    dispatcher = Dispatcher(store, Thread(), moments=moments)
    path = tmp_path / "games.sqlite"
    games = [await bot_game(tables) for _ in range(20)]
    await dispatcher.flush()
    moves = rows(path, "SELECT COUNT(*) FROM actions")[0][0]
    queued = rows(path, "SELECT COUNT(*) FROM outbox")[0][0]
    assert moves > 100 and queued >= moves, "every move queued a post, sent and kept for now"
    assert not rows(path, "SELECT 1 FROM outbox WHERE sent_at IS NULL"), "all delivered"
    assert not rows(path, "SELECT 1 FROM outbox WHERE payload LIKE '%\"view\"%'"), "no item stores a view"
    assert len(moments) == 0, "a state is forgotten once its post is out"
    lines = {game: await store.public_log(game, limit=1000) for game in games}

    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + SENT_KEPT_SECONDS + 1)
    await dispatcher.flush()
    assert rows(path, "SELECT COUNT(*) FROM outbox")[0][0] == 0, "an hour on, nothing sent is left"
    for game in games:
        assert await store.public_log(game, limit=1000) == lines[game] != [], "history outlives the outbox"

    # Another twenty games: the outbox holds only those still to deliver, then nothing.
    for _ in range(20):
        await bot_game(tables)
    unsent = rows(path, "SELECT COUNT(*) FROM outbox")[0][0]
    await dispatcher.flush()
    monkeypatch.setattr(time, "time", lambda: real() + 2 * (SENT_KEPT_SECONDS + 1))
    await dispatcher.flush()
    assert unsent > 0 and rows(path, "SELECT COUNT(*) FROM outbox")[0][0] == 0


async def test_parked_and_unsent_items_are_never_pruned(store, tmp_path):
    tables = Tables(store, autoplay_bots=False)
    table = await tables.create(GAME_ID, HOST)
    await tables.join(table.id, BEN)
    await tables.start(table.id, HOST)
    first, *rest = await store.unsent()
    await store.park(table.id, [first.id], error="refused", now=time.time())
    assert await store.prune_sent(time.time() + 10 * SENT_KEPT_SECONDS) == 0
    assert len(await store.parked()) == 1 and len(await store.unsent()) == len(rest)


async def test_a_dispatcher_with_room_for_a_few_games_reads_only_theirs(store):
    """A backlog is read a few games at a time (each flush parsed every due item of every game
    before: 8.7 ms a flush behind 139 items, which moves waited on)."""
    tables = Tables(store, autoplay_bots=False)
    games = [await bot_game(tables) for _ in range(4)]
    every = await store.unsent(limit=10_000)
    assert {item.game_id for item in every} == set(games)
    two = await store.unsent(limit=10_000, games=2)
    assert two == [item for item in every if item.game_id in games[:2]]  # the oldest two, whole
    others = await store.unsent(limit=10_000, games=2, besides=[games[0], games[2]])
    assert others == [item for item in every if item.game_id in (games[1], games[3])]
    assert await store.unsent(limit=10_000, besides=games) == []
    await store.mark_failed([item.id for item in every if item.game_id == games[0]][:1],
                            error="429", next_attempt_at=time.time() + 60)
    # A game waiting out a backoff has no item due: the first game with one comes instead.
    assert {item.game_id for item in await store.unsent(limit=10_000, games=1)} == {games[1]}

    read: list[int] = []
    unsent = store.unsent

    async def counted(*args, **kwargs):
        found = await unsent(*args, **kwargs)
        read.append(len(found))
        return found

    store.unsent = counted
    dispatcher = Dispatcher(store, Thread(), games_at_once=1)
    await dispatcher.flush()
    waiting = [item for item in every if item.game_id == games[0]]
    assert sum(read) == len(every) - len(waiting)  # each item once: the waiting game's not at all


@sqlite_only  # reads SQLite's file (test_postgres_store.py has PostgreSQL's)
async def test_outbox_ids_never_come_back_after_a_prune(store, tmp_path):
    """A nonce is made from outbox ids: one handed out again could make Discord drop a post."""
    tables = Tables(store)
    await bot_game(tables)
    highest = rows(tmp_path / "games.sqlite", "SELECT MAX(id) FROM outbox")[0][0]
    await store.mark_sent([item.id for item in await store.unsent(limit=10_000)])
    await store.prune_sent(time.time() + 1)
    await bot_game(tables)
    assert rows(tmp_path / "games.sqlite", "SELECT MIN(id) FROM outbox")[0][0] > highest


@sqlite_only  # SQLite's query plans
async def test_history_reads_through_the_index(store, tmp_path):
    tables = Tables(store)
    game = await bot_game(tables)
    seen: list[str] = []
    await store._db.set_trace_callback(seen.append)
    assert await store.public_log(game)
    await store._db.set_trace_callback(None)
    query = next(q for q in seen if "thread_lines" in q)
    plan = " ".join(row[3] for row in rows(tmp_path / "games.sqlite", f"EXPLAIN QUERY PLAN {query}"))
    assert "USING INDEX thread_lines_by_game" in plan or "USING COVERING INDEX thread_lines_by_game" in plan, plan
    assert "SCAN" not in plan, plan
    parked = " ".join(row[3] for row in rows(
        tmp_path / "games.sqlite", "EXPLAIN QUERY PLAN SELECT COUNT(*) FROM outbox"
        " WHERE game_id = 1 AND sent_at IS NULL AND parked_at IS NOT NULL"))
    assert "outbox_by_game" in parked, "a game's parked items are found by game"


async def test_a_post_is_drawn_from_its_own_versions_view(store, tmp_path):
    """Items queued several moves back: each drawn item gets the view of its version, from
    the state this process kept, or (another process, a restart) rebuilt from the log."""
    tables = Tables(store, autoplay_bots=False)
    table = await tables.create(GAME_ID, HOST)
    await tables.join(table.id, BEN)
    await tables.start(table.id, HOST)
    for _ in range(6):
        now = await tables.table(table.id)
        member = HOST if now.record.state["turn"] == 0 else BEN
        await tables.act(table.id, member, "add:1")
    now = await tables.table(table.id)
    game = registry.game(GAME_ID)
    kept = {version: tables.moments.state(table.id, version) for version in range(1, now.record.version + 1)}
    assert all(kept.values()), "this process kept every state it committed"
    items = [i for i in await store.unsent() if i.kind == "thread"]
    assert [i.payload["version"] for i in items] == list(range(1, now.record.version + 1))
    for moments in (tables.moments, None):  # None: a new process, only the store remembers
        dispatcher = Dispatcher(store, Thread(), moments=moments)
        for item in items:
            [viewed] = await dispatcher._viewed(now, [item])
            wanted = json.loads(json.dumps(game.view(kept[item.payload["version"]], None)))
            assert viewed.payload["view"] == wanted
    replayed = await public_view_at(now, 3, lambda until: store.actions(table.id, until=until))
    assert replayed["total"] == kept[3]["total"] != now.record.state["total"]
