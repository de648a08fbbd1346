"""What every rules module shares: the move in progress, money written as players read it."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Event

from .content import Board

#: Bids, prices and offers move in these steps.
STEP = 10_000
#: How many times an offer may go back and forth (proposal, counter, counter) before the
#: last answer must be accept or decline.
MAX_OFFER_ROUNDS = 3
#: The Bank's and the Public Fund's names where a seat would stand.
BANK, FUND = "bank", "fund"


def money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def seat_name(seat: int) -> str:
    return f"{{p{seat}}}"


def a_or_an(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def listing(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else items)


def floor_step(amount: int) -> int:
    return max(0, amount) // STEP * STEP


@dataclass
class Move:
    """One move being applied: the board, the state it changes, its dice and what it says."""

    board: Board
    state: dict[str, Any]
    rng: random.Random
    events: list[Event] = field(default_factory=list)

    def say(self, text: str, to: tuple[int, ...] | None = None) -> None:
        self.events.append(Event(text, to=to))

    def seat(self, seat: int) -> dict[str, Any]:
        return self.state["seats"][seat]

    def name(self, space_id: str) -> str:
        return self.board.spaces[space_id].name


def live_seats(state: dict[str, Any]) -> list[int]:
    return [seat for seat, s in enumerate(state["seats"]) if not s["bankrupt"]]


def holder_of(state: dict[str, Any], group: str) -> int | None:
    return state["holders"][group]


def cards_of(state: dict[str, Any], owner: int | str) -> list[str]:
    """The Ownership Cards ``owner`` (a seat or "fund") holds, in board order."""
    return [space for space, who in state["owners"].items() if who == owner]
