"""Taking back a move (``/game undo``, the Undo button on a mover's private confirmation).

A player may take back their own last move while nobody has moved since and the move
revealed nothing (``bot/engine/takeback.py`` decides, with the game's own hook), a few times a
game (``TAKE_BACKS_PER_GAME``; the store counts each seat's, ``SeatRecord.take_backs``). The take-back
goes through the store like a move: it is logged (``UNDO``, by the seat), restores the state
before the move, and commits guarded by the game's version, so a take-back racing the next
move across processes ends with exactly one of them made. Its thread line edits the post
the move left ("Ada took back: build on Heinz Pier") rather than making a new one.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot import steps
from bot.engine import SYSTEM_SEAT, Event, Game, State, new_game, offered, play, upgraded
from bot.engine.language import Words
from bot.engine.takeback import UNDO, NotTakenBack, check, effective
from bot.games import registry
from bot.i18n import HOST, words
from bot.store.base import Store
from bot.table import clock as timers
from bot.table.model import Member, StaleMove, Table, TableError, take_backs_allowed
from bot.table.notices import Moments, Remembered, put_to
from bot.text import markdown_name

#: Moves one player may take back in one game. Enough for the few misclicks anyone makes in a
#: game (a take-back is for those), too few to make trying a move, looking at the board and
#: taking it back a way to play; and it bounds what take-backs add to a game's log, posts and
#: kept states: two actions, and the edits of one post, per take-back.
TAKE_BACKS_PER_GAME = 5


def took_back_line(game: Game, before: State, seat: int, action: str, said: Words) -> str:
    """The table's line for a take-back: the move's label as its button read, unless that
    label was private (a card in hand), when the table learns only that a move was taken back."""
    choice = offered(game.legal(before, seat), action)
    who = f"{{p{seat}}}"
    if choice is None or choice.private:
        return said.t("↩️ {seat} took back their last move.", seat=who)
    label = choice.label
    if choice.template:  # "Bid…" with the amount filled in
        head, _, tail = choice.action.partition("{}")
        label = f"{label} {action[len(head):len(action) - len(tail)]}"
    return said.t("↩️ {seat} took back: {move}", seat=who, move=label)


def take_backs_left(table: Table, seat: int) -> int:
    """How many more moves ``seat`` may take back in this game."""
    return max(0, TAKE_BACKS_PER_GAME - table.seats[seat].take_backs)


def undoable(before: Table, seat: int, action: str, after: Table) -> bool:
    """Whether the move ``seat`` just made from ``before`` to ``after`` may be taken back
    (while nobody moves after it): what offers the mover an Undo button."""
    if not take_backs_allowed(before.record.settings) or not take_backs_left(before, seat):
        return False
    try:
        check(registry.game(before.record.game_type), before.state, seat, action, after.state)
    except NotTakenBack:
        return False
    return True


class TakeBacks:
    """``Tables.take_back`` (a mixin of ``Tables``, whose move pipeline it uses)."""

    if TYPE_CHECKING:  # what it uses of Tables (bot/table/service.py), whose mixin it is
        store: Store
        clock: Callable[[], float]
        moments: Moments
        _notify: Callable[[], None]
        autoplay_bots: bool

        async def _running(self, game_id: int) -> Table: ...
        async def bots_reply(self, game_id: int) -> int: ...
        async def _commit(self, table: Table, *, state: dict[str, Any] | None, epochs: dict[int, int] | None,
                          action: tuple[int, str, int | None] | None, outbox: list[tuple[str, dict[str, Any]]],
                          status: str, result: dict[str, Any] | None = None,
                          asked: dict[int, float] | None = None,
                          timers: list[tuple[str, float, float | None]] | None = None,
                          fired: str | None = None, timeouts: dict[int, int] | None = None) -> None: ...
        def _notifications(self, table: Table, state: dict[str, Any], events: list[Event],
                           version: int, newly_asked: set[int],
                           shown_in_place: int | None = None, in_the_open: bool = False,
                           rules: Game | None = None) -> list[tuple[str, dict[str, Any]]]: ...
        def _remember(self, table: Table, rules: Remembered) -> None: ...

    async def take_back(self, game_id: int, member: Member, *, version: int | None = None,
                        in_place: bool = False) -> Table:
        """Take back ``member``'s last move. ``version``: the game version that move made,
        as the Undo button on its confirmation carries it (None: whatever their last move
        was, for ``/game undo``). Refused with a sentence unless it may be taken back."""
        table = await self._running(game_id)
        seat = table.seat_of(member.id)
        if seat is None:
            raise TableError("You are not playing in this game, so you have no move to take back.")
        if not take_backs_allowed(table.record.settings):
            raise TableError("The host has turned take-backs off for this game.")
        current = table.record.version
        last = await self.store.action_at(game_id, current)
        if last is not None and last[0] == SYSTEM_SEAT:
            raise TableError("A countdown has run out since your last move, so it stands.")
        if last is not None and last[0] != seat:
            raise TableError("The last move is {name}'s, not yours: only your own last move can be taken back, "
                             "while nobody has moved since.", name=markdown_name(table.names()[last[0]]))
        if last is None or last[2] != member.id:
            raise TableError("You have no move to take back: only your own last move can be, "
                             "while nobody has moved since.")
        if last[1] == UNDO:
            raise TableError("You have taken your last move back already; a move before it stands.")
        if version is not None and version != current:
            raise StaleMove("This button is for a move of yours that is no longer the last one, "
                            "so it cannot be taken back. Here is what you can do now:", game_id)
        if not take_backs_left(table, seat):
            raise TableError.counted(
                "You have taken back {count} move this game, the most a game allows, so this one stands.",
                "You have taken back {count} moves this game, the most a game allows, so this one stands.",
                table.seats[seat].take_backs)
        game = registry.game(table.record.game_type)
        before = await self._state_before(table)
        try:
            check(game, before, seat, last[1], table.state)
        except NotTakenBack as error:
            raise TableError(error.message, **error.values) from None
        after = await self._commit_take_back(table, game, seat, last[1], before, member, in_place)
        if self.autoplay_bots:  # a bot the state before waits on moves, as after any move
            await self.bots_reply(game_id)  # a strong one thinking in the background
        self._notify()
        return after

    async def _state_before(self, table: Table) -> State:
        """The state the game's last move was made in: from the state kept nearest before it
        and the moves after that (a take-back's tail never starts with a take-back)."""
        moves = table.record.version - 2  # the log's moves before its last one
        kept = await self.store.checkpoint(table.id, moves, moves)
        game = registry.game(table.record.game_type)
        record = table.record
        state = (upgraded(game, kept.state) if kept.state is not None
                 else new_game(game, len(table.seats), record.options, record.seed))
        for seat, action in effective(kept.tail):
            state, _ = play(game, state, seat, action)
        return state

    async def _commit_take_back(self, table: Table, game: Game, seat: int, action: str, before: State,
                                member: Member, in_place: bool) -> Table:
        version = table.record.version + 1
        epochs = dict(table.record.seat_epochs)
        asked = dict(table.record.seat_asked)
        now = self.clock()
        for other in put_to(game, table.state, before, seat, len(table.seats)):
            epochs[other] = version
            asked[other] = now
        # The mover's clock runs on from their move (which put their next decision to them),
        # not from the take-back: waiting to take a move back buys no time.
        if seat in table.record.seat_asked:
            asked[seat] = min(now, table.record.seat_asked[seat])
        line = took_back_line(game, before, seat, action, words(HOST, table.language))
        newly_asked = {s for s, v in epochs.items() if v == version and not (in_place and s == seat)}
        outbox = self._notifications(table, before, [Event(line)], version, newly_asked,
                                     shown_in_place=seat if in_place else None, rules=game)
        outbox[0][1]["take_back"] = True  # edits the post the move left (bot/delivery/post_plan.py)
        steps.reached(steps.MOVE_DECIDED)
        await self._commit(table, state=before, epochs=epochs, action=(seat, UNDO, member.id), outbox=outbox,
                           status="running", asked=asked,
                           timers=timers.plan(game, table, before, epochs, asked, now))
        steps.reached(steps.MOVE_COMMITTED)
        self.moments.keep(table.id, version, before)
        seats = [replace(s, take_backs=s.take_backs + 1) if s.seat == seat else s for s in table.seats]
        after = Table(replace(table.record, state=before, version=version, seat_epochs=epochs, seat_asked=asked),
                      seats)
        self._remember(after, Remembered(game))
        return after
