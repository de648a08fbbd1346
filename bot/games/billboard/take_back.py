"""Which Billboard moves a player may take back (``bot/engine/takeback.py``): the steps of
buying and selling billboards in their turn, so long as the turn goes on (no auction opened),
no contract was drawn and no other player's money changed."""
from __future__ import annotations

from typing import Any

#: Per phase, the verbs of the moves that show nobody anything new while the phase goes on.
QUIET = {"turn": {"buy", "sell", "back"}}


def can_take_back(before: dict[str, Any], action: str, after: dict[str, Any], seat: int) -> bool:
    phase = before["phase"]
    return (action.partition(":")[0] in QUIET.get(phase, ())
            and after["phase"] == phase and after["turn"] == before["turn"]
            and after["decks"] == before["decks"] and after["contracts"] == before["contracts"]
            and all(after["money"][s] == before["money"][s] for s in range(before["players"]) if s != seat))
