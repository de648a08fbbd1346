"""The table service: lobby → game → result, and the one pipeline every move takes.

Whoever makes a move — a slash command, a button, a bot seat — it goes through
``Tables.act``: load the game, check the user holds a pending seat, apply the
rules, then write state + action + notifications in one transaction guarded by
the game's version. Notifications wait in the outbox until the dispatcher
(``bot/delivery/dispatcher.py``) has delivered them, so a crash between the commit and the
post loses nothing.

A move costs one round trip to the store, its transaction, when this process made
the game's last move: what a move wrote is known, so the table after it is kept in
memory (for the bots' answers, for the caller, for the next move) rather than read
back. A move decided on it commits only if the game's version and its seats' version
are still the ones it was decided on; otherwise (another process moved, a seat
changed hands) it is decided again on the game read afresh: two round trips, the
cost of every move this process did not make the game's last.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from bot import steps
from bot.community.stats import Community
from bot.engine import (
    SYSTEM_SEAT,
    Choice,
    EngineRefusal,
    Event,
    IllegalMove,
    deadlines,
    offered,
    play,
    rng_for,
)
from bot.games import registry
from bot.i18n import HOST, words
from bot.store.base import Caps, Checkpoint, Store
from bot.store.shards import Shards
from bot.table import clock as timers
from bot.table.history import summarises
from bot.table.model import Member, StaleMove, Table, TableError, no_more_moves
from bot.table.notices import (
    SEAT_TOKEN,
    Moments,
    Notifications,
    Remembered,
    choice_payload,
    name_seats,
    put_to,
)
from bot.table.notify import NotifySettings
from bot.table.seating import BOT_NAMES, CAPS, Seating
from bot.table.take_back import TakeBacks, undoable
from bot.table.thinking import Thinking, is_strong

log = logging.getLogger(__name__)

#: Games whose table as last written here, and its choices, are remembered between moves
#: (bot/table/notices.py, Remembered).
REMEMBERED_GAMES = 64

#: How long a member's language written by this process is taken to be the one stored.
LANGUAGE_TRUSTED_SECONDS = 600.0

__all__ = ["BOT_NAMES", "SEAT_TOKEN", "Member", "StaleMove", "Table", "TableError", "Tables", "choice_payload", "name_seats"]


@dataclass(frozen=True)
class Moved(Table):
    """The table after a move, with what that move told the mover privately (seats named):
    a caller answering in place shows it in the message clicked, as no DM carries it."""

    told: str = ""
    #: The mover may take this move back now (``bot/table/take_back.py``): the Undo button on
    #: the private message a move answered in place refreshes (False for any other move).
    undoable: bool = False


class Tables(Seating, Notifications, TakeBacks):
    """The table service. Seats and the lobby are in ``bot/table/seating.py``, what a move
    tells whom in ``bot/table/notices.py``, taking a move back in ``bot/table/take_back.py``;
    here is the one path every move takes."""

    def __init__(self, store: Store, *, notify: Callable[[], None] | None = None,
                 seed_source: Callable[[], int] | None = None, autoplay_bots: bool = True,
                 clock: Callable[[], float] = time.time, moments: Moments | None = None,
                 shards: Callable[[], Shards | None] = lambda: None,
                 on_move: Callable[[str, float], None] | None = None,
                 thinking: Thinking | None = None, caps: Caps | None = CAPS) -> None:
        self.store = store
        # The most lobbies and running games a member hosts, and lobbies a channel holds
        # (bot/table/seating.py); None, none: for a tool or a test that opens many games at once.
        self.caps = caps
        # Bot seats' moves: strong ones in a worker, as many at once as the host allows
        # (none unless told: every bot then plays at the normal level).
        self.thinking = thinking or Thinking()
        # Statistics, leaderboards and followers, over the same store.
        self.community = Community(store)
        # Told of every move committed here (its title, and the seconds it took to decide
        # and commit): the bot's figures (bot/watch/metrics.py).
        self._on_move = on_move or (lambda game_type, seconds: None)
        # The games this process looks after (bot/delivery/leases.py): their bots on resuming, their
        # countdowns and reminders. None: every game. Moves are taken for any game.
        self.shards = shards
        # The states this process commits, for its dispatcher to draw from (bot/delivery/dispatcher.py).
        self.moments = moments if moments is not None else Moments()
        self.clock = clock  # dates decisions and countdowns; tests turn it by hand
        self.autoplay_bots = autoplay_bots  # the demo steps bots itself, to show every move
        # A game's web page (bot/web), when the bot serves them: its address, for the first post.
        self.page_link: Callable[[int], str] | None = None
        self._notify = notify or (lambda: None)
        self._seed_source = seed_source or (lambda: random.SystemRandom().randrange(2**31))
        # member -> (language last remembered here, when): saves a write per interaction.
        self._languages: dict[int, tuple[str, float]] = {}
        # Per game, the table as its last move made here left it, and the rules remembering
        # that state's choices: where its next move starts (few games: those moving now).
        self._latest: OrderedDict[int, tuple[Table, Remembered]] = OrderedDict()
        # Per game, the task making its strong bots' moves beside whoever asked for them
        # (``_answer_later``), and the games asked to look again (paced or not) while it runs.
        self._answering: dict[int, asyncio.Task[None]] = {}
        self._asked: dict[int, bool] = {}

    # -- languages ---------------------------------------------------------

    async def remember_language(self, user_id: int, language: str) -> None:
        """Keep the language of a member's Discord client (from each interaction), so what is
        sent to them later (a DM from the outbox, their seat's language at a start) follows it."""
        now = self.clock()
        known = self._languages.get(user_id)
        # Written again once the remembered one is old: another process may have written
        # another language since (the member's client changed between the two).
        if known is None or known[0] != language or now - known[1] >= LANGUAGE_TRUSTED_SECONDS:
            await self.store.set_member_language(user_id, language)
            self._languages[user_id] = (language, now)

    @staticmethod
    def reader_language(table: Table, language: str) -> str:
        """What a member whose client speaks ``language`` reads about ``table`` in private
        (ephemeral answers): their language when the game speaks it, else the table's, so
        an English-only game stays English for everyone."""
        spoken = getattr(registry.game(table.record.game_type), "languages", ())
        return language if language in spoken else table.language

    # -- what the cogs ask besides moves -------------------------------------

    async def set_places(self, game_id: int, *, thread_id: int | None = None,
                         lobby_message_id: int | None = None) -> None:
        """Where the game lives on Discord: its thread and its lobby message."""
        await self.store.set_places(game_id, thread_id=thread_id, lobby_message_id=lobby_message_id)

    async def log(self, game_id: int, until: int | None = None) -> list[tuple[int, str]]:
        """The game's moves as (seat, action), up to version ``until`` if given."""
        return await self.store.actions(game_id, until)

    async def checkpoint(self, game_id: int, start: int, until: int) -> Checkpoint:
        """What rebuilds the game near move ``start`` through ``until`` (``Store.checkpoint``)."""
        return await self.store.checkpoint(game_id, start, until)

    async def countdowns(self, game_id: int) -> dict[str, tuple[float, float | None]]:
        """The game's running countdowns: key -> (when due, when its warning is)."""
        return await self.store.timers(game_id)

    async def dms_closed(self, game_id: int, seat: int) -> bool:
        """Record that the seat's member takes no DMs; True if this is news."""
        return await self.store.set_dm_ok(game_id, seat, False)

    async def notify_settings(self, user_id: int) -> NotifySettings:
        """How the member hears it is their move (the defaults until they say)."""
        return (await self.store.notify_settings([user_id])).get(user_id, NotifySettings())

    async def set_notify_settings(self, user_id: int, settings: NotifySettings) -> None:
        await self.store.set_notify_settings(user_id, settings)

    # -- reading -----------------------------------------------------------

    async def table(self, game_id: int) -> Table:
        """The game and its seats as of one moment: never read halfway through another
        coroutine's transaction on the shared connection (a move, a lobby change)."""
        found = await self.store.game_with_seats(game_id)
        if found is None:
            raise TableError("There is no game #{game}.", game=game_id)
        return Table(*found)

    async def table_in_thread(self, thread_id: int | None) -> Table:
        record = await self.store.game_in_thread(thread_id) if thread_id is not None else None
        if record is None:
            raise TableError("There is no game in this thread. Start one with `/game new`.")
        return await self.table(record.id)

    async def resume(self, shards: Shards | None = None) -> int:
        """Let the bots move that were due when the process stopped, one game at a time
        (only the ids of the running games are read up front, so memory stays flat however
        many there are); returns how many moves they made. Run in the background at start,
        and for the games of shards taken over from a process that stopped (``shards``)."""
        moves = 0
        running = await self.store.running_game_ids(shards or self.shards())
        log.info("resuming %d running game(s)", len(running))
        for game_id in running:
            try:
                moves += await self.bots_answer(game_id)
            except Exception:  # one game's trouble never keeps another's bots waiting
                log.exception("resuming game %s failed", game_id)
        return moves

    # -- play --------------------------------------------------------------

    async def act(self, game_id: int, member: Member, action: str, *, version: int | None = None,
                  in_place: bool = False) -> Moved:
        """Make ``action`` for the seat ``member`` holds; bots answer after it.

        ``version`` is the game version the user saw (a button carries it): when
        the user's own choices have changed since, the move is refused as stale.
        ``in_place``: the caller shows the player what the move told them
        (``Moved.told``) and their next choices itself (it refreshes the private
        message they clicked), so neither is sent by DM.
        """
        decided = None
        latest = self._latest_table(game_id)
        if latest is not None:
            # Decided without reading the game again; refused or beaten (another process
            # moved, a seat changed hands), the move is decided afresh on the game as it is.
            with contextlib.suppress(TableError):
                decided = await self._decide(latest, member, action, version, in_place)
        if decided is None:
            decided = await self._decide(await self._running(game_id), member, action, version, in_place)
        told, after, undoable = decided
        moved_at = after.record.version
        later = False
        if self.autoplay_bots:
            _, after, later = await self._run_bots(game_id, after)
        # Woken once the normal bots have answered, the dispatcher posts the move and their
        # replies together, instead of half a turn at a time. Strong bots think for seconds:
        # the move is shown now, and their replies come as the next post.
        self._notify()
        # (No Undo for a move a strong bot is about to answer: it would be refused in a moment.)
        return Moved(after.record, after.seats, told,
                     undoable and not later and after.record.version == moved_at)

    async def _decide(self, table: Table, member: Member, action: str, version: int | None,
                      in_place: bool) -> tuple[str, Table, bool]:
        """``act``'s move on ``table`` (the game as read, or as last written here), committed."""
        game_id = table.id
        seat = table.seat_of(member.id)
        if seat is None:
            raise TableError("You are not playing in this game, so you cannot move for a seat in it.")
        game = registry.game(table.record.game_type)
        state = table.state
        if version is not None and version < table.record.seat_epochs.get(seat, 0):
            await self._refuse_a_repeat(game_id, version, member, action)
            raise StaleMove("That button is from an earlier moment of this game and no longer applies. "
                            "Now: {now} Here is what you can do now:", game_id,
                            now=name_seats(game.status(state), table.names()))
        if seat not in game.pending(state) and not game.legal(state, seat):
            raise TableError("It is not your turn. Now: {now}", now=name_seats(game.status(state), table.names()))
        try:
            told, after = await self._apply(table, seat, action, user_id=member.id, in_place=in_place,
                                            timeouts={seat: 0} if table.seats[seat].timeouts else None)
        except StaleMove:
            await self._refuse_a_repeat(game_id, table.record.version, member, action)
            raise
        # Asked only for a move answered in place: its confirmation is where an Undo button goes.
        return told, after, in_place and undoable(table, seat, action, after)

    async def _refuse_a_repeat(self, game_id: int, seen: int, member: Member, action: str) -> None:
        """A double click: the one move since the version the click saw is this member's
        own same move. Say so, rather than that someone else moved first."""
        now = await self.table(game_id)
        if now.record.version == seen + 1 and await self.store.action_at(game_id, seen + 1) == (
                now.seat_of(member.id), action, member.id):
            raise StaleMove("You made that move a moment ago (a double click?); it counts once. "
                            "Here is what you can do now:", game_id)

    async def run_bots(self, game_id: int, limit: int = 10_000) -> int:
        """Let bot seats move while any is pending, up to ``limit`` moves, a game only bots
        play included (its caller asked for those moves, and waits for them, strong ones
        too: the demo, a bench); returns how many."""
        moves, _, _ = await self._run_bots(game_id, None, limit, wait=True)
        return moves

    async def bots_answer(self, game_id: int) -> int:
        """The bots' moves after a change of hands, a run-out or a restart: as ``run_bots``,
        but a game only bots play is paced (``clock.BOTS_KEY``): one move, which starts its
        countdown, or none while that countdown runs; and from a strong bot's turn on, the
        moves are made in the background (``_answer_later``). Returns how many were made here."""
        moves, _, _ = await self._run_bots(game_id, None, paced=True)
        return moves

    async def bots_reply(self, game_id: int) -> int:
        """The bots' answers to a member's step that is no move of theirs (a start, a take-back),
        as to a move (``act``): normal bots at once, strong ones thinking in the background, so
        the member is answered meanwhile. Returns how many moves were made here."""
        moves, _, _ = await self._run_bots(game_id, None)
        return moves

    async def bots_settled(self) -> None:
        """Wait until no bot of this process is thinking in the background (tests)."""
        while tasks := [task for task in self._answering.values() if not task.done()]:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def stop_answering(self) -> None:
        """Stop the bots thinking in the background (the process is closing): their moves
        are made by whichever process resumes the game (``resume``), as after a crash."""
        tasks = list(self._answering.values())
        self._asked.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _answer_later(self, game_id: int, *, paced: bool) -> None:
        """Have the game's bots move in a task of their own, one at a time per game: a task
        already at it looks at the game again when done, so a move asked for while it
        finishes is not missed."""
        self._asked[game_id] = self._asked.get(game_id, True) and paced
        task = self._answering.get(game_id)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._answer(game_id),
                                                          name=f"bots of game {game_id}")
            self._answering[game_id] = task
            task.add_done_callback(partial(self._answered, game_id))

    def _answered(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._answering.get(game_id) is task:
            del self._answering[game_id]

    async def _answer(self, game_id: int) -> None:
        while game_id in self._asked:
            paced = self._asked.pop(game_id)
            try:
                await self._run_bots(game_id, None, paced=paced, wait=True)
            except Exception:  # the next move, countdown or restart asks again
                log.exception("the bots of game %s could not answer", game_id)

    async def _run_bots(self, game_id: int, table: Table | None, limit: int = 10_000, *,
                        paced: bool = False, wait: bool = False) -> tuple[int, Table, bool]:
        """``run_bots`` from ``table`` (the game as just committed; None: read it), also
        returning the table once the bots are done, and whether they go on in the
        background: from a strong bot's turn on, unless ``wait``."""
        kit_ = None
        moves = 0
        later = False
        while True:
            # Read, not taken as last written here: that no bot is to move is a decision too,
            # and one a hand-over made since would make wrong with no commit to catch it.
            table = table or await self.table(game_id)
            if moves >= limit or table.record.status != "running":
                break
            if paced and timers.bots_only(table) and (
                    moves or timers.BOTS_KEY in await self.store.timers(game_id)):
                break  # paced: its next move comes by its countdown (``run_out``), not all now
            kit_ = kit_ or registry.kit(table.record.game_type)
            seat = self._waiting_bot(table, kit_)
            if (not wait and seat is not None and is_strong(table.seats[seat])
                    and self.thinking.would_think(kit_)):
                # About a second a decision: whoever asked (a member's click) is answered,
                # and the thread shows their move, while the strong bots think.
                self._answer_later(game_id, paced=paced)
                later = True
                break
            found = await self._bot_move(table, kit_, seat)
            if found is None:
                break
            seat, action = found
            try:
                _, table = await self._apply(table, seat, action, user_id=None)
            except StaleMove:
                table = None  # a human moved in between; look again
                continue
            moves += 1
        if moves:
            self._notify()
        return moves, table, later

    async def _bot_move(self, table: Table, kit_: registry.GameKit,
                        seat: int | None) -> tuple[int, str] | None:
        """The next bot move: that of ``seat``, the bot seat the game waits on (a strong
        seat's thought out in a worker, bot/table/thinking.py), else one a bot volunteers."""
        if seat is None:
            return self._volunteer(table, kit_)
        strong = is_strong(table.seats[seat])
        if strong and self.thinking.would_think(kit_):
            await self._bots_counted_down(table)
            steps.reached(steps.BOT_THINKING)
        action = await self.thinking.choose(table.record.game_type, table.state, seat, table.record.seed,
                                            f"bot{seat}", strong=strong)
        steps.reached(steps.BOT_THOUGHT)
        return seat, action

    async def _bots_counted_down(self, table: Table) -> None:
        """Before a strong bot thinks: the game's bot countdown runs (``clock.BOT_WAIT``), so if
        this process stops while it thinks, the game's shard's holder asks the bots again. A
        move that put the game to the bot started it already; a seat handed over did not."""
        if not timers.bots_only(table):  # a paced game's next move has a countdown of its own
            await self.store.set_timer(table.id, timers.bot_wait_key(table.state),
                                       self.clock() + timers.BOT_WAIT_SECONDS)

    @staticmethod
    def _waiting_bot(table: Table, kit_: registry.GameKit) -> int | None:
        """The first bot seat the game waits on, if any."""
        pending = kit_.game.pending(table.state)
        return next((s.seat for s in table.seats if s.is_bot and s.seat in pending), None)

    @staticmethod
    def _volunteer(table: Table, kit_: registry.GameKit) -> tuple[int, str] | None:
        """A move a bot seat makes though the game is not waiting on it (claiming rent
        before the next roll), when its policy has one (``volunteer``): a human would have
        clicked the button the game offered them."""
        volunteer = getattr(kit_.bot, "volunteer", None)
        if volunteer is None:
            return None
        state = table.state
        pending = kit_.game.pending(state)
        for record in table.seats:
            if record.is_bot and record.seat not in pending and kit_.game.legal(state, record.seat):
                rng = rng_for(table.record.seed, state["_move"], f"bot{record.seat}")
                action = volunteer(state, record.seat, rng)
                if action is not None:
                    return record.seat, action
        return None

    async def run_out(self, game_id: int, key: str) -> int:
        """A countdown's time has come: play its move. Returns 1 if a move was made."""
        table = await self.table(game_id)
        kit_ = registry.kit(table.record.game_type)
        if table.record.status != "running":
            await self.store.drop_timer(game_id, key)
            return 0
        state = table.state
        if key == timers.ALONE_KEY:  # a game only bots have played for BOTS_ALONE_SECONDS
            if not timers.bots_only(table):  # a member is back: it plays on
                await self.store.drop_timer(game_id, key)
                return 0
            await self._wind_down(table)
            return 1
        if key.startswith(timers.BOT_WAIT):  # a bot the game waits on has not moved for a while
            return await self._bots_overdue(table, kit_, key)
        if key == timers.BOTS_KEY:  # a bot-only game's next paced move
            if not timers.bots_only(table):  # a member took a seat back: play goes on as usual
                await self.store.drop_timer(game_id, key)
                return await self.bots_answer(game_id) if self.autoplay_bots else 0
            found = await self._bot_move(table, kit_, self._waiting_bot(table, kit_))
            if found is None:  # it waits on a deadline, whose own move plans the next
                await self.store.drop_timer(game_id, key)
                return 0
            await self._apply(table, *found, user_id=None, fired=key)
            self._notify()
            return 1
        if key.startswith(timers.DEADLINE):
            name = key[len(timers.DEADLINE):]
            deadline = next((d for d in deadlines(kit_.game, state) if d.key == name), None)
            if deadline is None:  # answered in time; the move that did it forgot the row
                await self.store.drop_timer(game_id, key)
                return 0
            await self._apply(table, SYSTEM_SEAT, deadline.action, user_id=None, fired=key)
        else:
            seat, epoch = (int(part) for part in key[len(timers.CLOCK_KEY):].split(":"))
            record = table.seats[seat]
            if (record.is_bot or seat not in kit_.game.pending(state)
                    or table.record.seat_epochs.get(seat, 0) != epoch):
                await self.store.drop_timer(game_id, key)
                return 0
            # The rules' default for the decision (a pass, a decline); only where there is
            # none does the bot make a move the player did not make.
            action = timers.default_move(kit_.game, state, seat)
            table_words = words(HOST, table.language)
            if action is not None:
                note = Event(table_words.t("⏰ {seat}'s clock ran out, so the game took its default "
                                           "move for them.", seat=f"{{p{seat}}}"))
            else:
                action = kit_.bot.choose(state, seat, rng_for(table.record.seed, state["_move"], f"clock{seat}"))
                note = Event(table_words.t("⏰ {seat}'s clock ran out, so a bot made this move for them.",
                                           seat=f"{{p{seat}}}"))
            count = record.timeouts + 1
            await self._apply(table, seat, action, user_id=None, fired=key, timeouts={seat: count},
                              preface=[note])
            if count >= timers.TIMEOUTS_TO_HAND_OVER:
                await self._hand_over(await self.table(game_id), seat, "clock", count=count)
        if self.autoplay_bots:
            await self.bots_answer(game_id)
        self._notify()
        return 1

    async def _bots_overdue(self, table: Table, kit_: registry.GameKit, key: str) -> int:
        """The game's bot countdown ran out (``clock.BOT_WAIT``): the process that was moving its
        bots stopped, or is slow. They are asked again here, and the countdown starts again, so
        they are asked until one moves (whose commit ends it). Returns the moves made here."""
        if not self.autoplay_bots or self._waiting_bot(table, kit_) is None:
            await self.store.drop_timer(table.id, key)
            return 0
        log.info("game %s has waited on a bot for %d s: asking its bots again", table.id,
                 timers.BOT_WAIT_SECONDS)
        await self.store.set_timer(table.id, key, self.clock() + timers.BOT_WAIT_SECONDS)
        return await self.bots_answer(table.id)

    async def _wind_down(self, table: Table) -> None:
        """End a game nobody is left to play or watch as abandoned (it counts for nobody),
        telling its thread why; its countdowns go with it."""
        line = timers.wound_down(words(HOST, table.language))
        await self._commit(table, state=table.record.state, epochs=None, action=None, status="abandoned",
                           outbox=[("thread", {"text": line})], fired=timers.ALONE_KEY)
        log.info("game %s ended as abandoned: only bots played it for %d s", table.id, timers.BOTS_ALONE_SECONDS)
        self._notify()

    async def _apply(self, table: Table, seat: int, action: str, *, user_id: int | None,
                     in_place: bool = False, fired: str | None = None,
                     timeouts: dict[int, int] | None = None, preface: Sequence[Event] = ()) -> tuple[str, Table]:
        """Make one move and commit it; returns what it told ``seat`` privately, and the
        table as the move left it."""
        started = time.perf_counter()
        game = self._rules(table)
        old = table.state
        try:
            new, events = play(game, old, seat, action)
            # An answer made in the open (a bid in an open auction) is news for the thread;
            # one made in private (a sealed bid) is only counted there.
            choice = offered(game.legal(old, seat), action) if seat != SYSTEM_SEAT else None
        except EngineRefusal as error:  # the engine's words: the reader's language, when answered
            raise TableError(error.message, **error.values) from None
        except IllegalMove as error:  # the game's own, in the seat's language already
            raise TableError.verbatim(name_seats(str(error), table.names())) from None
        # Re-choosing what is already chosen changes nothing but the move counter: not a
        # move, so a player clicking it again and again writes (and sends) nothing. Bots
        # and clocks are spared: refused, they would choose the same again and stall.
        if user_id is not None and {**new, "_move": old["_move"]} == old:
            raise TableError("That is already your choice.")
        events = [*preface, *events]
        version = table.record.version + 1
        epochs = dict(table.record.seat_epochs)
        now = self.clock()
        asked = dict(table.record.seat_asked)
        for other in put_to(game, old, new, seat, len(table.seats)):
            epochs[other] = version
            asked[other] = now  # a new decision is put to this seat
        result = game.result(new)
        newly_asked = {s for s, v in epochs.items() if v == version and not (in_place and s == seat)}
        outbox = self._notifications(table, new, events, version, newly_asked,
                                     shown_in_place=seat if in_place else None,
                                     in_the_open=choice is not None and not choice.private, rules=game)
        status = "running"
        result_json = None
        if result is not None:
            status = "finished"
            result_json = {"winners": list(result.winners),
                           "scores": {str(k): v for k, v in result.scores.items()},
                           "summary": result.summary}
            if summarises(game):  # its chart is drawn by the dispatcher, off the move path
                outbox.append(("summary", {"version": version}))
        steps.reached(steps.MOVE_DECIDED)
        await self._commit(table, state=new, epochs=epochs, action=(seat, action, user_id),
                           outbox=outbox, status=status, result=result_json, asked=asked,
                           timers=timers.plan(game, table, new, epochs, asked, now), fired=fired,
                           timeouts=timeouts)
        steps.reached(steps.MOVE_COMMITTED)
        self._on_move(table.record.game_type, time.perf_counter() - started)
        self.moments.keep(table.id, version, new)
        # The game as written, without reading it back: the same record and seats as a read.
        record = replace(table.record, status=status, state=new, version=version, seat_epochs=epochs,
                         seat_asked=asked, result=result_json if result_json is not None else table.record.result)
        seats = [replace(s, timeouts=timeouts[s.seat]) if timeouts and s.seat in timeouts else s
                 for s in table.seats]
        after = Table(record, seats)
        self._remember(after, game)
        told = "\n".join(name_seats(e.text, table.names()) for e in events if seat in (e.to or ()))
        return told, after

    # -- private views -----------------------------------------------------

    async def private_view(self, game_id: int, member: Member,
                           language: str | None = None) -> tuple[Table, int, list[Choice], str]:
        """The seat's secrets and full choices, for ``/game hand`` and the "My hand" button;
        what the host adds is in the reader's ``language`` if the game speaks it (by default
        the seat's)."""
        table = await self.table(game_id)
        seat = table.seat_of(member.id)
        if seat is None:
            raise TableError("You are not playing in this game, so it has no hand of yours to show.")
        if table.record.state is None:
            raise TableError("The game has not started yet; nothing has been dealt.")
        game = registry.game(table.record.game_type)
        state = table.state
        summary = self.private_summary(table.record.game_type, state, seat, table.names(),
                                       words(HOST, self.reader_language(table, language) if language
                                             else table.seat_language(seat)))
        choices = game.legal(state, seat) if table.record.status == "running" else []
        return table, seat, choices, summary

    # -- helpers -----------------------------------------------------------

    def _latest_table(self, game_id: int) -> Table | None:
        """The running game as this process's last move in it left it, if remembered."""
        latest = self._latest.get(game_id)
        return latest[0] if latest is not None and latest[0].record.status == "running" else None

    def _rules(self, table: Table) -> Remembered:
        """The game's rules, remembering its choices in the state ``table`` holds (those the
        last move here found, when it made that state). Taken out until the move is
        committed (``_remember``): a move refused or beaten to it leaves nothing behind."""
        latest = self._latest.pop(table.id, None)
        if latest is None:
            return Remembered(registry.game(table.record.game_type))
        return latest[1].only(table.state)

    def _remember(self, table: Table, rules: Remembered) -> None:
        """``table`` is the game as this process just committed it: the next move here
        starts from it (``act``)."""
        self._latest[table.id] = (table, rules.only(table.state))
        while len(self._latest) > REMEMBERED_GAMES:
            self._latest.popitem(last=False)

    async def _running(self, game_id: int) -> Table:
        table = await self.table(game_id)
        if table.record.status != "running":
            raise no_more_moves(table.record.status)
        return table

    async def _commit(self, table: Table, *, state: dict[str, Any] | None, epochs: dict[int, int] | None,
                      action: tuple[int, str, int | None] | None, outbox: list[tuple[str, dict[str, Any]]],
                      status: str, result: dict[str, Any] | None = None,
                      asked: dict[int, float] | None = None,
                      timers: list[tuple[str, float, float | None]] | None = None,
                      fired: str | None = None, timeouts: dict[int, int] | None = None) -> None:
        if status != "running":
            timers = []  # an ended game has no countdowns
        ok = await self.store.commit(
            table.id, table.record.version, status=status, state=state,
            seat_epochs=epochs,  # written with string keys, as JSON has them
            result=result, action=action, outbox=outbox, seat_asked=asked, timers=timers,
            fired=fired, timeouts=timeouts, seats_version=table.record.seats_version)
        if not ok:
            raise StaleMove("Another move was made just before yours, so yours was not made. "
                            "Here is what you can do now:", table.id)

