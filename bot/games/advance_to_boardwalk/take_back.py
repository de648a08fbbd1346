"""Which Advance to Boardwalk moves a player may take back (``bot/engine/takeback.py``): a
unit built, or building stopped. The engine lets one be taken back only when it showed nobody
anything they could not foresee (a card drawn would), judged on worlds this title's knowledge
deals (``knowledge.determinize``); these verbs are all this title adds to that."""
from __future__ import annotations

from typing import Any

from bot.engine.takeback import TakeBackRule

from .knowledge import determinize

#: Per phase, the verbs of the moves a player may want back.
QUIET = {"build": {"build", "done"}}


def quiet(before: dict[str, Any], action: str, after: dict[str, Any], seat: int) -> bool:
    return action.partition(":")[0] in QUIET.get(before["phase"], ())


can_take_back = TakeBackRule(determinize, quiet)
