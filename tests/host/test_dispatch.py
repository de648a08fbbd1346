"""The outbox isolates failures: a game whose post cannot be drawn or sent holds back only
itself, Discord being down for a while loses nothing, and what can never be sent is parked
for the operator. The clock is a fake one: hours of backoff take no real time."""
from __future__ import annotations

import asyncio
import sqlite3
import time
from types import SimpleNamespace

import discord
import pytest

from bot import cli
from bot.delivery.dispatcher import (
    MAX_ATTEMPTS,
    MAX_BROKEN_ATTEMPTS,
    Dispatcher,
)
from bot.delivery.outgoing import Outgoing, Posted, Unavailable, Undeliverable
from bot.games import registry
from bot.table.service import Member, Tables
from cogs.transport import DiscordTransport
from tests import toy_game
from tests.postgres import open_test_store, sqlite_only
from tests.toy_game import GAME_ID

ANN, BEN, CAT, DAN = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat"), Member(4, "Dan")
UNDRAWABLE = "toy-21-undrawable"


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


class FlakyDiscord:
    """Records what arrives; can be down (every send fails like a 5xx) or refuse a game's thread."""

    def __init__(self) -> None:
        self.arrived: list[tuple[str, int, str]] = []  # (post | dm, game id, outbox key), in order
        self.posts: list[Outgoing] = []
        self.notices: list[tuple[int, str]] = []
        self.down = False
        self.refused: set[int] = set()  # game ids whose thread answers 403
        self.attempts = 0

    def _check(self, game_id: int) -> None:
        self.attempts += 1
        if self.down:
            raise Unavailable("503 Service Unavailable (error code: 0): upstream connect error")
        if game_id in self.refused:
            raise Undeliverable("403 Forbidden (error code: 50013): Missing Permissions")

    async def post(self, table, message):
        self._check(table.id)
        self.posts.append(message)
        self.arrived.append(("post", table.id, message.key))

    async def send_private(self, table, seat, message):
        self._check(-1)
        self.arrived.append(("dm", table.id, message.key))
        return True

    async def notice(self, table, text):
        self._check(table.id)
        self.notices.append((table.id, text))


@pytest.fixture
def undrawable(monkeypatch):
    """A game whose renderer raises: every post it makes fails while being prepared."""

    def cannot_draw(view, image="board"):
        raise ValueError("no room on the board for that total")

    kit = registry.GameKit(game=toy_game.GAME, bot=toy_game.FirstChoiceBot(toy_game.GAME), render=cannot_draw)
    monkeypatch.setitem(registry._EXTRA, UNDRAWABLE, kit)
    return UNDRAWABLE


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.sqlite"


async def started(tables, game_type, *members):
    table = await tables.create(game_type, members[0])
    for member in members[1:]:
        await tables.join(table.id, member)
    return await tables.start(table.id, members[0])


def outbox(db_path, game_id=None):
    """(id, kind, sent, parked, attempts) of every item, oldest first."""
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        where, args = ("WHERE game_id = ?", (game_id,)) if game_id is not None else ("", ())
        return db.execute(f"SELECT id, kind, sent_at IS NOT NULL, parked_at IS NOT NULL, attempts"
                          f" FROM outbox {where} ORDER BY id", args).fetchall()
    finally:
        db.close()


@sqlite_only  # reads the outbox from SQLite's file
async def test_a_game_whose_board_cannot_be_drawn_does_not_delay_another(store, db_path, undrawable):
    tables, discord_, clock = Tables(store), FlakyDiscord(), Clock()
    dispatcher = Dispatcher(store, discord_, clock=clock)
    broken = await started(tables, undrawable, ANN, BEN)  # its items come first in the outbox
    healthy = await started(tables, GAME_ID, CAT, DAN)

    await dispatcher.flush()
    assert [game for _, game, _ in discord_.arrived] == [healthy.id] * 3, "post + 2 DMs, same flush"
    first, *behind = outbox(db_path, broken.id)
    assert first[1:] == ("thread", False, False, 1), "the failure is counted on the item"
    assert all(not sent and attempts == 0 for _, _, sent, _, attempts in behind), "its DMs wait"

    await tables.act(healthy.id, DAN if healthy.record.state["turn"] else CAT, "add:1")
    await dispatcher.flush()
    assert len([a for a in discord_.arrived if a[1] == healthy.id]) == 5, "the next move flows too"


