"""Worlds one member cannot tell apart, as the host holds them, and the host's own code run
over them (tests/host/test_one_property.py).

A world is a game as the store holds it after some move: the state kept before the newest
chapter of its log (``history.CHAPTER`` moves, as history pages, ``/game board`` and the
game's page rebuild from it), the moves since, and the books the table service keeps with
each move (``Tables._apply``): when each seat was last asked, its epoch, the countdowns.

A seat's twin world is made from a twin of that kept state (``tests/engine/twins.py``: the
hidden parts changed directly, never by the title's ``determinize``) by making the same moves
again, for as long as the seat is shown the same by the rules (its view, its choices, the
lines it reads): where a move shows it otherwise, or cannot be made there, both worlds end
before that move. What the host builds from the two must then be the same.

The host's code runs as it is: the real ``Tables`` over a store that answers from the world
(``WorldStore``: the few methods reading a game needs, and a commit after which the game
read is the one written), and the real cogs, given a stand-in for the bot (``Host``) and for an interaction
(``Asker``) that records every answer."""
from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import count
from types import SimpleNamespace
from typing import Any

import discord

from bot.engine import Event, IllegalMove, new_game, play, rng_for
from bot.engine.runner import SEED_KEY, UNDO
from bot.games import registry
from bot.store.base import Checkpoint, GameRecord, SeatRecord
from bot.table import clock, history
from bot.table.model import Member, Table
from bot.table.notices import put_to
from bot.table.service import Tables
from bot.table.take_back import undoable
from tests.engine import twins

GAME_ID, THREAD, GUILD = 12, 3400, 1
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
FIRST_USER = 1001
PUBLIC_URL = "https://marquee.example.org"
#: The host's options of every world: a turn clock (so each decision has a countdown, shown
#: by /game status and the page) and take-backs allowed.
SETTINGS = {"clock": 72, "takebacks": True}
#: When the game was dealt, and how long each move came after the last: every world's clock.
DEALT_AT, MOVE_SECONDS = 1_750_000_000.0, 600.0

State = dict[str, Any]
Timers = dict[str, tuple[float, float | None]]


def member(seat: int) -> Member:
    return Member(FIRST_USER + seat, NAMES[seat])


def moment(move: int) -> float:
    """When move ``move`` was made (0: the deal)."""
    return DEALT_AT + MOVE_SECONDS * move


# ---------------------------------------------------------------- the host's books

@dataclass(frozen=True)
class Books:
    """What the table service writes beside a state: each seat's epoch (its buttons drawn
    before it no longer apply), when it was last asked, the running countdowns, and how many
    moves each seat has taken back."""

    epochs: dict[int, int]
    asked: dict[int, float]
    timers: Timers
    take_backs: dict[int, int]


@dataclass(frozen=True)
class Step:
    """The game after one entry of its log (a move or a take-back): its state, what the rules
    told of it (a take-back's line is the host's), the books."""

    state: State
    events: list[Event]
    books: Books


def table_of(game_type: str, options: dict[str, Any], step: Step, version: int) -> Table:
    """The game at ``step`` as the store reads it: every seat a member (so every seat has a
    turn clock and is pinged), named, in THREAD."""
    game, state, books = registry.game(game_type), step.state, step.books
    result = game.result(state)
    record = GameRecord(
        id=GAME_ID, game_type=game_type, status="running" if result is None else "finished", options=options,
        seed=state[SEED_KEY], state=state, version=version, seat_epochs=dict(books.epochs), host_id=FIRST_USER,
        guild_id=GUILD, channel_id=THREAD - 1, thread_id=THREAD, lobby_message_id=None,
        result=None if result is None else {"winners": list(result.winners),
                                            "scores": {str(k): v for k, v in result.scores.items()},
                                            "summary": result.summary},
        seat_asked=dict(books.asked), settings=dict(SETTINGS))
    seats = [SeatRecord(seat=s, user_id=FIRST_USER + s, name=NAMES[s], is_bot=False, dm_ok=True,
                        take_backs=books.take_backs.get(s, 0)) for s in range(len(books.epochs))]
    return Table(record, seats)


