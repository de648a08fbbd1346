"""Ninety days of a community (issue 26's "Done when"), on a fake clock: the real table service,
dispatcher and countdowns on one SQLite store, and a fake Discord server that does to threads
what Discord does (archived after a quiet week and reopened by a post, one deleted, one locked
and later unlocked, one where the bot loses a permission), with members who come, play at their
own pace, go silent or leave, restarts every fortnight and a ten-minute outage.

At the end no running game is stalled (each waits on a member with a live control and a
running clock, on a paced bot, or is held with its host told), no post was made twice, and every
finished game is counted once in the standings.

Scaled down to ~100 games of Twenty-one (tests/toy_game.py) in six-hour steps, so it runs in
seconds: the figures that grow with the history are the bench's (tools/bench/community.py); what
this checks is that nothing is lost or stuck over a long life, which needs the events, not the
volume. Through the simulated Discord, 90 days of real waiting are out of reach; the Discord
side of each event has its own test there (tests/e2e/test_held_threads.py, test_members.py,
test_threads.py, test_clicks.py)."""
from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass
from itertools import pairwise

from bot.delivery.countdowns import Timers
from bot.delivery.dispatcher import Dispatcher
from bot.delivery.outgoing import Blocked, Gone, Unavailable
from bot.games import registry
from bot.store.sqlite import SQLiteStore
from bot.table.clock import BOTS_KEY, CLOCK_KEY
from bot.table.service import Member, TableError, Tables
from tests.toy_game import GAME_ID

GUILD, CHANNEL = 500, 501
HOUR, DAY = 3600.0, 86400.0
STEP = 6 * HOUR
GAME = registry.game(GAME_ID)


class Clock:
    def __init__(self) -> None:
        self.now = 1_750_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Thread:
    last_post: float
    archived: bool = False
    locked: bool = False
    denied: bool = False  # the bot lost Send Messages in Threads here
    deleted: bool = False


