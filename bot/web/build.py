"""A page and a chapter of its log as bytes, from what the store gave (pure: the server runs
these in a thread), and the one read they need besides the game: who made which move, when a
bot has taken a seat over (``seats``). They are not given to the drawing pool, whose workers
take only the CPU the machine leaves: on a busy machine a page would wait seconds for one
(tools/bench/web.py measured a p95 of 660 ms that way, 25 ms in a thread)."""
from __future__ import annotations

from bot.games import registry
from bot.i18n import HOST, words
from bot.store.base import Checkpoint, Store
from bot.table import history
from bot.table.model import Table
from bot.web import html, story


async def seats(store: Store, table: Table, moves: int) -> story.Seats:
    """The table's names at every move: who made each move is read only for a game in which
    a bot took a seat over (in the others, every seat has had one name throughout)."""
    if not story.handed_seats(table):
        return story.Seats(tuple(table.names()))
    return story.seats_of(table, await store.movers(table.id, range(1, moves + 1)), moves)


def page(table: Table, kept: Checkpoint, countdowns: dict[str, tuple[float, float | None]],
         places: html.Places, poll_seconds: float, named: story.Seats | None = None) -> bytes:
    """The page of the game as it stands (``story.page``)."""
    game = registry.game(table.record.game_type)
    return story.page(game, table, kept, countdowns, words(HOST, table.language), places, poll_seconds,
                      named).encode()


def chapter(table: Table, kept: Checkpoint, number: int, named: story.Seats | None = None) -> bytes:
    """A chapter of the log, from the checkpoint kept before it."""
    game = registry.game(table.record.game_type)
    first, _ = history.chapter_span(number)
    named = named if named is not None else story.Seats(tuple(table.names()))
    return html.chapter(number, story.chapter(game, table, kept, first, words(HOST, table.language), named)).encode()
