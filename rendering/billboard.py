"""Billboard's board picture, drawn from a view only (public, or a seat's: the picture shows
nothing a public view lacks).

Top to bottom: the title with the round track (points for most contracts; IV and VIII score
by the table too) and what the game waits for; a contract auction in progress (the card,
the offers so far, who is asked); a stylised map of Kraków — the Vistula, the districts as
areas, Balice out by the airport — with every billboard (value, owner's colour, ad marks);
the price track (each value's disc on its price, 1–20); the players with money (locked part),
score, this round's contracts and ads, and their loyalty with each agency; the agencies
(order track, face-down pile, peeked positions) and the companies (price, value, owner,
standing bid).

Every word comes from the ``billboard-table`` catalogue in the view's language.
"""
from __future__ import annotations

import json
import math
from typing import Any

from PIL import ImageDraw

from bot import i18n
from bot.engine.language import Words

from . import kit

DOMAIN = "billboard-table"
WIDTH = 1100
M = 20  # margin
INNER = WIDTH - 2 * M

View = dict[str, Any]
Box = tuple[float, float, float, float]

# The game's own colours (its cubes and markers), as the rules name them.
COLOURS: dict[str, kit.Colour] = {
    "black": (34, 34, 38), "white": (246, 246, 246), "red": (214, 52, 52),
    "green": (38, 160, 72), "yellow": (246, 204, 40), "blue": (44, 112, 220),
    "pink": (246, 138, 196), "grey": (150, 152, 160), "orange": (244, 140, 28),
    "purple": (140, 72, 178),
}
LETTERS = "ABCDEF"  # a seat's letter beside its colour, for colour-blind players
PAPER = (236, 230, 212)
DISTRICT = (250, 247, 238)
DISTRICT_EDGE = (150, 138, 112)
MAP_INK = (40, 36, 30)
MAP_MUTED = (120, 110, 92)
RIVER = (104, 156, 212)
ROAD = (190, 176, 150)
UNOWNED = (255, 255, 255)
DIM = (70, 74, 86)

# --- layout ----------------------------------------------------------------------------------

HEADER_H = 112
ROUND_CELL = (58, 50)
ROUNDS_LEFT = WIDTH - M - 8 * ROUND_CELL[0]
AUCTION_H = 176
MAP_H = 536
PRICE_H = 96
PRICE_CELL = INNER / 20
PLAYER_ROW = 48
TABLE_HEAD = 58
AGENCY_ROW = 74
COMPANY_ROW = 56
GAP = 14
TILE, TILE_GAP = 34, 5
LEGEND_Y = 400  # the map's key, bottom left, south of the river

# Districts on the map (x, y of the top-left inside the map), as they lie in Kraków: Balice
# west by the airport, Krowodrza north-west, Stare Miasto in the middle, Grzegórzki east of
# it, Nowa Huta far east, Kazimierz south of the Old Town, Podgórze and Łagiewniki across the
# Vistula. A district the board adds later goes to a free slot along the bottom.
PLACES: dict[str, tuple[int, int]] = {
    "balice": (12, 172), "krowodrza": (236, 18), "stare-miasto": (466, 84),
    "grzegorzki": (694, 18), "nowa-huta": (794, 152), "kazimierz": (556, 222),
    "podgorze": (604, 404), "lagiewniki": (330, 404),
}
SPARE_PLACES = [(860, 404), (12, 18)]
# The Vistula, west to east: from Tyniec, north round Wawel, between Kazimierz and Podgórze,
# then east past Nowa Huta.
VISTULA = [(0, 318), (120, 340), (250, 352), (350, 326), (410, 268), (470, 232), (530, 240),
           (522, 300), (548, 386), (700, 388), (820, 372), (900, 346), (980, 318), (1060, 304)]


def render(view: View, image: str = "board") -> bytes:
    if image != "board":
        raise ValueError(f"Billboard draws only the board, not “{image}”.")
    words = i18n.words(DOMAIN, view.get("language"))
    names = _names(view, words)
    tops = _tops(view)
    img, draw = kit.on_layer(("billboard", _layout(view, tops)), WIDTH, tops["end"],
                             lambda layer: _layer(layer, view, words, tops))
    _header(draw, view, words, names)
    if view.get("auction"):
        _auction(draw, view, words, names, tops["auction"])
    _map(draw, view, words, tops["map"])
    _prices(draw, view, tops["prices"])
    _players(draw, view, words, names, tops["players"])
    _agencies(draw, view, words, names, tops["lower"])
    _companies(draw, view, words, names, tops["lower"])
    return kit.to_png(img)


