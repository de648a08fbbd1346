"""What San Francisco Scene counts for the end-of-game chart (each player's worth, round by
round, as the game counts it at its limit) and each player's notable figures, from public
views only."""
from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Tally, View

from .common import money


def tally(view: View, end: View) -> Tally:
    return Tally("Worth", tuple(view["worth"]), view["round"], "Round", unit="$")


def notables(views: Sequence[View]) -> list[str]:
    """Each seat's peak worth, the most properties it held at once, and its interest groups
    and connections at the end (or that it went bankrupt)."""
    end = views[-1]
    lines = []
    for seat, player in enumerate(end["players"]):
        peak = max(view["worth"][seat] for view in views)
        most = max(sum(space["owner"] == seat for space in view["board"]) for view in views)
        groups, links = len(player["groups"]), len(player["connections"])
        held = ("went bankrupt" if player["bankrupt"] else
                f"{groups} interest {'group' if groups == 1 else 'groups'} · "
                f"{links} {'connection' if links == 1 else 'connections'}")
        lines.append(f"peak worth {money(peak)} · up to {most} {'property' if most == 1 else 'properties'}"
                     f" · {held}")
    return lines
