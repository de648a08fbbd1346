"""Advance to Boardwalk board image, drawn from a (public or private) view.

Top to bottom: the dice and whose turn it is; the four colour zones with every property's
value, name, stack of units (bottom → top, left to right) and owner; the value track with
its F spaces and the tokens; then the players' standings and the latest events.
"""

from __future__ import annotations

import re

from PIL import ImageDraw

from . import kit

WIDTH = 1100
MARGIN = 20

ZONE_COLOURS = {
    "red": (196, 58, 58),
    "blue": (52, 100, 196),
    "yellow": (232, 192, 48),
    "green": (44, 146, 84),
}
FORTUNE_GOLD = kit.GOLD
CARD_BG = (246, 240, 224)  # boardwalk paper
CARD_INK = (30, 30, 34)
WOOD = (92, 70, 52)

HEADER_H = 112
ZONE_H = 160
ZONE_GAP = 10
LABEL_W = 132
TRACK_ROW = 14
SPACE_W = (WIDTH - 2 * MARGIN) // TRACK_ROW
SPACE_H = 78


def render(view: dict, image: str = "board") -> bytes:
    names = view.get("names") or [f"Player {seat + 1}" for seat in range(view["players"])]
    track_rows = -(-(view["track"]["last_space"] + 1) // TRACK_ROW)
    zones_top = HEADER_H + 8
    track_top = zones_top + 4 * (ZONE_H + ZONE_GAP) + 24
    bottom_top = track_top + 34 + track_rows * (SPACE_H + 8) + 6
    players_h = 44 + 46 * view["players"]
    height = bottom_top + max(players_h, 44 + 26 * 6) + MARGIN
    zones = tuple((zone["id"], zone["name"]) for zone in view["zones"])
    track = (view["track"]["last_space"], tuple(view["track"]["fortune_spaces"]))
    img, draw = kit.on_layer(("advance-to-boardwalk", view["players"], zones, track), WIDTH, height,
                             lambda layer: _backdrop(layer, view["players"], zones, track))

    _header(draw, view, names)
    for index, zone in enumerate(view["zones"]):
        _zone(draw, zone, zones_top + index * (ZONE_H + ZONE_GAP))
    _track(draw, view, track_top)
    _players(draw, view, names, bottom_top)
    _log(draw, view, names, bottom_top)
    return kit.to_png(img)


def _backdrop(draw: ImageDraw.ImageDraw, players: int, zones: tuple[tuple[str, str], ...],
              track: tuple[int, tuple[int, ...]]) -> None:
    """What a game's board always shows: the header's panel and title, the zones' frames and
    names, the boardwalk's spaces, the panels' frames and headings. Drawn once per process
    (``kit.on_layer``); every board copies it and draws the game's state on top, in the same
    order as before, so the pixels are the same."""
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=kit.PANEL)
    kit.draw_text(draw, (MARGIN, 12), "ADVANCE TO BOARDWALK", 30, fill=kit.GOLD, bold=True)
    zones_top = HEADER_H + 8
    for index, (zone_id, name) in enumerate(zones):
        _zone_frame(draw, zone_id, name, zones_top + index * (ZONE_H + ZONE_GAP))
    kit.draw_text(
        draw,
        (WIDTH - MARGIN, zones_top + 4 * (ZONE_H + ZONE_GAP) - 4),
        "Stacks read bottom → top, left to right.  ★ marks the owner.",
        15,
        fill=kit.MUTED,
        anchor="ra",
    )
    last, fortune = track
    track_top = zones_top + 4 * (ZONE_H + ZONE_GAP) + 24
    _track_spaces(draw, last, set(fortune), track_top)
    bottom_top = track_top + 34 + -(-(last + 1) // TRACK_ROW) * (SPACE_H + 8) + 6
    draw.rounded_rectangle(
        (MARGIN, bottom_top, MARGIN + 560, bottom_top + 40 + 46 * players), radius=10, fill=kit.PANEL
    )
    kit.draw_text(draw, (MARGIN + 14, bottom_top + 10), "PLAYERS", 17, fill=kit.MUTED, bold=True)
    left, bottom = MARGIN + 580, bottom_top + max(40 + 46 * players, 44 + 26 * 6)
    draw.rounded_rectangle((left, bottom_top, WIDTH - MARGIN, bottom), radius=10, fill=kit.PANEL)
    kit.draw_text(draw, (left + 14, bottom_top + 10), "LATEST", 17, fill=kit.MUTED, bold=True)


def _named(text: str, names: list[str]) -> str:
    text = re.sub(
        r"\{p(\d+)\}",
        lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0),
        text,
    )
    return text.replace("**", "").replace("*", "")


