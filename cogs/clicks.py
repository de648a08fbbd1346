"""A thread click is answered after its move is committed, so no click is lost without a word.

Discord drops an interaction left unanswered for 3 seconds. A move that is committed within
``FAST_ANSWER_SECONDS`` is answered afterwards, by updating the clicked message (callback
type 7): a crash before that answer leaves the click unanswered, and Discord itself tells
the member it failed. Only a slower move is answered first (deferred) and finished after;
such a click is kept in the store (``deferred_clicks``, V15) until its move is committed or
refused, and a process that starts finds those another process left over a minute before
(one still running has finished its move by then) and tells each member, through the
interaction's follow-up, to press again (``tell_lost_clicks``).

The update changes nothing on the message: its look is the dispatcher's, which edits the
turn's post or clears its controls when the next post goes out; a change made here could land
after the dispatcher's edit and undo it.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

from bot.i18n import HOST, words
from bot.store.base import DeferredClick, Store

log = logging.getLogger(__name__)

T = TypeVar("T")
#: How a follow-up is sent: (application id, interaction token, text).
FollowUp = Callable[[int, str, str], Awaitable[object]]

#: How long a move may take before its click is answered first: Discord's 3 seconds, less
#: the answer's own trip and a margin for a busy event loop.
FAST_ANSWER_SECONDS = 2.0
#: Discord takes an interaction's follow-ups for 15 minutes: an older click is told no more
#: (its post still has its buttons, as its move was never made).
FOLLOW_UP_SECONDS = 15 * 60
#: A click is taken for lost once it is this old: a process still alive (another shard's,
#: beside this one) has committed or refused its slow move by then, and forgotten it.
LOST_AFTER_SECONDS = 60


async def committed_then_answered(interaction: discord.Interaction, store: Store, holder: str,
                                  game_id: int, version: int, move: Awaitable[T]) -> T:
    """Run ``move`` (a thread click's commit) and answer the click once it is done, or, if it
    takes longer than ``FAST_ANSWER_SECONDS``, answer first and remember the click until then.
    A refusal raised by the move is the caller's to word (the click is still unanswered when
    the move was quick)."""
    task = asyncio.ensure_future(move)
    done, _ = await asyncio.wait({task}, timeout=FAST_ANSWER_SECONDS)
    if task in done:
        result = task.result()
        await interaction.response.edit_message()
        return result
    await interaction.response.defer()
    click = DeferredClick(interaction.id, interaction.token, game_id, interaction.user.id, version,
                          holder, time.time())
    if not task.done():  # the move may have been committed while the answer went out
        await store.defer_click(click)
    try:
        result = await task
    except Exception:  # refused: the caller tells the member now
        await store.forget_click(click.interaction_id)
        raise
    # (Cancelled, the process is stopping: the click stays kept for the next one to tell.)
    await store.forget_click(click.interaction_id)
    return result


async def tell_lost_clicks(store: Store, holder: str, application_id: int,
                           send: FollowUp, *, now: float | None = None) -> int:
    """Tell each member whose click a stopped process answered but never committed to press
    again; returns how many were told. A click whose move is in the game's log (the process
    stopped between the commit and forgetting it) is not spoken of."""
    now = time.time() if now is None else now
    told = 0
    for click in await store.claim_clicks(holder, before=now - LOST_AFTER_SECONDS):
        if now - click.created_at > FOLLOW_UP_SECONDS or await _made(store, click):
            continue
        language = (await store.member_languages([click.user_id])).get(click.user_id, "en")
        text = words(HOST, language).t(
            "Your last click in game #{number} was not made: I restarted before it went through. "
            "Press the button again.", number=click.game_id)
        try:
            await send(application_id, click.token, text)
        except discord.HTTPException as error:  # the token expired or the member is gone
            log.info("could not tell user %s their click in game %s was lost: %s",
                     click.user_id, click.game_id, error)
            continue
        told += 1
    return told


async def _made(store: Store, click: DeferredClick) -> bool:
    """Whether a move of the clicker's is in the game's log after the clicked version."""
    game = await store.game(click.game_id)
    if game is None:
        return False
    movers = await store.movers(click.game_id, range(click.version + 1, game.version + 1))
    return any(user == click.user_id for _, user in movers.values())
