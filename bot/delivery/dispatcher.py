"""The outbox dispatcher: delivers what committed moves left to say.

Moves write their notifications into the outbox inside the move's own
transaction; this module sends them afterwards and marks each delivered. On
start-up it sends whatever a crash left behind. A burst of moves (bots replying
to a human) is coalesced into one thread message with the newest board.

The thread gets one post per decision, not per click: while a move only continues the
decision the game's newest post shows, that post is edited — a line added, or the count of
those who have decided — and pings nobody (``bot/delivery/post_plan.py`` decides which, and whom a
post pings). Controls whose moves are no longer legal are taken off (the ``posts`` table
remembers which messages carry them), in the thread and in DMs. What a transport is given
and answers is in ``bot/delivery/outgoing.py``.

Whatever fails while an item is prepared (its board drawn) or sent is that item's
failure: counted, retried with backoff (kept in the store, so across restarts),
and only its own game's later items wait behind it. What can never be sent is
parked for the operator (``python -m bot outbox``) and the game's thread told once.
"""
from __future__ import annotations

import asyncio
import enum
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from typing import Any

from bot import steps
from bot.community import stats as community
from bot.delivery.drawing import Drawing, frame
from bot.delivery.outgoing import (
    TRANSIENT,
    Blocked,
    Gone,
    Outgoing,
    Posted,
    Transport,
    Unavailable,
    Undeliverable,
)
from bot.delivery.post_plan import PostPlan, plan_post
from bot.games import registry
from bot.i18n import HOST, words
from bot.store.base import SENT_KEPT_SECONDS, OutboxItem, PostRecord, SeatRecord, Store
from bot.store.shards import Shards
from bot.table import history
from bot.table.clock import quiet_key
from bot.table.notices import Moments, public_view_at
from bot.table.notify import UNKNOWN, NotifySettings, next_up
from bot.table.service import Table
from bot.text import markdown_name

log = logging.getLogger(__name__)

# A failed item is retried after 10 s, 20 s, 40 s … doubling to a cap of 15 min: an outage
# delays a post by less than its own length again (the doubling), a long one costs four
# tries an hour per waiting game, and an item is parked only after MAX_ATTEMPTS, about a
# day of trying (21 min to reach the cap, then 92 × 15 min: 23.4 h), as Discord's rare long
# outages end within hours.
BASE_DELAY = 10.0
MAX_DELAY = 15 * 60.0
MAX_ATTEMPTS = 100
# An item that cannot even be prepared (its renderer raises), or that the transport fails
# with something other than "unreachable", fails the same way every time: parked after
# three attempts (about half a minute) rather than holding its game back for a day.
MAX_BROKEN_ATTEMPTS = 3
# Games whose items are prepared and sent at once: enough to keep every drawing worker busy
# and to overlap Discord's answers (one post at a time topped out near 20 a second).
GAMES_AT_ONCE = 8
# Sent items are deleted SENT_KEPT_SECONDS after sending, looked for at most this often.
PRUNE_EVERY = 60.0


class Outcome(enum.Enum):
    SENT = "sent"
    PARKED = "parked"  # given up on: the game's later items go on
    HELD = "held"      # to be retried: the game's later items wait behind it


