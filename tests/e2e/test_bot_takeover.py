"""A strong bot whose thinking process is killed still moves (issue 36, part 3). Two bot
processes share a PostgreSQL database, one per shard of two; the game is in a server of shard 1.

- A member's click in a DM reaches shard 0's process, which makes the move and thinks for the
  strong bot, and is killed mid-thought. The game is not its to look after, so no take-over
  resumes it: the game's bot countdown (``clock.BOT_WAIT``, written with the member's move) is
  fired by shard 1's process, whose bot then moves.
- A click in the thread reaches shard 1's own process, which is killed mid-thought: shard 0's
  process takes shard 1 over and moves the bot.

The bots think for ``THINK`` seconds and the countdown is ``BOT_WAIT`` (set in the processes):
short stand-ins for a strong decision's second and the countdown's thirty.
"""
from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable

import asyncpg

from tests.discord_sim import DiscordSim

from .crash_harness import controls_of

pytest_plugins = ["tests.discord_sim.plugin"]

THINK, BOT_WAIT = 2.0, 2.0
RELAY_BOT = [sys.executable, "-c", f"""
import tests.e2e.relay_game as relay
from bot.cli import main
from bot.delivery.drawing import Drawing
from bot.table import clock

relay.THINK_SECONDS, clock.BOT_WAIT_SECONDS = {THINK}, {BOT_WAIT}
# Thought out in a thread of the bot's: a worker process would not know Relay.
Drawing.start = classmethod(lambda cls, *args, **kwargs: cls.in_thread())
raise SystemExit(main([]))
"""]


async def until(sim: DiscordSim, condition: Callable[[], Awaitable[bool]], what: str) -> None:
    """Wait for ``condition``, within the simulator's ceiling on waits."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + sim.default_timeout
    while not await condition():
        assert loop.time() < deadline, f"waited in vain for {what}\n{sim.recent()}"
        await asyncio.sleep(0.1)


async def made(url: str, game_id: int, count: int) -> bool:
    """Whether the game's log has ``count`` moves."""
    return len(await moves(url, game_id)) >= count


async def moves(url: str, game_id: int) -> list[tuple]:
    """The game's log: (seat, action, user id; None for a bot)."""
    connection = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await connection.fetch(
            "SELECT seat, action, user_id FROM actions WHERE game_id = $1 ORDER BY move", game_id)]
    finally:
        await connection.close()


async def relay_with_a_strong_bot(sim: DiscordSim, guild, url: str, kind: str):
    """Alice's game of Relay with a strong bot in ``guild``: its thread and id."""
    alice = guild.member("alice")
    before = list(guild.default_channel.threads)
    await (await alice.slash("game new", options={"game": "toy-relay", "options": f"kind={kind}"})).reply()
    thread = await guild.default_channel.wait_for_thread(lambda t: t not in before)
    lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
    await (await alice.click("Add strong bot ★", message=lobby)).reply()
    await (await alice.click("Start", message=lobby)).reply()
    connection = await asyncpg.connect(url)
    try:
        game_id = await connection.fetchval("SELECT MAX(id) FROM games")
    finally:
        await connection.close()
    return thread, game_id


async def test_a_strong_bot_moves_after_the_process_thinking_for_it_is_killed(
        discord_sim, bot_process, postgres_cluster):
    url = await postgres_cluster.create_database()
    harbour = discord_sim.add_guild("Harbour", shard=(1, 2), members=("alice",))
    alice = harbour.member("alice")
    env = {"DEV_GUILD_ID": "", "MARQUEE_LEASE_SECONDS": "5"}  # commands everywhere; leases renewed every 1.7 s
    first = await bot_process(RELAY_BOT, db_path=url, env=env, shards=(0,), shard_count=2)
    second = await bot_process(RELAY_BOT, db_path=url, env=env, shards=(1,), shard_count=2, commands=False)

    # A DM click: shard 0's process makes the move and thinks for the bot, and is killed.
    _, sealed = await relay_with_a_strong_bot(discord_sim, harbour, url, "sealed")
    dm = await alice.wait_for_dm(lambda m: "seal:a" in controls_of(m))
    await (await alice.click(controls_of(dm)["seal:a"], message=dm)).response()
    await until(discord_sim, lambda: made(url, sealed, 1), "Alice's move")
    await first.kill()  # thinking for THINK seconds: it never moves
    await until(discord_sim, lambda: made(url, sealed, 2), "the bot's move, by shard 1's process")
    assert await moves(url, sealed) == [(0, "seal:a", alice.id), (1, "seal:a", None)]
    await first.start(commands=False)

    # A thread click: shard 1's own process thinks for the bot, and is killed.
    thread, game = await relay_with_a_strong_bot(discord_sim, harbour, url, "open")
    post = await thread.wait_for_message(lambda m: "step" in controls_of(m))
    await (await alice.click(controls_of(post)["step"], message=post)).response()
    await until(discord_sim, lambda: made(url, game, 1), "Alice's move")
    await second.kill()
    await until(discord_sim, lambda: made(url, game, 2), "the bot's move, by the process taking shard 1 over")
    assert await moves(url, game) == [(0, "step", alice.id), (1, "step", None)]
    await discord_sim.settle()
