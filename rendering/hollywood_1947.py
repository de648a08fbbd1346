"""Hollywood 1947 pictures, drawn from a view only.

``table`` (alias ``board``): the score reel, this movie's poster, every player's jobs,
dice, tokens and hand size, the jobs in the center. ``premiere``: the revealed cards of
the last movie and the verdict. About 1100 px wide so a phone's half-size preview reads.
"""
from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from .kit import (
    GOLD,
    INK,
    MUTED,
    PANEL,
    canvas,
    draw_text,
    fit_text,
    on_layer,
    player_token,
    to_png,
    wrap,
    write,
)

WIDTH = 1100
PAD = 24
PATRIOT = (70, 125, 215)
COMMUNIST = (205, 55, 50)
NEUTRAL = (150, 150, 160)
STAR_GOLD = (245, 200, 70)
FILM = (22, 22, 26)
CARD = (240, 232, 214)
CARD_INK = (40, 34, 30)
TEAM_COLOUR = {"patriot": PATRIOT, "communist": COMMUNIST, "both": (150, 90, 170),
               "rising_star": STAR_GOLD}
TEAM_LABEL = {"patriot": "PATRIOTS", "communist": "COMMUNISTS", "both": "BOTH",
              "rising_star": "RISING STAR"}
SYMBOL_COLOUR = {"patriot": PATRIOT, "communist": COMMUNIST, "neutral": NEUTRAL}
SYMBOL_GLYPH = {"patriot": "⚑", "communist": "☭", "neutral": "○"}


def render(view: dict[str, Any], image: str = "table") -> bytes:
    if image == "premiere":
        return _premiere(view)
    if image not in ("table", "board"):
        raise ValueError(f"Hollywood 1947 draws 'table' or 'premiere', not {image!r}")
    return _table(view)


def _name(view: dict[str, Any], seat: int) -> str:
    names = view.get("names") or []
    return names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"


# ------------------------------------------------------------------ pieces

def _symbol(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, symbol: str) -> None:
    """A team symbol: a blue flag disc, a red hammer-and-sickle disc, or a grey ring."""
    colour = SYMBOL_COLOUR[symbol]
    if symbol == "neutral":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=max(2, int(r / 5)))
        return
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=(15, 15, 15), width=2)
    write(draw, (cx, cy), SYMBOL_GLYPH[symbol], int(r * 1.25), fill=(250, 250, 250), bold=True,
          anchor="mm")


def _die(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, star: bool) -> None:
    """An eight-sided die seen from above: a star face, or a blank one."""
    fill = (252, 246, 225) if star else (120, 124, 136)
    draw.rounded_rectangle((x, y, x + size, y + size), radius=size * 0.2, fill=fill,
                           outline=(15, 15, 15), width=2)
    if star:
        write(draw, (x + size / 2, y + size / 2 + 1), "★", int(size * 0.8), fill=(215, 150, 20),
              bold=True, anchor="mm")


def _token(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=(110, 80, 20), width=3)
    write(draw, (cx, cy), "D", int(r * 1.1), fill=(90, 60, 10), bold=True, anchor="mm")


def _poster(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int,
            poster: dict[str, Any] | None, caption: str) -> None:
    """A genre poster with its corner symbol (face down while not revealed)."""
    if poster is None:
        draw.rounded_rectangle((x, y, x + w, y + h), radius=12, fill=(70, 45, 45),
                               outline=(20, 20, 20), width=3)
        for i in range(6):
            draw.line((x + 10, y + 20 + i * (h - 40) / 5, x + w - 10, y + 20 + i * (h - 40) / 5),
                      fill=(95, 60, 60), width=2)
        draw_text(draw, (x + w / 2, y + h / 2), "GENRE?", 30, bold=True, fill=INK, anchor="mm")
    else:
        colour = SYMBOL_COLOUR[poster["symbol"]]
        draw.rounded_rectangle((x, y, x + w, y + h), radius=12, fill=CARD, outline=colour, width=6)
        draw.rectangle((x + 12, y + 12, x + w - 12, y + 52), fill=colour)
        draw_text(draw, (x + w / 2, y + 32), "NOW SHOWING", 18, bold=True, fill=(250, 250, 250),
                  anchor="mm")
        lines = wrap(poster["name"].upper(), w - 30, 30, True)
        top = y + 62 + (h - 140 - 38 * len(lines)) / 2
        for i, line in enumerate(lines):
            draw_text(draw, (x + w / 2, top + i * 38), line, 30, bold=True, fill=CARD_INK,
                      anchor="ma", max_width=w - 24)
        _symbol(draw, x + w - 40, y + h - 40, 26, poster["symbol"])
    draw_text(draw, (x + w / 2, y + h + 8), caption, 20, fill=MUTED, anchor="ma")


