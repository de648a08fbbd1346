"""The end-of-game summary picture: final scores by rank with each player's notable figures,
then a chart of what the game counts (money, value, points) over its turns or rounds.

Drawn from the summary's data (``bot/table/history.py``: every word already in the table's
language, every number already written), never from a state. Players are told apart by colour
*and* by their token's shape and letter, in the standings and at each line's end; lines that
run together stay visible, the earlier seat's drawn wider beneath the later one's.
"""
from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from . import kit

WIDTH = 1100
MARGIN = 24
HEADER_H = 76
ROW_H = 60
CHART_H = 420
TOKEN_R = 13
GRID = (58, 63, 75)
#: Room right of the plot for the tokens that mark where each line ends.
END_W = 70
#: The widest line (the first seat's) and how much thinner each next one is.
LINE_WIDEST, LINE_STEP = 11, 3


def render(summary: dict[str, Any], image: str = "summary") -> bytes:
    players = summary["players"]
    standings_top = HEADER_H + 14
    chart_top = standings_top + ROW_H * len(players) + 18
    img, draw = kit.canvas(WIDTH, chart_top + CHART_H + MARGIN)
    _header(draw, summary)
    for row, player in enumerate(players):
        _standing(draw, summary, player, row + 1, standings_top + row * ROW_H)
    _chart(draw, summary, chart_top)
    return kit.to_png(img)


def _header(draw: ImageDraw.ImageDraw, summary: dict[str, Any]) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=kit.PANEL)
    heading_w = kit.text_width(summary["heading"], 22, True)
    kit.draw_text(draw, (MARGIN, HEADER_H / 2), summary["title"], 30, fill=kit.GOLD, bold=True,
                  anchor="lm", max_width=WIDTH - 3 * MARGIN - heading_w)
    kit.draw_text(draw, (WIDTH - MARGIN, HEADER_H / 2), summary["heading"], 22, fill=kit.INK,
                  bold=True, anchor="rm")


def _standing(draw: ImageDraw.ImageDraw, summary: dict[str, Any], player: dict[str, Any],
              rank: int, top: int) -> None:
    if rank % 2 == 0:
        draw.rectangle((0, top, WIDTH, top + ROW_H), fill=(35, 38, 46))
    middle = top + 20
    kit.draw_text(draw, (MARGIN + 14, middle), "★" if player["winner"] else f"{rank}.", 22,
                  fill=kit.GOLD if player["winner"] else kit.MUTED, bold=True, anchor="mm")
    kit.player_token(draw, player["seat"], MARGIN + 50, middle, TOKEN_R)
    score_w = kit.text_width(player["score"], 24, True)
    name_left = MARGIN + 74
    name_w = WIDTH - MARGIN - score_w - name_left - 150
    kit.draw_text(draw, (name_left, middle), player["name"], 22, bold=True, anchor="lm", max_width=name_w)
    if player["winner"]:
        tag_left = name_left + min(name_w, kit.text_width(player["name"], 22, True)) + 12
        kit.draw_text(draw, (tag_left, middle), summary["winner"], 15, fill=kit.GOLD, anchor="lm")
    kit.draw_text(draw, (WIDTH - MARGIN, middle), player["score"], 24,
                  fill=kit.GOLD if player["winner"] else kit.INK, bold=True, anchor="rm")
    if player["notes"]:
        kit.draw_text(draw, (name_left, top + 44), player["notes"], 16, fill=kit.MUTED, anchor="lm",
                      max_width=WIDTH - MARGIN - name_left)


def _chart(draw: ImageDraw.ImageDraw, summary: dict[str, Any], top: int) -> None:
    draw.rounded_rectangle((MARGIN / 2, top, WIDTH - MARGIN / 2, top + CHART_H), radius=12, fill=kit.PANEL)
    kit.draw_text(draw, (MARGIN, top + 14), summary["label"], 20, bold=True)
    ticks = summary["ticks"]
    label_w = max(kit.text_width(text, 15) for _, text in ticks)
    left, right = MARGIN + label_w + 12, WIDTH - MARGIN - END_W
    plot_top, plot_bottom = top + 56, top + CHART_H - 52
    low, high = ticks[0][0], ticks[-1][0]

    def y_of(value: float) -> float:
        return plot_bottom - (value - low) / ((high - low) or 1) * (plot_bottom - plot_top)

    for value, text in ticks:
        y = y_of(value)
        draw.line((left, y, right, y), fill=GRID, width=1)
        kit.draw_text(draw, (left - 8, y), text, 15, fill=kit.MUTED, anchor="rm")
    labels = summary["x_labels"]
    points = len(labels)

    def x_of(index: int) -> float:
        return left + index * (right - left) / max(points - 1, 1)

    for index, text in enumerate(labels):
        if text:
            kit.draw_text(draw, (x_of(index), plot_bottom + 10), text, 15, fill=kit.MUTED, anchor="ma")
            draw.line((x_of(index), plot_bottom, x_of(index), plot_bottom + 5), fill=kit.MUTED, width=1)
    draw.line((left, plot_bottom, right, plot_bottom), fill=kit.MUTED, width=2)
    kit.draw_text(draw, (right, plot_bottom + 32), summary["axis"], 15, fill=kit.MUTED, anchor="ra")

    series = summary["series"]
    for seat, values in enumerate(series):
        width = max(3, LINE_WIDEST - LINE_STEP * seat)
        line = [(x_of(index), y_of(value)) for index, value in enumerate(values)]
        if len(line) == 1:
            line.append((right, line[0][1]))
        draw.line(line, fill=kit.player_style(seat).colour, width=width, joint="curve")
    for seat, y in _spread([(seat, y_of(values[-1])) for seat, values in enumerate(series)]):
        draw.line((x_of(points - 1), y_of(series[seat][-1]), right + 22, y), fill=kit.player_style(seat).colour,
                  width=2)
        kit.player_token(draw, seat, right + 22 + TOKEN_R, y, TOKEN_R)


def _spread(ends: list[tuple[int, float]], gap: float = 2 * TOKEN_R + 4) -> list[tuple[int, float]]:
    """Where the end tokens go: at their lines' last heights, pushed apart where they would
    overlap (equal scores), keeping their order."""
    placed: list[tuple[int, float]] = []
    for seat, y in sorted(ends, key=lambda end: (end[1], end[0])):
        if placed and y - placed[-1][1] < gap:
            y = placed[-1][1] + gap
        placed.append((seat, y))
    return placed
