"""Fortune cards: when each may be played, what it targets, and what it does.

Two moments: "after your roll" cards answer the roll before anything is built (or, on an
F, drawn), at most one per roll; at the end of the turn one other card may be played. A card
that targets something is played in steps (card, then property, then opponent or
destination), and stays in the hand until its last step, so ``back`` can always return it. Insurance is never played by
choice: when a disaster would remove a player's units, one Insurance card leaves their hand
and their units stay, so no one has to be asked out of turn.
"""

from __future__ import annotations

import random

from bot.engine import Event

from .content import Board, CardKind, Property
from .estate import (
    draw_cards,
    finish_change,
    in_last_place,
    place_unit,
    remove_unit,
    say,
    settle,
)
from .turn import end_turn, roll_dice, zone_title


def _distinct(board: Board, card_ids: list[str]) -> list[str]:
    """One card of each kind: two copies in hand are the same choice."""
    seen: dict[str, str] = {}
    for card_id in card_ids:
        seen.setdefault(board.card(card_id).key, card_id)
    return list(seen.values())


# --- after the roll ---------------------------------------------------------------------


def after_roll_window(state: dict) -> bool:
    """Right after a roll: before the F draw, or before a zone is picked or a unit placed."""
    if state["phase"] == "fortune_roll":
        return True
    build = state["build"]
    return (
        state["phase"] == "build"
        and build is not None
        and not build["started"]
        and not build["after_roll_used"]
    )


def after_roll_useful(state: dict, kind: CardKind) -> bool:
    """An after-roll card is offered only where it would change something."""
    build = state["build"]
    if build is None:  # an F roll: nothing is built, so only a new roll changes anything
        return kind.effect == "reroll"
    return {
        "add_budget": True,
        "reroll": True,
        "second_zone": build["zone_limit"] == 1,
        "choose_zone": not build["wild"],
    }.get(kind.effect, False)


def after_roll_playable(board: Board, state: dict, seat: int) -> list[str]:
    if not after_roll_window(state):
        return []
    return _distinct(
        board,
        [
            card_id
            for card_id in state["hands"][seat]
            if board.card(card_id).timing == "after_roll"
            and after_roll_useful(state, board.card(card_id))
        ],
    )


def play_after_roll(
    board: Board, state: dict, seat: int, card_id: str, rng: random.Random, events: list[Event]
) -> None:
    kind = board.card(card_id)
    _discard(state, seat, card_id)
    build = state["build"]
    if build is not None:  # None on an F roll, which only Second Chance answers
        build["after_roll_used"] = True
    played = f"{{p{seat}}} plays *{kind.name}*"
    if kind.effect == "add_budget":
        build["budget"] += kind.amount
        say(state, events, f"{played}: the budget is now ${build['budget']}M.")
    elif kind.effect == "reroll":
        say(state, events, f"{played} and rolls all three dice again.")
        roll_dice(board, state, rng, events)
    elif kind.effect == "second_zone":
        build["zone_limit"] = 2
        say(state, events, f"{played}: this turn's building may use two colour zones.")
    elif kind.effect == "choose_zone":
        build["wild"] = True
        build["zones"] = []
        say(state, events, f"{played}: the colour die counts as Wild.")


# --- end of turn ------------------------------------------------------------------------


def end_of_turn_playable(board: Board, state: dict, seat: int) -> list[str]:
    if state["phase"] != "fortune" or state["play"] is not None:
        return []
    return _distinct(
        board,
        [
            card_id
            for card_id in state["hands"][seat]
            if may_play(board, state, seat, board.card(card_id))
        ],
    )


def why_not_playable(board: Board, state: dict, seat: int, kind: CardKind) -> str:
    if kind.timing == "after_roll":
        return f"*{kind.name}* can only be played right after your roll, before you build."
    if kind.timing == "reactive":
        return f"*{kind.name}* is never played: it protects you when a disaster strikes."
    if kind.last_place and not in_last_place(state, seat):
        return f"*{kind.name}* needs your token in last place, and it is not."
    return f"*{kind.name}* has nothing it could target right now."


def may_play(board: Board, state: dict, seat: int, kind: CardKind) -> bool:
    if kind.timing != "end_of_turn":
        return False
    if kind.last_place and not in_last_place(state, seat):
        return False
    if kind.effect == "draw":
        return True
    if kind.effect == "disaster_zone":
        return bool(zone_targets(board, state))
    return bool(property_targets(board, state, seat, kind))


