"""Turn reminders: a game that has waited too long pings whoever it waits for.

One loop for all games (not a task per game): every few minutes it asks the
store for running games idle past the threshold and queues one reminder per
game version through the outbox, with fresh controls at the bottom of the
thread. Claiming the reminder and queueing it is one transaction, so several
bot processes sharing a database remind once. A game idle as long with only bots to move
is stuck as well: its bots are asked again (its own countdown, ``clock.BOT_WAIT``, should
have done it long before).
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from bot.i18n import HOST, words
from bot.table.service import Table, Tables
from bot.text import markdown_name

log = logging.getLogger(__name__)


class Reminders:
    def __init__(self, tables: Tables, *, idle_hours: float, wake: Callable[[], None] = lambda: None,
                 clock: Callable[[], float] = time.time) -> None:
        self.tables = tables
        self.idle_seconds = idle_hours * 3600
        self._wake = wake
        self._clock = clock

    async def remind_idle(self) -> int:
        """Queue a reminder for each idle game; returns how many were queued."""
        queued = 0
        for game_id in await self.tables.store.idle_games(self._clock() - self.idle_seconds,
                                                            shards=self.tables.shards()):
            try:
                queued += await self._remind(await self.tables.table(game_id))
            except Exception:  # one game's trouble never keeps the others' reminders back
                log.exception("reminding game %s failed", game_id)
        if queued:
            self._wake()
        return queued

    async def _remind(self, table: Table) -> int:
        """Queue the game's reminder, if a member is to move; 1 if it was queued. A game stuck
        on a bot is stuck all the same: its bots are asked again."""
        if table.record.status != "running":  # ended since it was found idle
            return 0
        payload = self.tables.note(table, "")
        waiting = [turn for turn in payload["turn"] if not turn["is_bot"]]
        if not waiting:
            if payload["turn"]:  # only bots to move, and none has for hours: ask them here
                log.warning("game %s has waited on a bot for over %g hours: asking its bots again", table.id,
                            self.idle_seconds / 3600)
                await self.tables.bots_answer(table.id)
            return 0
        names = ", ".join(markdown_name(table.seats[turn["seat"]].name) for turn in waiting)
        payload["text"] = words(HOST, table.language).t("⏰ Reminder: the game is waiting for {names}.",
                                                        names=names)
        return int(await self.tables.store.add_reminder(table.id, table.record.version, payload))

    async def run_forever(self, check_every: float = 300.0) -> None:
        while True:
            try:
                await self.remind_idle()
            except Exception:
                log.exception("turn reminders failed; trying again later")
            await asyncio.sleep(check_every)
