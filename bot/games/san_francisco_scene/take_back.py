"""Which San Francisco Scene moves a player may take back (``bot/engine/takeback.py``): a
development built before the roll, a property bought, a loan taken or declined, a bid or a pass
in an auction that goes on (a rent claim, a trade or an offer involves another player: never).
Whether one showed anybody anything (a card drawn) the engine decides, on worlds this title's
knowledge deals (``knowledge.determinize``)."""
from __future__ import annotations

from typing import Any

from bot.engine.takeback import TakeBackRule

from .knowledge import determinize

#: Per phase, the verbs of the moves a player may want back.
QUIET = {"roll": {"develop"}, "buy": {"buy"}, "bank": {"borrow", "skip"}, "auction": {"bid", "pass"}}


def quiet(before: dict[str, Any], action: str, after: dict[str, Any], seat: int) -> bool:
    phase = before["phase"]
    return action.partition(":")[0] in QUIET.get(phase, ()) and (phase != "auction" or after["phase"] == phase)


def seats(state: dict[str, Any]) -> int:
    return len(state["seats"])


can_take_back = TakeBackRule(determinize, quiet, seats)
