"""What Hollywood 1947 counts for the end-of-game chart (the movies each player's side has
won, movie by movie) and each player's notable figures. The sides are secret until the end,
whose public view reveals every loyalty: the chart reads them from there, never earlier."""
from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Tally, View

LOYALTIES = {"patriot": "Patriot", "communist": "Communist", "rising_star": "Rising Star"}


def tally(view: View, end: View) -> Tally:
    outcome = end["outcome"] or {}
    values = tuple(view["score"][loyalty] if loyalty in view["score"]
                   else int(view["outcome"] is not None and outcome.get("team") == loyalty)
                   for loyalty in end["loyalties"])
    return Tally("Movies won by their side", values, view["round"], "Movie")


def notables(views: Sequence[View]) -> list[str]:
    """Each seat's side, the movies that side won, and the jobs it held at the end."""
    end = views[-1]
    films = len(end["films"])
    lines = []
    for seat, loyalty in enumerate(end["loyalties"]):
        won = sum(film["winner"] in (loyalty, "both") for film in end["films"])
        jobs = ", ".join(job["name"] for job in end["jobs"] if job["holder"] == seat) or "none"
        lines.append(f"{LOYALTIES.get(loyalty, loyalty)} · their side won {won} of {films} "
                     f"{'movie' if films == 1 else 'movies'} · jobs at the end: {jobs}")
    return lines
