"""The shared drawing kit: fonts, palette, player colours, text and PNG helpers.

Every renderer draws from a *view* (plain dict), never from raw state, and returns
PNG bytes. Images are laid out for Discord's preview: about 1100 px wide, so they
still read when a phone shrinks them to ~550 px.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from . import layers, png
from .png import COMPRESS_LEVEL, PALETTE_COLOURS, reduce_colours

__all__ = ["COMPRESS_LEVEL", "PALETTE_COLOURS", "reduce_colours"]  # the encoder's, as it was here

FONT_DIR = Path(__file__).resolve().parent / "fonts"

# DejaVu Sans (shipped in rendering/fonts with its licence) has Polish letters
# (Ł, ż, ó, ę), ☆ and ★, which Pillow's built-in font draws as boxes.
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

BACKGROUND = (30, 33, 40)  # close to Discord's dark theme, so images sit well in it
PANEL = (44, 48, 58)
INK = (236, 236, 240)
MUTED = (160, 165, 178)
GOLD = (230, 190, 80)

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class PlayerStyle:
    """A player's colour *and* letter/shape, so colour-blind players can tell seats apart."""

    colour: Colour
    letter: str
    shape: str  # circle | square | diamond | triangle | hexagon | star


# Okabe–Ito palette: distinguishable under the common colour-vision deficiencies.
PLAYER_STYLES: tuple[PlayerStyle, ...] = (
    PlayerStyle((230, 159, 0), "A", "circle"),      # orange
    PlayerStyle((86, 180, 233), "B", "square"),     # sky blue
    PlayerStyle((0, 158, 115), "C", "diamond"),     # bluish green
    PlayerStyle((240, 228, 66), "D", "triangle"),   # yellow
    PlayerStyle((0, 114, 178), "E", "hexagon"),     # blue
    PlayerStyle((213, 94, 0), "F", "star"),         # vermillion
    PlayerStyle((204, 121, 167), "G", "circle"),    # reddish purple
    PlayerStyle((255, 255, 255), "H", "square"),    # white
    PlayerStyle((150, 150, 150), "I", "diamond"),   # grey
)


