"""Issue 12: three bot processes (shards [0,1], [2] and [3] of 4) share one PostgreSQL
database and play games in servers on different shards. Clicks in DMs reach shard 0's process
and work there, though their games are looked after by another. The process of shard 2 is
killed outright mid-game, with a post held back by Discord and an auction's deadline running:
another process takes shard 2 over, the post goes out once, the deadline fires once, and when
shard 2's process is back it takes its games back. No acknowledged move is lost or made twice.
"""
from __future__ import annotations

import asyncio
import json
import sys
import time

import asyncpg

from bot.engine import SYSTEM_SEAT
from tests import decisions_game

pytest_plugins = ["tests.discord_sim.plugin"]

#: ``python -m bot`` with the toy game Lots (tests/decisions_game.py): an auction with a deadline.
LOTS_BOT = [sys.executable, "-c",
            "import tests.decisions_game; from bot.cli import main; raise SystemExit(main([]))"]
THREAD_POSTS = "POST /channels/{channel_id}/messages"
BID = "Bid for the bonus lot…"


async def query(url: str, sql: str, *args) -> list[asyncpg.Record]:
    connection = await asyncpg.connect(url)
    try:
        return await connection.fetch(sql, *args)
    finally:
        await connection.close()


async def open_lots(sim, guild, host, other, seconds: int):
    """``/game new`` of Lots in ``guild``; ``other`` joins, the host starts. Returns the thread."""
    await (await host.slash("game new", options={"game": decisions_game.GAME_ID,
                                                  "options": f"auction_seconds={seconds}"})).reply()
    thread = await guild.default_channel.wait_for_thread()
    lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
    await (await other.click("Join", message=lobby)).response()
    await (await host.click("Start", message=lobby)).reply()
    return thread, lobby


def dm_interactions_on(sim, shard: int, user_id: int) -> list[dict]:
    """The interactions in ``user_id``'s DMs the session of ``shard`` (of 4) was sent."""
    session = sim.gateway.session_of_shard((shard, 4))
    frames = [json.loads(frame) for _, frame in session.backlog] if session else []
    return [f["d"] for f in frames if f.get("t") == "INTERACTION_CREATE" and "guild_id" not in f["d"]
            and int(f["d"]["user"]["id"]) == user_id]


