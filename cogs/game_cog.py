"""What every title's own cog shares: look-ups by name as you type, the game of this
thread, private answers (shared with the table only when asked), and the seam for a
game's own components.

A title's cog (``cogs/<title>.py``) owns one slash-command group named after the game
(``/boardwalk``, ``/boulevard``, ``/hw1947``) with the look-ups its players ask for
mid-game ("what does *Second Chance* say?", "who owns Nob Hill?"). Inside that game's
thread a look-up also says where the thing is now, from the game's *public* view only:
a card in another player's hand is never located. The generic ``/game`` commands and
the move pipeline stay as they are; a game's own components end in ``Tables.act``
through ``GameCog.move``, so durability, versions, refusals and the outbox are the
same as for every other move.
"""
from __future__ import annotations

import logging
import unicodedata
from collections.abc import Iterable
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import registry
from bot.table.service import Table, TableError, name_seats
from cogs.play import guarded, on_move
from cogs.protocols import GameBot
from cogs.transport import split_text

log = logging.getLogger(__name__)

#: Discord shows at most 25 suggestions, each name at most 100 characters.
MAX_SUGGESTIONS = 25
SUGGESTION_LIMIT = 100


#: Letters Unicode does not decompose into a base letter and an accent, written as people
#: type them without a Polish keyboard ("lag" finds Łagiewniki).
_UNACCENTED = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ß": "ss"})


def folded(text: str) -> str:
    """For matching what is typed: case and accents ignored."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_UNACCENTED))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def suggest(typed: str, entries: Iterable[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Suggestions for what is typed, from (value, name) pairs: names that start with it
    first, then names with any word that starts with it, then names that contain it."""
    query = folded(typed.strip())
    ranked: list[tuple[int, int, str, str]] = []
    for order, (value, name) in enumerate(entries):
        key = folded(name)
        if not query or key.startswith(query):
            rank = 0
        elif any(word.startswith(query) for word in _words(key)):
            rank = 1
        elif query in key:
            rank = 2
        else:
            continue
        ranked.append((rank, order, value, name))
    ranked.sort()
    return [app_commands.Choice(name=_clip(name), value=value[:SUGGESTION_LIMIT])
            for _, _, value, name in ranked[:MAX_SUGGESTIONS]]


def find(typed: str, entries: Iterable[tuple[str, str]], what: str) -> str:
    """The value a look-up means: a suggestion's value as sent, or a name typed in full,
    or the one name that starts with what was typed. Otherwise a sentence."""
    entries = list(entries)
    for value, _ in entries:
        if typed == value:
            return value
    query = folded(typed.strip())
    exact = [value for value, name in entries if folded(name) == query]
    if len(exact) == 1:
        return exact[0]
    starting = [(value, name) for value, name in entries if folded(name).startswith(query)] if query else []
    if not starting and query:  # "vistavision" for "Anamorphic Lens / VistaVision"
        starting = [(value, name) for value, name in entries
                    if any(word.startswith(query) for word in _words(folded(name)))]
    if len(starting) == 1:
        return starting[0][0]
    if starting:
        listed = ", ".join(name for _, name in starting[:5])
        raise TableError("Several {what}s start with “{typed}”: {listed}… Pick one from the list.",
                         what=what, typed=typed[:40], listed=listed)
    raise TableError("I know no {what} called “{typed}”. Start typing and pick one from the list.",
                     what=what, typed=typed[:40])


def _words(name: str) -> list[str]:
    return name.replace("-", " ").replace("/", " ").replace("*", "").split()


def _clip(text: str) -> str:
    return text if len(text) <= SUGGESTION_LIMIT else text[:SUGGESTION_LIMIT - 1] + "…"


class GameCog(commands.Cog):
    """The base of a title's cog: subclasses set ``game_id`` and may list ``components``
    (their own ``DynamicItem`` classes, custom ids prefixed ``mq:<short>:``)."""

    game_id: ClassVar[str]
    components: ClassVar[tuple[type[discord.ui.DynamicItem[Any]], ...]] = ()

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        if self.components:
            self.bot.add_dynamic_items(*self.components)  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        if self.components:
            self.bot.remove_dynamic_items(*self.components)  # type: ignore[attr-defined]

    @property
    def rules(self) -> Any:
        return registry.game(self.game_id)

    async def table_here(self, interaction: discord.Interaction) -> Table | None:
        """This thread's game, when it is one of this title that has been dealt; else None
        (a look-up outside a game answers from the content alone)."""
        if interaction.channel_id is None:
            return None
        try:
            table = await self.bot.tables.table_in_thread(interaction.channel_id)
        except TableError:
            return None
        if table.record.game_type != self.game_id or table.record.state is None:
            return None
        return table

    def public_view(self, table: Table) -> dict[str, Any]:
        """What anyone at the table may see: look-ups read this, never the state."""
        return {**self.rules.view(table.state, None), "names": table.names()}

    def names(self, table: Table | None, text: str) -> str:
        return name_seats(text, table.names()) if table is not None else text

    async def answer(self, interaction: discord.Interaction, text: str, *, share: bool = False,
                     file: discord.File | None = None, view: discord.ui.View | None = None) -> None:
        """Privately, unless the asker chose to share it with the thread (then it pings nobody);
        in as many messages as it takes, a picture or controls going with the last."""
        chunks = split_text(text)
        for n, chunk in enumerate(chunks):
            kwargs: dict[str, Any] = {"ephemeral": not share,
                                      "allowed_mentions": discord.AllowedMentions.none()}
            if file is not None and n == len(chunks) - 1:
                kwargs["file"] = file
            if view is not None and n == len(chunks) - 1:
                kwargs["view"] = view
            if interaction.response.is_done():
                await interaction.followup.send(chunk, **kwargs)
            else:
                await interaction.response.send_message(chunk, **kwargs)

    async def move(self, interaction: discord.Interaction, game_id: int, version: int, action: str) -> None:
        """A game's own component makes a move: the same path as every button."""
        await on_move(interaction, game_id, version, action)

    @staticmethod
    async def guarded(interaction: discord.Interaction, work: Any) -> None:
        """Run a component's handler as every component's is run (refusals as sentences)."""
        await guarded(interaction, work)
