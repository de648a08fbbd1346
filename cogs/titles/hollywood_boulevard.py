"""/boulevard: Hollywood Boulevard's own look-ups, as players ask them mid-game.

"What does *Roman Holiday* pay, and do I have the running time for it?" is ``/boulevard film``;
a star, a board section and an Insider Tip have one each, and ``/boulevard affordable`` cuts the
film array down to what the asker can take. The game writes the answers
(``bot/games/hollywood_boulevard/lookup.py``) from the public view, plus the asker's own view
for what only they read; answers are private unless the asker shares them, and a shared one
says nothing about the asker.

The game's own component: on the asker's pick, the summary carries a select of the films the
game offers them (custom id ``mq:hb:<game>:<version>``). Picking one makes the game's move
``pick:<film>`` through ``GameCog.move``: the same pipeline, stale refusals and posts as every
button.
"""
from __future__ import annotations

import re
from typing import Any, cast

import discord
from discord import app_commands

from bot import controls
from bot.games.hollywood_boulevard import GAME_ID, lookup
from bot.table.service import Table, TableError
from cogs.cooldowns import limited
from cogs.game_cog import GameCog, find, suggest
from cogs.protocols import GameBot

#: The film-pick select of ``/boulevard affordable``: this game's own kind of custom id.
FILM_PICK = f"mq:hb:{controls.GAME}:{controls.VERSION}"
Suggestions = list[app_commands.Choice[str]]
SHARE = "Show the answer to everyone here (default: only you see it)"


def film_pick_id(game_id: int, version: int) -> str:
    return f"mq:hb:{game_id}:{version}"


