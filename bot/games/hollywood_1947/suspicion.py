"""Reading the table: how likely each seat is a communist, from what everyone saw.

A seat with a star adds the card of its hand that best serves its side, so the movies leak
loyalties: a premiere heavy in communist symbols after a round where only Bob and Carol
added cards says something about Bob and Carol. This module weighs every way the loyalties
the seat cannot see might be dealt by how well it explains each movie's making (``making``
in ``state["films"]``, public facts: who added how many cards, the deck's, ghosts' and
Composer's cards, whether the Editor cut the card they looked at, the cards revealed) and
returns each seat's chance of each loyalty. Only public facts and the seat's own loyalty
(and, for a communist, its comrades) are read: what any player at the table could work out.

The model of a card is coarse on purpose: each added card leans patriot, neutral or
communist with chances that depend on its adder's loyalty (a hand of three usually holds a
card for one's side, and leftovers pile up), the deck's and ghosts' cards lean as the deck
does, and the cut (at random, or the Editor's) takes one card unseen.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from .content import Content
from .table import State

PATRIOT, COMMUNIST, RISING_STAR = "patriot", "communist", "rising_star"

#: Chances (leans patriot, neutral, communist) of a card added by a seat of each loyalty;
#: the Rising Star's and the deck's follow the deck (21 / 14 / 25 of the 60 cards).
DECK = (21 / 60, 14 / 60, 25 / 60)
ADDED = {PATRIOT: (0.68, 0.20, 0.12), COMMUNIST: (0.12, 0.16, 0.72), RISING_STAR: DECK}
#: The Composer keeps the better of two cards drawn from the deck.
COMPOSED = {PATRIOT: (0.58, 0.25, 0.17), COMMUNIST: (0.12, 0.22, 0.66), RISING_STAR: DECK}


def lean(cx: Content, card_id: str) -> int:
    """0 leans patriot, 1 neutral, 2 communist (the index into a chance triple)."""
    card = cx.cards[card_id]
    return 0 if card.patriot > card.communist else 2 if card.communist > card.patriot else 1


def chances(cx: Content, state: State, seat: int) -> list[dict[str, float]]:
    """Each seat's chance of each loyalty, as ``seat`` can work it out."""
    return _posterior(_key(cx, state, seat))


def _key(cx: Content, state: State, seat: int) -> tuple:
    """Everything the reading depends on, hashable (so it is worked out once a movie)."""
    players, loyalty = state["players"], state["loyalty"]
    mine = loyalty[seat]
    known = tuple((s, loyalty[s]) for s in range(players)
                  if s == seat or (mine == COMMUNIST and loyalty[s] == COMMUNIST))
    if state["options"].get("random_loyalties"):  # any of the nine cards
        pool = {team: count for team, count in cx.loyalty_cards.items()
                if team != RISING_STAR or cx.has_rising_star(players)}
    else:
        pool = cx.deal[players]
    films = tuple(_film_key(cx, film["making"]) for film in state["films"] if "making" in film)
    return (players, mine, known, tuple(sorted(pool.items())), films)


def _film_key(cx: Content, making: dict[str, Any]) -> tuple:
    return (tuple(sorted((int(s), n) for s, n in making["added"].items())), making["ghosts"],
            making["deck"], making["composer"], making["editor"], making["edit"],
            tuple(sorted(lean(cx, card) for card in making["cards"])))


def deals(cx: Content, state: State, seat: int) -> tuple[tuple[tuple[str, ...], float], ...]:
    """Every deal of loyalties ``seat`` cannot rule out, with its chance given the movies."""
    return _weighed(_key(cx, state, seat))


@lru_cache(maxsize=4096)
def _weighed(key: tuple) -> tuple[tuple[tuple[str, ...], float], ...]:
    players, mine, known, box, films = key
    before: tuple[tuple[tuple[str, ...], float], ...] = ()
    if films:  # the reading before the last movie, weighed again by that movie
        before = _weighed((players, mine, known, box, films[:-1]))
        weights = {deal: chance * _likelihood(films[-1], deal) for deal, chance in before}
    else:
        weights = dict(_deals(players, mine, dict(known), Counter(dict(box))))
    total = sum(weights.values())
    if total <= 0.0:  # the model cannot explain that movie: it says nothing
        return before
    return tuple((deal, weight / total) for deal, weight in weights.items())


@lru_cache(maxsize=4096)
def _posterior(key: tuple) -> list[dict[str, float]]:
    result: list[dict[str, float]] = [{} for _ in range(key[0])]
    for deal, chance in _weighed(key):
        for s, loyalty in enumerate(deal):
            result[s][loyalty] = result[s].get(loyalty, 0.0) + chance
    return result


