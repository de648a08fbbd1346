"""Ratings for multiplayer games: Weng and Lin's Bayesian rating, through openskill.

Each player's skill is an estimate μ with an uncertainty σ; a newcomer starts at μ = 25,
σ = 25/3. A finished game is a ranking of its seats (ties allowed, any number of seats), and
openskill's Plackett–Luce model moves every estimate by how surprising that ranking was: beating
strong players gains more than beating newcomers, and σ shrinks as games are played. What is
shown is the conservative ordinal μ − 3σ, the skill a player almost surely has, so one lucky
win does not top a leaderboard. Games are replayed in the order they finished, so the same
results always give the same ratings.

Pure: no Discord, no store. ``bot/community/stats.py`` feeds it finished games.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from numbers import Real
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Finish:
    """One finished game as a rating sees it: who sat in each seat (None for a seat nobody
    is rated for, such as a bot's) and each seat's place (0 is first; equal places tie)."""

    players: tuple[Hashable | None, ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate shown and ranked by: μ − 3σ."""
        return self.mu - 3 * self.sigma


NEWCOMER = Rating(MODEL.mu, MODEL.sigma)


def places(seats: int, winners: Iterable[int], scores: Mapping[int, Any]) -> tuple[int, ...]:
    """Each seat's place in a finished game: the winners first, tied (a shared win is a win
    for each); then the others by their scores, highest first, when the game scored every
    seat with a number; else all the others tied just behind the winners."""
    won = set(winners)
    others = [seat for seat in range(seats) if seat not in won]
    numbers: dict[int, Any] = {seat: scores.get(seat) for seat in others}
    if not all(isinstance(v, Real) and not isinstance(v, bool) for v in numbers.values()):
        numbers = {seat: 0 for seat in others}
    # Places are dense (1, 2, 2, 3): only the order matters to the model.
    below = sorted(set(numbers.values()), reverse=True)
    return tuple(0 if seat in won else 1 + below.index(numbers[seat]) for seat in range(seats))


def rate(finishes: Iterable[Finish]) -> dict[Hashable, Rating]:
    """Every rated player's rating after these games, replayed in the order given.

    A seat whose player is None plays as a newcomer each time (a bot is not rated: beating
    one counts as beating an unknown player). A game with fewer than two seats ranks nobody
    and is left out."""
    ratings: dict[Hashable, Rating] = {}
    for finish in finishes:
        if len(finish.players) < 2:
            continue
        before = [ratings.get(player, NEWCOMER) if player is not None else NEWCOMER
                  for player in finish.players]
        for player, new in zip(finish.players, rate_one(before, finish.places)):
            if player is not None:
                ratings[player] = new
    return ratings


def rate_one(before: list[Rating], seat_places: tuple[int, ...]) -> list[Rating]:
    """The seats' ratings after one game of two seats or more, from theirs before it (a bot's
    seat: ``NEWCOMER``). ``rate`` replays with this; the standings kept in the store add each
    game with it as it finishes, so both give the same figures."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(place) for place in seat_places])
    return [Rating(new.mu, new.sigma, old.games + 1, old.wins + (place == 0))
            for old, (new,), place in zip(before, after, seat_places)]


def ranked(ratings: Mapping[Hashable, Rating]) -> list[tuple[Hashable, Rating]]:
    """Players best first: by ordinal, then by games played; equal ones by their ids as text.
    The stores rank a leaderboard in the same order with an index (V18: ``μ - 3 * σ`` as the
    database computes it, the same two IEEE operations as ``ordinal``, on the same doubles)."""
    return sorted(ratings.items(), key=lambda item: rank_key(item[0], item[1]))


def rank_key(player: Hashable, rating: Rating) -> tuple[float, int, str]:
    """Where a player stands on a leaderboard: the smaller, the better."""
    return -rating.ordinal, -rating.games, str(player)