# ------------------------------------------------------------------- table

def _table(view: dict[str, Any]) -> bytes:
    players = view["players"]
    row_h = 104 if view.get("small_game") else 86
    ghosts = view.get("ghosts") or []
    height = 380 + 52 + players * row_h + 24 + _center_height(view) + (110 if ghosts else 0)
    img, draw = on_layer("hollywood-1947", WIDTH, height, _table_layer)
    _header(draw, view)
    _reel(draw, view, 320, 84)
    _poster(draw, PAD, 84, 270, 250, view.get("poster"),
            _count(view.get("posters_left", 0), "poster") + " left")
    y = 392 + 40
    for seat in range(players):
        _player_row(draw, view, seat, y, row_h)
        y += row_h
    if ghosts:
        _ghost_row(draw, view, y + 10)
        y += 110
    _center(draw, view, y + 14)
    return to_png(img)


def _table_layer(draw: ImageDraw.ImageDraw) -> None:
    """What every table shows: the header's band and title, the team tracks' names, the empty
    film strip, the studio's heading."""
    draw.rectangle((0, 0, WIDTH, 66), fill=(18, 18, 22))
    draw_text(draw, (PAD, 33), "HOLLYWOOD 1947", 36, bold=True, fill=GOLD, anchor="lm")
    x, y = 320, 84
    for i, team in enumerate(("patriot", "communist")):
        draw_text(draw, (x, y + i * 62 + 24), TEAM_LABEL[team], 26, bold=True, fill=TEAM_COLOUR[team], anchor="lm")
    sy = y + 134
    draw.rectangle((x, sy, WIDTH - PAD, sy + 112), fill=FILM)
    for k in range(16):
        hx = x + 8 + k * (WIDTH - PAD - x - 16) / 16
        draw.rectangle((hx, sy + 6, hx + 14, sy + 16), fill=(200, 200, 200))
        draw.rectangle((hx, sy + 96, hx + 14, sy + 106), fill=(200, 200, 200))
    draw_text(draw, (PAD, 392), "THE STUDIO", 24, bold=True, fill=GOLD)
    draw_text(draw, (WIDTH - PAD, 392 + 4), "jobs · dice · tokens · hand", 20, fill=MUTED, anchor="ra")


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """The movie and the phase, on the layer's header."""
    phase = {"handpick": "Handpicking jobs", "production": "Production", "stars": "Post",
             "tokens": "Post", "editor": "Post · editing", "over": "Final cut"}[view["phase"]]
    right = f"Movie {max(view['round'], 1)} · {phase}" if view["phase"] != "over" else phase
    draw_text(draw, (WIDTH - PAD, 33), right, 28, bold=True, anchor="rm")


def _reel(draw: ImageDraw.ImageDraw, view: dict[str, Any], x: int, y: int) -> None:
    """Team tracks toward their goal, and the film strip of the (up to) seven movies."""
    score, goal = view["score"], view["goal"]
    for i, team in enumerate(("patriot", "communist")):
        ty = y + i * 62
        for k in range(goal[team]):
            bx = x + 210 + k * 72
            won = k < score[team]
            draw.rounded_rectangle((bx, ty, bx + 62, ty + 48), radius=8,
                                   fill=TEAM_COLOUR[team] if won else PANEL,
                                   outline=TEAM_COLOUR[team], width=3)
            if won:
                _symbol(draw, bx + 31, ty + 24, 17, team)
        draw_text(draw, (x + 210 + goal[team] * 72 + 8, ty + 24),
                  f"{score[team]}/{goal[team]}", 28, bold=True, anchor="lm")
    # the film strip of movies made: one frame per movie, the seventh marked
    sy = y + 134
    frame_w = (WIDTH - PAD - x - 8) / 7
    films = view.get("films") or []
    for k in range(7):
        fx = x + 4 + k * frame_w
        box = (fx + 4, sy + 22, fx + frame_w - 4, sy + 90)
        if k < len(films):
            film = films[k]
            draw.rectangle(box, fill=TEAM_COLOUR[film["winner"]])
            ink = (40, 30, 0) if film["winner"] == "rising_star" else (250, 250, 250)
            middle = (box[0] + box[2]) / 2
            lines = wrap(film["poster"]["name"], frame_w - 14, 16, True)[:2]
            for i, line in enumerate(lines):
                draw_text(draw, (middle, sy + 34 + i * 18 - 9 * (len(lines) - 1)), line, 16,
                          bold=True, fill=ink, anchor="mm", max_width=frame_w - 12)
            draw_text(draw, (middle, sy + 74), f"⚑{film['patriot']} ☭{film['communist']}", 21,
                      bold=True, fill=ink, anchor="mm", max_width=frame_w - 10)
        else:
            draw.rectangle(box, fill=(48, 48, 56))
            seventh = k == 6 and view.get("rising_star_rule")
            draw_text(draw, ((box[0] + box[2]) / 2, sy + 56), f"★{k + 1}" if seventh else
                      str(k + 1), 26, bold=True, fill=STAR_GOLD if seventh else (110, 110, 120),
                      anchor="mm")
        if k == 6 and view.get("rising_star_rule"):
            draw.rectangle((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), outline=STAR_GOLD,
                           width=3)
    if view.get("rising_star_rule"):
        draw_text(draw, (WIDTH - PAD, sy + 120), "★ 7th movie within one symbol: the Rising Star "
                  "wins", 17, fill=MUTED, anchor="ra")


