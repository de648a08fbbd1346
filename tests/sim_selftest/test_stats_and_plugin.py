"""Throughput numbers, and the pytest plugin failing tests for the right reasons."""

from __future__ import annotations

import asyncio
import os
import statistics
import textwrap

import pytest

pytest_plugins = ["tests.discord_sim.plugin", "pytester"]


async def test_stats_measure_throughput_and_latency(discord_sim, tiny, alice, bob, carol, dave):
    await (await alice.slash("demo start", name="Busy")).reply()
    lobby = await discord_sim.channel("Busy").wait_for_message()
    discord_sim.stats.reset()
    members = [alice, bob, carol, dave]
    handles = [await members[i % 4].click("Join", message=lobby) for i in range(40)]
    await asyncio.gather(*(h.reply() for h in handles))
    stats = discord_sim.stats
    print("\nharness stats:", stats)
    assert stats.dispatched == stats.answered == 40 and len(stats.latencies) == 40
    assert sorted(stats.latencies) == sorted(h.latency for h in handles)
    assert stats.median_ms == pytest.approx(statistics.median(stats.latencies) * 1000)
    assert stats.p95_ms >= stats.median_ms > 0
    assert stats.per_second == pytest.approx(40 / (stats.last_answer - stats.first_dispatch))
    assert "40/40 interactions answered" in stats.summary()
    assert lobby.text.startswith("Game 1: 4 joined")


PLUGIN_CASES = """
    import logging

    import aiohttp
    import pytest

    pytest_plugins = ["tests.discord_sim.plugin"]


    @pytest.mark.asyncio
    async def test_clean(discord_sim, alice):
        assert alice.name == "alice"


    @pytest.mark.asyncio
    async def test_error_log_fails(discord_sim):
        logging.getLogger("somebot").error("boom")


    @pytest.mark.asyncio
    async def test_violation_fails(discord_sim):
        async with aiohttp.ClientSession() as session:
            await session.get(discord_sim.api_base + "/voice/regions",
                              headers={"Authorization": "Bot " + discord_sim.token})


    @pytest.mark.asyncio
    async def test_unfired_fault_errors_at_teardown(discord_sim):
        discord_sim.rate_limit_next("POST /channels/{channel_id}/messages")
"""


def test_plugin_fails_tests_for_errors_violations_and_leftovers(pytester, monkeypatch):
    pytester.makepyfile(test_cases=textwrap.dedent(PLUGIN_CASES))
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    monkeypatch.setenv("PYTHONPATH", root)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-q")
    result.assert_outcomes(
        passed=2, failed=2, errors=1
    )  # each problem reported once, where it belongs
    output = result.stdout.str()
    assert "bot error: ERROR somebot: boom" in output
    assert "violation: GET /voice/regions: route not simulated" in output
    assert "fault armed but never triggered: POST /channels/{channel_id}/messages" in output
