"""Answers to what players ask mid-game: a Fortune card, a property or zone, a rule, and
who holds what.

Pure text over the content (the ``Board``) and, inside a game, its *public* view
(``rules.view(state, None)``): nothing here reads a state, so no answer can show a hand or
the deck order. Seats are written ``{pN}`` for the host to name. Money is written as the
game writes it (``$5M``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .content import Board, CardKind, Property, Zone
from .estate import owner_of
from .rules import OPENING_HAND, UNITS_BY_PLAYERS

#: Autocomplete values of zones, so they never collide with a property id.
ZONE_PREFIX = "zone:"

View = dict[str, Any]


def _m(value: int) -> str:
    return f"${value}M"


def _units(count: int) -> str:
    return f"{count} unit{'s' if count != 1 else ''}"


def _names(seats: list[int]) -> str:
    return ", ".join(f"{{p{seat}}}" for seat in seats)


# --- what can be looked up ------------------------------------------------------------


def card_entries(board: Board) -> list[tuple[str, str]]:
    return [(kind.key, kind.name) for kind in board.cards.values()]


def place_entries(board: Board) -> list[tuple[str, str]]:
    """Properties ("Heinz Pier — Red, $5M", so "red" or "5" finds them too), then zones."""
    props = [
        (p.id, f"{p.name} — {p.zone.capitalize()}, {_m(p.value)}")
        for zone in board.zones
        for p in zone.properties
    ]
    zones = [
        (ZONE_PREFIX + zone.id, f"{zone.title}: all {len(zone.properties)} properties")
        for zone in board.zones
    ]
    return props + zones


def topic_entries() -> list[tuple[str, str]]:
    return list(TOPICS.items())


# --- a Fortune card -------------------------------------------------------------------


def describe_card(
    board: Board, key: str, view: View | None = None, hand: list[dict] | None = None
) -> str:
    """The card's text, copies and moment; in a game, what the table knows about it, and
    (``hand``: the asker's own cards, only for a private answer) how many the asker holds."""
    kind = board.cards[key]
    lines = [
        f"**{kind.name}** — Fortune card, {kind.copies} of the {len(board.deck)} in the deck",
        f"> {kind.text}",
        f"**When:** {_when(board, kind)}",
    ]
    if view is not None:
        if kind.last_place:
            lines.append(f"Last place now (ties count): {_names(_last_place(view))}.")
        last = view.get("last_played")
        played = f" The last card played was *{last['name']}*." if last else ""
        lines.append(
            f"Fortune piles: {view['draw_pile']} to draw, {view['discard_pile']} discarded.{played}"
        )
    if hand is not None:
        held = sum(1 for card in hand if card["name"] == kind.name)
        lines.append(f"-# Only you see this: you hold {held or 'none'} of these.")
    return "\n".join(lines)


def _when(board: Board, kind: CardKind) -> str:
    if kind.timing == "after_roll":
        text = (
            "right after your roll, before you pick a zone or place a unit; at most one "
            "such card per roll, besides your end-of-turn card."
        )
        if kind.effect == "reroll":
            text += " Also on an **F**, before you draw for it: the new roll replaces the F."
        return text
    if kind.timing == "reactive":
        disasters = " and ".join(
            f"*{k.name}*" for k in board.cards.values() if k.effect.startswith("disaster")
        )
        return (
            f"never played by choice. When a disaster ({disasters}) would remove your units, "
            f"one *{kind.name}* is discarded instead and all your units stay."
        )
    text = "at the end of your turn, as the one card you may play then (also after an **F**)."
    if kind.last_place:
        text += " Only while your token is in last place; ties count."
    if kind.effect.startswith("disaster"):
        insurance = next((k for k in board.cards.values() if k.timing == "reactive"), None)
        if insurance is not None:
            text += f" A player holding *{insurance.name}* keeps their units."
    return text


def _last_place(view: View) -> list[int]:
    lowest = min(seat["token"] for seat in view["seats"])
    return [seat["seat"] for seat in view["seats"] if seat["token"] == lowest]


# --- a property or a zone -------------------------------------------------------------


def describe_place(board: Board, value: str, view: View | None = None) -> str:
    if value.startswith(ZONE_PREFIX):
        return describe_zone(board, board.zone(value.removeprefix(ZONE_PREFIX)), view)
    return describe_property(board, board.properties[value], view)


def describe_property(board: Board, prop: Property, view: View | None = None) -> str:
    price = _m(prop.value)
    lines = [
        f"**{prop.name}** — {board.zone(prop.zone).title}, {price}",
        f"Each unit here costs {price} of the building budget; its owner's token counts {price}.",
    ]
    reach = [
        f"*{kind.name}*" + (" (while vacant)" if kind.effect == "build_vacant" else "")
        for kind in board.cards.values()
        if kind.max_value and prop.value <= kind.max_value
    ]
    if reach:
        lines.append(f"Fortune cards that can build here: {', '.join(reach)}.")
    if view is not None:
        lines += _holding(board, prop, _stack(view, prop.id), [s["seat"] for s in view["seats"]])
    return "\n".join(lines)


def _holding(board: Board, prop: Property, stack: list[int], seats: list[int]) -> list[str]:
    if not stack:
        return ["**Now:** vacant. The first unit built here makes its builder the owner."]
    owner = owner_of(stack)
    counts = Counter(stack)
    others = [f"{{p{seat}}} {count}" for seat, count in counts.items() if seat != owner]
    held = (
        f"{counts[owner]} of {_units(len(stack))} ({', '.join(others)})"
        if others
        else _units(counts[owner])
    )
    lines = [
        f"**Now:** {{p{owner}}} owns it with {held}.",
        f"Stack, bottom to top: {_names(stack)}.",
    ]
    takes = []
    for seat in seats:
        if seat != owner:
            need = units_to_take(stack, seat)
            takes.append(f"{{p{seat}}} {_units(need)} ({_m(need * prop.value)})")
    if takes:
        lines.append(f"To take it: {', '.join(takes)}.")
    return lines


def units_to_take(stack: list[int], seat: int) -> int:
    """How many more units ``seat`` must build on this stack to own it (ties go lowest)."""
    need = 1
    while owner_of(stack + [seat] * need) != seat:
        need += 1
    return need


def describe_zone(board: Board, zone: Zone, view: View | None = None) -> str:
    values = [p.value for p in zone.properties]
    span = f"${min(values)}–{max(values)}M"
    lines = [f"**{zone.title}** — {len(values)} properties, {span}, {_m(sum(values))} in all"]
    for prop in zone.properties:
        line = f"- {prop.name} · {_m(prop.value)}"
        if view is not None:
            line += " — " + _short_holding(_stack(view, prop.id))
        lines.append(line)
    return "\n".join(lines)


def _short_holding(stack: list[int]) -> str:
    if not stack:
        return "vacant"
    owner = owner_of(stack)
    counts = Counter(stack)
    if counts[owner] == len(stack):
        return f"{{p{owner}}}, {_units(len(stack))}"
    others = "".join(f", {{p{seat}}} {count}" for seat, count in counts.items() if seat != owner)
    return f"{{p{owner}}} {counts[owner]} of {_units(len(stack))}{others}"


def _stack(view: View, pid: str) -> list[int]:
    return next(p["stack"] for zone in view["zones"] for p in zone["properties"] if p["id"] == pid)


# --- who holds what -------------------------------------------------------------------


def holdings(board: Board, view: View) -> str:
    """Each player, richest first: value, properties with their units, units elsewhere."""
    stacks = {p["id"]: p["stack"] for zone in view["zones"] for p in zone["properties"]}
    owners = {pid: owner_of(stack) for pid, stack in stacks.items()}
    ranked = sorted(view["seats"], key=lambda s: (-s["value"], -s["properties"], s["seat"]))
    over = view.get("result") is not None
    lines = ["**Final holdings**" if over else "**Who holds what**"]
    for info in ranked:
        seat = info["seat"]
        cards = info["hand_size"]
        lines.append(
            f"{{p{seat}}} — {_m(info['value'])} in {info['properties']} "
            f"propert{'y' if info['properties'] == 1 else 'ies'} · "
            f"{info['units_left']} units left · {cards} Fortune card{'s' if cards != 1 else ''}"
        )
        owned, elsewhere = [], []
        for pid, stack in stacks.items():
            prop, mine = board.properties[pid], stack.count(seat)
            if owners[pid] == seat:
                share = _units(mine) if mine == len(stack) else f"{mine} of {len(stack)} units"
                owned.append(f"{prop.name} ({_m(prop.value)}, {share})")
            elif mine:
                elsewhere.append(f"{prop.name} ({_units(mine)}; {{p{owners[pid]}}}'s)")
        lines.append(f"- owns {', '.join(owned)}" if owned else "- owns nothing yet")
        if elsewhere:
            lines.append(f"- also on {', '.join(elsewhere)}")
    vacant = sum(1 for stack in stacks.values() if not stack)
    lines.append(
        f"-# {vacant} of {len(stacks)} properties vacant · "
        f"the last space is {_m(view['track']['last_space'])}"
    )
    return "\n".join(lines)


# --- rules by topic -------------------------------------------------------------------

#: What players dispute mid-game: the sheet's rules and our readings where it is silent
#: (``data/advance-to-boardwalk/NOTES.md``). Key -> title.
TOPICS = {
    "dice": "Rolling the dice (W and F)",
    "building": "Building: budget and cost",
    "vacant": "Vacant lots and stacking",
    "ownership": "Ownership and ties",
    "track": "Tokens, the track and F spaces",
    "fortune": "Fortune cards: when to play",
    "last-place": "Last place",
    "disasters": "Disasters and Insurance",
    "end": "End of the game and winning",
    "setup": "Set-up: units and cards",
}


def describe_topic(board: Board, key: str, view: View | None = None) -> str:
    """The rule in a few sentences; in a game, where the table stands on it."""
    now = _topic_now(board, key, view) if view is not None else ""
    return f"**{TOPICS[key]}**\n{_topic_text(board, key)}" + (f"\n**Now:** {now}" if now else "")


def _topic_text(board: Board, key: str) -> str:
    last = _m(board.last_space)
    cards = board.cards.values()
    spaces = ", ".join(str(space) for space in sorted(board.fortune_spaces))
    two_zones = next((f"*{k.name}*" for k in cards if k.effect == "second_zone"), "a card")
    last_place = " and ".join(f"*{k.name}*" for k in cards if k.last_place)
    disasters = " and ".join(f"*{k.name}*" for k in cards if k.effect.startswith("disaster"))
    insurance = next((f"*{k.name}*" for k in cards if k.timing == "reactive"), "Insurance")
    units = ", ".join(f"{n} each with {p} players" for p, n in sorted(UNITS_BY_PLAYERS.items()))
    texts = {
        "dice": (
            "Your dice are rolled for you as your turn begins: two numbered dice (their sum is "
            "your building budget in $M) and the colour die. A colour: build in that zone. "
            "**W**ild: you pick the zone. **F**ortune: the numbers don't count; draw a Fortune "
            "card, then you may play one and your turn ends."
        ),
        "building": (
            "Each unit costs its property's value, also when several go on the same property "
            "(two units on a $3M property use $6M). The total may not exceed the dice (no "
            f"change given). Build in one zone only, unless {two_zones} allows two. You must "
            "place at least one unit if you can."
        ),
        "vacant": (
            "A vacant property takes at most **one** unit per turn: a lot you opened this turn "
            "takes no second unit this turn. A property already occupied may take several, also "
            "on top of opponents' units."
        ),
        "ownership": (
            "Most units on a property owns it. On a tie, the tied player whose unit is lowest "
            "in the stack owns it. Ownership is settled after every single unit, so the property "
            "card and the tokens move at once. `/boardwalk property` says how many units would "
            "take a property."
        ),
        "track": (
            "Your token always stands on the total value you own, from START to the last space "
            f"({last}); it moves back when you lose a property. F spaces ({spaces}): land on one "
            "moving forward on your own turn (by building or by a card) to draw a bonus Fortune "
            "card."
        ),
        "fortune": (
            f"You start with {OPENING_HAND} cards, kept secret. At the end of your turn you may "
            'play **one** card. Cards that say "After your roll" are played right after the '
            "roll, before you pick a zone or build, or on an **F** before you draw (one per "
            "roll), besides the end-of-turn card. Played cards are discarded; an empty draw pile "
            "is refilled by shuffling the discards. `/boardwalk card` tells each card's moment."
        ),
        "last-place": (
            f"{last_place} need your token in last place, and ties count: everyone on the "
            "lowest space is in last place."
        ),
        "disasters": (
            f"{disasters} remove units. {insurance} is never played by choice: when a disaster "
            f"would remove your units, one {insurance} leaves your hand and all your units stay "
            "for that disaster."
        ),
        "end": (
            f"The game ends at once when a token reaches the last space ({last}), even in the "
            "middle of a build, or when a player has no hotel units at the start of their turn. "
            "Most $ of property wins; tie-break: most properties; a remaining tie is shared."
        ),
        "setup": (
            f"Hotel units: {units}. Everyone is dealt {OPENING_HAND} secret Fortune cards. The "
            "highest roll of the two numbered dice goes first (ties roll again); play passes "
            "to the next seat."
        ),
    }
    return texts[key]


def _topic_now(board: Board, key: str, view: View) -> str:
    """Where each player stands on the topic, from the public view ("" for most topics)."""
    seats = view["seats"]
    if key == "last-place":
        return f"last place (ties count): {_names(_last_place(view))}."
    if key == "track":
        parts = [f"{{p{s['seat']}}} on {_m(s['token'])}{_next_f(board, s['token'])}" for s in seats]
    elif key == "end":
        last = _m(board.last_space)
        parts = [
            f"{{p{s['seat']}}} {_m(s['token'])} of {last}, {s['units_left']} units left"
            for s in seats
        ]
    else:
        return ""
    return "; ".join(parts) + "."


def _next_f(board: Board, token: int) -> str:
    ahead = [space for space in sorted(board.fortune_spaces) if space > token]
    return f" (next F space {ahead[0]})" if ahead else ""
