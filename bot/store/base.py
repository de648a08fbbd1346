"""What every store is: the records it hands around and the ``Store`` protocol, which the
SQLite store (``sqlite.py``, the embedded default) and the PostgreSQL store (``postgres.py``,
several processes sharing one database) both implement.

The table service, the delivery loops and the community figures are typed against this
protocol, never against one store; what the two stores share in code is in ``rows.py``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.community.rating import Rating
from bot.store.shards import Lease, Shards
from bot.table.notify import NotifySettings

#: How long a sent outbox item is kept before ``prune_sent`` deletes it: far beyond Discord's
#: nonce window (minutes), so ids SQLite reuses after a deletion never make a nonce it remembers.
SENT_KEPT_SECONDS = 3600.0
#: A running game's state is kept every this many moves (V14 ``snapshots``), so any move is
#: rebuilt from at most this many actions (``/game history``, ``/game board move:N``).
SNAPSHOT_EVERY = 10
#: A kept state whose next action is a take-back (``undo``) is passed over: the state before
#: the move it takes back is not there to restore (``s``: the snapshot's row). The take-back
#: keeps that state instead, at the move before (``rows.kept_move``), so none is passed over
#: without another kept at most one move before it.
NOT_TAKEN_BACK = ("NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = s.game_id"
                  " AND a.move = s.move + 1 AND a.action = 'undo')")
#: The migrations the standings are made from: the finishing order (V11) and their tables
#: (V14). When either is applied, the standings are made afresh from the games finished so
#: far, in the same transaction, whichever came first (work merged out of order).
STANDINGS_FROM = frozenset({11, 14})
#: What ``follow_game`` did.
FOLLOWING, ALREADY_FOLLOWING, TOO_MANY = "following", "already", "too many"


@dataclass(frozen=True)
class GameRecord:
    id: int
    game_type: str
    status: str
    options: dict[str, Any]
    seed: int
    state: dict[str, Any] | None
    version: int
    seat_epochs: dict[int, int]
    host_id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    result: dict[str, Any] | None
    seat_asked: dict[int, float] = field(default_factory=dict)  # seat -> when its decision was put
    settings: dict[str, Any] = field(default_factory=dict)  # the host's, e.g. the turn clock
    seats_version: int = 0  # changes to its seats that were no move (a hand-over)
    held: str | None = None  # why its thread posts are held (a locked thread, a lost permission)


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    user_id: int | None
    name: str
    is_bot: bool
    dm_ok: bool
    timeouts: int = 0                  # turn clocks run out in a row
    former_user_id: int | None = None  # who held the seat before a bot took it (for /game rejoin)
    former_name: str | None = None
    take_backs: int = 0                # moves of this seat taken back in this game (V17)


@dataclass(frozen=True)
class Caps:
    """The most games one member may open, and one channel hold, at once (``create_game``,
    ``start_game``): lobbies a member hosts, lobbies waiting in a channel, and running games a
    member hosts on one server."""

    lobbies_hosted: int
    lobbies_in_channel: int
    running_hosted: int


#: Which cap a ``Crowded`` refusal reached.
LOBBIES_HOSTED, LOBBIES_IN_CHANNEL, RUNNING_HOSTED = "lobbies hosted", "lobbies in channel", "running hosted"


class Crowded(Exception):
    """A cap of ``Caps`` was reached where a game is opened or started: nothing was written.
    ``cap`` says which, ``count`` how many there are already."""

    def __init__(self, cap: str, count: int) -> None:
        super().__init__(f"{count} {cap}")
        self.cap = cap
        self.count = count


def crowded(caps: Caps, lobbies: int, in_channel: int | None, running: int | None) -> Crowded | None:
    """The cap a new lobby would break, given what the member hosts and the channel holds
    (None: the channel, or the server, is not counted); None when there is room."""
    if running is not None and running >= caps.running_hosted:
        return Crowded(RUNNING_HOSTED, running)
    if lobbies >= caps.lobbies_hosted:
        return Crowded(LOBBIES_HOSTED, lobbies)
    if in_channel is not None and in_channel >= caps.lobbies_in_channel:
        return Crowded(LOBBIES_IN_CHANNEL, in_channel)
    return None


@dataclass(frozen=True)
class OutboxItem:
    id: int
    game_id: int
    kind: str
    payload: dict[str, Any]
    attempts: int
    last_error: str | None = None
    parked_at: float | None = None


@dataclass(frozen=True)
class PostRecord:
    """A message the dispatcher put on Discord for a game (see V7__posts.sql)."""

    id: int
    game_id: int
    seat: int | None  # None: in the thread; else the DM of this seat
    channel_id: int
    message_id: int
    parts: int
    version: int
    live: bool
    run: dict[str, Any]


@dataclass(frozen=True)
class FinishedSeat:
    seat: int
    member_id: int | None  # None: a bot played it from the start
    name: str              # as the game knew the member (or the bot)


@dataclass(frozen=True)
class FinishedGame:
    """A finished game with its result, as statistics read it."""

    id: int
    game_type: str
    guild_id: int | None
    finished_at: float
    seats: tuple[FinishedSeat, ...]
    winners: tuple[int, ...]
    scores: dict[int, Any]


@dataclass(frozen=True)
class TitleTally:
    """A member's games of one title in a scope (V14: ``member_titles``)."""

    game_type: str
    played: int
    won: int
    last_seq: int  # when the latest of them finished (``finishes.seq``)


