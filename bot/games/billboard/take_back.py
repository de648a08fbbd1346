"""Which Billboard moves a player may take back (``bot/engine/takeback.py``): the steps of
buying and selling billboards in their turn, so long as the turn goes on (no auction opened,
the turn not handed on). Whether one showed anybody anything (a contract drawn) the engine
decides, on worlds this title's knowledge deals (``knowledge.determinize``)."""
from __future__ import annotations

from typing import Any

from bot.engine.takeback import TakeBackRule

from .knowledge import determinize

#: Per phase, the verbs of the moves a player may want back while the phase goes on.
QUIET = {"turn": {"buy", "sell", "back"}}


def quiet(before: dict[str, Any], action: str, after: dict[str, Any], seat: int) -> bool:
    phase = before["phase"]
    return (action.partition(":")[0] in QUIET.get(phase, ())
            and after["phase"] == phase and after["turn"] == before["turn"])


can_take_back = TakeBackRule(determinize, quiet)