def _layout(view: View, tops: dict[str, int]) -> str:
    """Everything ``_layer`` reads: the language, where the bands lie (an auction running, a
    note on peeks, the seats), the districts with their billboards' values, the agencies'
    and the companies' names."""
    return json.dumps([view.get("language"), tops, view.get("rounds", 8), len(view["players"]),
                       [[d["id"], d["name"], [b["value"] for b in d["billboards"]]] for d in view["districts"]],
                       [a["name"] for a in view["agencies"]],
                       [[c["id"], c["name"]] for c in view["companies"]]])


def _layer(draw: ImageDraw.ImageDraw, view: View, words: Words, tops: dict[str, int]) -> None:
    """What every board of this table shows in its language: panels, headings, the map with
    every billboard for sale, the price track's spaces, names that never change."""
    _header_layer(draw, words)
    _map_layer(draw, view, words, tops["map"])
    _prices_layer(draw, words, tops["prices"])
    _players_layer(draw, view, words, tops["players"])
    _agencies_layer(draw, view, words, tops["lower"])
    _companies_layer(draw, view, words, tops["lower"])


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], line: str, size: int, *,
         max_width: float, fill: kit.Colour = kit.INK, bold: bool = False, anchor: str = "la",
         smallest: int = 14) -> None:
    """A line that must stay readable: shrunk to ``smallest`` at most, then cut with "…"."""
    line, size = kit.fit_text(line, max_width, size, bold, min_size=smallest)
    kit.write(draw, xy, line, size, fill=fill, bold=bold, anchor=anchor)


def _tops(view: View) -> dict[str, int]:
    """Where each band starts; the auction band only while one runs."""
    y = HEADER_H + GAP
    tops = {"auction": y}
    if view.get("auction"):
        y += AUCTION_H + GAP
    tops["map"] = y
    y += _map_height(view) + GAP
    tops["prices"] = y
    y += PRICE_H + GAP
    tops["players"] = y
    y += TABLE_HEAD + PLAYER_ROW * len(view["players"]) + 8 + GAP
    tops["lower"] = y
    lower = max(_agencies_height(view), 44 + COMPANY_ROW * len(view["companies"]))
    tops["end"] = y + lower + M
    return tops


def _names(view: View, words: Words) -> list[str]:
    given = view.get("names") or []
    return [given[p["seat"]] if p["seat"] < len(given)
            else words.t("Player {number}", number=p["seat"] + 1) for p in view["players"]]


def money(words: Words, amount: int) -> str:
    """Thousands as each language's readers write them: 15k; 15 tys. zł."""
    return words.t("{amount}k", amount=words.number(amount))


def colour_of(view: View, owner: int | str | None) -> kit.Colour:
    if owner is None:
        return UNOWNED
    if isinstance(owner, int):
        return COLOURS.get(view["players"][owner]["colour"], kit.MUTED)
    return COLOURS.get(owner, kit.MUTED)


def _ink_on(colour: kit.Colour) -> kit.Colour:
    return (20, 20, 20) if sum(colour) > 420 else (250, 250, 250)


def _company_owner(view: View) -> dict[str, int]:
    """Companies bought by a seat: their billboards count as that seat's."""
    return {c["id"]: c["owner"] for c in view["companies"] if c.get("owner") is not None}


def seat_marker(draw: ImageDraw.ImageDraw, view: View, seat: int, box: Box) -> None:
    """A seat's colour with its letter: the swatch beside a name, a bidder's mark."""
    colour = colour_of(view, seat)
    draw.rounded_rectangle(box, radius=5, fill=colour, outline=(12, 12, 12), width=2)
    size = int((box[3] - box[1]) * 0.62)
    kit.write(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), LETTERS[seat % 6], size,
              fill=_ink_on(colour), bold=True, anchor="mm")


def company_marker(draw: ImageDraw.ImageDraw, company: str, box: Box) -> None:
    """A neutral company's colour, striped so it never reads as a player's."""
    colour = COLOURS.get(company, kit.MUTED)
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=5, fill=colour, outline=(12, 12, 12), width=2)
    stripe = tuple(min(255, c + 55) for c in colour)
    left, top, right, bottom = x0 + 3, y0 + 3, x1 - 3, y1 - 3
    for k in range(int(left + top) + 4, int(right + bottom), 8):  # the lines x + y = k, inside
        start, end = max(left, k - bottom), min(right, k - top)
        if start < end:
            draw.line(((start, k - start), (end, k - end)), fill=stripe, width=2)


# --- header: title, round track, what the game waits for ------------------------------------

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII")


