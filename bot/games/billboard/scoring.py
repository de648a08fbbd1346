"""Scoring a round: the round track's points for the most contracts (every tied player
scores them), and in rounds IV and VIII the tables of billboard value sold for ads."""
from __future__ import annotations

from bot.engine import Event

from .content import Content
from .wording import seat, table_words

State = dict
TABLE_ROUNDS = (4, 8)


def ad_points(content: Content, round_number: int, players: int, value: int) -> int:
    """Points for ``value`` sold for ads: round IV by player count, round VIII one column."""
    bounds = content.round4_bounds[players] if round_number == 4 else content.round8_bounds
    row = max(i for i, lower in enumerate(bounds) if value >= lower)
    return content.ad_points[row]


def round_scores(content: Content, state: State) -> list[Event]:
    words = table_words(content, state)
    round_number, players = state["round"], state["players"]
    events = []
    most = max(state["contracts"])
    if most > 0:
        leaders = [s for s in range(players) if state["contracts"][s] == most]
        points = content.round_points[round_number - 1]
        for leader in leaders:
            state["score"][leader] += points
        events.append(Event(words.t(
            "Round {round}: most contracts ({most}) — {names} score {points}.",
            round=round_number, most=words.number(most), names=", ".join(seat(s) for s in leaders),
            points=words.tn("{count} point", "{count} points", points))))
    else:
        events.append(Event(words.t("Round {round}: nobody won a contract, so nobody scores "
                                    "the round track.", round=round_number)))
    if round_number in TABLE_ROUNDS:
        parts = []
        for player in range(players):
            value = state["ad_value"][player]
            points = ad_points(content, round_number, players, value)
            state["score"][player] += points
            parts.append(words.t("{seat} sold {value} for ads: {points}", seat=seat(player),
                                 value=words.number(value),
                                 points=words.tn("{count} point", "{count} points", points)))
        events.append(Event(words.t("Round {round}'s table: {parts}.", round=round_number,
                                    parts="; ".join(parts))))
    return events
