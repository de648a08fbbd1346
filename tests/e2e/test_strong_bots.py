"""A strong bot's thinking (a second or more a decision) never holds a member's click: the
click is answered once the member's move is committed, the thread shows that move at once by
editing the turn's post, and the bot's reply comes as the next post."""

from __future__ import annotations

import asyncio
import sqlite3

from .driver import Table, action_of, is_turn_post, move_controls
from .test_quiet_table import recorder  # noqa: F401 (the fixture: who each post pinged)

pytest_plugins = ["tests.discord_sim.plugin"]

UPDATE_MESSAGE = 7  # Discord's interaction callback type: the clicked message, updated at once


def moves_made(db_path) -> int:
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        return db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    finally:
        db.close()


async def test_a_strong_bots_thinking_does_not_hold_the_click_it_answers(discord_sim, marquee, db_path, alice,
                                                                       recorder):  # noqa: F811
    async with marquee(seed=156, strong_bots=1) as bot:
        # The bot's thinking waits for the scenario's word, so what the thread shows while it
        # thinks is seen whatever the machine's speed.
        thinking, go = bot.tables.thinking, asyncio.Event()
        choose = thinking.choose

        async def when_told(*args, **kwargs):
            await go.wait()
            return await choose(*args, **kwargs)

        thinking.choose = when_told  # type: ignore[method-assign]
        go.set()
        await (await alice.slash("game new", game="advance-to-boardwalk")).reply()
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
        await (await alice.click("Add strong bot ★", message=lobby)).response()
        await (await alice.click("Start", message=lobby)).reply()
        table = Table(discord_sim, thread, [alice])
        post = await thread.wait_for_message(is_turn_post, what="Alice's turn", timeout=60)

        # Alice plays her turn to its end; the last click puts the game to the bot.
        while (end := [c for c in move_controls(post) if action_of(c) == "end"]) != move_controls(post):
            await table.click(alice, post, move_controls(post)[0])
            post = await table.next_post(post)
        before = moves_made(db_path)
        go.clear()
        _, response = await table.click(alice, post, end[0])
        assert response.type == UPDATE_MESSAGE  # answered once her move was in, not deferred
        # Her turn's post is edited: it shows her move, and asks her nothing any more.
        await discord_sim.wait_for(lambda: not is_turn_post(post), what="her move shown", timeout=60)
        shown = post.text
        assert moves_made(db_path) == before + 1
        go.set()
        reply = await thread.wait_for_message(is_turn_post, after=post, what="the bot's reply", timeout=120)
        assert moves_made(db_path) > before + 1
        assert "**Alice** ends the turn." in shown and "**Alice** ends the turn." not in reply.text
        assert "**Bot Ada ★**" in reply.text
        # One new post for the round, as when a normal bot answers at once (the bot's moves
        # delivered while it thinks edit her turn's post), and no ping to Alice, who is
        # still there: she moved seconds ago.
        assert [m for m in thread.bot_messages if post.id < m.id < reply.id] == []
        [made] = [a for a in recorder.applied if a.message is reply and not a.editing]
        assert alice.id not in made.pinged
        assert [a.message for a in recorder.applied if a.editing and a.message is post]
