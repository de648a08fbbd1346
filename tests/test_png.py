"""The one PNG encoder (rendering/kit.py): a palette picture, half the size of full colour or
less, that keeps every player's colour and the panels' colours as drawn."""
from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image, ImageChops

from rendering import kit

VIEWS = Path(__file__).resolve().parent / "rendering" / "views"


def tokens_on_panels() -> Image.Image:
    """Every seat's token on each of the kit's panel colours, with some text."""
    image, draw = kit.canvas(1100, 400)
    for row, colour in enumerate((kit.BACKGROUND, kit.PANEL, (245, 240, 225))):
        draw.rectangle((0, row * 130, 1100, row * 130 + 120), fill=colour)
        for seat in range(len(kit.PLAYER_STYLES)):
            kit.player_token(draw, seat, 60 + seat * 115, row * 130 + 60, 40)
    kit.draw_text(draw, (10, 380), "Łucja Żółć has $1,830,000 ★", 18, fill=kit.GOLD)
    return image


def decoded(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png))


def test_a_picture_is_encoded_with_a_palette():
    picture = decoded(kit.to_png(tokens_on_panels()))
    assert picture.mode == "P"
    assert len(picture.getcolors(256) or []) <= kit.PALETTE_COLOURS


def test_player_and_panel_colours_survive_the_palette():
    original = tokens_on_panels()
    encoded = decoded(kit.to_png(original)).convert("RGB")
    wanted = [style.colour for style in kit.PLAYER_STYLES] + [kit.BACKGROUND, kit.PANEL, kit.GOLD]
    for colour in wanted:
        flat = Image.new("RGB", original.size, colour)
        drawn_there = ImageChops.difference(original, flat).convert("L").point(lambda v: 255 if v == 0 else 0)
        assert drawn_there.getbbox(), f"{colour} is not in the test picture"
        off = Image.composite(ImageChops.difference(encoded, flat), Image.new("RGB", original.size), drawn_there)
        worst = max(high for _, high in off.getextrema())
        assert worst <= 12, f"{colour} moved by {worst} of 255 in the palette"


def test_a_board_is_less_than_half_its_full_colour_size():
    from rendering.advance_to_boardwalk import render

    view = json.loads((VIEWS / "advance-to-boardwalk" / "mid.json").read_text(encoding="utf-8"))
    png = render(view, "board")
    original = decoded(png).convert("RGB")  # fewer colours than drawn: a fair floor
    full_colour = io.BytesIO()
    original.save(full_colour, "PNG", compress_level=6)
    assert len(png) * 2 <= len(full_colour.getvalue())
