"""Place Player Marker phase: markers, what each board section does, and removing chips.

Actions (all on the placer's own turn):
    place:<top>                 preview | agency | distribution
    place:manager | place:loan | place:parties
    place:<box>:<chips>         runtime | reroll | parking | concessions | ac
    place:3d | place:scope | place:lens:<superscope|vistavision|both>
    place:star:<star-id>        put a Popularity Cube on that star
    remove:<chip>               take one chip off the board (remove:loan repays the $25,000)
Placing ends the turn; removing chips does not.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from bot.engine import Choice, Event, IllegalMove

from .common import (
    add_chips,
    chip,
    choice,
    clockwise,
    dollars,
    fields,
    label,
    number,
    pay,
    per_content,
    receive,
    seat_tag,
)
from .content import Content, Section

CHIP_BOXES = ("runtime", "reroll", "parking", "concessions", "ac")
TOP_EFFECTS = {"preview": "secret genre roll now", "agency": "secret Agency die now",
               "distribution": "first film pick"}
# Choice groups, named as a select's placeholder reads (Discord shows them in sentence case).
# The three top sections share one select with the Amenity Boxes (at most 3 + 22 options) so
# that a turn — sections, two star tracks, chip removals — fits the four rows of a thread post.
SECTIONS_GROUP = "Place your marker on a board section"
ACTORS_GROUP = "Or put a popularity cube on an actor or actress"
DIRECTORS_GROUP = "Or put a popularity cube on a director"
REMOVE_GROUP = "Remove a chip first (optional)"
REMOVABLE = {
    "runtime": "Running Time", "reroll": "Reroll", "parking": "Parking Lot",
    "concessions": "Concessions", "ac": "Air Conditioning", "parties": "Parties",
    "manager": "Hire Manager", "3d": "3-D projector", "cinemascope": "CinemaScope screen",
    "superscope": "SuperScope lens", "vistavision": "VistaVision lens",
}


# --- whose turn -----------------------------------------------------------------------------

def begin(state: dict) -> None:
    """First placement pass: every seat once, from the start player clockwise."""
    state["phase"] = "place"
    state["second_pass"] = False
    state["queue"] = [[seat, 0] for seat in clockwise(state["start"], state["players"])]


def current(state: dict) -> tuple[int, int] | None:
    return (state["queue"][0][0], state["queue"][0][1]) if state["queue"] else None


def _advance(state: dict) -> None:
    state["queue"].pop(0)
    if not state["queue"] and not state["second_pass"]:
        # Managers (including ones hired this round) place in a second pass.
        state["second_pass"] = True
        state["queue"] = [[seat, 1] for seat in clockwise(state["start"], state["players"])
                          if chip(state, seat, "manager")]


def finished(state: dict) -> bool:
    return state["phase"] == "place" and not state["queue"]


def next_placer(state: dict) -> int | None:
    """Who places after the seat placing now: the next other seat in this pass's queue;
    None at the pass's end, for the managers' pass is drawn up then (a chip taken or
    dropped now counts) and after it the films are picked."""
    now = state["queue"][0][0]
    return next((seat for seat, _ in state["queue"][1:] if seat != now), None)


# --- where a marker may go ------------------------------------------------------------------

def top_holder(state: dict, section: str) -> int | None:
    for seat, spots in enumerate(state["spots"]):
        if section in spots:
            return seat
    return None


def _spot_problem(c: Content, state: dict, seat: int, spot: str) -> str | None:
    """Why this seat's marker may not stand on ``spot`` now (None if it may)."""
    if spot in state["last_spots"][seat]:
        return "Every marker must move to a new spot each round (and your two may not swap)."
    section = c.sections.get(spot)
    if section is not None and section.top:
        holder = top_holder(state, spot)
        if holder is not None:
            return f"{section.name} already holds a marker ({seat_tag(holder)}); it takes only one."
    return None


def _name(c: Content, spot: str) -> str:
    if spot.startswith("star:"):
        return "☆ " + c.stars[spot[5:]].name
    return c.sections[spot].name


def _box_problem(c: Content, state: dict, seat: int, section: Section, count: int) -> str | None:
    have = chip(state, seat, section.id)
    if count < 1 or have + count > section.max_chips:
        room = section.max_chips - have
        return (f"{section.name} takes at most {section.max_chips} of your chips; you have {have}"
                + (f", so 1–{room} more." if room > 0 else ", so no more."))
    cost = section.cost * (count if section.per_chip else 1)
    if cost > state["cash"][seat]:
        return f"You have {dollars(state['cash'][seat])}; {section.name} costs {dollars(cost)}."
    return None