def _planned(game: Any, table: Table, state: State, epochs: dict[int, int], asked: dict[int, float],
             now: float, running: Timers) -> Timers:
    """The countdowns after a change, as the store keeps them: those already running keep
    their times, a game over has none."""
    if game.result(state) is not None:
        return {}
    return {key: running.get(key, (due, warn)) for key, due, warn in clock.plan(game, table, state, epochs, asked, now)}


def dealt(game_type: str, players: int, options: dict[str, Any], seed: int) -> Step:
    """The deal, as ``Seating._deal`` books it: every seat asked, version 1."""
    game = registry.game(game_type)
    state = new_game(game, players, options, seed)
    books = Books(dict.fromkeys(range(players), 1), dict.fromkeys(range(players), moment(0)), {}, {})
    table = table_of(game_type, options, Step(state, [], books), 1)
    return Step(state, [], replace(books, timers=_planned(game, table, state, books.epochs, books.asked, moment(0), {})))


def moved(game_type: str, options: dict[str, Any], before: Step, seat: int, action: str, version: int) -> Step:
    """One move, making ``version``, and its books, as ``Tables._apply`` makes them: the seats
    it puts a decision to are asked anew. Refused as the rules refuse it (``IllegalMove``)."""
    game = registry.game(game_type)
    new, events = play(game, before.state, seat, action)
    now = moment(version - 1)
    epochs, asked = dict(before.books.epochs), dict(before.books.asked)
    for other in put_to(game, before.state, new, seat, len(epochs)):
        epochs[other], asked[other] = version, now
    table = table_of(game_type, options, before, version - 1)
    timers = _planned(game, table, new, epochs, asked, now, before.books.timers)
    return Step(new, list(events), replace(before.books, epochs=epochs, asked=asked, timers=timers))


def taken_back(game_type: str, options: dict[str, Any], made_in: Step, made: Step, seat: int, version: int) -> Step:
    """``seat``'s move from ``made_in`` to ``made`` taken back, making ``version``, as
    ``TakeBacks._commit_take_back`` books it: the state before again, the seats whose choices
    that changes asked anew (the mover's clock runs on from its move), one take-back more."""
    game = registry.game(game_type)
    now = moment(version - 1)
    epochs, asked = dict(made.books.epochs), dict(made.books.asked)
    for other in put_to(game, made.state, made_in.state, seat, len(epochs)):
        epochs[other], asked[other] = version, now
    if seat in made.books.asked:
        asked[seat] = min(now, made.books.asked[seat])
    table = table_of(game_type, options, made, version - 1)
    timers = _planned(game, table, made_in.state, epochs, asked, now, made.books.timers)
    take_backs = {**made.books.take_backs, seat: made.books.take_backs.get(seat, 0) + 1}
    return Step(made_in.state, [], Books(epochs, asked, timers, take_backs))


def after(game_type: str, options: dict[str, Any], steps: list[Step], entry: tuple[int, str], version: int) -> Step:
    """The step an entry of the log makes after ``steps``: a move, or a take-back of the last."""
    seat, action = entry
    if action == UNDO:
        return taken_back(game_type, options, steps[-2], steps[-1], seat, version)
    return moved(game_type, options, steps[-1], seat, action, version)


# ---------------------------------------------------------------- a played game, and worlds

#: In a played game, a member takes a move back now and then, as one who misclicked: the log's
#: take-backs are replayed by every look back (history, boards, the page).
TAKE_BACK_CHANCE = 0.1


@dataclass(frozen=True)
class Played:
    """A seeded game of normal bots, every step of it."""

    game_type: str
    players: int
    options: dict[str, Any]
    seed: int
    steps: list[Step]            # steps[n]: after n entries of the log
    log: list[tuple[int, str]]   # log[n]: the move or take-back that made steps[n + 1]


