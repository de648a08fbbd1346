"""Time in an asynchronous game: a game's own deadlines and each player's turn clock.

Time reaches the rules only as a logged move. A game lists its running countdowns
(``deadlines(state)``); the move pipeline writes each as a row of the ``timers``
table in the same transaction as the move that starts it, and this loop, when a
row is due, plays the deadline's action for ``SYSTEM_SEAT`` through the same
pipeline, which deletes the row in that move's transaction. So a deadline fires
exactly once, across any restart, and replaying the log needs no clock.

The turn clock is a host option (``clock``, hours per decision, off by default).
A human seat's decision gets a countdown when it is put to them; a quarter of the
way before the end they are pinged once with what is waiting; at the end a bot
makes that one move for them. Three run-outs in a row hand the seat to a bot, and
``/game rejoin`` takes it back.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .engine import Option, deadlines
from .engine.language import ENGLISH, Words
from .i18n import HOST, words
from .notifications import name_seats
from .table import StaleMove

if TYPE_CHECKING:
    from .engine import Game
    from .tables import Table, Tables

log = logging.getLogger(__name__)

#: Options the host adds to every game's lobby, beside the game's own.
CLOCK = Option("clock", "Hours a player has for each decision before a bot moves for them (0: no clock)",
               0, (0, 12, 24, 48, 72))
HOST_OPTIONS = (CLOCK,)

#: The turn clock warns once, when this share of it is left ("6 hours left" of 24).
WARN_AT_SHARE_LEFT = 0.25
#: Run-outs in a row after which a bot takes the seat over.
TIMEOUTS_TO_HAND_OVER = 3

DEADLINE = "deadline:"
CLOCK_KEY = "clock:"
#: A ping held back by a member's quiet hours (``/game notify``), released when they end.
QUIET_KEY = "quiet:"


def clock_seconds(settings: dict[str, Any]) -> float:
    return float(settings.get(CLOCK.name) or 0) * 3600


def clock_key(seat: int, epoch: int) -> str:
    return f"{CLOCK_KEY}{seat}:{epoch}"


def plan(game: Game, table: Table, state: dict[str, Any], epochs: dict[int, int],
         asked: dict[int, float], now: float) -> list[tuple[str, float, float | None]]:
    """Every countdown the game has in ``state``: (key, due, warn at).

    Keys already running keep the time they were given (the store does not
    overwrite them), so ``now`` only dates the new ones.
    """
    planned: list[tuple[str, float, float | None]] = [
        (DEADLINE + d.key, now + d.seconds, None) for d in deadlines(game, state)]
    seconds = clock_seconds(table.record.settings)
    if seconds and game.result(state) is None:
        for seat in sorted(game.pending(state)):
            if table.seats[seat].is_bot or not game.legal(state, seat):
                continue
            due = asked.get(seat, now) + seconds
            planned.append((clock_key(seat, epochs.get(seat, 0)), due, due - seconds * WARN_AT_SHARE_LEFT))
    return planned


def quiet_key(seat: int, version: int) -> str:
    return f"{QUIET_KEY}{seat}:{version}"


def hours_left(seconds: float, words: Words = ENGLISH) -> str:
    """"6 hours", "1 minute": what is left on a clock, for "… left on their clock"."""
    hours = round(seconds / 3600)
    if hours >= 1:
        # Translators: how much time is left on a player's turn clock ("6 hours left").
        return words.tn("{count} hour", "{count} hours", hours)
    # Translators: how much time is left on a player's turn clock ("5 minutes left").
    return words.tn("{count} minute", "{count} minutes", max(1, round(seconds / 60)))


class Timers:
    """Fires due countdowns; one loop for every game."""

    def __init__(self, tables: Tables, *, wake: Callable[[], None] = lambda: None,
                 clock: Callable[[], float] = time.time) -> None:
        self.tables = tables
        self._wake = wake
        self._clock = clock

    async def fire_due(self) -> int:
        """Fire every countdown whose time (or warning time) has come; returns how many."""
        fired = 0
        now = self._clock()
        for game_id, key, _due, warning in await self.tables.store.due_timers(
                now, shards=self.tables.shards()):
            try:
                if key.startswith(QUIET_KEY):
                    fired += await self._release_ping(game_id, key)
                elif warning:
                    fired += await self._warn(game_id, key, now)
                else:
                    fired += await self.tables.run_out(game_id, key)
            except StaleMove:  # another process (or this one's click) moved the game first
                log.debug("countdown %s of game %s was overtaken by another move", key, game_id)
            except Exception:  # one game's trouble never holds up another's clock
                log.exception("countdown %s of game %s failed; it is tried again", key, game_id)
        if fired:
            self._wake()
        return fired

    async def _warn(self, game_id: int, key: str, now: float) -> int:
        table = await self.tables.table(game_id)
        seat = int(key[len(CLOCK_KEY):].split(":")[0])
        due = (await self.tables.store.timers(game_id)).get(key, (now, None))[0]
        table_words = words(HOST, table.language)
        line = table_words.t("⏳ {left} left on {seat}'s clock; after that a bot makes this move for them.",
                             left=hours_left(due - now, table_words), seat=f"{{p{seat}}}")
        payload = self.tables.note(table, name_seats(line, table.names()), seat=seat)
        if not payload["turn"]:
            return 0  # the move is no longer theirs; the pipeline drops the row
        return int(await self.tables.store.claim_warning(game_id, key, payload))

    async def _release_ping(self, game_id: int, key: str) -> int:
        """Quiet hours are over: ping the member, if the game still waits on that decision."""
        table = await self.tables.table(game_id)
        seat, version = (int(part) for part in key[len(QUIET_KEY):].split(":"))
        line = words(HOST, table.language).t("🔔 {seat}, the game is waiting for you.", seat=f"{{p{seat}}}")
        payload = self.tables.note(table, name_seats(line, table.names()), seat=seat)
        still = (payload["turn"] and not table.seats[seat].is_bot
                 and table.record.seat_epochs.get(seat, 0) <= version)
        if not still:  # answered (or asked again, with a ping of its own) meanwhile
            await self.tables.store.drop_timer(game_id, key)
            return 0
        return int(await self.tables.store.claim_timer(game_id, key, payload))

    async def run_forever(self, check_every: float = 5.0) -> None:
        while True:
            try:
                await self.fire_due()
            except Exception:
                log.exception("countdowns failed; trying again shortly")
            await asyncio.sleep(check_every)
