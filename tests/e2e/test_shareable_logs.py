"""A log a host can share (issue 35): ``python -m bot`` at LOG_LEVEL=DEBUG plays a whole game of
Advance to Boardwalk on the simulated Discord, and its output holds no interaction token the
simulated Discord issued, not the bot's token, and nothing a member was told alone (a DM or an
ephemeral answer: hands of cards, private choices), in any version of it, while it still says
what the bot did (discord.py's requests, by route and status)."""

from __future__ import annotations

import sys

from bot.watch.logs import HIDDEN

from .driver import GAME_OVER, Table, open_table
from .leaks import private_texts
from .test_full_game import SHORT_GAME

pytest_plugins = ["tests.discord_sim.plugin"]

#: ``python -m bot``, its games dealt from SHORT_GAME (seven turns) so the test knows its length.
SEEDED_BOT = [sys.executable, "-c",
              ("import bot.app as app\n"
               "setup = app.MarqueeBot.setup_hook\n"
               "async def seeded(self):\n"
               "    await setup(self)\n"
               f"    self.tables._seed_source = lambda: {SHORT_GAME}\n"
               "app.MarqueeBot.setup_hook = seeded\n"
               "from bot.cli import main\n"
               "raise SystemExit(main([]))\n")]
#: Private lines shorter than this are words any log may hold ("Pass", "Alice").
SHORTEST = 10


def told_alone(sim) -> set[str]:
    """Every line a member was shown alone, long enough to be telling."""
    return {line.strip() for text in private_texts(sim) for line in [text, *text.splitlines()]
            if len(line.strip()) >= SHORTEST}


async def test_a_debug_log_of_a_whole_game_holds_no_token_and_no_private_text(
    discord_sim, bot_process, alice, bob, carol, report_figures
):
    proc = await bot_process(SEEDED_BOT, env={"LOG_LEVEL": "DEBUG"})
    thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
    result = await Table(discord_sim, thread, [alice, bob, carol]).play_to_end()
    assert GAME_OVER in result.text
    await discord_sim.settle()
    await proc.stop()  # its last lines written

    log = "\n".join(proc.output)
    tokens = {interaction.token for interaction in discord_sim.interactions.values()}
    secrets = told_alone(discord_sim)
    assert len(tokens) > 20 and len(secrets) > 20  # a whole game's worth of clicks and DMs
    assert "DEBUG discord.http" in log and "/interactions/" in log and f"/{HIDDEN}/callback" in log
    assert not [token for token in tokens if token in log], "an interaction token was logged"
    assert discord_sim.token not in log, "the bot's token was logged"
    leaked = sorted(line for line in secrets if line in log)
    assert not leaked, f"{len(leaked)} private lines were logged, like {leaked[:3]}"
    report_figures("debug_log_lines", len(proc.output))