@dataclass(frozen=True)
class MemberTally:
    """A member's record in a scope (a server, or every server), as the standings keep it."""

    member_id: int
    name: str            # as their latest game knew them
    streak: int          # > 0: the latest games won in a row; < 0: lost in a row
    titles: tuple[TitleTally, ...]


@dataclass(frozen=True)
class BoardEntry:
    """A member on a leaderboard (in ``rating.ranked``'s order where a list of them is)."""

    member_id: int
    name: str            # as their latest game on this board knew them
    rating: Rating


@dataclass(frozen=True)
class BoardPlace:
    """A member's place on a leaderboard (``Store.board_place``)."""

    place: int           # 1 is first
    rated: int           # how many members the board rates
    entry: BoardEntry


@dataclass(frozen=True)
class Checkpoint:
    """What rebuilds a game from near a move (``Store.checkpoint``)."""

    moves: int                      # how many moves the game's log has
    base: int                       # the moves ``state`` is after
    state: dict[str, Any] | None    # None: none kept, rebuild from the deal (``base`` 0)
    tail: list[tuple[int, str]]     # the log's moves after ``base``, as (seat, action)


@dataclass(frozen=True)
class Follower:
    user_id: int
    language: str
    told_through: int  # the game's last thread item their DMs have covered


@dataclass(frozen=True)
class DeferredClick:
    """A click answered before its move was committed, recorded before it was answered
    (``cogs/clicks.py``; the click journal, ``bot/store/clicks.py``)."""

    interaction_id: int
    token: str            # the interaction's, for a follow-up (Discord takes them for 15 minutes)
    game_id: int
    user_id: int
    version: int          # what the clicked control was drawn at (0: a lobby's)
    holder: str           # the process that took it (``bot/delivery/leases.py``)
    created_at: float
    place: str = "thread"  # where it was clicked: "thread" (a post), "private" (a DM, the panel)
    answered: bool = False  # Discord had its answer (False: it may not have, if the process stopped)


@dataclass(frozen=True)
class Vitals:
    """How the work of a process's games stands (``Store.vitals``), for /healthz and /metrics."""

    outbox: int                      # items to deliver (not sent, not parked)
    oldest_at: float | None          # when the oldest of them was queued
    next_attempt_at: float | None    # the furthest any of them waits out a backoff until
    parked: int                      # items given up on, for the operator
    timers_due: int                  # countdowns (or clock warnings) whose time has come
    bot_waiting_since: float | None = None  # the last move of the game longest waiting on a bot


