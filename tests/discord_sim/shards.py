"""Gateway shards: which one serves a guild, and which ones a bot process runs.

A bot names its shard in IDENTIFY as ``[shard_id, shard_count]``; Discord sends a guild's
events to shard ``(guild_id >> 22) % shard_count`` and DMs to shard 0. A process told
``MARQUEE_SHARDS=0,1`` and ``MARQUEE_SHARD_COUNT=4`` runs shards (0, 4) and (1, 4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

#: A gateway shard as IDENTIFY names it: (shard id, shard count). An unsharded client is (0, 1).
Shard = tuple[int, int]

SHARDS_ENV, SHARD_COUNT_ENV = "MARQUEE_SHARDS", "MARQUEE_SHARD_COUNT"


def shard_of(guild_id: int, shard_count: int) -> int:
    """The gateway shard Discord sends a guild's events to."""
    return (guild_id >> 22) % shard_count


def process_shards(
    shard_ids: Sequence[int] | None, shard_count: int | None, env: Mapping[str, str]
) -> tuple[tuple[Shard, ...] | None, dict[str, str]]:
    """The shards a bot process runs — given, or read from its environment — and the
    environment that tells the bot so. ``None``: not sharded, or not said."""
    if shard_ids is None and env.get(SHARDS_ENV):
        shard_ids = [int(s) for s in env[SHARDS_ENV].split(",")]
    if shard_count is None and env.get(SHARD_COUNT_ENV):
        shard_count = int(env[SHARD_COUNT_ENV])
    if shard_ids is None:
        return None, {}
    if shard_count is None:
        raise ValueError(f"shards {list(shard_ids)} need a shard count")
    shards = tuple((int(s), shard_count) for s in shard_ids)
    bad = [s for s, _ in shards if not 0 <= s < shard_count]
    if bad or not shards:
        raise ValueError(f"shards {list(shard_ids)} are not among {shard_count} shards")
    told = {SHARDS_ENV: ",".join(str(s) for s, _ in shards), SHARD_COUNT_ENV: str(shard_count)}
    return shards, told
