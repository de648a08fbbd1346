"""Which Advance to Boardwalk moves a player may take back (``bot/engine/takeback.py``): a
unit built, or building stopped, so long as no card was drawn or played (the draw pile, the
discard pile and every hand are as they were)."""
from __future__ import annotations

from typing import Any

#: Per phase, the verbs of the moves that show nobody anything new.
QUIET = {"build": {"build", "done"}}


def can_take_back(before: dict[str, Any], action: str, after: dict[str, Any], seat: int) -> bool:
    return (action.partition(":")[0] in QUIET.get(before["phase"], ())
            and after["draw_pile"] == before["draw_pile"] and after["discard_pile"] == before["discard_pile"]
            and after["hands"] == before["hands"])
