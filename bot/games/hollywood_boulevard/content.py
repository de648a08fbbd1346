"""Hollywood Boulevard content: the TOML under data/hollywood-boulevard/, checked and frozen.

Validation happens once, at start: counts add up (decks big enough for an 8-round game),
references resolve (genres, equipment, star names), and every Insider Tip condition uses a
known key. The rules then read plain frozen objects, never raw dicts.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

#: Film formats that need projection equipment, and the ones the "wide-screen" tips mean.
FORMATS = ("3d", "cinemascope", "vistavision", "superscope")
WIDESCREEN = ("cinemascope", "vistavision", "superscope")
SPECIALS = FORMATS + ("foreign", "oscar", "bafta")
COLOURS = {"bw": "B&W", "color": "Color", "technicolor": "Technicolor"}
SPECIAL_NAMES = {
    "3d": "3-D", "cinemascope": "CinemaScope", "vistavision": "VistaVision",
    "superscope": "SuperScope", "foreign": "Foreign", "oscar": "Oscar", "bafta": "BAFTA",
}
CONDITION_KEYS = {"colour", "special", "widescreen", "starred", "max_minutes", "min_minutes", "min_films"}
TIP_TIMINGS = ("payout", "pick", "advertising")
TIP_EFFECTS = {"pick": ("pick_again", "discount", "extra_time"), "advertising": ("tie_break",)}
#: The longest game: 8 rounds, 4 on each deck.
MOST_ROUNDS_PER_DECK = 4


class ContentError(ValueError):
    """The TOML does not describe a playable game."""


def slug(name: str) -> str:
    """'Cecil B. DeMille' -> 'cecil-b-demille' (ASCII, fits in an action string)."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")


@dataclass(frozen=True)
class Film:
    id: str
    deck: int
    title: str
    year: int
    directors: tuple[str, ...]
    cast: tuple[str, ...]
    colour: str
    process: str
    genre: str
    minutes: int
    price: int
    dice: int
    specials: tuple[str, ...]
    country: str
    #: ids of the board stars among cast and directors (the ☆ names)
    stars: tuple[str, ...]
    #: the projection format the film needs (3d, cinemascope, …), if any
    format: str | None

    def has(self, special: str) -> bool:
        return special in self.specials


@dataclass(frozen=True)
class Genre:
    id: str
    name: str
    roll: int


@dataclass(frozen=True)
class AdBox:
    id: str
    name: str
    die: int


@dataclass(frozen=True)
class Section:
    id: str
    name: str
    top: bool = False
    cost: int = 0
    per_chip: bool = False
    max_chips: int = 0
    loan: int = 0
    extra_tips: int = 0
    dice_per_chip: int = 0
    equipment: tuple[str, ...] = ()


@dataclass(frozen=True)
class Equipment:
    id: str
    name: str
    cost: int
    section: str
    second_deck_only: bool


@dataclass(frozen=True)
class Star:
    id: str
    name: str
    track: str  # actor | director


@dataclass(frozen=True)
class TipKind:
    id: str
    name: str
    text: str
    timing: str
    count: int
    dice: int = 0
    split: bool = False
    repeatable: bool = False
    condition: tuple[tuple[str, Any], ...] = ()
    effect: str = ""
    amount: int = 0


@dataclass(frozen=True)
class Rules:
    start_cash: int
    start_tips: int
    array_size: int
    running_time: int
    minutes_per_chip: int
    upkeep_base: int
    upkeep_per_chip: int
    pip_value: int
    max_pips: int
    tip_value: int
    bank: int


@dataclass(frozen=True)
class Content:
    rules: Rules
    films: dict[str, Film]
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    genres: dict[str, Genre]
    genre_by_roll: dict[int, str]
    boxes: dict[str, AdBox]
    box_by_die: dict[int, str]
    sections: dict[str, Section]
    equipment: dict[str, Equipment]
    stars: dict[str, Star]
    tips: dict[str, TipKind]

    @property
    def tip_deck(self) -> list[str]:
        return [kind.id for kind in self.tips.values() for _ in range(kind.count)]


def _need(table: dict, key: str, where: str) -> Any:
    if key not in table:
        raise ContentError(f"{where}: missing “{key}”.")
    return table[key]


def _stars(board: dict) -> dict[str, Star]:
    stars: dict[str, Star] = {}
    for track, key in (("actor", "actors"), ("director", "directors")):
        names = list(_need(board["stars"], key, "[stars]"))
        if names != sorted(names):
            raise ContentError(f"The {key} track must be in alphabetical order of first names.")
        if len(names) > 25:
            raise ContentError(f"The {key} track has {len(names)} names; one select holds 25.")
        for name in names:
            star = Star(slug(name), name, track)
            if star.id in stars:
                raise ContentError(f"Star “{name}” is on the board twice.")
            stars[star.id] = star
    return stars


