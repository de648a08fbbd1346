"""The board and the Fortune deck, checked and turned into plain objects.

Content arrives as already-parsed TOML dicts (``board`` and ``fortune``); this module
validates that the counts add up and the references resolve, so a typo in a data file
fails at start-up with a sentence saying what is wrong, not in the middle of a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ZONE_ORDER = ("red", "blue", "yellow", "green")
PROPERTIES_PER_ZONE = 5
DECK_SIZE = 28
MAX_LABEL = 80
#: Zone, property and card ids: lower-case ASCII words joined by "-" ("million-dollar-pier").
#: Actions carry them, so they are read back with this same pattern (see moves.parse_action).
ID_PATTERN = re.compile(r"[a-z0-9]{1,24}(?:-[a-z0-9]{1,24}){0,4}")

#: effect -> (timing it must have, parameters it needs)
EFFECTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "add_budget": ("after_roll", ("amount",)),
    "reroll": ("after_roll", ()),
    "second_zone": ("after_roll", ()),
    "choose_zone": ("after_roll", ()),
    "build_vacant": ("end_of_turn", ("max_value",)),
    "build_where_present": ("end_of_turn", ()),
    "build_any": ("end_of_turn", ("max_value",)),
    "relocate_own": ("end_of_turn", ()),
    "remove_opponent": ("end_of_turn", ()),
    "replace_opponent": ("end_of_turn", ()),
    "draw": ("end_of_turn", ("amount",)),
    "disaster_zone": ("end_of_turn", ()),
    "disaster_property": ("end_of_turn", ()),
    "insurance": ("reactive", ()),
}


class ContentError(ValueError):
    """The data files do not describe a playable game."""


@dataclass(frozen=True)
class Property:
    id: str
    name: str
    value: int
    zone: str


@dataclass(frozen=True)
class Zone:
    id: str
    name: str
    properties: tuple[Property, ...]

    @property
    def title(self) -> str:
        return f"{self.id.capitalize()} zone ({self.name})"


@dataclass(frozen=True)
class CardKind:
    key: str
    name: str
    text: str
    timing: str
    effect: str
    copies: int
    amount: int = 0
    max_value: int = 0
    last_place: bool = False

    @property
    def label(self) -> str:
        return f"{self.name}: {self.text}"


@dataclass(frozen=True)
class Board:
    zones: tuple[Zone, ...]
    properties: dict[str, Property]
    last_space: int
    fortune_spaces: frozenset[int]
    cards: dict[str, CardKind]  # by key
    deck: tuple[str, ...]  # card ids, "boom-1", "boom-2", …

    def zone(self, zone_id: str) -> Zone:
        return next(zone for zone in self.zones if zone.id == zone_id)

    def card(self, card_id: str) -> CardKind:
        """The kind of a card id: ``boom-2`` -> Boardwalk Boom."""
        return self.cards[card_id.rsplit("-", 1)[0]]

    @property
    def total_value(self) -> int:
        return sum(prop.value for prop in self.properties.values())


def load_board(content: dict) -> Board:
    board, fortune = content["board"], content["fortune"]
    zones = tuple(_zone(raw) for raw in board.get("zone", []))
    if tuple(zone.id for zone in zones) != ZONE_ORDER:
        raise ContentError(f"The zones must be {', '.join(ZONE_ORDER)} in that order.")
    properties: dict[str, Property] = {}
    for zone in zones:
        for prop in zone.properties:
            if prop.id in properties:
                raise ContentError(f"Property id “{prop.id}” is used twice.")
            properties[prop.id] = prop
    track = board["track"]
    last_space = int(track["last_space"])
    fortune_spaces = frozenset(int(space) for space in track["fortune_spaces"])
    if not all(0 < space < last_space for space in fortune_spaces):
        raise ContentError("Every F space must lie between START and the last space.")
    if not 0 < last_space <= sum(prop.value for prop in properties.values()):
        raise ContentError("The last space must be reachable with the board's property values.")
    cards = _cards(fortune.get("card", []))
    deck = tuple(f"{kind.key}-{n}" for kind in cards.values() for n in range(1, kind.copies + 1))
    if len(deck) != DECK_SIZE:
        raise ContentError(f"The Fortune deck has {len(deck)} cards, not {DECK_SIZE}.")
    return Board(zones, properties, last_space, fortune_spaces, cards, deck)


def _zone(raw: dict) -> Zone:
    zone_id = raw["id"]
    props = tuple(Property(p["id"], p["name"], int(p["value"]), zone_id) for p in raw["properties"])
    if len(props) != PROPERTIES_PER_ZONE:
        raise ContentError(
            f"The {zone_id} zone has {len(props)} properties, not {PROPERTIES_PER_ZONE}."
        )
    for name in (zone_id, *(p.id for p in props)):
        if not ID_PATTERN.fullmatch(name):
            raise ContentError(f"“{name}” is not an id: lower-case words joined by “-”, please.")
    return Zone(zone_id, raw["name"], props)


def _cards(raw_cards: list[dict]) -> dict[str, CardKind]:
    cards: dict[str, CardKind] = {}
    for raw in raw_cards:
        effect = raw["effect"]
        if effect not in EFFECTS:
            raise ContentError(f"Card “{raw['name']}” has an unknown effect “{effect}”.")
        timing, params = EFFECTS[effect]
        if raw["timing"] != timing:
            raise ContentError(f"Card “{raw['name']}” ({effect}) must have timing “{timing}”.")
        missing = [name for name in params if name not in raw]
        if missing:
            raise ContentError(f"Card “{raw['name']}” needs {', '.join(missing)}.")
        kind = CardKind(
            key=raw["key"],
            name=raw["name"],
            text=raw["text"],
            timing=timing,
            effect=effect,
            copies=int(raw["copies"]),
            amount=int(raw.get("amount", 0)),
            max_value=int(raw.get("max_value", 0)),
            last_place=bool(raw.get("last_place", False)),
        )
        if not ID_PATTERN.fullmatch(f"{kind.key}-{kind.copies}"):
            raise ContentError(f"“{kind.key}” is not a card key: lower-case words joined by “-”.")
        if kind.key in cards:
            raise ContentError(f"Card key “{kind.key}” is used twice.")
        if len(kind.label) > MAX_LABEL:
            raise ContentError(f"“{kind.label}” is longer than {MAX_LABEL} characters.")
        cards[kind.key] = kind
    return cards
