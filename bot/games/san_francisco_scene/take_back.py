"""Which San Francisco Scene moves a player may take back (``bot/engine/takeback.py``): a
development built before the roll, a property bought, a loan taken or declined, a bid or a pass
in an auction that goes on, so long as no card was drawn and no other player's money or
holdings changed (a rent claim, a trade or an offer involves another player: never)."""
from __future__ import annotations

from typing import Any

#: Per phase, the verbs of the moves that show nobody anything new.
QUIET = {"roll": {"develop"}, "buy": {"buy"}, "bank": {"borrow", "skip"}, "auction": {"bid", "pass"}}


def can_take_back(before: dict[str, Any], action: str, after: dict[str, Any], seat: int) -> bool:
    phase = before["phase"]
    return (action.partition(":")[0] in QUIET.get(phase, ())
            and (phase != "auction" or after["phase"] == phase)
            and after["deck"] == before["deck"] and after["last_card"] == before["last_card"]
            and all(after["seats"][s] == before["seats"][s] for s in range(len(before["seats"])) if s != seat))
