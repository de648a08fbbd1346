"""What the player whose turn it is may do now (``choices``) and doing it (``apply_move``).

Actions:  ``card:<card-id>`` play a Fortune card · ``zone:<zone>`` pick a zone (Wild roll, or
a Hurricane) · ``build:<property>`` one unit · ``done`` stop building · ``draw`` take the
card an F roll gives · ``at:<property>``, ``who:<seat>``, ``to:<property>`` a played card's
targets · ``back`` take the card back · ``end`` end the turn without a card.
"""

from __future__ import annotations

import random
import re
from typing import Any

from bot.engine import Choice, Event, IllegalMove

from . import fortune
from .content import ID_PATTERN, Board, Property
from .estate import owner_of, say
from .turn import (
    build_options,
    build_unit,
    choose_zone,
    draw_for_fortune_roll,
    end_turn,
    finish_building,
    may_finish_building,
    needs_zone_choice,
    zone_options,
    zone_title,
)

#: Each verb's field: an id (card, zone or property), a seat, or None for no field.
FIELDS = {"id": ID_PATTERN, "seat": re.compile(r"0|[1-9][0-9]{0,2}")}
SHAPES = {
    "card": "id",
    "zone": "id",
    "build": "id",
    "at": "id",
    "to": "id",
    "who": "seat",
    "done": None,
    "draw": None,
    "back": None,
    "end": None,
}


def parse_action(action: str) -> tuple[str, Any]:
    """The verb and its field, in their one canonical form; anything else is IllegalMove.
    The field is an int for a seat, None for a verb without one, else a str (as ``SHAPES``
    says for the verb, which the type cannot).

    ``"who:1"`` -> ``("who", 1)``; ``"who:01"``, ``"who:１"``, ``"done:x"`` are refused, so no
    string, however odd, reaches a lookup or ``int()`` unchecked.
    """
    verb, colon, field = action.partition(":")
    if verb in SHAPES and SHAPES[verb] is None and not colon:
        return verb, None
    kind = SHAPES.get(verb)
    if kind is None or not FIELDS[kind].fullmatch(field):
        raise IllegalMove("That is not a move Advance to Boardwalk understands.")
    return verb, int(field) if kind == "seat" else field


def _m(value: int) -> str:
    return f"${value}M"


def _card_choice(board: Board, card_id: str) -> Choice:
    kind = board.card(card_id)
    return Choice(
        f"card:{card_id}", kind.label, group="Fortune", private=True, description=kind.text
    )


def _effect_of_unit(state: dict, seat: int, prop: Property) -> str:
    """What one more unit of ``seat`` on ``prop`` would do to its ownership."""
    before = state["owners"][prop.id]
    after = owner_of(state["stacks"][prop.id] + [seat])
    if after != seat:
        return f"{{p{after}}} keeps it"
    if before is None:
        return "you become the owner"
    if before != seat:
        return f"you take it from {{p{before}}}"
    return "you strengthen your hold"


# --- choices ----------------------------------------------------------------------------


def choices(board: Board, state: dict, seat: int) -> list[Choice]:
    if state["phase"] == "over" or seat != state["turn"]:
        return []
    if state["phase"] == "build":
        return _build_choices(board, state, seat)
    if state["phase"] == "fortune_roll":
        return [
            _card_choice(board, card_id)
            for card_id in fortune.after_roll_playable(board, state, seat)
        ] + [Choice("draw", "Draw your Fortune card for the F", group="Turn", style="primary")]
    if state["play"] is not None:
        return _target_choices(board, state, seat)
    return [
        _card_choice(board, card_id) for card_id in fortune.end_of_turn_playable(board, state, seat)
    ] + [_end_choice()]


def _end_choice(private: bool = False) -> Choice:
    return Choice("end", "End turn without playing a card", group="Turn", style="primary",
                  private=private)


def _build_choices(board: Board, state: dict, seat: int) -> list[Choice]:
    build = state["build"]
    out = [
        _card_choice(board, card_id) for card_id in fortune.after_roll_playable(board, state, seat)
    ]
    if needs_zone_choice(state):
        out += [
            Choice(
                f"zone:{zone}",
                f"Build in the {zone_title(board, zone)}",
                group="Zone",
                style="primary",
            )
            for zone in zone_options(board, state)
        ]
    else:
        left = build["budget"] - build["spent"]
        for prop in build_options(board, state):
            out.append(
                Choice(
                    f"build:{prop.id}",
                    f"Build on {prop.name} ({_m(prop.value)}) — {_m(left - prop.value)} left",
                    group="Build",
                    description=_effect_of_unit(state, seat, prop),
                )
            )
    if may_finish_building(board, state):
        label = "Done building" if build["placed"] else "No build possible — continue"
        out.append(Choice("done", label, group="Turn", style="success"))
    return out