def played(game_type: str, players: int, options: dict[str, Any], seed: int) -> Played:
    """Normal bots play the game, each seat's member taking back a move now and then where
    the host lets them (``undoable``), then making it again."""
    kit = registry.kit(game_type)
    steps, log = [dealt(game_type, players, options, seed)], list[tuple[int, str]]()
    misclicks = random.Random(f"take-backs:{seed}")
    while kit.game.result(steps[-1].state) is None:
        state = steps[-1].state
        seat = min(kit.game.pending(state))
        action = kit.bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
        entries = [(seat, action)]
        if misclicks.random() < TAKE_BACK_CHANCE:
            entries.append((seat, UNDO))
        for entry in entries:
            if entry[1] == UNDO and not may_take_back(game_type, options, steps, log[-1], len(log) + 1):
                break
            steps.append(after(game_type, options, steps, entry, len(log) + 2))
            log.append(entry)
    return Played(game_type, players, options, seed, steps, log)


def may_take_back(game_type: str, options: dict[str, Any], steps: list[Step], last: tuple[int, str],
                  version: int) -> bool:
    """Whether the member who made ``last``, the move to ``steps[-1]`` (``version``), may
    take it back (``undoable``, as the Undo button on its confirmation shows)."""
    seat, action = last
    return undoable(table_of(game_type, options, steps[-2], version - 1), seat, action,
                    table_of(game_type, options, steps[-1], version))


class _NotKept(list[tuple[int, str]]):
    """The moves before a world's kept state: a world has none to give (a read that replays
    them fails the test rather than be answered from the wrong game)."""

    def __iter__(self) -> Iterator[tuple[int, str]]:
        raise AssertionError("a read replayed moves from before the world's kept state")


@dataclass(frozen=True)
class World:
    """A game as the store holds it after ``moves`` moves: the state kept after ``base``
    moves, and the moves since (``log[i]`` made ``steps[i + 1]``)."""

    game_type: str
    options: dict[str, Any]
    base: int
    steps: list[Step]
    log: list[tuple[int, str]]

    @property
    def moves(self) -> int:
        return self.base + len(self.log)

    @property
    def game(self) -> Any:
        return registry.game(self.game_type)

    @property
    def state(self) -> State:
        return self.steps[-1].state

    def table_at(self, move: int) -> Table:
        return table_of(self.game_type, self.options, self.steps[move - self.base], move + 1)

    @property
    def table(self) -> Table:
        return self.table_at(self.moves)

    def checkpoint(self, start: int, until: int) -> Checkpoint:
        """As ``Store.checkpoint``: the kept state nearest before move ``start`` and the moves
        after it through ``until``. Only ``moves`` is read of a checkpoint from before the
        kept state (``history_page`` asks for the first chapter to count the pages)."""
        if start < self.base:
            return Checkpoint(self.moves, 0, None, _NotKept())
        return Checkpoint(self.moves, self.base, self.steps[0].state, self.log[:max(until - self.base, 0)])

    def action_at(self, version: int) -> tuple[int, str, int | None] | None:
        """The move that made ``version`` (the deal made version 1), and its member."""
        move = version - 1
        if move < 1:
            return None
        assert move > self.base, "a read asked for a move before the world's kept state"
        seat, action = self.log[move - 1 - self.base]
        return seat, action, FIRST_USER + seat


def world_of(game: Played, moves: int, base: int | None = None) -> World:
    """The played game after ``moves`` moves, kept after ``base`` (by default, as the store
    keeps it for the newest chapter: ``kept_before``)."""
    base = kept_before(game, moves) if base is None else base
    return World(game.game_type, game.options, base, game.steps[base:moves + 1], game.log[base:moves])


def chapter_of(moves: int) -> int:
    """The first move of the newest chapter of a log of ``moves`` moves."""
    first, _ = history.chapter_span(history.chapters(moves) - 1)
    return first


