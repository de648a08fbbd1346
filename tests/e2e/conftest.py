"""The real Marquee bot against the simulated Discord: fixtures for issue 3's scenarios.

Each module opts in to the harness with ``pytest_plugins = ["tests.discord_sim.plugin"]``
(pytest takes ``pytest_plugins`` only from a top-level conftest). ``marquee(seed=…)`` runs the
bot in this event loop on ``db_path``; ``bot_process`` (from the harness) runs ``python -m bot``
on the same file. After every scenario the autouse ``no_secret_in_public`` check compares every
public message with what was only shown privately (see leaks.py). Figures a scenario wants
quoted go to ``report_figures`` and are printed in pytest's summary, with or without ``-s``.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.app import MarqueeBot
from bot.settings import Settings
from tests.discord_sim import DiscordSim

from .leaks import assert_no_leaks

FIGURES: list[str] = []


class SeededBot(MarqueeBot):
    """The real bot; new games are dealt from ``seed`` so a scenario knows how long it runs."""

    def __init__(self, settings: Settings, seed: int | None, **options: Any) -> None:
        super().__init__(settings, **options)
        self.seed = seed

    async def setup_hook(self) -> None:
        await super().setup_hook()
        if self.seed is not None:
            self.tables._seed_source = lambda: self.seed


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The bot's SQLite file; also ``bot_process``'s default, so both modes share it."""
    return tmp_path / "marquee.sqlite3"


@pytest.fixture
def marquee(discord_sim: DiscordSim, db_path: Path) -> Callable[..., Any]:
    """``async with marquee(seed=156) as bot:`` — the real bot, connected, commands synced."""

    @contextlib.asynccontextmanager
    async def run(seed: int | None = None, *, commands: bool = True, strong_bots: int = 0,
                  outbox_base_delay: float | None = None) -> AsyncIterator[SeededBot]:
        # ``commands=False`` on a restart: the command tree did not change, so no sync.
        # Bots play at the normal level unless a scenario asks: a strong decision takes about
        # a second (the strong level has its own tests, tests/host/test_bot_levels.py).
        # ``outbox_base_delay``: the outbox's first retry, in seconds rather than 10.
        settings = Settings(token=discord_sim.token, database=db_path,
                            dev_guild_id=discord_sim.guild.id, log_level="INFO", strong_bots=strong_bots,
                            test_outbox_base_delay=outbox_base_delay)
        async with discord_sim.run_bot(SeededBot(settings, seed, guild_ready_timeout=0.05),
                                       commands=commands) as bot:
            yield bot
            # Let the last handlers finish (an edit after a reply) before the bot is closed.
            await discord_sim.settle(quiet=0.2)

    return run


@pytest_asyncio.fixture(autouse=True)
async def no_secret_in_public(discord_sim: DiscordSim, db_path: Path) -> AsyncIterator[None]:
    yield
    assert_no_leaks(discord_sim, [db_path])


@pytest.fixture
def report_figures(request: pytest.FixtureRequest, record_property) -> Callable[[str, Any], None]:
    def report(name: str, value: Any) -> None:
        record_property(name, value)
        FIGURES.append(f"{request.node.name}: {name} = {value}")

    return report


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if FIGURES:
        terminalreporter.section("simulated Discord figures")
        for line in FIGURES:
            terminalreporter.write_line(line)
