"""/sfscene: what San Francisco Scene players ask mid-game.

"What does Piedmont charge with two developments?", "What does that Cable Car card do?",
"Who holds which Connection Cards?", "What's in the Public Fund?", "Who is ahead if the game
stops now?". Each look-up answers from the game's content; inside a San Francisco Scene
thread it adds where the table stands, read from the public view only
(``GameCog.public_view``), so the Cable Car deck's order and the terms of an open offer can
never reach an answer. The words are built in ``bot/games/san_francisco_scene/lookup.py``
(pure); this cog finds the thing and replies.
"""
from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.san_francisco_scene import lookup
from bot.games.san_francisco_scene.content import Board
from bot.table.service import Table
from cogs.cooldowns import limited
from cogs.game_cog import GameCog, find, suggest
from cogs.protocols import GameBot

Suggestions = list[app_commands.Choice[str]]

SHARE = "Post the answer in the channel for everyone (default: only you see it)"
IN_A_GAME = ("Use `/sfscene {command}` in the thread of a San Francisco Scene game that has started: "
             "it answers from that game.")


class SanFranciscoScene(GameCog):
    """/sfscene space, card, owners, fund, worth."""

    game_id = "san-francisco-scene"
    sfscene = app_commands.Group(name="sfscene",
                                 description="San Francisco Scene: spaces, Cable Car cards, owners and worth")

    @property
    def board(self) -> Board:
        return self.rules.board

    async def _here(self, interaction: discord.Interaction) -> tuple[Table | None, dict[str, Any] | None]:
        """This thread's San Francisco Scene game and its public view, or (None, None) elsewhere."""
        table = await self.table_here(interaction)
        return table, self.public_view(table) if table is not None else None

    # --- look-ups ---------------------------------------------------------------------

    @sfscene.command(name="space",
                     description="A space: price, rents by development, what it does; in a game, owner and rent now")
    @app_commands.describe(name="The space: start typing its name, or a word such as bridge or a price", share=SHARE)
    @limited("lookup")
    async def space(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        space_id = find(name, lookup.space_entries(self.board), "space")
        table, view = await self._here(interaction)
        await self.answer(interaction, self.names(table, lookup.describe_space(self.board, space_id, view)),
                          share=share)

    @space.autocomplete("name")
    async def space_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.space_entries(self.board))

    @sfscene.command(name="card", description="A Cable Car card of the printed deck: its text and exactly what it does")
    @app_commands.describe(text="The card: start typing any word of its text", share=SHARE)
    @limited("lookup")
    async def card(self, interaction: discord.Interaction, text: str, share: bool = False) -> None:
        card_id = find(text, lookup.card_entries(self.board), "Cable Car card")
        await self.answer(interaction, lookup.describe_card(self.board, card_id), share=share)

    @card.autocomplete("text")
    async def card_texts(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.card_entries(self.board))

    # --- summaries of this game ---------------------------------------------------------

    @sfscene.command(name="owners",
                     description="Who owns what, with developments, Interest Groups and Connection Cards")
    @app_commands.describe(share=SHARE)
    @limited("lookup")
    async def owners(self, interaction: discord.Interaction, share: bool = False) -> None:
        await self._summary(interaction, "owners", lookup.owners, share)

    @sfscene.command(name="fund", description="The Public Fund: its cash and the Ownership Cards in it")
    @app_commands.describe(share=SHARE)
    @limited("lookup")
    async def fund(self, interaction: discord.Interaction, share: bool = False) -> None:
        await self._summary(interaction, "fund", lookup.fund, share)

    @sfscene.command(name="worth",
                     description="Each player's cash + half of cards and developments, and when the game ends")
    @app_commands.describe(share=SHARE)
    @limited("lookup")
    async def worth(self, interaction: discord.Interaction, share: bool = False) -> None:
        await self._summary(interaction, "worth", lookup.worth, share)

    async def _summary(self, interaction: discord.Interaction, command: str, text: Any, share: bool) -> None:
        table, view = await self._here(interaction)
        if view is None:
            await self.answer(interaction, IN_A_GAME.format(command=command))
            return
        await self.answer(interaction, self.names(table, text(self.board, view)), share=share)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SanFranciscoScene(cast("GameBot", bot)))  # the bot loading this is a MarqueeBot
