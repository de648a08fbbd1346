"""The loop that fires due countdowns: a game's deadlines, the turn clock's warning and
run-out, and pings held back by quiet hours (what each is: ``bot/table/clock.py``).

One loop for every game this process looks after. A due row's move goes through the
table service's pipeline, whose transaction deletes the row, so a countdown fires once
however many processes look.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from bot.games import registry
from bot.i18n import HOST, words
from bot.table.clock import CLOCK_KEY, QUIET_KEY, default_move, hours_left
from bot.table.model import StaleMove
from bot.table.notices import name_seats
from bot.table.service import Tables

log = logging.getLogger(__name__)


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
        left = hours_left(due - now, table_words)
        game, state = registry.game(table.record.game_type), table.state
        if seat in game.pending(state) and default_move(game, state, seat) is not None:
            line = table_words.t("⏳ {left} left on {seat}'s clock; after that the game takes its default "
                                 "move for them.", left=left, seat=f"{{p{seat}}}")
        else:
            line = table_words.t("⏳ {left} left on {seat}'s clock; after that a bot makes this move for them.",
                                 left=left, seat=f"{{p{seat}}}")
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
