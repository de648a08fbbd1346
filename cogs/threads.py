"""Opening a game's thread in a server at Discord's cap of active threads (error 160006): the
bot archives threads of its own games that are over, and tries once more; if the server is
still full, the member is told in a sentence (``TableError``), and the lobby is closed."""
from __future__ import annotations

import logging

import discord

from bot.table.model import TableError
from cogs.protocols import GameBot

log = logging.getLogger(__name__)

#: Discord's code for a server with as many active threads as it allows (1,000).
TOO_MANY_THREADS = 160006
#: Threads of finished games archived to make room, at most, for one new game.
ARCHIVED_AT_ONCE = 25


async def open_thread(bot: GameBot, channel: discord.TextChannel, name: str) -> discord.Thread:
    for last in (False, True):
        try:
            return await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                               auto_archive_duration=10080)
        except discord.HTTPException as error:
            if error.code != TOO_MANY_THREADS:
                raise
            if last or not await make_room(bot, channel.guild):
                break
    raise TableError("This server has as many active threads as Discord allows, and none of mine are "
                     "left to close, so I can't open a thread for a new game now. Try again once some "
                     "threads here are archived.")


async def make_room(bot: GameBot, guild: discord.Guild) -> int:
    """Archive the active threads of this bot's games that are over; returns how many."""
    me = guild.me.id if guild.me is not None else None
    archived = 0
    for thread in list(guild.threads):
        if archived >= ARCHIVED_AT_ONCE:
            break
        if thread.archived or thread.owner_id != me:
            continue
        game = await bot.tables.store.game_in_thread(thread.id)
        if game is None or game.status in ("lobby", "running"):
            continue
        try:
            await thread.edit(archived=True)
        except discord.HTTPException as error:
            log.info("could not archive thread %s of game %s: %s", thread.id, game.id, error)
            continue
        archived += 1
    log.info("the server %s is at its cap of active threads: %d of my finished games' archived", guild.id,
             archived)
    return archived
