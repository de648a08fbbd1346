"""A game's past, replayed from its action log: what the table was told move by move, the
board as it stood after any move, and the end-of-game summary (final scores, a chart of what
the game counts, each player's notable figures).

Pure: the caller reads the log (or a checkpoint: a kept state and the moves after it, so
a page or a board costs at most ``CHAPTER`` moves however long the game) from the store and
runs these off the event loop. Everything
here comes from replaying the log with ``bot.engine.play`` (the same seed and options give the
same states, so the log is the whole truth) and is read from public events and public views
only: a history page or a summary can never show a hand, even of a finished game.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import Event, Game, State, Tally, View, new_game, upgraded
from bot.engine.language import Words
from bot.engine.takeback import effective, replaying
from bot.store.base import SNAPSHOT_EVERY, Checkpoint
from bot.table.model import Table
from bot.table.notices import name_seats
from bot.table.take_back import took_back_line
from bot.text import markdown_name, pack, split_text

#: A history page's lines stay within this, leaving room in Discord's 2,000 characters for
#: the page's heading.
PAGE_LIMIT = 1800
#: A history page's moves (one chapter, in parts if its lines overflow a message): as many
#: as the store keeps states apart, so a page is rebuilt from the state kept just before it
#: and at most CHAPTER actions.
CHAPTER = SNAPSHOT_EVERY
#: The most numbers under the chart's x axis; the rest of the periods are drawn unlabelled.
X_LABELS = 12

Log = Sequence[tuple[int, str]]


@dataclass(frozen=True)
class Step:
    """The game after one move of its log (``move`` 0 is the deal)."""

    move: int
    seat: int | None  # who moved: None for the deal, SYSTEM_SEAT when time did
    state: State
    said: tuple[str, ...]  # what the move told the whole table (its public events)
    undone: tuple[int, str, State] | None = None  # a take-back's move: (seat, action, made in)


def steps(game: Game, table: Table, log: Log) -> Iterator[Step]:
    """The deal, then the state after each move of ``log``, replayed as the table dealt it."""
    record = table.record
    state = new_game(game, len(table.seats), record.options, record.seed)
    opening: list[Event] = getattr(game, "opening_events", lambda _state: [])(state)
    yield Step(0, None, state, tuple(event.text for event in opening if event.public))
    yield from _moves(game, state, log, 1)


def rebuilt(game: Game, table: Table, kept: Checkpoint) -> Iterator[Step]:
    """The steps from a checkpoint: after the kept state, each move of its tail (from the
    deal, the deal first, when none was kept)."""
    if kept.state is None:
        yield from steps(game, table, kept.tail)
        return
    yield from _moves(game, upgraded(game, kept.state), kept.tail, kept.base + 1)


def _moves(game: Game, state: State, log: Log, first: int) -> Iterator[Step]:
    """A step for each entry of ``log`` from ``state``; a take-back's is the state before the
    move it took back, with that move (``undone``) for its line."""
    for move, entry in enumerate(replaying(game, state, log), start=first):
        yield Step(move, entry.seat, entry.state, tuple(event.text for event in entry.events if event.public),
                   entry.undone)


def view_at(game: Game, table: Table, kept: Checkpoint) -> View:
    """The public view after the last move of a checkpoint's tail (``/game board move:N``)."""
    state = (upgraded(game, kept.state) if kept.state is not None and not kept.tail
             else _last(rebuilt(game, table, kept)).state)
    return {**game.view(state, None), "names": table.names()}


def state_after(game: Game, table: Table, log: Log, move: int) -> State:
    """The game as it stood after ``move`` moves of ``log`` (0: as dealt)."""
    if not 0 <= move <= len(log):
        raise ValueError(f"move {move} is outside 0–{len(log)}")
    return _last(steps(game, table, log[:move])).state


def board_view(game: Game, table: Table, log: Log, move: int) -> View:
    """The public view after ``move``, as the thread's post of that moment was drawn from it."""
    return {**game.view(state_after(game, table, log, move), None), "names": table.names()}


def _last(items: Iterator[Step]) -> Step:
    *_, last = items  # steps() always yields the deal at least
    return last


# -- the history pager -----------------------------------------------------------------------

def public_lines(game: Game, table: Table, log: Log, said: Words) -> list[str]:
    """One block per move that told the table something, oldest first: the move's number,
    then its public lines with the players named ("`12` **Ann** builds …"); `0` is the deal."""
    return blocks_of(game, table, steps(game, table, log), said)


def chapters(moves: int) -> int:
    """How many chapters a game of ``moves`` moves has: chapter k is moves k·CHAPTER to
    k·CHAPTER + CHAPTER − 1 (the deal, move 0, opens the first), rebuilt from the state kept
    just before it, so a history page never replays more than one chapter."""
    return moves // CHAPTER + 1


def chapter_span(chapter: int) -> tuple[int, int]:
    """The first and last move of a chapter."""
    return chapter * CHAPTER, chapter * CHAPTER + CHAPTER - 1


def chapter_lines(game: Game, table: Table, kept: Checkpoint, first: int, said: Words) -> list[str]:
    """The blocks of a chapter's moves (from ``first``), from a checkpoint kept before them."""
    return blocks_of(game, table, (step for step in rebuilt(game, table, kept) if step.move >= first), said)


