"""Per-member cooldowns on the commands that cost the bot the most: a history page, an old
board, a status picture, statistics and leaderboards. A member may ask a few times in a row
(turning pages is quick clicking), then waits; whoever asks too fast gets a sentence, not a
queue of work that slows every game on the server.

Kept in memory, per bot: a restart forgets them, which costs nothing worth remembering.
"""
from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot.table.model import TableError


@dataclass(frozen=True)
class Limit:
    """At most ``uses`` in any ``seconds``."""

    uses: int
    seconds: float


#: What each expensive command allows a member.
LIMITS: dict[str, Limit] = {
    "history": Limit(12, 10.0),   # pages turned by ◀ ▶ count too
    "board": Limit(4, 10.0),
    "status": Limit(4, 10.0),
    "stats": Limit(6, 20.0),         # a few members' figures, one after another
    "leaderboard": Limit(6, 20.0),   # a title's board, then another's
}


class Cooldowns:
    """When each member last used each limited command (the last ``uses`` times)."""

    def __init__(self, limits: dict[str, Limit] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = LIMITS if limits is None else limits
        self.clock = clock
        self._used: dict[tuple[int, str], list[float]] = {}

    def check(self, member_id: int, command: str) -> None:
        """Count this use, or refuse it with when the member may ask again."""
        limit = self.limits[command]
        now = self.clock()
        recent = [at for at in self._used.get((member_id, command), []) if now - at < limit.seconds]
        if len(recent) >= limit.uses:
            wait = max(1, round(limit.seconds - (now - recent[0])))
            raise TableError.counted(
                "That is a lot of `/game {command}` at once: try again in {count} second.",
                "That is a lot of `/game {command}` at once: try again in {count} seconds.",
                wait, command=command)
        recent.append(now)
        self._used[(member_id, command)] = recent
        if len(self._used) > 10_000:  # forget members who have gone quiet
            self._used = {key: times for key, times in self._used.items()
                          if now - times[-1] < max(lim.seconds for lim in self.limits.values())}


_per_bot: weakref.WeakKeyDictionary[discord.Client, Cooldowns] = weakref.WeakKeyDictionary()


def check(interaction: discord.Interaction, command: str) -> None:
    """Count ``command`` for the member behind ``interaction`` (a sentence if too many)."""
    cooldowns = _per_bot.get(interaction.client)
    if cooldowns is None:
        cooldowns = _per_bot[interaction.client] = Cooldowns()
    cooldowns.check(interaction.user.id, command)
