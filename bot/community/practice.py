"""Which finished games rank: a table someone learns at is unrated.

Two marks among a game's host settings (``GameRecord.settings``, beside the turn clock) make a
table unrated: ``practice``, a table ``/game learn`` opened for one member and bots, and
``coach``, the lobby option a host sets so members may learn with the coach at the table. Such
a game counts for nobody: no record, no streak, no rating, no leaderboard (the store skips it
as the game finishes, ``record_finish``), as a member learning a title should not fear their
first game's result, and a rating must not reward the hints the coach gives. A rated table
never has the coach.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: A table ``/game learn`` opened: the member, bots, the coach on.
PRACTICE = "practice"
#: A table whose host let the coach in (``/game new options:coach=yes``).
COACH = "coach"


def coached(settings: Mapping[str, Any]) -> bool:
    """Whether the coach may speak at a table with these host settings."""
    return bool(settings.get(PRACTICE) or settings.get(COACH))


def rated(settings: Mapping[str, Any]) -> bool:
    """Whether a game with these host settings counts in statistics and ratings."""
    return not coached(settings)