class Server:
    """One Discord server as the dispatcher meets it."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.threads: dict[int, Thread] = {}  # by game id
        self.delivered: dict[int, list[str]] = {}  # game id -> outbox keys posted, in order
        self.last_turn: dict[int, list[dict]] = {}  # game id -> the ▶ lines of its newest post
        self.told_host: set[int] = set()
        self.down = False
        self.reopened = 0

    def _thread(self, table) -> Thread:
        if self.down:
            raise Unavailable("503 Service Unavailable")
        thread = self.threads[table.id]
        if thread.deleted:
            raise Gone("404 Not Found (error code: 10003): Unknown Channel")
        if thread.locked:
            raise Blocked("403 Forbidden (error code: 160005): Thread is locked")
        if thread.denied:
            raise Blocked("403 Forbidden (error code: 50013): Missing Permissions")
        return thread

    async def post(self, table, message):
        thread = self._thread(table)
        if thread.archived:  # a new message reopens an archived thread
            thread.archived, self.reopened = False, self.reopened + 1
        thread.last_post = self.clock.now
        self.delivered.setdefault(table.id, []).append(message.key)
        self.last_turn[table.id] = message.turn

    async def send_private(self, table, seat, message):
        if self.down:
            raise Unavailable("503 Service Unavailable")
        return True

    async def notice(self, table, text):
        self._thread(table).last_post = self.clock.now

    async def tell_host(self, table, text):
        self.told_host.add(table.id)
        return True

    async def archive(self, table):
        self.threads[table.id].archived = True

    def a_quiet_week_passes(self) -> None:
        for thread in self.threads.values():
            if self.clock.now - thread.last_post >= 7 * DAY:
                thread.archived = True


class Community:
    def __init__(self, store: SQLiteStore, clock: Clock, server: Server) -> None:
        self.store, self.clock, self.server = store, clock, server
        self.rng = random.Random(26)
        self.members = [Member(n, f"Member {n}") for n in range(1, 11)]
        self.silent: set[int] = set()  # stopped playing without a word: their clocks run out
        self.start()

    def start(self) -> None:
        """A process starting: the table service, the outbox and the countdowns, afresh."""
        self.tables = Tables(self.store, clock=self.clock)
        self.dispatcher = Dispatcher(self.store, self.server, clock=self.clock, thread_gone=self._thread_gone)
        self.timers = Timers(self.tables, clock=self.clock)

    async def _thread_gone(self, table) -> None:
        await self.tables.thread_deleted(table.record.thread_id)

    async def restart(self) -> None:
        self.start()
        await self.tables.resume()

    async def open_game(self) -> None:
        players = self.rng.sample([m for m in self.members if m.id not in self.silent], self.rng.randint(2, 3))
        table = await self.tables.create(GAME_ID, players[0], guild_id=GUILD, channel_id=CHANNEL,
                                         seed=self.rng.randrange(10 ** 6))
        await self.tables.set_places(table.id, thread_id=10_000 + table.id)
        self.server.threads[table.id] = Thread(last_post=self.clock.now)
        for member in players[1:]:
            await self.tables.join(table.id, member)
        if self.rng.random() < 0.2:
            await self.tables.add_bot(table.id, players[0])
        await self.tables.start(table.id, players[0])

    async def members_play(self) -> None:
        for game_id in await self.store.running_game_ids():
            table = await self.tables.table(game_id)
            for seat in GAME.pending(table.state):
                user = table.seats[seat].user_id
                if user is None or user in self.silent or self.rng.random() > 0.5:
                    continue
                action = self.rng.choice(GAME.legal(table.state, seat)).action
                try:
                    await self.tables.act(game_id, Member(user, table.seats[seat].name), action,
                                          version=table.record.version)
                except TableError:
                    pass  # a countdown moved first: the member looks again next time

    async def step(self) -> None:
        self.clock.now += STEP
        await self.timers.fire_due()
        await self.members_play()
        await self.dispatcher.flush()
        self.server.a_quiet_week_passes()


async def test_ninety_days_of_a_community(tmp_path):
    store = await SQLiteStore.open(tmp_path / "community.sqlite")
    clock = Clock()
    server = Server(clock)
    life = Community(store, clock, server)
    try:
        for step in range(int(90 * DAY / STEP)):
            if life.rng.random() < 0.28:
                await life.open_game()
            if step % int(15 * DAY / STEP) == 0 and step:
                await life.restart()
            if step == int(8 * DAY / STEP):
                life.members.append(Member(11, "Member 11"))  # members join over time
            if step == int(10 * DAY / STEP):
                await life.tables.member_gone(GUILD, 3)  # Member 3 leaves the server
                life.members = [m for m in life.members if m.id != 3]
            if step == int(20 * DAY / STEP):
                life.silent.add(4)  # Member 4 stops playing, without a word
            running = await store.running_game_ids()
            if step == int(25 * DAY / STEP) and running:
                server.threads[running[0]].deleted = True  # a moderator deletes a thread
            if step == int(30 * DAY / STEP) and running:
                locked = running[-1]
                server.threads[locked].locked = True  # another is locked
            if step == int(40 * DAY / STEP):
                server.threads[locked].locked = False  # unlocked, and the host resumes it
                await store.resume_game(locked, clock.now)
            if step == int(35 * DAY / STEP) and running:
                denied = running[len(running) // 2]
                server.threads[denied].denied = True  # the bot loses a permission there, for good
            if step == int(50 * DAY / STEP):
                server.down = True  # a ten-minute outage, with minutes of play and retries in it
                for _ in range(10):
                    clock.now += 60
                    await life.members_play()
                    await life.dispatcher.flush()
                server.down = False
            await life.step()
        for _ in range(3):  # the last backoffs run out
            clock.now += 15 * 60
            await life.dispatcher.flush()
        await check_nothing_stalled(life, store, server)
        check_nothing_posted_twice(server)
        await check_each_finished_game_counted_once(store, tmp_path / "community.sqlite")
        assert server.reopened > 0, "some archived thread was reopened by a post"
        assert server.told_host, "a thread refused the bot, and its host was told"
        db = sqlite3.connect(tmp_path / "community.sqlite")
        try:
            # Member 3, who left the server, has their seats played by bots.
            assert db.execute("SELECT COUNT(*) FROM seats WHERE former_user_id = 3 AND is_bot = 1").fetchone()[0]
        finally:
            db.close()
    finally:
        await store.close()


async def check_nothing_stalled(life: Community, store: SQLiteStore, server: Server) -> None:
    running = await store.running_game_ids()
    assert len(await store.games_with_status("finished")) > 50 and running
    assert [game.id for game in await store.games_with_status("abandoned")], "the deleted thread's game"
    for game_id in running:
        table = await life.tables.table(game_id)
        if table.record.held:
            assert game_id in server.told_host, f"game {game_id} is held without its host told"
            continue
        assert not [item for item in await store.unsent(life.clock.now + 1) if item.game_id == game_id]
        countdowns = await store.timers(game_id)
        for seat in GAME.pending(table.state):
            if table.seats[seat].is_bot:
                assert BOTS_KEY in countdowns, f"game {game_id}: a bot seat waits without its pace"
                continue
            epoch = table.record.seat_epochs.get(seat, 0)
            assert f"{CLOCK_KEY}{seat}:{epoch}" in countdowns, f"game {game_id}: no clock on seat {seat}"
            asked = [turn for turn in server.last_turn[game_id] if turn["seat"] == seat]
            assert asked and asked[0]["choices"], f"game {game_id}: seat {seat} has no control to press"


def check_nothing_posted_twice(server: Server) -> None:
    for game_id, keys in server.delivered.items():
        spans = [tuple(map(int, key.split("-"))) for key in keys]
        for (_, last), (first, _) in pairwise(spans):
            assert first > last, f"game {game_id}: outbox items posted twice ({keys})"


async def check_each_finished_game_counted_once(store: SQLiteStore, path) -> None:
    finished = sorted(game.id for game in await store.games_with_status("finished"))
    counted = [game.id for game in await store.finished_games(GUILD)]
    assert sorted(counted) == finished
    db = sqlite3.connect(path)
    try:
        assert db.execute("SELECT COUNT(*), COUNT(DISTINCT game_id) FROM finishes").fetchone() == (
            len(finished), len(finished))
    finally:
        db.close()
