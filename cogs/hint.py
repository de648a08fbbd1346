"""The 💡 Hint button and ``/game hint`` (issue 39, part 3): the strong bot's best moves for the
member's seat, privately, at a table with the coach; the thread is told who asked.

What a hint is and how many a seat gets is ``bot/table/hints.py``'s; here is Discord: the
button's typed component (registered with the other components by ``cogs/games.py``), the
private answer, and the thread's line.
"""
from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot import controls
from bot.community.practice import coached
from bot.delivery.outgoing import Outgoing
from bot.table import hints
from bot.table.coach import coach_words
from bot.table.model import Table
from bot.table.notices import name_seats
from cogs.answers import reply
from cogs.cooldowns import limited
from cogs.play import guarded
from cogs.protocols import game_bot
from cogs.speech import words_at

log = logging.getLogger(__name__)

#: A hint button's custom id: the game it asks about (the seat is the clicker's).
HINT = f"mq:hint:{controls.GAME}"


def hint_id(game_id: int) -> str:
    return f"mq:hint:{game_id}"


@limited("lookup")
class HintButton(discord.ui.DynamicItem[discord.ui.Button], template=HINT):
    """💡 Hint on a turn post at a table with the coach."""

    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id = int(match["game"])

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(item, match)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, ask_for_hint(interaction, await game_bot(interaction).tables.table(self.game_id)))


def hint_button(table: Table) -> discord.ui.Item[Any]:
    """The button a turn post carries at a table with the coach, in the table's language."""
    label = coach_words(table.language).t("💡 Hint")
    return HintButton(discord.ui.Button(label=label, custom_id=hint_id(table.id),
                                        style=discord.ButtonStyle.secondary), _match(table.id))


def hint_beside(table: object, message: Outgoing) -> discord.ui.Item[Any] | None:
    """The 💡 Hint button a turn post carries at a table with the coach while a member is asked
    to decide; None elsewhere (``cogs/cards.py`` puts it beside the post's last controls)."""
    if message.result is not None or not isinstance(table, Table) or not coached(table.record.settings):
        return None
    if not any(not seat.get("is_bot") for seat in message.turn):
        return None
    return hint_button(table)


def _match(game_id: int) -> re.Match[str]:
    found = HintButton.__discord_ui_compiled_template__.fullmatch(hint_id(game_id))
    assert found is not None
    return found


async def ask_for_hint(interaction: discord.Interaction, table: Table) -> None:
    """Answer a member's request for a hint: thought in the workers, told privately, and the
    thread told that they asked."""
    bot = game_bot(interaction)
    language = words_at(interaction, table).language
    await interaction.response.defer(ephemeral=True, thinking=True)
    found = await hints.hint(bot.tables.store, bot.tables.thinking, table, interaction.user.id, language)
    await reply(interaction, hints.hint_lines(found, language))
    await _tell_the_thread(interaction, table, found.seat)


async def _tell_the_thread(interaction: discord.Interaction, table: Table, seat: int) -> None:
    """The thread's line that a seat asked for a hint (best effort: a thread that refuses the
    bot is told nothing more, as the game is held)."""
    if table.record.thread_id is None:
        return
    line = name_seats(hints.asked_line(table.language, seat), table.names())
    try:
        thread = interaction.client.get_channel(table.record.thread_id) or await interaction.client.fetch_channel(
            table.record.thread_id)
        await thread.send(line, allowed_mentions=discord.AllowedMentions.none())  # type: ignore[union-attr]
    except discord.HTTPException as error:
        log.info("could not tell game %s's thread of a hint: %s", table.id, error)
