"""San Francisco Scene board picture, drawn from a view only (public, or a seat's own).

The 1977 board as a square loop of 40 spaces (City Hall bottom right, play clockwise), each
with its name, price, colour strip, ★ (starred pair beside a corner) and ▼ (Chevron: a gas
station may go here), and below the name the owner's band: their token, one marker per
development, a pump for a gas station. Tokens stand in the lane just inside the loop. The Bay
fills the middle: the two sailboat routes with their marked stops (tokens and San Quentin's
inmates on them), a die face beside every place one die from a bridge stops a token (the
stops in the Bay, the far bridge and the loop spaces past it, in the lane), the Public Fund,
and any auction, offer or rent claims in progress. Above the board
the round, whose turn and the dice; below it every player's cash, Interest Groups, Connection
Cards and Debtor badge.
"""
from __future__ import annotations

import json
import math
from functools import cache
from typing import Any

from PIL import ImageDraw

from . import kit

View = dict[str, Any]
Box = tuple[float, float, float, float]

WIDTH = 1100
MARGIN = 10
HEADER_H = 88
BOARD_TOP = HEADER_H + 6
BOARD = WIDTH - 2 * MARGIN  # the loop's outer square
CORNER = 126
CELL = (BOARD - 2 * CORNER) // 9  # 92
LANE = 30  # where tokens stand, just inside the loop
STRIP = 17  # a property's colour strip
BAND = 22  # the owner's band
PLAYERS_TOP = BOARD_TOP + BOARD + 12
ROW_H = 82

PAPER = (244, 238, 222)
PAPER_INK = (32, 30, 34)
PAPER_MUTED = (110, 102, 92)
EDGE = (70, 62, 54)
WATER = (52, 98, 138)
WATER_DEEP = (40, 80, 116)
LANE_FILL = (220, 212, 192)
SAND = (232, 214, 170)
DEBTOR = (200, 60, 50)
FUND_GREY = (120, 120, 128)
ROUTE_ENDS = {"golden-gate": ("golden-gate-bridge", "richmond-bridge"),
              "bay-bridge": ("bay-bridge", "san-mateo-bridge")}
ROUTE_NAMES = {"golden-gate": "Golden Gate crossing", "bay-bridge": "Bay Bridge crossing"}
DIE = 20  # a die face marking where one die from a bridge stops a token
#: The Special Interest Groups: a badge colour and a short label, so a Connection Card reads
#: without its colour too.
GROUP_STYLE = {
    "politician": ((52, 84, 160), "POL"),
    "membership-chairman": ((36, 120, 84), "CLUB"),
    "attorney": ((128, 44, 70), "LAW"),
    "labor-leader": ((176, 98, 24), "LABOR"),
}
#: Spaces that are not for sale, tinted by what they do.
KIND_FILL = {
    "bridge": (204, 214, 224), "cable-car": (240, 218, 196), "college": (222, 232, 206),
    "bank": (226, 222, 236), "unemployment-office": (214, 232, 218),
}


SPACES = 40  # on the loop
#: What a loop space shows whoever owns it (the layer draws every space unowned).
SPACE_FACE = ("id", "name", "kind", "colour", "starred", "chevron", "price")


def render(view: View, image: str = "board") -> bytes:
    if image != "board":
        raise ValueError(f"San Francisco Scene draws the board; not {image!r}")
    height = PLAYERS_TOP + _players_height(view) + MARGIN
    layout = json.dumps([[space[key] for key in SPACE_FACE] for space in view["board"]]
                        + [view["bay"], view.get("routes")], sort_keys=True)
    img, draw = kit.on_layer(("san-francisco-scene", layout), WIDTH, height, lambda layer: _layer(layer, view))
    _header(draw, view)
    for index, space in enumerate(view["board"]):
        if _redrawn(index, space):
            _space(draw, view, index, space)  # over the unowned space the layer has there
    # The lane was drawn over the spaces' inner edges, which it shares with them.
    draw.rectangle(_inner_box(), outline=LANE_FILL)
    _lane_tokens(draw, view)
    _bay(draw, view)
    _loop_faces(draw, view)
    _centre(draw, view)
    _players(draw, view)
    return kit.to_png(img)


def _redrawn(index: int, space: dict) -> bool:
    """Whether a loop space is drawn over the layer: a corner (its Interest Group is dealt), a
    space owned or with a gas station, and the spaces drawn after a corner beside it, as they
    were when the loop was drawn in turn (a corner's holder token may reach their edge)."""
    return (cell_box(index)[1] == "corner" or cell_box(index - 1)[1] == "corner" or index == SPACES - 1
            or space["owner"] is not None or space["gas_station"])


def _layer(draw: ImageDraw.ImageDraw, view: View) -> None:
    """What every board of this table shows: the header's panel and title, the loop's spaces
    unowned (corners aside: they name their Interest Groups, dealt at the start), the lane,
    the Bay with its routes, and the players' headings. Reads the spaces' faces, the Bay and
    the routes (``render``'s layout key), and the number of seats (the picture's height)."""
    _header_layer(draw)
    draw.rectangle((MARGIN, BOARD_TOP, MARGIN + BOARD, BOARD_TOP + BOARD), fill=PAPER, outline=EDGE, width=2)
    for index, space in enumerate(view["board"]):
        if cell_box(index)[1] != "corner":
            _space(draw, view, index, {**space, "owner": None, "gas_station": False, "developments": 0})
    draw.rectangle(_inner_box(), fill=LANE_FILL)
    draw.rectangle(_bay_box(), fill=WATER)
    _bay_layer(draw, view)
    _players_layer(draw)


