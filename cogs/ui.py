"""Discord components for Marquee: persistent by construction.

Every component is a ``DynamicItem`` whose custom id (see ``bot/controls.py``)
carries the game, the version it was drawn at and the move, so a button on a
week-old message still works after any number of restarts, and nothing is
registered per message. Clicks all land in ``GameInteractions`` (cogs/interactions.py).
"""
from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any

import discord

from bot import controls
from bot.tables import StaleMove, TableError

if TYPE_CHECKING:
    from bot.app import MarqueeBot

log = logging.getLogger(__name__)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def build_view(rows: list[controls.Row]) -> discord.ui.View | None:
    """A discord.py view from a layout; ``None`` when there is nothing to click."""
    if not rows:
        return None
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(rows):
        if isinstance(row, controls.Select):
            view.add_item(GameSelect(row, number))
        else:
            for button in row:
                view.add_item(GameButton(button, number))
    return view


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mq:(?P<kind>[mpgl]):(?P<rest>.+)"):
    def __init__(self, button: controls.Button, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=button.label, custom_id=button.custom_id,
            style=STYLES.get(button.style, discord.ButtonStyle.secondary), row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any):
        return cls(controls.Button(item.custom_id or "", item.label or "?"))

    async def callback(self, interaction: discord.Interaction[MarqueeBot]) -> None:
        await guarded(interaction, interaction.client.game_interactions.on_button(
            interaction, self.item.custom_id or ""))


class GameSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"mq:s:(?P<game>\d+):(?P<version>\d+):(?P<n>\d+)"):
    def __init__(self, select: controls.Select, row: int | None = None) -> None:
        options = [discord.SelectOption(value=value, label=label, description=description or None)
                   for value, label, description in select.options]
        super().__init__(discord.ui.Select(
            custom_id=select.custom_id, placeholder=select.placeholder, options=options, row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: Any):
        options = [(o.value, o.label, o.description or "") for o in item.options]
        return cls(controls.Select(item.custom_id or "", item.placeholder or "", options))

    async def callback(self, interaction: discord.Interaction[MarqueeBot]) -> None:
        game_id, version = int(self.match_game), int(self.match_version)
        await guarded(interaction, interaction.client.game_interactions.on_move(
            interaction, game_id, version, self.item.values[0]))

    @property
    def match_game(self) -> str:
        return (self.item.custom_id or "").split(":")[2]

    @property
    def match_version(self) -> str:
        return (self.item.custom_id or "").split(":")[3]


async def reply(interaction: discord.Interaction, content: str, *, view: discord.ui.View | None = None) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    kwargs: dict[str, Any] = {"content": content[:2000], "ephemeral": True}
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def guarded(interaction: discord.Interaction, work: Any) -> None:
    """Run a handler; expected refusals become ephemeral sentences, the rest a reference."""
    async with interaction.client.handling():
        await _answer(interaction, work)


async def _answer(interaction: discord.Interaction, work: Any) -> None:
    try:
        await work
    except StaleMove as error:
        # By the game's id: a stale click may come from a DM, where no thread names the game.
        await interaction.client.game_interactions.send_panel(
            interaction, game_id=error.game_id, preface=str(error))
    except TableError as error:
        await reply(interaction, str(error))
    except discord.Forbidden as error:
        # Usually a permission the server did not give the bot (threads, attachments).
        log.warning("Discord refused: %s", error)
        try:
            await reply(interaction, "Discord did not let me do that here: I may be missing a permission "
                                     "(Send Messages, Create Public Threads, Send Messages in Threads, "
                                     "Attach Files). Ask a server admin to check my role.")
        except discord.HTTPException:
            pass
    except discord.NotFound as error:  # the interaction or message is gone; nobody to tell
        log.warning("Discord refused a reply: %s", error)
    except Exception:
        await report_unexpected(interaction)


async def report_unexpected(interaction: discord.Interaction) -> None:
    reference = secrets.token_hex(3)
    log.exception("unexpected error (ref %s) handling an interaction from user %s", reference, interaction.user.id)
    try:
        await reply(interaction, f"Something went wrong on my side (reference `{reference}`). "
                                 "Your game is safe: check the thread for its state and try again.")
    except discord.HTTPException:
        pass
