"""What a game's page shows, from public views and public lines only (pure: the server reads
the store and runs these off the event loop).

A chapter of the log (``history.CHAPTER`` moves, rebuilt from the state the store kept just
before it) gives each move's public lines, the status line after it, the scores and the
board's description then (the replay shows them with that move's board) and the turn or
round it belongs to; ``standing`` gives the game as it stands: its status line, its scores,
its result.

Names are those a seat had at each move (``Seats``): a seat a bot took over reads as its
player's before the hand-over, and as the bot's after it, and the story says when it changed.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.engine import Game, State
from bot.engine.language import Words
from bot.store.base import Checkpoint
from bot.table import clock as timers
from bot.table import describe, history
from bot.table.coach import table_mark
from bot.table.describe import tally_at
from bot.table.model import Table
from bot.table.notices import name_seats
from bot.text import markdown_name, plain_name
from bot.web import html as html_
from bot.web.html import Figures, Move, Standing
from bot.web.markup import plain

#: Who made each move: move -> (seat, member id; None for a bot, a deadline or a clock).
Movers = Mapping[int, tuple[int, int | None]]


@dataclass(frozen=True)
class HandOver:
    """A seat a bot took over from its player: the store keeps who made each move, not when
    a seat changed hands, so the hand-over is placed just before the first move the bot made
    there after the player's last (or after the latest move, when it has made none yet)."""

    seat: int
    player: str  # the player's name
    bot: str     # the bot's ("Ann (bot)")
    move: int    # the first move in the bot's name


@dataclass(frozen=True)
class Seats:
    """The names of the seats at any move of a game."""

    names: tuple[str, ...]  # as they are now
    hand_overs: tuple[HandOver, ...] = ()

    def at(self, move: int) -> list[str]:
        names = list(self.names)
        for handed in self.hand_overs:
            if move < handed.move:
                names[handed.seat] = handed.player
        return names

    def handed_after(self, move: int) -> list[HandOver]:
        """The hand-overs told right after ``move``."""
        return [handed for handed in self.hand_overs if handed.move - 1 == move]


def handed_seats(table: Table) -> list[int]:
    """The seats a bot took over from a player (whose moves must be read to name them)."""
    return [seat.seat for seat in table.seats if seat.is_bot and seat.former_user_id is not None]


def seats_of(table: Table, movers: Movers, moves: int) -> Seats:
    """The table's names at every move, from who made each move (``Store.movers``)."""
    handed = []
    for seat in table.seats:
        if not (seat.is_bot and seat.former_user_id is not None):
            continue
        theirs = [move for move, (at, member) in movers.items() if at == seat.seat and member == seat.former_user_id]
        last = max(theirs, default=0)
        by_bot = [move for move, (at, member) in movers.items() if at == seat.seat and member is None and move > last]
        handed.append(HandOver(seat.seat, seat.former_name or seat.name, seat.name, min(by_bot, default=moves + 1)))
    return Seats(tuple(table.names()), tuple(handed))


def period_of(game: Game, view: dict) -> str:
    figures = tally_at(game, view)
    return f"{figures.period_label} {figures.period}" if figures is not None else ""


def figures_at(game: Game, view: dict, names: list[str], said: Words) -> Figures:
    """The scores table at ``view``: what it counts, and each seat's name and amount."""
    found = tally_at(game, view)
    if found is None:
        return Figures("", tuple((plain_name(name), "") for name in names))
    return Figures(found.label, tuple((plain_name(name), history.write(said, found, value))
                                      for name, value in zip(names, found.values)))


def chapter(game: Game, table: Table, kept: Checkpoint, first: int, said: Words, seats: Seats) -> list[Move]:
    """The moves of a chapter from ``first``, from a checkpoint kept before them."""
    title = f"{game.name} #{table.id}"
    found = []
    for step in history.rebuilt(game, table, kept):
        if step.move < first:
            continue
        names = seats.at(step.move)
        begins = said.t("**{game}** begins: {players}.", game=game.name,
                        players=", ".join(markdown_name(name) for name in names))
        lines = history.step_lines(game, step, names, begins, said)
        view = game.view(step.state, None)
        alt = describe.of_state(game, step.state, names, said, title=title, move=step.move, news=lines)
        lines += [_hand_over_line(handed, said) for handed in seats.handed_after(step.move)]
        found.append(Move(step.move, period_of(game, view), tuple(lines),
                          plain(name_seats(game.status(step.state), names)), figures_at(game, view, names, said), alt))
    return found


def _hand_over_line(handed: HandOver, said: Words) -> str:
    return said.t("🤖 From here on a bot plays {player}'s seat, as {bot}.",
                  player=f"**{markdown_name(handed.player)}**", bot=f"**{markdown_name(handed.bot)}**")


def standing(game: Game, table: Table, state: State, moves: int, said: Words, seats: Seats) -> Standing:
    """The game at ``state``, after ``moves`` moves."""
    names = seats.at(moves)
    result = table.record.result
    summary = name_seats(result.get("summary", ""), names) if result else None
    return Standing(moves, name_seats(game.status(state), names), summary,
                    figures_at(game, game.view(state, None), names, said))


def page(game: Game, table: Table, kept: Checkpoint, countdowns: dict[str, tuple[float, float | None]],
         said: Words, places: html_.Places, poll_seconds: float, seats: Seats | None = None) -> str:
    """The page of ``table``'s game as it stands: ``kept`` is the checkpoint of the log's
    newest chapter (older ones are loaded by the page when wanted)."""
    seats = seats if seats is not None else Seats(tuple(table.names()))
    moves = kept.moves
    newest = history.chapters(moves) - 1
    first, _ = history.chapter_span(newest)
    entries = chapter(game, table, kept, first, said, seats)
    title = f"{game.name} #{table.id}"
    marked = table_mark(table.record.settings, said.language)  # a table someone learns at is unrated
    return html_.page(said, title, standing(game, table, table.state, moves, said, seats),
                      [*timers.waiting_lines(game, table, countdowns, said), *([marked] if marked else [])],
                      [html_.chapter(newest, entries)],
                      newest - 1 if newest > 0 else None, table.record.version, places, poll_seconds,
                      alt=entries[-1].alt if entries else "")
