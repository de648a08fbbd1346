"""Which games a process looks after: those of the gateway shards it holds.

Discord splits a bot's guilds among shards by ``(guild_id >> 22) % shard_count``; a game
belongs to its guild's shard (a game with no guild, to shard 0). A process sends the
outbox, fires the countdowns, reminds and resumes only the games of the shards it holds a
lease on (``bot/delivery/leases.py``), so each is done once whichever processes are alive. Moves are
not filtered: any process may take one (a DM click reaches shard 0's process only), as a
move is read from and written to the database, guarded by the game's version.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    count: int
    held: frozenset[int]

    @classmethod
    def all(cls) -> Shards:
        """One process holding the one shard: every game (the default, and SQLite's way)."""
        return cls(1, frozenset({0}))

    def covers(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.held

    def sql(self, guild_column: str) -> str:
        """A condition on ``guild_column`` true for the games of the held shards. The same
        text in SQLite and PostgreSQL; it holds only integers, so it is built, not bound."""
        if self.count == 1:
            return "1 = 1" if 0 in self.held else "1 = 0"
        if not self.held:
            return "1 = 0"
        held = ", ".join(str(int(shard)) for shard in sorted(self.held))
        return f"((COALESCE({guild_column}, 0) >> 22) % {int(self.count)}) IN ({held})"


def of_shards(shards: Shards | None, guild_column: str) -> str:
    """" AND <the game of ``guild_column`` is of a held shard>", or nothing when every game is
    (None or ``Shards.all()``: the query stays as a lone process runs it)."""
    return "" if shards is None or shards == Shards.all() else f" AND {shards.sql(guild_column)}"


def games_of_shards(shards: Shards | None, game_column: str) -> str:
    """The same for a table that names its game by id (the outbox)."""
    if shards is None or shards == Shards.all():
        return ""
    return f" AND {game_column} IN (SELECT id FROM games WHERE {shards.sql('guild_id')})"


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard a guild's events (and its games) belong to, as Discord computes it."""
    return ((guild_id or 0) >> 22) % count


@dataclass(frozen=True)
class Lease:
    """Who looks after a shard's games until when (``bot/delivery/leases.py`` decides; a store keeps)."""

    shard: int
    holder: str               # the process: "<host>:<pid>:<start>:<instance>@<machine>"
    expires_at: float         # by the database's clock (seconds since the epoch)
    wanted_at: float | None = None  # when the shard's home process last asked for it back