def _player_row(draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, y: int,
                row_h: int) -> None:
    turn = view.get("turn_seat") == seat
    pending = seat in (view.get("post") or {}).get("token_queue", [])[:1]
    fill = (62, 58, 40) if turn or pending else PANEL
    draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + row_h - 8), radius=12, fill=fill,
                           outline=GOLD if turn else None, width=3)
    mid = y + (row_h - 8) / 2
    player_token(draw, seat, PAD + 34, mid, 22)
    badges = []
    if view.get("editor") == seat and view["phase"] != "over":
        badges.append("EDITING")
    if turn:
        badges.append("ON TURN")
    outcome = view.get("outcome")
    if view.get("loyalties"):
        loyalty = view["loyalties"][seat]
        won = outcome and seat in outcome["winners"]
        badges.append(TEAM_LABEL[loyalty] + (" ✓" if won else ""))
    _seat_name(draw, _name(view, seat), PAD + 66, mid, 214, bool(badges))
    if badges:
        draw_text(draw, (PAD + 66, mid + 20), "  ".join(badges), 17, bold=True, fill=GOLD,
                  anchor="lm", max_width=214)
    jobs = [j for j in view["jobs"] if j["holder"] == seat]
    small = view.get("small_game")
    tile = 220 if small else 250
    jx = 310
    for job in jobs:
        _job_tile(draw, jx, mid - 30, job, width=tile)
        jx += tile + 10
    dx = 775 if small else 580
    for die in (d for d in view["dice"] if d["seat"] == seat):
        _die(draw, dx, mid - 26, 52, die["star"])
        dx += 60
    _tokens(draw, 905 if small else 700, mid, view["tokens"][seat])
    _hand(draw, WIDTH - PAD - 14, mid, view["hand_sizes"][seat])


def _seat_name(draw: ImageDraw.ImageDraw, name: str, x: float, mid: float, width: int,
               badges: bool) -> None:
    """A player's name: one line if it fits at a readable size, else two."""
    top = mid - 12 if badges else mid
    text, size = fit_text(name, width, 26, True, min_size=20)
    if not text.endswith("…"):
        write(draw, (x, top), text, size, fill=INK, bold=True, anchor="lm")
        return
    lines = wrap(name, width, 19, True)[:2]
    top = (mid - 22 if badges else mid - 11) - (10 if badges else 0)
    for i, line in enumerate(lines):
        draw_text(draw, (x, top + i * 21), line, 19, bold=True, anchor="lm", max_width=width)


def _tokens(draw: ImageDraw.ImageDraw, x: float, mid: float, count: int) -> None:
    """Director tokens held: one coin, with ×N when there are several."""
    if count:
        _token(draw, x + 20, mid, 18)
    if count > 1:
        draw_text(draw, (x + 42, mid), f"×{count}", 24, bold=True, fill=GOLD, anchor="lm")


def _job_tile(draw: ImageDraw.ImageDraw, x: float, y: float, job: dict[str, Any],
              width: int = 200) -> None:
    spent = job["performed"]
    draw.rounded_rectangle((x, y, x + width, y + 60), radius=10,
                           fill=(92, 92, 100) if spent else CARD, outline=(15, 15, 15), width=2)
    draw.ellipse((x + 6, y + 8, x + 50, y + 52), fill=(40, 40, 46))
    write(draw, (x + 28, y + 30), str(job["number"]), 26, fill=GOLD, bold=True, anchor="mm")
    draw_text(draw, (x + 58, y + 30), job["name"], 22, bold=True,
              fill=(200, 200, 205) if spent else CARD_INK, anchor="lm", max_width=width - 64)
    if spent:
        draw_text(draw, (x + width - 6, y + 4), "done", 14, bold=True, fill=(235, 235, 235),
                  anchor="ra")