# --- shared pieces ---------------------------------------------------------------------


def _name(view: View, seat: int) -> str:
    names = view.get("names") or []
    return names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"


def _money(amount: int) -> str:
    return f"${amount:,}"


def _short_money(amount: int) -> str:
    """$240K, $1.2M: prices on a 92-pixel space."""
    if amount >= 1_000_000:
        return f"${amount / 1_000_000:.2f}".rstrip("0").rstrip(".") + "M"
    if amount >= 1_000 and amount % 1_000 == 0:
        return f"${amount // 1_000}K"
    return _money(amount)


def _hex(colour: str | None) -> kit.Colour | None:
    if not colour:
        return None
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def _ink_on(fill: kit.Colour) -> kit.Colour:
    return PAPER_INK if sum(fill) > 420 else (250, 250, 250)


def _spaces_by_id(view: View) -> dict[str, dict]:
    return {space["id"]: space for space in [*view["board"], *view["bay"]]}


def _group_style(group: str) -> tuple[kit.Colour, str]:
    return GROUP_STYLE.get(group, ((110, 110, 120), group[:4].upper()))


@cache
def _lines(text: str, width: int, size: int, most: int) -> tuple[int, tuple[str, ...]]:
    """The name in at most ``most`` lines, shrinking from ``size`` to 10 px; cut past that."""
    breakable = text.replace("–", "– ").replace("-", "- ")  # long names break at a dash
    for step in range(size, 9, -1):
        for candidate in (text, breakable):
            lines = [line.replace("– ", "–").replace("- ", "-")
                     for line in kit.wrap(candidate, width, step, True)]
            if len(lines) <= most and all(kit.text_width(line, step, True) <= width for line in lines):
                return step, tuple(lines)
    lines = kit.wrap(breakable, width, 10, True)
    kept = [kit.fit_text(line, width, 10, True)[0] for line in lines[:most]]
    if len(lines) > most:
        kept[-1] = kit.fit_text(kept[-1] + "…", width, 10, True)[0]
    return 10, tuple(kept)


# --- geometry --------------------------------------------------------------------------


def cell_box(index: int) -> tuple[Box, str]:
    """A loop space's box and the side of the board it is on (bottom, left, top, right,
    or corner). City Hall (0) is the bottom-right corner; play goes clockwise."""
    left, top = MARGIN, BOARD_TOP
    right, bottom = left + BOARD, top + BOARD
    side, step = divmod(index, 10)
    if step == 0:
        corners = [(right - CORNER, bottom - CORNER), (left, bottom - CORNER), (left, top),
                   (right - CORNER, top)]
        x, y = corners[side]
        return (x, y, x + CORNER, y + CORNER), "corner"
    offset = (step - 1) * CELL
    if side == 0:
        x1 = right - CORNER - offset
        return (x1 - CELL, bottom - CORNER, x1, bottom), "bottom"
    if side == 1:
        y1 = bottom - CORNER - offset
        return (left, y1 - CELL, left + CORNER, y1), "left"
    if side == 2:
        x0 = left + CORNER + offset
        return (x0, top, x0 + CELL, top + CORNER), "top"
    y0 = top + CORNER + offset
    return (right - CORNER, y0, right, y0 + CELL), "right"


def _inner_box() -> Box:
    return (MARGIN + CORNER, BOARD_TOP + CORNER, MARGIN + BOARD - CORNER, BOARD_TOP + BOARD - CORNER)


def _bay_box() -> Box:
    x0, y0, x1, y1 = _inner_box()
    return x0 + LANE, y0 + LANE, x1 - LANE, y1 - LANE


def lane_box(index: int) -> Box:
    """Where tokens on a loop space stand: the lane beside it inside the loop, or for a
    corner the foot of the corner square itself."""
    (x0, y0, x1, y1), side = cell_box(index)
    if side == "bottom":
        return x0, y0 - LANE, x1, y0
    if side == "left":
        return x1, y0, x1 + LANE, y1
    if side == "top":
        return x0, y1, x1, y1 + LANE
    if side == "right":
        return x0 - LANE, y0, x0, y1
    return x0 + 4, y1 - 32, x1 - 4, y1 - 4