def blocks_of(game: Game, table: Table, moves: Iterable[Step], said: Words) -> list[str]:
    names = table.names()
    begins = beginning(game, table, said)
    blocks = []
    for step in moves:
        lines = step_lines(game, step, names, begins, said)
        if lines:
            blocks.append(f"`{step.move}` " + "\n".join(lines))
    return blocks


def beginning(game: Game, table: Table, said: Words) -> str:
    """The deal's first line: "**Billboard** begins: Ann, Ben."."""
    return said.t("**{game}** begins: {players}.", game=game.name,
                  players=", ".join(markdown_name(name) for name in table.names()))


def step_lines(game: Game, step: Step, names: list[str], begins: str, said: Words) -> list[str]:
    """What a move told the table, a line each, the players named (the deal: ``begins`` first;
    a take-back: the line that says which move it took back)."""
    told = step.said if step.undone is None else (
        took_back_line(game, step.undone[2], step.undone[0], step.undone[1], said),)
    lines = [line for line in name_seats("\n".join(told), names).splitlines() if line.strip()]
    return [begins, *lines] if step.move == 0 else lines


def pages(blocks: Sequence[str], limit: int = PAGE_LIMIT) -> list[str]:
    """Blocks packed into pages of at most ``limit`` characters, oldest first. Packed from the
    oldest, a page never changes as the game goes on: new moves only fill the last one and
    add more. A block longer than a page is cut at its line ends (or, a line that long, anywhere)."""
    return pack((piece for block in blocks for piece in split_text(block, limit)), limit) or [""]


# -- the end-of-game summary -----------------------------------------------------------------

@dataclass(frozen=True)
class Summary:
    """What the thread gets when a game ends: a message and the picture's data (for
    ``rendering/summary.py``, every word already in the table's language)."""

    text: str
    picture: dict[str, Any]


def summarises(game: Game) -> bool:
    """Whether the game counts something the summary can chart."""
    return callable(getattr(game, "tally", None))


def summary(game: Game, table: Table, log: Log, said: Words) -> Summary:
    """Replay the finished game and build its summary: final scores by rank (winners first),
    the chart of what the game counts at the end of each turn or round, and the notables."""
    views, state = [], None
    # A move taken back never happened, as far as the figures go.
    for step in steps(game, table, effective(log)):
        views.append(game.view(step.state, None))
        state = step.state
    end = views[-1]
    result = game.result(state) if state is not None else None
    tallies = [game.tally(view, end) for view in views]  # type: ignore[attr-defined]
    final = tallies[-1]
    notes = getattr(game, "notables", None)
    lines = list(notes(views)) if notes is not None else []
    winners = set(result.winners) if result is not None else set()
    order = sorted(range(len(table.seats)), key=lambda seat: (seat not in winners, -final.values[seat], seat))
    names = table.names()
    written = [write(said, final, value) for value in final.values]
    players = [{"seat": seat, "name": names[seat], "score": written[seat], "winner": seat in winners,
                "notes": lines[seat] if seat < len(lines) else ""} for seat in order]
    periods, series = _series(tallies)
    low, high = min(min(values) for values in series), max(max(values) for values in series)
    picture = {
        "title": f"{game.name} #{table.id}",
        "heading": said.t("Final scores"),
        "winner": said.t("winner"),
        "label": final.label,
        "axis": final.period_label,
        "x_labels": _x_labels(periods, said.t("start")),
        "series": series,
        "ticks": [[value, write(said, final, value)] for value in ticks(low, high)],
        "players": players,
    }
    rows = [said.t("📊 **Final scores**: {what}", what=final.label)]
    for rank, player in enumerate(players, start=1):
        mark = "🏆" if player["winner"] else f"{rank}."
        note = f" — {player['notes']}" if player["notes"] else ""
        who = name_seats(f"{{p{player['seat']}}}", names)
        rows.append(f"{mark} {who} {player['score']}{note}")
    return Summary("\n".join(rows), picture)


def write(said: Words, tally: Tally, value: int) -> str:
    """An amount the way the table's language writes it, with the game's unit ("$120M")."""
    return said.money(value, tally.unit) + tally.scale


def _series(tallies: Sequence[Tally]) -> tuple[list[int], list[list[int]]]:
    """The chart's points: the deal, then each period as it ended (its last moment)."""
    periods = [tallies[0].period]
    points = [list(tallies[0].values)]
    current: int | None = None
    for tally in tallies[1:]:
        if tally.period != current:
            periods.append(tally.period)
            points.append(list(tally.values))
            current = tally.period
        else:
            points[-1] = list(tally.values)
    seats = len(points[0])
    return periods, [[point[seat] for point in points] for seat in range(seats)]


def _x_labels(periods: Sequence[int], start: str) -> list[str]:
    """Under each point: "start" for the deal, then the periods' numbers, thinned to about
    ``X_LABELS`` of them (always the last)."""
    last = len(periods) - 1
    every = max(1, math.ceil(last / X_LABELS))
    labels = [start]
    for index, period in enumerate(periods[1:], start=1):
        # The last is always labelled; a thinned label too close before it would run into it.
        shown = index == last or (index % every == 0 and last - index > every // 2)
        labels.append(str(period) if shown else "")
    return labels


def ticks(low: int, high: int, count: int = 5) -> list[int]:
    """About ``count`` round values from below ``low`` to above ``high`` (1, 2 or 5 × 10ⁿ apart)."""
    low, high = min(low, 0), max(high, low + 1)
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next(int(m * magnitude) for m in (1, 2, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    return list(range(start, math.ceil(high / step) * step + 1, step))

