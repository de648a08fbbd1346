"""Threads in a busy server (issue 26): what happens to a game when Discord changes its thread."""
from __future__ import annotations

import sqlite3

from .driver import open_table

pytest_plugins = ["tests.discord_sim.plugin"]


async def test_a_deleted_thread_ends_its_game_as_abandoned_and_the_host_is_told(
    discord_sim, marquee, db_path, alice, bob
):
    async with marquee(seed=1):
        thread, _lobby = await open_table(discord_sim, alice, [alice, bob])
        channel = discord_sim.default_channel
        discord_sim.delete_channel(thread)  # a moderator deletes it
        told = await channel.wait_for_message(lambda m: "was deleted" in m.text, what="the host told")
        assert f"<@{alice.id}>" in told.text and "abandoned" in told.text and "counts for nobody" in told.text
        db = sqlite3.connect(db_path)

        def left():
            return db.execute("SELECT id, kind, parked_at, last_error FROM outbox WHERE sent_at IS NULL").fetchall()

        # The start's post finds the thread gone: dropped, not parked; the DMs still go.
        await discord_sim.wait_for(lambda: not left(), what="the outbox emptied")
        await discord_sim.settle()
    assert db.execute("SELECT status FROM games").fetchall() == [("abandoned",)]
    assert db.execute("SELECT COUNT(*) FROM timers").fetchone() == (0,), "no clock runs for it"
