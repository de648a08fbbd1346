"""A click is never lost without a word (issue 26, point 6): a thread click's move is committed
before the click is answered whenever it fits Discord's 3 seconds; a slower one is answered
first and remembered until it is made, so a restart in between tells the member."""
from __future__ import annotations

import asyncio
import sqlite3
import time

import bot.app
import cogs.clicks
from bot.store.clicks import journal_path

from .driver import Table, is_turn_post, move_controls, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

UPDATE_MESSAGE, DEFERRED_UPDATE = 7, 6  # Discord's interaction callback types


def deferred_clicks(db_path) -> list[tuple]:
    """The clicks recorded in the click journal beside the database (bot/store/clicks.py)."""
    db = sqlite3.connect(journal_path(db_path))
    try:
        return db.execute("SELECT game_id, user_id FROM clicks").fetchall()
    finally:
        db.close()


def watch_commits(store, *, delay: float = 0.0, hold: asyncio.Event | None = None) -> list[float]:
    """Note when each move's commit ends (perf_counter), after ``delay`` or once ``hold`` is set."""
    ended: list[float] = []
    commit = store.commit

    async def noted(*args, **kwargs):
        if hold is not None:
            await hold.wait()
        await asyncio.sleep(delay)
        try:
            return await commit(*args, **kwargs)
        finally:
            ended.append(time.perf_counter())

    store.commit = noted
    return ended


async def test_a_thread_click_is_answered_after_its_move_is_committed(discord_sim, marquee, alice, bob):
    async with marquee(seed=1) as bot:
        thread, _ = await open_table(discord_sim, alice, [alice, bob])
        table = Table(discord_sim, thread, [alice, bob])
        post = await thread.wait_for_message(is_turn_post)
        ended = watch_commits(bot.tables.store)
        _, response = await table.click(table.pending(post), post, move_controls(post)[0])
        assert response.type == UPDATE_MESSAGE  # the clicked post, updated: no deferral
        assert ended and ended[0] < response.at  # the move was durable before the answer
        await table.next_post(post)


async def test_a_slow_move_is_deferred_and_remembered_until_it_is_made(
    discord_sim, marquee, db_path, alice, bob, monkeypatch
):
    monkeypatch.setattr(cogs.clicks, "FAST_ANSWER_SECONDS", 0.05)
    async with marquee(seed=1) as bot:
        thread, _ = await open_table(discord_sim, alice, [alice, bob])
        table = Table(discord_sim, thread, [alice, bob])
        post = await thread.wait_for_message(is_turn_post)
        hold = asyncio.Event()
        ended = watch_commits(bot.tables.store, hold=hold)
        member = table.pending(post)
        _, response = await table.click(member, post, move_controls(post)[0])
        assert response.type == DEFERRED_UPDATE and not ended
        await discord_sim.wait_for(lambda: deferred_clicks(db_path) == [(1, member.id)], what="the click kept")
        hold.set()
        await table.next_post(post)
        await discord_sim.wait_for(lambda: not deferred_clicks(db_path), what="the click forgotten")
        assert ended


async def test_a_click_deferred_and_lost_in_a_restart_is_told_to_press_again(
    discord_sim, marquee, db_path, alice, bob, monkeypatch
):
    monkeypatch.setattr(cogs.clicks, "FAST_ANSWER_SECONDS", 0.05)
    monkeypatch.setattr(bot.app, "CLOSE_GRACE_SECONDS", 0.1)  # the stuck click is not waited for
    # Both bots run in this test's process, whose pid lives on: the first's record is judged by
    # its lease, let go as it closed, and taken for lost at once rather than after a minute.
    monkeypatch.setattr(cogs.clicks, "LOST_AFTER_SECONDS", 0.0)
    async with marquee(seed=1) as first:
        thread, _ = await open_table(discord_sim, alice, [alice, bob])
        table = Table(discord_sim, thread, [alice, bob])
        post = await thread.wait_for_message(is_turn_post)
        watch_commits(first.tables.store, hold=asyncio.Event())  # the move never commits
        member = table.pending(post)
        handle, response = await table.click(member, post, move_controls(post)[0])
        assert response.type == DEFERRED_UPDATE
        await discord_sim.wait_for(lambda: deferred_clicks(db_path), what="the click kept")
        version = sqlite3.connect(db_path).execute("SELECT version FROM games").fetchone()
    async with marquee(seed=1, commands=False):
        told = await handle.followup(0)
        assert told.ephemeral and "was not made" in told.text and "Press the button again" in told.text
        assert not deferred_clicks(db_path)
        assert sqlite3.connect(db_path).execute("SELECT version FROM games").fetchone() == version
        assert move_controls(table.latest()), "the post still has its buttons"
