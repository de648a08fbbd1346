"""Bot seats' moves: the normal level at once, the strong level in a worker process.

A strong decision searches for about a second (``bot.engine.search``): on the event loop
it would hold up every other game's moves, so it runs in the drawing workers (in a thread
where there are none), at most ``limit`` at a time. A strong bot whose turn comes while all
are taken, or on a host that turned strong bots off (``MARQUEE_STRONG_BOTS=0``), plays
that move at the normal level: a move is never kept waiting for a thinker.

A seat's level is its badge: a strong bot's name ends in ★ ("Bot Ada ★", "Ann (bot ★)"),
so every list of seats says which bots are strong, in any language.
"""
from __future__ import annotations

import asyncio
from functools import cache
from typing import Any

from bot.delivery.drawing import Drawing
from bot.engine import SeatBot, State, rng_for
from bot.engine.search import DEFAULT_BUDGET, Budget
from bot.games import registry
from bot.store.base import SeatRecord

STRONG_BADGE = "★"
#: The job the workers run (a module-level function, found by name).
JOB = f"{__name__}:strong_move"


def is_strong(seat: SeatRecord) -> bool:
    return seat.is_bot and seat.name.removesuffix(")").endswith(STRONG_BADGE)


def strong_move(game_type: str, state: State, seat: int, seed: Any, salt: str,
                budget: Budget = DEFAULT_BUDGET) -> bytes:
    """The strong bot's move for ``seat`` (in a worker: bytes, as the pool's jobs return)."""
    _, bot = _bots(game_type, budget)
    return bot.choose(state, seat, rng_for(seed, state["_move"], salt)).encode()


@cache
def _bots(game_type: str, budget: Budget) -> tuple[SeatBot, SeatBot]:
    return registry.bots(game_type, budget=budget)


class Thinking:
    """Asks a bot seat for its move, at its level when the host can afford it."""

    def __init__(self, drawing: Drawing | None = None, limit: int = 0,
                 budget: Budget = DEFAULT_BUDGET) -> None:
        self.drawing = drawing
        self.limit = limit
        self.budget = budget
        self.thinking = 0  # strong decisions under way

    @property
    def strong_bots(self) -> bool:
        """Whether this host lets bots play at the strong level at all."""
        return self.limit > 0

    def would_think(self, kit_: registry.GameKit) -> bool:
        """Whether a strong seat's move in this title would be thought out now (a worker
        is free), rather than played at the normal level."""
        return kit_.strong is not None and self.thinking < self.limit

    async def choose(self, game_type: str, state: State, seat: int, seed: Any, salt: str, *,
                     strong: bool) -> str:
        kit_ = registry.kit(game_type)
        if strong and self.would_think(kit_):
            self.thinking += 1
            try:
                if self.drawing is not None:
                    move = await self.drawing.draw(JOB, game_type, state, seat, seed, salt, self.budget)
                else:
                    move = await asyncio.to_thread(strong_move, game_type, state, seat, seed, salt,
                                                   self.budget)
                return move.decode()
            finally:
                self.thinking -= 1
        return kit_.bot.choose(state, seat, rng_for(seed, state["_move"], salt))
