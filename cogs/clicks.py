"""A click is answered once its move is made, or recorded before it is answered: no click is
lost without a word, whenever the process stops.

Discord drops an interaction left unanswered for 3 seconds. A move committed within
``FAST_ANSWER_SECONDS`` is answered afterwards: a thread post's click by an update of the
clicked message that changes nothing (type 7; its look is the dispatcher's, which edits the
turn's post or clears its controls when the next post goes out: a change made here could
land after that edit and undo it), a click in a DM or the panel by a deferred update (type 6)
before the message is refreshed with the player's next choices. A crash before that answer
leaves the click unanswered, and Discord itself tells the member it failed.

A slower move's click is recorded first (the click journal, ``bot/store/clicks.py``, which
never waits behind the move's own write), then answered (deferred), then noted answered, and
forgotten once its move is committed or refused. So a crash at any instant leaves the move or
the record. The named steps (``bot/steps.py``) mark each moment in between.

Records left by a process that stopped are claimed by another (``tell_lost_clicks``: at its
start, when it takes shards over, and every ``TELL_EVERY_SECONDS``), once: at once when the
holder's pid is gone from this machine, else once the holder has held no shard lease for a
while. Each member whose move is not in the log is told, once, where they clicked, to press
again: through the interaction's ephemeral follow-up while Discord takes one (15 minutes, and
only after an answer it had), else in the game's thread (a thread post's click) or by DM (a
click in a DM or the panel), through the outbox.
"""
from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable, Collection
from typing import TypeVar

import discord

from bot import steps
from bot.delivery.leases import gone_from_this_machine
from bot.i18n import HOST, words
from bot.store.base import DeferredClick, Store
from bot.table.notices import name_seats
from bot.table.service import Table, Tables

log = logging.getLogger(__name__)

T = TypeVar("T")
#: How a follow-up is sent: (application id, interaction token, text).
FollowUp = Callable[[int, str, str], Awaitable[object]]

#: How long a move may take before its click is answered first: Discord's 3 seconds, less
#: the record's write, the answer's own trip and a margin for a busy event loop.
FAST_ANSWER_SECONDS = 2.0
#: Discord takes an interaction's follow-ups for 15 minutes; a minute less, so a follow-up is
#: not refused on its way (an older click is told in its thread or by DM instead).
FOLLOW_UP_SECONDS = 14 * 60
#: A record whose process holds no shard lease (in another container, or on another machine:
#: its pid cannot be looked up here) is taken for lost once it is this old. Longer than a
#: lease, so a process that just started, or was handed its shards back, holds one by then.
LOST_AFTER_SECONDS = 60
#: How often a process looks for records others left (besides at its start and a take-over).
TELL_EVERY_SECONDS = 15

THREAD, PRIVATE = "thread", "private"


async def committed_then_answered(interaction: discord.Interaction, store: Store, holder: str,
                                  game_id: int, version: int, move: Awaitable[T], *,
                                  in_place: bool = False, patience: float | None = None) -> T:
    """Run ``move`` (a click's commit) and answer the click once it is done; if it takes longer
    than ``patience`` (``FAST_ANSWER_SECONDS`` unless told; none: the move starts only once the
    click is answered), record the click, answer it, and forget it once the move is committed
    or refused. ``in_place``: a click whose message the caller refreshes itself (a DM's, the
    panel's, the lobby's), answered by a deferred update. A refusal raised by the move is the
    caller's to word (the click is still unanswered when the move was quick)."""
    steps.reached(steps.CLICK_RECEIVED)
    patience = FAST_ANSWER_SECONDS if patience is None else patience
    task = asyncio.ensure_future(move) if patience > 0 else None
    if task is not None:
        done, _ = await asyncio.wait({task}, timeout=patience)
        if task in done:
            result = task.result()
            await (interaction.response.defer() if in_place else interaction.response.edit_message())
            steps.reached(steps.CLICK_ANSWERED)
            return result
    steps.reached(steps.CLICK_SLOW)
    click = DeferredClick(interaction.id, interaction.token, game_id, interaction.user.id, version, holder,
                          time.time(), PRIVATE if in_place else THREAD)
    await store.defer_click(click)
    steps.reached(steps.CLICK_RECORDED)
    if await _deferred(interaction):
        steps.reached(steps.CLICK_DEFERRED)
        await store.click_answered(click.interaction_id)
        steps.reached(steps.CLICK_NOTED)
    try:
        result = await (task or move)
    except Exception:  # refused: the caller tells the member now
        await store.forget_click(click.interaction_id)
        raise
    # (Cancelled, the process is stopping: the click stays recorded for the next one to tell.)
    await store.forget_click(click.interaction_id)
    steps.reached(steps.CLICK_FORGOTTEN)
    return result


