"""/billboard: what Billboard players ask mid-game, in their own language.

"Who has billboards in Kazimierz?", "Who leads at Apress, and what does that lead buy me in
an auction?", "What is Lajkonik worth, and who bids for it?", "What would selling three 4s
do to the price?", "What does round IV score?". Each look-up answers from the content; inside
a Billboard game's thread it adds where the table stands, read from the public view only
(``GameCog.public_view``), so no face-down contract can reach an answer. The one private
extra, the contracts the asker peeked at, comes from the asker's own seat's view and is left
out when the answer is shared. The words are built in ``bot/games/billboard/lookup.py``
(pure), in the asker's Discord language; this cog finds the thing and replies.
"""
from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot import i18n
from bot.engine.language import Words
from bot.games.billboard import GAME_ID, lookup
from bot.table.service import Table, TableError
from cogs.cooldowns import limited
from cogs.game_cog import GameCog, find, folded, suggest
from cogs.protocols import GameBot
from cogs.translator import command_name

Suggestions = list[app_commands.Choice[str]]

SHARE = locale_str("Post the answer in the channel for everyone (default: only you see it)")


class Billboard(GameCog):
    """/billboard district | agency | company | prices | scoring."""

    game_id = GAME_ID
    billboard = app_commands.Group(
        name=command_name("billboard"),
        description=locale_str("Billboard: districts, agencies, companies, prices and scoring"))

    @property
    def content(self) -> Any:
        return self.rules.content

    def words(self, interaction: discord.Interaction) -> Words:
        """The asker's language, from their Discord locale (English when we do not speak it)."""
        language = i18n.language_of(getattr(interaction, "locale", None))
        return self.content.words.get(language) or self.content.words["en"]

    async def _here(self, interaction: discord.Interaction) -> tuple[Table | None, dict[str, Any] | None]:
        """This thread's Billboard game and its public view, or (None, None) elsewhere."""
        table = await self.table_here(interaction)
        return table, self.public_view(table) if table is not None else None

    def _mine(self, table: Table | None, interaction: discord.Interaction, share: bool) -> dict | None:
        """The asker's own view (never another seat's), for an answer only they read."""
        seat = table.seat_of(interaction.user.id) if table is not None else None
        return None if share or table is None or seat is None else self.rules.view(table.state, seat)

    def _resolve(self, words: Words, typed: str, entries: list[tuple[str, str]], what: str) -> str:
        """The thing a look-up means, or a sentence in the asker's language."""
        try:
            return find(typed, entries, what)
        except TableError:
            query = folded(typed.strip())
            close = [name for _, name in entries if query and any(
                word.startswith(query) for word in folded(name).replace("(", " ").split())]
            raise TableError(lookup.unknown(words, what, typed, close[:5])) from None

    # --- look-ups ---------------------------------------------------------------------------------

    @billboard.command(name=command_name("district"),
                       description=locale_str("A district of Kraków: its billboards, their owners and ads"))
    @app_commands.rename(name=command_name("name"), share=command_name("share"))
    @app_commands.describe(name=locale_str("The district: start typing its name"), share=SHARE)
    @limited("lookup")
    async def district(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        words = self.words(interaction)
        district_id = self._resolve(words, name, lookup.district_entries(self.content), "district")
        table, view = await self._here(interaction)
        text = lookup.describe_district(words, self.content, district_id, view)
        await self.answer(interaction, self.names(table, text), share=share)

    @district.autocomplete("name")
    async def district_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.district_entries(self.content))

    @billboard.command(name=command_name("agency"),
                       description=locale_str("An agency: its track, its pile, who leads in loyalty "
                                              "and what a lead wins"))
    @app_commands.rename(name=command_name("name"), share=command_name("share"))
    @app_commands.describe(name=locale_str("The agency: start typing its name"), share=SHARE)
    @limited("lookup")
    async def agency(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        words = self.words(interaction)
        agency_id = self._resolve(words, name, lookup.agency_entries(self.content), "agency")
        table, view = await self._here(interaction)
        mine = self._mine(table, interaction, share)
        text = lookup.describe_agency(words, self.content, agency_id, view, mine)
        await self.answer(interaction, self.names(table, text), share=share)

    @agency.autocomplete("name")
    async def agency_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.agency_entries(self.content))

    @billboard.command(name=command_name("company"),
                       description=locale_str("A company: its price, billboards, owner and any bid "
                                              "standing on it"))
    @app_commands.rename(name=command_name("name"), share=command_name("share"))
    @app_commands.describe(name=locale_str("The company: start typing its name or colour"), share=SHARE)
    @limited("lookup")
    async def company(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        words = self.words(interaction)
        company_id = self._resolve(words, name, lookup.company_entries(words, self.content), "company")
        table, view = await self._here(interaction)
        text = lookup.describe_company(words, self.content, company_id, view)
        await self.answer(interaction, self.names(table, text), share=share)

    @company.autocomplete("name")
    async def company_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.company_entries(self.words(interaction), self.content))

    @billboard.command(name=command_name("prices"),
                       description=locale_str("Billboard prices, and what buying or selling some "
                                              "would do to them"))
    @app_commands.rename(value=command_name("value"), count=command_name("count"), share=command_name("share"))
    @app_commands.describe(value=locale_str("A billboard value, 1 to 6, to see what trading it does"),
                           count=locale_str("How many billboards of that value to buy or sell (default 1)"),
                           share=SHARE)
    @limited("lookup")
    async def prices(self, interaction: discord.Interaction,
                     value: app_commands.Range[int, 1, 6] | None = None,
                     count: app_commands.Range[int, 1, 12] = 1, share: bool = False) -> None:
        table, view = await self._here(interaction)
        text = lookup.describe_prices(self.words(interaction), self.content, view, value, count)
        await self.answer(interaction, self.names(table, text), share=share)

    @billboard.command(name=command_name("scoring"),
                       description=locale_str("What a round scores: most contracts, and the tables "
                                              "of rounds IV and VIII"))
    @app_commands.rename(share=command_name("share"))
    @app_commands.describe(share=SHARE)
    @limited("lookup")
    async def scoring(self, interaction: discord.Interaction, share: bool = False) -> None:
        table, view = await self._here(interaction)
        text = lookup.describe_scoring(self.words(interaction), self.content, view)
        await self.answer(interaction, self.names(table, text), share=share)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Billboard(cast("GameBot", bot)))  # the bot loading this is a MarqueeBot