@sqlite_only  # reads the outbox from SQLite's file
async def test_a_post_that_keeps_failing_to_draw_is_parked_and_the_thread_told_once(store, db_path, undrawable):
    tables, discord_, clock = Tables(store), FlakyDiscord(), Clock()
    dispatcher = Dispatcher(store, discord_, clock=clock)
    table = await started(tables, undrawable, ANN, BEN)
    for _ in range(MAX_BROKEN_ATTEMPTS):
        await dispatcher.flush()
        clock.now += 60
    assert outbox(db_path)[0][1:] == ("thread", False, True, MAX_BROKEN_ATTEMPTS)
    assert discord_.notices == [(table.id, ("⚠️ I could not post an update for move 1 here; "
                                           "the game goes on — `/game status` shows where it stands."))]
    assert [kind for kind, _, _ in discord_.arrived] == ["dm", "dm"], "its DMs flow once it is parked"

    await tables.act(table.id, ANN, "add:2")  # this board cannot be drawn either
    for _ in range(MAX_BROKEN_ATTEMPTS):
        await dispatcher.flush()
        clock.now += 60
    assert sum(parked for *_, parked, _ in outbox(db_path)) == 2
    assert len(discord_.notices) == 1, "told once, not once per post"


async def test_backoff_doubles_to_a_cap_and_survives_a_restart(store_kind, tmp_path):
    dispatcher = Dispatcher(None, None)
    schedule = [dispatcher.retry_delay(n) for n in range(1, MAX_ATTEMPTS)]
    assert schedule[:9] == [10, 20, 40, 80, 160, 320, 640, 900, 900]
    assert 22 * 3600 < sum(schedule) < 25 * 3600, "parked after about a day of trying"

    clock, discord_ = Clock(), FlakyDiscord()
    store = await open_test_store(store_kind, tmp_path)
    table = await started(Tables(store), GAME_ID, ANN, BEN)
    discord_.down = True
    await Dispatcher(store, discord_, clock=clock).flush()  # t: fails, next at t+10
    clock.now += 10
    await Dispatcher(store, discord_, clock=clock).flush()  # t+10: fails, next at t+30
    assert discord_.attempts == 2
    await store.close()

    store = await open_test_store(store_kind, tmp_path)  # a restart keeps the backoff
    try:
        discord_.down = False
        dispatcher = Dispatcher(store, discord_, clock=clock)
        clock.now += 19
        assert await store.unsent(clock()) == [] and await dispatcher.flush() == 0
        assert discord_.attempts == 2, "nothing tried before it is due"
        clock.now += 1
        assert await dispatcher.flush() == 3
        assert [kind for kind, _, _ in discord_.arrived] == ["post", "dm", "dm"]
        assert discord_.posts[0].game_id == table.id
    finally:
        await store.close()


@sqlite_only  # reads the outbox from SQLite's file
async def test_a_refused_post_is_parked_at_once_and_the_game_goes_on(store, db_path):
    tables, discord_, clock = Tables(store), FlakyDiscord(), Clock()
    dispatcher = Dispatcher(store, discord_, clock=clock)
    table = await started(tables, GAME_ID, ANN, BEN)
    discord_.refused.add(table.id)
    await dispatcher.flush()
    assert outbox(db_path)[0][1:] == ("thread", False, True, 1), "a 403 is not retried"
    assert [kind for kind, _, _ in discord_.arrived] == ["dm", "dm"], "the game's DMs still go"
    assert discord_.notices == [], "the thread refuses the notice too"
    [parked] = await store.parked()
    assert parked.last_error == "403 Forbidden (error code: 50013): Missing Permissions"

    discord_.refused.clear()  # the permission is back: the next post goes
    await tables.act(table.id, ANN, "add:1")
    await dispatcher.flush()
    assert [m.version for m in discord_.posts] == [2]