def _target_choices(board: Board, state: dict, seat: int) -> list[Choice]:
    play = state["play"]
    kind = board.card(play["card"])
    step = fortune.next_step(board, state)
    out: list[Choice]
    if step == "zone":
        out = [
            Choice(
                f"zone:{zone}",
                f"{kind.name} on the {zone_title(board, zone)}",
                group="Target",
                private=True,
                style="danger",
            )
            for zone in fortune.zone_targets(board, state)
        ]
    elif step == "property":
        out = [
            Choice(
                f"at:{prop.id}",
                f"{kind.name} on {prop.name} ({_m(prop.value)})",
                group="Target",
                private=True,
            )
            for prop in fortune.property_targets(board, state, seat, kind)
        ]
    elif step == "destination":
        source = board.properties[play["at"]]
        out = [
            Choice(
                f"to:{prop.id}",
                f"Move it to {prop.name} ({_m(prop.value)})",
                group="Target",
                private=True,
                description=_effect_of_unit(state, seat, prop),
            )
            for prop in fortune.relocation_targets(board, source)
        ]
    else:
        prop = board.properties[play["at"]]
        out = [
            Choice(
                f"who:{other}", f"{{p{other}}}'s unit on {prop.name}", group="Target", private=True
            )
            for other in fortune.opponents_at(state, seat, prop.id)
        ]
    # Private: until its last step a card can still go back to the hand unseen. Ending the
    # turn keeps it in hand too; private as well, so the decision stays wholly private and
    # the thread never shows the prompt, which names the card.
    return out + [
        Choice("back", f"Back: keep {kind.name} and choose again", group="Turn", private=True),
        _end_choice(private=True),
    ]


# --- applying ---------------------------------------------------------------------------


def apply_move(
    board: Board, state: dict, seat: int, action: str, rng: random.Random
) -> list[Event]:
    events: list[Event] = []
    verb, arg = parse_action(action)
    if state["phase"] == "build":
        _apply_build_step(board, state, seat, verb, arg, rng, events)
    elif state["phase"] == "fortune_roll":
        if verb == "card":
            _play_after_roll(board, state, seat, arg, rng, events)
        elif verb == "draw":
            draw_for_fortune_roll(board, state, rng, events)
        else:
            raise IllegalMove("You rolled **F**: draw your Fortune card first.")
    elif state["play"] is not None:
        _apply_target_step(board, state, seat, verb, arg, rng, events)
    elif verb == "card":
        card_id = _card_in_hand(board, state, seat, arg)
        kind = board.card(card_id)
        if not fortune.may_play(board, state, seat, kind):
            raise IllegalMove(fortune.why_not_playable(board, state, seat, kind))
        fortune.begin(board, state, seat, card_id, rng, events)
    elif verb == "end":
        say(state, events, f"{{p{seat}}} ends the turn.")
        end_turn(board, state, rng, events)
    elif verb in ("build", "done", "zone"):
        raise IllegalMove("Building is over for this turn: play a Fortune card or end your turn.")
    else:
        raise IllegalMove(
            "That is not a move you can make now: play a Fortune card or end your turn."
        )
    return events


def _card_in_hand(board: Board, state: dict, seat: int, card_id: str) -> str:
    if card_id not in state["hands"][seat]:
        try:
            name = board.card(card_id).name
        except KeyError:
            raise IllegalMove("There is no such Fortune card.") from None
        raise IllegalMove(f"You do not hold *{name}*.")
    return card_id


def _property(board: Board, pid: str) -> Property:
    prop = board.properties.get(pid)
    if prop is None:
        raise IllegalMove(f"There is no property called “{pid}” on the boardwalk.")
    return prop


