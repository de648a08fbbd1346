"""Answering a member: who they are to the table service, an ephemeral sentence, and the
reference a member is given when something unexpected went wrong on our side."""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord

from bot.engine.language import ENGLISH
from bot.table.model import Member
from cogs.speech import words_for

log = logging.getLogger(__name__)


def member_of(interaction: discord.Interaction) -> Member:
    user = interaction.user
    can_manage = isinstance(user, discord.Member) and user.guild_permissions.manage_guild
    return Member(id=user.id, name=user.display_name, can_manage=can_manage)


async def reply(
    interaction: discord.Interaction, content: str, *, view: discord.ui.View | None = None
) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    kwargs: dict[str, Any] = {"content": content[:2000], "ephemeral": True}
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def report_unexpected(interaction: discord.Interaction) -> None:
    reference = secrets.token_hex(3)
    log.exception(
        "unexpected error (ref %s) handling an interaction from user %s",
        reference,
        interaction.user.id,
    )
    try:
        said = await words_for(interaction)
    except Exception:  # noqa: BLE001 - the store may be what failed: say it in English
        said = ENGLISH
    try:
        await reply(
            interaction,
            said.t(
                "Something went wrong on my side (reference `{reference}`). "
                "Your game is safe: check the thread for its state and try again.",
                reference=reference,
            ),
        )
    except discord.HTTPException:
        pass
