"""The table service and store: lobby rules, the move pipeline, concurrency, restarts."""
from __future__ import annotations

import asyncio

import pytest

from bot import i18n
from bot.delivery.dispatcher import Dispatcher
from bot.delivery.outgoing import Outgoing
from bot.engine import Choice, Event, Result, replay
from bot.games import registry
from bot.table.service import Member, StaleMove, TableError, Tables
from tests import toy_game
from tests.postgres import open_test_store
from tests.toy_game import GAME_ID

ANN, BEN, CAT = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat")
MOD = Member(9, "Mod", can_manage=True)


class RecordingTransport:
    def __init__(self, closed_dms=()):
        self.posts: list[Outgoing] = []
        self.private: list[tuple[int, str]] = []
        self.notices: list[str] = []
        self.closed = set(closed_dms)
        self.fail_next = 0

    async def post(self, table, message):
        if self.fail_next:
            self.fail_next -= 1
            raise ConnectionError("Discord is down")
        self.posts.append(message)

    async def send_private(self, table, seat, message):
        if seat.user_id in self.closed:
            return False
        self.private.append((seat.user_id, message.text))
        return True

    async def notice(self, table, text):
        self.notices.append(text)


async def lobby(tables, *members):
    table = await tables.create(GAME_ID, members[0])
    for member in members[1:]:
        await tables.join(table.id, member)
    return table


async def test_lobby_join_leave_and_host_rules(store):
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    with pytest.raises(TableError, match="already seated"):
        await tables.join(table.id, BEN)
    with pytest.raises(TableError, match="Only the host can start"):
        await tables.start(table.id, BEN)
    with pytest.raises(TableError, match="host"):
        await tables.leave(table.id, ANN)
    table = await tables.leave(table.id, BEN)
    assert table.names() == ["Ann"]
    await tables.add_bot(table.id, ANN)
    await tables.add_bot(table.id, ANN)
    await tables.join(table.id, BEN)
    with pytest.raises(TableError, match="full"):
        await tables.join(table.id, CAT)
    table = await tables.table(table.id)
    assert [s.is_bot for s in table.seats] == [False, True, True, False]


async def test_starting_alone_says_how_many_have_joined(store):
    tables = Tables(store)
    table = await tables.create("advance-to-boardwalk", ANN)
    with pytest.raises(TableError) as refused:
        await tables.start(table.id, ANN)
    assert str(refused.value) == "Advance to Boardwalk needs at least 2 players; 1 has joined."
    assert refused.value.worded(i18n.words(i18n.HOST, "pl")) == (
        "Advance to Boardwalk: minimalna liczba graczy to 2; dołączyła 1 osoba.")
    assert (await tables.table(table.id)).record.status == "lobby"


async def test_unknown_game_and_bad_option_are_sentences(store):
    tables = Tables(store)
    with pytest.raises(TableError, match="not a game I host"):
        await tables.create("chess", ANN)
    with pytest.raises(TableError, match="no option"):
        await tables.create(GAME_ID, ANN, {"speed": 3})


async def test_only_seated_pending_player_may_move(store):
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    await tables.start(table.id, ANN)
    with pytest.raises(TableError, match="not playing"):
        await tables.act(table.id, CAT, "add:1")
    with pytest.raises(TableError, match="not your turn"):
        await tables.act(table.id, BEN, "add:1")
    with pytest.raises(TableError, match="add 1, 2 or 3"):
        await tables.act(table.id, ANN, "add:7")
    table = await tables.act(table.id, ANN, "add:3")
    assert table.record.state["total"] == 3
    assert table.record.version == 2