def _apply_build_step(
    board: Board,
    state: dict,
    seat: int,
    verb: str,
    arg: str,
    rng: random.Random,
    events: list[Event],
) -> None:
    build = state["build"]
    if verb == "card":
        _play_after_roll(board, state, seat, arg, rng, events)
    elif verb == "zone":
        if not needs_zone_choice(state):
            raise IllegalMove("You only choose a zone when the colour die shows Wild.")
        if arg not in {zone.id for zone in board.zones}:
            raise IllegalMove(
                f"There is no “{arg}” zone; the zones are red, blue, yellow and green."
            )
        if arg not in zone_options(board, state):
            raise IllegalMove(
                f"Nothing in the {zone_title(board, arg)} fits your "
                f"{_m(build['budget'] - build['spent'])} budget."
            )
        choose_zone(board, state, arg, events)
    elif verb == "build":
        prop = _property(board, arg)
        _check_build(board, state, seat, prop)
        build_unit(board, state, prop, rng, events)
    elif verb == "done":
        if not may_finish_building(board, state):
            cheapest = min(build_options(board, state), key=lambda p: p.value, default=None)
            hint = f": you can afford {cheapest.name} ({_m(cheapest.value)})" if cheapest else ""
            raise IllegalMove(f"You must build at least one unit{hint}.")
        if not build["placed"]:
            say(state, events, f"{{p{seat}}} has no build to make.")
        finish_building(board, state, rng, events)
    elif verb == "end":
        raise IllegalMove("Finish building first (press Done), then you may end your turn.")
    else:
        raise IllegalMove("That is not a move you can make while building.")


def _play_after_roll(
    board: Board, state: dict, seat: int, card_id: str, rng: random.Random, events: list[Event]
) -> None:
    kind = board.card(_card_in_hand(board, state, seat, card_id))
    build = state["build"]  # None on an F roll
    if kind.timing != "after_roll":
        raise IllegalMove(f"*{kind.name}* is played at the end of your turn, after building.")
    if build is not None and build["started"]:
        raise IllegalMove(
            f"*{kind.name}* must be played right after the roll, before you pick a zone or build."
        )
    if build is not None and build["after_roll_used"]:
        raise IllegalMove("You have already played an after-roll card on this roll.")
    if not fortune.after_roll_useful(state, kind):
        raise IllegalMove(f"*{kind.name}* would change nothing on this roll.")
    fortune.play_after_roll(board, state, seat, card_id, rng, events)


def _check_build(board: Board, state: dict, seat: int, prop: Property) -> None:
    build = state["build"]
    left = build["budget"] - build["spent"]
    if needs_zone_choice(state):
        raise IllegalMove("You rolled Wild: choose a zone first.")
    if state["supply"][seat] == 0:
        raise IllegalMove("You have no hotel units left.")
    if prop.zone not in build["zones"] and len(build["zones"]) >= build["zone_limit"]:
        allowed = " and ".join(zone_title(board, zone) for zone in build["zones"])
        raise IllegalMove(
            f"{prop.name} is in the {zone_title(board, prop.zone)}; this turn you "
            f"build only in the {allowed}."
        )
    if prop.id in build["fresh"]:
        raise IllegalMove(
            f"{prop.name} was vacant this turn and already has your unit: only one "
            "unit per vacant property per turn."
        )
    if prop.value > left:
        raise IllegalMove(
            f"{prop.name} costs {_m(prop.value)} and you have {_m(left)} left to build with."
        )


def _apply_target_step(
    board: Board,
    state: dict,
    seat: int,
    verb: str,
    arg: Any,  # a seat (int) for an opponent, else an id (str)
    rng: random.Random,
    events: list[Event],
) -> None:
    kind = board.card(state["play"]["card"])
    step = fortune.next_step(board, state)
    if verb == "back":
        state["play"] = None
        return
    if verb == "end":  # the card, never played, stays in hand
        state["play"] = None
        say(state, events, f"{{p{seat}}} ends the turn.")
        end_turn(board, state, rng, events)
        return
    expected = {"zone": "zone", "property": "at", "destination": "to", "opponent": "who"}[step]
    if verb != expected:
        raise IllegalMove(f"*{kind.name}* needs you to choose a {step} now (or go back).")
    if step == "zone":
        if arg not in fortune.zone_targets(board, state):
            raise IllegalMove(f"*{kind.name}* needs a zone with hotel units in it.")
        fortune.pick_zone(board, state, seat, arg, rng, events)
    elif step == "property":
        prop = _property(board, arg)
        if prop not in fortune.property_targets(board, state, seat, kind):
            raise IllegalMove(f"{prop.name} is not a target for *{kind.name}*: {kind.text}")
        fortune.pick_property(board, state, seat, prop, rng, events)
    elif step == "destination":
        prop = _property(board, arg)
        source = board.properties[state["play"]["at"]]
        if prop not in fortune.relocation_targets(board, source):
            raise IllegalMove(
                f"The unit can only move to another property of the "
                f"{zone_title(board, source.zone)}."
            )
        fortune.pick_destination(board, state, seat, prop, rng, events)
    else:
        other = arg
        if other not in fortune.opponents_at(state, seat, state["play"]["at"]):
            raise IllegalMove(
                f"That player has no unit on {board.properties[state['play']['at']].name}."
            )
        fortune.pick_opponent(board, state, seat, other, rng, events)
