"""What Hollywood Boulevard counts for the end-of-game chart (cash less loans, round by
round; the final holdings once scored) and each player's notable figures, from public
views only: cash, loans and payouts are on the table, Insider Tips count only at the end."""
from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Tally, View

from .common import dollars


def tally(view: View, end: View) -> Tally:
    if view["scores"]:
        values = tuple(view["scores"])
    else:
        loan = next(section["loan"] for section in view["board"]["sections"] if section["id"] == "loan")
        values = tuple(cash - loan * loans for cash, loans in zip(view["cash"], view["loans"], strict=True))
    return Tally("Money (cash − loans)", values, view["round"], "Round", unit="$")


def notables(views: Sequence[View]) -> list[str]:
    """Each seat's biggest payout, the films it screened and its Blockbusters."""
    players = views[-1]["players"]
    payouts = {view["payout"]["round"]: view["payout"] for view in views if view["payout"]}
    screened = [{(view["round"], film) for view in views for film in view["screened"][seat]}
                for seat in range(players)]
    lines = []
    for seat in range(players):
        best = max((p["income"] for payout in payouts.values() for p in payout["players"]
                    if p["seat"] == seat), default=0)
        blockbusters = sum(seat in payout["blockbusters"] for payout in payouts.values())
        films = len(screened[seat])
        lines.append(f"biggest payout {dollars(best)} · {films} {'film' if films == 1 else 'films'} screened"
                     f" · {blockbusters} {'Blockbuster' if blockbusters == 1 else 'Blockbusters'}")
    return lines