@sqlite_only  # reads the outbox from SQLite's file
async def test_the_operator_lists_and_retries_parked_items(store, db_path, monkeypatch, capsys):
    tables, discord_ = Tables(store), FlakyDiscord()
    dispatcher = Dispatcher(store, discord_)
    first = await started(tables, GAME_ID, ANN, BEN)
    second = await started(tables, GAME_ID, CAT, DAN)
    discord_.refused |= {first.id, second.id}
    await dispatcher.flush()
    parked = [i.id for i in await store.parked()]
    assert len(parked) == 2

    monkeypatch.setenv("MARQUEE_DB", str(db_path))  # the CLI is another process on the same file
    assert await asyncio.to_thread(cli.main, ["outbox"]) == 0
    listing = capsys.readouterr().out
    assert f"game #{first.id} ({GAME_ID}, running" in listing and f"game #{second.id}" in listing
    assert f"  {parked[0]}: post for move 1, parked " in listing
    assert listing.count("403 Forbidden (error code: 50013): Missing Permissions") == 2

    discord_.refused.clear()
    assert await asyncio.to_thread(cli.main, ["outbox", "retry", str(parked[0])]) == 0
    assert "Unparked 1 item(s);" in capsys.readouterr().out
    await dispatcher.flush()
    assert [m.game_id for m in discord_.posts] == [first.id]
    assert await asyncio.to_thread(cli.main, ["outbox", "retry", "--all"]) == 0
    await dispatcher.flush()
    assert [m.game_id for m in discord_.posts] == [first.id, second.id]
    assert await asyncio.to_thread(cli.main, ["outbox"]) == 0
    assert "Nothing is parked." in capsys.readouterr().out


@sqlite_only  # reads the outbox from SQLite's file
async def test_a_ten_minute_outage_loses_nothing_and_keeps_each_games_order(store, db_path):
    tables, discord_, clock = Tables(store), FlakyDiscord(), Clock()
    dispatcher = Dispatcher(store, discord_, clock=clock)
    one = await started(tables, GAME_ID, ANN, BEN)
    two = await started(tables, GAME_ID, CAT, DAN)
    await dispatcher.flush()
    before = outbox(db_path)[-1][0]
    discord_.arrived.clear()
    discord_.attempts = 0

    async def move(game_id, members):
        turn = (await tables.table(game_id)).record.state["turn"]
        await tables.act(game_id, members[turn], "add:1")

    discord_.down = True
    for step in range(60):  # ten minutes; the bot looks every 10 s and players keep moving
        if step % 12 == 0:
            await move(one.id, (ANN, BEN))
        if step % 12 == 5:
            await move(two.id, (CAT, DAN))
        await dispatcher.flush()
        clock.now += 10
    assert discord_.arrived == []
    assert discord_.attempts == 12, "backing off: each game's head tried at +0, 10, 30, 70, 150, 310 s"

    discord_.down = False
    outage_ended = clock.now
    while any(not sent for _, _, sent, _, _ in outbox(db_path)):
        await dispatcher.flush()
        clock.now += 10
    # Game one's head was due 30 s after the end; its success brought game two's forward.
    assert clock.now - 10 == outage_ended + 30
    for game in (one, two):
        ids = [i for i, *_ in outbox(db_path, game.id) if i > before]
        covered = []
        for _, game_id, key in (a for a in discord_.arrived if a[1] == game.id):
            low, _, high = key.partition("-")
            covered += [i for i in ids if int(low) <= i <= int(high or low)]
        assert covered == ids, "every post and DM arrived exactly once, in the game's order"
        assert len([a for a in discord_.arrived if a[0] == "post" and a[1] == game.id]) >= 1
    assert not await store.parked()


