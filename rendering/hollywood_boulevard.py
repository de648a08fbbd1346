"""Hollywood Boulevard pictures, drawn from a view only (about 1100 px wide, large text, so
a phone's half-size preview still reads).

``board``   the round track, the three top sections (genre generator, Advertising Agency,
            Distribution Agency), the Amenity Boxes with markers and chips, the star tracks
            with their Popularity Cubes, and every theatre's cash.
``array``   this round's 24 films, grouped by genre: title, price, dice, running time,
            colour process, specials, cast and director (☆ = on the star tracks).
``bids``    the advertising reveal: every bid on every box, the winners, ties and roll-offs.
``payout``  each theatre's dice, film by film, with where they came from, and the totals.
"""
from __future__ import annotations

import json
from typing import Any

from PIL import ImageDraw

from .kit import (
    BACKGROUND,
    GOLD,
    INK,
    MUTED,
    PANEL,
    canvas,
    die_face,
    draw_text,
    fit_text,
    money,
    on_layer,
    player_style,
    player_token,
    text_width,
    to_png,
    wrap,
)

WIDTH = 1100
PAD = 24
SCREEN_RED = (150, 28, 38)
MARQUEE = (52, 20, 24)
CARD = (246, 240, 224)
CARD_INK = (34, 30, 28)
CARD_MUTED = (105, 96, 88)
DIM = (70, 74, 86)
WIN = (80, 180, 110)
GENRE_COLOURS = {
    "musical": (205, 80, 150), "suspense": (70, 80, 110), "adventure": (40, 140, 80),
    "war": (110, 120, 60), "scifi": (30, 150, 160), "epic": (120, 70, 170),
    "romance": (215, 90, 100), "comedy": (225, 140, 40), "western": (150, 95, 50),
    "drama": (50, 100, 190),
}
SPECIAL_LABEL = {
    "3d": "3-D", "cinemascope": "CinemaScope", "vistavision": "VistaVision",
    "superscope": "SuperScope", "oscar": "Oscar", "bafta": "BAFTA",
}
COLOUR_LABEL = {"bw": "B&W", "technicolor": "Technicolor"}
CHIP_LETTER = {"superscope": "S", "vistavision": "V"}


def render(view: dict[str, Any], image: str = "board") -> bytes:
    drawers = {"board": _board, "array": _array, "bids": _bids, "payout": _payout}
    if image not in drawers:
        raise ValueError(f"Hollywood Boulevard draws {', '.join(drawers)}; not {image!r}")
    return drawers[image](view)


# ------------------------------------------------------------------ shared pieces

def _name(view: dict[str, Any], seat: int) -> str:
    names = view.get("names") or []
    return names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"


def _money(amount: int) -> str:
    return f"${amount:,}"


def _hours(minutes: int) -> str:
    return f"{minutes // 60}h{minutes % 60:02d}"


def _title_bar(draw: ImageDraw.ImageDraw, title: str, subtitle: str, height: int = 84) -> int:
    """A cinema marquee: red band, gold title, a row of bulbs."""
    _marquee(draw, title, height)
    _subtitle(draw, subtitle, height)
    return height


def _marquee(draw: ImageDraw.ImageDraw, title: str, height: int = 84) -> None:
    draw.rectangle((0, 0, WIDTH, height), fill=MARQUEE)
    for x in range(14, WIDTH, 28):
        draw.ellipse((x - 4, 6, x + 4, 14), fill=GOLD)
        draw.ellipse((x - 4, height - 14, x + 4, height - 6), fill=GOLD)
    draw_text(draw, (PAD, height / 2), title, 36, fill=GOLD, bold=True, anchor="lm", max_width=600)


def _subtitle(draw: ImageDraw.ImageDraw, subtitle: str, height: int = 84) -> None:
    draw_text(draw, (WIDTH - PAD, height / 2), subtitle, 24, fill=INK, anchor="rm", max_width=460)


def _panel(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], title: str,
           fill=PANEL, title_fill=GOLD, size: int = 22) -> None:
    draw.rounded_rectangle(box, radius=12, fill=fill)
    draw_text(draw, (box[0] + 14, box[1] + 10), title, size, fill=title_fill, bold=True,
              max_width=box[2] - box[0] - 28)


def _chip(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, count: int, letter: str = "") -> float:
    """A player's chip (their token, small) with a count; returns the width used."""
    player_token(draw, seat, cx, cy, 13)
    text = letter + (f"×{count}" if count > 1 else "")
    if text:
        draw_text(draw, (cx + 16, cy), text, 18, fill=INK, bold=True, anchor="lm")
        return 34 + text_width(text, 18, True)
    return 32


def _genre_name(view: dict[str, Any], genre: str | None) -> str:
    if genre is None:
        return "none"
    return next(g["name"] for g in view["board"]["genres"] if g["id"] == genre)


