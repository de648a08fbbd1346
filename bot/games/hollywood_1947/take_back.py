"""Which Hollywood 1947 moves a player may take back (``bot/engine/takeback.py``): a job
chosen in Production, a card added face down while the stars add theirs (sealed: until the last
one is in), a token spent on a card or kept, so long as the phase and the movie go on. Whether
one showed anybody anything (a card drawn, the Screenwriter's two posters) the engine decides,
on worlds this title's knowledge deals (``knowledge.determinize``)."""
from __future__ import annotations

from typing import Any

from bot.engine.takeback import TakeBackRule

from .knowledge import determinize

#: Per phase, the verbs of the moves a player may want back while the phase goes on.
QUIET = {"production": {"job", "pick"}, "stars": {"add", "done"}, "tokens": {"token", "keep"}}


def quiet(before: dict[str, Any], action: str, after: dict[str, Any], seat: int) -> bool:
    phase = before["phase"]
    return (action.partition(":")[0] in QUIET.get(phase, ())
            and after["phase"] == phase and after["round"] == before["round"])


can_take_back = TakeBackRule(determinize, quiet)