def _header_layer(draw: ImageDraw.ImageDraw, words: Words) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=kit.PANEL)
    kit.draw_text(draw, (M, 10), "BILLBOARD", 32, fill=kit.GOLD, bold=True)
    kit.draw_text(draw, (M + kit.text_width("BILLBOARD", 32, True) + 14, 24), words.t("Kraków, 2009"), 17,
                  fill=kit.MUTED)
    kit.draw_text(draw, (WIDTH - M, 12 + ROUND_CELL[1] + 4),
                  words.t("points for most contracts · ★ also scores by the table"), 12,
                  fill=kit.MUTED, anchor="ra")


def _header(draw: ImageDraw.ImageDraw, view: View, words: Words, names: list[str]) -> None:
    """The round track and what the game waits for, on the layer's header."""
    _round_track(draw, view, words)
    kit.draw_text(draw, STATUS_BOX[:2], _status(view, words, names), 20, bold=True,
                  max_width=STATUS_BOX[2] - STATUS_BOX[0],
                  fill=kit.GOLD if view["phase"] == "over" else kit.INK)


def _round_track(draw: ImageDraw.ImageDraw, view: View, words: Words) -> None:
    w, h = ROUND_CELL
    points = view.get("round_points") or []
    for index in range(view.get("rounds", 8)):
        box = round_cell(view, index + 1)
        current = index + 1 == view["round"] and view["phase"] != "over"
        past = index + 1 < view["round"] or view["phase"] == "over"
        fill = kit.GOLD if current else (58, 62, 74) if past else (78, 84, 98)
        ink = (30, 30, 30) if current else kit.INK
        draw.rounded_rectangle(box, radius=6, fill=fill, outline=(20, 20, 24), width=1)
        table = index in (3, 7)  # rounds IV and VIII also score by the table
        kit.draw_text(draw, (box[0] + w / 2, box[1] + 4), ROMAN[index] + ("★" if table else ""), 15,
                      fill=ink, bold=True, anchor="ma")
        if index < len(points):
            kit.draw_text(draw, (box[0] + w / 2, box[1] + h - 5), f"+{points[index]}", 16,
                          fill=ink, anchor="md")


def _status(view: View, words: Words, names: list[str]) -> str:
    phase = view["phase"]
    if phase == "over":
        winners = view.get("winners") or []
        joined = ", ".join(names[s] for s in winners)
        return words.tn("{names} wins!", "{names} win!", len(winners), names=joined)
    turn = names[view["turn"]] if view.get("turn") is not None else ""
    where = words.t("Round {round} of {rounds} (deck {deck})", round=view["round"],
                    rounds=view.get("rounds", 8), deck=view.get("deck", ""))
    if phase == "draft":
        doing = words.t("Opening: {name} buys a billboard or passes", name=turn)
    elif phase == "auction":
        asking = (view.get("auction") or {}).get("asking")
        doing = (words.t("Contract auction: {name} is asked", name=names[asking])
                 if asking is not None else words.t("Contract auction"))
    elif phase == "assign":
        doing = words.t("End of round: {name} gives a billboard to a company", name=turn)
    else:
        doing = words.t("{name}'s turn", name=turn)
    return f"{where} · {doing}"


# --- the contract auction ---------------------------------------------------------------------

