"""The bot as a child process: started with the simulator's env, SIGKILLed, restarted — and a
button posted by the first process still works in the second (DynamicItem + sqlite)."""

from __future__ import annotations

import re
import sys

import pytest

from tests.discord_sim import InteractionFailed

pytest_plugins = ["tests.discord_sim.plugin"]

TINY = [sys.executable, "-m", "tests.sim_selftest.tiny_bot"]


async def test_sigkill_and_restart_keep_old_buttons_working(discord_sim, bot_process, alice, bob):
    proc = await bot_process(TINY)
    first_pid = proc.pid
    await (await alice.slash("demo start", name="Durable")).reply()
    lobby = await discord_sim.channel("Durable").wait_for_message()
    joined = await (await bob.click("Join", message=lobby)).reply()
    assert joined.text == f"Game 1: 1 joined (last: bob, pid {first_pid})"

    await proc.kill()
    assert not proc.running
    lost = await alice.click("Join", message=lobby)  # "This interaction failed"
    with pytest.raises(InteractionFailed, match="no bot session is connected"):
        await lost.reply()

    await proc.start()  # a new process: new IDENTIFY, commands synced again
    assert proc.pid != first_pid and discord_sim.gateway.identify_count == 2
    reply = await (await alice.click("Join", message=lobby)).reply()
    # Matched by the DynamicItem's custom_id template; the count of 2 came from sqlite.
    assert reply.text == f"Game 1: 2 joined (last: alice, pid {proc.pid})"


async def test_errors_in_the_child_output_fail_like_in_process_ones(
    discord_sim, bot_process, carol
):
    await bot_process(TINY)
    discord_sim.expect_error(r"Ignoring exception in command 'slow'")
    handle = await carol.slash("demo slow", seconds=0.2)
    discord_sim.advance_clock(5)
    await discord_sim.wait_for(lambda: discord_sim.expected_errors, what="the child's ERROR line")
    [error] = discord_sim.expected_errors  # the ERROR line and its traceback, reported as one
    assert re.search(r"ERROR +discord.app_commands.tree", error.splitlines()[0])
    assert "NotFound: 404 Not Found (error code: 10062): Unknown interaction" in error
    assert [v.rule for v in discord_sim.take_violations()] == [
        "first interaction response within 3 s"
    ]
    handle.abandon()
