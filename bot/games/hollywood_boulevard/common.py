"""Small helpers every phase shares: money moves through the bank, seats, chips, screen time."""
from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TypeVar

from bot.engine import Choice, IllegalMove

from .content import Content, Film

#: Every kind of chip a player may have on the board (one key per box, one per equipment).
CHIP_KEYS = (
    "manager", "loan", "runtime", "reroll", "parties", "parking", "concessions", "ac",
    "3d", "cinemascope", "superscope", "vistavision",
)


# --- reading actions ------------------------------------------------------------------------
# Actions arrive as strings from buttons, but a string can be anything: each is read strictly,
# in its one canonical form, and anything else is an IllegalMove (never a crash, never an alias).

#: A number as the game writes it: ASCII digits, no sign, no leading zero ("0", "12").
_NUMBER = re.compile(r"0|[1-9][0-9]*")


def fields(action: str, head: str, sizes: int | tuple[int, ...], refusal: str) -> list[str]:
    """The fields after ``head:`` in ``action``, which must have as many as ``sizes`` allows,
    none of them empty; otherwise IllegalMove(refusal). ``fields("bid:tv:3", "bid", 2, …)``
    is ``["tv", "3"]``."""
    head_, *rest = action.split(":")
    allowed = (sizes,) if isinstance(sizes, int) else sizes
    if head_ != head or len(rest) not in allowed or "" in rest:
        raise IllegalMove(refusal)
    return rest


def number(text: str, low: int, high: int, refusal: str) -> int:
    """A whole number from ``low`` to ``high`` written canonically; otherwise IllegalMove."""
    # The length check comes first: int() of thousands of digits is slow, or refused.
    if len(text) > len(str(high)) or not _NUMBER.fullmatch(text) or not low <= int(text) <= high:
        raise IllegalMove(refusal)
    return int(text)


# --- seats and money -------------------------------------------------------------------------

def seat_tag(seat: int) -> str:
    """The host turns ``{p2}`` into the player's name."""
    return f"{{p{seat}}}"


def dollars(amount: int) -> str:
    return f"${amount:,}"


def hours(minutes: int) -> str:
    return f"{minutes // 60}h{minutes % 60:02d}"


def clockwise(start: int, players: int) -> list[int]:
    return [(start + step) % players for step in range(players)]


def pay(state: dict, seat: int, amount: int) -> None:
    """Money from a player to the bank; callers have checked the player can pay."""
    if amount < 0 or state["cash"][seat] < amount:
        raise IllegalMove(f"You have {dollars(state['cash'][seat])}; that costs {dollars(amount)}.")
    state["cash"][seat] -= amount
    state["bank"] += amount


def receive(state: dict, seat: int, amount: int) -> None:
    """Money from the bank to a player (income, loans). The bank never runs out."""
    state["cash"][seat] += amount
    state["bank"] -= amount


def chip(state: dict, seat: int, key: str) -> int:
    """How many chips ``seat`` has in one box (chips are stored only while there are some)."""
    return state["chips"][seat].get(key, 0)


def add_chips(state: dict, seat: int, key: str, count: int) -> None:
    left = chip(state, seat, key) + count
    if left:
        state["chips"][seat][key] = left
    else:
        state["chips"][seat].pop(key, None)


def chip_total(state: dict, seat: int) -> int:
    return sum(state["chips"][seat].values())


def upkeep(c: Content, state: dict, seat: int) -> int:
    return c.rules.upkeep_base + c.rules.upkeep_per_chip * chip_total(state, seat)


#: Film-pick tips in force this round, only for seats that played one: {"2": {"time": 30}}.
NO_EFFECTS = {"again": False, "discount": 0, "time": 0}


def pick_effect(state: dict, seat: int, key: str):
    return state["pick_effects"].get(str(seat), NO_EFFECTS)[key]


def set_pick_effect(state: dict, seat: int, key: str, value) -> None:
    state["pick_effects"].setdefault(str(seat), dict(NO_EFFECTS))[key] = value


def owns(state: dict, seat: int, equipment: str) -> bool:
    return chip(state, seat, equipment) > 0


def capacity(c: Content, state: dict, seat: int) -> int:
    """Minutes of screen time this round: 3 hours, the Running Time chips, a Late Show tip."""
    return (c.rules.running_time + c.rules.minutes_per_chip * chip(state, seat, "runtime")
            + pick_effect(state, seat, "time"))


def minutes_used(c: Content, state: dict, seat: int) -> int:
    return sum(c.films[f].minutes for f in state["screened"][seat])


def screened_films(c: Content, state: dict, seat: int) -> list[Film]:
    return [c.films[f] for f in state["screened"][seat]]


def roll_off(rng: random.Random, contenders: list[int]) -> tuple[int, list[dict[str, int]]]:
    """High die wins; the tied highest roll again. Returns the winner and every round's rolls."""
    rounds: list[dict[str, int]] = []
    while len(contenders) > 1:
        rolls = {seat: rng.randint(1, 6) for seat in contenders}
        rounds.append({str(seat): value for seat, value in rolls.items()})
        best = max(rolls.values())
        contenders = [seat for seat in contenders if rolls[seat] == best]
    return contenders[0], rounds


def describe_rolloff(rounds: list[dict[str, int]]) -> str:
    return "; then ".join(
        ", ".join(f"{seat_tag(int(seat))} {value}" for seat, value in r.items()) for r in rounds
    )


#: Choices are immutable, and the same few hundred recur all game: build each once.
choice = lru_cache(maxsize=8192)(Choice)

Answer = TypeVar("Answer")


class _Same:
    """A content as a cache key, known by identity (a frozen dataclass of dicts has no
    hash), and held while the cache holds the key, so its id is never another's."""

    __slots__ = ("content",)

    def __init__(self, content: Content) -> None:
        self.content = content

    def __hash__(self) -> int:
        return id(self.content)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.content is self.content


def per_content(function: Callable[..., Answer]) -> Callable[..., Answer]:
    """``function(c, *values)`` remembered for each content and values (hashable, a few of
    a state's): what the rules derive from nothing else never changes, and the move path
    asks for the same answers again and again (each seat's choices before and after)."""
    remembered = lru_cache(maxsize=4096)(lambda same, *values: function(same.content, *values))

    @wraps(function)
    def call(c: Content, *values):
        return remembered(_Same(c), *values)

    call.cache_clear = remembered.cache_clear  # type: ignore[attr-defined]
    return call


def label(text: str) -> str:
    """Discord cuts labels at 80 characters; cut them ourselves, with an ellipsis."""
    return text if len(text) <= 80 else text[:79] + "…"