def _auction(draw: ImageDraw.ImageDraw, view: View, words: Words, names: list[str], top: int) -> None:
    auction = view["auction"]
    contract = auction["contract"]
    draw.rounded_rectangle((M, top, WIDTH - M, top + AUCTION_H), radius=10, fill=kit.PANEL)
    agencies = {a["id"]: a["name"] for a in view["agencies"]}
    # the card itself
    card = (M + 12, top + 12, M + 300, top + AUCTION_H - 12)
    draw.rounded_rectangle(card, radius=8, fill=(250, 246, 234), outline=kit.GOLD, width=3)
    kit.draw_text(draw, (card[0] + 12, card[1] + 10), agencies.get(auction["agency"], ""), 16,
                  fill=MAP_MUTED, bold=True, max_width=180)
    kit.draw_text(draw, (card[2] - 12, card[1] + 10), contract.get("deck", ""), 14,
                  fill=MAP_MUTED, anchor="ra")
    kit.draw_text(draw, (card[0] + 12, card[1] + 32), money(words, contract["amount"]), 30,
                  fill=MAP_INK, bold=True, max_width=card[2] - card[0] - 24)
    for i, line in enumerate(kit.wrap(contract.get("area", ""), card[2] - card[0] - 24, 15)[:3]):
        kit.draw_text(draw, (card[0] + 12, card[1] + 72 + i * 19), line, 15, fill=MAP_INK,
                      max_width=card[2] - card[0] - 24)
    # who drew it, the offers, who is asked
    x = card[2] + 20
    drawer = auction.get("drawer")
    kit.draw_text(draw, (x, top + 14), words.t("CONTRACT AUCTION"), 15, fill=kit.MUTED, bold=True)
    if drawer is not None:
        text(draw, (x, top + 36), words.t("{name} drew it and decides last", name=names[drawer]),
             18, bold=True, max_width=WIDTH - M - 16 - x)
    offers = list(auction.get("offers") or [])
    offers += [{"seat": seat, "value": 0} for seat in auction.get("passed") or []
               if all(o["seat"] != seat for o in offers)]
    row_y = top + 64
    column_w = (WIDTH - M - 16 - x) / 2
    for i, offer in enumerate(offers[:6]):
        cx, cy = x + (i % 2) * column_w, row_y + (i // 2) * 27
        seat_marker(draw, view, offer["seat"], (cx, cy, cx + 22, cy + 22))
        said = (words.tn("{count} point", "{count} points", offer["value"])
                if offer["value"] else words.t("passes"))
        said_w = kit.text_width(said, 16, True)
        text(draw, (cx + 30, cy + 2), names[offer["seat"]], 16, max_width=column_w - 52 - said_w)
        kit.draw_text(draw, (cx + column_w - 14, cy + 2), said, 16, bold=True, anchor="ra",
                      fill=kit.INK if offer["value"] else kit.MUTED)
    if not offers:
        kit.draw_text(draw, (x, row_y + 2), words.t("No offers yet."), 16, fill=kit.MUTED)
    asking = auction.get("asking")
    if asking is not None:
        text(draw, (x, top + AUCTION_H - 12), words.t("▶ Asked now: {name}", name=names[asking]), 17,
             fill=kit.GOLD, bold=True, anchor="ld", max_width=WIDTH - M - 16 - x)


# --- the map of Kraków ------------------------------------------------------------------------

def _grid(count: int) -> tuple[int, int]:
    """Columns and rows of a district's billboards: two rows of up to six, then more rows."""
    cols = min(max(math.ceil(count / 2), 1), 6)
    return cols, max(1, math.ceil(count / cols))


def _district_size(district: View) -> tuple[int, int]:
    cols, rows = _grid(len(district["billboards"]))
    return 24 + cols * TILE + (cols - 1) * TILE_GAP, 34 + rows * (TILE + TILE_GAP) + 6


def _district_boxes(view: View, top: int) -> dict[str, Box]:
    boxes: dict[str, Box] = {}
    spare = iter(SPARE_PLACES)
    for district in view["districts"]:
        x, y = PLACES.get(district["id"]) or next(spare, (14, 14))
        w, h = _district_size(district)
        boxes[district["id"]] = (M + x, top + y, M + x + w, top + y + h)
    return boxes


def _map_height(view: View) -> int:
    boxes = _district_boxes(view, 0)
    return int(max([MAP_H] + [box[3] + 14 for box in boxes.values()]))


def _map_layer(draw: ImageDraw.ImageDraw, view: View, words: Words, top: int) -> None:
    """The map with every billboard for sale, and its key."""
    height = _map_height(view)
    draw.rounded_rectangle((M, top, WIDTH - M, top + height), radius=12, fill=PAPER)
    boxes = _district_boxes(view, top)
    # the road out to the airport, under everything else
    if "balice" in boxes and "krowodrza" in boxes:
        a, b = boxes["balice"], boxes["krowodrza"]
        _dashed(draw, ((a[2] - 30, a[1]), (b[0], b[3] - 30)), ROAD, 6)
    river = [(M + x, top + y) for x, y in VISTULA]
    draw.line(river, fill=RIVER, width=22, joint="curve")
    kit.draw_text(draw, (M + 120, top + 356), words.t("Vistula"), 17, fill=(60, 110, 170), bold=True)
    kit.draw_text(draw, (WIDTH - M - 14, top + height - 12), words.t("KRAKÓW"), 22,
                  fill=MAP_MUTED, bold=True, anchor="rd")
    for district in view["districts"]:
        _district(draw, view, {**district, "billboards": [{"value": b["value"]} for b in district["billboards"]]},
                  boxes[district["id"]], {})
    _map_legend(draw, view, words, top)


def _map(draw: ImageDraw.ImageDraw, view: View, words: Words, top: int) -> None:
    """The billboards owned or carrying an ad, over the same tiles for sale on the layer."""
    boxes = _district_boxes(view, top)
    owners = _company_owner(view)
    for district in view["districts"]:
        for billboard, tile in zip(district["billboards"], _tiles(district, boxes[district["id"]])):
            if billboard.get("owner") is not None or billboard.get("ad"):
                _tile(draw, view, billboard, tile, owners)


def _dashed(draw: ImageDraw.ImageDraw, line: tuple, colour: kit.Colour, width: int) -> None:
    (x0, y0), (x1, y1) = line
    length = math.hypot(x1 - x0, y1 - y0)
    steps = int(length // 16)
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        draw.line(((x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0), (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)),
                  fill=colour, width=width)


def _district(draw: ImageDraw.ImageDraw, view: View, district: View, box: Box,
              owners: dict[str, int]) -> None:
    draw.rounded_rectangle(box, radius=14, fill=DISTRICT, outline=DISTRICT_EDGE, width=2)
    name = district["name"] + (" ✈" if district["id"] == "balice" else "")
    kit.draw_text(draw, (box[0] + 12, box[1] + 8), name, 17, fill=MAP_INK, bold=True,
                  max_width=box[2] - box[0] - 24)
    for billboard, tile in zip(district["billboards"], _tiles(district, box)):
        _tile(draw, view, billboard, tile, owners)


def _tiles(district: View, box: Box) -> list[Box]:
    """Where each of a district's billboards is drawn."""
    cols, _ = _grid(len(district["billboards"]))
    tiles = []
    for index in range(len(district["billboards"])):
        row, col = divmod(index, cols)
        x = box[0] + 12 + col * (TILE + TILE_GAP)
        y = box[1] + 34 + row * (TILE + TILE_GAP)
        tiles.append((x, y, x + TILE, y + TILE))
    return tiles


def _tile(draw: ImageDraw.ImageDraw, view: View, billboard: View, box: Box, owners: dict[str, int]) -> None:
    owner = billboard.get("owner")
    x0, y0, x1, y1 = box
    if isinstance(owner, str):
        company_marker(draw, owner, box)
        holder = owners.get(owner)
    else:
        colour = colour_of(view, owner)
        draw.rounded_rectangle(box, radius=5, fill=colour,
                               outline=(12, 12, 12) if owner is not None else DISTRICT_EDGE, width=2)
        holder = owner
    fill = colour_of(view, owner) if owner is not None else UNOWNED
    ink = _ink_on(fill) if owner is not None else MAP_MUTED
    kit.draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2 - 1), str(billboard["value"]), 20, fill=ink,
                  bold=True, anchor="mm")
    if holder is not None:
        letter = LETTERS[holder % 6]
        kit.write(draw, (x1 - 3, y1 - 2), letter, 10, fill=ink, bold=True, anchor="rd")
    if billboard.get("ad"):
        # an ad this round: a gold frame and corner, as a campaign wraps the billboard
        draw.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=7, outline=kit.GOLD, width=3)
        draw.polygon(((x1 - 13, y0), (x1, y0), (x1, y0 + 13)), fill=kit.GOLD)