class Dispatcher:
    def __init__(self, store: Store, transport: Transport, *, clock: Callable[[], float] = time.time,
                 base_delay: float | None = None, drawing: Drawing | None = None,
                 games_at_once: int = GAMES_AT_ONCE, moments: Moments | None = None,
                 shards: Callable[[], Shards | None] = lambda: None,
                 thread_gone: Callable[[Table], Awaitable[object]] | None = None) -> None:
        self.store = store
        # Told when a game's thread turns out deleted (the table service ends the game).
        self.thread_gone = thread_gone
        # Whose games this process posts for (bot/delivery/leases.py); None: every game's.
        self.shards = shards
        self.transport = transport
        # The states this process's table service committed (bot/table/notices.py): a post
        # for a version the game has moved past is drawn from one without a replay.
        self.moments = moments
        self._pruned_at = 0.0  # wall-clock time, as the store dates the items it marks sent
        # Where boards are drawn: worker processes in the bot (bot/delivery/drawing.py), a thread unless told.
        self.drawing = drawing or Drawing.in_thread()
        self.games_at_once = games_at_once
        self.clock = clock
        # Tests through the simulated Discord shorten the whole schedule (settings.py's
        # MARQUEE_TEST_OUTBOX_BASE_DELAY): seconds, not minutes.
        self.base_delay = BASE_DELAY if base_delay is None else base_delay
        self._wake = asyncio.Event()
        self._flush_lock = asyncio.Lock()
        # Items waiting out a backoff because the destination was unreachable: the next
        # delivery that succeeds brings them forward, once each (see _recovered).
        self._waiting_out: set[int] = set()
        self._brought_forward: set[int] = set()

    def wake(self) -> None:
        self._wake.set()

    def retry_delay(self, attempts: int) -> float:
        """Seconds to wait after the ``attempts``-th failed attempt."""
        return min(self.base_delay * 2 ** min(attempts - 1, 30), MAX_DELAY)

    async def run_forever(self, retry_every: float | None = None) -> None:
        """Deliver whenever woken, and look for items due again every ``retry_every``
        seconds (the backoff's first step unless told)."""
        retry_every = self.base_delay if retry_every is None else retry_every
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=retry_every)
            except TimeoutError:
                pass
            self._wake.clear()
            try:
                await self.flush()
            except Exception:  # the store itself failed: nothing to count it on; try again
                log.exception("outbox flush failed")

    async def flush(self) -> int:
        """Send everything due; returns how many outbox items were delivered."""
        async with self._flush_lock:
            delivered = 0
            held: set[int] = set()  # games that failed in this flush wait for their next attempt
            # Up to ``games_at_once`` games are delivered at once, each its items in order:
            # while one game's board is drawn or its post is on its way, the others' are too,
            # and a game whose delivery ends makes room for the next at once.
            going: dict[asyncio.Task[tuple[int, bool]], int] = {}  # delivery -> its game
            try:
                while True:
                    room = self.games_at_once - len(going)
                    if room > 0:
                        self._wake.clear()  # what is due is read now; a later wake reads again
                        due: dict[int, list[OutboxItem]] = {}
                        # Only the games there is room for: a backlog of others is not read.
                        for item in await self.store.unsent(self.clock(), shards=self.shards(), games=room,
                                                            besides=[*held, *going.values()]):
                            due.setdefault(item.game_id, []).append(item)
                        for game_id, items in due.items():
                            going[asyncio.create_task(self._deliver_game(game_id, items))] = game_id
                    if not going:
                        break
                    woken = asyncio.create_task(self._wake.wait())
                    try:
                        done, _ = await asyncio.wait([*going, woken] if len(going) < self.games_at_once
                                                     else list(going), return_when=asyncio.FIRST_COMPLETED)
                    finally:
                        woken.cancel()
                    for task in [task for task in going if task in done]:
                        game_id = going.pop(task)
                        sent, finished = task.result()  # the store failed: raised, the rest cancelled
                        delivered += sent
                        if not finished:
                            held.add(game_id)
            finally:
                for task in going:
                    task.cancel()
                await asyncio.gather(*going, return_exceptions=True)
            await self._prune()
            return delivered

    async def _prune(self) -> None:
        """Delete the items sent over ``SENT_KEPT_SECONDS`` ago: the outbox holds what is
        to deliver (and what is parked), so it stays small however long the bot runs."""
        now = time.time()
        if now - self._pruned_at >= PRUNE_EVERY:
            self._pruned_at = now
            await self.store.prune_sent(now - SENT_KEPT_SECONDS)

    async def _deliver_game(self, game_id: int, items: list[OutboxItem]) -> tuple[int, bool]:
        """Deliver a game's items in order: how many were sent, and whether none is held
        back (a failure stops the game there, so its order is kept)."""
        try:
            record = await self.store.game(game_id)
            table = Table(record, await self.store.seats(game_id)) if record else None
        except Exception as error:  # counted on the first item; the rest wait behind it
            return 0, await self._failed(None, items[:1], error, preparing=True) is Outcome.PARKED
        if table is None:
            await self.store.mark_sent(i.id for i in items)
            return len(items), True
        delivered = 0
        for batch in _batches(items):
            if table.record.held and batch[0].kind in PUBLIC:
                # Its thread refuses the bot: kept for /game resume, without a refused try each.
                await self.store.park(game_id, [i.id for i in batch], error=f"held: {table.record.held}",
                                      now=self.clock())
                continue
            if not self._ours(table):  # the lease lapsed or went: another process sends the rest
                log.info("game %s is no longer this process's to post for: its shard's holder sends the rest",
                         game_id)
                return delivered, False
            steps.reached(steps.POST_SENDING)
            if batch[0].kind == "thread":
                outcome = await self._deliver_post(table, batch)
            elif batch[0].kind == "follow":
                outcome = await self._deliver_follow(table, batch[0])
            elif batch[0].kind == "summary":
                outcome = await self._deliver_summary(table, batch[0])
            else:
                outcome = await self._deliver_private(table, batch[0])
            if outcome is Outcome.HELD:
                return delivered, False
            if outcome is Outcome.SENT:
                delivered += len(batch)
        if self.moments is not None:  # these posts are out: their states are not needed again
            self.moments.forget(game_id, max(i.payload.get("version", 0) for i in items))
        if table.record.status != "running" and self._clears:
            # The game is over: no move is legal any more, on any of its messages.
            await self._clear(table, await self.store.live_posts(table.id))
        if table.record.status == "finished" and not table.record.held and any(i.kind in PUBLIC for i in items):
            await self._archive(table)
        return delivered, True

    async def _archive(self, table: Table) -> None:
        """A finished game's thread is archived once its last posts are out, so it leaves the
        server's active threads; a later post (a follower's summary, a reminder) reopens it."""
        archive = getattr(self.transport, "archive", None)
        if archive is None:
            return
        try:
            await archive(table)
        except Exception as error:  # the thread archives itself after a quiet week anyway
            log.info("archiving the thread of game %s failed: %s", table.id, _describe(error))

    def _ours(self, table: Table) -> bool:
        """Whether this process still holds the lease of the game's shard: asked before each
        item, so a process whose lease lapsed mid-flush sends nothing more."""
        shards = self.shards()
        return shards is None or shards.covers(table.record.guild_id)

    @property
    def _edits(self) -> bool:
        return hasattr(self.transport, "edit")

    @property
    def _clears(self) -> bool:
        return hasattr(self.transport, "clear_controls")

    async def _deliver_post(self, table: Table, items: list[OutboxItem]) -> Outcome:
        try:
            items = await self._viewed(table, items)
            versions = [i.payload["version"] for i in items if "asked" in i.payload]
            latest = await self.store.turn_post(table.id) if self._edits else None
            movers = await self.store.movers(table.id, versions)
            plan = plan_post(items, movers, latest)
            plan, to_dm = await self._as_members_wish(table, plan, items[-1].payload)
            plan, next_dm = await self._heads_up(table, plan, items[-1].payload, movers)
            message = await self._compose_post(table, items, plan)
        except Exception as error:
            return await self._failed(table, items, error, preparing=True)
        if message is None:
            return await self._nothing_to_show(table, items, plan)
        posted: Posted | None = None
        if plan.edit is not None:
            try:
                edit = self.transport.edit  # type: ignore[attr-defined]
                posted = await edit(table, _where(plan.edit), message)
            except Undeliverable as error:  # refused (an archived thread, say): a post may not be
                log.info("editing message %s of game %s refused, posting instead: %s",
                         plan.edit.message_id, table.id, error)
            except Exception as error:
                return await self._failed(table, items, error)
            if posted is None:  # the message is gone or full: the decision goes on in a new post
                plan = plan.as_new_post()
                try:
                    message = await self._compose_post(table, items, plan)
                except Exception as error:
                    return await self._failed(table, items, error, preparing=True)
                if message is None:
                    return await self._nothing_to_show(table, items, plan)
        if plan.edit is None:
            try:
                posted = await self.transport.post(table, message)
            except Exception as error:
                return await self._failed(table, items, error)
        steps.reached(steps.POST_DELIVERED)
        await self._tell_by_dm(table, to_dm, items[-1])
        if next_dm is not None:
            await self._tell_next(table, next_dm, items[-1])
        if plan.edit is None:  # a new post: a new turn for those following the game
            await self._tell_followers(table, items)
        if not isinstance(posted, Posted):  # a transport that does not say where its posts go
            await self._sent(items)
            return Outcome.SENT
        # Stale controls come off before the items count as delivered: a crash in between
        # delivers them again, finding the same post (nonce) and clearing what is left.
        await self._tidy(table, plan, kept=posted.message_id)
        await self.store.save_post(
            table.id, seat=None, channel_id=posted.channel_id, message_id=posted.message_id,
            parts=posted.parts, version=message.version, live=posted.controls,
            run={**plan.run.json(), **_card_marks(posted)},
            post_id=plan.edit.id if plan.edit is not None else None, sent=[i.id for i in items])
        await self._recovered()
        return Outcome.SENT

    async def _viewed(self, table: Table, items: list[OutboxItem]) -> list[OutboxItem]:
        """The items with the public view they are drawn from (``payload["view"]``): the last
        one's, for the board, and any other's that names pictures of its own. The outbox does
        not store views; each is derived for its item's version (``public_view_at``). An item
        queued before V10 carries its own."""
        viewed = []
        for n, item in enumerate(items):
            payload = item.payload
            drawn = n == len(items) - 1 or any(name != "board" for name in payload.get("event_images", []))
            if drawn and "names" in payload and "view" not in payload:
                view = await public_view_at(table, payload["version"], partial(self.store.actions, table.id),
                                            self.moments)
                item = replace(item, payload={**payload, "view": view})
            viewed.append(item)
        return viewed

    async def _as_members_wish(self, table: Table, plan: PostPlan,
                               last: dict[str, Any]) -> tuple[PostPlan, list[dict[str, Any]]]:
        """Apply each pinged member's ``/game notify`` settings: no ping for those who want
        none in the thread; for those in their quiet hours, the ping is held (a timer
        releases it when the hours end, if the game still waits on them); and the turns of
        those who want a DM, to send once the post is out."""
        if not plan.pings:
            return plan, []
        wishes = await self.store.notify_settings(plan.pings)
        now = self.clock()
        turns = {turn["user_id"]: turn for turn in last.get("turn", []) if turn.get("user_id")}
        pings, to_dm = [], []
        for user_id in plan.pings:
            wish = wishes.get(user_id, NotifySettings())
            turn = turns.get(user_id)
            quiet_until = wish.quiet_until(now)
            if quiet_until is not None and turn is not None:
                await self.store.hold_ping(table.id, quiet_key(turn["seat"], last.get("version", 0)), quiet_until)
                continue
            if wish.ping_in_thread:
                pings.append(user_id)
            if wish.dm_on_turn and turn is not None and turn.get("choices"):
                to_dm.append(turn)  # a wholly private decision comes by DM anyway
        return replace(plan, pings=pings), to_dm

    async def _heads_up(self, table: Table, plan: PostPlan, last: dict[str, Any],
                        movers: dict[int, tuple[int, int | None]]) -> tuple[PostPlan, SeatRecord | None]:
        """"You're next" (``/game notify``): as a new post puts the turn to one seat, the member
        after it, if they opted in and it is not their quiet hours, hears it the way they hear
        their turn: a ping in this post (a line the post's next edit drops), or a DM (the seat
        returned, to tell once the post is out), or both."""
        if plan.edit is not None or "asked" not in last:
            return plan, None
        waiting = [turn["seat"] for turn in last.get("turn", [])]
        # The game's own word on who is next, when it has one (``Game.next_seat``).
        hint = last.get("next", UNKNOWN)
        seat = next_up(waiting, {mover for mover, _ in movers.values()}, len(table.seats), hint)
        record = table.seats[seat] if seat is not None else None
        if record is None or record.is_bot or record.user_id is None or record.user_id in plan.pings:
            return plan, None
        wish = (await self.store.notify_settings([record.user_id])).get(record.user_id, NotifySettings())
        if not wish.next_up or wish.quiet_until(self.clock()) is not None:
            return plan, None
        if wish.ping_in_thread:
            line = "-# " + words(HOST, table.language).t("⏭️ {member}, you are next.", member=f"<@{record.user_id}>")
            plan = replace(plan, body="\n".join(filter(None, (plan.body, line))), pings=[*plan.pings, record.user_id])
        return plan, record if wish.dm_on_turn else None

    async def _tell_next(self, table: Table, seat: SeatRecord, item: OutboxItem) -> None:
        """The "you're next" DM: a courtesy, so a failure is logged, not retried."""
        language = table.seat_language(seat.seat)
        now = item.payload["turn"][0]["seat"]  # the one seat to move (next_up asked for one)
        text = words(HOST, language).t("⏭️ You are next in **{game}** #{number}: {seat} is to move now.",
                                       game=registry.game(table.record.game_type).name, number=table.id,
                                       seat=markdown_name(table.seats[now].name))
        message = Outgoing(game_id=table.id, game_type=table.record.game_type,
                           version=item.payload.get("version", 0), text=text,
                           key=f"{item.id}-next-{seat.seat}", language=language)
        try:
            await self.transport.send_private(table, seat, message)
        except Exception as error:
            log.warning("next-up DM to seat %s of game %s failed: %s", seat.seat, table.id, _describe(error))

    async def _tell_by_dm(self, table: Table, turns: list[dict[str, Any]], item: OutboxItem) -> None:
        """A DM to each member who asked for one when a game waits on them: a courtesy beside
        the thread post (which has the controls), so a failure is logged, not retried."""
        for turn in turns:
            seat = table.seats[turn["seat"]]
            language = table.seat_language(seat.seat)
            message = Outgoing(game_id=table.id, game_type=table.record.game_type,
                               version=item.payload.get("version", 0),
                               text=words(HOST, language).t("▶ Your move: {prompt}", prompt=turn["prompt"]),
                               key=f"{item.id}-turn-{seat.seat}", language=language)
            try:
                await self.transport.send_private(table, seat, message)
            except Exception as error:
                log.warning("turn DM to seat %s of game %s failed: %s", seat.seat, table.id, _describe(error))

    async def _tell_followers(self, table: Table, items: list[OutboxItem]) -> None:
        """Queue the DMs of members following the game (bot/community/stats.py). The post is out
        already: a failure here is logged, and the next turn's DMs tell what this one missed."""
        try:
            await community.tell_followers(self.store, table, items[-1].id,
                                           moved=any("asked" in i.payload for i in items))
        except Exception:
            log.exception("queueing the followers' DMs of game %s failed", table.id)

    async def _deliver_follow(self, table: Table, item: OutboxItem) -> Outcome:
        """A follower's DM. Only an outage is retried: no spectator parks anything or is
        spoken of in the thread, and one whose DMs are closed follows the game no more."""
        user_id = item.payload["user_id"]
        reader = SeatRecord(-1, user_id, "", False, True)  # no seat: a transport DMs its user
        message = Outgoing(game_id=table.id, game_type=table.record.game_type,
                           version=item.payload.get("version", 0), text=item.payload.get("text", ""),
                           key=str(item.id), language=item.payload.get("language", table.language))
        try:
            reached = await self.transport.send_private(table, reader, message)
        except TRANSIENT as error:
            return await self._failed(table, [item], error)
        except Exception as error:
            log.warning("follow DM %s of game %s dropped: %s", item.id, table.id, _describe(error))
            reached = True
        if not reached:
            await self.store.unfollow_game(table.id, user_id)
        await self._sent([item])
        return Outcome.SENT

    async def _deliver_summary(self, table: Table, item: OutboxItem) -> Outcome:
        """A finished game's final scores and chart: replayed from its log (``bot/table/history.py``)
        in a thread, drawn like a board; no controls, as no move is left to make."""
        try:
            log = await self.store.actions(table.id)
            game = registry.game(table.record.game_type)
            found = await asyncio.to_thread(history.summary, game, table, log, words(HOST, table.language))
            png = await self.drawing.draw("rendering.summary:render", found.picture)
            message = Outgoing(game_id=table.id, game_type=table.record.game_type,
                               version=item.payload.get("version", table.record.version), text=found.text,
                               images=[("summary.png", png)], result="", key=str(item.id),
                               language=table.language)
        except Exception as error:
            return await self._failed(table, [item], error, preparing=True)
        try:
            await self.transport.post(table, message)
        except Exception as error:
            return await self._failed(table, [item], error)
        await self._sent([item])
        return Outcome.SENT

    async def _nothing_to_show(self, table: Table, items: list[OutboxItem], plan: PostPlan) -> Outcome:
        if plan.edit is None and plan.latest is not None and plan.latest.run:
            # A new decision began with nothing to show the table: the post it replaces
            # must not be edited later as if that decision went on there.
            await self.store.update_posts([plan.latest.id], run=_card_marks(_where(plan.latest)))
        await self._tidy(table, plan, kept=None)
        await self._sent(items)
        return Outcome.SENT

    async def _deliver_private(self, table: Table, item: OutboxItem) -> Outcome:
        try:
            seat = table.seats[item.payload["seat"]]
            message = Outgoing(game_id=table.id, game_type=table.record.game_type,
                               version=item.payload.get("version", table.record.version),
                               text=item.payload["text"], turn=item.payload.get("turn", []), key=str(item.id),
                               language=item.payload.get("language") or table.seat_language(seat.seat))
        except Exception as error:
            return await self._failed(table, [item], error, preparing=True)
        try:
            reached = await self.transport.send_private(table, seat, message)
        except Exception as error:
            return await self._failed(table, [item], error)
        steps.reached(steps.POST_DELIVERED)
        if isinstance(reached, Posted) and reached.controls and self._clears:
            # A new decision by DM: the controls of this seat's earlier DMs are out of date.
            await self._clear(table, [p for p in await self.store.live_posts(table.id) if p.seat == seat.seat])
            await self.store.save_post(
                table.id, seat=seat.seat, channel_id=reached.channel_id, message_id=reached.message_id,
                parts=reached.parts, version=message.version, live=True, run={}, sent=[item.id])
            await self._recovered()
        else:
            await self._sent([item])
        if not reached and await self.store.set_dm_ok(table.id, seat.seat, False):
            told = await self._notice(table, words(HOST, table.language).t(
                "I can't send direct messages to **{name}** (their DMs are closed). {name}, use `/game hand` "
                "or the **My hand & options** button to see your secrets.", name=markdown_name(seat.name)))
            if not told:  # so the next DM that fails tells the table after all
                await self.store.set_dm_ok(table.id, seat.seat, True)
        elif reached and not seat.dm_ok:
            await self.store.set_dm_ok(table.id, seat.seat, True)  # opened again: tell again next time
        return Outcome.SENT

    async def _compose_post(self, table: Table, items: list[OutboxItem], plan: PostPlan) -> Outgoing | None:
        """The thread message for consecutive thread items (rendered off the event loop);
        None when they have nothing new for the table."""
        last = items[-1].payload
        images: list[tuple[str, bytes]] = []
        if plan.edit is not None:
            if not plan.added and plan.run.shown == plan.edit.run.get("shown"):
                return None  # a step that changes nothing the post shows (a sealed bid's next unit)
            # An edit keeps the post's pictures: the board was drawn when the decision was put,
            # and is drawn again with the next post, once the game has moved on to another.
        else:
            if (not plan.body and not last.get("result") and not plan.pings
                    and all(not seat["choices"] for seat in last.get("turn", []))):
                return None  # a private step (a card chosen in hand) that asks nobody new
            render = registry.kit(table.record.game_type).render
            for item in items:
                payload = item.payload
                # The board goes with every post anyway; events name the other pictures.
                for name in [n for n in dict.fromkeys(payload.get("event_images", [])) if n != "board"]:
                    images.append((f"{name}-{payload['version']}.png",
                                   await self.drawing.draw(render, _named(payload), name)))
            if "view" in last:  # the board after the move: the game page's frame of it too
                board = frame(table.id, last["version"] - 1, table.language)
                images.append((f"board-{last['version']}.png",
                               await self.drawing.board(board, render, (_named(last), "board"))))
        return Outgoing(
            game_id=table.id, game_type=table.record.game_type, version=last.get("version", 0),
            text=plan.body, images=images[-10:],  # Discord takes at most 10 attachments a message
            turn=last.get("turn", []), status=last.get("status", ""), result=last.get("result"),
            key=f"{items[0].id}-{items[-1].id}", pings=plan.pings, decided=plan.decided, added=plan.added,
            language=table.language,
        )

    async def _tidy(self, table: Table, plan: PostPlan, kept: int | None) -> None:
        """Take the controls off the game's messages whose moves these items made stale:
        older thread posts once ``kept`` (the message just posted or edited) took over, each
        DM drawn before its seat was put a new decision, and all of them once the game is over."""
        if not self._clears:
            return
        stale: list[PostRecord] = []
        redrawn: dict[int, list[int]] = {}
        live = await self.store.live_posts(table.id)
        if table.record.status != "running":
            await self._clear(table, [post for post in live if post.message_id != kept])
            return
        for post in live:
            if post.seat is None:
                if kept is not None and post.message_id != kept:
                    stale.append(post)
                continue
            moment, version = plan.moments.get(post.seat, ("", 0))
            if moment == "asked" and post.version < version:
                stale.append(post)
            elif moment == "redrawn" and post.version < version:
                redrawn.setdefault(version, []).append(post.id)
        for version, ids in redrawn.items():
            await self._redrawn(table, version, [p for p in live if p.id in ids], stale)
        await self._clear(table, stale)

    async def _redrawn(self, table: Table, version: int, posts: list[PostRecord],
                       stale: list[PostRecord]) -> None:
        """Its seat moved at ``version`` by clicking in a private message, which the click
        refreshed with what they can do now: a DM, or the ephemeral panel. Asked what the DM
        shows now, a transport tells which; one that cannot is trusted to be the DM."""
        ask = getattr(self.transport, "controls_version", None)
        for post in posts:
            try:
                drawn = version if ask is None else await ask(table, _where(post))
            except Exception as error:  # not worth holding anything up: asked again next time
                log.warning("reading message %s of game %s failed: %s",
                            post.message_id, table.id, _describe(error))
                continue
            if drawn is None:
                await self.store.update_posts([post.id], live=False)  # refreshed without controls, or gone
            elif drawn < version:
                stale.append(post)  # clicked in the panel: the DM's controls are from before the move
            else:
                await self.store.update_posts([post.id], version=drawn)

    async def _clear(self, table: Table, posts: list[PostRecord]) -> None:
        """Controls off these messages; one that cannot be reached now keeps its mark and is
        tried again when the game's next post goes out."""
        cleared = []
        for post in posts:
            try:
                await self.transport.clear_controls(table, _where(post))  # type: ignore[attr-defined]
            except Undeliverable:
                pass  # deleted, or no longer ours to edit: nothing left to clear
            except Exception as error:
                log.warning("clearing the controls of message %s of game %s failed: %s",
                            post.message_id, table.id, _describe(error))
                continue
            cleared.append(post.id)
        await self.store.update_posts(cleared, live=False)

    async def _sent(self, items: list[OutboxItem]) -> None:
        await self.store.mark_sent(i.id for i in items)
        await self._recovered()

    async def _recovered(self) -> None:
        """A delivery went through, so the destination answers again: items waiting out a
        backoff for being unreachable are due at once, rather than up to 15 min after the
        outage. Once per item, so one that keeps failing is not retried after every success."""
        if not self._waiting_out:
            return
        ids, self._waiting_out = self._waiting_out, set()
        self._brought_forward |= ids
        await self.store.retry_now(ids, self.clock())
        self.wake()

    async def _failed(self, table: Table | None, items: list[OutboxItem], error: Exception,
                      *, preparing: bool = False) -> Outcome:
        """Count a failed attempt at these items: retry them later, or park them."""
        game_id, ids = items[0].game_id, [i.id for i in items]
        attempts = max(i.attempts for i in items) + 1
        transient = not preparing and isinstance(error, TRANSIENT)
        refused = not preparing and isinstance(error, Undeliverable)
        limit = MAX_ATTEMPTS if transient else MAX_BROKEN_ATTEMPTS
        what = (f"outbox {'/'.join(map(str, ids))} ({_KINDS.get(items[0].kind, items[0].kind)}) of game "
                f"{game_id} ({'preparing' if preparing else 'sending'})")
        reason = _describe(error)
        # A bug's traceback once, then a line per attempt. Discord's failures (a 5xx, a lost
        # connection, a refusal) are expected, and their one line says all there is to say.
        trace = error if attempts == 1 and not (transient or refused) else None
        now = self.clock()
        if isinstance(error, Gone) and table is not None and items[0].kind != "private":
            # The thread was deleted (perhaps while the bot was away): nothing can be said
            # there any more, so nothing is parked; the game ends as abandoned.
            log.info("%s dropped: the game's thread is gone (%s)", what, reason)
            await self.store.mark_sent(ids)
            if self.thread_gone is not None and table.record.status in ("lobby", "running"):
                await self.thread_gone(table)
            return Outcome.SENT
        if isinstance(error, Blocked) and table is not None and items[0].kind in PUBLIC:
            # The thread refuses the bot (locked, a permission lost): the game's posts are held
            # until someone resumes it, and its host is told once, where the bot still may.
            log.warning("%s refused, the game's posts are held: %s", what, reason)
            await self.store.park(game_id, ids, error=reason, now=now)
            if await self.store.hold_game(game_id, reason, now):
                await self._tell_held(table)
            return Outcome.PARKED
        if refused or attempts >= limit:
            log.error("%s failed for good after %d attempt(s), parked: %s", what, attempts, reason, exc_info=trace)
            if await self.store.park(game_id, ids, error=reason, now=now) and table is not None:
                await self._notice(table, _parked_notice(table, items))
            return Outcome.PARKED
        delay = self.retry_delay(attempts)
        await self.store.mark_failed(ids, error=reason, next_attempt_at=now + delay)
        level = logging.WARNING if transient else logging.ERROR  # an outage is expected; a bug is not
        log.log(level, "%s failed (attempt %d of %d), next in %.3g s: %s",
                what, attempts, limit, delay, reason, exc_info=trace)
        if transient:
            self._waiting_out.update(set(ids) - self._brought_forward)
        return Outcome.HELD

    async def _tell_held(self, table: Table) -> None:
        said = words(HOST, table.language)
        text = said.t("⏸️ Game #{number} ({game}) is paused: I can no longer post in its thread (it was locked, "
                      "or I lost a permission there). Once that is fixed, the host or someone with Manage Server "
                      "can continue it with `/game resume number:{number}`.",
                      number=table.id, game=registry.game(table.record.game_type).name)
        tell_host = getattr(self.transport, "tell_host", None)
        if tell_host is not None and not await tell_host(table, text):
            log.warning("game %s is held, and its host could not be told", table.id)

    async def _notice(self, table: Table, text: str) -> bool:
        """A plain line in the thread, if the thread takes it; never retried."""
        try:
            await self.transport.notice(table, text)
        except Gone:
            return False
        except Exception as error:
            log.warning("notice to game %s failed: %s", table.id, _describe(error))
            return False
        return True


