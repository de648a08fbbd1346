"""Clicks answered before their move was made (cogs/clicks.py): recorded in the click journal
(bot/store/clicks.py) before they are answered, on a path that never waits behind a move's
write, and told to press again by the next process when the one that took them stopped — only
those whose move is not in the log, once, where the member clicked: by the interaction's
follow-up while Discord takes one, else in the game's thread or by DM."""
from __future__ import annotations

import asyncio
import os
import sqlite3

import asyncpg
import discord

from bot.delivery.leases import holder_name
from bot.store.base import DeferredClick
from bot.table.service import Member, Tables
from cogs.clicks import FOLLOW_UP_SECONDS, LOST_AFTER_SECONDS, PRIVATE, THREAD, tell_lost_clicks
from tests.toy_game import GAME_ID

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")
NOW = 1_000_000.0
PRESS_AGAIN = ("Your last click in game #{number} was not made: I restarted before it went through. "
               "Press the button again.")


def stopped_process() -> str:
    """A holder name (bot/delivery/leases.py) whose process is gone from this machine."""
    name, _, machine = holder_name().rpartition("@")
    host, _, start, instance = name.split(":")
    return f"{host}:{2**22 + 1}:{start}:{instance}@{machine}"  # no process has that pid


async def started(tables: Tables):
    table = await tables.create(GAME_ID, ANN)
    await tables.join(table.id, BEN)
    return await tables.start(table.id, ANN)


class FollowUps:
    """The follow-ups sent, as (application id, token, text); ``refuse``: Discord refuses them."""

    def __init__(self, refuse: bool = False) -> None:
        self.sent: list[tuple[int, str, str]] = []
        self.refuse = refuse

    async def __call__(self, application_id: int, token: str, text: str) -> None:
        if self.refuse:
            raise discord.HTTPException(_Response(503), "Service Unavailable")
        self.sent.append((application_id, token, text))


class _Response:
    def __init__(self, status: int) -> None:
        self.status, self.reason = status, "refused"


async def test_only_lost_clicks_of_stopped_processes_are_told_once(tables):
    store = tables.store
    table = await started(tables)
    drawn = table.record.version
    await tables.act(table.id, ANN, "add:3")  # Ann's click was made before her process stopped
    gone, quiet, alive = stopped_process(), "another-machine", "alive-elsewhere"

    def click(n: int, user: Member, holder: str = gone, at: float = NOW) -> DeferredClick:
        return DeferredClick(n, f"token-{n}", table.id, user.id, drawn, holder, at, THREAD, True)

    await store.defer_click(click(1, ANN))                      # made: nothing to say
    await store.defer_click(click(2, BEN))                      # lost: told
    await store.defer_click(click(3, BEN, holder="me"))         # this process's own, in flight
    await store.defer_click(click(4, BEN))
    await store.forget_click(4)                                 # its move was made, or refused
    await store.defer_click(click(5, BEN, holder=alive))        # a live process's: it tells its own
    await store.defer_click(click(6, BEN, holder=quiet, at=NOW - LOST_AFTER_SECONDS + 1))  # too soon to say
    await store.defer_click(click(7, BEN, holder=quiet, at=NOW - LOST_AFTER_SECONDS - 1))  # its lease is gone
    sent = FollowUps()
    live = {"me", alive}

    assert await tell_lost_clicks(tables, "me", live, 77, sent, now=NOW + 1) == 2
    assert sent.sent == [(77, "token-7", PRESS_AGAIN.format(number=table.id)),
                         (77, "token-2", PRESS_AGAIN.format(number=table.id))]
    assert await tell_lost_clicks(tables, "me", live, 77, sent, now=NOW + 1) == 0  # claimed once
    assert await store.click_holders() == {"me", alive, quiet}
    assert await tell_lost_clicks(tables, "me", live, 77, sent, now=NOW + LOST_AFTER_SECONDS) == 1  # 6's turn
    assert await tell_lost_clicks(tables, "me", None, 77, sent, now=NOW + 10 * LOST_AFTER_SECONDS) == 0
    assert await store.click_holders() == {"me", alive}, "without leases known, only the dead are judged"