async def _deferred(interaction: discord.Interaction) -> bool:
    """Answer a recorded click (a deferred update); False when Discord refused it (too late):
    the member is shown the click failed, and the move goes on all the same."""
    try:
        await interaction.response.defer()
    except discord.HTTPException as error:
        log.info("the click of user %s could not be answered in time: %s", interaction.user.id, error)
        return False
    return True


# -- the word after a crash ------------------------------------------------------------------


async def tell_lost_clicks(tables: Tables, me: str, live: Collection[str] | None, application_id: int,
                           follow_up: FollowUp, *, now: float | None = None) -> int:
    """Tell each member whose click a stopped process answered (or was about to) but never
    committed to press again; returns how many were told. ``me``: this process's holder name;
    ``live``: the holders of shard leases at its last renewal (None: not known). A click whose
    move is in the game's log (the process stopped between the commit and forgetting it) is
    not spoken of. A word queued in the outbox goes once the caller wakes the dispatcher."""
    now = time.time() if now is None else now
    told = 0
    for click in await claim_lost_clicks(tables.store, me, live, now):
        try:
            if await _made(tables.store, click):
                continue
            told += await _tell(tables, click, application_id, follow_up, now)
        except Exception:  # one member's trouble never keeps the others untold
            log.exception("telling user %s of their lost click in game %s failed", click.user_id, click.game_id)
    return told


async def claim_lost_clicks(store: Store, me: str, live: Collection[str] | None,
                            now: float) -> list[DeferredClick]:
    """The records of processes that stopped, claimed (so one process alone tells each): a
    holder whose pid is gone from this machine, all of them; one that held no shard lease at
    our last renewal, those ``LOST_AFTER_SECONDS`` old."""
    others = await store.click_holders() - {me}
    dead = {holder for holder in others if gone_from_this_machine(holder)}
    quiet = others - dead if live is not None else set()
    quiet -= set(live or ())
    claimed = [*await store.claim_clicks(dead, math.inf), *await store.claim_clicks(quiet, now - LOST_AFTER_SECONDS)]
    return sorted(claimed, key=lambda click: click.created_at)


async def _tell(tables: Tables, click: DeferredClick, application_id: int, follow_up: FollowUp,
                now: float) -> int:
    """Tell the member, once: by the interaction's follow-up when Discord takes one, else
    where they clicked (their game's thread, or a DM). 1 if they were told."""
    language = (await tables.store.member_languages([click.user_id])).get(click.user_id, "en")
    text = press_again(language, click.game_id)
    if click.answered and now - click.created_at < FOLLOW_UP_SECONDS:
        try:
            await follow_up(application_id, click.token, text)
            return 1
        except discord.HTTPException as error:  # Discord is unwell, or the member went: where they clicked
            log.info("could not follow up the lost click of user %s in game %s: %s", click.user_id,
                     click.game_id, error)
    return await _tell_where_clicked(tables, click, text, language)


async def _tell_where_clicked(tables: Tables, click: DeferredClick, text: str, language: str) -> int:
    """The word in the game's thread (naming the member, with their controls) or by DM, through
    the outbox; nothing for a lobby (its Start button says it all) or a game that is over."""
    found = await tables.store.game_with_seats(click.game_id)
    table = Table(*found) if found is not None else None
    seat = table.seat_of(click.user_id) if table is not None else None
    if table is None or table.record.status != "running" or seat is None:
        log.info("the lost click of user %s in game %s is not told: the game is %s", click.user_id,
                 click.game_id, table.record.status if table is not None else "gone")
        return 0
    if click.place == THREAD:  # the table's language; the member named, and given their controls
        line = f"⚠️ {{p{seat}}}: {press_again(table.language, table.id)}"
        item = ("thread", tables.note(table, name_seats(line, table.names()), seat=seat))
    else:
        item = ("private", {"seat": seat, "user_id": click.user_id, "version": table.record.version,
                            "text": text, "language": language})
    await tables.store.queue_notes(table.id, [item])
    return 1


def press_again(language: str, game_id: int) -> str:
    return words(HOST, language).t("Your last click in game #{number} was not made: I restarted before it went "
                                   "through. Press the button again.", number=game_id)


async def _made(store: Store, click: DeferredClick) -> bool:
    """Whether the click's move was made: a move of the clicker's in the game's log after the
    clicked version (for a lobby's Start, the game dealt)."""
    game = await store.game(click.game_id)
    if game is None:
        return False
    if click.version == 0:  # only the host starts a lobby
        return game.version > 0
    movers = await store.movers(click.game_id, range(click.version + 1, game.version + 1))
    return any(user == click.user_id for _, user in movers.values())
