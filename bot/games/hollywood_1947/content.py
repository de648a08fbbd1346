"""Hollywood 1947 content: validates the TOML of data/hollywood-1947 into plain objects."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TEAMS = ("patriot", "communist", "rising_star")
SYMBOLS = ("patriot", "communist", "neutral")
DECK_SIZE = 60
POSTER_COUNT = 15
JOB_COUNT = 9


class ContentError(ValueError):
    """The TOML does not describe a playable Hollywood 1947."""


@dataclass(frozen=True)
class Job:
    number: int
    name: str
    effect: str


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    patriot: int
    communist: int
    effect: str  # "" | "hearing" | "shake_up"
    two_player_removed: bool

    @property
    def neutral(self) -> bool:
        return not self.patriot and not self.communist


@dataclass(frozen=True)
class Poster:
    id: str
    name: str
    symbol: str
    two_player_removed: bool


@dataclass(frozen=True)
class Content:
    jobs: dict[int, Job]
    cards: dict[str, Card]
    posters: dict[str, Poster]
    loyalty_cards: dict[str, int]
    deal: dict[int, dict[str, int]]

    def has_rising_star(self, players: int) -> bool:
        return self.deal[players]["rising_star"] > 0


def _jobs(data: dict[str, Any]) -> dict[int, Job]:
    jobs = {int(row["number"]): Job(int(row["number"]), row["name"], row["effect"])
            for row in data["job"]}
    if sorted(jobs) != list(range(1, JOB_COUNT + 1)):
        raise ContentError(f"jobs must be numbered 1–{JOB_COUNT}, got {sorted(jobs)}")
    return jobs


def _cards(data: dict[str, Any]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for row in data["card"]:
        effect = row.get("effect", "")
        if effect not in ("", "hearing", "shake_up"):
            raise ContentError(f"card {row['key']}: unknown effect {effect!r}")
        for symbol in ("patriot", "communist"):
            if row[symbol] not in (0, 1, 2):
                raise ContentError(f"card {row['key']}: {symbol} symbols must be 0, 1 or 2")
        for n in range(1, int(row["count"]) + 1):
            card_id = f"{row['key']}-{n}"
            if card_id in cards:
                raise ContentError(f"duplicate card id {card_id}")
            cards[card_id] = Card(card_id, row["name"], int(row["patriot"]),
                                  int(row["communist"]), effect,
                                  bool(row.get("two_player_removed", False)))
    if len(cards) != DECK_SIZE:
        raise ContentError(f"the propaganda deck must hold {DECK_SIZE} cards, not {len(cards)}")
    removed = [c for c in cards.values() if c.two_player_removed]
    if len(removed) != 6 or any(c.communist != 2 or c.effect for c in removed):
        raise ContentError("exactly six plain double-communist cards are removed in 2-player games")
    if not any(c.effect == "hearing" for c in cards.values()):
        raise ContentError("the deck needs Congressional Hearing cards")
    if not any(c.effect == "shake_up" for c in cards.values()):
        raise ContentError("the deck needs Shake Up cards")
    patriot = sum(c.patriot for c in cards.values())
    communist = sum(c.communist for c in cards.values())
    if communist <= patriot:
        raise ContentError("the deck must be weighted toward the communists")
    return cards


def _posters(data: dict[str, Any]) -> dict[str, Poster]:
    posters = {}
    for row in data["poster"]:
        if row["symbol"] not in SYMBOLS:
            raise ContentError(f"poster {row['id']}: unknown symbol {row['symbol']!r}")
        posters[row["id"]] = Poster(row["id"], row["name"], row["symbol"],
                                    bool(row.get("two_player_removed", False)))
    if len(posters) != POSTER_COUNT:
        raise ContentError(f"there must be {POSTER_COUNT} genre posters, not {len(posters)}")
    removed = {p.name for p in posters.values() if p.two_player_removed}
    if removed != {"Monster", "Horror"}:
        raise ContentError("Monster and Horror are the posters removed in 2-player games")
    if posters.get("animation", None) is None or posters["animation"].symbol != "patriot":
        raise ContentError("Animation is a patriot poster")
    if posters.get("horror", None) is None or posters["horror"].symbol != "communist":
        raise ContentError("Horror is a communist poster")
    return posters


def _loyalties(data: dict[str, Any]) -> tuple[dict[str, int], dict[int, dict[str, int]]]:
    cards = {team: int(data["cards"].get(team, 0)) for team in TEAMS}
    if sum(cards.values()) != 9:
        raise ContentError("there are nine loyalty cards")
    deal = {}
    for players in range(1, 10):
        row = data["deal"].get(str(players))
        if row is None:
            raise ContentError(f"no loyalty deal for {players} players")
        counts = {team: int(row.get(team, 0)) for team in TEAMS}
        if sum(counts.values()) != players:
            raise ContentError(f"the {players}-player deal must give {players} loyalties")
        if any(counts[team] > cards[team] for team in TEAMS):
            raise ContentError(f"the {players}-player deal uses more cards than the box has")
        if players >= 3 and counts["communist"] * 2 >= players:
            raise ContentError(f"communists must be a minority with {players} players")
        if players in (1, 2, 3, 5) and counts["rising_star"]:
            raise ContentError(f"there is no Rising Star with {players} players")
        deal[players] = counts
    return cards, deal


def load(content: dict[str, dict[str, Any]]) -> Content:
    loyalty_cards, deal = _loyalties(content["loyalties"])
    return Content(
        jobs=_jobs(content["jobs"]),
        cards=_cards(content["propaganda"]),
        posters=_posters(content["posters"]),
        loyalty_cards=loyalty_cards,
        deal=deal,
    )