def _hand(draw: ImageDraw.ImageDraw, right: float, cy: float, count: int) -> None:
    """Face-down cards in hand, fanned, with the count at the row's right edge."""
    x = right - 30 - 32 - 9 * (max(count, 1) - 1) - 8
    for k in range(min(count, 5)):
        ox = x + k * 9
        draw.rounded_rectangle((ox, cy - 24, ox + 32, cy + 20), radius=4, fill=(150, 40, 40),
                               outline=(240, 230, 210), width=2)
    draw_text(draw, (right, cy - 2), str(count), 26, bold=True, anchor="rm")


def _ghost_row(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> None:
    draw_text(draw, (PAD, y), "GHOST CARDS", 24, bold=True, fill=GOLD)
    x = PAD + 200
    for ghost in view["ghosts"]:
        draw.rounded_rectangle((x, y - 4, x + 250, y + 80), radius=10, fill=PANEL)
        draw.rounded_rectangle((x + 10, y + 4, x + 62, y + 72), radius=5,
                               fill=(150, 40, 40) if ghost["has_card"] else (60, 60, 60),
                               outline=(240, 230, 210), width=2)
        draw_text(draw, (x + 36, y + 38), "?", 30, bold=True, anchor="mm")
        draw_text(draw, (x + 74, y + 6), f"Ghost {ghost['number']}", 22, bold=True)
        _die(draw, x + 74, y + 34, 40, ghost["star"])
        for k in range(ghost["tokens"]):
            _token(draw, x + 140 + k * 20, y + 54, 15)
        x += 270


def _center_height(view: dict[str, Any]) -> int:
    center = sum(1 for j in view["jobs"] if j["holder"] is None)
    return 150 + max(0, (center - 1) // 3) * 70


def _center(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> None:
    draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + _center_height(view) - 4), radius=14,
                           fill=(38, 42, 50), outline=(70, 74, 86), width=2)
    draw_text(draw, (PAD + 16, y + 12), "CENTER", 24, bold=True, fill=GOLD)
    center = [j for j in view["jobs"] if j["holder"] is None]
    if not center:
        draw_text(draw, (PAD + 16, y + 78), "no jobs in the center", 22, fill=MUTED, anchor="lm")
    for i, job in enumerate(center):
        _job_tile(draw, PAD + 16 + (i % 3) * 262, y + 48 + (i // 3) * 70, job, width=250)
    sx = 840
    draw_text(draw, (sx, y + 14), "Tokens", 20, fill=MUTED)
    for k in range(view["tokens_center"]):
        _token(draw, sx + 98 + k * 34, y + 26, 15)
    lines = [f"Movie: {view['movie_size']} face down",
             f"Deck {view['deck_size']} · discards {view['discard_size']}"]
    if view.get("composer_added"):
        lines.append("Composer has scored")
    for i, line in enumerate(lines):
        draw_text(draw, (sx, y + 52 + i * 30), line, 21, bold=i == 0,
                  max_width=WIDTH - PAD - sx - 12)


# ---------------------------------------------------------------- premiere

def _premiere(view: dict[str, Any]) -> bytes:
    show = view.get("premiere")
    if show is None:
        img, draw = canvas(WIDTH, 300)
        draw_text(draw, (WIDTH / 2, 150), "No movie has premiered yet.", 34, bold=True,
                  anchor="mm")
        return to_png(img)
    cards = show["cards"]
    per_row = 4
    rows = max(1, (len(cards) + per_row - 1) // per_row)
    card_w, card_h = 182, 150
    height = 200 + max(360, rows * (card_h + 16) + 20) + 70
    img, draw = canvas(WIDTH, height)
    winner = show["winner"]
    ink = (40, 30, 0) if winner == "rising_star" else (255, 255, 255)
    draw.rectangle((0, 0, WIDTH, 96), fill=TEAM_COLOUR[winner])
    draw_text(draw, (WIDTH / 2, 30), f"PREMIERE · MOVIE {show['round']}", 26, bold=True,
              fill=ink, anchor="mm")
    draw_text(draw, (WIDTH / 2, 68), _headline(show), 34, bold=True, fill=ink,
              anchor="mm", max_width=WIDTH - 40)
    _poster(draw, PAD, 122, 260, 300, show["poster"], "the genre poster")
    x0, y0 = 310, 122
    for i, card in enumerate(cards):
        cx = x0 + (i % per_row) * (card_w + 12)
        cy = y0 + (i // per_row) * (card_h + 16)
        _card(draw, cx, cy, card_w, card_h, card)
    if not cards:
        draw_text(draw, (x0 + 20, y0 + 60), "No cards made it to the screen.", 26, fill=MUTED)
    by = height - 120
    draw.rounded_rectangle((PAD, by, WIDTH - PAD, by + 96), radius=14, fill=PANEL)
    _symbol(draw, PAD + 52, by + 48, 30, "patriot")
    draw_text(draw, (PAD + 96, by + 48), f"{show['patriot']}", 48, bold=True, anchor="lm")
    _symbol(draw, PAD + 240, by + 48, 30, "communist")
    draw_text(draw, (PAD + 284, by + 48), f"{show['communist']}", 48, bold=True, anchor="lm")
    notes = []
    if show.get("hearing"):
        notes.append("Congressional Hearing: all dice re-rolled")
    if show.get("shake_up"):
        notes.append("Shake Up: all jobs re-dealt")
    for i, note in enumerate(notes or ["symbols include the poster's corner"]):
        draw_text(draw, (WIDTH - PAD - 20, by + 30 + i * 34 if notes else by + 48), note, 22,
                  bold=bool(notes), fill=GOLD if notes else MUTED, anchor="rm",
                  max_width=560)
    return to_png(img)


def _headline(show: dict[str, Any]) -> str:
    winner, p, c = show["winner"], show["patriot"], show["communist"]
    if winner == "rising_star":
        return "TOO CLOSE TO CALL — THE RISING STAR STEALS THE SHOW"
    if winner == "both":
        return "A TIE — BOTH TEAMS WIN THIS ONE"
    if winner == "communist" and p == c:
        return "A TIE — THE COMMUNISTS WIN THE MOVIE"
    return f"THE {TEAM_LABEL[winner]} WIN THE MOVIE"


def _card(draw: ImageDraw.ImageDraw, x: float, y: float, w: int, h: int,
          card: dict[str, Any]) -> None:
    lean = "patriot" if card["patriot"] else "communist" if card["communist"] else "neutral"
    edge = SYMBOL_COLOUR[lean]
    draw.rounded_rectangle((x, y, x + w, y + h), radius=12, fill=CARD, outline=edge, width=5)
    lines = wrap(card["name"], w - 20, 20, True)[:2]
    for i, line in enumerate(lines):
        draw_text(draw, (x + w / 2, y + 14 + i * 24), line, 20, bold=True, fill=CARD_INK,
                  anchor="ma", max_width=w - 16)
    count = card["patriot"] or card["communist"]
    if count:
        for k in range(count):
            _symbol(draw, x + w / 2 + (k - (count - 1) / 2) * 56, y + h - 46, 24, lean)
    else:
        draw_text(draw, (x + w / 2, y + h - 46), "neutral", 22, fill=(120, 115, 110), anchor="mm")
    if card.get("effect"):
        label = "HEARING" if card["effect"] == "hearing" else "SHAKE UP"
        draw.rectangle((x + 5, y + h - 16, x + w - 5, y + h - 5), fill=edge)
        draw_text(draw, (x + w / 2, y + h - 11), label, 11, bold=True, fill=(255, 255, 255),
                  anchor="mm")


# ------------------------------------------------------------ where things are drawn
# For tests that look at the pictures; the same sums as _table(), _header(), _premiere().

HEADER_RIGHT_BOX = (WIDTH // 2, 0, WIDTH - PAD, 66)  # "Movie 3 · Production"
PREMIERE_TITLE_BOX = (WIDTH // 2 - 300, 10, WIDTH // 2 + 300, 50)  # "PREMIERE · MOVIE 2"


def seat_boxes(view: dict[str, Any], seat: int) -> tuple[tuple, tuple]:
    """(token box, name box) of ``seat``'s row in THE STUDIO."""
    row_h = 104 if view.get("small_game") else 86
    top = 392 + 40 + seat * row_h
    mid = top + (row_h - 8) / 2
    return (PAD + 12, mid - 22, PAD + 56, mid + 22), (PAD + 66, top + 4, PAD + 280, top + row_h - 12)


def _count(number: int, thing: str) -> str:
    """"1 poster", "3 posters"."""
    return f"{number} {thing}{'' if number == 1 else 's'}"
