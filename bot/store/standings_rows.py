"""The standings' rows (V14) as both stores read and write them: the statements (written with
``?``; ``numbered`` makes PostgreSQL's ``$n`` of them), a finished game's rows into a
``Standings`` and back. What a game changes in them is ``bot/store/standings.py``'s.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from bot.community.practice import rated
from bot.community.rating import Rating
from bot.store.base import BoardEntry, FinishedGame, MemberTally, TitleTally
from bot.store.standings import (
    BANDS_PER_POINT,
    Record,
    Standing,
    Standings,
    TitleCount,
    band_of,
    touched,
)

STANDINGS_TABLES = ("member_records", "member_titles", "ratings", "boards", "rank_bands")

# A finished game as ``rows.finished`` reads it, with its place in the finishing order.
FINISHED = ("SELECT g.id, g.game_type, g.guild_id, g.result, g.settings, f.finished_at, f.seq FROM finishes f"
            " JOIN games g ON g.id = f.game_id")


def ranks(row: Any) -> bool:
    """Whether a ``FINISHED`` row's game counts in the standings: a table someone learnt at
    (``/game learn``, the coach let in) counts for nobody (``bot/community/practice.py``)."""
    return rated(json.loads(row["settings"] or "{}"))


FINISHED_SEATS = ("SELECT s.game_id, s.seat, s.user_id, s.former_user_id, s.name, s.former_name"
                  " FROM seats s")


def loads(game: FinishedGame) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements that read the rows ``game`` changes: records, title counts, ratings, boards."""
    members, scopes, boards = touched(game)
    marks = ", ".join("?" for _ in members)
    board = [("SELECT scope, game_type, games FROM boards WHERE scope = ? AND game_type IN (?, ?)",
              (scopes[0], *boards))]
    if not members:
        return [("SELECT 1 WHERE 1 = 0", ())] * 3 + board
    return [
        ((f"SELECT scope, member_id, name, streak, last_seq FROM member_records"
         f" WHERE scope IN (?, ?) AND member_id IN ({marks})"), (*scopes, *members)),
        ((f"SELECT scope, member_id, game_type, played, won, last_seq FROM member_titles"
         f" WHERE scope IN (?, ?) AND game_type = ? AND member_id IN ({marks})"),
         (*scopes, game.game_type, *members)),
        ((f"SELECT scope, game_type, member_id, name, mu, sigma, games, wins FROM ratings"
         f" WHERE scope = ? AND game_type IN (?, ?) AND member_id IN ({marks})"),
         (scopes[0], *boards, *members)),
        *board,
    ]


def loaded(records: Iterable[Any], titles: Iterable[Any], ratings: Iterable[Any],
           boards: Iterable[Any]) -> Standings:
    """The rows ``loads`` read, as ``Standings``."""
    return Standings(
        {(r[0], r[1]): Record(r[2], r[3], r[4]) for r in records},
        {(r[0], r[1], r[2]): TitleCount(r[3], r[4], r[5]) for r in titles},
        {(r[0], r[1], r[2]): Standing(r[3], Rating(r[4], r[5], r[6], r[7])) for r in ratings},
        {(r[0], r[1]): r[2] for r in boards})


def writes(standings: Standings) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """Every row of ``standings`` written back (inserted, or replacing the row of its key)."""
    return [
        (("INSERT INTO member_records (scope, member_id, name, streak, last_seq) VALUES (?, ?, ?, ?, ?)"
         " ON CONFLICT (scope, member_id) DO UPDATE SET name = excluded.name,"
         " streak = excluded.streak, last_seq = excluded.last_seq"),
         [(*key, r.name, r.streak, r.last_seq) for key, r in standings.records.items()]),
        (("INSERT INTO member_titles (scope, member_id, game_type, played, won, last_seq)"
         " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (scope, member_id, game_type) DO UPDATE SET"
         " played = excluded.played, won = excluded.won, last_seq = excluded.last_seq"),
         [(*key, c.played, c.won, c.last_seq) for key, c in standings.titles.items()]),
        (("INSERT INTO ratings (scope, game_type, member_id, name, mu, sigma, games, wins)"
         " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, game_type, member_id) DO UPDATE SET"
         " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
         " wins = excluded.wins"),
         [(*key, s.name, s.rating.mu, s.rating.sigma, s.rating.games, s.rating.wins)
          for key, s in standings.ratings.items()]),
        (("INSERT INTO boards (scope, game_type, games) VALUES (?, ?, ?)"
         " ON CONFLICT (scope, game_type) DO UPDATE SET games = excluded.games"),
         [(*key, games) for key, games in standings.boards.items()]),
        (("INSERT INTO rank_bands (scope, game_type, band, members) VALUES (?, ?, ?, ?)"
         " ON CONFLICT (scope, game_type, band) DO UPDATE SET members = rank_bands.members + excluded.members"),
         [(*key, change) for key, change in standings.bands.items() if change]),
    ]