async def test_posts_ping_only_whom_they_ask_and_discords_errors_are_sorted(store):
    sent: list[dict] = []

    class Channel:
        async def send(self, content=None, **kwargs):
            sent.append({"content": content, **kwargs})
            if fail:
                raise fail

    fail = None
    bot = SimpleNamespace(get_channel=lambda _id: Channel(), get_user=lambda _id: Channel())
    transport = DiscordTransport(bot)
    table = await started(Tables(store), GAME_ID, ANN, BEN)
    message = Outgoing(game_id=table.id, game_type=GAME_ID, version=2,
                       text="**Ann** quoted <@4> and <@&5> and @everyone.",
                       turn=[{"seat": 1, "user_id": BEN.id, "is_bot": False, "prompt": "Add.", "choices": []},
                             {"seat": 2, "user_id": 7, "is_bot": True, "prompt": "Add.", "choices": []}])
    await transport.post(table, message)
    await transport.notice(table, "Ping <@1>?")
    await transport.send_private(table, table.seats[0], message)
    post, notice, dm = (s["allowed_mentions"].to_dict() for s in sent)
    assert post == {"parse": [], "users": [BEN.id]}, "Ben is asked to act; nobody else is pinged"
    assert notice == dm == {"parse": []}

    def http_error(kind, status):
        return kind(SimpleNamespace(status=status, reason="x"), {"code": 0, "message": "x"})

    for fail, sorted_as in [(http_error(discord.Forbidden, 403), Undeliverable),
                            (http_error(discord.NotFound, 404), Undeliverable),
                            (http_error(discord.HTTPException, 400), Undeliverable),
                            (http_error(discord.DiscordServerError, 503), Unavailable),
                            (http_error(discord.HTTPException, 429), Unavailable)]:
        with pytest.raises(sorted_as):
            await transport.post(table, message)


async def test_a_process_whose_lease_lapses_mid_flush_sends_no_further_item(store):
    """The lease is asked before each item: once it lapsed (another process may hold the
    shard by now), this process stops before its next item, not at the end of the flush."""
    from bot.store.shards import Shards

    tables, discord_, clock = Tables(store), FlakyDiscord(), Clock()
    held = [Shards(2, frozenset({0}))]
    dispatcher = Dispatcher(store, discord_, clock=clock, shards=lambda: held[0])
    original = discord_.post

    async def post_then_lapse(table, message):
        await original(table, message)
        held[0] = Shards(2, frozenset())  # the renewal failed a lease's time ago

    discord_.post = post_then_lapse
    table = await started(tables, GAME_ID, ANN, BEN)  # a post, then a DM to each player
    await dispatcher.flush()
    assert [kind for kind, *_ in discord_.arrived] == ["post"]
    assert len(await store.unsent(clock.now)) == 2, "the DMs wait for whoever holds the shard"
    held[0] = Shards(2, frozenset({0}))
    discord_.post = original
    await dispatcher.flush()
    assert [(kind, game) for kind, game, _ in discord_.arrived] == [("post", table.id), ("dm", table.id), ("dm", table.id)]


@pytest.mark.parametrize("code, said", [
    (30046, "Maximum number of edits to messages older than 1 hour reached. Try again later"),
    (50083, "Thread is archived"),
])
async def test_old_message_edits_discord_refuses_are_given_up_once(store, monkeypatch, code, said):
    """Taking the buttons off an old post can be refused for good: too many edits of messages
    over an hour old (30046), or the thread archived (50083). Each such post is given up once:
    never tried again at the next post, nothing parked, the game goes on."""
    edits: list[int] = []
    posts = iter(range(1000, 2000))

    class Message:
        def __init__(self, message_id):
            self.id = message_id
            self.components = []

        async def edit(self, **kwargs):
            edits.append(self.id)
            raise discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"),
                                        {"code": code, "message": said})

    class Channel:
        id = 77

        async def send(self, content=None, **kwargs):
            return Message(next(posts))

        def get_partial_message(self, message_id):
            return Message(message_id)

        async def fetch_message(self, message_id):  # a card is read before its controls come off
            return Message(message_id)

    bot = SimpleNamespace(get_channel=lambda _id: Channel(), get_user=lambda _id: Channel(),
                          get_partial_messageable=lambda _id: Channel())
    monkeypatch.setattr("cogs.transport._posted",
                        lambda sent, parts, controls, **card: Posted(Channel.id, sent.id, parts, controls, **card))
    tables = Tables(store)
    dispatcher = Dispatcher(store, DiscordTransport(bot))
    table = await started(tables, GAME_ID, ANN, BEN)
    await dispatcher.flush()
    for _ in range(4):
        table = await tables.table(table.id)
        mover = [ANN, BEN][table.record.state["turn"]]
        await tables.act(table.id, mover, "add:1")
        await dispatcher.flush()
    assert edits and len(edits) == len(set(edits)), "each refused post given up at its first refusal"
    assert not [item for item in await store.unsent(time.time() + 10 ** 6)], "nothing parked or waiting"