def _films(rows: list[dict], deck: int, genres: dict, stars_by_name: dict[str, str]) -> dict[str, Film]:
    films: dict[str, Film] = {}
    for row in rows:
        where = f"film {row.get('id', '?')}"
        specials = tuple(_need(row, "specials", where))
        unknown = set(specials) - set(SPECIALS)
        if unknown:
            raise ContentError(f"{where}: unknown specials {sorted(unknown)}.")
        if sum(s in FORMATS for s in specials) > 1:
            raise ContentError(f"{where}: a film has at most one projection format.")
        if row["colour"] not in COLOURS:
            raise ContentError(f"{where}: colour must be one of {sorted(COLOURS)}.")
        if row["genre"] not in genres:
            raise ContentError(f"{where}: unknown genre “{row['genre']}”.")
        if row["minutes"] % 15 or row["minutes"] <= 0:
            raise ContentError(f"{where}: running time must be in 15-minute steps.")
        if ("foreign" in specials) != bool(row.get("country")):
            raise ContentError(f"{where}: a Foreign film names its country, and only it does.")
        people = list(row["cast"]) + list(row["directors"])
        film = Film(
            id=row["id"], deck=deck, title=row["title"], year=int(row["year"]),
            directors=tuple(row["directors"]), cast=tuple(row["cast"]), colour=row["colour"],
            process=row["process"], genre=row["genre"], minutes=int(row["minutes"]),
            price=int(row["price"]), dice=int(row["dice"]), specials=specials,
            country=row.get("country", ""),
            stars=tuple(stars_by_name[p] for p in people if p in stars_by_name),
            format=next((s for s in specials if s in FORMATS), None),
        )
        if film.id in films:
            raise ContentError(f"Film id {film.id} is used twice.")
        if film.price <= 0 or film.dice <= 0:
            raise ContentError(f"{where}: price and dice must be positive.")
        films[film.id] = film
    return films


def _tips(rows: list[dict]) -> dict[str, TipKind]:
    tips: dict[str, TipKind] = {}
    for row in rows:
        where = f"tip {row.get('id', '?')}"
        timing = _need(row, "timing", where)
        if timing not in TIP_TIMINGS:
            raise ContentError(f"{where}: timing must be one of {TIP_TIMINGS}.")
        condition = dict(row.get("condition", {}))
        if set(condition) - CONDITION_KEYS:
            raise ContentError(f"{where}: unknown condition keys {sorted(set(condition) - CONDITION_KEYS)}.")
        effect = row.get("effect", "")
        if timing == "payout" and int(row.get("dice", 0)) <= 0:
            raise ContentError(f"{where}: a payout tip adds dice.")
        if timing != "payout" and effect not in TIP_EFFECTS[timing]:
            raise ContentError(f"{where}: effect must be one of {TIP_EFFECTS[timing]}.")
        kind = TipKind(
            id=row["id"], name=row["name"], text=row["text"], timing=timing,
            count=int(row["count"]), dice=int(row.get("dice", 0)), split=bool(row.get("split", False)),
            repeatable=bool(row.get("repeatable", False)),
            condition=tuple(sorted(condition.items())), effect=effect, amount=int(row.get("amount", 0)),
        )
        if kind.split and condition.get("min_films", 0) < kind.dice:
            raise ContentError(f"{where}: a split tip needs min_films of at least its dice.")
        tips[kind.id] = kind
    return tips


def load(content: dict[str, dict[str, Any]]) -> Content:
    """Check and freeze the TOML tables ``board``, ``first_deck``, ``second_deck``, ``tips``."""
    board = content["board"]
    rules = Rules(**{key: int(value) for key, value in board["rules"].items()})

    genres = {row["id"]: Genre(row["id"], row["name"], int(row["roll"])) for row in board["genre"]}
    genre_by_roll = {g.roll: g.id for g in genres.values()}
    if len(genres) != 10 or sorted(genre_by_roll) != list(range(3, 13)):
        raise ContentError("The genre generator needs 10 genres on the rolls 3–12 (2 is snake eyes).")

    boxes = {row["id"]: AdBox(row["id"], row["name"], int(row["die"])) for row in board["ad_box"]}
    box_by_die = {b.die: b.id for b in boxes.values()}
    if len(boxes) != 6 or sorted(box_by_die) != list(range(1, 7)):
        raise ContentError("There are six Advertising Boxes, one on each face of the Agency die.")

    sections = {}
    for row in board["section"]:
        fields = {k: v for k, v in row.items() if k != "equipment"}
        sections[row["id"]] = Section(**fields, equipment=tuple(row.get("equipment", ())))
    if sum(s.top for s in sections.values()) != 3:
        raise ContentError("The board has three top sections.")

    equipment: dict[str, Equipment] = {}
    for row in board["equipment"]:
        section = next((s.id for s in sections.values() if row["id"] in s.equipment), None)
        if section is None or row["id"] not in FORMATS:
            raise ContentError(f"Equipment {row['id']} must be a film format sold in a board section.")
        equipment[row["id"]] = Equipment(row["id"], row["name"], int(row["cost"]), section,
                                         bool(row.get("second_deck_only", False)))
    if sorted(equipment) != sorted(FORMATS):
        raise ContentError("Every projection format needs its equipment on the board.")

    stars = _stars(board)
    stars_by_name = {s.name: s.id for s in stars.values()}
    first = _films(content["first_deck"]["film"], 1, genres, stars_by_name)
    second = _films(content["second_deck"]["film"], 2, genres, stars_by_name)
    if set(first) & set(second):
        raise ContentError("A film id is in both decks.")
    need = rules.array_size * MOST_ROUNDS_PER_DECK
    for name, deck in (("first", first), ("second", second)):
        if len(deck) < need:
            raise ContentError(f"The {name} deck has {len(deck)} films; an 8-round game needs {need}.")
    for star in stars.values():
        if not any(star.id in f.stars for f in (*first.values(), *second.values())):
            raise ContentError(f"Star {star.name} is in no film.")

    tips = _tips(content["tips"]["tip"])
    return Content(
        rules=rules, films={**first, **second}, decks=(tuple(first), tuple(second)),
        genres=genres, genre_by_roll=genre_by_roll, boxes=boxes, box_by_die=box_by_die,
        sections=sections, equipment=equipment, stars=stars, tips=tips,
    )
