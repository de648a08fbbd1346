"""Taking back a move: which moves may be, and how a log with take-backs replays.

A take-back is a logged action of its own (``UNDO``, by the seat whose move it takes back),
so the log stays the whole truth. It restores the state exactly as it was before the move,
``_move`` counter included: the next move then draws the same randomness it would have drawn
had the taken-back move never been made, so a log replays to the same state as the log with
each take-back and the move it took back left out (``effective``).

Only a move that revealed nothing may be taken back. Three things the engine checks for
every game: the move used no randomness (no die rolled, no deck shuffled), told no other seat
anything in private, and did not end the game. The rest (a card drawn from a deck dealt at
set-up, a sealed answer opened, a payment from another player) only the game can tell: its
optional ``can_take_back`` (``bot/engine/protocol.py``), without which nothing of it can be
taken back.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .protocol import SYSTEM_SEAT, EngineRefusal, Event, Game, State
from .runner import MOVE_KEY, SEED_KEY, UNDO, copy_state, effective, play, rng_for

__all__ = ["UNDO", "NotTakenBack", "Replayed", "check", "effective", "replaying"]


class NotTakenBack(EngineRefusal):
    """The move cannot be taken back; ``message`` says why in the player's terms."""


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
    hook = getattr(game, "can_take_back", None)
    if seat == SYSTEM_SEAT or hook is None:
        raise NotTakenBack("Moves of this game cannot be taken back.")
    if game.result(after) is not None:
        raise NotTakenBack("That move ended the game, so it stands.")
    rng = _Traced()
    rng.setstate(rng_for(before[SEED_KEY], before[MOVE_KEY] + 1).getstate())
    again = copy_state(before)
    events = game.apply(again, seat, action, rng)
    again[MOVE_KEY] = before[MOVE_KEY] + 1
    if again != after:  # the log and the state disagree: never guess, refuse
        raise NotTakenBack("That move cannot be taken back.")
    if any(event.to is not None and set(event.to) - {seat} for event in events):
        raise NotTakenBack("That move told another player something, so it stands.")
    if not hook(before, action, after, seat):
        raise NotTakenBack("That move revealed something (a roll, a card, sealed answers or a payment), "
                           "so it stands.")
    if rng.used:
        raise NotTakenBack("That move was left to chance (a roll, a shuffle or a draw), so it stands.")