def _map_legend(draw: ImageDraw.ImageDraw, view: View, words: Words, top: int) -> None:
    """Bottom left, under the river: what a tile's look means."""
    x, y = M + 14, top + LEGEND_Y
    draw.rounded_rectangle((x, y, x + 24, y + 24), radius=5, fill=UNOWNED, outline=DISTRICT_EDGE, width=2)
    kit.draw_text(draw, (x + 12, y + 12), "3", 14, fill=MAP_MUTED, bold=True, anchor="mm")
    text(draw, (x + 34, y + 4), words.t("value 3, for sale"), 14, fill=MAP_INK, max_width=250, smallest=11)
    y += 32
    company_marker(draw, "pink", (x, y, x + 24, y + 24))
    text(draw, (x + 34, y + 4), words.t("a neutral company's"), 14, fill=MAP_INK, max_width=250,
         smallest=11)
    y += 32
    draw.rounded_rectangle((x, y, x + 24, y + 24), radius=5, fill=COLOURS["red"], outline=(12, 12, 12), width=2)
    kit.write(draw, (x + 21, y + 22), "C", 10, fill=(250, 250, 250), bold=True, anchor="rd")
    text(draw, (x + 34, y + 4), words.t("a player's (letter: whose)"), 14, fill=MAP_INK, max_width=250,
         smallest=11)
    y += 32
    draw.rounded_rectangle((x - 1, y - 1, x + 25, y + 25), radius=7, outline=kit.GOLD, width=3)
    draw.polygon(((x + 13, y), (x + 25, y), (x + 25, y + 12)), fill=kit.GOLD)
    text(draw, (x + 34, y + 4), words.t("carries an ad this round"), 14, fill=MAP_INK, max_width=250,
         smallest=11)


# --- the price track ----------------------------------------------------------------------------