@limited("move")
class FilmPick(discord.ui.DynamicItem[discord.ui.Select], template=FILM_PICK):
    """A select of the films the picker may take, drawn at one version of one game."""

    def __init__(self, game_id: int, version: int, films: dict[str, str] | None = None) -> None:
        self.game_id, self.version = game_id, version
        options = [discord.SelectOption(value=film_id, label=label[:100])
                   for film_id, label in (films or {}).items()][:controls.MAX_OPTIONS]
        super().__init__(discord.ui.Select(custom_id=film_pick_id(game_id, version), options=options,
                                           placeholder="Pick one of these films now"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> FilmPick:
        return cls(int(match["game"]), int(match["version"]))  # the picked value comes with the click

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cast(Boulevard, interaction.client.get_cog(Boulevard.__cog_name__))  # type: ignore[attr-defined]
        await GameCog.guarded(interaction, cog.pick_film(interaction, self.game_id, self.version,
                                                          self.item.values[0]))


class Boulevard(GameCog):
    """/boulevard film | star | section | tip | affordable."""

    game_id = GAME_ID
    components = (FilmPick,)
    boulevard = app_commands.Group(name="boulevard",
                                   description="Hollywood Boulevard: films, stars, board sections and tips")

    def __init__(self, bot: GameBot) -> None:
        super().__init__(bot)
        self.content = self.rules.content
        self.films = lookup.film_entries(self.content)
        self.stars = lookup.star_entries(self.content)
        self.sections = lookup.section_entries(self.content)
        self.tips = lookup.tip_entries(self.content)

    # -- what the asker may read --------------------------------------------------------------

    async def _here(self, interaction: discord.Interaction) -> tuple[Table | None, dict | None]:
        """This thread's game and its public view, or (None, None) elsewhere."""
        table = await self.table_here(interaction)
        return table, self.public_view(table) if table is not None else None

    def _mine(self, table: Table | None, interaction: discord.Interaction, share: bool) -> dict | None:
        """The asker's own view (never another seat's), for an answer only they read."""
        seat = table.seat_of(interaction.user.id) if table is not None else None
        return None if share or table is None or seat is None else self.rules.view(table.state, seat)

    def _picks(self, table: Table | None, mine: dict | None) -> dict[str, str] | None:
        """On the asker's pick, the films the game offers them (film id → the game's label)."""
        if table is None or mine is None or table.record.status != "running" or mine["picker"] != mine["you"]:
            return None
        choices = self.rules.legal(table.state, mine["you"])
        return {c.action.removeprefix("pick:"): c.label for c in choices if c.action.startswith("pick:")}

    # -- look-ups -----------------------------------------------------------------------------

    @boulevard.command(name="film", description="A film's genre, price, running time and dice; in a game, "
                                                "where it is and if you can take it")
    @app_commands.describe(title="The film's title (start typing)", share=SHARE)
    @limited("lookup")
    async def film(self, interaction: discord.Interaction, title: str, share: bool = False) -> None:
        film_id = find(title, self.films, "film")
        table, view = await self._here(interaction)
        mine = self._mine(table, interaction, share)
        text = lookup.describe_film(self.content, film_id, view, mine, self._picks(table, mine))
        await self.answer(interaction, self.names(table, text), share=share)

    @film.autocomplete("title")
    async def film_titles(self, interaction: discord.Interaction, current: str) -> Suggestions:
        """In a game's thread, this round's array comes first (only 25 suggestions show)."""
        table = await self.table_here(interaction)
        array = [film["id"] for film in self.public_view(table)["array"]] if table is not None else []
        return suggest(current, lookup.film_entries(self.content, first=array) if array else self.films)

    @boulevard.command(name="star", description="An actor or director on the board's star tracks: "
                                                "cubes, films, what a cube does")
    @app_commands.describe(name="The star's name (start typing)", share=SHARE)
    @limited("lookup")
    async def star(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        star_id = find(name, self.stars, "star")
        table, view = await self._here(interaction)
        await self.answer(interaction, self.names(table, lookup.describe_star(self.content, star_id, view)),
                          share=share)

    @star.autocomplete("name")
    async def star_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, self.stars)

    @boulevard.command(name="section", description="A board section or Amenity Box: what it does, "
                                                   "what it costs, who is there")
    @app_commands.describe(name="The section's name, e.g. Parking Lot (start typing)", share=SHARE)
    @limited("lookup")
    async def section(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        section_id = find(name, self.sections, "board section")
        table, view = await self._here(interaction)
        text = lookup.describe_section(self.content, section_id, view)
        await self.answer(interaction, self.names(table, text), share=share)

    @section.autocomplete("name")
    async def section_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, self.sections)

    @boulevard.command(name="tip", description="An Insider Tip: what it does and when it is played "
                                               "(never who holds one)")
    @app_commands.describe(name="The tip's name, e.g. Sneak Preview (start typing)", share=SHARE)
    @limited("lookup")
    async def tip(self, interaction: discord.Interaction, name: str, share: bool = False) -> None:
        kind_id = find(name, self.tips, "Insider Tip")
        table, view = await self._here(interaction)
        text = lookup.describe_tip(self.content, kind_id, view, self._mine(table, interaction, share))
        await self.answer(interaction, self.names(table, text), share=share)

    @tip.autocomplete("name")
    async def tip_names(self, interaction: discord.Interaction, current: str) -> Suggestions:
        return suggest(current, self.tips)

    # -- the summary, and the game's own component ----------------------------------------------

    @boulevard.command(name="affordable", description="The films in this game's array you can afford "
                                                      "and fit now (only you see it)")
    @limited("lookup")
    async def affordable(self, interaction: discord.Interaction) -> None:
        table = await self.table_here(interaction)
        if table is None:
            raise TableError("Use `/boulevard affordable` in the thread of a Hollywood Boulevard game "
                             "that has started.")
        mine = self._mine(table, interaction, share=False)
        if mine is None:
            raise TableError("You are not playing in this game, so no film here is yours to afford.")
        picks = self._picks(table, mine)
        text = self.names(table, lookup.describe_affordable(self.content, mine, picks))
        view = None
        if picks:  # the asker's pick: they may take one from here, as from the thread's post
            view = discord.ui.View(timeout=None)
            view.add_item(FilmPick(table.id, table.record.version, picks))
        await self.answer(interaction, text, view=view)

    async def pick_film(self, interaction: discord.Interaction, game_id: int, version: int, film_id: str) -> None:
        """A film picked in the summary's select: the game's own move, through the one pipeline."""
        if film_id not in self.content.films:  # only a forged click names no film
            raise TableError("There is no such film.")
        await self.move(interaction, game_id, version, f"pick:{film_id}")


async def setup(bot: Any) -> None:
    await bot.add_cog(Boulevard(cast("GameBot", bot)))  # the bot loading this is a MarqueeBot