def kept_before(game: Played, moves: int) -> int:
    """The move a world of ``moves`` moves keeps its state after: two before its newest
    chapter (or the deal), as reads ask from the move before the chapter (its history page,
    its page's log) or before a move (a board's description tells what that move did); and
    before a move taken back, as the moves after a kept state never start with a take-back."""
    base = max(chapter_of(moves) - 2, 0)
    return base - 1 if base and game.log[base][1] == UNDO else base


def shown(game: Any, step: Step, seat: int) -> tuple[Any, ...]:
    """What the rules show ``seat`` of a step: its view, its choices, the lines it reads."""
    return (game.view(step.state, seat), game.legal(step.state, seat),
            [(event.text, event.image) for event in step.events if event.to is None or seat in event.to])


def worlds_apart(world: World, seat: int, rng: random.Random, *, reseed: bool) -> tuple[World, World]:
    """``world`` and a twin of it ``seat`` cannot tell apart, both cut before the first move
    that shows the seat otherwise in the twin (or that cannot be made, or taken back, there)."""
    game, kept = world.game, world.steps[0]
    twin = Step(twins.twin(world.game_type, kept.state, seat, rng, reseed=reseed), [], kept.books)
    assert shown(game, twin, seat)[:2] == shown(game, kept, seat)[:2], "the twin is a world the seat can tell apart"
    steps = [twin]
    for version, entry, real in zip(count(world.base + 2), world.log, world.steps[1:]):
        undone = world.log[len(steps) - 2] if entry[1] == UNDO else None
        if undone and not may_take_back(world.game_type, world.options, steps, undone, version - 1):
            break  # not a move its member could take back here: no such twin
        try:
            step = after(world.game_type, world.options, steps, entry, version)
        except IllegalMove:  # a move the twin does not allow: no such twin
            break
        if shown(game, step, seat) != shown(game, real, seat):
            break
        steps.append(step)
    cut = len(steps) - 1
    return (replace(world, steps=world.steps[:cut + 1], log=world.log[:cut]),
            replace(world, steps=steps, log=world.log[:cut]))


def twin_now(world: World, seat: int, rng: random.Random, *, reseed: bool) -> World:
    """A twin of a world with no moves since its kept state (nothing of its past is read):
    its state's hidden parts changed, its books as they are."""
    assert not world.log
    kept = world.steps[0]
    twin = Step(twins.twin(world.game_type, kept.state, seat, rng, reseed=reseed), [], kept.books)
    assert shown(world.game, twin, seat)[:2] == shown(world.game, kept, seat)[:2], "a twin the seat can tell apart"
    return replace(world, steps=[twin])


# ---------------------------------------------------------------- the host, over one world