def _equipment_problem(c: Content, state: dict, seat: int, wanted: Sequence[str]) -> str | None:
    for eq in wanted:
        item = c.equipment[eq]
        if item.second_deck_only and state["deck_number"] == 1:
            return f"The {item.name} is only sold once the second film deck is in play."
        if chip(state, seat, eq):
            return f"You already own the {item.name}."
    cost = sum(c.equipment[eq].cost for eq in wanted)
    if cost > state["cash"][seat]:
        names = " and ".join(c.equipment[eq].name for eq in wanted)
        return f"You have {dollars(state['cash'][seat])}; the {names} cost{'s' if len(wanted) == 1 else ''} {dollars(cost)}."
    return None


def _parse(c: Content, action: str) -> tuple[str, int, list[str]]:
    """A place:… action read strictly, as (spot, chips, equipment): 'place:runtime:2' ->
    ('runtime', 2, []); 'place:lens:both' -> ('lens', 0, [both lenses]); 'place:star:x' ->
    ('star:x', 0, []); 'place:parties' -> ('parties', 1, []). Each spot takes exactly its fields."""
    parts = fields(action, "place", (1, 2), "Place your marker on a board section or a star.")
    spot, arg = parts[0], (parts[1] if len(parts) == 2 else None)
    if spot == "star":
        if arg not in c.stars:
            raise IllegalMove("There is no such star on the board's tracks.")
        return f"star:{arg}", 0, []
    section = c.sections.get(spot)
    if section is None:
        raise IllegalMove("There is no such board section.")
    if spot == "lens":
        return spot, 0, _lens_choice(c, arg)
    if spot in CHIP_BOXES:
        most = section.max_chips
        refusal = f"Put 1 to {most} chips in {section.name} (it takes at most {most} of yours)."
        return spot, number(arg or "", 1, most, refusal), []
    if arg is not None:
        raise IllegalMove(f"{section.name} takes no number.")
    return spot, (1 if spot == "parties" else 0), list(section.equipment)


def _lens_choice(c: Content, arg: str | None) -> list[str]:
    lenses = list(c.sections["lens"].equipment)
    if arg == "both":
        return lenses
    if arg in lenses:
        return [arg]
    raise IllegalMove("Choose the SuperScope lens, the VistaVision lens, or both.")


def check_place(c: Content, state: dict, seat: int, action: str) -> str | None:
    """The reason ``action`` (a place:… action) is refused, or None if it is legal."""
    try:
        spot, chips, equipment = _parse(c, action)
    except IllegalMove as refusal:
        return str(refusal)
    return _placing_problem(c, state, seat, spot, chips, equipment)


def _placing_problem(c: Content, state: dict, seat: int, spot: str, chips: int,
                     equipment: Sequence[str]) -> str | None:
    """The reason a marker may not go to ``spot`` (a placement read by ``_parse``), or None."""
    problem = _spot_problem(c, state, seat, spot)
    if problem or spot.startswith("star:"):
        return problem
    section = c.sections[spot]
    if section.top or spot == "loan":
        return None
    if spot == "manager":
        if chip(state, seat, "manager"):
            return "You already have a manager."
        if state["cash"][seat] < section.cost:
            return f"You have {dollars(state['cash'][seat])}; hiring a manager costs {dollars(section.cost)}."
        return None
    if equipment:
        return _equipment_problem(c, state, seat, equipment)
    return _box_problem(c, state, seat, section, chips)  # the chip boxes and Parties


# --- choices --------------------------------------------------------------------------------
# A placer's choices are asked of every state of their turn: what the content alone decides
# (every action, its label, the action read) is worked out once.

@per_content
def _top_choices(c: Content) -> tuple[tuple[str, Choice], ...]:
    """Each top section and the choice to place there."""
    return tuple((section.id, choice(f"place:{section.id}", f"{section.name} — {TOP_EFFECTS[section.id]}, free",
                                     group=SECTIONS_GROUP))
                 for section in c.sections.values() if section.top)


