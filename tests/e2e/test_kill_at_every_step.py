"""Kill the bot at every step of a click, and of a strong bot's move, on both stores (issue 36).

For each kind of click a move comes from (a thread post's button, the private panel, a DM, a
form submitted from a DM, an Undo) and for a strong bot's move, a click is made first without
a kill, listing the named steps (``bot/steps.py``) the bot reaches: once with a quick move
(answered after its commit) and once with a slow one (recorded, answered, then committed).
Then, for each step listed, the same kind of click is made with the bot stopped dead there and
another started on the same database, and the property is checked (``crash_harness.py``).

In this process (``killable.py``: the bot's thread blocks at the step, its connections are
closed as a SIGKILL leaves them) for every step, in about a third of a second a step;
``test_sigkill_at_a_step_of_each_part`` does it with real SIGKILLs of a bot process, at a
step of each part of the path.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import bot.app
import cogs.clicks
from bot import steps
from bot.delivery import leases
from bot.delivery.drawing import Drawing
from bot.settings import Settings
from bot.table import take_back
from tests.discord_sim import DiscordSim

from .crash_harness import BY_NAME, QUICK, SCENARIOS, SLOW, Harness, KilledProcess, Peek, Scenario
from .killable import Killable, holder_of_a_dead_pid

pytest_plugins = ["tests.discord_sim.plugin"]


@pytest.fixture
def quick_bots(monkeypatch):
    """Bots that start quickly and die cleanly in this process: boards drawn in a thread,
    closing waits for no interaction, each bot a lease holder whose pid is dead to the next,
    and as many take-backs as the harness makes."""
    monkeypatch.setattr(Drawing, "start", classmethod(lambda cls, *args, **kwargs: cls.in_thread()))
    monkeypatch.setattr(bot.app, "CLOSE_GRACE_SECONDS", 0.1)
    monkeypatch.setattr(leases, "holder_name", holder_of_a_dead_pid)
    monkeypatch.setattr(take_back, "TAKE_BACKS_PER_GAME", 10_000)


async def database_of(store_kind: str, tmp_path: Path) -> str:
    if store_kind == "sqlite":
        return str(tmp_path / "marquee.sqlite3")
    from tests import postgres

    assert postgres.running is not None
    return await postgres.running.database_for(tmp_path)


def test_every_step_is_killed_in_some_scenario():
    reached = set().union(*(scenario.quick | scenario.slow for scenario in SCENARIOS))
    assert reached == set(steps.STEPS)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
async def test_kill_at_every_step(discord_sim: DiscordSim, store_kind, tmp_path, monkeypatch, quick_bots,
                                  alice, bob, scenario: Scenario, report_figures):
    database = await database_of(store_kind, tmp_path)
    killable = Killable(discord_sim, lambda: Settings(
        token=discord_sim.token, database=database, dev_guild_id=discord_sim.guild.id, log_level="INFO",
        strong_bots=1))
    await killable.start(commands=True)
    peek = Peek(store_kind, database)
    harness = Harness(discord_sim, peek, killable, [alice] if scenario.strong_bot else [alice, bob])
    killed = 0
    try:
        await harness.open_game(scenario)
        for mode, patience, expected in ((QUICK, cogs.clicks.FAST_ANSWER_SECONDS, scenario.quick),
                                         (SLOW, 0.0, scenario.slow)):
            if not expected:
                continue
            monkeypatch.setattr(cogs.clicks, "FAST_ANSWER_SECONDS", patience)
            click = await harness.step(scenario)
            await harness.check(scenario, click, f"{scenario.name}, {mode}, not killed")
            seen = killable.seen[killable.seen.index(scenario.after):] if scenario.after else killable.seen
            assert set(seen) == expected, f"{scenario.name}, {mode}: the steps reached"
            for step in dict.fromkeys(seen):
                click = await harness.step(scenario, kill=step)
                await harness.check(scenario, click, f"{scenario.name}, {mode}, killed at {step!r}")
                killed += 1
        report_figures(f"{scenario.name} on {store_kind}", f"killed at {killed} steps")
    finally:
        await killable.close()
        await peek.close()


#: By store, (scenario, step) for slow clicks (answered first): a step of each part of the path,
#: and a strong bot's thinking.
SIGKILLED = {"sqlite": [("thread click", steps.CLICK_DEFERRED),      # answered, not noted: told in the thread
                        ("strong bot's move", steps.BOT_THINKING)],  # thinking: the next process moves it
             "postgresql": [("DM click", steps.CLICK_NOTED),         # answered and noted: told by follow-up
                            ("form submit", steps.POST_DELIVERED)]}  # made, its DM out but not marked sent


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_sigkill_at_a_step_of_each_part(discord_sim: DiscordSim, kind, request, tmp_path, bot_process,
                                              alice, bob):
    """A bot process SIGKILLs itself at the step (``KilledProcess``), and is started again on
    the same database: the same property."""
    if kind == "postgresql":
        request.getfixturevalue("postgres_cluster")
    database = await database_of(kind, tmp_path)
    armed = tmp_path / "die at"
    process = await bot_process(KilledProcess.argv(armed, patience=0.0), db_path=database)
    peek = Peek(kind, database)
    try:
        for name, step in SIGKILLED[kind]:
            scenario = BY_NAME[name]
            harness = Harness(discord_sim, peek, KilledProcess(discord_sim, process, armed),
                              [alice] if scenario.strong_bot else [alice, bob])
            await harness.open_game(scenario)
            click = await harness.step(scenario, kill=step)
            await harness.check(scenario, click, f"{name}, slow, SIGKILLed at {step!r}")
    finally:
        await peek.close()
