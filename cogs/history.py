"""A game's past on Discord: ``/game history`` pages through everything the table was told,
``/game board move:N`` shows the board as it stood after move N. Both replay the action log
(``bot/table/history.py``) off the event loop, and both are the reader's alone (ephemeral).

The pager's ◀ ▶ buttons are persistent ``DynamicItem``s (custom id
``mq:hist:<game>:<page>:back|next``) like every component of ours: a page opened last week
still turns after a restart. Pages are counted from the oldest, so a page's number keeps
meaning the same lines however far the game has gone on since.
"""
from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord

from bot import controls
from bot.games import registry
from bot.table import history
from bot.table.service import Table, TableError
from cogs.play import guarded
from cogs.protocols import GameBot, game_bot
from cogs.speech import host_words, words_at

PAGE = r"(?P<page>0|[1-9][0-9]{0,5})"
HISTORY = f"mq:hist:{controls.GAME}:{PAGE}:(?P<side>back|next)"
_HISTORY = re.compile(HISTORY)


def page_id(game_id: int, page: int, side: str) -> str:
    return f"mq:hist:{game_id}:{page}:{side}"


class HistoryPage(discord.ui.DynamicItem[discord.ui.Button], template=HISTORY):
    """◀ or ▶ on a history page: shows page ``page`` in the same message."""

    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id, self.page = int(match["game"]), int(match["page"])

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(item, match)

    async def callback(self, interaction: discord.Interaction) -> None:
        async def turn() -> None:
            table = await game_bot(interaction).tables.table(self.game_id)
            text, view = await history_page(game_bot(interaction), interaction, table, self.page)
            await interaction.response.edit_message(content=text, view=view)

        await guarded(interaction, turn())


def pager(game_id: int, page: int, count: int, back: str, next_: str) -> discord.ui.View | None:
    """◀ ▶ for page ``page`` of ``count`` (none when one page holds everything)."""
    if count <= 1:
        return None
    view = discord.ui.View(timeout=None)
    for label, target, side, shut in (("◀ " + back, page - 1, "back", page == 0),
                                      (next_ + " ▶", page + 1, "next", page >= count - 1)):
        custom_id = page_id(game_id, min(max(target, 0), count - 1), side)
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=label, custom_id=custom_id, disabled=shut, style=discord.ButtonStyle.secondary)
        view.add_item(HistoryPage(button, _HISTORY.fullmatch(custom_id)))  # type: ignore[arg-type]
    return view


async def history_page(bot: GameBot, interaction: discord.Interaction, table: Table,
                       page: int | None) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` of the game's history (None: the newest) and its buttons. The lines are
    the thread's, in the table's language; the heading is the reader's."""
    said = words_at(interaction, table)
    if table.record.state is None:
        return said.t("Nothing has happened yet."), None
    log = await bot.tables.log(table.id)
    game = registry.game(table.record.game_type)
    blocks = await asyncio.to_thread(history.public_lines, game, table, log, host_words(table.language))
    pages = history.pages(blocks)
    shown = len(pages) - 1 if page is None else min(page, len(pages) - 1)
    heading = said.t("**History of {game} #{number}**, page {page} of {pages}", game=game.name,
                     number=table.id, page=shown + 1, pages=len(pages))
    buttons = pager(table.id, shown, len(pages), said.t("Older"), said.t("Newer"))
    return f"{heading}\n{pages[shown]}", buttons


async def show_board(bot: GameBot, interaction: discord.Interaction, table: Table, move: int) -> None:
    """The public board as it stood after ``move`` (0: as dealt), replayed and drawn as the
    thread's post of that moment was."""
    said = words_at(interaction, table)
    if table.record.state is None:
        raise TableError("The game has not started yet; nothing has been dealt.")
    log = await bot.tables.log(table.id)
    if move > len(log):
        raise TableError.counted("This game has had {count} move so far: choose a move from 0 to {count}.",
                                 "This game has had {count} moves so far: choose a move from 0 to {count}.",
                                 len(log))
    await interaction.response.defer(ephemeral=True, thinking=True)
    kit = registry.kit(table.record.game_type)
    view = await asyncio.to_thread(history.board_view, kit.game, table, log, move)
    png = await bot.dispatcher.drawing.draw(kit.render, view, "board")  # as the thread's boards are
    text = said.t("The board after move {move} of {count}.", move=move, count=len(log))
    await interaction.followup.send(text, file=discord.File(io.BytesIO(png), "board.png"),
                                    ephemeral=True)