def player_style(seat: int) -> PlayerStyle:
    return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def canvas(width: int, height: int, colour: Colour = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    png.keep_freed_buffers()
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


def on_layer(key: Hashable, width: int, height: int,
             paint: Callable[[ImageDraw.ImageDraw], None]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A canvas holding the unchanging layer ``paint`` draws for ``key`` (a key naming
    everything ``paint`` reads): drawn once in this process, copied for every board
    (rendering/layers.py)."""

    def painted() -> Image.Image:
        image, draw = canvas(width, height)
        paint(draw)
        return image

    return layers.board(("layer", key, width, height), painted)


def to_png(image: Image.Image) -> bytes:
    """The one encoder every renderer returns its picture through (rendering/png.py)."""
    return png.encode(image)


# A board draws a few hundred lines of text, most of them the same words at the same places
# every time, and FreeType spends more on them than on everything else the board draws. Each
# worker process keeps what it measured and rasterised, so only new words cost anything. The
# caches are bounded: a long-running worker sees every player's name and amount in turn.
@lru_cache(maxsize=65536)
def text_width(text: str, size: int, bold: bool = False) -> float:
    runs = _runs(text)
    if len(runs) == 1 and not runs[0][1]:
        return font(size, bold).getlength(runs[0][0])
    return sum(emoji_font(size).getlength(run) if emoji else font(size, bold).getlength(run) for run, emoji in runs)


# Emoji in a player's name: DejaVu Sans has none (they drew as empty boxes), so each run of
# them is drawn in colour from OpenMoji (rendering/fonts, CC BY-SA 4.0, a COLR font Pillow
# draws at any size) beside the rest of the line in our fonts. Bidirectional controls are
# left out, as bot/text.py's plain_name leaves them out of every name the bot writes.
EMOJI = FONT_DIR / "OpenMoji-Color.ttf"
EMOJI_SCALE = 1.25
_BIDI_CONTROLS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))
# Characters shown as emoji without a variation selector (Unicode's Emoji_Presentation) below
# U+1F000, where DejaVu's own symbols (★ ☆ ♠ ✓) are drawn as text.
_EMOJI_BMP = frozenset([0x231A, 0x231B, 0x23E9, 0x23EA, 0x23EB, 0x23EC, 0x23F0, 0x23F3, 0x25FD, 0x25FE,
                        0x2614, 0x2615, *range(0x2648, 0x2654), 0x267F, 0x2693, 0x26A1, 0x26AA, 0x26AB,
                        0x26BD, 0x26BE, 0x26C4, 0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2, 0x26F3, 0x26F5,
                        0x26FA, 0x26FD, 0x2705, 0x270A, 0x270B, 0x2728, 0x274C, 0x274E, 0x2753, 0x2754,
                        0x2755, 0x2757, 0x2795, 0x2796, 0x2797, 0x27B0, 0x27BF, 0x2B1B, 0x2B1C, 0x2B50,
                        0x2B55])
# What joins an emoji to the one before it: a joiner, a variation selector, a keycap, a tag.
_JOINS = frozenset([0x200D, 0xFE0F, 0x20E3, *range(0xE0020, 0xE0080)])


@cache
def emoji_font(size: int) -> ImageFont.FreeTypeFont:
    """OpenMoji for text of ``size``: a size larger, its glyphs standing within a margin."""
    return ImageFont.truetype(str(EMOJI), round(size * EMOJI_SCALE))


@lru_cache(maxsize=16384)
def _runs(text: str) -> tuple[tuple[str, bool], ...]:
    """The line as runs of text and of emoji, bidirectional controls left out."""
    text = text.translate(_BIDI_CONTROLS)
    runs: list[tuple[str, bool]] = []
    for n, ch in enumerate(text):
        code = ord(ch)
        joined = bool(runs) and runs[-1][1] and (code in _JOINS or ord(runs[-1][0][-1]) == 0x200D
                                                   or 0x1F3FB <= code <= 0x1F3FF)
        emoji = joined or code >= 0x1F000 or code in _EMOJI_BMP or text[n + 1:n + 2] == "\ufe0f"
        if runs and runs[-1][1] == emoji:
            runs[-1] = (runs[-1][0] + ch, emoji)
        else:
            runs.append((ch, emoji))
    return tuple(runs) or (("", False),)


@lru_cache(maxsize=16384)
def fit_text(text: str, max_width: float, size: int, bold: bool = False, min_size: int = 10) -> tuple[str, int]:
    """Shrink the font down to ``min_size`` to fit; past that, cut with an ellipsis."""
    while size > min_size and text_width(text, size, bold) > max_width:
        size -= 1
    if text_width(text, size, bold) <= max_width:
        return text, size
    while text and text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text + "…", size


@lru_cache(maxsize=8192)
def _glyphs(text: str, size: int, bold: bool, anchor: str,
            start: tuple[float, float]) -> tuple[object, tuple[int, int]]:
    """A line's coverage mask and its offset from the anchor, as ``ImageDraw.text`` makes them."""
    return font(size, bold).getmask2(text, "L", anchor=anchor, start=start)


def write(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, *,
          fill: Colour = INK, bold: bool = False, anchor: str = "la") -> None:
    """``draw.text`` of one line in our fonts, pixel for pixel, from the glyph cache.

    The mask depends on where the line starts within a pixel (FreeType positions it to the
    subpixel), so that fraction is part of the key, exactly as ``draw.text`` passes it on.
    """
    if "\n" in text or draw.fontmode != "L":
        draw.text(xy, text, font=font(size, bold), fill=fill, anchor=anchor)
        return
    runs = _runs(text)
    if len(runs) > 1 or runs[0][1]:
        _write_runs(draw, xy, runs, size, fill, bold, anchor)
        return
    text = runs[0][0]
    x, y = xy
    mask, (dx, dy) = _glyphs(text, size, bold, anchor, (math.modf(x)[0], math.modf(y)[0]))
    draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, draw._getink(fill)[0])


def _write_runs(draw: ImageDraw.ImageDraw, xy: tuple[float, float], runs: tuple[tuple[str, bool], ...], size: int,
                fill: Colour, bold: bool, anchor: str) -> None:
    """A line holding emoji: its runs side by side, from where ``anchor`` puts the whole line."""
    widths = [emoji_font(size).getlength(run) if emoji else font(size, bold).getlength(run) for run, emoji in runs]
    x, y = xy
    x -= sum(widths) * {"m": 0.5, "r": 1.0}.get(anchor[0], 0.0)
    for (run, emoji), width in zip(runs, widths):
        if emoji:
            _emoji(draw, (x, y), run, size, "l" + anchor[1])
        else:
            write(draw, (x, y), run, size, fill=fill, bold=bold, anchor="l" + anchor[1])
        x += width


def _emoji(draw: ImageDraw.ImageDraw, xy: tuple[float, float], run: str, size: int, anchor: str) -> None:
    """Emoji in their colours, as ``draw.text(embedded_color=True)`` pastes them."""
    x, y = xy
    colour, (dx, dy) = emoji_font(size).getmask2(run, "RGBA", anchor=anchor, start=(math.modf(x)[0], math.modf(y)[0]))
    left, top = int(x) + dx, int(y) + dy
    alpha = colour.getband(3)
    colour.fillband(3, 255)
    draw.im.paste(colour, (left, top, left + alpha.size[0], top + alpha.size[1]), alpha)


def draw_text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int = 18, *,
    fill: Colour = INK, bold: bool = False, max_width: float | None = None, anchor: str = "la",
) -> None:
    if max_width is not None:
        text, size = fit_text(text, max_width, size, bold)
    write(draw, xy, text, size, fill=fill, bold=bold, anchor=anchor)