def _prices_layer(draw: ImageDraw.ImageDraw, words: Words, top: int) -> None:
    kit.draw_text(draw, (M, top), words.t("PRICES (thousands): each value's disc stands on its price"),
                  15, fill=kit.MUTED, bold=True, max_width=INNER)
    for space in range(1, 21):
        x0, y0, x1, y1 = price_cell(space, top)
        fill = (64, 70, 84) if space % 2 else (56, 61, 74)
        draw.rounded_rectangle((x0, y0, x1, y1), radius=5, fill=fill)
        kit.draw_text(draw, (x0 + 5, y0 + 3), str(space), 12, fill=kit.MUTED)


def _prices(draw: ImageDraw.ImageDraw, view: View, top: int) -> None:
    """Each value's disc on its price's space (the track is the layer's)."""
    prices = view["prices"]
    at = {price: value for value, price in enumerate(prices, start=1)}
    for space in range(1, 21):
        x0, y0, x1, y1 = price_cell(space, top)
        value = at.get(space)
        if value is not None:
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 6
            draw.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=(250, 246, 234),
                         outline=kit.GOLD, width=3)
            kit.draw_text(draw, (cx, cy), str(value), 19, fill=MAP_INK, bold=True, anchor="mm")


# --- players and their loyalty ------------------------------------------------------------------

# columns of the players' table: (left edge, width)
NAME_COL = (M + 52, 262)
MONEY_COL = (M + 330, 130)
SCORE_COL = (M + 468, 70)
ROUND_COL = (M + 546, 184)
LOYALTY_LEFT = M + 740


def _players_layer(draw: ImageDraw.ImageDraw, view: View, words: Words, top: int) -> None:
    """The table's panel, its headings and the agencies' names."""
    players = view["players"]
    bottom = top + TABLE_HEAD + PLAYER_ROW * len(players) + 8
    draw.rounded_rectangle((M, top, WIDTH - M, bottom), radius=10, fill=kit.PANEL)
    head = top + 12
    kit.draw_text(draw, (M + 14, head), words.t("PLAYERS"), 15, fill=kit.MUTED, bold=True)
    kit.draw_text(draw, (MONEY_COL[0], head), words.t("money"), 15, fill=kit.MUTED, bold=True,
                  max_width=MONEY_COL[1])
    kit.draw_text(draw, (SCORE_COL[0], head), words.t("points"), 15, fill=kit.MUTED, bold=True,
                  max_width=SCORE_COL[1])
    kit.draw_text(draw, (ROUND_COL[0], head), words.t("this round"), 15, fill=kit.MUTED, bold=True,
                  max_width=ROUND_COL[1])
    agencies = view["agencies"]
    loyalty_w = (WIDTH - M - 12 - LOYALTY_LEFT) / max(1, len(agencies))
    kit.draw_text(draw, (LOYALTY_LEFT, head), words.t("loyalty with agencies"), 15, fill=kit.MUTED,
                  bold=True, max_width=WIDTH - M - 12 - LOYALTY_LEFT)
    for i, agency in enumerate(agencies):
        kit.draw_text(draw, (LOYALTY_LEFT + (i + 0.5) * loyalty_w, head + 22), agency["name"], 14,
                      fill=kit.INK, bold=True, anchor="ma", max_width=loyalty_w - 8)


