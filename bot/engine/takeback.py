"""Taking back a move: which moves may be, and how a log with take-backs replays.

A take-back is a logged action of its own (``UNDO``, by the seat whose move it takes back),
so the log stays the whole truth. It restores the state exactly as it was before the move,
``_move`` counter included: the next move then draws the same randomness it would have drawn
had the taken-back move never been made, so a log replays to the same state as the log with
each take-back and the move it took back left out (``effective``).

Only a move that revealed nothing may be taken back, and the engine decides that from what
the seats know, for every game alike: the move used no randomness (no die rolled, no deck
shuffled), told no other seat anything in private, did not end the game, and showed nobody
anything they could not have foreseen. That last is judged on worlds dealt by the title's own
knowledge (``TakeBackRule``, the ``determinize`` its bots sample from): in every world the
mover could not tell from the real one before the move, the same move shows the mover just
what it showed them (a card drawn, a poster seen, whose turn it is: all come out the same, or
the move stands); and no other seat sees anything after it that some move of the mover's would
not have shown them in any world they could not tell apart (the move's public effect, never a
secret). A title's ``TakeBackRule`` may narrow this further (which verbs it lets be taken back
at all), never widen it; a game without one takes nothing back.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from .protocol import SYSTEM_SEAT, Choice, EngineRefusal, Event, Game, State, offered
from .runner import MOVE_KEY, SEED_KEY, UNDO, copy_state, effective, play, rng_for

__all__ = ["UNDO", "WORLDS", "NotTakenBack", "Replayed", "TakeBackRule", "check", "effective", "replaying"]

#: How many worlds the mover could not tell apart are dealt to judge one take-back (each also
#: gives one other seat a world of its own). A move whose outcome turns on a hidden thing comes
#: out otherwise in some share p of the worlds; all eight agree with the real one, and miss it,
#: with chance (1 - p)^8: one in 256 at p = 1/2, 43 % at p = 1/10. What a missed move tells its
#: mover is that the unlikely outcome did not happen: -log2(1 - p) bits, so in expectation at
#: most 1 / (8 e ln 2) = 0.066 bits per take-back (at p = 12 %), whatever p is. Twice the worlds
#: would halve that and double the cost, paid on every move a member makes in place (its Undo
#: button, ``bot/table/take_back.py``).
WORLDS = 8

#: ``deal(game, state, seat, rng) -> State``: a world ``seat`` cannot tell from ``state``
#: (a title's ``knowledge.determinize``).
Deal = Callable[[Any, State, int, random.Random], State]
#: ``narrow(before, action, after, seat) -> bool``: whether a title lets this move be taken
#: back at all, knowledge allowing.
Narrow = Callable[[State, str, State, int], bool]

class NotTakenBack(EngineRefusal):
    """The move cannot be taken back; ``message`` says why in the player's terms."""


def _revealed() -> NotTakenBack:
    # Worded in a call, where the translation catalogue's extractor finds it.
    return NotTakenBack("That move revealed something (a roll, a card, sealed answers or a payment), so it stands.")


REVEALED = _revealed().message


def _player_count(state: State) -> int:
    return int(state["players"])


@dataclass(frozen=True)
class TakeBackRule:
    """A title's take-back hook, ``Game.can_take_back``: how it deals the worlds a seat cannot
    tell apart (``deal``, its knowledge's ``determinize``), how many seats a state has
    (``players``), and its own ``narrow``ing of which moves qualify. Called as the title's
    rule, it answers the narrowing alone; the engine's ``check`` adds what knowledge decides."""

    deal: Deal
    narrow: Narrow | None = None
    players: Callable[[State], int] = _player_count

    def __call__(self, before: State, action: str, after: State, seat: int) -> bool:
        return self.narrow is None or self.narrow(before, action, after, seat)


class _Traced(random.Random):
    """A generator that remembers being asked for anything: every method of ``random.Random``
    (``randint``, ``shuffle``, ``choice``, ``sample``…) ends in one of these two."""

    used = False

    def random(self) -> float:
        self.used = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.used = True
        return super().getrandbits(k)


@dataclass(frozen=True)
class Replayed:
    """One entry of a log replayed: the state after it and what it told; for a take-back,
    the state is the one before the move it took back, and ``undone`` is that move."""

    seat: int
    action: str
    state: State
    events: list[Event]
    undone: tuple[int, str, State] | None = None  # (seat, action, the state it was made in)


def replaying(game: Game, state: State, log: Iterable[tuple[int, str]]) -> Iterator[Replayed]:
    """Each entry of ``log`` applied from ``state`` in turn, take-backs included. A log that
    starts with a take-back cannot be replayed from here (its move is before ``state``):
    the store's checkpoints never start a tail so."""
    before: tuple[int, str, State] | None = None
    for seat, action in log:
        if action == UNDO:
            if before is None:
                raise ValueError("a take-back with no move before it in this log")
            yield Replayed(seat, action, before[2], [], before)
            state, before = before[2], None
            continue
        made_in = state
        state, events = play(game, state, seat, action)
        before = (seat, action, made_in)
        yield Replayed(seat, action, state, events)


