"""What the table service hands around: a game with its seats, a member, a refusal."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine import SEAT_LANGUAGES, Option, upgraded
from bot.engine.language import DEFAULT_LANGUAGE, ENGLISH, LANGUAGES, Words
from bot.games import registry
from bot.store.base import GameRecord, SeatRecord

#: The lobby option a game that speaks several languages sets its table's language with.
LANGUAGE_OPTION = "language"
#: The host's switch for take-backs (``bot/table/take_back.py``), a lobby option beside the
#: turn clock: on unless the host turns it off.
TAKE_BACKS = Option("takebacks", "Whether a player may take back their last move while nobody has moved since",
                    True, (True, False))


def take_backs_allowed(settings: dict[str, Any]) -> bool:
    return settings.get(TAKE_BACKS.name, TAKE_BACKS.default) is not False


class TableError(Exception):
    """A request the host refuses, as a sentence for the user.

    The sentence is English source text with ``{fields}`` (``TableError("Seat {seat} is
    free.", seat=3)``), worded in the reader's language when the answer is written
    (``worded(words)``), since who reads it is known only there; ``str(error)`` is the
    English. A sentence already worded (a game's own refusal) is ``TableError.verbatim``.
    """

    def __init__(self, message: str, /, **values: Any) -> None:
        self.message = message
        self.values = values
        self.plural: str | None = None
        self.count = 0
        self.translate = True
        super().__init__(message)

    def __str__(self) -> str:
        return self.worded(ENGLISH)

    @classmethod
    def counted(cls, singular: str, plural: str, count: int, /, **values: Any) -> TableError:
        """A refusal with a count in it, in the form the count takes (1 seat, 2 seats)."""
        error = cls(singular, **values)
        error.plural, error.count = plural, count
        return error

    @classmethod
    def verbatim(cls, text: str) -> TableError:
        """A sentence worded already (a game's refusal, in the seat's language)."""
        error = cls(text)
        error.translate = False
        return error

    def worded(self, words: Words) -> str:
        if not self.translate:
            return self.message
        if self.plural is not None:
            return words.tn(self.message, self.plural, self.count, **self.values)
        return words.t(self.message, **self.values)


def no_more_moves(status: str) -> TableError:
    """Why a game that is not running takes no move."""
    if status == "lobby":
        return TableError("This game has not started yet. The host starts it with `/game start`.")
    if status == "finished":
        return TableError("This game is finished; no more moves can be made.")
    return TableError("This game is abandoned; no more moves can be made.")


class StaleMove(TableError):
    """The move was made against a moment of the game that has passed."""

    def __init__(self, message: str, game_id: int, /, **values: Any) -> None:
        super().__init__(message, **values)
        self.game_id = game_id  # the answer shows this game's panel, wherever the click was


@dataclass(frozen=True)
class Member:
    """A Discord user as the table service needs them: an id and a display name."""

    id: int
    name: str
    can_manage: bool = False  # holds Manage Server in the game's guild


@dataclass(frozen=True)
class Table:
    """A game with its seats, as read from the store."""

    record: GameRecord
    seats: list[SeatRecord]

    @property
    def id(self) -> int:
        return self.record.id

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def language(self) -> str:
        """What the thread reads: the game's ``language`` option when it has one, else English."""
        chosen = self.record.options.get(LANGUAGE_OPTION)
        return chosen if chosen in LANGUAGES else DEFAULT_LANGUAGE

    def seat_language(self, seat: int) -> str:
        """What one seat reads in private (DMs): the language the game was dealt for it
        (``seat_languages``, from the player's Discord locale), else the table's."""
        chosen = self.record.options.get(SEAT_LANGUAGES) or []
        language = chosen[seat] if 0 <= seat < len(chosen) else None
        return language if language in LANGUAGES else self.language

    @property
    def state(self) -> dict[str, Any]:
        """The state of a game that was dealt (running or over); a lobby has none."""
        if self.record.state is None:
            raise RuntimeError(f"game {self.id} has not been dealt: a lobby has no state")
        # (A game saved by an earlier version is brought to today's shape as it is read.)
        return upgraded(registry.game(self.record.game_type), self.record.state)
