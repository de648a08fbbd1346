"""What Billboard counts for the end-of-game chart (points, round by round) and each
player's notable figures, in the table's language, from public views only."""
from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Tally, View
from bot.engine.language import Words

from .content import Content
from .wording import money


def _words(content: Content, view: View) -> Words:
    return content.words.get(view["language"]) or content.words["en"]


def tally(content: Content, view: View, end: View) -> Tally:
    words = _words(content, view)
    return Tally(words.t("Points"), tuple(player["score"] for player in view["players"]),
                 view["round"], words.t("Round"))


def notables(content: Content, views: Sequence[View]) -> list[str]:
    """Each seat's contracts won, its billboards at the end and the most money it held."""
    end = views[-1]
    words = _words(content, end)
    lines = []
    for player in end["players"]:
        seat = player["seat"]
        billboards = sum(board["owner"] == seat for district in end["districts"]
                         for board in district["billboards"])
        richest = max(view["players"][seat]["money"] for view in views)
        lines.append(" · ".join((
            words.tn("{count} contract won", "{count} contracts won", player["contracts"]),
            words.tn("{count} billboard at the end", "{count} billboards at the end", billboards),
            words.t("most money {amount}", amount=money(words, richest)))))
    return lines
