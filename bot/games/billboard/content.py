"""Billboard's content: the TOML under data/billboard/, checked once and frozen.

The checks say what the rules rely on: 54 contracts in decks of 12, 13, 14 and 15, each
round's cards and shares adding up, every district and company named exists, prices that
start strictly increasing inside their bounds, and score tables in order. The rules then
read plain frozen objects, never raw dicts.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from bot.engine.language import Words

DECKS = ("I/V", "II/VI", "III/VII", "IV/VIII")
DECK_SIZES = {"I/V": 12, "II/VI": 13, "III/VII": 14, "IV/VIII": 15}
ROUNDS = 8
VALUES = (1, 2, 3, 4, 5, 6)
AGENCIES = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 6


class ContentError(ValueError):
    """The TOML does not describe a playable game."""


@dataclass(frozen=True)
class Billboard:
    id: str
    district: str
    value: int
    company: str | None  # printed in a neutral company's colour: it owns it at the start


@dataclass(frozen=True)
class District:
    id: str
    name: str
    genitive: str
    locative: str
    prefix: str
    map: tuple[int, int]
    billboards: tuple[Billboard, ...]


@dataclass(frozen=True)
class Company:
    id: str
    name: str
    price: int


@dataclass(frozen=True)
class Agency:
    id: str
    name: str


@dataclass(frozen=True)
class Contract:
    id: str
    deck: str
    amount: int
    districts: tuple[str, ...] | None  # None: every district
    excluded: tuple[str, ...]
    values: tuple[int, ...] | None  # None: every value

    def covers(self, billboard: Billboard) -> bool:
        """Whether the billboard lies in the area the agency wants."""
        if self.districts is not None and billboard.district not in self.districts:
            return False
        if billboard.district in self.excluded:
            return False
        return self.values is None or billboard.value in self.values


@dataclass(frozen=True)
class Content:
    districts: tuple[District, ...]
    billboards: dict[str, Billboard]
    companies: tuple[Company, ...]
    agencies: tuple[Agency, ...]
    contracts: dict[str, Contract]
    colours: tuple[str, ...]
    starting_money: int
    bank: int
    start_prices: tuple[int, ...]
    max_price: int
    round_cards: tuple[int, ...]
    first_round: tuple[int, ...]
    shares: dict[int, tuple[int, ...]]
    round_points: tuple[int, ...]
    ad_points: tuple[int, ...]
    round4_bounds: dict[int, tuple[int, ...]]
    round8_bounds: tuple[int, ...]
    words: dict[str, Words]
    #: billboard id -> its group, "sm:3" (one value in one district)
    group: dict[str, str]

    def district(self, district_id: str) -> District:
        return next(d for d in self.districts if d.id == district_id)

    def by_prefix(self, prefix: str) -> District | None:
        return next((d for d in self.districts if d.prefix == prefix), None)

    def company(self, company_id: str) -> Company | None:
        return next((c for c in self.companies if c.id == company_id), None)

    def agency(self, agency_id: str) -> Agency | None:
        return next((a for a in self.agencies if a.id == agency_id), None)

    def deck_cards(self, deck: str) -> list[str]:
        return [c.id for c in self.contracts.values() if c.deck == deck]


def load(raw: dict[str, Any]) -> Content:
    """Content from the loaded TOML files (``board``, ``contracts``, ``scoring``) and the
    catalogues (``words``), or a ContentError saying what is wrong."""
    board, cards, scoring = raw["board"], raw["contracts"], raw["scoring"]
    districts = tuple(_district(d) for d in board["district"])
    billboards = {b.id: b for d in districts for b in d.billboards}
    if len(billboards) != sum(len(d.billboards) for d in districts):
        raise ContentError("two billboards share an id")
    if len({d.prefix for d in districts}) != len(districts):
        raise ContentError("two districts share a prefix")
    companies = tuple(Company(c["id"], c["name"], int(c["price"])) for c in board["company"])
    company_ids = {c.id for c in companies}
    for billboard in billboards.values():
        if billboard.company is not None and billboard.company not in company_ids:
            raise ContentError(f"{billboard.id}: no company “{billboard.company}”")
    agencies = tuple(Agency(a["id"], a["name"]) for a in board["agency"])
    if len(agencies) != AGENCIES:
        raise ContentError(f"Billboard has {AGENCIES} agencies, not {len(agencies)}")
    district_ids = {d.id for d in districts}
    contracts = {c["id"]: _contract(c, district_ids) for c in cards["contract"]}
    if len(contracts) != len(cards["contract"]):
        raise ContentError("two contracts share an id")
    for deck, size in DECK_SIZES.items():
        if sum(1 for c in contracts.values() if c.deck == deck) != size:
            raise ContentError(f"deck {deck} must hold {size} contracts")
    for contract in contracts.values():
        if not any(contract.covers(b) for b in billboards.values()):
            raise ContentError(f"{contract.id}: its area holds no billboard")
    deal = cards["deal"]
    round_cards = tuple(deal["cards"])
    for index, deck in enumerate(DECKS):
        if round_cards[index] + round_cards[index + 4] != DECK_SIZES[deck]:
            raise ContentError(f"rounds {index + 1} and {index + 5} must play all of deck {deck}")
    first_round = tuple(deal["first_round"])
    shares = {int(n): tuple(split) for n, split in deal["shares"].items()}
    if sum(first_round) != round_cards[0] or len(first_round) != AGENCIES:
        raise ContentError("round 1's piles must hold its cards")
    for count in round_cards[1:]:
        if count not in shares or sum(shares[count]) != count or len(shares[count]) != AGENCIES:
            raise ContentError(f"no share of {count} cards among the agencies")
    prices = board["prices"]
    start = tuple(prices["start"])
    if len(start) != len(VALUES) or any(p < v for p, v in zip(start, VALUES)) or \
            any(a >= b for a, b in pairwise(start)) or start[-1] > prices["max"]:
        raise ContentError("starting prices must rise strictly, each at least its value")
    table = scoring["ad_table"]
    points = tuple(table["points"])
    round4 = {int(n): tuple(bounds) for n, bounds in table["round4"].items()}
    round8 = tuple(table["round8"]["all"])
    for bounds in [*round4.values(), round8]:
        if len(bounds) != len(points) or bounds[0] != 0 or list(bounds) != sorted(set(bounds)):
            raise ContentError("each score column needs one rising lower bound per row, from 0")
    if set(round4) != set(range(MIN_PLAYERS, MAX_PLAYERS + 1)):
        raise ContentError("round IV's table needs a column for every player count")
    round_points = tuple(scoring["round_points"])
    if len(round_points) != ROUNDS:
        raise ContentError(f"the round track needs {ROUNDS} entries")
    colours = tuple(board["players"]["colours"])
    if len(colours) < MAX_PLAYERS:
        raise ContentError(f"{MAX_PLAYERS} players need {MAX_PLAYERS} colours")
    return Content(
        districts=districts, billboards=billboards, companies=companies, agencies=agencies,
        contracts=contracts, colours=colours, starting_money=int(board["players"]["starting_money"]),
        bank=int(board["bank"]["money"]), start_prices=start, max_price=int(prices["max"]),
        round_cards=round_cards, first_round=first_round, shares=shares,
        round_points=round_points, ad_points=points, round4_bounds=round4, round8_bounds=round8,
        words=dict(raw.get("words") or {"en": Words()}),
        group={b.id: f"{d.prefix}:{b.value}" for d in districts for b in d.billboards},
    )


def _district(raw: dict[str, Any]) -> District:
    billboards = []
    for entry in raw["billboards"]:
        value = int(entry["value"])
        if value not in VALUES:
            raise ContentError(f"{entry['id']}: a billboard's value is 1 to 6")
        if not entry["id"].startswith(raw["prefix"] + "-"):
            raise ContentError(f"{entry['id']}: ids start with the district's prefix")
        billboards.append(Billboard(entry["id"], raw["id"], value, entry.get("company")))
    x, y = raw["map"]
    return District(raw["id"], raw["name"], raw["genitive"], raw["locative"], raw["prefix"],
                    (int(x), int(y)), tuple(billboards))


def _contract(raw: dict[str, Any], district_ids: set[str]) -> Contract:
    if raw["deck"] not in DECK_SIZES:
        raise ContentError(f"{raw['id']}: no deck “{raw['deck']}”")
    districts = tuple(raw["districts"]) if "districts" in raw else None
    excluded = tuple(raw.get("except", ()))
    if districts is not None and excluded:
        raise ContentError(f"{raw['id']}: an area names its districts or its exceptions, not both")
    for district in (*(districts or ()), *excluded):
        if district not in district_ids:
            raise ContentError(f"{raw['id']}: no district “{district}”")
    values = tuple(sorted(raw["values"])) if "values" in raw else None
    if values is not None and not set(values) <= set(VALUES):
        raise ContentError(f"{raw['id']}: values are 1 to 6")
    if int(raw["amount"]) < 1:
        raise ContentError(f"{raw['id']}: a contract pays something")
    return Contract(raw["id"], raw["deck"], int(raw["amount"]), districts, excluded, values)
