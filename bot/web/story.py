"""What a game's page shows, from public views and public lines only (pure: the server reads
the store and runs these off the event loop).

A chapter of the log (``history.CHAPTER`` moves, rebuilt from the state the store kept just
before it) gives each move's public lines, the status line after it (the board's alt text
when the replay shows that move) and the turn or round it belongs to; ``standing`` gives the
game as it stands: its status line, its scores, its result.
"""
from __future__ import annotations

from bot.engine import Game, State, Tally
from bot.engine.language import Words
from bot.store.base import Checkpoint
from bot.table import clock as timers
from bot.table import history
from bot.table.model import Table
from bot.table.notices import name_seats
from bot.web import html as html_
from bot.web.html import Move, Standing
from bot.web.markup import plain


def tally_at(game: Game, view: dict) -> Tally | None:
    """What the game counts at ``view`` (``Game.tally``), if it counts anything there: a game
    whose counting reads what only its end reveals (Hollywood 1947's hidden sides) counts
    nothing before it."""
    tally = getattr(game, "tally", None)
    if tally is None:
        return None
    try:
        return tally(view, view)
    except (KeyError, TypeError):  # the end's revelations are not in a running game's view
        return None


def period_of(game: Game, view: dict) -> str:
    figures = tally_at(game, view)
    return f"{figures.period_label} {figures.period}" if figures is not None else ""


def chapter(game: Game, table: Table, kept: Checkpoint, first: int, said: Words) -> list[Move]:
    """The moves of a chapter from ``first``, from a checkpoint kept before them."""
    names = table.names()
    begins = history.beginning(game, table, said)
    found = []
    for step in history.rebuilt(game, table, kept):
        if step.move < first:
            continue
        view = game.view(step.state, None)
        found.append(Move(step.move, period_of(game, view), tuple(history.step_lines(game, step, names, begins, said)),
                          plain(name_seats(game.status(step.state), names))))
    return found


def standing(game: Game, table: Table, state: State, moves: int, said: Words) -> Standing:
    """The game at ``state``, after ``moves`` moves."""
    names = table.names()
    result = table.record.result
    summary = name_seats(result.get("summary", ""), names) if result else None
    label, scores = "", ()  # type: tuple[str, tuple[tuple[str, str], ...]]
    figures = tally_at(game, game.view(state, None))
    if figures is not None:
        label = figures.label
        scores = tuple((name, history.write(said, figures, value)) for name, value in zip(names, figures.values))
    return Standing(moves, name_seats(game.status(state), names), summary, label, scores)


def page(game: Game, table: Table, kept: Checkpoint, countdowns: dict[str, tuple[float, float | None]],
         said: Words, places: html_.Places, poll_seconds: float) -> str:
    """The page of ``table``'s game as it stands: ``kept`` is the checkpoint of the log's
    newest chapter (older ones are loaded by the page when wanted)."""
    moves = kept.moves
    newest = history.chapters(moves) - 1
    first, _ = history.chapter_span(newest)
    entries = chapter(game, table, kept, first, said)
    title = f"{game.name} #{table.id}"
    return html_.page(said, title, standing(game, table, table.state, moves, said),
                      timers.waiting_lines(game, table, countdowns, said), [html_.chapter(newest, entries)],
                      newest - 1 if newest > 0 else None, table.record.version, places, poll_seconds)
