"""The shared drawing kit: fonts, palette, player colours, text and PNG helpers.

Every renderer draws from a *view* (plain dict), never from raw state, and returns
PNG bytes. Images are laid out for Discord's preview: about 1100 px wide, so they
still read when a phone shrinks them to ~550 px.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

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
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


def to_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def text_width(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


def fit_text(text: str, max_width: float, size: int, bold: bool = False, min_size: int = 10) -> tuple[str, int]:
    """Shrink the font down to ``min_size`` to fit; past that, cut with an ellipsis."""
    while size > min_size and text_width(text, size, bold) > max_width:
        size -= 1
    if text_width(text, size, bold) <= max_width:
        return text, size
    while text and text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text + "…", size


def draw_text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int = 18, *,
    fill: Colour = INK, bold: bool = False, max_width: float | None = None, anchor: str = "la",
) -> None:
    if max_width is not None:
        text, size = fit_text(text, max_width, size, bold)
    draw.text(xy, text, font=font(size, bold), fill=fill, anchor=anchor)


def wrap(text: str, max_width: float, size: int, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``max_width`` pixels."""
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
    return lines


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
        draw.text((cx, cy + (r * 0.15 if style.shape == "triangle" else 0)), style.letter,
                  font=font(size, True), fill=(20, 20, 20) if dark else (250, 250, 250), anchor="mm")


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