# --- header: title, status, dice ------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, view: dict, names: list[str]) -> None:
    """The status under the title (the panel and title are the backdrop's), and the dice."""
    result = view.get("result")
    if result:
        winners = " & ".join(names[s] for s in result["winners"])
        line = f"{winners} win{'s' if len(result['winners']) == 1 else ''}!"
        kit.draw_text(draw, (MARGIN, 52), line, 26, bold=True, max_width=700)
        reason = {"track": "a token reached the last space", "units": "a player ran out of units"}
        kit.draw_text(
            draw,
            (MARGIN, 84),
            f"Game over — {reason.get(view.get('end_reason', ''), '')}",
            18,
            fill=kit.MUTED,
            max_width=700,
        )
    else:
        kit.draw_text(draw, (MARGIN, 54), _named(view.get("status", ""), names), 20, max_width=700)
        extra = [f"Fortune deck {view['draw_pile']} · discards {view['discard_pile']}"]
        if view.get("last_played"):
            extra.append(f"last played: {view['last_played']['name']}")
        kit.draw_text(draw, (MARGIN, 84), "   ".join(extra), 16, fill=kit.MUTED, max_width=700)
    _dice(draw, view.get("roll"), WIDTH - MARGIN - 3 * 66 + 8, 20)


def _dice(draw: ImageDraw.ImageDraw, roll: dict | None, x: int, y: int) -> None:
    size = 58
    if roll is None:
        return
    for i, value in enumerate(roll["dice"]):
        kit.die_face(draw, x + i * 66, y, size, value)
    cx = x + 2 * 66
    colour = roll["colour"]
    fill = ZONE_COLOURS.get(colour, FORTUNE_GOLD if colour == "F" else (245, 245, 245))
    draw.rounded_rectangle(
        (cx, y, cx + size, y + size), radius=10, fill=fill, outline=(60, 60, 60), width=2
    )
    # The face shows a letter; the caption spells the colour out (colour-blind friendly).
    ink = CARD_INK if colour in ("yellow", "W", "F") else (250, 250, 250)
    letter = colour if colour in ("W", "F") else colour[0].upper()
    kit.draw_text(draw, (cx + size / 2, y + size / 2), letter, 32, fill=ink, bold=True, anchor="mm")
    total = sum(roll["dice"])
    caption = {"F": "F: Fortune card", "W": f"${total}M · Wild"}.get(
        colour, f"${total}M · {colour.capitalize()}"
    )
    kit.draw_text(
        draw, (x + (2 * 66 + size) / 2, y + size + 6), caption, 18, bold=True, anchor="ma"
    )


# --- zones ---------------------------------------------------------------------------


def _zone(draw: ImageDraw.ImageDraw, zone: dict, top: int) -> None:
    """A zone's properties, on the frame the backdrop drew."""
    colour = ZONE_COLOURS[zone["id"]]
    ink = CARD_INK if zone["id"] == "yellow" else (250, 250, 250)
    card_w = (WIDTH - 2 * MARGIN - LABEL_W - 6 * 8) / 5
    for i, prop in enumerate(zone["properties"]):
        left = MARGIN + LABEL_W + 8 + i * (card_w + 8)
        _property(draw, prop, colour, ink, left, top + 8, card_w, ZONE_H - 16)


def _zone_frame(draw: ImageDraw.ImageDraw, zone_id: str, name: str, top: int) -> None:
    colour = ZONE_COLOURS[zone_id]
    ink = CARD_INK if zone_id == "yellow" else (250, 250, 250)
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + ZONE_H), radius=10, fill=WOOD)
    draw.rounded_rectangle((MARGIN, top, MARGIN + LABEL_W, top + ZONE_H), radius=10, fill=colour)
    kit.draw_text(
        draw,
        (MARGIN + LABEL_W / 2, top + 42),
        zone_id.upper(),
        26,
        fill=ink,
        bold=True,
        anchor="mm",
        max_width=LABEL_W - 12,
    )
    for i, line in enumerate(kit.wrap(name, LABEL_W - 16, 17, True)[:2]):
        kit.draw_text(
            draw,
            (MARGIN + LABEL_W / 2, top + 80 + i * 22),
            line,
            17,
            fill=ink,
            bold=True,
            anchor="mm",
        )


