"""The turn: roll, build one unit at a time, then the end-of-turn Fortune step.

Phases: ``build`` (after a number roll), ``fortune_roll`` (F was rolled; the card is drawn
next, unless an after-roll card answers the roll first), ``fortune`` (the end-of-turn card),
``over``.

Rolling is automatic: the previous player's last step rolls for the next player, so a
turn always opens with its dice on the table. A turn is durable between steps: the
state's ``build`` record holds the budget, the zones in use and the properties that were
vacant when this turn built on them (one unit each).
"""

from __future__ import annotations

import random

from bot.engine import Event

from .content import Board, Property
from .estate import draw_cards, end_game, place_unit, say

COLOUR_FACES = ("red", "blue", "yellow", "green", "W", "F")


def zone_title(board: Board, zone_id: str) -> str:
    return board.zone(zone_id).title


def start_turn(
    board: Board, state: dict, seat: int, rng: random.Random, events: list[Event]
) -> None:
    state["turn"] = seat
    state["build"] = None
    state["play"] = None
    if state["supply"][seat] == 0:
        state["roll"] = None
        end_game(
            state,
            events,
            f"{{p{seat}}} has no hotel units left at the start of their turn.",
            "units",
        )
        return
    state["turn_number"] += 1
    roll_dice(board, state, rng, events)


def roll_dice(board: Board, state: dict, rng: random.Random, events: list[Event]) -> None:
    seat = state["turn"]
    dice = [rng.randint(1, 6), rng.randint(1, 6)]
    colour = rng.choice(COLOUR_FACES)
    state["roll"] = {"dice": dice, "colour": colour}
    rolled = f"{{p{seat}}} rolls {dice[0]} + {dice[1]}"
    if colour == "F":
        say(state, events, f"{rolled} and **F**: the numbers don't count.", image="board")
        state["build"] = None
        if state["hands"][seat]:
            # An after-roll card (Second Chance) may answer the F before the draw. Anyone
            # with a card in hand is asked, so the pause tells the table nothing of the hand.
            state["phase"] = "fortune_roll"
            return
        draw_for_fortune_roll(board, state, rng, events)
        return
    total = dice[0] + dice[1]
    where = "any one zone (Wild)" if colour == "W" else f"the {zone_title(board, colour)}"
    say(state, events, f"{rolled} = ${total}M to build in {where}.", image="board")
    state["phase"] = "build"
    state["build"] = {
        "budget": total,
        "spent": 0,
        "zones": [] if colour == "W" else [colour],
        "zone_limit": 1,
        "wild": colour == "W",
        "placed": 0,
        "fresh": [],
        "started": False,
        "after_roll_used": False,
    }
    # Nothing to choose: no build possible and no card that could change that.
    if not state["hands"][seat] and not can_build_at_all(board, state):
        say(state, events, f"{{p{seat}}} has no build to make.")
        enter_fortune_phase(board, state, rng, events)


def draw_for_fortune_roll(
    board: Board, state: dict, rng: random.Random, events: list[Event]
) -> None:
    """F: draw one Fortune card, then the end-of-turn card step."""
    seat = state["turn"]
    say(state, events, f"{{p{seat}}} draws a Fortune card for the **F**.")
    draw_cards(board, state, seat, 1, rng, events)
    enter_fortune_phase(board, state, rng, events)


def needs_zone_choice(state: dict) -> bool:
    build = state["build"]
    return bool(build and build["wild"] and build["zone_limit"] == 1 and not build["zones"])


def _zone_open(build: dict, zone: str) -> bool:
    return zone in build["zones"] or len(build["zones"]) < build["zone_limit"]


def build_options(board: Board, state: dict) -> list[Property]:
    """Properties the player may put their next unit on (empty while a Wild zone is unchosen)."""
    build = state["build"]
    if build is None or needs_zone_choice(state) or state["supply"][state["turn"]] == 0:
        return []
    left = build["budget"] - build["spent"]
    return [
        prop
        for prop in board.properties.values()
        if prop.value <= left and prop.id not in build["fresh"] and _zone_open(build, prop.zone)
    ]


def zone_options(board: Board, state: dict) -> list[str]:
    """Zones a Wild roll may pick: those holding a property the budget can pay for."""
    build = state["build"]
    if state["supply"][state["turn"]] == 0:
        return []
    return [
        zone.id
        for zone in board.zones
        if any(prop.value <= build["budget"] - build["spent"] for prop in zone.properties)
    ]


def can_build_at_all(board: Board, state: dict) -> bool:
    if needs_zone_choice(state):
        return bool(zone_options(board, state))
    return bool(build_options(board, state))


def may_finish_building(board: Board, state: dict) -> bool:
    """``done`` needs one unit placed, unless no build is possible (the F roll never builds)."""
    return state["build"]["placed"] > 0 or not can_build_at_all(board, state)


def choose_zone(board: Board, state: dict, zone: str, events: list[Event]) -> None:
    build = state["build"]
    if not needs_zone_choice(state):
        raise ValueError("no zone to choose")
    build["zones"] = [zone]
    build["started"] = True
    say(state, events, f"{{p{state['turn']}}} picks the {zone_title(board, zone)}.")


def build_unit(
    board: Board, state: dict, prop: Property, rng: random.Random, events: list[Event]
) -> None:
    build = state["build"]
    seat = state["turn"]
    if prop.zone not in build["zones"]:
        build["zones"].append(prop.zone)
    if not state["stacks"][prop.id]:
        build["fresh"].append(prop.id)
    build["spent"] += prop.value
    build["placed"] += 1
    build["started"] = True
    place_unit(board, state, seat, prop.id, rng, events)
    if state["phase"] != "over" and not build_options(board, state):
        finish_building(board, state, rng, events)


def finish_building(board: Board, state: dict, rng: random.Random, events: list[Event]) -> None:
    state["build"] = None
    enter_fortune_phase(board, state, rng, events)


def enter_fortune_phase(board: Board, state: dict, rng: random.Random, events: list[Event]) -> None:
    """The optional end-of-turn card; skipped when the hand is empty (hand sizes are public)."""
    if state["phase"] == "over":
        return
    state["build"] = None
    state["play"] = None
    if not state["hands"][state["turn"]]:
        end_turn(board, state, rng, events)
        return
    state["phase"] = "fortune"


def end_turn(board: Board, state: dict, rng: random.Random, events: list[Event]) -> None:
    if state["phase"] == "over":
        return
    start_turn(board, state, (state["turn"] + 1) % state["players"], rng, events)