@lru_cache(maxsize=4096)
def _wrapped(text: str, max_width: float, size: int, bold: bool) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}".strip()
            if line and text_width(candidate, size, bold) > max_width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return tuple(lines)


def wrap(text: str, max_width: float, size: int, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``max_width`` pixels."""
    return list(_wrapped(text, max_width, size, bold))


def _polygon(cx: float, cy: float, r: float, points: int, rotation: float = -90.0) -> list[tuple[float, float]]:
    import math

    return [
        (cx + r * math.cos(math.radians(rotation + i * 360 / points)),
         cy + r * math.sin(math.radians(rotation + i * 360 / points)))
        for i in range(points)
    ]


def player_token(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float, *, label: bool = True) -> None:
    """A seat's marker: its colour in its own shape, with its letter on top."""
    import math

    style = player_style(seat)
    outline = (20, 20, 20)
    if style.shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=style.colour, outline=outline, width=2)
    elif style.shape == "square":
        draw.rectangle((cx - r * 0.9, cy - r * 0.9, cx + r * 0.9, cy + r * 0.9), fill=style.colour, outline=outline, width=2)
    elif style.shape == "star":
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.5
            ang = math.radians(-90 + i * 36)
            pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
        draw.polygon(pts, fill=style.colour, outline=outline)
    else:
        sides = {"diamond": 4, "triangle": 3, "hexagon": 6}[style.shape]
        draw.polygon(_polygon(cx, cy, r * (1.15 if sides == 3 else 1.0), sides), fill=style.colour, outline=outline)
    if label:
        size = max(8, int(r * (0.9 if style.shape == "triangle" else 1.1)))
        dark = sum(style.colour) > 380
        write(draw, (cx, cy + (r * 0.15 if style.shape == "triangle" else 0)), style.letter, size,
              fill=(20, 20, 20) if dark else (250, 250, 250), bold=True, anchor="mm")


def die_face(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, value: int,
             fill: Colour = (245, 245, 245), pip: Colour = (20, 20, 20)) -> None:
    """A six-sided die showing ``value`` with its top-left corner at (x, y)."""
    draw.rounded_rectangle((x, y, x + size, y + size), radius=size * 0.18, fill=fill, outline=(60, 60, 60), width=2)
    spots = {
        1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
    }.get(value, [])
    r = size * 0.09
    for fx, fy in spots:
        cx, cy = x + fx * size, y + fy * size
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pip)


def money(millions_or_dollars: int, unit: str = "") -> str:
    """$12,000 style formatting; ``unit='M'`` gives $12M."""
    if unit == "M":
        return f"${millions_or_dollars}M"
    return f"${millions_or_dollars:,}"
