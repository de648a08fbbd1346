"""Slash commands in the members' languages: names, descriptions, parameters and choices
from the gettext catalogues, handed to Discord when the command tree is synced.

discord.py asks the translator for every string of every command, plain strings included
(it wraps them in ``locale_str`` itself), so a title's cog needs nothing of its own: its
strings are looked up in every domain's catalogue (``bot.i18n.lookup``). Names are looked
up in their own context (``command_name("join")``), then as plain messages, and a
translation Discord would refuse as a name (not lowercase, not one word, too long) is not
used: the command keeps its English name in that language.
"""
from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands import locale_str

from bot.engine.language import DEFAULT_LANGUAGE
from bot.i18n import COMMAND_CONTEXT, language_of, lookup

log = logging.getLogger(__name__)

#: Discord's rule for names (``^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$``, lowercase where
#: the script has case); Python's ``\w`` is letters, digits and "_".
NAME = re.compile(r"[-\w]{1,32}")
NAMES = {Where.command_name, Where.group_name, Where.parameter_name}
#: Descriptions and choice names are 1–100 characters.
TEXT_LIMIT = 100


def command_name(name: str) -> locale_str:
    """A command's, group's or parameter's name, marked for the catalogue's command context."""
    return locale_str(name, context=COMMAND_CONTEXT)


def valid_name(name: str) -> bool:
    return bool(NAME.fullmatch(name)) and name == name.lower()


class CatalogueTranslator(app_commands.Translator):
    """Marquee's commands in every language it speaks, from its catalogues."""

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = language_of(locale)
        if language == DEFAULT_LANGUAGE or locale.value != language:
            return None  # English is the source; Marquee speaks no regional variant apart
        if context.location in NAMES:
            found = lookup(language, string.message, COMMAND_CONTEXT) or lookup(language, string.message)
            if found is not None and not valid_name(found):
                log.warning("the %s name %r for %r is not one Discord takes; keeping %r",
                            language, found, string.message, string.message)
                return None
            return found
        found = lookup(language, string.message)
        if found is not None and not 1 <= len(found) <= TEXT_LIMIT:
            log.warning("the %s text for %r is longer than Discord takes; keeping the English",
                        language, string.message)
            return None
        return found