def _deals(players: int, mine: str, known: dict[int, str],
           pool: Counter[str]) -> Iterator[tuple[tuple[str, ...], float]]:
    """Every loyalty deal the seat cannot rule out (``pool``: the cards it was dealt
    from), with its chance before any movie."""
    unknown = [s for s in range(players) if s not in known]
    for loyalty in known.values():
        pool[loyalty] -= 1
    if mine == COMMUNIST:
        pool[COMMUNIST] = 0  # a communist knows every comrade
    for chosen in _arrangements(+pool, len(unknown)):
        deal = [""] * players
        for s, loyalty in known.items():
            deal[s] = loyalty
        for s, loyalty in zip(unknown, chosen, strict=True):
            deal[s] = loyalty
        yield tuple(deal), _ways(pool, chosen)


def _arrangements(pool: Counter[str], length: int) -> Iterator[tuple[str, ...]]:
    """Every distinct sequence of ``length`` loyalties drawn from ``pool``."""
    if length == 0:
        yield ()
        return
    for loyalty in sorted(pool):
        if pool[loyalty] > 0:
            pool[loyalty] -= 1
            for rest in _arrangements(pool, length - 1):
                yield (loyalty, *rest)
            pool[loyalty] += 1


def _ways(pool: Counter[str], chosen: tuple[str, ...]) -> float:
    """How many ways the box deals ``chosen`` from ``pool`` (equal for a fixed deal)."""
    ways = 1.0
    for loyalty, count in Counter(chosen).items():
        for k in range(count):
            ways *= pool[loyalty] - k
    return ways


def _likelihood(film: tuple, deal: tuple[str, ...]) -> float:
    """How likely the film's revealed cards are, were the loyalties ``deal``."""
    added, _, _, composer, editor, _, _ = film
    involved = [seat for seat, _ in added] + [s for s in (composer, editor) if s is not None]
    return _film_chance(film, tuple(deal[seat] for seat in involved))


@lru_cache(maxsize=65536)
def _film_chance(film: tuple, roles: tuple[str, ...]) -> float:
    """``_likelihood`` given only the loyalties of the seats the film involves (its adders,
    then its Composer and Editor, as ``_likelihood`` lists them): most deals share them."""
    added, ghosts, deck, composer, editor, edit, leans = film
    loyalty_of = iter(roles)
    sources: list[tuple[float, float, float]] = []
    for _, count in added:
        sources += [ADDED[next(loyalty_of)]] * count
    sources += [DECK] * (ghosts + int(deck))
    if composer is not None:
        sources.append(COMPOSED[next(loyalty_of)])
    editor_loyalty = next(loyalty_of) if editor is not None else None
    observed = (leans.count(0), leans.count(1), leans.count(2))
    if len(sources) == len(leans):  # nothing was cut (an empty movie, Justice Served)
        return _exactly(tuple(sorted(sources)), observed)
    if len(sources) != len(leans) + 1:
        return 1.0  # a making the model does not cover: it says nothing
    # One card was cut unseen: at random, or the Editor's because it hurt their side.
    against = _against(editor_loyalty) if edit == "discard" and editor_loyalty else None
    total = 0.0
    for source, copies in Counter(sources).items():  # cutting either of two alike is alike
        rest = list(sources)
        rest.remove(source)
        chance = 1.0 if against is None else sum(source[i] for i in against)
        total += copies * chance * _exactly(tuple(sorted(rest)), observed)
    return total / len(sources)


def _against(loyalty: str) -> tuple[int, ...]:
    return {PATRIOT: (2,), COMMUNIST: (0,)}.get(loyalty, (0, 2))


@lru_cache(maxsize=65536)
def _exactly(sources: tuple[tuple[float, float, float], ...],
             observed: tuple[int, int, int]) -> float:
    """The chance that independent cards from ``sources`` show ``observed`` leans."""
    patriot, neutral, communist = observed
    table = {(0, 0): 1.0}  # (patriot, neutral) counts so far -> chance
    for drawn, (p, n, c) in enumerate(sources, start=1):
        step: dict[tuple[int, int], float] = {}
        for (a, b), chance in table.items():
            for cell, q in (((a + 1, b), p), ((a, b + 1), n), ((a, b), c)):
                # Only counts that can still end at the observed ones.
                if cell[0] <= patriot and cell[1] <= neutral and drawn - sum(cell) <= communist:
                    step[cell] = step.get(cell, 0.0) + chance * q
        table = step
    return table.get((patriot, neutral), 0.0)
