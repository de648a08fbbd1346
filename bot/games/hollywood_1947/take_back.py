"""Which Hollywood 1947 moves a player may take back (``bot/engine/takeback.py``): a job
chosen in Production, a card added face down while the stars add theirs (sealed: until the last
one is in), a token spent on a card or kept, so long as the phase goes on, no card was drawn or
discarded and no other player's hand or tokens changed."""
from __future__ import annotations

from typing import Any

#: Per phase, the verbs of the moves that show nobody anything new while the phase goes on.
QUIET = {"production": {"job", "pick"}, "stars": {"add", "done"}, "tokens": {"token", "keep"}}


def can_take_back(before: dict[str, Any], action: str, after: dict[str, Any], seat: int) -> bool:
    phase = before["phase"]
    others = [s for s in range(before["players"]) if s != seat]
    return (action.partition(":")[0] in QUIET.get(phase, ())
            and after["phase"] == phase and after["round"] == before["round"]
            and after["deck"] == before["deck"] and after["discard"] == before["discard"]
            and all(after["hands"][s] == before["hands"][s] for s in others)
            and all(after["tokens"][s] == before["tokens"][s] for s in others))
