"""A bot told to stop (SIGTERM: a process manager, the launcher) closes as it should: it
exits 0, with no error, having let go of its shards' lease, so another process would take
its games over at once instead of waiting for the lease to lapse."""
from __future__ import annotations

import sqlite3
import time

from .driver import is_turn_post, open_table

pytest_plugins = ["tests.discord_sim.plugin"]


async def test_sigterm_closes_the_bot_and_lets_its_lease_go(discord_sim, bot_process, db_path,
                                                           alice, bob):
    proc = await bot_process()
    thread, _ = await open_table(discord_sim, alice, [alice, bob])
    await thread.wait_for_message(is_turn_post)
    db = sqlite3.connect(db_path)
    try:
        (held_until,), = db.execute("SELECT expires_at FROM shard_leases").fetchall()
        assert held_until > time.time()
        await proc.stop(grace=15)
        assert proc.output[-1].endswith("ended with 0"), proc.tail()
        (held_until,), = db.execute("SELECT expires_at FROM shard_leases").fetchall()
        assert held_until <= time.time()
    finally:
        db.close()