#: The items that go to the game's thread (a private one goes to a player's DMs).
PUBLIC = ("thread", "summary")

#: What an outbox item is, in the log's words.
_KINDS = {"thread": "thread post", "private": "DM", "follow": "follower's DM", "summary": "summary"}


def _named(payload: dict[str, Any]) -> dict[str, Any]:
    """The stored public view with the players' names, as renderers expect it."""
    return {**payload["view"], "names": payload.get("names", [])}


def _batches(items: list[OutboxItem]) -> list[list[OutboxItem]]:
    """Consecutive thread items merge into one post; private items go one by one."""
    batches: list[list[OutboxItem]] = []
    for item in items:
        if item.kind == "thread" and batches and batches[-1][0].kind == "thread":
            batches[-1].append(item)
        else:
            batches.append([item])
    return batches


def _where(post: PostRecord) -> Posted:
    return Posted(post.channel_id, post.message_id, post.parts,
                  card=bool(post.run.get("card")), images=tuple(post.run.get("images", ())))


def _card_marks(posted: Posted) -> dict[str, Any]:
    """What a post's record keeps of its being a card (kept in its run, which every thread
    post has): its later edits and the clearing of its controls are made as cards."""
    return {"card": True, "images": list(posted.images)} if posted.card else {}


def _describe(error: BaseException) -> str:
    """The error in one line (a 5xx's body may be a whole HTML page)."""
    if isinstance(error, (Undeliverable, Unavailable)):
        said = str(error)  # the transport's words already say what happened
    else:
        said = f"{type(error).__name__}: {error}"
    return " ".join(said.split())[:500]


def _parked_notice(table: Table, items: list[OutboxItem]) -> str:
    """One plain line for the thread: which update is missing, never what it said."""
    said = words(HOST, table.language)
    version = items[-1].payload.get("version")
    if items[0].kind == "private":
        seat = items[0].payload.get("seat")
        if not (isinstance(seat, int) and 0 <= seat < len(table.seats)):
            return said.t("⚠️ I could not send a player a private message for move {move}; the game goes on — "
                          "`/game hand` shows their hand and options.", move=version) if version else said.t(
                "⚠️ I could not send a player a private message; the game goes on — "
                "`/game hand` shows their hand and options.")
        who = markdown_name(table.seats[seat].name)
        return said.t("⚠️ I could not send **{name}** a private message for move {move}; the game goes on — "
                      "`/game hand` shows their hand and options.", name=who, move=version) if version else said.t(
            "⚠️ I could not send **{name}** a private message; the game goes on — "
            "`/game hand` shows their hand and options.", name=who)
    if version:
        return said.t("⚠️ I could not post an update for move {move} here; the game goes on — "
                      "`/game status` shows where it stands.", move=version)
    return said.t("⚠️ I could not post an update here; the game goes on — `/game status` shows where it stands.")
