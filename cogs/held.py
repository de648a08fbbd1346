"""``/game resume``: a game whose thread refused the bot (locked, or a permission lost) holds
its posts (``bot/delivery/dispatcher.py``) until the host or someone with Manage Server says
the thread is fixed. The bot checks it by saying so in the thread: if Discord still refuses,
the member is told why and nothing changes; if not, the held posts go out in order. A thread
deleted meanwhile ends the game as abandoned, as its deletion would have."""
from __future__ import annotations

import logging

import discord

from bot.delivery.outgoing import Gone, Undeliverable
from bot.table.service import Table, TableError
from bot.text import markdown_name
from cogs.answers import member_of, reply
from cogs.protocols import GameBot
from cogs.speech import host_words, words_at

log = logging.getLogger(__name__)


async def resume(bot: GameBot, interaction: discord.Interaction, table: Table) -> None:
    member = member_of(interaction)
    if table.record.guild_id != interaction.guild_id:
        raise TableError("There is no game #{game}.", game=table.id)
    if member.id != table.record.host_id and not member.can_manage:
        raise TableError("Only the host or someone with Manage Server can resume a game.")
    if not table.record.held:
        raise TableError("Game #{number} is not paused: its posts go out as usual.", number=table.id)
    said = words_at(interaction, table)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        await bot.dispatcher.transport.notice(table, host_words(table.language).t(
            "▶️ **{name}** resumed the game.", name=markdown_name(member.name)))
    except Gone:
        # Deleted while the game was held (and the bot away, or Discord would have said so):
        # there is nowhere to resume it. It ends as a deleted thread's game does.
        await bot.tables.thread_deleted(table.record.thread_id or 0)
        await reply(interaction, said.t(
            "The thread of game #{number} was deleted, so the game ended as abandoned; it counts for "
            "nobody. `/game new` opens another.", number=table.id))
        return
    except Undeliverable as error:
        log.info("game %s is still held: %s", table.id, error)
        await reply(interaction, said.t(
            "I still cannot post in the thread of game #{number}: check that it is not locked and that my "
            "role may Send Messages in Threads there, then try again.", number=table.id))
        return
    held = await bot.tables.store.resume_game(table.id, bot.tables.clock())
    bot.dispatcher.wake()
    await reply(interaction, said.tn(
        "Game #{number} continues: {count} held update is on its way to its thread.",
        "Game #{number} continues: {count} held updates are on their way to its thread.",
        held, number=table.id))