def _spots(box: Box, count: int) -> tuple[list[tuple[float, float]], float]:
    """Centres for ``count`` tokens in ``box``, as big as fit (a row, else a grid); when even
    the smallest do not fit, the grid spills over the box rather than stacking them."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    for r in (12, 10, 8, 7, 6, 5):
        d = 2 * r + 3
        across, down = max(1, int(w // d)), max(1, int(h // d))
        if across * down >= count or r == 5:
            break
    rows = -(-count // across)
    spots = []
    for n in range(count):
        row, col = divmod(n, across)
        in_row = min(across, count - row * across)
        spots.append(((x0 + x1) / 2 + (col - (in_row - 1) / 2) * d,
                      (y0 + y1) / 2 + (row - (rows - 1) / 2) * d))
    return spots, r


def _standing(view: View) -> dict[str, list[int]]:
    """Space id -> the seats whose tokens stand there (bankrupt players have left)."""
    at: dict[str, list[int]] = {}
    for player in view["players"]:
        if not player["bankrupt"]:
            at.setdefault(player["space"], []).append(player["seat"])
    return at


# --- header ----------------------------------------------------------------------------


def _status(view: View) -> str:
    if view["winners"]:
        names = " & ".join(_name(view, seat) for seat in view["winners"])
        return f"{names} win{'s' if len(view['winners']) == 1 else ''} · game over after round {view['round']}"
    rounds = view["limit"]["rounds"]
    of = f" of {rounds}" if rounds else ""
    return f"Round {view['round']}{of} · {_name(view, view['turn'])} — {_phase(view)}"


def _phase(view: View) -> str:
    return {"roll": "to roll", "buy": "to buy or auction", "auction": "auction",
            "offer": "an offer is open", "home": "at a Home Base", "college": "at a university",
            "favour": "doubles twice: a connection", "bank": "at Wells Crocker Bank",
            "trade": "putting a trade together", "debt": "paying a debt",
            }.get(view["phase"], view["phase"].replace("-", " "))


def _header_layer(draw: ImageDraw.ImageDraw) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=kit.PANEL)
    # Golden Gate red under the title: the one bit of decoration.
    draw.rectangle((0, HEADER_H - 6, WIDTH, HEADER_H), fill=(192, 54, 44))
    kit.draw_text(draw, (MARGIN + 8, 10), "SAN FRANCISCO SCENE", 28, fill=kit.GOLD, bold=True)


def _header(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Where the game stands, and the dice (on the layer's header)."""
    over = bool(view["winners"])
    kit.draw_text(draw, (MARGIN + 8, 50), _status(view), 21, fill=kit.GOLD if over else kit.INK,
                  bold=over, max_width=STATUS_BOX[2] - STATUS_BOX[0])
    days = view["limit"]["days"]
    if days and not over:
        kit.draw_text(draw, (420, 18), f"ends after {days} day{'s' if days != 1 else ''}", 16,
                      fill=kit.MUTED)
    dice = view["dice"]
    x = WIDTH - MARGIN - 8 - 62 * len(dice)
    for i, value in enumerate(dice):
        kit.die_face(draw, x + i * 62, 14, 54, value)
    if len(dice) == 2 and dice[0] == dice[1]:
        kit.draw_text(draw, (x - 10, 41), "doubles", 16, fill=kit.GOLD, bold=True, anchor="rm")
    elif len(dice) == 1:
        kit.draw_text(draw, (x - 10, 41), "one die: crossing", 16, fill=kit.MUTED, anchor="rm")


# --- the loop --------------------------------------------------------------------------


