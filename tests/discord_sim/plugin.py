"""pytest fixtures for the simulated Discord. Opt in per module::

    pytest_plugins = ["tests.discord_sim.plugin"]

Fixtures: ``discord_sim`` (a started DiscordSim), ``alice``, ``bob``, ``carol``, ``dave``
(members), ``guild_owner``, and ``bot_process`` (a factory for subprocess bots, all killed at
teardown).

A test fails when the bot logs an ERROR, when a wait times out, or when the bot broke a
Discord rule (a violation): these are checked right after the test body, so they fail the
test itself. After the bots are stopped, the teardown also checks that every interaction was
answered and every armed fault fired (reported as an error at teardown)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence

import pytest
import pytest_asyncio

from .members import SimMember
from .process import BotProcess
from .server import DiscordSim

_LIVE: list[DiscordSim] = []


@pytest_asyncio.fixture
async def discord_sim() -> AsyncIterator[DiscordSim]:
    sim = DiscordSim()
    await sim.start()
    _LIVE.append(sim)
    try:
        yield sim
        if not sim.test_failed:  # a failed test already told its story
            with contextlib.suppress(Exception):  # whatever it raises, check() reports it
                await sim.settle(quiet=0.05, timeout=1.0)
            sim.check()
    finally:
        _LIVE.remove(sim)
        await sim.close()


@pytest.fixture
def alice(discord_sim: DiscordSim) -> SimMember:
    return discord_sim.member("alice")


@pytest.fixture
def bob(discord_sim: DiscordSim) -> SimMember:
    return discord_sim.member("bob")


@pytest.fixture
def carol(discord_sim: DiscordSim) -> SimMember:
    return discord_sim.member("carol")


@pytest.fixture
def dave(discord_sim: DiscordSim) -> SimMember:
    return discord_sim.member("dave")


@pytest.fixture
def guild_owner(discord_sim: DiscordSim) -> SimMember:
    return discord_sim.owner


@pytest_asyncio.fixture
async def bot_process(
    discord_sim: DiscordSim, tmp_path
) -> AsyncIterator[Callable[..., Awaitable[BotProcess]]]:
    """``proc = await bot_process()`` starts ``python -m bot`` against the simulator and waits
    until it is ready; pass ``argv=[...]`` for another entry point, ``commands=False`` if it
    does not sync on start, ``shards=(2,), shard_count=4`` for one of several processes. The sqlite file is ``tmp_path / "marquee.sqlite3"`` unless
    ``db_path`` is given; it survives ``restart()``."""
    started: list[BotProcess] = []

    async def start(argv: Sequence[str] | None = None, *, db_path=None, **kw) -> BotProcess:
        proc = BotProcess(discord_sim, argv, db_path=db_path or tmp_path / "marquee.sqlite3", **kw)
        started.append(proc)
        return await proc.start()

    yield start
    with contextlib.suppress(Exception):
        await discord_sim.settle(quiet=0.05, timeout=1.0)
    for proc in started:
        await proc.kill()
    failing = discord_sim.problems()
    if failing:
        for proc in started:
            print(f"\n--- output of bot process {proc.argv}:\n{proc.tail(60)}")


@pytest.hookimpl(hookwrapper=True)
def pytest_pyfunc_call(pyfuncitem):
    outcome = yield
    sims = list(_LIVE)
    if outcome.excinfo is not None:
        for sim in sims:
            sim.test_failed = True
        return
    problems = [
        p
        for sim in sims
        for p in sim.problems()
        if p.startswith(("violation:", "bot error:", "timeout:"))
    ]
    if problems:
        for sim in sims:
            sim.test_failed = True
        outcome.force_exception(
            AssertionError(
                "simulated Discord found problems:\n- "
                + "\n- ".join(problems)
                + "".join(f"\nrecent activity:\n{s.recent()}" for s in sims)
            )
        )
