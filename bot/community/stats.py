"""What surrounds the games: members' statistics, a server's leaderboards, and followers.

Statistics and leaderboards count finished games only (an abandoned game counts for nobody),
per server; the store keeps them as each game finishes (``bot/store/standings.py``), with
ratings as replaying those games in the order they finished gives them (``bot/community/rating.py``). A member who follows a game they do not play gets a DM when a new turn is
posted in its thread, saying what happened there since their last one: the thread's public
lines and where the game stands, never anything private. Those DMs go through the outbox
(kind ``follow``), queued by the dispatcher as it posts the turn, so at most one goes a turn.

Plain results here; ``cogs/games.py`` words and lays them out.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.community.rating import Rating
from bot.games import registry
from bot.i18n import HOST, words
from bot.store.base import ALREADY_FOLLOWING, TOO_MANY, BoardEntry, Follower, Store
from bot.store.standings import ALL_TITLES, EVERYWHERE, scope_of
from bot.table.model import Table, TableError

#: How many games that have not ended one member may follow at once.
MOST_FOLLOWED = 10
#: How much of what happened a follower's DM repeats (the newest lines); the thread has it all.
SUMMARY_CHARS = 1500
#: How many places a leaderboard shows (the reader's own is added when further down).
PLACES_SHOWN = 15


# -- statistics -----------------------------------------------------------------------

@dataclass(frozen=True)
class TitleRecord:
    game_type: str
    played: int
    won: int


@dataclass(frozen=True)
class MemberStats:
    """A member's record over the finished games counted (one server's, or every server's)."""

    member_id: int
    name: str | None            # as their latest game knew them; None if they played none
    played: int
    won: int
    titles: list[TitleRecord]   # most played first (then most recently played)
    favourite: str | None       # the title they play most
    streak: int                 # the latest games won in a row (> 0) or lost in a row (< 0)
    rating: Rating | None  # on the server's overall leaderboard, if there
    place: int | None           # their place on it (1 is first)
    rated: int                  # how many members that leaderboard ranks (0 when not on it)


class Community:
    """What the community commands ask: statistics, leaderboards, following a game."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def member_stats(self, member_id: int, guild_id: int | None, *, everywhere: bool = False) -> MemberStats:
        return await member_stats(self.store, member_id, guild_id, everywhere=everywhere)

    async def leaderboard(self, guild_id: int, game_type: str | None = None, reader: int | None = None) -> Leaderboard:
        return await leaderboard(self.store, guild_id, game_type, reader)

    async def follow(self, table: Table, user_id: int, language: str) -> None:
        await follow(self.store, table, user_id, language)

    async def unfollow(self, game_id: int, user_id: int) -> None:
        await unfollow(self.store, game_id, user_id)


async def member_stats(store: Store, member_id: int, guild_id: int | None, *,
                       everywhere: bool = False) -> MemberStats:
    """A member's statistics on one server (or, ``everywhere``, on all of them): their record
    and their place on the server's leaderboard, as the standings keep them (a few rows by
    key and a count on the rank index, however many games were played and members rated)."""
    tally = await store.member_tally(member_id, EVERYWHERE if everywhere else scope_of(guild_id))
    found = tally.titles if tally is not None else ()
    # Most played first, then the most recently played.
    order = sorted(found, key=lambda title: (-title.played, -title.last_seq, title.game_type))
    titles = [TitleRecord(title.game_type, title.played, title.won) for title in order]
    mine = None if everywhere else await store.board_place(scope_of(guild_id), ALL_TITLES, member_id)
    return MemberStats(member_id, tally.name if tally is not None else None,
                       sum(title.played for title in titles), sum(title.won for title in titles), titles,
                       titles[0].game_type if titles else None, tally.streak if tally is not None else 0,
                       mine.entry.rating if mine else None, mine.place if mine else None,
                       mine.rated if mine else 0)


# -- leaderboards ---------------------------------------------------------------------

@dataclass(frozen=True)
class Standing:
    place: int
    member_id: int
    name: str
    rating: Rating


@dataclass(frozen=True)
class Leaderboard:
    game_type: str | None    # None: every title together
    games: int               # finished games counted
    standings: list[Standing]  # the best ``shown`` members, then the reader if further down


async def leaderboard(store: Store, guild_id: int, game_type: str | None = None, reader: int | None = None,
                      shown: int = PLACES_SHOWN) -> Leaderboard:
    """A server's best members by rating, over one title's finished games or all of them, and
    the ``reader``'s own place when it is further down, as the standings keep them: read from
    the rank index, never replayed or ranked here. Bots play in the games the ratings come
    from, but are not ranked."""
    scope, board = scope_of(guild_id), game_type or ALL_TITLES
    games, best = await store.board(scope, board, shown)
    standings = [_standing(place, entry) for place, entry in enumerate(best, 1)]
    if reader is not None and all(entry.member_id != reader for entry in best):
        own = await store.board_place(scope, board, reader)
        if own is not None:
            standings.append(_standing(own.place, own.entry))
    return Leaderboard(game_type, games, standings)


def _standing(place: int, entry: BoardEntry) -> Standing:
    return Standing(place, entry.member_id, entry.name, entry.rating)


# -- followers ------------------------------------------------------------------------

async def follow(store: Store, table: Table, user_id: int, language: str) -> None:
    """Follow ``table``'s game by DM, or a sentence saying why not."""
    if table.seat_of(user_id) is not None:
        raise TableError("You play in this game, so what happens in it reaches you already.")
    if table.record.status == "finished":
        raise TableError("This game is over, so there is nothing left to follow.")
    if table.record.status == "abandoned":
        raise TableError("This game was abandoned, so there is nothing left to follow.")
    outcome = await store.follow_game(table.id, user_id, language, most=MOST_FOLLOWED)
    if outcome == ALREADY_FOLLOWING:
        raise TableError("You follow this game already; `/game unfollow` stops it.")
    if outcome == TOO_MANY:
        raise TableError.counted(
            "You follow {count} game already, as many as one may; `/game unfollow` one first.",
            "You follow {count} games already, as many as one may; `/game unfollow` one first.",
            MOST_FOLLOWED)


