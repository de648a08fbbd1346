"""Discord is down for a while: every message the bot creates, in the thread or by DM, gets a
503 (discord.py raises it at once; a 500/502/504 it would retry for 25 s itself first). Clicks
still reach the bot, so the game starts and the outbox fills; once Discord answers again every
post and DM arrives exactly once, in order, and the game goes on.

The backoff starts at 0.2 s here (MARQUEE_TEST_OUTBOX_BASE_DELAY) so this takes seconds; the real
schedule (10 s doubling to 15 min, a ten-minute outage) is tests/host/test_dispatch.py's, with a
fake clock."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter

from .driver import Table, is_turn_post

pytest_plugins = ["tests.discord_sim.plugin"]

MESSAGES = "POST /channels/{channel_id}/messages"


def read(db_path, sql: str) -> list[tuple]:
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


async def test_what_is_said_while_discord_is_down_arrives_once_it_is_back(
    discord_sim, marquee, db_path, alice, bob, carol
):
    async with marquee(seed=122, outbox_base_delay=0.2):
        reply = await (await alice.slash("game new", game="advance-to-boardwalk")).reply()
        assert "Your table is ready" in reply.text
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
        for member in (bob, carol):
            await (await member.click("Join", message=lobby)).response()
            await member.wait_for_dm(lambda m: "You joined" in m.text)  # sent by the click itself
        welcomed = {m.id: len(m.dms) for m in (alice, bob, carol)}

        outage = discord_sim.faults.outage(MESSAGES)
        started = await (await alice.click("Start", message=lobby)).reply()  # a click: answered
        assert "The game has started." in started.text
        await discord_sim.wait_for(lambda: outage.fired >= 4, what="four failed tries", timeout=10)
        assert thread.bot_messages == [lobby]
        assert {m.id: len(m.dms) for m in (alice, bob, carol)} == welcomed
        unsent, = read(db_path, "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")[0]
        assert unsent >= 4, "the board post and everyone's hand wait in the outbox"

        outage.lift()
        post = await thread.wait_for_message(is_turn_post, after=lobby, timeout=10)
        await discord_sim.wait_for(
            lambda: not read(db_path, "SELECT 1 FROM outbox WHERE sent_at IS NULL"),
            what="an empty outbox", timeout=10)
        await discord_sim.settle()
        hands = [dm for m in (alice, bob, carol) for dm in m.dms[welcomed[m.id]:]]
        assert len(hands) >= 3 and all(post.id < dm.id for dm in hands), (
            "the post first, then the hands: the outbox's order")
        assert [m for m in thread.bot_messages if m.id > lobby.id] == [post], "posted once"

        table = Table(discord_sim, thread, [alice, bob, carol])
        await table.step(post)  # the game goes on

    # Each DM the outbox holds arrived once (a DM chunk is one message at these lengths).
    wanted = Counter(json.loads(p)["user_id"] for p, in read(
        db_path, "SELECT payload FROM outbox WHERE kind = 'private'"))
    arrived = {m.id: len(m.dms) - welcomed[m.id] for m in (alice, bob, carol)}
    assert arrived == {m.id: wanted[m.id] for m in (alice, bob, carol)}
    assert not read(db_path, "SELECT 1 FROM outbox WHERE parked_at IS NOT NULL OR sent_at IS NULL")
