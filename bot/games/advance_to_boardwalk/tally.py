"""What Advance to Boardwalk counts for the end-of-game chart (the value of property owned,
turn by turn) and each player's notable figures, from public views only."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Tally, View


def tally(view: View, end: View) -> Tally:
    return Tally("Property value", tuple(seat["value"] for seat in view["seats"]),
                 view["turn_number"], "Turn", unit="$", scale="M")


def notables(views: Sequence[View]) -> list[str]:
    """Each seat's peak value, the most properties it held at once, and the turns it ended
    in the lead (alone or shared)."""
    players = views[-1]["players"]
    peak = [max(view["seats"][seat]["value"] for view in views) for seat in range(players)]
    most = [max(view["seats"][seat]["properties"] for view in views) for seat in range(players)]
    end_of_turn: dict[int, View] = {}
    for view in views:
        end_of_turn[view["turn_number"]] = view  # the last view of each turn
    led = [0] * players
    for view in end_of_turn.values():
        values = [seat["value"] for seat in view["seats"]]
        if max(values) > 0:
            for seat in range(players):
                led[seat] += values[seat] == max(values)
    return [f"peak ${peak[seat]}M · up to {_properties(most[seat])} · {_lead(led[seat])}"
            for seat in range(players)]


def _properties(count: int) -> str:
    return f"{count} {'property' if count == 1 else 'properties'}"


def _lead(turns: int) -> str:
    if not turns:
        return "never in the lead"  # not "in the lead after 0 turns"
    return f"in the lead after {turns} {'turn' if turns == 1 else 'turns'}"