def _box_name(view: dict[str, Any], box: str) -> str:
    return next(b["name"] for b in view["board"]["boxes"] if b["id"] == box)


# ------------------------------------------------------------------ board

# The board's sections stack from the top: where each begins (the amenities and stars follow).
ROUND_TOP = 84 + 12
SECTIONS_TOP = ROUND_TOP + 48 + 12
AMENITIES_TOP = SECTIONS_TOP + 300 + 14


def _board(view: dict[str, Any]) -> bytes:
    # Made at its final size: a taller canvas cropped afterwards is two more 2-megapixel
    # images to allocate and fill, which cost as much as drawing everything on them. What
    # every board of this table shows is drawn once (``_board_layer``); the state on top.
    layout = (view["players"], json.dumps(view["board"], sort_keys=True))
    img, draw = on_layer(("hollywood-boulevard", layout), WIDTH, _board_height(view),
                         lambda layer: _board_layer(layer, view))
    deck = "first deck" if view["deck"] == 1 else "second deck"
    _subtitle(draw, _final(view) or f"Round {view['round']} of {view['rounds']} · {deck}")
    _round_track(draw, view, ROUND_TOP)
    _top_sections(draw, view, SECTIONS_TOP)
    stars_top = AMENITIES_TOP + _amenities(draw, view, AMENITIES_TOP) + 14
    _theatres(draw, view, _star_tracks(draw, view, stars_top) + 14)
    return to_png(img)