# -- what the commands read ---------------------------------------------------------------

MEMBER_RECORD = "SELECT name, streak FROM member_records WHERE scope = ? AND member_id = ?"
MEMBER_TITLES = ("SELECT game_type, played, won, last_seq FROM member_titles"
                 " WHERE scope = ? AND member_id = ?")
BOARD_GAMES = "SELECT games FROM boards WHERE scope = ? AND game_type = ?"
BOARD_RATED = "SELECT COALESCE(SUM(members), 0) FROM rank_bands WHERE scope = ? AND game_type = ?"
BOARD_ENTRY = ("SELECT member_id, name, mu, sigma, games, wins FROM ratings"
               " WHERE scope = ? AND game_type = ? AND member_id = ?")

# A leaderboard's order is ``rating.ranked``'s: the ordinal μ − 3σ, then games played, then the
# member's id as text, each database writing that text its own way (PostgreSQL byte by byte,
# as Python compares it, whatever the database's collation). The ratings' rank index (V18) is on
# these very expressions, so the top rows are read from it in order and a place is a count of
# index entries ahead, never a board ranked whole.
SQLITE_ID_TEXT = "CAST(member_id AS TEXT)"
POSTGRES_ID_TEXT = '(member_id::text COLLATE "C")'


def board_top(id_text: str) -> str:
    """A leaderboard's best ``?`` members, in order."""
    return ("SELECT member_id, name, mu, sigma, games, wins FROM ratings WHERE scope = ? AND game_type = ?"
            f" ORDER BY mu - 3 * sigma DESC, games DESC, {id_text} LIMIT ?")


def ahead_of(id_text: str) -> str:
    """How many members of a leaderboard stand ahead of one: every member of the bands above
    theirs (``standings.BANDS_PER_POINT``, kept as games end), and those of their own band ahead
    of them on the rank index (a better ordinal; the same, more games; the same, a lower id)."""
    board = "SELECT COUNT(*) FROM ratings WHERE scope = ? AND game_type = ? AND mu - 3 * sigma"
    return ("SELECT (SELECT COALESCE(SUM(members), 0) FROM rank_bands WHERE scope = ? AND game_type = ?"
            f" AND band > ?) + ({board} > ? AND mu - 3 * sigma < ?) + ({board} = ? AND games > ?)"
            f" + ({board} = ? AND games = ? AND {id_text} < ?)")


def ahead_values(scope: int, game_type: str, entry: BoardEntry) -> tuple[Any, ...]:
    """``ahead_of``'s values for a member of the board."""
    band = band_of(entry.rating)
    ordinal, games, key = entry.rating.ordinal, entry.rating.games, str(entry.member_id)
    return (scope, game_type, band, scope, game_type, ordinal, (band + 1) / BANDS_PER_POINT,
            scope, game_type, ordinal, games, scope, game_type, ordinal, games, key)


def member_tally(member_id: int, record: Any, titles: Iterable[Any]) -> MemberTally | None:
    if record is None:
        return None
    return MemberTally(member_id, record[0], record[1],
                       tuple(TitleTally(*row) for row in titles))


def board_entries(rows: Iterable[Any]) -> list[BoardEntry]:
    return [BoardEntry(r[0], r[1], Rating(r[2], r[3], r[4], r[5])) for r in rows]


def numbered(sql: str) -> str:
    """``?`` marks as PostgreSQL's ``$1``, ``$2``, …"""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)