class WorldStore:
    """What the table service reads of a game, answered from one world; after a commit (a
    move, a take-back) the game read is the one it wrote."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.table = world.table
        self.timer_rows = dict(world.steps[-1].books.timers)

    async def game_with_seats(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]] | None:
        return (self.table.record, self.table.seats) if game_id == GAME_ID else None

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        return self.table.record if thread_id == THREAD else None

    async def checkpoint(self, game_id: int, start: int, until: int) -> Checkpoint:
        return self.world.checkpoint(start, until)

    async def action_at(self, game_id: int, version: int) -> tuple[int, str, int | None] | None:
        return self.world.action_at(version) if version <= self.world.moves + 1 else None

    async def timers(self, game_id: int) -> Timers:
        return dict(self.timer_rows)

    async def set_member_language(self, user_id: int, language: str) -> None:
        pass

    async def commit(self, game_id: int, expected_version: int, *, status: str, state: State | None,
                     seat_epochs: dict[int, int] | None = None, result: dict[str, Any] | None = None,
                     action: tuple[int, str, int | None] | None = None, seat_asked: dict[int, float] | None = None,
                     timers: Sequence[tuple[str, float, float | None]] | None = None, **_: Any) -> bool:
        record = self.table.record
        taker = action[0] if action is not None and action[1] == UNDO else None
        seats = [replace(s, take_backs=s.take_backs + 1) if s.seat == taker else s for s in self.table.seats]
        self.table = Table(replace(record, status=status, state=state, version=record.version + 1,
                                   seat_epochs=seat_epochs or record.seat_epochs, result=result or record.result,
                                   seat_asked=seat_asked or record.seat_asked), seats)
        if timers is not None:
            self.timer_rows = {key: self.timer_rows.get(key, (due, warn)) for key, due, warn in timers}
        return True


class ViewDrawing:
    """Stands in for the drawing pool: a picture is the view it is drawn from."""

    async def draw(self, job: Any, view: dict[str, Any], name: str) -> bytes:
        return json.dumps([name, view], sort_keys=True).encode()

    async def board(self, key: Any, job: Any, args: Any, reader: Any = None) -> bytes:
        """The pool's kept board (``bot/delivery/drawing.py``): here drawn each time; ``args``
        may be a coroutine function making them."""
        made = await args() if callable(args) else args
        return await self.draw(job, *made)


@dataclass
class Host:
    """What the cogs use of the bot: the table service (over the world read now), the
    dispatcher's drawing pool, and the bookkeeping of interactions."""

    tables: Tables | None = None
    dispatcher: Any = field(default_factory=lambda: SimpleNamespace(drawing=ViewDrawing(), wake=lambda: None))
    instance: str = "test:1"

    def over(self, world: World) -> Tables:
        """The real table service, reading ``world``."""
        self.tables = Tables(WorldStore(world), autoplay_bots=False, caps=None,  # type: ignore[arg-type]
                             clock=lambda: moment(world.moves + 1))
        self.tables.page_link = lambda game_id: f"{PUBLIC_URL}/g/{game_id}-tag"
        return self.tables

    def handling(self) -> contextlib.AbstractAsyncContextManager[None]:
        return contextlib.nullcontext()


@dataclass
class Said:
    """One answer: its text, whether only the asker sees it, its picture (its description
    and the view it is drawn from) and its controls (as Discord receives them)."""

    text: str | None
    ephemeral: bool
    picture: Any = None
    controls: Any = None


def said(content: str | None = None, *, ephemeral: bool = False, file: discord.File | None = None,
         view: discord.ui.View | None = None, **_: Any) -> Said:
    picture = (file.description, json.loads(file.fp.read())) if file is not None else None
    return Said(content, ephemeral, picture, view.to_components() if view is not None else None)


#: How the bot answers an error of its own (``cogs.answers.report_unexpected``): a read that
#: ends so fails the test rather than compare two random references.
UNEXPECTED = "Something went wrong on my side"


class Asker:
    """An interaction in THREAD from the member of ``seat``: what a cog reads of one, and
    every answer it gives, in order (a deferral is no answer)."""

    def __init__(self, host: Host, seat: int, *, data: dict[str, Any] | None = None) -> None:
        self.client = host
        self.channel_id, self.guild_id, self.guild = THREAD, GUILD, None
        self.user = SimpleNamespace(id=FIRST_USER + seat, display_name=NAMES[seat], mention=f"<@{FIRST_USER + seat}>")
        self.locale = self.guild_locale = None
        self.message, self.command, self.data = None, None, data or {}
        self.namespace = SimpleNamespace()
        self.answers: list[Said] = []
        self._done = False
        self.response = SimpleNamespace(is_done=lambda: self._done, defer=self._defer, send_message=self._send,
                                        edit_message=self._send)
        self.followup = SimpleNamespace(send=self._send)

    async def _defer(self, **_: Any) -> None:
        self._done = True

    async def _send(self, content: str | None = None, **kwargs: Any) -> None:
        if content is not None and content.startswith(UNEXPECTED):
            raise AssertionError("the host met an unexpected error: its traceback is in the log above")
        self._done = True
        self.answers.append(said(content, **kwargs))

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.answers.append(said(**kwargs))