async def unfollow(store: Store, game_id: int, user_id: int) -> None:
    if not await store.unfollow_game(game_id, user_id):
        raise TableError("You do not follow game #{number}.", number=game_id)


async def tell_followers(store: Store, table: Table, through: int, *, moved: bool) -> int:
    """Queue a DM for each follower of the game whose DMs have not yet covered its thread
    items up to ``through`` (the newest of a post just made), when that post begins a turn
    (``moved``: it shows a move, not a reminder) or ends the game. Returns how many."""
    ended = table.record.status in ("finished", "abandoned")
    last = ended and await store.last_thread_item(table.id) == through
    if not (moved or last):
        return 0
    followers = await store.followers_behind(table.id, through)
    if not (followers or last):
        return 0
    items = await store.thread_items(table.id, min((f.told_through for f in followers), default=through),
                                     through)
    dms = [(follower, follow_dm(table, [payload for number, payload in items if number > follower.told_through],
                                follower, last=last))
           for follower in followers]
    return await store.add_follow_dms(table.id, through, dms, last=last)


def follow_dm(table: Table, news: list[dict[str, Any]], follower: Follower, *, last: bool) -> dict[str, Any]:
    """A follower's DM (an outbox payload): the game, the thread's lines since their last DM
    (the newest, if many), and where the game stands, or how it ended."""
    said = words(HOST, follower.language)
    game = registry.game(table.record.game_type)
    lines = [line for payload in news for line in payload.get("text", "").splitlines() if line.strip()]
    kept: list[str] = []
    for line in reversed(lines):
        if sum(len(k) + 1 for k in kept) + len(line) > SUMMARY_CHARS:
            break
        kept.insert(0, line)
    if len(kept) < len(lines):
        kept.insert(0, said.tn("… ({count} earlier line in the thread)", "… ({count} earlier lines in the thread)",
                               len(lines) - len(kept)))
    text = [said.t("**{game}** #{number}:", game=game.name, number=table.id), *kept]
    latest: dict[str, Any] = next((payload for payload in reversed(news) if "status" in payload), {})
    result = latest.get("result")
    if result and result not in "\n".join(kept):
        text.append(f"🏆 {result}")
    elif latest.get("status") and not last:
        text.append(f"-# {latest['status']}")
    if last:
        text.append(said.t("The game has ended, so you follow it no more."))
    return {"user_id": follower.user_id, "language": follower.language,
            "version": max((payload.get("version", 0) for payload in news), default=table.record.version),
            "text": "\n".join(text)}
