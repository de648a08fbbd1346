"""Which Hollywood Boulevard moves a player may take back (``bot/engine/takeback.py``): a
marker placed or a chip removed, a film picked or picking stopped, a bid or a tip set behind
the screen, so long as the phase goes on (the last marker, the last pick and the last screen
lowered start what reveals: rolls, the payout, the bids), no Insider Tip was drawn (a party)
and no other player's cash moved."""
from __future__ import annotations

from typing import Any

#: Per phase, the verbs of the moves that show nobody anything new while the phase goes on.
QUIET = {"place": {"place", "remove"}, "pick": {"pick", "done"}, "screen": {"bid", "tip", "untip", "bids"}}


def can_take_back(before: dict[str, Any], action: str, after: dict[str, Any], seat: int) -> bool:
    phase = before["phase"]
    return (action.partition(":")[0] in QUIET.get(phase, ())
            and after["phase"] == phase and after["round"] == before["round"]
            and after["tips"] == before["tips"] and after["array"] == before["array"]
            and all(after["cash"][s] == before["cash"][s] for s in range(before["players"]) if s != seat))