@per_content
def _amenity_options(c: Content) -> tuple[tuple[Choice, str, int, tuple[str, ...]], ...]:
    """Each placement in an Amenity Box: its choice, and its action read (spot, chips, equipment)."""
    s = c.sections
    options: list[tuple[str, str]] = [
        ("place:manager", f"Hire Manager — {dollars(s['manager'].cost)} now, second marker, $1,000 a round"),
        ("place:loan", f"Credit Union — borrow {dollars(s['loan'].loan)} ($1,000 interest a round)"),
    ]
    for count in range(1, s["runtime"].max_chips + 1):
        options.append((f"place:runtime:{count}",
                        f"Running Time — {count} chip{'s' * (count > 1)}: +{15 * count} min, free now"))
    options.append(("place:3d", f"3-D — projector {dollars(c.equipment['3d'].cost)}"))
    for pick in ("superscope", "vistavision"):
        options.append((f"place:lens:{pick}", f"Anamorphic Lenses — {c.equipment[pick].name} {dollars(c.equipment[pick].cost)}"))
    both = c.equipment["superscope"].cost + c.equipment["vistavision"].cost
    options.append(("place:lens:both", f"Anamorphic Lenses — both lenses {dollars(both)}"))
    options.append(("place:scope", f"CinemaScope — screen {dollars(c.equipment['cinemascope'].cost)}"))
    for count in range(1, s["reroll"].max_chips + 1):
        options.append((f"place:reroll:{count}",
                        f"Reroll — {count} chip{'s' * (count > 1)}: {count} reroll{'s' * (count > 1)} of a 1 a round, free now"))
    options.append(("place:parties", f"Parties — {dollars(s['parties'].cost)}: 2 Insider Tips a round"))
    for box in ("parking", "concessions", "ac"):
        section = s[box]
        for count in range(1, section.max_chips + 1):
            options.append((f"place:{box}:{count}",
                            f"{section.name} — {count} chip{'s' * (count > 1)}, {dollars(section.cost * count)}: +{count} di{'ce' if count > 1 else 'e'} a week"))
    placements = []
    for action, text in options:
        spot, chips, equipment = _parse(c, action)
        placements.append((choice(action, label(text), group=SECTIONS_GROUP), spot, chips, tuple(equipment)))
    return tuple(placements)


def _amenity_choices(c: Content, state: dict, seat: int) -> list[Choice]:
    return [option for option, spot, chips, equipment in _amenity_options(c)
            if _placing_problem(c, state, seat, spot, chips, equipment) is None]


@per_content
def _star_spots(c: Content) -> tuple[tuple[str, str, str, str], ...]:
    """(star id, spot, name, choice group) for every star: the actors' track, then the directors'."""
    return tuple((star.id, f"star:{star.id}", star.name, group)
                 for track, group in (("actor", ACTORS_GROUP), ("director", DIRECTORS_GROUP))
                 for star in c.stars.values() if star.track == track)


@lru_cache(maxsize=2048)
def _star_choice(spot: str, name: str, cubes: int, group: str) -> Choice:
    return Choice(f"place:{spot}", label(f"☆ {name} — popularity cube (has {cubes})"), group=group)


def _removal_choices(c: Content, state: dict, seat: int, marker: int) -> list[Choice]:
    result = []
    for key, name in REMOVABLE.items():
        if chip(state, seat, key) and not (key == "manager" and marker == 1):
            result.append(choice(f"remove:{key}", label(f"Remove a {name} chip (saves $1,000 a round)"),
                                 group=REMOVE_GROUP, style="danger"))
    loan = c.sections["loan"].loan
    if chip(state, seat, "loan") and state["cash"][seat] >= loan:
        result.append(choice("remove:loan", f"Repay a {dollars(loan)} loan (removes its chip)",
                             group=REMOVE_GROUP, style="danger"))
    return result


def legal(c: Content, state: dict, seat: int) -> list[Choice]:
    turn = current(state)
    if turn is None or turn[0] != seat:
        return []
    marker = turn[1]
    result = [option for spot, option in _top_choices(c) if _spot_problem(c, state, seat, spot) is None]
    result += _amenity_choices(c, state, seat)
    cubes = state["cubes"]
    for star_id, spot, name, group in _star_spots(c):
        if _spot_problem(c, state, seat, spot) is None:
            result.append(_star_choice(spot, name, len(cubes.get(star_id, [])), group))
    return result + _removal_choices(c, state, seat, marker)


# --- moves ----------------------------------------------------------------------------------