def _players(draw: ImageDraw.ImageDraw, view: View, words: Words, names: list[str], top: int) -> None:
    """Each player's row in the layer's table."""
    players = view["players"]
    agencies = view["agencies"]
    loyalty_w = (WIDTH - M - 12 - LOYALTY_LEFT) / max(1, len(agencies))
    leaders = _loyalty_leaders(view)
    winners = set(view.get("winners") or []) if view["phase"] == "over" else set()
    for player in players:
        seat = player["seat"]
        y = top + TABLE_HEAD + seat * PLAYER_ROW
        if seat == view.get("turn") and view["phase"] != "over":
            draw.rounded_rectangle((M + 6, y - 3, WIDTH - M - 6, y + PLAYER_ROW - 5), radius=8,
                                   outline=kit.GOLD, width=2)
        seat_marker(draw, view, seat, player_token_box(view, seat))
        won = seat in winners
        text(draw, (NAME_COL[0], y + 3), names[seat], 19, bold=True, smallest=15,
             max_width=NAME_COL[1] - (26 if won else 0), fill=kit.GOLD if won else kit.INK)
        if won:  # the star keeps its place however long the name
            kit.draw_text(draw, (NAME_COL[0] + NAME_COL[1], y + 3), "★", 19, fill=kit.GOLD, anchor="ra")
        actions = player.get("actions") or []
        used = {"buy": words.t("bought"), "sell": words.t("sold")}
        note = " · ".join(used.get(a, a) for a in actions)
        if note:
            kit.draw_text(draw, (NAME_COL[0], y + 26), words.t("this turn: {done}", done=note), 13,
                          fill=kit.MUTED, max_width=NAME_COL[1])
        kit.draw_text(draw, (MONEY_COL[0], y + 3), money(words, player["money"]), 19, bold=True,
                      max_width=MONEY_COL[1])
        if player.get("locked"):
            kit.draw_text(draw, (MONEY_COL[0], y + 26),
                          words.t("{amount} locked", amount=money(words, player["locked"])), 13,
                          fill=kit.GOLD, max_width=MONEY_COL[1])
        kit.draw_text(draw, (SCORE_COL[0], y + 3), words.number(player["score"]), 20, bold=True,
                      max_width=SCORE_COL[1])
        contracts = words.tn("{count} contract", "{count} contracts", player.get("contracts", 0))
        ads = words.t("ads: value {value}", value=player.get("ad_value", 0))
        kit.draw_text(draw, (ROUND_COL[0], y + 3), contracts, 16, max_width=ROUND_COL[1])
        kit.draw_text(draw, (ROUND_COL[0], y + 25), ads, 13, fill=kit.MUTED, max_width=ROUND_COL[1])
        for i, agency in enumerate(agencies):
            points = player.get("loyalty", {}).get(agency["id"], 0)
            lead = leaders.get(agency["id"]) == seat
            cx = LOYALTY_LEFT + (i + 0.5) * loyalty_w
            if lead:
                draw.rounded_rectangle((cx - 22, y + 1, cx + 22, y + 33), radius=6, outline=kit.GOLD,
                                       width=2)
            kit.draw_text(draw, (cx, y + 17), str(points), 20, bold=lead,
                          fill=kit.GOLD if lead else (kit.INK if points else kit.MUTED), anchor="mm")


def _loyalty_leaders(view: View) -> dict[str, int]:
    """Each agency's sole leader in loyalty (a tie leads nobody)."""
    leaders = {}
    for agency in view["agencies"]:
        points = sorted(((p.get("loyalty", {}).get(agency["id"], 0), p["seat"]) for p in view["players"]),
                        reverse=True)
        if points and points[0][0] > 0 and (len(points) == 1 or points[0][0] > points[1][0]):
            leaders[agency["id"]] = points[0][1]
    return leaders


# --- agencies and companies ------------------------------------------------------------------------

HALF = (INNER - GAP) / 2


def _agencies_layer(draw: ImageDraw.ImageDraw, view: View, words: Words, top: int) -> None:
    draw.rounded_rectangle((M, top, M + HALF, top + _agencies_height(view)), radius=10, fill=kit.PANEL)
    kit.draw_text(draw, (M + 14, top + 12), words.t("AGENCIES: order track · contracts face down"), 15,
                  fill=kit.MUTED, bold=True, max_width=HALF - 28)


def _agencies(draw: ImageDraw.ImageDraw, view: View, words: Words, names: list[str], top: int) -> None:
    """Each agency's name, track and pile of contracts, in the layer's panel."""
    right = M + HALF
    bottom = top + _agencies_height(view)
    auction_agency = (view.get("auction") or {}).get("agency")
    for i, agency in enumerate(view["agencies"]):
        y = top + 42 + i * AGENCY_ROW
        kit.draw_text(draw, (M + 14, y + 4), agency["name"], 19, bold=True, max_width=200,
                      fill=kit.GOLD if agency["id"] == auction_agency else kit.INK)
        kit.draw_text(draw, (M + 14, y + 30), words.t("track: {points}", points=agency.get("track", 0)), 15,
                      fill=kit.MUTED, max_width=200)
        pile = agency.get("pile", 0)
        peeked: dict[int, list[int]] = {}
        for peek in agency.get("peeked") or []:
            peeked.setdefault(peek["position"], []).append(peek["seat"])
        x = M + 226
        for position in range(1, pile + 1):
            card = (x, y, x + 30, y + 42)
            draw.rounded_rectangle(card, radius=4, fill=(96, 58, 48), outline=(230, 210, 170), width=2)
            kit.draw_text(draw, (x + 15, y + 21), str(position), 13, fill=(230, 210, 170), anchor="mm")
            for n, seat in enumerate(peeked.get(position, [])[:3]):
                seat_marker(draw, view, seat, (x + 4 + n * 8, y + 44, x + 22 + n * 8, y + 62))
            x += 36
        label = words.tn("{count} card face down", "{count} cards face down", pile)
        if x + kit.text_width(label, 14) > right - 12:  # a long pile: the count goes under it
            x = M + 226
        kit.draw_text(draw, (x + 4, y + 12), label, 14, fill=kit.MUTED, max_width=right - 12 - x)
    if any(agency.get("peeked") for agency in view["agencies"]):
        kit.draw_text(draw, (right - 12, bottom - 8), words.t("a letter under a card: who has seen it"),
                      12, fill=kit.MUTED, anchor="rd")


