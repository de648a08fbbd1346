"""Which language to answer a member in.

A table's thread reads in the table's language (``Table.language``). What one member reads
alone — an ephemeral answer, their panel — is in their Discord client's language
(``interaction.locale``) when the game at hand speaks it, else in the table's, so an
English-only game stays English for everyone. Away from any game (``/game notify``,
``/game new`` before its game is known) the client's language it is.

Each interaction also remembers the member's language (``Tables.remember_language``):
what reaches them later, not as an answer (their seat's language at the start, a DM from
the outbox), follows it too.
"""
from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.engine.language import Words
from bot.games import registry
from bot.i18n import HOST, language_of, words
from bot.table.service import Table, TableError, Tables
from cogs.protocols import game_bot

log = logging.getLogger(__name__)

#: The game a component or form belongs to: every custom id of ours is "mq:<kind>:<game>…".
_CUSTOM_ID_GAME = re.compile(r"mq:[A-Za-z]{1,8}:([1-9][0-9]{0,17})(?::|$)")


def client_language(interaction: discord.Interaction) -> str:
    """The language of the member's Discord client (English when we do not speak it)."""
    return language_of(getattr(interaction, "locale", None))


def host_words(language: str) -> Words:
    return words(HOST, language)


def words_at(interaction: discord.Interaction, table: Table) -> Words:
    """The member's words about ``table``: their client's language if the game speaks it."""
    return host_words(Tables.reader_language(table, client_language(interaction)))


def words_for_game(interaction: discord.Interaction, game_type: Any) -> Words:
    """The member's words about a game not yet at a table (``/game new``, ``/game rules``):
    their client's language if the game speaks it, else English."""
    language = client_language(interaction)
    if isinstance(game_type, str) and game_type in registry.available():
        spoken = getattr(registry.game(game_type), "languages", ())
        return host_words(language if language in spoken else "en")
    return host_words(language)


async def words_for(interaction: discord.Interaction, game_id: int | None = None) -> Words:
    """The member's words for an answer: about ``game_id``, else the game the clicked control
    belongs to, else this thread's game; away from any, their client's language."""
    if game_id is None:
        match = _CUSTOM_ID_GAME.match(str((getattr(interaction, "data", None) or {}).get("custom_id", "")))
        game_id = int(match[1]) if match else None
    tables = game_bot(interaction).tables
    try:
        if game_id is not None:
            return words_at(interaction, await tables.table(game_id))
        if getattr(interaction, "channel_id", None) is not None:
            return words_at(interaction, await tables.table_in_thread(interaction.channel_id))
    except TableError:
        pass  # no such game, or no game here: the member's own language
    return host_words(client_language(interaction))


async def remember(interaction: discord.Interaction) -> None:
    """Keep the member's language for what is sent to them later; a failure costs nothing
    but that (the interaction is answered all the same)."""
    user = getattr(interaction, "user", None)
    if user is None or getattr(interaction, "locale", None) is None:
        return
    try:
        await game_bot(interaction).tables.remember_language(user.id, client_language(interaction))
    except Exception:
        log.warning("could not remember the language of user %s", user.id, exc_info=True)
