"""The kit's caches (rendering/kit.py) must draw exactly what Pillow draws without them."""
from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from rendering import kit

LINES = ["Łucja Żółć", "$1,250,000", "★ 7th movie", "☆ Kraków ✈", "A", "", "  padded  "]
ANCHORS = ["la", "lm", "mm", "ra", "rm", "ma", "rd", "ld", "md"]
# Fractions of a pixel: FreeType places the line to the subpixel, so each draws differently.
POSITIONS = [(40, 30), (40.5, 30.25), (61.75, 29.5), (40.125, 30.875)]


def _drawn(write, xy, line: str = "", size: int = 16, bold: bool = False,
           anchor: str = "la") -> Image.Image:
    image = Image.new("RGB", (400, 70), kit.PANEL)
    write(ImageDraw.Draw(image), xy, line, size, bold, anchor)
    return image


def _by_pillow(draw, xy, line, size, bold, anchor):
    draw.text(xy, line, font=kit.font(size, bold), fill=kit.GOLD, anchor=anchor)


def _by_kit(draw, xy, line, size, bold, anchor):
    kit.write(draw, xy, line, size, fill=kit.GOLD, bold=bold, anchor=anchor)


@pytest.mark.parametrize("anchor", ANCHORS)
def test_cached_glyphs_draw_what_draw_text_draws(anchor):
    for line in LINES:
        for size, bold in ((11, True), (19, False), (30, True)):
            for xy in POSITIONS:
                wanted = _drawn(_by_pillow, xy, line, size, bold, anchor)
                for attempt in ("cold", "cached"):
                    got = _drawn(_by_kit, xy, line, size, bold, anchor)
                    assert not ImageChops.difference(wanted, got).getbbox(), (line, size, xy, attempt)


def test_multiline_text_is_drawn_by_pillow():
    wanted = _drawn(_by_pillow, (10, 5), "two\nlines")
    assert not ImageChops.difference(wanted, _drawn(_by_kit, (10, 5), "two\nlines")).getbbox()


def test_wrap_hands_out_a_fresh_list():
    first = kit.wrap("one two three four five six", 60, 16)
    first.append("scribbled on")
    assert kit.wrap("one two three four five six", 60, 16) == first[:-1]


def test_fit_text_and_width_agree_with_the_font():
    text, size = kit.fit_text("Bartholomew Longname-Smythe", 150, 20, True)
    assert kit.font(size, True).getlength(text) <= 150
    assert kit.text_width(text, size, True) == kit.font(size, True).getlength(text)