async def test_a_click_follow_up_cannot_reach_is_told_where_it_was_clicked(tables):
    """Older than Discord's follow-ups, never noted answered, or the follow-up refused: the word
    goes through the outbox, to the game's thread (naming the member, with their controls) for a
    thread post's click, by DM for a DM's or the panel's."""
    store = tables.store
    table = await started(tables)
    gone = stopped_process()
    version = table.record.version
    clicks = [DeferredClick(1, "old", table.id, ANN.id, version, gone, NOW - FOLLOW_UP_SECONDS - 1, THREAD, True),
              DeferredClick(2, "unsure", table.id, BEN.id, version, gone, NOW, PRIVATE, False),
              DeferredClick(3, "refused", table.id, BEN.id, version, gone, NOW + 1, THREAD, True),
              DeferredClick(4, "no game", 999, BEN.id, version, gone, NOW + 2, THREAD, False)]  # nowhere to say it
    for click in clicks:
        await store.defer_click(click)
    refused = FollowUps(refuse=True)

    assert await tell_lost_clicks(tables, "me", set(), 77, refused, now=NOW + 2) == 3
    items = [(item.kind, item.payload) for item in await store.unsent()
             if item.payload.get("version") == version and item.kind != "summary"][-3:]
    (first, ann), (second, ben_dm), (third, ben) = items
    assert first == third == "thread" and second == "private"
    assert ann["text"] == f"⚠️ **Ann**: {PRESS_AGAIN.format(number=table.id)}"
    assert [turn["seat"] for turn in ann["turn"]] == [0], "Ann's controls, as it is her turn"
    assert ben_dm["user_id"] == BEN.id and ben_dm["text"] == PRESS_AGAIN.format(number=table.id)
    assert ben["turn"] == [], "Ben is not asked anything now: named, not given controls"
    assert await store.click_holders() == set()


async def test_a_record_never_waits_behind_a_move_s_write(store_kind, tmp_path, tables):
    """The database write-locked by another connection (a move of another process, a backup):
    a move's commit waits, and the click is recorded meanwhile."""
    table = await started(tables)
    store = tables.store
    release = await write_lock(store_kind, tmp_path)
    try:
        move = asyncio.ensure_future(tables.act(table.id, ANN, "add:1"))
        await asyncio.sleep(0.2)  # the move is at its commit, waiting for the lock
        await store.defer_click(DeferredClick(9, "t", table.id, ANN.id, table.record.version, "me", NOW))
        await store.click_answered(9)
        assert not move.done(), "the move still waits for the lock: the record did not"
    finally:
        await release()
    await move
    assert await store.click_holders() == {"me"}
    await store.forget_click(9)
    assert await store.click_holders() == set()


async def write_lock(store_kind: str, tmp_path):
    """Take the database's write lock from another connection; returns what lets it go."""
    if store_kind == "sqlite":
        db = sqlite3.connect(tmp_path / "games.sqlite", isolation_level=None)
        db.execute("BEGIN IMMEDIATE")

        async def release_sqlite() -> None:
            db.execute("ROLLBACK")
            db.close()

        return release_sqlite
    from tests import postgres

    assert postgres.running is not None
    connection = await asyncpg.connect(await postgres.running.database_for(tmp_path))
    transaction = connection.transaction()
    await transaction.start()
    await connection.execute("LOCK TABLE games IN EXCLUSIVE MODE")  # every move's UPDATE waits

    async def release_postgres() -> None:
        await transaction.rollback()
        await connection.close()

    return release_postgres


def test_a_dead_holder_is_one_whose_pid_is_gone():
    from bot.delivery.leases import gone_from_this_machine

    assert gone_from_this_machine(stopped_process())
    assert not gone_from_this_machine(holder_name()), f"this process ({os.getpid()}) is alive"