def zone_targets(board: Board, state: dict) -> list[str]:
    return [zone.id for zone in board.zones if any(state["stacks"][p.id] for p in zone.properties)]


def property_targets(board: Board, state: dict, seat: int, kind: CardKind) -> list[Property]:
    """Properties the card's first step may name."""
    stacks = state["stacks"]
    has_unit = state["supply"][seat] > 0

    def opponents_on(prop: Property) -> bool:
        return any(other != seat for other in stacks[prop.id])

    test = {
        "build_vacant": lambda p: has_unit and not stacks[p.id] and p.value <= kind.max_value,
        "build_where_present": lambda p: has_unit and seat in stacks[p.id],
        "build_any": lambda p: has_unit and p.value <= kind.max_value,
        "relocate_own": lambda p: seat in stacks[p.id],
        "remove_opponent": opponents_on,
        "replace_opponent": lambda p: has_unit and opponents_on(p),
        "disaster_property": lambda p: bool(stacks[p.id]),
    }[kind.effect]
    return [prop for prop in board.properties.values() if test(prop)]


def relocation_targets(board: Board, source: Property) -> list[Property]:
    return [p for p in board.zone(source.zone).properties if p.id != source.id]


def opponents_at(state: dict, seat: int, pid: str) -> list[int]:
    return sorted({other for other in state["stacks"][pid] if other != seat})


def next_step(board: Board, state: dict) -> str:
    """What the card being played asks for now: zone, property, opponent or destination."""
    play = state["play"]
    kind = board.card(play["card"])
    if kind.effect == "disaster_zone":
        return "zone"
    if play["at"] is None:
        return "property"
    if kind.effect == "relocate_own":
        return "destination"
    return "opponent"


def begin(
    board: Board, state: dict, seat: int, card_id: str, rng: random.Random, events: list[Event]
) -> None:
    """The card is chosen: resolve it now if it needs no target, else ask for one."""
    kind = board.card(card_id)
    if kind.effect == "draw":
        _discard(state, seat, card_id)
        say(
            state,
            events,
            f"{{p{seat}}} is in last place and plays *{kind.name}*: {kind.amount} Fortune cards.",
        )
        draw_cards(board, state, seat, kind.amount, rng, events)
        end_turn(board, state, rng, events)
        return
    state["play"] = {"card": card_id, "at": None}


def pick_property(
    board: Board, state: dict, seat: int, prop: Property, rng: random.Random, events: list[Event]
) -> None:
    kind = board.card(state["play"]["card"])
    if (
        kind.effect in ("remove_opponent", "replace_opponent")
        and len(opponents_at(state, seat, prop.id)) > 1
    ):
        state["play"]["at"] = prop.id
        return
    if kind.effect == "relocate_own":
        state["play"]["at"] = prop.id
        return
    if kind.effect in ("remove_opponent", "replace_opponent"):
        _resolve(
            board,
            state,
            seat,
            rng,
            events,
            prop=prop,
            opponent=opponents_at(state, seat, prop.id)[0],
        )
    else:
        _resolve(board, state, seat, rng, events, prop=prop)


def pick_opponent(
    board: Board, state: dict, seat: int, opponent: int, rng: random.Random, events: list[Event]
) -> None:
    prop = board.properties[state["play"]["at"]]
    _resolve(board, state, seat, rng, events, prop=prop, opponent=opponent)


def pick_destination(
    board: Board, state: dict, seat: int, dest: Property, rng: random.Random, events: list[Event]
) -> None:
    source = board.properties[state["play"]["at"]]
    _resolve(board, state, seat, rng, events, prop=source, dest=dest)


def pick_zone(
    board: Board, state: dict, seat: int, zone: str, rng: random.Random, events: list[Event]
) -> None:
    _resolve(board, state, seat, rng, events, zone=zone)