def _remove(c: Content, state: dict, seat: int, key: str, marker: int) -> list[Event]:
    if key not in (*REMOVABLE, "loan"):
        raise IllegalMove("There is no such chip to remove.")
    if not chip(state, seat, key):
        raise IllegalMove("You have no chip there to remove.")
    if key == "loan":
        loan = c.sections["loan"].loan
        if state["cash"][seat] < loan:
            raise IllegalMove(f"You have {dollars(state['cash'][seat])}; repaying a loan takes {dollars(loan)}.")
        pay(state, seat, loan)
        add_chips(state, seat, "loan", -1)
        return [Event(f"{seat_tag(seat)} repays a {dollars(loan)} loan to the Credit Union; its chip comes off.")]
    if key == "manager" and marker == 1:
        raise IllegalMove("Your manager is placing now; dismiss the manager next round instead.")
    add_chips(state, seat, key, -1)
    return [Event(f"{seat_tag(seat)} removes a {REMOVABLE[key]} chip.")]


def _draw_tip(state: dict, rng: random.Random) -> str | None:
    tips = state["tips"]
    if not tips["deck"] and tips["discard"]:
        tips["deck"] = tips["discard"]
        tips["discard"] = []
        rng.shuffle(tips["deck"])
    return tips["deck"].pop() if tips["deck"] else None


def draw_tips(c: Content, state: dict, seat: int, count: int, rng: random.Random) -> list[Event]:
    """Draw Insider Tips into a hand; the names go to that seat only."""
    drawn = []
    for _ in range(count):
        kind = _draw_tip(state, rng)
        if kind is not None:
            state["hands"][seat].append(kind)
            drawn.append(c.tips[kind].name)
    if not drawn:
        return [Event(f"{seat_tag(seat)} finds the Insider Tip deck empty.")] if count else []
    return [Event(f"You draw Insider Tip{'s' * (len(drawn) > 1)}: {', '.join(drawn)}.", to=(seat,))]


def _effect(c: Content, state: dict, seat: int, spot: str, chips: int, equipment: list[str],
            rng: random.Random) -> tuple[str, list[Event]]:
    """Do what the section does; return a phrase for the public event and any private events."""
    if spot.startswith("star:"):
        star = spot[5:]
        state["cubes"].setdefault(star, []).append(seat)
        return f"a Popularity Cube goes on {c.stars[star].name}", []
    section = c.sections[spot]
    if section.top:
        return {"preview": "the Preview House (a secret genre roll)",
                "agency": "the Advertising Agency (a secret die)",
                "distribution": "the Distribution Agency (first film pick)"}[spot], []
    if spot == "manager":
        pay(state, seat, section.cost)
        add_chips(state, seat, "manager", 1)
        return f"a manager is hired for {dollars(section.cost)}", []
    if spot == "loan":
        receive(state, seat, section.loan)
        add_chips(state, seat, "loan", 1)
        return f"a {dollars(section.loan)} loan is taken", []
    if equipment:
        for eq in equipment:
            pay(state, seat, c.equipment[eq].cost)
            add_chips(state, seat, eq, 1)
        names = " and ".join(f"the {c.equipment[eq].name}" for eq in equipment)
        return f"{names} bought for {dollars(sum(c.equipment[eq].cost for eq in equipment))}", []
    cost = section.cost * (chips if section.per_chip else 1)
    if cost:
        pay(state, seat, cost)
    add_chips(state, seat, spot, chips)
    chip_text = f"{chips} chip{'s' * (chips > 1)}" + (f" for {dollars(cost)}" if cost else "")
    if spot == "parties":
        # The party pays off at once: this round's extra Insider Tip is drawn now.
        return f"a party is thrown for {dollars(cost)}", draw_tips(c, state, seat, section.extra_tips, rng)
    return chip_text, []


def apply(c: Content, state: dict, seat: int, action: str, rng: random.Random) -> list[Event]:
    turn = current(state)
    if turn is None or turn[0] != seat:
        raise IllegalMove("It is not your turn to place a marker.")
    marker = turn[1]
    if action.startswith("remove:"):
        key, = fields(action, "remove", 1, "There is no such chip to remove.")
        return _remove(c, state, seat, key, marker)
    if not action.startswith("place:"):
        raise IllegalMove("Place your marker on a board section or a star, or remove a chip.")
    problem = check_place(c, state, seat, action)
    if problem:
        raise IllegalMove(problem)
    spot, chips, equipment = _parse(c, action)
    what, private = _effect(c, state, seat, spot, chips, equipment, rng)
    state["spots"][seat][marker] = spot
    _advance(state)
    who = "manager" if marker else "marker"
    top = spot in c.sections and c.sections[spot].top
    where = what if top else f"{_name(c, spot)}: {what}"
    return [Event(f"{seat_tag(seat)}'s {who} goes to {where}."), *private]
