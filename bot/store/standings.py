"""What one finished game adds to the standings the store keeps (V14): members' records and
per-title counts, and the ratings of each server's leaderboards. Pure: the store loads the rows a
game touches, ``add`` changes them, the store writes them back, in the transaction of the move
that finished the game; the migration adds every game already finished, in finishing order, the
same way. So ``/game stats`` and ``/game leaderboard`` read a few rows, never the games, and
their figures are those a replay of every game (``rating.rate``) gives. A leaderboard's order is
the database's, by an index on the ratings (V18, ``standings_rows.board_top``): its best rows are
read in order, never a whole board ranked. A place is counted from how many members each band of
ordinals holds (V20, kept as games end: ``bands``) and the index within the member's own band.

Scopes: a server's id, ``NO_SERVER`` for games played outside any, ``EVERYWHERE`` for a member's
record over every server (leaderboards are per server only). ``ALL_TITLES`` is the board of
every title together.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from bot.community.rating import NEWCOMER, Rating, places, rate_one
from bot.store.base import FinishedGame

NO_SERVER, EVERYWHERE, ALL_TITLES = 0, -1, ""
#: Bands of ordinals (μ − 3σ) a point holds: a quarter of a point each, a power of two so that
#: the band of an ordinal and the bounds of a band are exact in floating point.
BANDS_PER_POINT = 4


def band_of(rating: Rating) -> int:
    """The band of ordinals a rating stands in (``BANDS_PER_POINT`` a point)."""
    return math.floor(rating.ordinal * BANDS_PER_POINT)


def scope_of(guild_id: int | None) -> int:
    return NO_SERVER if guild_id is None else guild_id


@dataclass
class Record:
    """A member in one scope: as their latest game knew them, their streak (> 0 won in a row,
    < 0 lost in a row) and when that game finished (``finishes.seq``)."""

    name: str
    streak: int = 0
    last_seq: int = 0


@dataclass
class TitleCount:
    played: int = 0
    won: int = 0
    last_seq: int = 0


@dataclass
class Standing:
    """A member on one leaderboard (a server, one title or all)."""

    name: str
    rating: Rating = NEWCOMER


@dataclass
class Standings:
    """The rows of the standings at hand, by key; what ``add`` changes, the store writes."""

    records: dict[tuple[int, int], Record] = field(default_factory=dict)            # (scope, member)
    titles: dict[tuple[int, int, str], TitleCount] = field(default_factory=dict)   # (scope, member, title)
    ratings: dict[tuple[int, str, int], Standing] = field(default_factory=dict)    # (scope, title, member)
    boards: dict[tuple[int, str], int] = field(default_factory=dict)               # (scope, title) -> games
    bands: dict[tuple[int, str, int], int] = field(default_factory=dict)           # (scope, title, band) -> change

    def rate(self, scope: int, board: str, member_id: int, standing: Standing) -> None:
        """A member's new rating on a board, moved from their band to its own (``bands``: the
        change of how many members each band holds, written as an addition)."""
        before = self.ratings.get((scope, board, member_id))
        if before is not None:
            self._move(scope, board, band_of(before.rating), -1)
        self._move(scope, board, band_of(standing.rating), 1)
        self.ratings[scope, board, member_id] = standing

    def _move(self, scope: int, board: str, band: int, change: int) -> None:
        key = scope, board, band
        self.bands[key] = self.bands.get(key, 0) + change

    def add(self, game: FinishedGame, seq: int) -> None:
        """Count ``game``, the ``seq``-th to finish, for its members (bots count for nobody)."""
        scope = scope_of(game.guild_id)
        for board in (ALL_TITLES, game.game_type):
            self.boards[scope, board] = self.boards.get((scope, board), 0) + 1
        for seat in game.seats:
            if seat.member_id is None:
                continue
            won = seat.seat in game.winners  # a shared win is a win for each winner
            for where in (scope, EVERYWHERE):
                record = self.records.setdefault((where, seat.member_id), Record(seat.name))
                record.name, record.last_seq = seat.name, seq
                record.streak = (max(record.streak, 0) + 1) if won else (min(record.streak, 0) - 1)
                count = self.titles.setdefault((where, seat.member_id, game.game_type), TitleCount())
                count.played, count.won, count.last_seq = count.played + 1, count.won + won, seq
            for board in (ALL_TITLES, game.game_type):
                known = self.ratings.get((scope, board, seat.member_id))
                if known is not None:  # the leaderboard names a member as their latest game did
                    known.name = seat.name
        if len(game.seats) < 2:  # a game alone ranks nobody
            return
        order = places(len(game.seats), game.winners, game.scores)
        for board in (ALL_TITLES, game.game_type):
            before = [NEWCOMER if seat.member_id is None else self.ratings.get(
                (scope, board, seat.member_id), Standing(seat.name)).rating for seat in game.seats]
            for seat, after in zip(game.seats, rate_one(before, order)):
                if seat.member_id is not None:
                    self.rate(scope, board, seat.member_id, Standing(seat.name, after))


def touched(game: FinishedGame) -> tuple[list[int], list[int], list[str]]:
    """The keys of the rows ``add`` reads for ``game``: its members, scopes and boards."""
    members = sorted({seat.member_id for seat in game.seats if seat.member_id is not None})
    return members, [scope_of(game.guild_id), EVERYWHERE], [ALL_TITLES, game.game_type]