async def test_three_processes_share_a_database_and_take_over_a_dead_one(
    discord_sim, bot_process, postgres_cluster
):
    url = await postgres_cluster.create_database()
    north = discord_sim.add_guild("North", shard=(1, 4), members=("alice", "bob"))
    harbour = discord_sim.add_guild("Harbour", shard=(2, 4), members=("alice", "bob"))
    east = discord_sim.add_guild("East", shard=(3, 4), members=("carol", "dave"))
    # Commands go everywhere (no DEV_GUILD_ID); leases of five seconds (the least allowed), renewed each 1.7 s.
    env = {"DEV_GUILD_ID": "", "MARQUEE_LEASE_SECONDS": "5"}
    first = await bot_process(LOTS_BOT, db_path=url, env=env, shards=(0, 1), shard_count=4)
    second = await bot_process(LOTS_BOT, db_path=url, env=env, shards=(2,), shard_count=4, commands=False)
    third = await bot_process(LOTS_BOT, db_path=url, env=env, shards=(3,), shard_count=4, commands=False)

    # A game in each of the three servers; each server's thread is posted to by its shard's process.
    alice, bob = harbour.member("alice"), harbour.member("bob")
    threads = {}
    for guild, host, other, seconds in ((north, north.member("alice"), north.member("bob"), 60),
                                        (harbour, alice, bob, 2),
                                        (east, east.member("carol"), east.member("dave"), 60)):
        threads[guild.id], _ = await open_lots(discord_sim, guild, host, other, seconds)
        post = await threads[guild.id].wait_for_message(lambda m: "Pick nothing" in m.button_labels)
        await (await host.click("Pick nothing", message=post)).response()
    east_post = await threads[east.id].wait_for_message(lambda m: "Make no offer" in m.button_labels)
    await (await east.member("carol").click("Make no offer", message=east_post)).response()
    dave = east.member("dave")
    dm = await dave.wait_for_dm(lambda m: BID in m.button_labels)
    form = await (await dave.click(BID, message=dm)).modal()
    answer = await (await form.submit(amount="12")).reply()
    assert answer.ephemeral and "12" in answer.text, answer.text
    # The DM's clicks went to shard 0's process, none to East's own (shard 3).
    assert len(dm_interactions_on(discord_sim, 0, dave.id)) == 2  # the click and the form
    assert not dm_interactions_on(discord_sim, 3, dave.id)

    # Harbour (shard 2): Discord holds its next thread post back; the auction opens meanwhile.
    thread = threads[harbour.id]
    post = await thread.wait_for_message(lambda m: "Make no offer" in m.button_labels)
    hold = discord_sim.rate_limit_next(THREAD_POSTS, retry_after=30, path_contains=str(thread.id))
    await (await alice.click("Make no offer", message=post)).response()
    await discord_sim.wait_for(lambda: hold.fired, what="the held-back post")
    (due,), = [tuple(row) for row in await query(url, "SELECT due_at FROM timers WHERE key LIKE 'deadline:%'"
                                                 " AND game_id = (SELECT id FROM games WHERE guild_id = $1)",
                                                 harbour.id)]
    unsent, = await query(url, "SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL"
                               " AND game_id = (SELECT id FROM games WHERE guild_id = $1)", harbour.id)
    killed_pid = second.pid
    await second.kill()  # mid-game: a post unsent, a deadline to come
    assert time.time() < due and unsent["n"] >= 1

    # Another process takes shard 2 over: the held post and the DMs go out, and the deadline
    # that came meanwhile closes the auction, each once.
    await bob.wait_for_dm(lambda m: BID in m.button_labels)  # sent by the process that took over
    closed = await thread.wait_for_message(lambda m: "auction closes" in m.text, what="the auction to close")
    holder, = await query(url, "SELECT holder FROM shard_leases WHERE shard_count = 4 AND shard = 2")
    assert f":{killed_pid}:" not in holder["holder"]  # taken over

    # Shard 2's process is back: it takes its games back and goes on with them.
    await second.start(commands=False)
    await (await bob.click("Pick nothing", message=closed)).response()
    await thread.wait_for_message(lambda m: "**Bob** picks nothing." in m.text)
    for _ in range(50):  # the borrower let go when asked; shard 2's process holds it again
        holder, = await query(url, "SELECT holder FROM shard_leases WHERE shard_count = 4 AND shard = 2")
        if f":{second.pid}:" in holder["holder"]:
            break
        await asyncio.sleep(0.1)
    assert f":{second.pid}:" in holder["holder"]
    await discord_sim.settle()

    # Nothing lost, nothing twice: the log is contiguous, one system move per deadline,
    # no deadline left, every post of the thread once.
    for guild in (north, harbour, east):
        (game_id, version), = [tuple(r) for r in await query(url, "SELECT id, version FROM games WHERE guild_id = $1", guild.id)]
        moves = [r["move"] for r in await query(url, "SELECT move FROM actions WHERE game_id = $1 ORDER BY move", game_id)]
        assert moves == list(range(2, version + 1))
    log = await query(url, "SELECT seat, action, user_id FROM actions WHERE game_id ="
                           " (SELECT id FROM games WHERE guild_id = $1) ORDER BY move", harbour.id)
    assert [(r["seat"], r["action"]) for r in log if r["seat"] == SYSTEM_SEAT] == [(SYSTEM_SEAT, "auction:close")]
    # Alice's pick and her "no offer", Bob's pick: each click acknowledged is one move.
    assert [(r["action"], r["user_id"]) for r in log if r["user_id"] is not None] == [
        ("pass", alice.id), ("skip", alice.id), ("pass", bob.id)]
    assert not await query(url, "SELECT 1 FROM timers WHERE game_id = (SELECT id FROM games WHERE guild_id = $1)"
                                " AND key LIKE 'deadline:%'", harbour.id)
    texts = [m.text for m in thread.messages]
    assert len([t for t in texts if "auction closes" in t]) == 1
    assert len(texts) == len(set(texts)), "no post twice"
    assert first.running and third.running  # the other two processes lived through it all