def _board_layer(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """What the board of a table shows whatever its state: reads the board's content and the
    number of seats only (``_board``'s layout key)."""
    _marquee(draw, "HOLLYWOOD BOULEVARD")
    draw_text(draw, (PAD, ROUND_TOP + 24), "Round", 22, fill=MUTED, anchor="lm")
    _top_sections_layer(draw, view, SECTIONS_TOP)
    stars_top = AMENITIES_TOP + _amenities_layer(draw, view, AMENITIES_TOP) + 14
    _theatres_layer(draw, view, _star_tracks_layer(draw, view, stars_top) + 14)


def _board_height(view: dict[str, Any]) -> int:
    """Where the sections ``_board`` stacks end (the reference pictures' sizes check the sums):
    title bar, round track and top sections, then the amenities, stars and theatres."""
    fixed = 84 + 12 + 48 + 12 + 300 + 14 + _amenities_height() + 14
    stars = 40 + sum(_star_group_height(view["board"][group]) for group in ("actors", "directors"))
    return fixed + stars + 14 + 40 + THEATRE_ROW * view["players"] + PAD


def _final(view: dict[str, Any]) -> str | None:
    """Once the game is over, who won and with how much: the board's last word."""
    scores = view.get("scores")
    if not scores:
        return None
    names = view.get("names") or []
    best = max(scores)
    winners = [names[s] if s < len(names) else f"Player {s + 1}" for s, v in enumerate(scores) if v == best]
    return f"Final · {' & '.join(winners)} win{'s' if len(winners) == 1 else ''} with {money(best)}"


def _round_track(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """The rounds' boxes and the note beside them (the "Round" label is the layer's)."""
    rounds = view["rounds"]
    x0, size = PAD + 90, 56
    for number in range(1, rounds + 1):
        x = x0 + (number - 1) * (size + 10)
        current = number == view["round"]
        second = number > view["switch_after"]
        fill = GOLD if current else (PANEL if number > view["round"] else DIM)
        draw.rounded_rectangle((x, y, x + size, y + 48), radius=8, fill=fill,
                               outline=SCREEN_RED if second else None, width=3)
        draw_text(draw, (x + size / 2, y + 24), str(number), 26, fill=BACKGROUND if current else INK,
                  bold=True, anchor="mm")
    note_x = x0 + rounds * (size + 10) + 10
    draw_text(draw, (note_x, y + 24), f"red frame = second film deck (after round {view['switch_after']})",
              18, fill=MUTED, anchor="lm", max_width=WIDTH - note_x - PAD)
    return y + 48


def _holder(view: dict[str, Any], spot: str) -> int | None:
    for seat, spots in enumerate(view["markers"]):
        if spot in spots:
            return seat
    return None


def _section_boxes(y: int) -> list[tuple[int, int, int, int]]:
    height = 300
    widths = (420, 356, WIDTH - 2 * PAD - 420 - 356 - 24)
    boxes, x = [], PAD
    for width in widths:
        boxes.append((x, y, x + width, y + height))
        x += width + 12
    return boxes


SECTIONS = (("Preview House", "preview"), ("Advertising Agency", "agency"),
            ("Distribution Agency", "distribution"))


def _top_sections_layer(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> None:
    """The three panels, every genre and Advertising Box unlit, the Distribution Agency's line."""
    boxes = _section_boxes(y)
    for box, (title, _) in zip(boxes, SECTIONS):
        _panel(draw, box, title, fill=(58, 36, 40))
    for index, genre in enumerate(view["board"]["genres"]):
        _genre_cell(draw, boxes[0], index, genre, on=False)
    for index, ad in enumerate(view["board"]["boxes"]):
        _agency_row(draw, boxes[1], index, ad, on=False)
    draw_text(draw, (sum(boxes[2][0::2]) / 2, y + 70), "First film pick", 22, fill=INK, anchor="mm")


def _top_sections(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """The markers on the panels, the lit genre and box, the notes and the first pick."""
    boxes = _section_boxes(y)
    for box, (_, spot) in zip(boxes, SECTIONS):
        holder = _holder(view, spot)
        if holder is not None:
            _marker(draw, holder, box[2] - 28, box[1] + 24)
    _genre_generator(draw, view, boxes[0])
    _agency_table(draw, view, boxes[1])
    box = boxes[2]
    cx = (box[0] + box[2]) / 2
    holder = _holder(view, "distribution")
    if holder is not None:
        player_token(draw, holder, cx, y + 150, 34)
        draw_text(draw, (cx, y + 214), _name(view, holder), 21, fill=INK, bold=True, anchor="mm",
                  max_width=box[2] - box[0] - 24)
    else:
        draw_text(draw, (cx, y + 140), "free:", 20, fill=MUTED, anchor="mm")
        draw_text(draw, (cx, y + 168), "the start player", 20, fill=MUTED, anchor="mm")
        draw_text(draw, (cx, y + 196), "picks first", 20, fill=MUTED, anchor="mm")
    return y + 300


def _genre_generator(draw: ImageDraw.ImageDraw, view: dict[str, Any], box) -> None:
    """2d6 → genre, the genre marker in gold (hidden while the Preview House roll is secret):
    the lit genre drawn again over its unlit cell, which it covers, and the note."""
    hidden = view["genre_hidden"]
    for index, genre in enumerate(view["board"]["genres"]):
        if genre["id"] == view["genre"] and not hidden:
            _genre_cell(draw, box, index, genre, on=True)
    note = "2 = snake eyes" + (" · this round's roll is secret" if hidden else "")
    draw_text(draw, (box[0] + 14, box[3] - 24), note, 17, fill=MUTED, anchor="lm", max_width=box[2] - box[0] - 28)


def _genre_cell(draw: ImageDraw.ImageDraw, box, index: int, genre: dict[str, Any], *, on: bool) -> None:
    x, top = box[0] + 14, box[1] + 48
    cell_w = (box[2] - box[0] - 28 - 8) / 2
    gx = x + (index % 2) * (cell_w + 8)
    gy = top + (index // 2) * 44
    draw.rounded_rectangle((gx, gy, gx + cell_w, gy + 38), radius=6, fill=GOLD if on else GENRE_COLOURS[genre["id"]])
    draw.rounded_rectangle((gx + 3, gy + 3, gx + 37, gy + 35), radius=5, fill=(20, 20, 24))
    draw_text(draw, (gx + 20, gy + 19), str(genre["roll"]), 19, fill=INK, bold=True, anchor="mm")
    draw_text(draw, (gx + 44, gy + 19), genre["name"], 18, fill=BACKGROUND if on else (255, 255, 255),
              bold=on, anchor="lm", max_width=cell_w - 50)


def _agency_table(draw: ImageDraw.ImageDraw, view: dict[str, Any], box) -> None:
    """d6 → Advertising Box, the agency marker in gold (hidden while its roll is secret): the
    lit box drawn again over its unlit row, which it covers, and the note."""
    for index, ad in enumerate(view["board"]["boxes"]):
        if ad["id"] == view["agency"] and not view["agency_hidden"]:
            _agency_row(draw, box, index, ad, on=True)
    if view["agency_hidden"]:
        draw_text(draw, (box[0] + 14, box[3] - 24), "this round's die is secret", 17, fill=MUTED, anchor="lm")


def _agency_row(draw: ImageDraw.ImageDraw, box, index: int, ad: dict[str, Any], *, on: bool) -> None:
    x, top = box[0] + 14, box[1] + 48
    by = top + index * 36
    draw.rounded_rectangle((x, by, box[2] - 14, by + 32), radius=6, fill=GOLD if on else PANEL)
    die_face(draw, x + 3, by + 3, 26, ad["die"])
    draw_text(draw, (x + 38, by + 16), ad["name"] + ("  ×2 dice" if on else ""), 19,
              fill=BACKGROUND if on else INK, bold=on, anchor="lm", max_width=box[2] - x - 56)


AMENITY_ORDER = ("manager", "loan", "runtime", "reroll", "parties", "parking", "concessions", "ac",
                 "3d", "lens", "scope")


def _amenity_cost(section: dict[str, Any], equipment: list[dict[str, Any]]) -> str:
    sid = section["id"]
    if sid == "manager":
        return f"{_money(section['cost'])}: a 2nd marker"
    if sid == "loan":
        return f"borrow {_money(section['loan'])}"
    if sid in ("runtime", "reroll"):
        return f"{_chip_range(section)}, free"
    if section["equipment"]:
        items = [e for e in equipment if e["section"] == sid]
        return " · ".join(f"{e['name'].split()[0]} {_money(e['cost'])}" for e in items)
    if sid == "parties":
        return f"{_money(section['cost'])}: 2 tips a round"
    return f"{_chip_range(section)}, {_money(section['cost'])} each"


def _chip_range(section: dict[str, Any]) -> str:
    most = section["max_chips"]
    return "1 chip" if most == 1 else f"1–{most} chips"


AMENITY_COLUMNS, AMENITY_W, AMENITY_H = 3, (WIDTH - 2 * PAD - 24) / 3, 104


def _amenity_box(y: int, index: int) -> tuple[float, float, float, float]:
    x = PAD + (index % AMENITY_COLUMNS) * (AMENITY_W + 12)
    cy = y + 40 + (index // AMENITY_COLUMNS) * (AMENITY_H + 10)
    return x, cy, x + AMENITY_W, cy + AMENITY_H


def _amenities_layer(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """The heading, each box with its name and cost, and the legend."""
    draw_text(draw, (PAD, y), "Amenity Boxes  (every chip costs $1,000 a round)", 24, fill=GOLD, bold=True)
    for index in range(len(AMENITY_ORDER)):
        _amenity_panel(draw, view, y, index)
    cell_w = AMENITY_W
    top = y + 40
    rows = -(-len(AMENITY_ORDER) // AMENITY_COLUMNS)
    legend_y = top + rows * (AMENITY_H + 10) - 110 + 6
    lx = PAD + 2 * (cell_w + 12) + 14
    draw_text(draw, (lx, legend_y + 10), "big token = marker", 18, fill=MUTED)
    draw_text(draw, (lx, legend_y + 36), "small token = chip (×count)", 18, fill=MUTED)
    draw_text(draw, (lx, legend_y + 62), "S / V = SuperScope / VistaVision", 18, fill=MUTED)
    return _amenities_height()


def _amenity_panel(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, index: int) -> None:
    section = next(s for s in view["board"]["sections"] if s["id"] == AMENITY_ORDER[index])
    box = _amenity_box(y, index)
    _panel(draw, box, section["name"], size=21)
    draw_text(draw, (box[0] + 14, box[1] + 40), _amenity_cost(section, view["board"]["equipment"]), 17,
              fill=MUTED, max_width=AMENITY_W - 28)


def _amenities(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """The chips and markers in the boxes; returns the section's height."""
    sections = {s["id"]: s for s in view["board"]["sections"]}
    cell_w = AMENITY_W
    for index, sid in enumerate(AMENITY_ORDER):
        x, cy, _, _ = _amenity_box(y, index)
        chip_x = x + 22
        keys = sections[sid]["equipment"] or [sid]
        for seat, chips in enumerate(view["chips"]):
            for key in keys:
                if chips.get(key):
                    chip_x += _chip(draw, seat, chip_x, cy + 82, chips[key], CHIP_LETTER.get(key, ""))
        if chip_x > x + cell_w and (index + 1) % AMENITY_COLUMNS and index + 1 < len(AMENITY_ORDER):
            # Chips running past the box go under the next one, as when each box was drawn
            # in turn: it is drawn again over them.
            _amenity_panel(draw, view, y, index + 1)
        marker_x = x + cell_w - 24
        for seat, spots in enumerate(view["markers"]):
            for spot in spots:
                if spot == sid:
                    _marker(draw, seat, marker_x, cy + 26)
                    marker_x -= 40
    return _amenities_height()


def _amenities_height() -> int:
    """The heading, then rows of three 104-pixel boxes 10 apart."""
    return 40 + -(-len(AMENITY_ORDER) // 3) * (104 + 10) - 10


def _marker(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float) -> None:
    """A Player Marker: the seat's token on a white stand, bigger than a chip."""
    draw.ellipse((cx - 19, cy - 19, cx + 19, cy + 19), fill=(250, 250, 250))
    player_token(draw, seat, cx, cy, 16)


STAR_COLUMNS, STAR_W, STAR_H = 3, (WIDTH - 2 * PAD - 20) / 3, 42
STAR_GROUPS = (("Actors & actresses", "actors"), ("Directors", "directors"))


def _star_cells(view: dict[str, Any], y: int):
    """Every star's cell: (star, x, y), group by group below the heading at ``y``; then where
    the section ends."""
    cells = []
    y += 40
    for _, group in STAR_GROUPS:
        stars = view["board"][group]
        group_top = y
        y += 30
        for index, star in enumerate(stars):
            cells.append((star, PAD + (index % STAR_COLUMNS) * (STAR_W + 10),
                          y + (index // STAR_COLUMNS) * (STAR_H + 6)))
        y = group_top + _star_group_height(stars)
    return cells, y


def _star_tracks_layer(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """The heading, the groups' titles and every star's cell without cubes; where it ends."""
    draw_text(draw, (PAD, y), "Stars  (each cube: +1 die on every film with that name)", 24,
              fill=GOLD, bold=True)
    group_top = y + 40
    for title, group in STAR_GROUPS:
        draw_text(draw, (PAD, group_top), title, 20, fill=MUTED, bold=True)
        group_top += _star_group_height(view["board"][group])
    cells, end = _star_cells(view, y)
    for star, x, sy in cells:
        _star_cell(draw, star, x, sy, cubed=False)
    return end


def _star_cell(draw: ImageDraw.ImageDraw, star: dict[str, Any], x: float, sy: float, *, cubed: bool) -> None:
    draw.rounded_rectangle((x, sy, x + STAR_W, sy + STAR_H), radius=8, fill=(74, 62, 40) if cubed else PANEL)
    draw_text(draw, (x + 10, sy + STAR_H / 2), "☆ " + star["name"], 19, fill=INK, anchor="lm",
              max_width=STAR_W - 130)


def _star_tracks(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """Each star's cubes and markers (a star with cubes drawn again, lit, over its cell)."""
    cells, end = _star_cells(view, y)
    cell_w, cell_h = STAR_W, STAR_H
    for star, x, sy in cells:
        cubes = view["cubes"].get(star["id"], [])
        if cubes:
            _star_cell(draw, star, x, sy, cubed=True)
        cx = x + cell_w - 12
        for seat, spots in enumerate(view["markers"]):
            if f"star:{star['id']}" in spots:
                _marker(draw, seat, cx - 8, sy + cell_h / 2)
                cx -= 38
        for n, seat in enumerate(cubes[:5]):
            colour = player_style(seat).colour
            bx = cx - 20 - n * 23
            draw.rectangle((bx, sy + 11, bx + 20, sy + 31), fill=colour, outline=(20, 20, 20), width=2)
        if len(cubes) > 5:
            draw_text(draw, (cx - 24 - 5 * 23, sy + cell_h / 2), f"+{len(cubes) - 5}", 17,
                      fill=INK, bold=True, anchor="rm")
    return end


def _star_group_height(stars: list[dict[str, Any]]) -> int:
    """A group's heading, then rows of three 42-pixel cells 6 apart."""
    return 30 + -(-len(stars) // 3) * (42 + 6) + 12


THEATRE_ROW = 52


def _theatres_layer(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> None:
    """The heading and each seat's row with its token."""
    draw_text(draw, (PAD, y), "Theatres", 24, fill=GOLD, bold=True)
    draw_text(draw, (WIDTH - PAD, y + 4), "cash · loans · tips in hand · upkeep", 18, fill=MUTED, anchor="ra")
    y += 40
    for seat in range(view["players"]):
        row = (PAD, y, WIDTH - PAD, y + 46)
        draw.rounded_rectangle(row, radius=8, fill=PANEL)
        player_token(draw, seat, PAD + 24, y + 23, 16)
        y += THEATRE_ROW


def _theatres(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """Each theatre's name, cash, loans, tips and upkeep, in its row."""
    y += 40
    for seat in range(view["players"]):
        name = _name(view, seat) + ("  ★ start" if seat == view["start"] else "")
        draw_text(draw, (PAD + 50, y + 23), name, 22, fill=INK, bold=True, anchor="lm", max_width=380)
        draw_text(draw, (PAD + 600, y + 23), _money(view["cash"][seat]), 26, fill=GOLD, bold=True, anchor="rm")
        loans = view["loans"][seat]
        extra = [f"{loans} loan{'s' * (loans > 1)}" if loans else "no loan", f"{view['hand_sizes'][seat]} tips",
                 f"upkeep {_money(view['upkeep'][seat])}"]
        draw_text(draw, (PAD + 620, y + 23), " · ".join(extra), 19, fill=INK, anchor="lm", max_width=430)
        y += THEATRE_ROW
    return y


# ------------------------------------------------------------------ array

CARD_W, CARD_H, CARD_GAP = 342, 178, 12


def _array(view: dict[str, Any]) -> bytes:
    order = {g["id"]: i for i, g in enumerate(view["board"]["genres"])}
    films = sorted(view["array"], key=lambda f: (order[f["genre"]], f["price"], f["title"]))
    rows = -(-len(films) // 3)
    height = 84 + 60 + rows * (CARD_H + CARD_GAP) + 20
    img, draw = canvas(WIDTH, height)
    trending = "secret" if view["genre_hidden"] else _genre_name(view, view["genre"])
    _title_bar(draw, "THIS ROUND'S FILMS", f"Round {view['round']} · trending: {trending}")
    draw_text(draw, (PAD, 100), "Grouped by genre · ☆ on the star tracks · a token marks a picked film",
              19, fill=MUTED, max_width=WIDTH - 2 * PAD)
    for index, film in enumerate(films):
        x = PAD + (index % 3) * (CARD_W + CARD_GAP)
        y = 140 + (index // 3) * (CARD_H + CARD_GAP)
        _film_card(draw, view, film, x, y)
    return to_png(img)


def _film_card(draw: ImageDraw.ImageDraw, view: dict[str, Any], film: dict[str, Any], x: float, y: float) -> None:
    genre_colour = GENRE_COLOURS[film["genre"]]
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=10, fill=CARD)
    draw.rounded_rectangle((x, y, x + CARD_W, y + 30), radius=10, fill=genre_colour)
    draw.rectangle((x, y + 20, x + CARD_W, y + 30), fill=genre_colour)
    draw_text(draw, (x + 10, y + 15), _genre_name(view, film["genre"]).upper(), 17, fill=(255, 255, 255),
              bold=True, anchor="lm", max_width=CARD_W - 80)
    year_right = x + CARD_W - 10
    if film.get("owner") is not None:
        draw.rounded_rectangle((x + CARD_W - 128, y + 2, x + CARD_W - 4, y + 28), radius=8, fill=(30, 33, 40))
        draw_text(draw, (x + CARD_W - 120, y + 15), "PICKED", 15, fill=GOLD, bold=True, anchor="lm")
        player_token(draw, film["owner"], x + CARD_W - 20, y + 15, 11)
        year_right = x + CARD_W - 136
    draw_text(draw, (year_right, y + 15), str(film["year"]), 17, fill=(255, 255, 255), anchor="rm")
    draw_text(draw, (x + 10, y + 36), film["title"], 23, fill=CARD_INK, bold=True, max_width=CARD_W - 20)
    # price, dice, running time
    draw_text(draw, (x + 10, y + 68), _money(film["price"]), 21, fill=SCREEN_RED, bold=True)
    dx = x + 10 + text_width(_money(film["price"]), 21, True) + 12
    for n in range(film["dice"]):
        die_face(draw, dx + n * 25, y + 69, 22, 0, fill=(40, 40, 44))
    draw_text(draw, (dx + film["dice"] * 25 + 4, y + 80), f"{film['dice']}", 19, fill=CARD_MUTED, anchor="lm")
    draw_text(draw, (x + CARD_W - 10, y + 80), _hours(film["minutes"]), 21, fill=CARD_INK, bold=True, anchor="rm")
    # colour process and specials
    badges = [COLOUR_LABEL.get(film["colour"], film["process"])]
    badges += [SPECIAL_LABEL[s] for s in film["specials"] if s in SPECIAL_LABEL]
    if film["country"]:
        badges.append(film["country"])
    bx = x + 10
    for badge in badges:
        special = badge in ("3-D", "CinemaScope", "VistaVision", "SuperScope")
        prize = badge in ("Oscar", "BAFTA")
        fill = (40, 40, 44) if special else GOLD if prize else (214, 206, 188)
        ink = (255, 255, 255) if special else CARD_INK
        width = text_width(badge, 16, True) + 14
        if bx + width > x + CARD_W - 8:
            break
        draw.rounded_rectangle((bx, y + 96, bx + width, y + 120), radius=6, fill=fill)
        draw_text(draw, (bx + 7, y + 108), badge, 16, fill=ink, bold=True, anchor="lm")
        bx += width + 6
    # cast and director, ☆ for the board's stars
    starred = set(film["starred"])
    cast = ", ".join(_with_star(n, starred) for n in film["cast"])
    director = ", ".join(_with_star(n, starred) for n in film["directors"])
    draw_text(draw, (x + 10, y + 128), cast, 17, fill=CARD_INK, max_width=CARD_W - 20)
    draw_text(draw, (x + 10, y + 152), "dir. " + director, 17, fill=CARD_MUTED, max_width=CARD_W - 20)


def _with_star(name: str, starred: set[str]) -> str:
    return name + " ☆" if name in starred else name


# ------------------------------------------------------------------ bids

def _bids(view: dict[str, Any]) -> bytes:
    reveal = view.get("reveal")
    players = view["players"]
    col_w = (WIDTH - 2 * PAD - 250) / players
    if not reveal:
        img, draw = canvas(WIDTH, 200)
        _title_bar(draw, "ADVERTISING", "no screens lowered yet")
        return to_png(img)
    # Made at its final size (heads, a row a box, paid, the agency die, a line a tipped seat)
    # rather than cropped from a taller canvas: see _board.
    tipped = sum(1 for names in reveal["tips"] if names)
    img, draw = canvas(WIDTH, 100 + 78 + 104 * len(reveal["boxes"]) + 60 + 34 + 32 * tipped + PAD)
    _title_bar(draw, "ADVERTISING REVEAL", f"Round {reveal['round']} · $1,000 a pip")
    y = 100
    for seat in range(players):
        cx = PAD + 250 + seat * col_w + col_w / 2
        player_token(draw, seat, cx, y + 18, 17)
        lines = wrap(_name(view, seat), col_w - 8, 19, True)[:2]
        for n, line in enumerate(lines):
            draw_text(draw, (cx, y + 50 + n * 22 - (len(lines) - 1) * 6), line, 19, fill=INK, bold=True,
                      anchor="mm", max_width=col_w - 8)
    y += 78
    for entry in reveal["boxes"]:
        agency = entry["box"] == reveal["agency"]
        draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + 96), radius=10, fill=(74, 62, 40) if agency else PANEL)
        draw_text(draw, (PAD + 14, y + 30), _box_name(view, entry["box"]), 23, fill=INK, bold=True,
                  anchor="lm", max_width=230)
        note = _box_note(view, entry, agency)
        draw_text(draw, (PAD + 14, y + 66), note, 17, fill=GOLD if agency else MUTED, anchor="lm", max_width=236)
        for seat in range(players):
            cx = PAD + 250 + seat * col_w + col_w / 2
            pips = reveal["bids"][seat].get(entry["box"], 0)
            if seat == entry["winner"]:
                draw.rounded_rectangle((cx - col_w / 2 + 6, y + 5, cx + col_w / 2 - 6, y + 91), radius=8,
                                       outline=WIN, width=4)
                draw_text(draw, (cx, y + 76), f"+{entry['dice']} di{'ce' if entry['dice'] > 1 else 'e'}", 17,
                          fill=WIN, bold=True, anchor="mm")
            if pips:
                die_face(draw, cx - 24, y + 10, 48, pips)
            else:
                draw_text(draw, (cx, y + 34), "—", 26, fill=DIM, anchor="mm")
        y += 104
    draw_text(draw, (PAD + 14, y + 24), "Paid", 23, fill=INK, bold=True, anchor="lm")
    for seat in range(players):
        cx = PAD + 250 + seat * col_w + col_w / 2
        draw_text(draw, (cx, y + 24), _money(reveal["spent"][seat]), 22, fill=GOLD, bold=True, anchor="mm",
                  max_width=col_w - 6)
    y += 60
    who = "public roll" if reveal["agency_from"] is None else _name(view, reveal["agency_from"]) + "'s secret roll"
    draw_text(draw, (PAD, y), f"Advertising Agency die: {reveal['agency_die']} ({who}) → "
              f"{_box_name(view, reveal['agency'])} pays two dice", 19, fill=INK, max_width=WIDTH - 2 * PAD)
    y += 34
    for seat, names in enumerate(reveal["tips"]):
        if names:
            player_token(draw, seat, PAD + 12, y + 12, 11)
            draw_text(draw, (PAD + 32, y + 12), "Insider Tips: " + ", ".join(names), 18, fill=INK,
                      anchor="lm", max_width=WIDTH - 2 * PAD - 40)
            y += 32
    return to_png(img)


def _box_note(view: dict[str, Any], entry: dict[str, Any], agency: bool) -> str:
    if entry["winner"] is None:
        return "nobody bid"
    parts = []
    if agency:
        parts.append("Agency: ×2")
    if entry["press"] and len(entry["press"]) == 1:
        parts.append("tie: Press Agent")
    elif entry["rolloff"]:
        rolls = " then ".join(", ".join(f"{player_style(int(seat)).letter} {value}" for seat, value in r.items())
                              for r in entry["rolloff"])
        parts.append(f"tie, roll-off: {rolls}")
    return " · ".join(parts) if parts else "highest bid"


# ------------------------------------------------------------------ payout

DIE = 40
DICE_LEFT = PAD + 370
SUBTOTAL_W = 70
SOURCE_LABEL = {"card": "card", "genre": "genre", "cubes": "☆ cube", "tips": "tip",
                "advertising": "ad", "parking": "parking", "concessions": "concession", "ac": "A/C"}


def _per_line() -> int:
    return int((WIDTH - PAD - 16 - SUBTOTAL_W - DICE_LEFT) // (DIE + 6))


def _row_height(row: dict[str, Any]) -> int:
    lines = max(1, -(-len(row["dice"]) // _per_line()))
    return max(64, lines * (DIE + 8) + 14)


def _payout(view: dict[str, Any]) -> bytes:
    record = view.get("payout")
    if not record:
        img, draw = canvas(WIDTH, 200)
        _title_bar(draw, "PAYOUT", "no payout yet")
        return to_png(img)
    # Made at its final size rather than cropped from a taller canvas: see _board.
    blocks = sum(_block_height(_payout_rows(player)) + 12 for player in record["players"])
    img, draw = canvas(WIDTH, 100 + 40 + blocks + PAD)
    _title_bar(draw, "PAYOUT", f"Round {record['round']} · trending: {_genre_name(view, record['genre'])}")
    y = 100
    draw_text(draw, (PAD, y), "$1,000 a pip · ↻ marks a die rerolled from a 1 · right: pips per line",
              19, fill=MUTED, max_width=WIDTH - 2 * PAD)
    y += 40
    for player in record["players"]:
        y = _payout_block(draw, view, record, player, y) + 12
    return to_png(img)


def _payout_rows(player: dict[str, Any]) -> list[dict[str, Any]]:
    """A line of dice a screened film, then the theatre's own if it rolled any."""
    rows = player["films"] + [{"title": "Theatre", "sources": player["theatre"]["sources"],
                               "dice": player["theatre"]["dice"]}]
    return [r for r in rows if r["dice"] or r["title"] != "Theatre"]


def _block_height(rows: list[dict[str, Any]]) -> int:
    return 58 + (sum(_row_height(r) for r in rows) if rows else 50) + 6


def _payout_block(draw: ImageDraw.ImageDraw, view: dict[str, Any], record: dict[str, Any],
                  player: dict[str, Any], y: int) -> int:
    seat = player["seat"]
    blockbuster = seat in record["blockbusters"]
    rows = _payout_rows(player)
    height = _block_height(rows)
    draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + height), radius=12,
                           fill=(74, 62, 40) if blockbuster else PANEL)
    player_token(draw, seat, PAD + 26, y + 28, 18)
    draw_text(draw, (PAD + 54, y + 28), _name(view, seat), 24, fill=INK, bold=True, anchor="lm", max_width=420)
    total = f"{player['pips']} pips = {_money(player['income'])}"
    draw_text(draw, (WIDTH - PAD - 16, y + 28), total, 26, fill=GOLD, bold=True, anchor="rm")
    if blockbuster:
        draw_text(draw, (PAD + 480, y + 28), "★ BLOCKBUSTER", 22, fill=GOLD, bold=True, anchor="lm")
    ry = y + 58
    if not rows:
        draw_text(draw, (PAD + 20, ry + 10), "no films screened: no dice", 20, fill=MUTED)
    for row in rows:
        _dice_row(draw, row, ry)
        ry += _row_height(row)
    return y + height


def _dice_row(draw: ImageDraw.ImageDraw, row: dict[str, Any], y: int) -> None:
    left = PAD + 20
    title, size = fit_text(row["title"], DICE_LEFT - left - 14, 21, True)
    draw_text(draw, (left, y + 4), title, size, fill=INK, bold=True)
    parts = [f"{n} {SOURCE_LABEL[k]}{'s' if n > 1 and k not in ('genre', 'card') else ''}"
             for k, n in row["sources"].items() if n]
    draw_text(draw, (left, y + 34), " + ".join(parts) or "—", 17, fill=MUTED, max_width=DICE_LEFT - left - 14)
    x, dy = DICE_LEFT, y + 2
    for index, faces in enumerate(row["dice"]):
        if index and index % _per_line() == 0:
            x, dy = DICE_LEFT, dy + DIE + 8
        die_face(draw, x, dy, DIE, faces[-1])
        if len(faces) > 1:
            draw.ellipse((x + DIE - 14, dy - 7, x + DIE + 6, dy + 13), fill=GOLD, outline=BACKGROUND)
            draw_text(draw, (x + DIE - 4, dy + 3), "↻", 14, fill=BACKGROUND, bold=True, anchor="mm")
        x += DIE + 6
    subtotal = sum(faces[-1] for faces in row["dice"])
    draw_text(draw, (WIDTH - PAD - 16, y + 22), str(subtotal), 24, fill=INK, bold=True, anchor="rm")


# ------------------------------------------------------------------ where things are drawn
# For tests that look at the pictures; the same sums as the drawing code above.

SUBTITLE_BOX = (WIDTH - PAD - 460, 24, WIDTH - PAD, 60)  # the title bar's right: "Round 4 of 6 · …"


def round_box(view: dict[str, Any]) -> tuple[float, float, float, float]:
    """The board's round-track box of the current round (filled gold)."""
    x = PAD + 90 + (view["round"] - 1) * (56 + 10)
    return x, 84 + 12, x + 56, 84 + 12 + 48


def theatre_boxes(view: dict[str, Any], seat: int, height: int) -> tuple[tuple, tuple]:
    """(token box, name box) of ``seat``'s theatre row; the rows end the board picture."""
    y = height - PAD - 52 * (view["players"] - seat)
    return (PAD + 8, y + 7, PAD + 40, y + 39), (PAD + 50, y + 6, PAD + 430, y + 40)


def bids_boxes(view: dict[str, Any], seat: int) -> tuple[tuple, tuple]:
    """(token box, name box) of ``seat``'s column head in the bids picture."""
    col_w = (WIDTH - 2 * PAD - 250) / view["players"]
    cx = PAD + 250 + seat * col_w + col_w / 2
    return (cx - 17, 101, cx + 17, 135), (cx - col_w / 2, 130, cx + col_w / 2, 172)