def check(game: Game, before: State, seat: int, action: str, after: State) -> None:
    """Refuse (``NotTakenBack``) to take back ``action``, which ``seat`` made from ``before``
    to ``after``, unless it revealed nothing. ``before`` must be the state the move was
    made in: the move is made again here, on a copy, to see what it used and told."""
    rule = getattr(game, "can_take_back", None)
    if seat == SYSTEM_SEAT or not isinstance(rule, TakeBackRule):
        raise NotTakenBack("Moves of this game cannot be taken back.")
    if game.result(after) is not None:
        raise NotTakenBack("That move ended the game, so it stands.")
    again, events, chance = _remade(game, before, seat, action)
    if again != after:  # the log and the state disagree: never guess, refuse
        raise NotTakenBack("That move cannot be taken back.")
    if any(event.to is not None and set(event.to) - {seat} for event in events):
        raise NotTakenBack("That move told another player something, so it stands.")
    if not rule(before, action, after, seat):
        raise _revealed()
    if chance:
        raise NotTakenBack("That move was left to chance (a roll, a shuffle or a draw), so it stands.")
    if not foreseen(game, rule, before, seat, action, after, events):
        raise _revealed()


def _remade(game: Game, state: State, seat: int, action: str) -> tuple[State, list[Event], bool]:
    """The move made on a copy of ``state`` as the runner makes it (the generator of its seed
    and move): the state it leaves, what it told, and whether it drew on that generator."""
    rng = _Traced()
    rng.setstate(rng_for(state[SEED_KEY], state[MOVE_KEY] + 1).getstate())
    again = copy_state(state)
    events = game.apply(again, seat, action, rng)
    again[MOVE_KEY] = state[MOVE_KEY] + 1
    return again, list(events), rng.used


def _made(game: Game, state: State, seat: int, action: str) -> tuple[State, list[Event]] | None:
    """The move made in a dealt world, with what it told; None where the rules refuse it there
    or it is left to chance (its outcome would then turn on the world's dice)."""
    try:
        again, events, chance = _remade(game, state, seat, action)
    except Exception:  # noqa: BLE001 - refused there, or a world the rules choke on: neither vouches for it
        return None
    return None if chance else (again, events)


def _shown(game: Game, state: State, events: list[Event], seat: int) -> tuple[Any, ...]:
    """Everything ``seat`` is shown after a move that told ``events`` and left ``state``: its
    view, the events it reads, whom the game waits on, its own choices, whether it is over."""
    return (game.view(state, seat),
            [(event.text, event.image) for event in events if event.to is None or seat in event.to],
            sorted(game.pending(state)), game.legal(state, seat), game.result(state) is not None)


def foreseen(game: Game, rule: TakeBackRule, before: State, seat: int, action: str, after: State,
             events: list[Event]) -> bool:
    """Whether the move showed nobody anything they could not have foreseen, judged on
    ``WORLDS`` worlds dealt from the mover's knowledge before it (``before``). The worlds
    are dealt from a generator of public things alone, so the verdict (and with it the Undo
    button) depends on nothing the mover cannot know."""
    rng = random.Random(f"take-back:{before[MOVE_KEY]}:{seat}:{action}")
    expected = _shown(game, after, events, seat)
    others = [other for other in range(rule.players(before)) if other != seat]
    for number in range(WORLDS):
        world = rule.deal(game, before, seat, rng)
        made = _made(game, world, seat, action)
        if made is None or _shown(game, *made, seat) != expected:
            return False  # the mover saw something that turned on what they could not know
        # Each world asks one other seat in turn: a secret of the mover's that the move shows
        # shows in every world, so a few twins of each seat find it, at a cost that does not
        # grow with the table.
        other = others[number % len(others)] if others else None
        if other is not None and not _nothing_learned(game, rule, world, made, seat, action, other, rng):
            return False
    return True


def _nothing_learned(game: Game, rule: TakeBackRule, world: State, made: tuple[State, list[Event]],
                     seat: int, action: str, other: int, rng: random.Random) -> bool:
    """Whether ``other`` learned nothing from the move ``seat`` made in ``world`` (which left
    ``made``): in a world ``other`` cannot tell from ``world``, some move of the mover's would
    have shown them the same. The same move first; then any other it could have made, for a
    move that names one of the mover's secrets (a card added face down)."""
    seen = _shown(game, *made, other)
    twin = rule.deal(game, world, other, rng)
    choices = game.legal(twin, seat)
    for candidate in _candidates(choices, action):
        shown = _made(game, twin, seat, candidate)
        if shown is not None and _shown(game, *shown, other) == seen:
            return True
    return False


def _candidates(choices: list[Choice], action: str) -> Iterator[str]:
    if offered(choices, action) is not None:
        yield action
    yield from (choice.action for choice in choices if not choice.template and choice.action != action)