def _agencies_height(view: View) -> int:
    """Room for each agency, and for the note on peeks under the last when there is one."""
    note = 20 if any(agency.get("peeked") for agency in view["agencies"]) else 0
    return 44 + AGENCY_ROW * len(view["agencies"]) + note


def _companies_layer(draw: ImageDraw.ImageDraw, view: View, words: Words, top: int) -> None:
    """The panel, its heading and each company's marker and name."""
    left = M + HALF + GAP
    bottom = top + 44 + COMPANY_ROW * len(view["companies"])
    draw.rounded_rectangle((left, top, WIDTH - M, bottom), radius=10, fill=kit.PANEL)
    kit.draw_text(draw, (left + 14, top + 12), words.t("COMPANIES"), 15, fill=kit.MUTED, bold=True)
    for i, company in enumerate(view["companies"]):
        y = top + 42 + i * COMPANY_ROW
        company_marker(draw, company["id"], (left + 14, y + 2, left + 44, y + 32))
        kit.draw_text(draw, (left + 54, y + 2), company["name"], 18, bold=True, max_width=170)


def _companies(draw: ImageDraw.ImageDraw, view: View, words: Words, names: list[str], top: int) -> None:
    """Each company's worth, price and owner or standing bid, in the layer's panel."""
    left = M + HALF + GAP
    right = WIDTH - M
    for i, company in enumerate(view["companies"]):
        y = top + 42 + i * COMPANY_ROW
        kit.draw_text(draw, (left + 54, y + 26),
                      words.t("billboards worth {value}", value=company.get("value", 0)), 13,
                      fill=kit.MUTED, max_width=170)
        kit.draw_text(draw, (left + 236, y + 2), money(words, company["price"]), 18, bold=True,
                      max_width=90)
        owner, bid = company.get("owner"), company.get("bid")
        x = left + 336
        if owner is not None:
            seat_marker(draw, view, owner, (x, y + 2, x + 24, y + 26))
            text(draw, (x + 32, y + 4), words.t("owned by {name}", name=names[owner]), 15,
                 max_width=right - 12 - x - 32, smallest=13)
        elif bid:
            seat_marker(draw, view, bid["seat"], (x, y + 2, x + 24, y + 26))
            kit.draw_text(draw, (x + 32, y + 2), words.t("bid {amount}", amount=money(words, bid["price"])),
                          15, fill=kit.GOLD, bold=True, max_width=right - 12 - x - 32)
            text(draw, (x + 32, y + 22), names[bid["seat"]], 14, fill=kit.GOLD,
                 max_width=right - 12 - x - 32, smallest=12)
        else:
            kit.draw_text(draw, (x, y + 4), words.t("neutral"), 15, fill=kit.MUTED)


# --- where things are drawn, for tests that look at the picture --------------------------------
# (the same sums as render() and the bands above: keep them in step)

STATUS_BOX = (M, 80, WIDTH - M, 106)  # the header's line: round, deck, whose turn or who won


def round_cell(view: View, number: int) -> Box:
    """The round track's cell for round ``number`` (1-based)."""
    w, h = ROUND_CELL
    x = ROUNDS_LEFT + (number - 1) * w
    return x + 2, 12, x + w - 2, 12 + h


def round_box(view: View) -> Box:
    """The current round's cell (gold while the game runs)."""
    return round_cell(view, view["round"])


def price_cell(space: int, top: int) -> Box:
    x = M + (space - 1) * PRICE_CELL
    return x + 2, top + 24, x + PRICE_CELL - 2, top + PRICE_H - 4


def player_token_box(view: View, seat: int) -> Box:
    """The swatch of ``seat``'s colour beside its name in the players' table."""
    y = _tops(view)["players"] + TABLE_HEAD + seat * PLAYER_ROW
    return M + 14, y + 2, M + 44, y + 32


def player_name_box(view: View, seat: int) -> Box:
    """Where ``seat``'s name is written in the players' table."""
    y = _tops(view)["players"] + TABLE_HEAD + seat * PLAYER_ROW
    return NAME_COL[0], y + 1, NAME_COL[0] + NAME_COL[1], y + 25
