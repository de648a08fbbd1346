"""Units, property cards, tokens and the Fortune piles: the state changes every rule shares.

Ownership is settled after every single unit that is placed or removed: the owner of a
property is a pure function of its stack (most units; on a tie, the tied player whose unit
is lowest in the stack), and the property card and the tokens follow at once. That is how
"take property card(s) if you became a new owner" and "move tokens" read when a build is
made one unit at a time, and it keeps every intermediate state consistent.
"""

from __future__ import annotations

import random
from collections import Counter

from bot.engine import Event

from .content import Board, Property

LOG_LINES = 10


def owner_of(stack: list[int]) -> int | None:
    """Most units owns; among tied players, the one whose unit is closest to the bottom."""
    if not stack:
        return None
    counts = Counter(stack)
    most = max(counts.values())
    return next(seat for seat in stack if counts[seat] == most)


def say(state: dict, events: list[Event], text: str, image: str | None = None) -> None:
    """A public event, also kept in the state's recent log."""
    events.append(Event(text, image=image))
    state["log"] = (state["log"] + [text])[-LOG_LINES:]


def tell(events: list[Event], seat: int, text: str) -> None:
    events.append(Event(text, to=(seat,)))


def owned_value(board: Board, state: dict, seat: int) -> int:
    return sum(
        board.properties[pid].value for pid, owner in state["owners"].items() if owner == seat
    )


def owned_count(state: dict, seat: int) -> int:
    return sum(1 for owner in state["owners"].values() if owner == seat)


def in_last_place(state: dict, seat: int) -> bool:
    """Ties count as last place."""
    return state["tokens"][seat] == min(state["tokens"])


def place_unit(
    board: Board,
    state: dict,
    seat: int,
    pid: str,
    rng: random.Random,
    events: list[Event],
    verb: str = "builds on",
) -> None:
    prop = board.properties[pid]
    state["supply"][seat] -= 1
    state["stacks"][pid].append(seat)
    change = settle(board, state, prop, rng, events)
    say(state, events, f"{{p{seat}}} {verb} {prop.name} ({_m(prop.value)}).{change}")
    _after_settle(board, state, rng, events)


def remove_unit(
    board: Board, state: dict, pid: str, index: int, rng: random.Random, events: list[Event]
) -> str:
    """Take the unit at ``index`` of the stack back to its player's supply; say what changed."""
    seat = state["stacks"][pid].pop(index)
    state["supply"][seat] += 1
    return settle(board, state, board.properties[pid], rng, events)


def settle(
    board: Board, state: dict, prop: Property, rng: random.Random, events: list[Event]
) -> str:
    """Hand the property card to whoever owns the stack now and move the tokens.

    Returns a clause describing the change ("" if none) for the caller's event; a bonus
    Fortune draw for landing on an F space is announced separately, after it.
    """
    old = state["owners"][prop.id]
    new = owner_of(state["stacks"][prop.id])
    if new == old:
        return ""
    state["owners"][prop.id] = new
    tokens = state["tokens"]
    if new is not None:
        tokens[new] += prop.value
        if new == state["turn"] and tokens[new] in board.fortune_spaces:
            state.setdefault("bonus_draws", []).append(new)
    if old is not None:
        tokens[old] -= prop.value
    if old is None:
        return f" {{p{new}}} now owns it and moves up to {_m(tokens[new])}."
    if new is None:
        return f" It is vacant again; {{p{old}}} moves back to {_m(tokens[old])}."
    return (
        f" {{p{new}}} takes it from {{p{old}}}: {{p{new}}} moves up to {_m(tokens[new])}, "
        f"{{p{old}}} back to {_m(tokens[old])}."
    )


def _after_settle(board: Board, state: dict, rng: random.Random, events: list[Event]) -> None:
    """Pay out F-space bonuses and end the game if a token reached the last space."""
    for seat in state.pop("bonus_draws", []):
        say(state, events, f"{{p{seat}}} landed on an F space: a bonus Fortune card.")
        draw_cards(board, state, seat, 1, rng, events)
    check_track_end(board, state, events)


def finish_change(board: Board, state: dict, rng: random.Random, events: list[Event]) -> None:
    """Call after a card's units moved (the card's own event already said what happened)."""
    _after_settle(board, state, rng, events)


def check_track_end(board: Board, state: dict, events: list[Event]) -> None:
    if state["phase"] == "over":
        return
    reached = [seat for seat, pos in enumerate(state["tokens"]) if pos >= board.last_space]
    if reached:
        seat = reached[0]
        end_game(
            state,
            events,
            f"{{p{seat}}}'s token reached the last space of the boardwalk "
            f"({_m(board.last_space)}).",
            "track",
        )


def end_game(state: dict, events: list[Event], why: str, reason: str) -> None:
    state["phase"] = "over"
    state["end_reason"] = reason
    state["build"] = None
    state["play"] = None
    say(state, events, f"Game over: {why}", image="board")


def draw_cards(
    board: Board, state: dict, seat: int, count: int, rng: random.Random, events: list[Event]
) -> int:
    """Draw up to ``count`` cards, reshuffling the discards when the pile runs out."""
    drawn = 0
    for _ in range(count):
        if not state["draw_pile"]:
            if not state["discard_pile"]:
                break
            state["draw_pile"] = state["discard_pile"]
            state["discard_pile"] = []
            rng.shuffle(state["draw_pile"])
            say(state, events, "The Fortune discard pile is shuffled into a new draw pile.")
        card_id = state["draw_pile"].pop()
        state["hands"][seat].append(card_id)
        kind = board.card(card_id)
        tell(events, seat, f"You drew *{kind.name}*: {kind.text}")
        drawn += 1
    if drawn < count:
        say(state, events, f"The Fortune piles are empty: {{p{seat}}} draws {drawn} of {count}.")
    return drawn


def _m(value: int) -> str:
    return f"${value}M"
