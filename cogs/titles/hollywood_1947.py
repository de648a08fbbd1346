"""/hw1947: what Hollywood 1947 players ask mid-game — a job, a propaganda card, a poster, a
loyalty, and who holds which job this movie.

``/hw1947`` because it is short to type and cannot be mistaken for Hollywood Boulevard's
``/boulevard``. The answers are written by ``bot/games/hollywood_1947/lookup.py`` from the
content and, in a game's thread, from its public view: in a game of hidden loyalties and
face-down cards, a look-up never says where a card is or who is what. The asker's own
secrets (their loyalty, the copies they hold) are added only to an answer nobody else
reads, so a shared answer is the same whoever asks it.
"""
from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.hollywood_1947 import lookup
from bot.games.hollywood_1947.content import Content
from bot.table.service import Table, TableError
from cogs.cooldowns import limited
from cogs.game_cog import GameCog, find, suggest
from cogs.protocols import GameBot

Suggestions = list[app_commands.Choice[str]]

SHARE = "Post the answer in this channel for everyone (default: only you see it)"
NOT_A_GAME = ("There is no dealt Hollywood 1947 game in this thread. Use `/hw1947 jobs` in a "
              "game's thread; `/hw1947 job` describes any job anywhere.")


class Hollywood1947Cog(GameCog):
    """Look-ups over jobs, cards, posters and loyalties, and the jobs of this movie."""

    game_id = "hollywood-1947"
    hw1947 = app_commands.Group(name="hw1947", description="Hollywood 1947: jobs, cards and loyalties")

    @property
    def content(self) -> Content:
        return self.rules.content

    async def _here(self, interaction: discord.Interaction, share: bool
                    ) -> tuple[Table | None, dict[str, Any] | None, dict[str, Any] | None]:
        """This thread's game, its public view, and the asker's own secrets — the last only
        for an answer that is not shared, and only if the asker holds a seat."""
        table = await self.table_here(interaction)
        if table is None:
            return None, None, None
        seat = table.seat_of(interaction.user.id)
        mine = None if share or seat is None else self.rules.view(table.state, seat)["you"]
        return table, self.public_view(table), mine

    # ------------------------------------------------------------------ look-ups

    @hw1947.command(name="job", description="What a job does; in a game's thread, who holds it now")
    @app_commands.describe(name="The job, by name or number (start typing)", share=SHARE)
    @limited("lookup")
    async def job(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        number = int(find(name, lookup.job_entries(self.content), "job"))
        table, view, _ = await self._here(interaction, share)
        text = lookup.describe_job(self.content, number, view)
        await self.answer(interaction, self.names(table, text), share=share)

    @job.autocomplete("name")
    async def job_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.job_entries(self.content))

    @hw1947.command(name="card", description="What a propaganda card shows and how many copies exist")
    @app_commands.describe(name="The propaganda card (start typing)", share=SHARE)
    @limited("lookup")
    async def card(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        key = find(name, lookup.card_entries(self.content), "propaganda card")
        table, view, mine = await self._here(interaction, share)
        text = lookup.describe_card(self.content, key, view, mine)
        await self.answer(interaction, self.names(table, text), share=share)

    @card.autocomplete("name")
    async def card_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.card_entries(self.content))

    @hw1947.command(name="poster", description="A genre poster's corner symbol; in a game, if it was shown")
    @app_commands.describe(name="The genre poster (start typing)", share=SHARE)
    @limited("lookup")
    async def poster(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        poster_id = find(name, lookup.poster_entries(self.content), "genre poster")
        table, view, _ = await self._here(interaction, share)
        text = lookup.describe_poster(self.content, poster_id, view)
        await self.answer(interaction, self.names(table, text), share=share)

    @poster.autocomplete("name")
    async def poster_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.poster_entries(self.content))

    @hw1947.command(name="loyalty", description="What a loyalty wins by, how many are dealt; who, only once a game is over")
    @app_commands.describe(name="Patriot, Communist or Rising Star", share=SHARE)
    @limited("lookup")
    async def loyalty(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        team = find(name, lookup.loyalty_entries(), "loyalty")
        table, view, mine = await self._here(interaction, share)
        text = lookup.describe_loyalty(self.content, team, view, mine)
        await self.answer(interaction, self.names(table, text), share=share)

    @loyalty.autocomplete("name")
    async def loyalty_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, lookup.loyalty_entries())

    # ------------------------------------------------------------------- summary

    @hw1947.command(name="jobs", description="In a game's thread: every job and who holds it this movie")
    @app_commands.describe(share=SHARE)
    @limited("lookup")
    async def jobs(self, interaction: discord.Interaction, share: bool = False) -> None:
        table, view, _ = await self._here(interaction, share)
        if table is None or view is None:
            raise TableError(NOT_A_GAME)
        await self.answer(interaction, self.names(table, lookup.jobs_table(view)), share=share)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Hollywood1947Cog(cast("GameBot", bot)))  # the bot loading this is a MarqueeBot