class Store(Protocol):
    """Games, seats, the action log, the outbox, countdowns, posts, members' settings,
    leases and finished games. Every method is one round trip to the database and one
    transaction where it writes: a move (``commit``) is wholly durable or not there."""

    async def close(self) -> None: ...

    def transaction(self) -> AbstractAsyncContextManager[Any]: ...

    async def migrate(self) -> int:
        """Apply every numbered migration not yet applied; return the schema version."""
        ...

    async def game(self, game_id: int) -> GameRecord | None: ...

    async def game_in_thread(self, thread_id: int) -> GameRecord | None: ...

    async def games_with_status(self, *statuses: str) -> list[GameRecord]: ...

    async def open_lobbies(self, host_id: int, channel_id: int | None) -> tuple[int, int]:
        """How many lobbies (games not started) ``host_id`` hosts, and how many wait in
        ``channel_id``: one indexed read, however many games the database holds."""
        ...

    async def running_hosted(self, host_id: int, guild_id: int) -> int:
        """How many running games ``host_id`` hosts on the server ``guild_id`` (indexed)."""
        ...

    async def running_game_ids(self, shards: Shards | None = None) -> list[int]:
        """The ids of the running games (not their states: a start resumes them one by one),
        of the ``shards`` given (every game's by default)."""
        ...

    async def seats(self, game_id: int) -> list[SeatRecord]: ...

    async def actions(self, game_id: int, until: int | None = None) -> list[tuple[int, str]]:
        """A game's action log as (seat, action); with ``until``, the moves up to that version."""
        ...

    async def checkpoint(self, game_id: int, start: int, until: int) -> Checkpoint:
        """The state kept (``snapshots``) nearest at or before move ``start`` of a game, and
        its log's moves after it through ``until``: a move is rebuilt from at most
        ``SNAPSHOT_EVERY`` actions (games begun before V14 keep none: from the deal)."""
        ...

    async def public_log(self, game_id: int, limit: int = 25) -> list[str]:
        """The latest public lines of a game, oldest first (what its thread was told)."""
        ...

    async def unsent(self, now: float | None = None, limit: int = 200,
                     shards: Shards | None = None, *, games: int | None = None,
                     besides: Iterable[int] = ()) -> list[OutboxItem]:
        """The items due for delivery, oldest first: neither sent nor parked, not waiting out
        a backoff, and not behind an earlier item of their game that is (a game keeps its order);
        of the games of ``shards`` (every game's by default), but not of ``besides``. With
        ``games``, only the items of that many games, those whose first due item is oldest:
        a dispatcher with room for a few games reads (and parses) no other game's backlog."""
        ...

    async def vitals(self, now: float, shards: Shards | None = None) -> Vitals:
        """The outbox and the countdowns of the games of ``shards`` (every game's by default)
        at ``now``, in one read: never behind a transaction's lock."""
        ...

    async def parked(self) -> list[OutboxItem]:
        """The items given up on, by game, for the operator (``python -m bot outbox``)."""
        ...

    async def create_game(
        self, game_type: str, options: dict[str, Any], seed: int, host_id: int,
        guild_id: int | None, channel_id: int | None, settings: dict[str, Any] | None = None,
        caps: Caps | None = None,
    ) -> int:
        """Open a lobby; its id. With ``caps``, only if the host and the channel are within
        them, counted in the same transaction as the lobby is made (``Crowded`` if not): of
        several opened at once, no more than the caps allow are made. The channel is counted
        when there is one, running games when the lobby is on a server."""
        ...

    async def set_places(self, game_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None) -> None: ...

    async def game_with_seats(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]] | None:
        """A game and its seats as of one moment: read between this process's transactions,
        never halfway through one (a lobby change replaces every seat; a read in between
        would find the lobby empty or half filled)."""
        ...

    async def set_seats(self, game_id: int, seats: Iterable[SeatRecord], *,
                        expected: Iterable[SeatRecord]) -> bool:
        """Replace a lobby's seats (joins, leaves and bots renumber them), only if the game
        is still a lobby seated as ``expected``, the seats the change was worked out from."""
        ...

    async def start_game(
        self, game_id: int, seats: Iterable[SeatRecord], *, state: dict[str, Any],
        seat_epochs: dict[int, int], seat_asked: dict[int, float],
        timers: Iterable[tuple[str, float, float | None]], outbox: Iterable[tuple[str, dict[str, Any]]],
        options: dict[str, Any] | None = None, most_running: int | None = None,
    ) -> bool:
        """The lobby becomes the dealt game (version 1) with its countdowns and first
        notifications, all at once, only if it is still a lobby seated exactly as ``seats``,
        the seats the game was dealt for: a seat the deal has no place for cannot slip in.
        ``options``: the game's options as dealt, when the deal added to them (each seat's
        language), so the log replays from them. ``most_running``: a game on a server starts
        only while its host runs fewer there, counted in the same transaction (``Crowded``
        if not)."""
        ...

    async def hand_seat_to_bot(self, game_id: int, seat: int, name: str,
                               note: tuple[str, dict[str, Any]]) -> bool:
        """A running game's human seat becomes a bot seat, with a note to the table, at once."""
        ...

    async def set_dm_ok(self, game_id: int, seat: int, ok: bool) -> bool:
        """Record whether a seat's DMs work; True only for the caller that changed it, so
        of two that find DMs closed at once, exactly one tells the table."""
        ...

    async def commit(
        self, game_id: int, expected_version: int, *, status: str, state: dict[str, Any] | None,
        seat_epochs: dict[int, int] | None = None, result: dict[str, Any] | None = None,
        action: tuple[int, str, int | None] | None = None,
        outbox: Iterable[tuple[str, dict[str, Any]]] = (),
        seat_asked: dict[int, float] | None = None,
        timers: Iterable[tuple[str, float, float | None]] | None = None,
        fired: str | None = None,
        timeouts: dict[int, int] | None = None,
        seats_version: int | None = None,
    ) -> bool:
        """Write a new version of a game, its action and notifications — all or nothing. A
        state is kept with it where ``rows.kept_move`` says, and a take-back (``undo``) counts
        against its seat (``SeatRecord.take_backs``)."""
        ...

    async def idle_games(self, updated_before: float, shards: Shards | None = None) -> list[int]:
        """The ids of the running games that have not moved since ``updated_before`` nor been
        reminded since (of ``shards``: every game's by default). Ids only: a reminder reads its
        game when it is made, so thousands of idle games are never held at once."""
        ...

    async def add_reminder(self, game_id: int, version: int, payload: dict[str, Any]) -> bool:
        """Queue a reminder for ``version`` of a game, unless it moved or was reminded already."""
        ...

    async def mark_sent(self, ids: Iterable[int]) -> None: ...

    async def prune_sent(self, before: float) -> int:
        """Delete the items sent before ``before`` (the dispatcher keeps them
        ``SENT_KEPT_SECONDS``); returns how many went. Parked and unsent items stay, and so
        do thread items a follower of the game has not been told yet (bot/community/stats.py)."""
        ...

    async def mark_failed(self, ids: Iterable[int], *, error: str, next_attempt_at: float) -> None:
        """Count a failed attempt; the items (and their game's later ones) wait till ``next_attempt_at``."""
        ...

    async def retry_now(self, ids: Iterable[int], now: float) -> None:
        """Make items waiting out a backoff due at once (the destination answers again)."""
        ...

    async def park(self, game_id: int, ids: Iterable[int], *, error: str, now: float) -> bool:
        """Give up on items after a failed attempt, so their game's later items flow again.
        True when the game had nothing parked before: its table is told once, not per item."""
        ...

    async def unpark(self, ids: Iterable[int] | None = None) -> int:
        """Parked items (all with ``None``) go back in the queue with a fresh schedule; returns how many."""
        ...

    async def timers(self, game_id: int) -> dict[str, tuple[float, float | None]]:
        """A game's running countdowns: key -> (due, warn at)."""
        ...

    async def due_timers(self, now: float, limit: int = 100,
                         shards: Shards | None = None) -> list[tuple[int, str, float, bool]]:
        """Countdowns whose time or warning time has come: (game, key, due, is a warning),
        of the games of ``shards`` (every game's by default)."""
        ...

    async def next_timer(self, shards: Shards | None = None) -> float | None:
        """When the next countdown of a running game (of ``shards``) is due (or warns)."""
        ...

    async def claim_warning(self, game_id: int, key: str, payload: dict[str, Any]) -> bool:
        """Give a turn clock's warning once: clear its time and queue it, together."""
        ...

    async def drop_timer(self, game_id: int, key: str) -> None:
        """Forget a countdown that no longer applies (its decision was made another way)."""
        ...

    async def reclaim_seat(self, game_id: int, seat: int, user_id: int, name: str,
                           note: tuple[str, dict[str, Any]]) -> bool:
        """A player takes back the seat a bot took over from them, with a note to the table."""
        ...

    async def renew_leases(self, shard_count: int,
                           decide: Callable[[dict[int, Lease], float], Iterable[Lease]],
                           *, now: float | None = None) -> None:
        """Read the leases of a ``shard_count`` split, let ``decide`` say which to write, and
        write them, with no other process's renewal in between (SQLite: one writer at a time).
        ``decide`` is given the leases found and the time by the database's clock (seconds
        since the epoch), which every process sharing it agrees on; ``now`` replaces it."""
        ...

    async def listen(self, wake: Callable[[], None]) -> None:
        """Call ``wake`` when another process queues outbox items. SQLite has one process,
        whose own commits wake its dispatcher directly, so there is nothing to listen to."""
        ...

    async def meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str) -> None: ...

    async def first_meta(self, key: str, value: str) -> str:
        """The value kept under ``key``, keeping ``value`` there first if none is: whichever
        of several processes asks first sets it, and every one reads the same."""
        ...

    async def movers(self, game_id: int, moves: Iterable[int]) -> dict[int, tuple[int, int | None]]:
        """Who made each of these moves (a version is the move that produced it): move ->
        (seat, user id; None for a bot, a deadline or a clock run out)."""
        ...

    async def turn_post(self, game_id: int) -> PostRecord | None:
        """The game's newest thread post: the one an edit would change."""
        ...

    async def live_posts(self, game_id: int) -> list[PostRecord]:
        """The game's messages (thread and DMs) that still carry controls, oldest first."""
        ...

    async def save_post(self, game_id: int, *, seat: int | None, channel_id: int, message_id: int,
                        parts: int, version: int, live: bool, run: dict[str, Any],
                        post_id: int | None = None, sent: Iterable[int] = ()) -> int:
        """Remember a message just posted (or, with ``post_id``, what an edit made of it) and
        mark the outbox items it delivered sent, together: a crash leaves both undone, and
        the items' second delivery finds the same message (by its nonce) or edits it again."""
        ...

    async def update_posts(self, post_ids: Iterable[int], *, live: bool | None = None,
                           version: int | None = None, run: dict[str, Any] | None = None) -> None:
        """Controls taken off (``live=False``), redrawn at ``version``, or a post's run closed."""
        ...

    async def notify_settings(self, user_ids: Iterable[int]) -> dict[int, NotifySettings]:
        """The settings of those members who set any (others take the defaults)."""
        ...

    async def set_notify_settings(self, user_id: int, settings: NotifySettings) -> None: ...

    async def member_languages(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The language each of these members' Discord client was last seen in (if ever)."""
        ...

    async def set_member_language(self, user_id: int, language: str) -> None: ...

    async def action_at(self, game_id: int, move: int) -> tuple[int, str, int | None] | None:
        """The action that made version ``move`` of a game: (seat, action, user id)."""
        ...

    async def hold_ping(self, game_id: int, key: str, until: float) -> None:
        """Keep a ping for when a member's quiet hours end (once per key)."""
        ...

    async def claim_timer(self, game_id: int, key: str, payload: dict[str, Any]) -> bool:
        """Fire a countdown that only posts: forget it and queue its post, together, once."""
        ...

    async def finished_games(self, guild_id: int | None = None, *, everywhere: bool = False,
                             game_type: str | None = None) -> list[FinishedGame]:
        """A server's finished games (every server's with ``everywhere``), of one title if
        given, in the order they finished. Abandoned games never finish, so they are not here."""
        ...

    async def member_tally(self, member_id: int, scope: int) -> MemberTally | None:
        """A member's record in ``scope`` (``bot/store/standings.py``), read by its key:
        None when they finished no game there. Never waits on a move."""
        ...

    async def board(self, scope: int, game_type: str, top: int) -> tuple[int, list[BoardEntry]]:
        """A leaderboard as kept (``game_type`` "" for every title): the finished games it
        counts, and its ``top`` best members, read in order from the ratings' rank index (V18).
        Never waits on a move."""
        ...

    async def board_place(self, scope: int, game_type: str, member_id: int) -> BoardPlace | None:
        """A member's place on a leaderboard, counted on the rank index, with how many members
        it rates; None when it does not rate them. Never waits on a move, nor holds one up."""
        ...

    async def follow_game(self, game_id: int, user_id: int, language: str, *, most: int) -> str:
        """Follow a game: FOLLOWING, or ALREADY_FOLLOWING, or TOO_MANY when the member already
        follows ``most`` games that have not ended. Their first DM tells what happens from now."""
        ...

    async def unfollow_game(self, game_id: int, user_id: int) -> bool:
        """Stop following; False when the member did not follow the game."""
        ...

    async def followed_games(self, user_id: int) -> list[int]:
        """The games a member follows that have not ended, oldest first."""
        ...

    async def followers_behind(self, game_id: int, through: int) -> list[Follower]:
        """The game's followers whose DMs have not covered its thread items up to ``through``,
        leaving out any who now hold a seat in it (a player hears from the game anyway)."""
        ...

    async def thread_items(self, game_id: int, after: int, through: int) -> list[tuple[int, dict[str, Any]]]:
        """The game's thread items after outbox id ``after`` up to ``through``: (id, payload)."""
        ...

    async def last_thread_item(self, game_id: int) -> int: ...

    async def add_follow_dms(self, game_id: int, through: int,
                             dms: Iterable[tuple[Follower, dict[str, Any]]], *, last: bool) -> int:
        """Queue followers' DMs covering the game's thread items up to ``through``, each only if
        no other delivery covered them first; ``last``: the game has ended, so it is followed
        no more. Returns how many were queued."""
        ...

    async def defer_click(self, click: DeferredClick) -> None:
        """Record a click about to be answered before its move is committed (until
        ``forget_click``), durably and without waiting behind any move's write (the click
        journal, ``bot/store/clicks.py``)."""
        ...

    async def click_answered(self, interaction_id: int) -> None:
        """Note that Discord has the recorded click's answer (a follow-up may go to it)."""
        ...

    async def forget_click(self, interaction_id: int) -> None:
        """The click's move was committed or refused: nothing to tell after a restart."""
        ...

    async def click_holders(self) -> set[str]:
        """The processes that recorded the clicks still kept."""
        ...

    async def claim_clicks(self, holders: Iterable[str], before: float) -> list[DeferredClick]:
        """The clicks of ``holders`` recorded before ``before``, oldest first, removed as they
        are read, so one process alone tells each member."""
        ...

    async def queue_notes(self, game_id: int, items: Iterable[tuple[str, dict[str, Any]]]) -> None:
        """Queue outbox items that come of no move (a lost click's word), in the game's order."""
        ...

    async def set_timer(self, game_id: int, key: str, due_at: float) -> None:
        """Start a countdown due at ``due_at``, or move a running one's time there (the next
        move's commit ends it, as it ends any countdown its plan no longer lists)."""
        ...

    async def hold_game(self, game_id: int, reason: str, now: float) -> bool:
        """Hold the game's thread posts (``reason``: Discord's refusal) and stop its countdowns
        from ``now``; True only for the call that held it, so the table is told once."""
        ...

    async def resume_game(self, game_id: int, now: float) -> int:
        """Stop holding the game's posts, move its countdowns on by the time it was held, and
        put its parked items back in the queue; returns how many."""
        ...

    async def seated_games(self, guild_id: int, user_id: int) -> list[int]:
        """The lobbies and running games of a server where a member holds a seat."""
        ...