def _space(draw: ImageDraw.ImageDraw, view: View, index: int, space: dict) -> None:
    box, side = cell_box(index)
    if side == "corner":
        _corner(draw, view, box, space)
        return
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=KIND_FILL.get(space["kind"], PAPER), outline=EDGE, width=1)
    colour = _hex(space["colour"])
    # The strip sits on the edge facing the Bay, the owner's band on the outer edge.
    strip: Box | None = None
    if colour or space["starred"] or space["chevron"]:
        strip = {"bottom": (x0, y0, x1, y0 + STRIP), "top": (x0, y1 - STRIP, x1, y1),
                 "left": (x1 - STRIP, y0, x1, y1), "right": (x0, y0, x0 + STRIP, y1)}[side]
        fill = colour or (150, 140, 128)
        draw.rectangle(strip, fill=fill, outline=EDGE, width=1)
        _marks(draw, space, strip, side in ("left", "right"), _ink_on(fill))
    text = [x0 + 4, y0 + 3, x1 - 4, y1 - 3]
    if strip and side == "bottom":
        text[1] = strip[3] + 2
    elif strip and side == "top":
        text[3] = strip[1] - 2
    elif strip and side == "left":
        text[2] = strip[0] - 3
    elif strip and side == "right":
        text[0] = strip[2] + 3
    owned = space["owner"] is not None
    band: Box | None = None
    if owned or space["gas_station"]:
        if side == "top":
            band = (text[0] - 2, text[1] - 1, text[2] + 2, text[1] - 1 + BAND)
            text[1] = band[3] + 2
        else:
            band = (text[0] - 2, text[3] + 1 - BAND, text[2] + 2, text[3] + 1)
            text[3] = band[1] - 2
    width = int(text[2] - text[0])
    price = space["price"]
    most = max(1, int((text[3] - text[1] - (15 if price else 0)) // 14))
    size, lines = _lines(space["name"], width, 13, min(most, 4))
    y = text[1]
    for line in lines:
        kit.draw_text(draw, ((text[0] + text[2]) / 2, y), line, size, fill=PAPER_INK, bold=True, anchor="ma")
        y += size + 2
    if price:
        kit.draw_text(draw, ((text[0] + text[2]) / 2, y + 1), _short_money(price), 13, fill=PAPER_MUTED,
                      anchor="ma")
    if band:
        _band(draw, space, band)


def _marks(draw: ImageDraw.ImageDraw, space: dict, strip: Box, upright: bool, ink: kit.Colour) -> None:
    """★ for a starred property, ▼ for a Chevron, inside the colour strip."""
    x0, y0, x1, y1 = strip
    marks = [m for m, on in (("★", space["starred"]), ("▼", space["chevron"])) if on]
    for n, mark in enumerate(marks):
        if upright:
            cx, cy = (x0 + x1) / 2, y0 + 10 + n * 16
        else:
            cx, cy = x0 + 10 + n * 16, (y0 + y1) / 2
        kit.draw_text(draw, (cx, cy), mark, 12, fill=ink, anchor="mm")


def _band(draw: ImageDraw.ImageDraw, space: dict, band: Box) -> None:
    """The owner's band: their token (or FUND), developments as houses, a gas pump."""
    x0, y0, x1, y1 = band
    owner = space["owner"]
    cy = (y0 + y1) / 2
    if owner == "fund":
        fill = FUND_GREY
        draw.rectangle(band, fill=fill)
        kit.draw_text(draw, (x0 + 4, cy), "FUND", 11, fill=(250, 250, 250), bold=True, anchor="lm")
        x = x0 + 4 + kit.text_width("FUND", 11, True) + 6
    elif owner is not None:
        fill = kit.player_style(owner).colour
        draw.rectangle(band, fill=fill)
        kit.player_token(draw, owner, x0 + 12, cy, 8)
        x = x0 + 25
    else:
        fill = LANE_FILL
        draw.rectangle(band, fill=fill)
        x = x0 + 4
    right = x1 - (18 if space["gas_station"] else 3)
    count = space["developments"]
    ink = _ink_on(fill)
    if count:
        if count <= int((right - x) // 11):
            for n in range(count):
                _house(draw, x + n * 11, cy, ink)
        else:
            _house(draw, x, cy, ink)
            kit.draw_text(draw, (x + 11, cy), f"×{count}", 12, fill=ink, bold=True, anchor="lm")
    if space["gas_station"]:
        _pump(draw, x1 - 15, y0 + 3, y1 - 3)


def _house(draw: ImageDraw.ImageDraw, x: float, cy: float, ink: kit.Colour) -> None:
    """One development marker: a little house (9 px wide)."""
    draw.polygon([(x, cy - 1), (x + 4.5, cy - 6), (x + 9, cy - 1), (x + 9, cy + 6), (x, cy + 6)],
                 fill=ink, outline=(20, 20, 20))


def _pump(draw: ImageDraw.ImageDraw, x: float, top: float, bottom: float) -> None:
    """A gas station: a red pump with a hose."""
    draw.rectangle((x, top + 1, x + 8, bottom), fill=(210, 40, 36), outline=(20, 20, 20))
    draw.rectangle((x + 2, top + 3, x + 6, top + 7), fill=(250, 250, 250))
    draw.line((x + 8, top + 5, x + 11, top + 7, x + 11, bottom - 3), fill=(20, 20, 20), width=2)


def _corner(draw: ImageDraw.ImageDraw, view: View, box: Box, space: dict) -> None:
    """A Home Base: the Interest Group it belongs to and who plays it, then its name."""
    x0, y0, x1, y1 = box
    group = next((g for g in view["groups"] if g["home"] == space["id"]), None)
    colour = _group_style(group["id"])[0] if group else (150, 140, 128)
    draw.rectangle(box, fill=(236, 226, 200), outline=EDGE, width=2)
    label = group["name"] if group else space["kind"].replace("-", " ").title()
    holder = group["holder"] if group else None
    room = CORNER - 10 - (22 if holder is not None else 0)
    size, heading = _lines(label.upper(), room, 12, 2)
    band = y0 + 8 + (size + 2) * len(heading)
    draw.rectangle((x0 + 1, y0 + 1, x1 - 1, band), fill=colour)
    for n, line in enumerate(heading):
        kit.draw_text(draw, (x0 + 6, y0 + 5 + n * (size + 2)), line, size, fill=(250, 250, 250), bold=True)
    if holder is not None:
        kit.player_token(draw, holder, x1 - 13, (y0 + band) / 2, 9)
    size, lines = _lines(space["name"], CORNER - 12, 15, 3)
    below = (y1 - 34) - (band + 4)
    y = band + 4 + (below - len(lines) * (size + 2)) / 2
    for line in lines:
        kit.draw_text(draw, ((x0 + x1) / 2, y), line, size, fill=PAPER_INK, bold=True, anchor="ma")
        y += size + 2


def _lane_tokens(draw: ImageDraw.ImageDraw, view: View) -> None:
    """The tokens in the lane (the layer's sandy ring between the loop and the water)."""
    at = _standing(view)
    for index, space in enumerate(view["board"]):
        seats = at.get(space["id"], [])
        if seats:
            spots, r = _spots(lane_box(index), len(seats))
            for seat, (cx, cy) in zip(seats, spots):
                kit.player_token(draw, seat, cx, cy, r)


# --- the Bay ---------------------------------------------------------------------------


def _lane_point(index: int) -> tuple[float, float]:
    """Where a route leaves the loop: the middle of the space's edge on the water."""
    x0, y0, x1, y1 = lane_box(index)
    side = cell_box(index)[1]
    if side == "bottom":
        return (x0 + x1) / 2, y0
    if side == "top":
        return (x0 + x1) / 2, y1
    if side == "left":
        return x1, (y0 + y1) / 2
    if side == "right":
        return x0, (y0 + y1) / 2
    return (x0 + x1) / 2, (y0 + y1) / 2


def bay_spots(view: View) -> dict[str, tuple[float, float]]:
    """Each Bay space's centre: a route's squares spread evenly along a curve that leaves the
    loop at the route's bridge, swings out over the water and lands at the bridge it ends on."""
    spots: dict[str, tuple[float, float]] = {}
    for route, curve in _routes(view).items():
        squares = [space for space in view["bay"] if space["route"] == route]
        for n, square in enumerate(squares, start=1):
            spots[square["id"]] = _bezier(*curve, n / (len(squares) + 1))
    return spots


Curve = tuple[tuple[float, float], tuple[float, float], tuple[float, float]]


def _route_ends(view: View) -> dict[str, tuple[str, str]]:
    """Each route's bridge and far bridge (from the view; older views lack ``routes``)."""
    if view.get("routes"):
        return {route["id"]: (route["bridge"], route["exit"]) for route in view["routes"]}
    return ROUTE_ENDS


def die_faces(view: View) -> dict[str, list[int]]:
    """Space id -> the faces of one die from a bridge that stop a token there."""
    faces: dict[str, list[int]] = {}
    for route in view.get("routes") or []:
        for face, space_id in enumerate(route["faces"], start=1):
            faces.setdefault(space_id, []).append(face)
    return faces


def _routes(view: View) -> dict[str, Curve]:
    index = {space["id"]: n for n, space in enumerate(view["board"])}
    bx0, by0, bx1, by1 = _bay_box()
    centre = (bx0 + bx1) / 2, (by0 + by1) / 2
    curves = {}
    for route, (start, end) in _route_ends(view).items():
        if start in index and end in index:
            p0, p2 = _lane_point(index[start]), _lane_point(index[end])
            # The pull: from the chord's middle towards the centre, more for a short chord.
            mx, my = (p0[0] + p2[0]) / 2, (p0[1] + p2[1]) / 2
            pull = 0.5 if math.dist(p0, p2) < 300 else 0.3
            curves[route] = p0, (mx + (centre[0] - mx) * pull, my + (centre[1] - my) * pull), p2
    return curves


def _bezier(p0, p1, p2, t: float) -> tuple[float, float]:
    u = 1 - t
    return (u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
            u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1])


STOP_R = 25


def _bay_layer(draw: ImageDraw.ImageDraw, view: View) -> None:
    """The Bay's name, the routes' wakes and a sailboat setting out from each bridge."""
    bx0, by0, bx1, by1 = _bay_box()
    for n, word in enumerate(("SAN FRANCISCO", "BAY")):
        kit.draw_text(draw, ((bx0 + bx1) / 2, (by0 + by1) / 2 - 60 + n * 56), word, 48,
                      fill=(66, 114, 154), bold=True, anchor="mm")
    for curve in _routes(view).values():
        points = [_bezier(*curve, n / 60) for n in range(61)]
        for n in range(0, 60, 2):  # dashed: the sailboats' wake
            draw.line((*points[n], *points[n + 1]), fill=(170, 200, 224), width=3)
    for curve in _routes(view).values():
        x, y = _bezier(*curve, 0.06)
        _sailboat(draw, x, y)


def _bay(draw: ImageDraw.ImageDraw, view: View) -> None:
    """The Bay's stops with the tokens on them and San Quentin's inmates (in turn: a stop's
    name may lie under the tokens of the one before it)."""
    spots = bay_spots(view)
    curves = _routes(view)
    bx0, by0, bx1, by1 = _bay_box()
    centre = (bx0 + bx1) / 2, (by0 + by1) / 2
    at = _standing(view)
    faces = die_faces(view)
    for space in view["bay"]:
        if space["id"] not in spots:
            continue
        x, y = spots[space["id"]]
        squares = [s["id"] for s in view["bay"] if s["route"] == space["route"]]
        t = (squares.index(space["id"]) + 1) / (len(squares) + 1)
        _stop(draw, space, x, y, _away(curves[space["route"]], t, centre), faces.get(space["id"], []))
        seats = at.get(space["id"], [])
        if seats:
            spots_here, r = _spots(bay_token_area(space, x, y), len(seats))
            for seat, (sx, sy) in zip(seats, spots_here):
                kit.player_token(draw, seat, sx, sy, r)
        if space["kind"] == "prison":
            _inmates(draw, view, x, y)


def _stop(draw: ImageDraw.ImageDraw, space: dict, x: float, y: float, away: tuple[float, float],
          faces: list[int]) -> None:
    """A marked stop in the Bay: San Quentin behind bars, the others draw a card. Its name
    (after the die face that stops a token here) goes on the side ``away`` points to (off
    the route, towards open water)."""
    draw.ellipse((x - STOP_R, y - STOP_R, x + STOP_R, y + STOP_R), fill=SAND, outline=EDGE, width=2)
    if space["kind"] == "prison":
        for bar in (-12, -4, 4, 12):
            draw.line((x + bar, y - STOP_R + 5, x + bar, y + STOP_R - 5), fill=(90, 90, 96), width=2)
    label = space["name"] + (" ✦" if space["kind"] == "island" else "")
    dice = len(faces) * DIE
    width = kit.text_width(label, 14, True) + 12 + dice
    dx, dy = away
    if abs(dx) >= abs(dy):
        left = x + STOP_R + 4 if dx > 0 else x - STOP_R - 4 - width
        top = y - 11
    else:
        left = x - width / 2
        top = y + STOP_R + 3 if dy > 0 else y - STOP_R - 25
    draw.rounded_rectangle((left, top, left + width, top + 22), radius=6, fill=WATER_DEEP)
    for n, face in enumerate(faces):
        kit.die_face(draw, left + 2 + n * DIE, top + 2, DIE - 2, face)
    kit.draw_text(draw, (left + dice + (width - dice) / 2, top + 11), label, 14, fill=(250, 250, 250),
                  bold=True, anchor="mm")


def _loop_faces(draw: ImageDraw.ImageDraw, view: View) -> None:
    """The loop's places one die from a bridge reaches (its far bridge and the spaces past
    it): the face, in the lane beside the space, at its start."""
    faces = die_faces(view)
    for index, space in enumerate(view["board"]):
        for n, face in enumerate(faces.get(space["id"], [])):
            x0, y0, _, _ = face_box(index, n)
            kit.die_face(draw, x0, y0, DIE, face)


def face_box(index: int, n: int = 0) -> Box:
    """Where the ``n``-th die face of loop space ``index`` is drawn: the lane's first corner
    in the direction of play, clear of the tokens standing in its middle."""
    x0, y0, x1, y1 = lane_box(index)
    side = cell_box(index)[1]
    shift = n * (DIE + 2)
    if side == "bottom":
        x, y = x1 - DIE - 4 - shift, y0 + (LANE - DIE) / 2
    elif side == "left":
        x, y = x0 + (LANE - DIE) / 2, y1 - DIE - 4 - shift
    elif side == "top":
        x, y = x0 + 4 + shift, y0 + (LANE - DIE) / 2
    elif side == "right":
        x, y = x0 + (LANE - DIE) / 2, y0 + 4 + shift
    else:
        x, y = x0 + 4 + shift, y0 + 4
    return x, y, x + DIE, y + DIE


def _away(curve: Curve, t: float, centre: tuple[float, float]) -> tuple[float, float]:
    """The normal of the curve at ``t`` that points towards ``centre``."""
    (x0, y0), (x1, y1), (x2, y2) = curve
    tx = 2 * (1 - t) * (x1 - x0) + 2 * t * (x2 - x1)
    ty = 2 * (1 - t) * (y1 - y0) + 2 * t * (y2 - y1)
    px, py = _bezier(*curve, t)
    nx, ny = -ty, tx
    if nx * (centre[0] - px) + ny * (centre[1] - py) < 0:
        nx, ny = -nx, -ny
    return nx, ny


def bay_token_area(space: dict, x: float, y: float) -> Box:
    if space["stop"]:
        return x - 30, y - 18, x + 30, y + 18
    return x - 16, y - 14, x + 16, y + 14


def _inmates(draw: ImageDraw.ImageDraw, view: View, x: float, y: float) -> None:
    """Who is in San Quentin and for how many turns, above the island."""
    inmates = [p for p in view["players"] if p["in_jail"] and not p["bankrupt"]]
    if not inmates:
        return
    text = ", ".join(f"{_name(view, p['seat'])} {p['jail_turns']}/3" for p in inmates)
    text, size = kit.fit_text(f"In jail: {text}", 260, 13, True)
    width = kit.text_width(text, size, True) + 14
    bx0, _, bx1, _ = _bay_box()
    left = min(max(x - width / 2, bx0 + 4), bx1 - 4 - width)
    ty = y - STOP_R - 24
    draw.rounded_rectangle((left, ty, left + width, ty + 20), radius=6, fill=(60, 60, 68))
    kit.draw_text(draw, (left + width / 2, ty + 10), text, size, fill=(250, 250, 250), bold=True,
                  anchor="mm")


def _sailboat(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    draw.polygon([(x - 9, y + 3), (x + 9, y + 3), (x + 6, y + 8), (x - 6, y + 8)], fill=(150, 100, 60))
    draw.polygon([(x - 1, y + 2), (x - 1, y - 14), (x - 9, y + 1)], fill=(250, 250, 250))
    draw.polygon([(x + 1, y + 2), (x + 1, y - 11), (x + 7, y + 1)], fill=(226, 230, 236))


# --- the middle: fund, auction, offer, claim, winner -------------------------------------

Block = tuple[str, list[str], kit.Colour]
LINE = 22


def _centre(draw: ImageDraw.ImageDraw, view: View) -> None:
    """The panels, in the water below the routes: one column, or two when they are many."""
    bx0, by0, bx1, by1 = _bay_box()
    spots = bay_spots(view)
    top = max([y + STOP_R + 24 for _, y in spots.values()], default=by0) + 8
    bottom = by1 - 14
    blocks = [block for block in (_winner_block(view), _auction_block(view), _offer_block(view),
                                  _claim_block(view), _card_block(view), _fund_block(view)) if block]
    heights = [16 + LINE * len(lines) for _, lines, _ in blocks]
    if sum(heights) + 10 * (len(blocks) - 1) <= bottom - top or len(blocks) == 1:
        columns = [list(zip(blocks, heights))]
        width: float = 470
    else:
        split = _balanced_split(heights)
        pairs = list(zip(blocks, heights))
        columns = [pairs[:split], pairs[split:]]
        width = (bx1 - bx0 - 40) / 2
    total_w = width * len(columns) + 12 * (len(columns) - 1)
    x = (bx0 + bx1) / 2 - total_w / 2
    for column in columns:
        y = bottom - sum(h for _, h in column) - 10 * (len(column) - 1)
        for (title, lines, accent), height in column:
            draw.rounded_rectangle((x, y, x + width, y + height), radius=10, fill=kit.PANEL,
                                   outline=accent, width=2)
            kit.draw_text(draw, (x + 12, y + 8), title, 17, fill=accent, bold=True, max_width=width - 24)
            for n, line in enumerate(lines[1:], start=1):
                kit.draw_text(draw, (x + 12, y + 8 + LINE * n), line, 15, fill=kit.INK, max_width=width - 24)
            y += height + 10
        x += width + 12


def _balanced_split(heights: list[int]) -> int:
    """Where to cut the list so the two columns are as even as they can be."""
    total = sum(heights)
    return min(range(1, len(heights)), key=lambda n: abs(total - 2 * sum(heights[:n])))


def _winner_block(view: View) -> Block | None:
    if not view["winners"]:
        return None
    names = " & ".join(_name(view, seat) for seat in view["winners"])
    lines = [""]
    if view.get("worth"):
        best = view["worth"][view["winners"][0]]
        lines.append(f"worth {_money(best)}: cash + half of cards, developments and gas stations")
    return f"★ {names} win{'s' if len(view['winners']) == 1 else ''}!", lines, kit.GOLD


def _auction_block(view: View) -> Block | None:
    auction = view.get("auction")
    if not auction:
        return None
    space = _spaces_by_id(view)[auction["space"]]
    lines = [""]
    if auction["bidder"] is None:
        lines.append("No bid yet")
    else:
        lines.append(f"High bid {_money(auction['bid'])}: {_name(view, auction['bidder'])}")
    lines.append(f"Next bid at least {_money(auction['next_minimum'])}")
    passed = ", ".join(_name(view, seat) for seat in auction["passed"])
    lines.append(f"Auctioneer {_name(view, auction['auctioneer'])}" + (f" · passed: {passed}" if passed else ""))
    price = f" (price {_money(space['price'])})" if space.get("price") else ""
    return f"AUCTION · {space['name']}{price}", lines, kit.GOLD


def _offer_block(view: View) -> Block | None:
    offer = view.get("offer")
    if not offer:
        return None
    what = {"connection": "a Connection Card", "trade": "a trade"}.get(offer["kind"], offer["kind"])
    return ("OFFER OPEN", ["", f"{_name(view, offer['by'])} → {_name(view, offer['to'])}: {what}",
                           "its terms stay between the two"], (120, 190, 230))


def _claim_block(view: View) -> Block | None:
    """The rent claims open (each until the next player rolls)."""
    claims = view.get("claims") or []
    if not claims:
        return None
    spaces = _spaces_by_id(view)
    if len(claims) == 1:
        (claim,) = claims
        return (f"RENT · {spaces[claim['space']]['name']}",
                ["", f"{_name(view, claim['owner'])} may claim {_money(claim['amount'])}",
                 f"from {_name(view, claim['payer'])}"], (230, 140, 120))
    lines = [""] + [f"{spaces[c['space']]['name']}: {_name(view, c['owner'])} may claim "
                    f"{_money(c['amount'])}" for c in claims[:3]]
    if len(claims) > 3:
        lines.append(f"and {len(claims) - 3} more")
    return f"RENT CLAIMS · from {_name(view, claims[0]['payer'])}", lines, (230, 140, 120)


def _card_block(view: View) -> Block | None:
    """The Cable Car card drawn last, while the game goes on."""
    card = view.get("last_card")
    if not card or view["winners"]:
        return None
    left = view.get("cable_cars", {}).get("left")
    count = f" · {left} left in the deck" if left is not None else ""
    lines = kit.wrap(card["text"], 330, 15)[:2]
    return f"LAST CABLE CAR CARD{count}", ["", *lines], (226, 190, 150)


def _fund_block(view: View) -> Block:
    fund = view["fund"]
    spaces = _spaces_by_id(view)
    cards = [spaces[card]["name"] for card in fund["cards"]]
    lines = [""]
    if cards:
        shown = ", ".join(cards[:3]) + (f" +{len(cards) - 3} more" if len(cards) > 3 else "")
        lines.append(f"Cards: {shown}")
    lines.append("all of it to whoever lands on the Unemployment Office")
    return f"PUBLIC FUND · {_money(fund['cash'])}", lines, (150, 200, 150)


# --- players ---------------------------------------------------------------------------


def _players_height(view: View) -> int:
    return 62 + -(-len(view["players"]) // 2) * ROW_H


def player_row_box(view: View, seat: int) -> Box:
    col_w = (WIDTH - 2 * MARGIN - 10) / 2
    row, col = divmod(seat, 2)
    x0 = MARGIN + col * (col_w + 10)
    y0 = PLAYERS_TOP + 58 + row * ROW_H
    return x0, y0, x0 + col_w, y0 + ROW_H - 6


LEGEND = ("★ starred: develop with both beside the corner · ▼ Chevron: room for a gas station · "
          "✦ draw a Cable Car card · die face: where one die from a bridge stops you")


def _players_layer(draw: ImageDraw.ImageDraw) -> None:
    kit.draw_text(draw, (WIDTH / 2, PLAYERS_TOP + 2), LEGEND, 14, fill=kit.MUTED, anchor="ma",
                  max_width=WIDTH - 2 * MARGIN)
    top = PLAYERS_TOP + 26
    kit.draw_text(draw, (MARGIN + 4, top + 4), "PLAYERS", 17, fill=kit.MUTED, bold=True)
    kit.draw_text(draw, (WIDTH - MARGIN - 4, top + 6),
                  "badges: Interest Groups played · cards: Connection Cards held", 14, fill=kit.MUTED,
                  anchor="ra")


def _players(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Each player's row (the legend and headings are the layer's)."""
    owned: dict[int, list[dict]] = {}
    for space in view["board"]:
        if isinstance(space["owner"], int):
            owned.setdefault(space["owner"], []).append(space)
    groups = {group["id"]: group for group in view["groups"]}
    for player in view["players"]:
        _player(draw, view, player, owned.get(player["seat"], []), groups)


def _player(draw: ImageDraw.ImageDraw, view: View, player: dict, owned: list[dict], groups: dict) -> None:
    seat = player["seat"]
    x0, y0, x1, y1 = player_row_box(view, seat)
    turn = seat == view["turn"] and not view["winners"]
    winner = seat in view["winners"]
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=kit.PANEL,
                           outline=kit.GOLD if turn or winner else None, width=2)
    kit.player_token(draw, seat, x0 + 24, y0 + 24, 15)
    name_box = player_name_box(view, seat)
    fill = kit.MUTED if player["bankrupt"] else kit.GOLD if winner else kit.INK
    name = _name(view, seat) + ("  ★" if winner else "")
    kit.draw_text(draw, (name_box[0], name_box[1]), name, 19, fill=fill, bold=True,
                  max_width=name_box[2] - name_box[0])
    cash = "BANKRUPT" if player["bankrupt"] else _money(player["cash"])
    kit.draw_text(draw, (x1 - 12, y0 + 6), cash, 21, fill=DEBTOR if player["bankrupt"] else kit.INK,
                  bold=True, anchor="ra")
    # Line two: the groups they play (badges), the connections they hold (chips), the Debtor badge.
    x = x0 + 48
    for group in player["groups"]:
        x = _badge(draw, x, y0 + 34, groups[group]["name"] if group in groups else group,
                   _group_style(group)[0]) + 6
    for group in player["connections"]:
        colour, short = _group_style(group)
        x = _chip(draw, x, y0 + 34, short, colour) + 4
    if player["debtor"]:
        x = _badge(draw, x + 4, y0 + 34, "DEBTOR", DEBTOR) + 6
    # Line three: where they are and what holds them back; what they own.
    notes = []
    if player["in_jail"]:
        notes.append(f"in San Quentin ({player['jail_turns']}/3 turns)")
    elif player["on_route"]:
        notes.append(f"one die next turn: {ROUTE_NAMES.get(player['on_route'], player['on_route'])}")
    if player["skip_turns"]:
        notes.append(f"loses {player['skip_turns']} turn{'s' if player['skip_turns'] != 1 else ''}")
    developments = sum(space["developments"] for space in owned)
    if owned:
        notes.append(f"{len(owned)} owned" + (f", {developments} developments" if developments else ""))
    if view.get("worth") and not player["bankrupt"]:
        notes.append(f"worth {_money(view['worth'][seat])}")
    if notes:
        kit.draw_text(draw, (x0 + 48, y0 + 58), " · ".join(notes), 14, fill=kit.MUTED, max_width=x1 - x0 - 60)


def _badge(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, colour: kit.Colour) -> float:
    width = kit.text_width(text, 13, True) + 12
    draw.rounded_rectangle((x, y, x + width, y + 19), radius=9, fill=colour)
    kit.draw_text(draw, (x + width / 2, y + 10), text, 13, fill=(250, 250, 250), bold=True, anchor="mm")
    return x + width


def _chip(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, colour: kit.Colour) -> float:
    """A Connection Card: a small card in its group's colour with its short name."""
    width = kit.text_width(text, 11, True) + 10
    draw.rectangle((x, y, x + width, y + 19), fill=(246, 240, 226), outline=colour, width=3)
    kit.draw_text(draw, (x + width / 2, y + 10), text, 11, fill=colour, bold=True, anchor="mm")
    return x + width


# --- where things are drawn, for tests that look at the picture ------------------------
# (the same sums as render(), _header(), _lane_tokens(), _bay() and _player(): keep them in step)

STATUS_BOX = (MARGIN + 8, 48, MARGIN + 8 + 640, 76)  # round and whose turn, or who won


def token_box(view: View, seat: int) -> Box | None:
    """The box of ``seat``'s token on the loop or in the Bay; None once they are bankrupt."""
    player = view["players"][seat]
    if player["bankrupt"]:
        return None
    sharing = _standing(view)[player["space"]]
    index = next((n for n, space in enumerate(view["board"]) if space["id"] == player["space"]), None)
    if index is not None:
        area = lane_box(index)
    else:
        square = next(space for space in view["bay"] if space["id"] == player["space"])
        area = bay_token_area(square, *bay_spots(view)[square["id"]])
    spots, r = _spots(area, len(sharing))
    cx, cy = spots[sharing.index(seat)]
    return cx - r, cy - r, cx + r, cy + r


def player_name_box(view: View, seat: int) -> Box:
    """Where ``seat``'s name is written in the players' panel."""
    x0, y0, x1, _ = player_row_box(view, seat)
    return x0 + 48, y0 + 6, x1 - 150, y0 + 30