async def test_racing_moves_on_one_version_apply_once(store):
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    table = await tables.start(table.id, ANN)
    version = table.record.version
    outcomes = await asyncio.gather(
        tables.act(table.id, ANN, "add:1", version=version),
        tables.act(table.id, ANN, "add:2", version=version),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert isinstance(refused[0], StaleMove) or "not your turn" in str(refused[0])
    table = await tables.table(table.id)
    assert table.record.state["total"] in (1, 2)
    assert len(await store.actions(table.id)) == 1


async def test_a_button_from_an_earlier_turn_is_stale(store):
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    table = await tables.start(table.id, ANN)
    first = table.record.version
    await tables.act(table.id, ANN, "add:1", version=first)
    await tables.act(table.id, BEN, "add:1")
    with pytest.raises(StaleMove, match="earlier moment"):
        await tables.act(table.id, ANN, "add:1", version=first)


async def test_bots_answer_and_log_replays_to_stored_state(store):
    tables = Tables(store)
    table = await tables.create(GAME_ID, ANN)
    await tables.add_bot(table.id, ANN)
    await tables.add_bot(table.id, ANN)
    await tables.start(table.id, ANN)
    while (table := await tables.table(table.id)).record.status == "running":
        await tables.act(table.id, ANN, "add:1")
    log = await store.actions(table.id)
    rebuilt = replay(toy_game.GAME, 3, {}, table.record.seed, log)
    assert rebuilt == table.record.state
    assert table.record.result["winners"]


async def test_restart_reloads_and_continues(store_kind, tmp_path):
    store = await open_test_store(store_kind, tmp_path)
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    await tables.start(table.id, ANN)
    await tables.act(table.id, ANN, "add:2")
    await store.close()

    store = await open_test_store(store_kind, tmp_path)  # "restart"
    tables = Tables(store)
    running = await store.games_with_status("running")
    assert [g.id for g in running] == [table.id]
    table = await tables.act(table.id, BEN, "add:3")
    assert table.record.state["total"] == 5
    await store.close()


async def test_outbox_survives_a_crash_and_is_sent_once(store_kind, tmp_path):
    store = await open_test_store(store_kind, tmp_path)
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    await tables.start(table.id, ANN)
    await tables.act(table.id, ANN, "add:2")
    await store.close()  # crashed before the dispatcher ran

    store = await open_test_store(store_kind, tmp_path)
    transport = RecordingTransport()
    dispatcher = Dispatcher(store, transport)
    assert await dispatcher.flush() > 0
    assert await dispatcher.flush() == 0
    assert len(transport.posts) == 2, "start, then the move (the DMs between keep the order)"
    post = transport.posts[-1]
    assert "Ann** added 2" in post.text
    assert post.images and post.images[-1][1].startswith(b"\x89PNG")
    assert post.turn[0]["seat"] == 1 and post.turn[0]["choices"]
    await store.close()


async def test_failed_delivery_is_retried_in_order(store):
    tables = Tables(store)
    transport = RecordingTransport()
    now = [1000.0]
    dispatcher = Dispatcher(store, transport, clock=lambda: now[0], base_delay=10)
    table = await lobby(tables, ANN, BEN)
    await tables.start(table.id, ANN)
    transport.fail_next = 1
    await dispatcher.flush()
    assert transport.posts == [] and transport.private == [], "the DMs wait behind the post"
    await dispatcher.flush()
    assert transport.posts == [], "not due again before its backoff"
    now[0] += 10
    await dispatcher.flush()
    assert len(transport.posts) == 1 and transport.private


async def test_private_notes_go_only_to_their_seat_and_closed_dms_are_announced(store):
    tables = Tables(store)
    transport = RecordingTransport(closed_dms={BEN.id})
    dispatcher = Dispatcher(store, transport)
    table = await lobby(tables, ANN, BEN)
    await tables.start(table.id, ANN)
    await dispatcher.flush()
    secrets = (await tables.table(table.id)).record.state["secrets"]
    assert [u for u, _ in transport.private] == [ANN.id]
    assert str(secrets[0]) in transport.private[0][1]
    assert any("Ben" in n and "DMs are closed" in n for n in transport.notices)
    public = " ".join(p.text for p in transport.posts) + " ".join(transport.notices)
    assert str(secrets[0]) not in public and str(secrets[1]) not in public
    assert (await store.seats(table.id))[1].dm_ok is False


async def test_abandon_by_host_or_manager_only(store):
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    with pytest.raises(TableError, match="Only the host or someone with Manage Server"):
        await tables.abandon(table.id, BEN)
    table = await tables.abandon(table.id, MOD)
    assert table.record.status == "abandoned"
    with pytest.raises(TableError):
        await tables.act(table.id, ANN, "add:1")


async def test_the_dispatcher_is_woken_once_the_bots_have_answered(store):
    """So the thread gets the move and the bots' replies in one post, not half a turn."""
    timeline: list[str] = []
    tables = Tables(store, notify=lambda: timeline.append("wake"))
    commit = store.commit

    async def recording_commit(*args, **kwargs):
        timeline.append("commit")
        return await commit(*args, **kwargs)

    store.commit = recording_commit
    table = await tables.create(GAME_ID, ANN)
    await tables.add_bot(table.id, ANN)
    await tables.add_bot(table.id, ANN)
    await tables.start(table.id, ANN)
    timeline.clear()
    await tables.act(table.id, ANN, "add:1")
    assert timeline.count("commit") == 3, "Ann's move and both bots' replies"
    assert "wake" not in timeline[: timeline.index("commit") + 3], timeline


async def test_a_seat_is_handed_to_a_bot_who_plays_on(store):
    tables = Tables(store)
    transport = RecordingTransport()
    dispatcher = Dispatcher(store, transport)
    table = await lobby(tables, ANN, BEN, CAT)
    await tables.start(table.id, ANN)
    with pytest.raises(TableError, match="Only the host or someone with Manage Server"):
        await tables.hand_to_bot(table.id, CAT, seat=1)
    with pytest.raises(TableError, match="not a player's seat"):
        await tables.hand_to_bot(table.id, ANN, seat=7)
    await tables.act(table.id, ANN, "add:1")
    table = await tables.hand_to_bot(table.id, BEN)  # Ben leaves on his turn: his bot moves
    assert table.seats[1].is_bot and table.seats[1].user_id is None
    assert table.seats[1].name == "Ben (bot)"
    assert table.record.state["turn"] == 2, "the bot played Ben's turn at once"
    with pytest.raises(TableError, match="not playing"):
        await tables.act(table.id, BEN, "add:1")
    table = await tables.hand_to_bot(table.id, ANN, seat=2)  # the host replaces quiet Cat
    assert table.seats[2].is_bot
    await dispatcher.flush()
    said = " ".join(p.text for p in transport.posts)
    assert "**Ben** left the game" in said and "**Cat** was replaced by Ann" in said
    with pytest.raises(TableError, match="not a player's seat"):
        await tables.hand_to_bot(table.id, ANN, seat=1)


async def test_a_double_click_is_told_it_counted_once(store):
    tables = Tables(store)
    table = await lobby(tables, ANN, BEN)
    table = await tables.start(table.id, ANN)
    version = table.record.version
    outcomes = await asyncio.gather(tables.act(table.id, ANN, "add:1", version=version),
                                    tables.act(table.id, ANN, "add:1", version=version),
                                    return_exceptions=True)
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(refused) == 1 and "You made that move a moment ago" in str(refused[0])
    with pytest.raises(StaleMove, match="You made that move a moment ago"):  # the late second click
        await tables.act(table.id, ANN, "add:1", version=version)
    assert len(await store.actions(table.id)) == 1


async def test_a_member_whose_dms_are_closed_is_pointed_at_the_panel_at_start(store):
    tables = Tables(store)
    transport = RecordingTransport(closed_dms={BEN.id})
    dispatcher = Dispatcher(store, transport)
    table = await lobby(tables, ANN, BEN)
    await store.set_dm_ok(table.id, 1, False)  # what the join's DM check found (and told the table)
    await tables.start(table.id, ANN)
    await dispatcher.flush()
    first = transport.posts[0].text
    assert "**Ben**: I can't send you direct messages" in first and "**My hand & options**" in first
    assert "**Ann**:" not in first
    secrets = (await tables.table(table.id)).record.state["secrets"]
    assert str(secrets[1]) not in first


class Toll:
    """The first seat walks, four times; each walk owes the other seat a toll, paid only if
    that seat claims it (a choice it has while the game waits on the walker) before the next."""

    id, name, min_players, max_players, options = "toll-test", "Toll", 2, 2, ()

    def setup(self, players, options, rng):
        return {"turn": 0, "walks": 0, "claim": None, "money": [10, 10]}

    def pending(self, state):
        return set() if state["walks"] >= 4 else {state["turn"]}

    def legal(self, state, seat):
        choices = [Choice("walk", "Walk")] if seat in self.pending(state) else []
        if state["claim"] == seat:
            choices.append(Choice("claim", "Claim the toll"))
        return choices

    def apply(self, state, seat, action, rng):
        if action == "claim":
            state["money"][seat] += 1
            state["money"][1 - seat] -= 1
            state["claim"] = None
            return [Event(f"{{p{seat}}} claims the toll.")]
        state["walks"] += 1
        state["claim"] = 1 - seat
        return [Event(f"{{p{seat}}} walks.")]

    def view(self, state, seat):
        return dict(state)

    def result(self, state):
        return Result((0,), {}, "Over.") if state["walks"] >= 4 else None

    def prompt(self, state, seat):
        return "Walk."

    def status(self, state):
        return f"Walks: {state['walks']}"

    def rules_summary(self):
        return "Walk; claim your toll before the next walk."


class TollBot:
    def choose(self, state, seat, rng):
        return "walk"

    def volunteer(self, state, seat, rng):
        return "claim" if state["claim"] == seat else None


async def test_a_bot_makes_a_move_it_is_offered_though_not_waited_on(store, monkeypatch):
    monkeypatch.setitem(registry._EXTRA, Toll.id, registry.GameKit(
        game=Toll(), bot=TollBot(), render=lambda view, image="board": b""))
    tables = Tables(store)
    table = await tables.create(Toll.id, ANN)
    await tables.add_bot(table.id, ANN)
    await tables.start(table.id, ANN)
    await tables.act(table.id, ANN, "walk")  # the game waits on Ann; the bot claims its toll
    await tables.act(table.id, ANN, "walk")
    table = await tables.table(table.id)
    assert table.record.state["money"] == [8, 12]
    assert [action for _, action in await store.actions(table.id)] == ["walk", "claim"] * 2