def _resolve(
    board: Board,
    state: dict,
    seat: int,
    rng: random.Random,
    events: list[Event],
    *,
    prop: Property | None = None,
    opponent: int | None = None,
    dest: Property | None = None,
    zone: str | None = None,
) -> None:
    card_id = state["play"]["card"]
    kind = board.card(card_id)
    state["play"] = None
    _discard(state, seat, card_id)
    played = f"{{p{seat}}} plays *{kind.name}*"
    effect = kind.effect
    if effect in ("build_vacant", "build_where_present", "build_any"):
        place_unit(
            board, state, seat, prop.id, rng, events, verb=f"plays *{kind.name}* and builds on"
        )
    elif effect == "relocate_own":
        stack = state["stacks"][prop.id]
        top = len(stack) - 1 - stack[::-1].index(seat)
        left = remove_unit(board, state, prop.id, top, rng, events)
        say(state, events, f"{played} and moves a unit off {prop.name} ({_m(prop.value)}).{left}")
        place_unit(board, state, seat, dest.id, rng, events, verb="puts it on")
    elif effect == "remove_opponent":
        stack = state["stacks"][prop.id]
        highest = len(stack) - 1 - stack[::-1].index(opponent)
        change = remove_unit(board, state, prop.id, highest, rng, events)
        say(
            state,
            events,
            f"{played}: {{p{opponent}}}'s highest unit on {prop.name} "
            f"({_m(prop.value)}) goes back to their supply.{change}",
        )
    elif effect == "replace_opponent":
        stack = state["stacks"][prop.id]
        stack[stack.index(opponent)] = seat
        state["supply"][opponent] += 1
        state["supply"][seat] -= 1
        change = settle(board, state, prop, rng, events)
        say(
            state,
            events,
            f"{played}: {{p{opponent}}}'s lowest unit on {prop.name} "
            f"({_m(prop.value)}) is swapped for one of {{p{seat}}}'s.{change}",
        )
    elif effect == "disaster_zone":
        _hurricane(board, state, seat, kind, zone, rng, events)
    elif effect == "disaster_property":
        _fire(board, state, seat, kind, prop, rng, events)
    finish_change(board, state, rng, events)
    end_turn(board, state, rng, events)


def _hurricane(
    board: Board,
    state: dict,
    seat: int,
    kind: CardKind,
    zone: str,
    rng: random.Random,
    events: list[Event],
) -> None:
    props = [p for p in board.zone(zone).properties if state["stacks"][p.id]]
    say(state, events, f"{{p{seat}}} plays *{kind.name}* on the {zone_title(board, zone)}!")
    insured = _insure(board, state, {state["stacks"][p.id][-1] for p in props}, events)
    for prop in props:
        victim = state["stacks"][prop.id][-1]
        if victim in insured:
            continue
        change = remove_unit(board, state, prop.id, -1, rng, events)
        say(
            state,
            events,
            f"{{p{victim}}}'s top unit on {prop.name} ({_m(prop.value)}) is blown away.{change}",
        )


def _fire(
    board: Board,
    state: dict,
    seat: int,
    kind: CardKind,
    prop: Property,
    rng: random.Random,
    events: list[Event],
) -> None:
    stack = state["stacks"][prop.id]
    say(state, events, f"{{p{seat}}} plays *{kind.name}* on {prop.name} ({_m(prop.value)})!")
    insured = _insure(board, state, set(stack), events)
    burnt = [other for other in stack if other not in insured]
    for other in burnt:
        state["supply"][other] += 1
    state["stacks"][prop.id] = [other for other in stack if other in insured]
    # The whole stack burns at once, so ownership changes once, not unit by unit.
    change = settle(board, state, prop, rng, events)
    say(
        state,
        events,
        f"{len(burnt)} unit{'s' if len(burnt) != 1 else ''} burn on "
        f"{prop.name} and go back to supply.{change}",
    )


def _insure(board: Board, state: dict, victims: set[int], events: list[Event]) -> set[int]:
    """Each threatened player holding Insurance spends one; their units stay."""
    insured = set()
    for victim in sorted(victims):
        card_id = next(
            (c for c in state["hands"][victim] if board.card(c).effect == "insurance"), None
        )
        if card_id is None:
            continue
        _discard(state, victim, card_id)
        insured.add(victim)
        say(state, events, f"{{p{victim}}} reveals *{board.card(card_id).name}*: their units stay.")
    return insured


def _discard(state: dict, seat: int, card_id: str) -> None:
    state["hands"][seat].remove(card_id)
    state["discard_pile"].append(card_id)


def _m(value: int) -> str:
    return f"${value}M"