def _property(
    draw: ImageDraw.ImageDraw, prop: dict, colour, ink, left: float, top: float, w: float, h: float
) -> None:
    owner = prop["owner"]
    border = kit.player_style(owner).colour if owner is not None else (120, 110, 96)
    draw.rounded_rectangle(
        (left, top, left + w, top + h),
        radius=8,
        fill=CARD_BG,
        outline=border,
        width=5 if owner is not None else 2,
    )
    draw.rectangle((left + 5, top + 5, left + w - 5, top + 31), fill=colour)
    kit.draw_text(
        draw, (left + 12, top + 18), f"${prop['value']}M", 22, fill=ink, bold=True, anchor="lm"
    )
    if owner is not None:
        kit.draw_text(draw, (left + w - 40, top + 18), "★", 20, fill=ink, anchor="rm")
        kit.player_token(draw, owner, left + w - 22, top + 18, 11)
    size, lines = _name_lines(prop["name"], w - 16)
    for i, line in enumerate(lines):
        kit.draw_text(
            draw,
            (left + 8, top + 36 + i * 21),
            line,
            size,
            fill=CARD_INK,
            bold=True,
            max_width=w - 16,
        )
    stack = prop["stack"]
    y0 = top + 94
    if not stack:
        kit.draw_text(
            draw, (left + w / 2, y0 + 12), "vacant", 16, fill=(140, 130, 115), anchor="mm"
        )
        return
    step, r = (28, 12) if len(stack) <= 2 * int((w - 12) // 28) else (21, 9)  # tall stacks shrink
    per_row = int((w - 12) // step)
    for i, seat in enumerate(stack[: per_row * 2]):
        row, col = divmod(i, per_row)
        kit.player_token(draw, seat, left + 8 + r + col * step, y0 + row * (step - 1), r)
    if len(stack) > per_row * 2:
        kit.draw_text(
            draw,
            (left + w - 8, top + h - 6),
            f"+{len(stack) - per_row * 2}",
            14,
            fill=CARD_INK,
            bold=True,
            anchor="rd",
        )


def _name_lines(name: str, width: float) -> tuple[int, list[str]]:
    """Two lines at most; long hyphenated names (Marlborough-Blenheim) break at the hyphen."""
    for size in (18, 16, 15):
        for text in (name, name.replace("-", "- ")):
            lines = [line.replace("- ", "-") for line in kit.wrap(text, width, size, True)]
            if len(lines) <= 2 and all(kit.text_width(line, size, True) <= width for line in lines):
                return size, lines
    return 15, kit.wrap(name, width, 15, True)[:2]


# --- track ---------------------------------------------------------------------------


def _track(draw: ImageDraw.ImageDraw, view: dict, top: int) -> None:
    """The tokens, each on its space of the boardwalk the backdrop drew (within its space,
    so drawn after all of them rather than space by space, the pixels are the same)."""
    last = view["track"]["last_space"]
    on_space: dict[int, list[int]] = {}
    for seat_info in view["seats"]:
        on_space.setdefault(min(seat_info["token"], last), []).append(seat_info["seat"])
    for space, seats in on_space.items():
        row, col = divmod(space, TRACK_ROW)
        x = MARGIN + col * SPACE_W
        y = top + 34 + row * (SPACE_H + 8)
        for i, seat in enumerate(seats[:4]):
            r, c = divmod(i, 2)
            cx = x + SPACE_W / 2 + (c - 0.5) * 30 if len(seats) > 1 else x + SPACE_W / 2
            cy = y + 40 + r * 22 if len(seats) > 2 else y + 48
            kit.player_token(draw, seat, cx, cy, 14 if len(seats) <= 2 else 11)


def _track_spaces(draw: ImageDraw.ImageDraw, last: int, fortune: set[int], top: int) -> None:
    kit.draw_text(
        draw,
        (MARGIN, top),
        "THE BOARDWALK — each token stands on its owner's property value ($M)",
        18,
        fill=kit.INK,
        bold=True,
    )
    kit.draw_text(
        draw, (WIDTH - MARGIN, top + 2), "F = bonus Fortune card", 16, fill=kit.GOLD, anchor="ra"
    )
    for space in range(last + 1):
        row, col = divmod(space, TRACK_ROW)
        x = MARGIN + col * SPACE_W
        y = top + 34 + row * (SPACE_H + 8)
        is_f, is_end = space in fortune, space == last
        fill = (250, 226, 150) if is_f else (214, 196, 160) if space % 2 else (200, 180, 142)
        if is_end:
            fill = kit.GOLD
        draw.rounded_rectangle(
            (x + 2, y, x + SPACE_W - 2, y + SPACE_H), radius=6, fill=fill, outline=WOOD, width=2
        )
        label = "START" if space == 0 else str(space)
        kit.draw_text(
            draw,
            (x + 8, y + 4),
            label,
            15 if space == 0 else 19,
            fill=CARD_INK,
            bold=True,
            max_width=SPACE_W - 12,
        )
        if is_f:
            kit.draw_text(
                draw, (x + SPACE_W - 9, y + 3), "F", 19, fill=(170, 90, 0), bold=True, anchor="ra"
            )
        if is_end:
            kit.draw_text(
                draw, (x + SPACE_W - 8, y + 6), "END", 13, fill=CARD_INK, bold=True, anchor="ra"
            )


# --- players and log -------------------------------------------------------------------


def _players(draw: ImageDraw.ImageDraw, view: dict, names: list[str], top: int) -> None:
    """A row a seat, in the PLAYERS panel the backdrop drew."""
    width = 560
    winners = set((view.get("result") or {}).get("winners", []))
    for info in view["seats"]:
        seat = info["seat"]
        y = top + 40 + seat * 46
        if seat == view["turn"] and view["phase"] != "over":
            draw.rounded_rectangle(
                (MARGIN + 6, y - 2, MARGIN + width - 6, y + 42), radius=8, outline=kit.GOLD, width=2
            )
        kit.player_token(draw, seat, MARGIN + 30, y + 20, 15)
        name = names[seat] + ("  ★ winner" if seat in winners else "")
        kit.draw_text(
            draw,
            (MARGIN + 56, y + 6),
            name,
            19,
            bold=True,
            max_width=200,
            fill=kit.GOLD if seat in winners else kit.INK,
        )
        kit.draw_text(
            draw,
            (MARGIN + 56, y + 27),
            f"{info['properties']} properties · "
            f"{info['hand_size']} Fortune card{'s' if info['hand_size'] != 1 else ''}",
            15,
            fill=kit.MUTED,
        )
        kit.draw_text(
            draw, (MARGIN + 360, y + 10), f"${info['value']}M", 24, bold=True, anchor="ra"
        )
        _units_bar(draw, info["units_left"], view["units_start"], MARGIN + 376, y + 8)


def _units_bar(draw: ImageDraw.ImageDraw, left: int, start: int, x: int, y: int) -> None:
    kit.draw_text(draw, (x, y), f"{left} units left", 15, fill=kit.INK)
    bar_w = 160
    draw.rectangle((x, y + 22, x + bar_w, y + 30), fill=(70, 74, 86))
    if start:
        draw.rectangle(
            (x, y + 22, x + bar_w * left / start, y + 30),
            fill=(120, 200, 140) if left > 3 else (230, 110, 90),
        )


def _log(draw: ImageDraw.ImageDraw, view: dict, names: list[str], top: int) -> None:
    """The latest events that fit, in the LATEST panel the backdrop drew."""
    left = MARGIN + 580
    right = WIDTH - MARGIN
    bottom = top + max(40 + 46 * view["players"], 44 + 26 * 6)
    lines: list[str] = []
    for entry in reversed(view.get("log", [])):
        wrapped = kit.wrap(_named(entry, names), right - left - 28, 15)
        if len(lines) + len(wrapped) > (bottom - top - 44) // 20:
            break
        lines = wrapped + lines
    for i, line in enumerate(lines):
        kit.draw_text(draw, (left + 14, top + 38 + i * 20), line, 15)


# --- where things are drawn, for tests that look at the picture ------------------------
# (the same sums as render(), _header(), _track() and _players() above: keep them in step)

STATUS_BOX = (MARGIN, 50, MARGIN + 700, 80)  # the header line: whose turn, or who won


def track_token_box(view: dict, seat: int) -> tuple[float, float, float, float] | None:
    """The box of ``seat``'s token on the boardwalk; None if it is a fifth on its space."""
    last = view["track"]["last_space"]
    spaces = {info["seat"]: min(info["token"], last) for info in view["seats"]}
    sharing = [s for s, space in spaces.items() if space == spaces[seat]]
    index = sharing.index(seat)
    if index >= 4:
        return None
    row, col = divmod(spaces[seat], TRACK_ROW)
    x = MARGIN + col * SPACE_W
    y = HEADER_H + 8 + 4 * (ZONE_H + ZONE_GAP) + 24 + 34 + row * (SPACE_H + 8)
    r, c = divmod(index, 2)
    cx = x + SPACE_W / 2 + (c - 0.5) * 30 if len(sharing) > 1 else x + SPACE_W / 2
    cy = y + 40 + r * 22 if len(sharing) > 2 else y + 48
    radius = 14 if len(sharing) <= 2 else 11
    return cx - radius, cy - radius, cx + radius, cy + radius


def player_name_box(view: dict, seat: int) -> tuple[float, float, float, float]:
    """Where ``seat``'s name is written in the PLAYERS panel."""
    track_rows = -(-(view["track"]["last_space"] + 1) // TRACK_ROW)
    top = HEADER_H + 8 + 4 * (ZONE_H + ZONE_GAP) + 24 + 34 + track_rows * (SPACE_H + 8) + 6
    y = top + 40 + seat * 46
    return MARGIN + 56, y + 4, MARGIN + 256, y + 28
