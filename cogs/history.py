"""A game's past on Discord: ``/game history`` pages through everything the table was told,
``/game board move:N`` shows the board as it stood after move N. Both rebuild the game from
the state the store kept nearest before (``bot/table/history.py``: at most one chapter of
moves) off the event loop, the board is drawn by the drawing pool, and both are the reader's
alone (ephemeral).

The pager's ◀ ▶ buttons are persistent ``DynamicItem``s (custom id
``mq:hist:<game>:<page>[.<part>]:back|next``) like every component of ours: a page opened last week
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
from bot.delivery.drawing import Dropped, Reader, frame, shaped
from bot.games import registry
from bot.table import describe, history
from bot.table.service import Table, TableError
from cogs.cooldowns import limited, too_many
from cogs.play import guarded
from cogs.protocols import GameBot, game_bot
from cogs.speech import host_words, words_at

PAGE = r"(?P<page>0|[1-9][0-9]{0,5})(?:\.(?P<part>0|[1-9][0-9]{0,2}))?"
HISTORY = f"mq:hist:{controls.GAME}:{PAGE}:(?P<side>back|next)"
_HISTORY = re.compile(HISTORY)


def page_id(game_id: int, page: int, part: int | None, side: str) -> str:
    """A page is a chapter of the game (``history.CHAPTER`` moves); ``part`` the part of it
    when its lines take more than one message (None: its last)."""
    return f"mq:hist:{game_id}:{page}{'' if part is None else f'.{part}'}:{side}"


@limited("history")
class HistoryPage(discord.ui.DynamicItem[discord.ui.Button], template=HISTORY):
    """◀ or ▶ on a history page: shows page ``page`` in the same message."""

    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id, self.page = int(match["game"]), int(match["page"])
        self.part = int(match["part"]) if match["part"] is not None else None

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(item, match)

    async def callback(self, interaction: discord.Interaction) -> None:
        async def turn() -> None:
            table = await game_bot(interaction).tables.table(self.game_id)
            text, view = await history_page(game_bot(interaction), interaction, table, self.page, self.part)
            await interaction.response.edit_message(content=text, view=view)

        await guarded(interaction, turn())


def pager(game_id: int, page: int, part: int, pages: int, parts: int, back: str,
          next_: str) -> discord.ui.View | None:
    """◀ ▶ for part ``part`` of page ``page`` (none when one page holds everything)."""
    if pages <= 1 and parts <= 1:
        return None
    older = (page, part - 1) if part > 0 else (max(page - 1, 0), None)
    newer = (page, part + 1) if part < parts - 1 else (min(page + 1, pages - 1), 0)
    view = discord.ui.View(timeout=None)
    for label, (target, piece), side, shut in (
            ("◀ " + back, older, "back", page == 0 and part == 0),
            (next_ + " ▶", newer, "next", page >= pages - 1 and part >= parts - 1)):
        custom_id = page_id(game_id, target, piece, side)
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=label, custom_id=custom_id, disabled=shut, style=discord.ButtonStyle.secondary)
        view.add_item(HistoryPage(button, _HISTORY.fullmatch(custom_id)))  # type: ignore[arg-type]
    return view


async def history_page(bot: GameBot, interaction: discord.Interaction, table: Table,
                       page: int | None, part: int | None = None) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` of the game's history (None: the newest), its part ``part`` (None: the
    last), and its buttons. A page is one chapter of moves, rebuilt from the state kept just
    before it. The lines are the thread's, in the table's language; the heading is the reader's."""
    said = words_at(interaction, table)
    if table.record.state is None:
        return said.t("Nothing has happened yet."), None
    game = registry.game(table.record.game_type)
    first, last = history.chapter_span(page or 0)
    kept = await bot.tables.checkpoint(table.id, max(first - 1, 0), last)
    pages = history.chapters(kept.moves)
    if page is None or page >= pages:  # the newest (or a page since cut short: the newest)
        first, last = history.chapter_span(pages - 1)
        kept = await bot.tables.checkpoint(table.id, max(first - 1, 0), last)
    shown = first // history.CHAPTER
    blocks = await asyncio.to_thread(history.chapter_lines, game, table, kept, first, host_words(table.language))
    parts = history.pages(blocks)
    piece = len(parts) - 1 if part is None else min(part, len(parts) - 1)
    heading = said.t("**History of {game} #{number}**, page {page} of {pages}", game=game.name,
                     number=table.id, page=shown + 1, pages=pages)
    if len(parts) > 1:
        heading += f" ({piece + 1}/{len(parts)})"
    buttons = pager(table.id, shown, piece, pages, len(parts), said.t("Older"), said.t("Newer"))
    return f"{heading}\n{parts[piece]}", buttons


async def show_board(bot: GameBot, interaction: discord.Interaction, table: Table, move: int) -> None:
    """The public board as it stood after ``move`` (0: as dealt), rebuilt from the state kept
    nearest before it and drawn by the drawing pool, as the thread's post of that moment was."""
    said = words_at(interaction, table)
    if table.record.state is None:
        raise TableError("The game has not started yet; nothing has been dealt.")
    # Kept from the move before, so the board's description tells what the move did.
    kept = await bot.tables.checkpoint(table.id, max(move - 1, 0), move)
    if move > kept.moves:
        raise TableError.counted("This game has had {count} move so far: choose a move from 0 to {count}.",
                                 "This game has had {count} moves so far: choose a move from 0 to {count}.",
                                 kept.moves)
    await interaction.response.defer(ephemeral=True, thinking=True)
    kit = registry.kit(table.record.game_type)
    view = await asyncio.to_thread(history.view_at, kit.game, table, kept)
    try:  # the thread's post's board when drawn here; else drawn in the readers' lane
        png = await bot.dispatcher.drawing.board(frame(table.id, move, table.language), kit.render,
                                                 (shaped(view), "board"), reader=Reader(("member", interaction.user.id)))
    except Dropped:  # more boards asked for at once than a reader may have waiting
        raise too_many("board", 1) from None
    described = await asyncio.to_thread(describe.at_checkpoint, kit.game, table, kept, host_words(table.language))
    text = said.t("The board after move {move} of {count}.", move=move, count=kept.moves)
    await interaction.followup.send(text, file=discord.File(io.BytesIO(png), "board.png", description=described),
                                    ephemeral=True)
