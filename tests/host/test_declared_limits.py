"""Every command and every click has a declared limit (issue 35, part 3).

An adversarial test: it walks every application command the bot registers (every cog it
loads) and every component class the cogs define (buttons, selects, forms), and fails on any
without a limit declared with ``cogs.cooldowns.limited``, so the next command or component
someone adds without one fails it. The walk is checked against one made to fail, too."""
from __future__ import annotations

import importlib
import pkgutil
import re
from typing import Any

import discord
import pytest
from discord import app_commands

import cogs
from bot.app import MarqueeBot, extensions
from bot.settings import Settings
from bot.table.model import TableError
from cogs.cooldowns import LIMITS, Cooldowns, Limit, Throttled, limit_of, limited
from cogs.play import COMPONENTS


def component_classes() -> list[type]:
    """Every button, select and form class of the cogs: each kind a click is dispatched to."""
    for module in pkgutil.walk_packages(cogs.__path__, "cogs."):
        importlib.import_module(module.name)
    found: list[type] = []
    stack: list[type] = [discord.ui.DynamicItem, discord.ui.Modal]
    while stack:
        for kind in stack.pop().__subclasses__():
            stack.append(kind)
            if kind.__module__.startswith("cogs."):
                found.append(kind)
    return found


def unlimited(commands: list[Any], components: list[type]) -> list[str]:
    """What declares no limit (or one that does not exist)."""
    return ([f"/{command.qualified_name}" for command in commands if limit_of(command) not in LIMITS]
            + [kind.__qualname__ for kind in components if limit_of(kind) not in LIMITS])


async def registered_commands(tmp_path) -> list[Any]:
    """Every command the bot registers: its slash commands (in their groups) and context menus."""
    bot = MarqueeBot(Settings(token=None, database=tmp_path / "x.sqlite", dev_guild_id=None, log_level="INFO"))
    try:
        for extension in extensions():
            await bot.load_extension(extension)
        commands: list[Any] = [c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)]
        for kind in (discord.AppCommandType.user, discord.AppCommandType.message):
            commands += bot.tree.get_commands(type=kind)
        return commands
    finally:
        await bot.close()


async def test_every_command_and_every_component_declares_a_limit(tmp_path):
    commands = await registered_commands(tmp_path)
    components = component_classes()
    assert len(commands) >= 40 and {"game new", "game undo", "boardwalk card"} <= {c.qualified_name for c in commands}
    assert set(COMPONENTS) <= set(components) and len(components) >= len(COMPONENTS) + 3  # history, film, form
    assert unlimited(commands, components) == []
    assert {limit_of(kind) for kind in COMPONENTS} >= {"move", "undo", "panel", "lobby"}, "moves too"


def test_the_walk_finds_a_command_or_a_component_added_without_a_limit():
    async def callback(interaction: discord.Interaction) -> None: ...

    plain = app_commands.Command(name="plain", description="No limit", callback=callback)
    declared = app_commands.Command(name="declared", description="A limit", callback=limited("rules")(callback))

    class PlainButton(discord.ui.DynamicItem[discord.ui.Button], template=r"test:plain"):
        pass

    @limited("move")
    class DeclaredButton(discord.ui.DynamicItem[discord.ui.Button], template=r"test:declared"):
        pass

    assert unlimited([plain, declared], [PlainButton, DeclaredButton]) == ["/plain", PlainButton.__qualname__]
    with pytest.raises(ValueError, match="no limit called 'moves'"):
        limited("moves")


def test_a_limit_reached_is_a_sentence_and_a_failed_check():
    now = [0.0]
    cooldowns = Cooldowns({"move": Limit(2, 30.0), "lookup": Limit(1, 60.0)}, clock=lambda: now[0])
    cooldowns.check(1, "move")
    cooldowns.check(1, "move")
    now[0] = 12.0
    with pytest.raises(Throttled) as refused:
        cooldowns.check(1, "move")
    # The command tree hands it to its error handler as a failed check; the handler words it.
    assert isinstance(refused.value, app_commands.CheckFailure) and isinstance(refused.value, TableError)
    assert str(refused.value) == "That is a lot of moves at once: try again in 18 seconds."
    cooldowns.check(1, "lookup", "boardwalk card")
    with pytest.raises(Throttled, match=re.escape("That is a lot of `/boardwalk card` at once: try again in 60 seconds.")):
        cooldowns.check(1, "lookup", "boardwalk card")  # the command used is named
