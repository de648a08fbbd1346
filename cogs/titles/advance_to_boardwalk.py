"""/boardwalk: what Advance to Boardwalk players ask mid-game.

"What does *Second Chance* say?", "Who owns Heinz Pier, and what would it take?", "Do ties
count for last place?", "Who holds what?". Each look-up answers from the game's content;
inside a Boardwalk game's thread it adds where the table stands, read from the public view
only (``GameCog.public_view``), so no hand and no deck order can reach an answer. The one
private extra, how many copies of a card the asker holds, comes from the asker's own seat's
view and is left out when the answer is shared. The words are built in
``bot/games/advance_to_boardwalk/lookup.py`` (pure); this cog finds the thing and replies.
"""
from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.advance_to_boardwalk import lookup
from bot.games.advance_to_boardwalk.content import Board
from bot.table.service import Table
from cogs.cooldowns import limited
from cogs.game_cog import GameCog, find, suggest
from cogs.protocols import GameBot

Suggestions = list[app_commands.Choice[str]]

SHARE = "Post the answer in the channel for everyone (default: only you see it)"


class Boardwalk(GameCog):
    """/boardwalk card, property, rule, holdings."""

    game_id = "advance-to-boardwalk"
    boardwalk = app_commands.Group(name="boardwalk",
                                   description="Advance to Boardwalk: cards, properties and who holds what")

    @property
    def board(self) -> Board:
        return self.rules.board

    async def _here(self, interaction: discord.Interaction) -> tuple[Table | None, dict[str, Any] | None]:
        """This thread's Boardwalk game and its public view, or (None, None) elsewhere."""
        table = await self.table_here(interaction)
        return table, self.public_view(table) if table is not None else None

    def _own_hand(self, table: Table, user_id: int) -> list[dict[str, Any]] | None:
        """The asker's own cards (their seat's view), or None when they hold no seat."""
        seat = table.seat_of(user_id)
        return None if seat is None else self.rules.view(table.state, seat)["hand"]

    # --- look-ups ---------------------------------------------------------------------

    @boardwalk.command(name="card", description="A Fortune card: its text, copies in the deck, when it can be played")
    @app_commands.describe(name="The card: start typing its name or any word of it", share=SHARE)
    @limited("lookup")
    async def card(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        key = find(name, lookup.card_entries(self.board), "Fortune card")
        table, view = await self._here(interaction)
        # How many the asker holds is theirs alone: never in a shared answer.
        hand = self._own_hand(table, interaction.user.id) if table is not None and not share else None
        text = lookup.describe_card(self.board, key, view, hand)
        await self.answer(interaction, self.names(table, text), share=share)

    @card.autocomplete("name")
    async def card_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.card_entries(self.board))

    @boardwalk.command(name="property",
                       description="A property or zone: colour and value; in a game, who holds it with how many units")
    @app_commands.describe(name="The property or zone: start typing a name, a colour or a value", share=SHARE)
    @limited("lookup")
    async def property_(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        value = find(name, lookup.place_entries(self.board), "property name")
        table, view = await self._here(interaction)
        await self.answer(interaction, self.names(table, lookup.describe_place(self.board, value, view)),
                          share=share)

    @property_.autocomplete("name")
    async def place_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.place_entries(self.board))

    @boardwalk.command(name="rule", description="A rule players ask about: ties, vacant lots, last place, the end…")
    @app_commands.describe(topic="The rule: start typing a word such as tie, vacant, F or end", share=SHARE)
    @limited("lookup")
    async def rule(self, interaction: discord.Interaction, topic: str, share: bool = False) -> None:
        key = find(topic, lookup.topic_entries(), "rule topic")
        table, view = await self._here(interaction)
        await self.answer(interaction, self.names(table, lookup.describe_topic(self.board, key, view)),
                          share=share)

    @rule.autocomplete("topic")
    async def topic_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.topic_entries())

    # --- the summary ------------------------------------------------------------------

    @boardwalk.command(name="holdings", description="Who holds which property with how many units, in this game")
    @app_commands.describe(share=SHARE)
    @limited("lookup")
    async def holdings(self, interaction: discord.Interaction, share: bool = False) -> None:
        table, view = await self._here(interaction)
        if view is None:
            await self.answer(interaction, "Use `/boardwalk holdings` in the thread of an Advance to Boardwalk "
                                           "game that has started: it says who holds what there.")
            return
        await self.answer(interaction, self.names(table, lookup.holdings(self.board, view)), share=share)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Boardwalk(cast("GameBot", bot)))  # the bot loading this is a MarqueeBot
