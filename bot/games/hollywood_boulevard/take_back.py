"""Which Hollywood Boulevard moves a player may take back (``bot/engine/takeback.py``): a
marker placed or a chip removed, a film picked or picking stopped, a bid or a tip set behind
the screen, so long as the phase and the round go on. Whether one showed anybody anything (an
Insider Tip drawn, who picks next when that turns on the tips in hand) the engine decides, on
worlds this title's knowledge deals (``knowledge.determinize``)."""
from __future__ import annotations

from typing import Any

from bot.engine.takeback import TakeBackRule

from .knowledge import determinize

#: Per phase, the verbs of the moves a player may want back while the phase goes on.
QUIET = {"place": {"place", "remove"}, "pick": {"pick", "done"}, "screen": {"bid", "tip", "untip", "bids"}}


def quiet(before: dict[str, Any], action: str, after: dict[str, Any], seat: int) -> bool:
    phase = before["phase"]
    return (action.partition(":")[0] in QUIET.get(phase, ())
            and after["phase"] == phase and after["round"] == before["round"])


can_take_back = TakeBackRule(determinize, quiet)
