"""A game's thread over its life (issue 26, point 4), at the dispatcher: a finished game's
thread is archived once its last posts are out; a thread that refuses the bot holds the game's
posts (each later one parked without a try) and its countdowns stand still, its host told once,
until it is resumed."""
from __future__ import annotations

from bot.delivery.countdowns import Timers
from bot.delivery.dispatcher import Dispatcher
from bot.delivery.outgoing import Blocked
from bot.table.service import Member, Tables
from tests.postgres import open_test_store
from tests.toy_game import GAME_ID

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Thread:
    """A game's thread as the dispatcher sees it: posts, and whether it takes them."""

    def __init__(self) -> None:
        self.posts: list[int] = []  # versions posted
        self.archived: list[int] = []  # game ids whose thread was archived
        self.told: list[str] = []  # what the host was told elsewhere
        self.refusing = False
        self.tries = 0

    async def post(self, table, message):
        self.tries += 1
        if self.refusing:
            raise Blocked("403 Forbidden (error code: 160005): Thread is locked")
        self.posts.append(message.version)

    async def send_private(self, table, seat, message):
        return True

    async def notice(self, table, text):
        if self.refusing:
            raise Blocked("403 Forbidden (error code: 160005): Thread is locked")

    async def tell_host(self, table, text):
        self.told.append(text)
        return True

    async def archive(self, table):
        self.archived.append(table.id)


async def test_a_held_game_parks_its_posts_without_trying_and_a_finished_thread_is_archived(store_kind, tmp_path):
    store = await open_test_store(store_kind, tmp_path)
    try:
        clock = Clock()
        tables, thread = Tables(store, clock=clock), Thread()
        dispatcher = Dispatcher(store, thread, clock=clock)
        table = await tables.create(GAME_ID, ANN, {"clock": 12})
        await tables.join(table.id, BEN)
        table = await tables.start(table.id, ANN)
        thread.refusing = True
        await dispatcher.flush()
        assert thread.tries == 1 and len(thread.told) == 1 and "/game resume number:1" in thread.told[0]
        await tables.act(table.id, ANN, "add:3")
        await dispatcher.flush()
        assert thread.tries == 1 and len(thread.told) == 1, "held: parked without a try, told once"
        assert (await store.game(table.id)).held == "403 Forbidden (error code: 160005): Thread is locked"

        clock.now += 13 * 3600  # held longer than its 12-hour clock, which stands still meanwhile
        assert await Timers(tables, clock=clock).fire_due() == 0
        thread.refusing = False
        due = {key: at for key, (at, _) in (await store.timers(table.id)).items()}
        assert await store.resume_game(table.id, clock.now) == 2
        assert {key: at - 13 * 3600 for key, (at, _) in (await store.timers(table.id)).items()} == due
        await dispatcher.flush()
        assert thread.posts == [2] and thread.archived == []  # the two held items, in one post
        while (table := await tables.table(table.id)).record.status == "running":
            await tables.act(table.id, [ANN, BEN][table.record.state["turn"]], "add:3")
            await dispatcher.flush()
        assert thread.archived == [table.id]
    finally:
        await store.close()
