"""The game protocol: what every game implements, and the plain data it speaks.

A game is a set of pure functions over a JSON-compatible ``dict`` state. Nothing
here knows Discord, asyncio or storage; the table service (``bot/table/service.py``)
drives games only through this protocol, and the renderers draw only views.

Actions are short strings ("build:red-3", "done", "bid:radio:4"). Strings keep
the action log readable, fit inside a Discord custom id, and make a replay a
plain list. Each game parses its own.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

State = dict[str, Any]
View = dict[str, Any]

#: Actions must fit in a Discord custom id next to the game id and version.
MAX_ACTION_LENGTH = 64
#: An action filled in by the player (an amount, a set) is built by the host, not carried
#: in a custom id, so it may be longer; still bounded, so a forged one costs nothing.
MAX_FILLED_ACTION_LENGTH = 512

#: The seat time plays for: when a deadline passes, the host applies the deadline's
#: action as this seat, logged like any other move, so replay stays exact.
SYSTEM_SEAT = -1

#: Where a choice's template takes the player's value ("bid:{}").
SLOT = "{}"
_INTEGER = re.compile(r"-?[1-9][0-9]{0,17}|0", re.ASCII)
#: The largest amount a choice may allow: what eighteen digits can write.
AMOUNT_LIMIT = 10**18 - 1


class IllegalMove(Exception):
    """A move the rules refuse. ``str(error)`` is a sentence for the player."""


class EngineRefusal(IllegalMove):
    """A refusal the engine words, not the game: ``message`` is English with ``{fields}``
    that the host words in its reader's language (``bot/i18n.py``); ``str(error)`` is it
    in English. A game's own refusals stay plain ``IllegalMove``s, in the game's words."""

    def __init__(self, message: str, /, **values: Any) -> None:
        super().__init__(message.format(**values) if values else message)
        self.message = message
        self.values = values


class NotOffered(EngineRefusal):
    """The move is not one the game offers the seat now (or none is due, or it is over)."""


class BadOption(EngineRefusal):
    """A lobby option the game does not have, or a value it does not take."""


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
class Amount:
    """A whole number the player types: ``minimum`` to ``maximum`` in steps of ``step``
    counted from ``minimum`` (a bid, a price). How the game writes one in its labels, for the
    host to write it the same way around the form (and read it back typed so): ``unit`` is a
    currency sign, put where the reader's language puts one ("$12" in English, "12 $" in
    Polish); ``scale`` follows the number, in the language of the choice's labels (Billboard's
    thousands: "k" for "15k", " tys. zł" for Polish "15 tys. zł", its spaces non-breaking).
    The action holds the bare number all the same ("bid:15")."""

    minimum: int
    maximum: int
    step: int = 1
    unit: str = ""
    scale: str = ""

    def __post_init__(self) -> None:
        if self.step < 1 or self.minimum > self.maximum:
            raise ValueError(f"an empty amount range: {self}")
        if max(-self.minimum, self.maximum) > AMOUNT_LIMIT:
            raise ValueError(f"amounts stop at eighteen digits: {self}")

    def allows(self, number: int) -> bool:
        return self.minimum <= number <= self.maximum and (number - self.minimum) % self.step == 0

    def describe(self) -> str:
        """"0–12", "$0–$12, in steps of 2" or "15k–21k": the bounds as the player reads them."""
        span = f"{self.unit}{self.minimum:,}{self.scale}–{self.unit}{self.maximum:,}{self.scale}"
        return span + (f", in steps of {self.step:,}" if self.step > 1 else "")

    def parse(self, text: str) -> int | None:
        """The number in ``text`` when it is written the one canonical way, else None."""
        if not _INTEGER.fullmatch(text):
            return None
        number = int(text)
        return number if self.allows(number) else None


@dataclass(frozen=True)
class Subset:
    """Some of ``options`` ((value, label) pairs): at least ``minimum``, at most ``maximum``
    (billboards for a contract, cards to discard). Filled in, the values are joined by
    commas in the order the options are listed, so each set has one spelling."""

    options: tuple[tuple[str, str], ...]
    minimum: int = 1
    maximum: int | None = None  # None: as many as there are options

    def __post_init__(self) -> None:
        values = [value for value, _ in self.options]
        if len(set(values)) != len(values) or any(not v or "," in v for v in values):
            raise ValueError("subset values must be distinct, non-empty and free of commas")
        if not 0 <= self.minimum <= self.most:
            raise ValueError(f"an impossible subset size: {self.minimum}..{self.most}")

    @property
    def most(self) -> int:
        return len(self.options) if self.maximum is None else min(self.maximum, len(self.options))

    def spell(self, values: Iterable[str]) -> str:
        chosen = set(values)
        return ",".join(value for value, _ in self.options if value in chosen)

    def parse(self, text: str) -> list[str] | None:
        """The chosen values when ``text`` is one allowed set in its one spelling, else None."""
        values = text.split(",") if text else []
        if not self.minimum <= len(values) <= self.most or self.spell(values) != text:
            return None
        return values


@dataclass(frozen=True)
class Choice:
    """One legal action for a seat, described well enough to draw a control.

    ``group`` gathers choices that belong together (one select menu, or one row
    of buttons); ``private`` marks a choice whose label reveals a secret (a card
    in hand) so it is only ever shown to its seat, never on a public message.

    A choice with an ``amount`` or a ``subset`` is a template: its ``action``
    holds ``{}`` once, where the player's number or set goes ("bid:{}"). The
    engine accepts exactly the actions its description allows (``accepts``);
    bots and the host fill it in with ``fill``.
    """

    action: str
    label: str
    group: str = ""
    private: bool = False
    style: str = "secondary"  # primary | secondary | success | danger
    description: str = ""
    amount: Amount | None = None
    subset: Subset | None = None

    def __post_init__(self) -> None:
        filled = self.amount is not None or self.subset is not None
        if self.amount is not None and self.subset is not None:
            raise ValueError("a choice asks for an amount or a subset, not both")
        if filled != (self.action.count(SLOT) == 1):
            raise ValueError(f"{self.action!r}: a template needs one {SLOT}, a plain action none")

    @property
    def template(self) -> bool:
        return self.amount is not None or self.subset is not None

    def fill(self, value: int | Iterable[str]) -> str:
        """The action for a number (amount) or a set of values (subset)."""
        if self.amount is not None:
            return self.action.replace(SLOT, str(int(value)))  # type: ignore[arg-type]
        if self.subset is not None:
            return self.action.replace(SLOT, self.subset.spell(value))  # type: ignore[arg-type]
        return self.action

    def accepts(self, action: str) -> bool:
        """Whether ``action`` is this choice (a plain one) or one of its fillings."""
        if not self.template:
            return action == self.action
        head, _, tail = self.action.partition(SLOT)
        if len(action) < len(head) + len(tail) or not (action.startswith(head) and action.endswith(tail)):
            return False
        middle = action[len(head):len(action) - len(tail)]
        if self.amount is not None:
            return self.amount.parse(middle) is not None
        return self.subset is not None and self.subset.parse(middle) is not None


def offered(choices: Iterable[Choice], action: str) -> Choice | None:
    """The choice among ``choices`` that ``action`` takes, if any."""
    return next((choice for choice in choices if choice.accepts(action)), None)


@dataclass(frozen=True)
class Deadline:
    """A decision that closes by itself (an auction's countdown, an offer's expiry).

    ``seconds`` after the host first sees ``key`` among the game's deadlines, it
    applies ``action`` as ``SYSTEM_SEAT`` — unless the game has dropped the key by
    then (everyone answered). Keep the key while the same countdown runs; a new
    key starts a new one. ``what`` names it for the table ("the auction closes").
    """

    key: str
    seconds: float
    action: str
    what: str = ""


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


@dataclass(frozen=True)
class Tally:
    """What a game counts for each seat at one moment (money, value, points): a point of
    the chart the host posts when the game ends. Words are the table's ("Property value",
    "Turn"); amounts are written with ``unit`` where the table's language puts a currency
    ("$120" in English, "120 $" in Polish), then ``scale`` ("$120M")."""

    label: str                 # what is counted
    values: tuple[int, ...]    # by seat
    period: int                # the turn or round the moment belongs to: the chart's x
    period_label: str          # what a period is called ("Turn", "Round", "Movie")
    unit: str = ""
    scale: str = ""


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
    # Optional: ``deadlines(state) -> list[Deadline]`` — decisions that close by
    # themselves; the host plays each one's action as ``SYSTEM_SEAT`` when it is due,
    # and ``apply`` must accept exactly those actions from that seat.
    #
    # Optional: ``run_out(state, seat) -> str | None`` — what the seat's turn clock
    # running out does to the decision now put to it: the move the rule sheet lets a
    # player make by doing nothing (pass, decline, stop, keep), one of the seat's
    # ``legal()`` actions as it stands; None where the decision has no such move (a
    # forced choice among options): the game's bot then moves for the seat. Without it,
    # or with an action the game does not offer, the bot moves, as for any game.
    #
    # Optional: ``languages: tuple[str, ...]`` — a game that speaks several languages
    # (``bot.engine.language``). Its public text (events for all, status, the view's
    # ``language`` for the renderer, labels of choices that are not private) is in the
    # table's language, its ``language`` option; what one seat reads (prompts, private
    # labels and events, refusals, ``private_summary``) is in that seat's language, which
    # the host passes as the option ``seat_languages`` (a list by seat) from each player's
    # Discord locale. Such a game's ``rules_summary(language)`` takes the language too,
    # and so does its ``prompt(state, seat, language=None)``: the thread's turn post shows
    # a seat's prompt to everyone, so the host asks for it in the table's language. And
    # ``legal(state, seat, language=None)``: the same choices, every label (and an amount's
    # ``scale``) in ``language``, for what one member reads alone in their own (the amount
    # form, the subset picker).
    #
    # Optional: ``opening_events(state) -> list[Event]`` — what set-up tells the table
    # or single seats (a secret loyalty, who your fellow communists are); the host
    # sends them once, when the game starts. Events to single seats are sent only by
    # games without ``private_summary``: the summary each seat gets at start says it.
    #
    # Optional, for the chart and summary the host posts when the game ends (it replays
    # the log for them, off the move path): ``tally(view, end) -> Tally`` — what the game
    # counts for each seat at the moment of the public ``view``; ``end`` is the finished
    # game's public view, for what only the end reveals (a hidden team). And
    # ``notables(views) -> list[str]`` — one short line of notable figures per seat ("biggest
    # payout $12,000 · 3 Blockbusters"), from the public views after each move (``views[0]``
    # the deal, ``views[-1]`` the end), in the table's language. Both read public views
    # only, so neither can tell a secret the end did not reveal.

    # Optional: ``next_seat(state) -> int | None`` — the seat whose turn comes after the seat
    # to move now, by the rules as they stand (turn order is public in every title), for the
    # host's "you're next" heads-up. None when it cannot be told for sure: several decide at
    # once, the seat to move answers inside another's turn (an auction, an offer), the next
    # order is not known yet (a round ends, dice or a draw decide), or the game is over. Pure,
    # and it reads nothing secret (hand sizes, not hands). Without it the host guesses the
    # seat after the one to move, in seat order.

    # -- Saves from earlier versions -------------------------------------------------------
    # Optional: ``upgrade(state) -> None`` — bring, in place, a state saved by an earlier
    # version of Marquee to the shape today's rules read (a field renamed, a piece of content
    # added), so a game running in a community's database plays on after an update. Called
    # on every state read from the store (``runner.upgraded``): a state already in shape must
    # be left as it is, cheaply. ``tests/games/test_saves.py`` plays on the saves of each
    # release (``tests/games/saves/``).

    # -- Take-backs (issues 29 and 35; ``bot/engine/takeback.py``) -------------------------
    # Optional: ``can_take_back``, a ``bot.engine.takeback.TakeBackRule``: the title's
    # ``determinize`` (its knowledge, the worlds a seat cannot tell apart, which its bots sample
    # from too) and, optionally, its own narrowing ``(before, action, after, seat) -> bool`` of
    # which moves a player may take back at all (verbs, a phase that goes on). The engine
    # decides whether a move revealed anything, the same way for every title: no randomness,
    # nothing told another seat in private, the game not ended, and the move shows its mover
    # the same in every world dealt from their knowledge before it, and shows every other seat
    # nothing some move of the mover's would not have shown in a world they cannot tell apart.
    # The narrowing can only refuse more. Without the rule (the safe default) no move of the
    # game can be taken back.

# --- Bots: what a bot seat knows, and the policies that decide from it (issue 28) ----------
#
# A policy never receives the state. The host hands it a ``SeatKnowledge``: the seat's legal
# choices and a state the seat cannot tell from the real one, every hidden thing (others'
# hands, sealed bids, loyalties, the deck order, the seed of future dice) dealt again from
# what the seat has not seen, by the title's ``determinize``. Two games the seat cannot tell
# apart give a policy the same knowledge, so the same choice: fair by construction.


@dataclass(frozen=True)
class SeatKnowledge:
    """What one seat knows at a decision, and nothing more."""

    seat: int
    #: A state consistent with everything the seat knows (its view, its own secrets, the
    #: public log); what it does not know is a sample, not the truth.
    state: State
    #: The seat's legal choices now (the same in every state it cannot tell apart).
    legal: tuple[Choice, ...]


class BotPolicy(Protocol):
    """Picks a legal action for a seat from what the seat knows (``bot/engine/fair.py``
    builds the knowledge; policies live in ``bot/games/<title>/bots.py``)."""

    def decide(self, knowledge: SeatKnowledge, rng: random.Random) -> str: ...

    # Optional: ``volunteer(knowledge, rng) -> str | None`` — a move a bot seat makes
    # though the game is not waiting on it (a rent claim it is offered), or None. The
    # host asks it for bot seats that have choices while no bot is pending.


class SeatBot(Protocol):
    """What the host asks to move a bot seat: ``bot.engine.fair.FairBot`` wraps a policy so,
    building the seat's knowledge from the state; test doubles may move from the state."""

    def choose(self, state: State, seat: int, rng: random.Random) -> str: ...

    # Optional: ``volunteer(state, seat, rng) -> str | None``, as ``BotPolicy.volunteer``.
