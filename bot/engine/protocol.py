"""The game protocol: what every game implements, and the plain data it speaks.

A game is a set of pure functions over a JSON-compatible ``dict`` state. Nothing
here knows Discord, asyncio or storage; the table service (``bot/tables.py``)
drives games only through this protocol, and the renderers draw only views.

Actions are short strings ("build:red-3", "done", "bid:radio:4"). Strings keep
the action log readable, fit inside a Discord custom id, and make a replay a
plain list. Each game parses its own.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

State = dict[str, Any]
View = dict[str, Any]

#: Actions must fit in a Discord custom id next to the game id and version.
MAX_ACTION_LENGTH = 64


class IllegalMove(Exception):
    """A move the rules refuse. ``str(error)`` is a sentence for the player."""


@dataclass(frozen=True)
class Event:
    """Something that happened, for everyone (``to is None``) or for given seats."""

    text: str
    to: tuple[int, ...] | None = None
    #: Name of a picture to post with this event ("premiere", "payout"), drawn by
    #: the game's renderer from the view of the event's audience; None for text only.
    image: str | None = None

    @property
    def public(self) -> bool:
        return self.to is None


@dataclass(frozen=True)
class Choice:
    """One legal action for a seat, described well enough to draw a control.

    ``group`` gathers choices that belong together (one select menu, or one row
    of buttons); ``private`` marks a choice whose label reveals a secret (a card
    in hand) so it is only ever shown to its seat, never on a public message.
    """

    action: str
    label: str
    group: str = ""
    private: bool = False
    style: str = "secondary"  # primary | secondary | success | danger
    description: str = ""


@dataclass(frozen=True)
class Option:
    """A lobby option the host may set: ``choices`` lists the allowed values."""

    name: str
    description: str
    default: Any
    choices: tuple[Any, ...]


@dataclass(frozen=True)
class Result:
    """How a game ended. ``winners`` may hold several seats (a tie stays a tie)."""

    winners: tuple[int, ...]
    scores: dict[int, Any] = field(default_factory=dict)
    summary: str = ""


class Game(Protocol):
    """What every game module provides (see ``bot/games/<game>/rules.py``).

    ``apply`` receives its own deep copy of the state and mutates it in place;
    the engine (``bot.engine.runner``) makes the copy, checks the seat is
    pending, derives the random generator and counts moves, so games only
    write rules.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> State: ...

    def pending(self, state: State) -> set[int]:
        """The seats the game is waiting on now (several for simultaneous decisions)."""
        ...

    def legal(self, state: State, seat: int) -> list[Choice]:
        """Every move ``seat`` may make now. Usually empty unless the seat is pending;
        a seat the game is not waiting on may still be offered a move (to revise a
        sealed decision before the others are done), and may then make only those."""
        ...

    def apply(self, state: State, seat: int, action: str, rng: random.Random) -> list[Event]: ...

    def view(self, state: State, seat: int | None) -> View: ...

    def result(self, state: State) -> Result | None: ...

    def prompt(self, state: State, seat: int) -> str:
        """One sentence telling ``seat`` what it is asked to do now."""
        ...

    def status(self, state: State) -> str:
        """A short public line about the game now ("Round 3 — Ann to build")."""
        ...

    def rules_summary(self) -> str:
        """The rules help shown by ``/game rules`` (Markdown, under 4000 chars)."""
        ...

    # Optional: ``private_summary(state, seat) -> str`` — what this seat privately
    # knows now (hand, loyalty, sealed bid), as Markdown for a DM or ``/game hand``.
    # Without it the host lists the keys of the private view that the public view lacks.
    #
    # Optional: ``opening_events(state) -> list[Event]`` — what set-up tells the table
    # or single seats (a secret loyalty, who your fellow communists are); the host
    # sends them once, when the game starts. Events to single seats are sent only by
    # games without ``private_summary``: the summary each seat gets at start says it.


class BotPolicy(Protocol):
    """Picks a legal action for a seat; fills empty seats and drives fuzz tests."""

    def choose(self, state: State, seat: int, rng: random.Random) -> str: ...
