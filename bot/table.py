"""What the table service hands around: a game with its seats, a member, a refusal."""
from __future__ import annotations

from dataclasses import dataclass

from .store import GameRecord, SeatRecord


class TableError(Exception):
    """A request the host refuses. ``str(error)`` is a sentence for the user."""


class StaleMove(TableError):
    """The move was made against a moment of the game that has passed."""

    def __init__(self, message: str, game_id: int) -> None:
        super().__init__(message)
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
