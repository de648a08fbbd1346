"""San Francisco Scene content: data/san-francisco-scene/*.toml, checked and frozen.

Validation happens once, at start: 40 spaces with the corners where the contract puts them,
every space the sheet names present, starred spaces in pairs beside a corner, routes that
start on a bridge and end on one, with a die table (six faces) that reaches every marked stop
and the far bridge, in crossing order, Cable Car cards with known effects whose references
resolve. The rules then read plain frozen objects, never raw dicts.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

LOOP_LENGTH = 40
CORNERS = {0: "city-hall", 10: "union-pacific-club", 20: "attorneys", 30: "labor-council"}
NAMED = (
    "golden-gate-bridge", "bay-bridge", "richmond-bridge", "san-mateo-bridge", "stanford",
    "university-of-california", "unemployment-office", "wells-crocker-bank", "substandard-oil",
    "spacific-telephone", "public-utilities-commission", "hayward", "walnut-creek",
)
LOOP_KINDS = {
    "home-base", "property", "business", "telephone", "oil", "commission", "bridge", "college",
    "cable-car", "bank", "unemployment-office",
}
BAY_KINDS = {"island", "prison"}
DIE_FACES = 6
#: Kinds sold by the Bank (Ownership Cards) and those of them that take developments.
FOR_SALE = {"property", "business", "telephone", "oil", "commission"}
DEVELOPABLE = {"property", "business", "telephone"}
GROUPS = ("politician", "membership-chairman", "attorney", "labor-leader")
EFFECTS = {
    "move_to": ("space",), "go_to_jail": (), "lose_turns": ("turns",), "pay_fund": ("amount",),
    "pay_bank": ("amount",), "collect_bank": ("amount",), "pay_group": ("group", "amount"),
    "pay_each": ("amount",), "collect_each": ("amount",), "repairs": ("amount",),
}
RULE_KEYS = (
    "start_cash", "pass_city_hall", "max_developments", "connection_price", "gas_station_cost",
    "gas_station_charge", "jail_fee", "loan", "loan_interest", "bank_cash",
)


class ContentError(ValueError):
    """The TOML does not describe a playable board."""


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    kind: str
    index: int | None  # place on the loop; None in the Bay
    price: int | None = None
    development_cost: int | None = None
    rent: tuple[int, ...] = ()
    starred: bool = False
    chevron: bool = False
    colour: str | None = None
    group: str | None = None  # the interest group whose Home Base this corner is
    route: str | None = None  # the sailboat route a bridge starts, or a Bay stop is on

    @property
    def for_sale(self) -> bool:
        return self.kind in FOR_SALE

    @property
    def developable(self) -> bool:
        return self.kind in DEVELOPABLE


@dataclass(frozen=True)
class Route:
    """A sailboat crossing: from ``bridge`` one die, whose face f stops the token on
    ``faces[f - 1]`` — a marked stop in the Bay (``stops``), the far bridge ``exit``, or a loop
    space past it."""

    id: str
    name: str
    bridge: str
    exit: str
    stops: tuple[str, ...]
    faces: tuple[str, ...]


@dataclass(frozen=True)
class Group:
    id: str
    name: str
    cards: str
    home: str


@dataclass(frozen=True)
class CableCar:
    id: str
    effect: str | None
    text: str
    blank: bool = False
    space: str | None = None
    amount: int = 0
    turns: int = 0
    group: str | None = None


@dataclass(frozen=True)
class Rules:
    start_cash: int
    pass_city_hall: int
    max_developments: int
    connection_price: int
    gas_station_cost: int
    gas_station_charge: int
    jail_fee: int
    loan: int
    loan_interest: int
    bank_cash: int


@dataclass(frozen=True)
class Board:
    rules: Rules
    loop: tuple[Space, ...]
    bay: tuple[Space, ...]
    spaces: dict[str, Space]
    routes: dict[str, Route]
    groups: dict[str, Group]
    cards: dict[str, CableCar]
    #: the cards shuffled into play (blank ones stay out)
    deck: tuple[str, ...]
    #: each starred space and the other starred space of its corner
    partner: dict[str, str]

    @property
    def for_sale(self) -> tuple[Space, ...]:
        return tuple(space for space in self.loop if space.for_sale)

    @property
    def chevrons(self) -> tuple[Space, ...]:
        return tuple(space for space in self.loop if space.chevron)

    def route_of_bridge(self, space_id: str) -> Route | None:
        return next((r for r in self.routes.values() if r.bridge == space_id), None)


def _loop(raw: list[dict[str, Any]], colours: dict[str, str]) -> tuple[Space, ...]:
    if len(raw) != LOOP_LENGTH:
        raise ContentError(f"The loop has {len(raw)} spaces, not {LOOP_LENGTH}.")
    spaces = []
    for index, entry in enumerate(raw):
        kind = entry["kind"]
        if kind not in LOOP_KINDS:
            raise ContentError(f"{entry['id']}: unknown kind {kind!r}.")
        price = entry.get("price")
        if (price is not None) != (kind in FOR_SALE):
            raise ContentError(f"{entry['id']}: a price goes with exactly the kinds for sale.")
        rent = tuple(entry.get("rent", ()))
        if kind in FOR_SALE and not rent:
            raise ContentError(f"{entry['id']}: no rent.")
        district = entry.get("district")
        if district is not None and district not in colours:
            raise ContentError(f"{entry['id']}: unknown district {district!r}.")
        spaces.append(Space(
            id=entry["id"], name=entry["name"], kind=kind, index=index, price=price,
            development_cost=entry.get("development_cost"), rent=rent,
            starred=entry.get("starred", False), chevron=entry.get("chevron", False),
            colour=colours.get(district) if district else None, group=entry.get("group"),
            route=entry.get("route"),
        ))
    for index, space_id in CORNERS.items():
        if spaces[index].id != space_id or spaces[index].kind != "home-base":
            raise ContentError(f"Space {index} must be the Home Base {space_id}.")
    return tuple(spaces)


def _partners(loop: tuple[Space, ...]) -> dict[str, str]:
    """Starred spaces come in pairs, one on each side of a corner."""
    partner = {}
    for space in loop:
        if not space.starred:
            continue
        corner = round(space.index / 10) * 10
        other = loop[(2 * corner - space.index) % LOOP_LENGTH]
        if not other.starred or space.index % 10 not in (1, 9) or not space.developable:
            raise ContentError(f"{space.id}: a starred property needs a starred partner beside "
                               "the same corner.")
        partner[space.id] = other.id
    return partner


def _check_faces(route: Route, loop: dict[str, Space]) -> None:
    """Six faces, in crossing order: the marked stops, the far bridge, then loop spaces past
    it (within one lap); every stop and the far bridge reachable."""
    if len(route.faces) != DIE_FACES:
        raise ContentError(f"{route.id}: the die table needs {DIE_FACES} faces.")
    exit_index = loop[route.exit].index or 0
    path = [*route.stops, route.exit]

    def place(space_id: str) -> int:
        if space_id in path:
            return path.index(space_id)
        space = loop.get(space_id)
        if space is None or space.index is None:
            raise ContentError(f"{route.id}: face {space_id!r} is neither a stop of the route nor "
                               "a space of the loop.")
        return len(path) - 1 + (space.index - exit_index) % LOOP_LENGTH

    places = [place(space_id) for space_id in route.faces]
    if places != sorted(places):
        raise ContentError(f"{route.id}: the faces go in crossing order.")
    missing = [space_id for space_id in path if space_id not in route.faces]
    if missing:
        raise ContentError(f"{route.id}: no face of the die stops at {', '.join(missing)}.")


def load_board(content: dict[str, dict[str, Any]]) -> Board:
    board_raw, cards_raw = content["board"], content["cable_cars"]
    rules = Rules(**{key: int(board_raw["rules"][key]) for key in RULE_KEYS})
    colours = {d["id"]: d["colour"] for d in board_raw["district"]}
    loop = _loop(board_raw["space"], colours)
    spaces = {space.id: space for space in loop}

    groups = {g["id"]: Group(g["id"], g["name"], g["cards"], g["home"]) for g in board_raw["group"]}
    if tuple(groups) != GROUPS:
        raise ContentError(f"The interest groups are {GROUPS}, in that order.")
    for group in groups.values():
        if spaces.get(group.home) is None or spaces[group.home].group != group.id:
            raise ContentError(f"{group.id}: its Home Base {group.home} does not name it.")

    routes, bay = {}, []
    for entry in board_raw["route"]:
        stops = []
        for raw in entry["stops"]:
            if raw["kind"] not in BAY_KINDS:
                raise ContentError(f"{raw['id']}: unknown Bay kind {raw['kind']!r}.")
            space = Space(id=raw["id"], name=raw["name"], kind=raw["kind"], index=None,
                          route=entry["id"])
            bay.append(space)
            stops.append(space.id)
        route = Route(entry["id"], entry["name"], entry["bridge"], entry["exit"], tuple(stops),
                      tuple(entry["faces"]))
        for end in (route.bridge, route.exit):
            if spaces.get(end) is None or spaces[end].kind != "bridge":
                raise ContentError(f"{route.id}: {end} is not a bridge on the loop.")
        if spaces[route.bridge].route != route.id:
            raise ContentError(f"{route.bridge} does not start the route {route.id}.")
        _check_faces(route, spaces)
        routes[route.id] = route
    for space in bay:
        if space.id in spaces:
            raise ContentError(f"{space.id} is on the board twice.")
        spaces[space.id] = space
    for space_id in (*NAMED, "alcatraz", "angel-island", "san-quentin", "yerba-buena-island"):
        if space_id not in spaces:
            raise ContentError(f"The sheet names {space_id}; the board lacks it.")

    cards = {}
    for raw in cards_raw["card"]:
        blank = raw.get("blank", False)
        effect = None if blank else raw["effect"]
        if effect is not None and effect not in EFFECTS:
            raise ContentError(f"Cable Car card {raw['id']}: unknown effect {effect!r}.")
        for key in EFFECTS.get(effect, ()):
            if key not in raw:
                raise ContentError(f"Cable Car card {raw['id']}: {effect} needs {key}.")
        if raw.get("space") is not None and raw["space"] not in spaces:
            raise ContentError(f"Cable Car card {raw['id']}: no space {raw['space']}.")
        if raw.get("group") is not None and raw["group"] not in groups:
            raise ContentError(f"Cable Car card {raw['id']}: no group {raw['group']}.")
        if len(raw["text"]) > 100:
            raise ContentError(f"Cable Car card {raw['id']}: its text is over 100 characters.")
        cards[raw["id"]] = CableCar(
            id=raw["id"], effect=effect, text=raw["text"], blank=blank, space=raw.get("space"),
            amount=int(raw.get("amount", 0)), turns=int(raw.get("turns", 0)),
            group=raw.get("group"),
        )
    deck = tuple(card.id for card in cards.values() if not card.blank)
    if len(deck) < 20:
        raise ContentError("The Cable Car deck needs at least 20 cards in play.")

    return Board(rules=rules, loop=loop, bay=tuple(bay), spaces=spaces, routes=routes,
                 groups=groups, cards=cards, deck=deck, partner=_partners(loop))
