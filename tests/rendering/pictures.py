"""Comparing pictures with references, and checks that read a picture without one."""
from __future__ import annotations

import importlib
import io
import os
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter, features

from bot.games.registry import PACKAGES
from rendering.kit import reduce_colours

from .snapshots import HERE, game_id, load_view

REFERENCES = HERE / "references"
UPDATE = os.environ.get("UPDATE_REFERENCES") == "1"
FAILURES = Path(os.environ.get("RENDER_FAILURES_DIR")
                or Path(tempfile.gettempdir()) / "marquee-rendering")

# Tolerance, measured: Pillow 10.4 (FreeType 2.13) and 13.0 (FreeType 2.14) drew these pictures
# at most 344 pixels apart, each a single glyph nudged by one pixel. A 3×3 blur turns a
# one-pixel shift into a difference of at most a third of the contrast, so past the blur a pixel
# counts only if a channel moves by more than 96 of 255; then no pixel differs between those
# versions, while a changed word or die face still moves 15–400 pixels and a moved token,
# panel or colour thousands. Up to 0.002% of the pixels (25–45) may differ: room for a stray
# glyph, not for a missing piece. Digits and names are the checks' job (test_pictures.py).
PIXEL_THRESHOLD = 96
MAX_DIFFERING = 0.00002
# The references are drawn with Raqm text layout; without it (a Pillow that finds no
# libfribidi) every line of text lands a pixel or two elsewhere.
SAME_TEXT_LAYOUT = features.check("raqm")

Box = tuple[float, float, float, float]
Render = Callable[..., bytes]


def renderer(fixture: str) -> Render:
    return importlib.import_module(f"rendering.{PACKAGES[game_id(fixture)]}").render


@cache
def drawn(fixture: str, name: str, image: str) -> bytes:
    """The real renderer's picture of a fixture view (raw here, see conftest.py; cached)."""
    return renderer(fixture)(load_view(fixture, name), image)


RAW = b"raw RGB picture "


def raw_picture(image: Image.Image) -> bytes:
    """What the renderers return during these tests instead of a PNG (see conftest.py): the
    picture as its PNG holds it (reduced to the encoder's palette), without the encoding."""
    return RAW + b"%d %d " % image.size + reduce_colours(image).convert("RGB").tobytes()


def as_image(data: bytes) -> Image.Image:
    if data.startswith(RAW):
        width, height, pixels = data[len(RAW):].split(b" ", 2)
        return Image.frombytes("RGB", (int(width), int(height)), pixels)
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return Image.open(io.BytesIO(data)).convert("RGB")


def _strongest_channel(a: Image.Image, b: Image.Image) -> Image.Image:
    """Per pixel, the largest channel difference (mode L)."""
    r, g, b_ = ImageChops.difference(a, b).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b_)


# ------------------------------------------------------------------ references

def reference_path(fixture: str, name: str, image: str) -> Path:
    return REFERENCES / fixture / f"{name}-{image}.png"


def compare_with_reference(actual: Image.Image, path: Path) -> None:
    """Fail, leaving the actual picture and a diff in FAILURES, unless it matches ``path``."""
    label = f"{path.parent.name}-{path.stem}"
    if not path.exists():
        raise AssertionError(f"no reference {path}; draw it with UPDATE_REFERENCES=1 (README.md)")
    reference = Image.open(path).convert("RGB")
    if reference.size != actual.size:
        saved = _save_failure(label, actual, None)
        raise AssertionError(
            f"{label}: {actual.size} drawn, reference is {reference.size}; {saved}")
    if not ImageChops.difference(actual, reference).getbbox():
        return  # identical, the usual case: no need to blur
    blur = ImageFilter.BoxBlur(1)
    strong = _strongest_channel(actual.filter(blur), reference.filter(blur)).point(
        lambda v: 255 if v > PIXEL_THRESHOLD else 0)
    differing = strong.histogram()[255]
    if differing > MAX_DIFFERING * actual.width * actual.height:
        grey = reference.convert("L").convert("RGB")
        diff = Image.blend(grey, Image.new("RGB", grey.size), 0.6)
        diff.paste((255, 0, 255), mask=strong)  # magenta where the pictures differ
        saved = _save_failure(label, actual, diff)
        raise AssertionError(f"{label}: {differing} pixels differ from {path.name} "
                             f"(box {strong.getbbox()}); {saved}")


def _save_failure(label: str, actual: Image.Image, diff: Image.Image | None) -> str:
    FAILURES.mkdir(parents=True, exist_ok=True)
    actual.save(FAILURES / f"{label}.actual.png")
    if diff is None:
        return f"drawn: {FAILURES / f'{label}.actual.png'}"
    diff.save(FAILURES / f"{label}.diff.png")
    return f"drawn: {FAILURES / f'{label}.actual.png'}, diff: {FAILURES / f'{label}.diff.png'}"


def write_reference(actual: Image.Image, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    actual.save(path, optimize=True)


# ------------------------------------------------------------------ checks without a reference

def assert_not_blank(picture: Image.Image) -> None:
    """Many colours, and no single colour covering (nearly) everything."""
    pixels = picture.width * picture.height
    colours = picture.getcolors(maxcolors=pixels)
    distinct, commonest = len(colours), max(colours)[0] / pixels
    # A picture has at most 256 colours (kit.reduce_colours), antialiasing shades merged: the
    # sparest real one (Hollywood 1947's premiere) keeps 117; two lines of text and two tokens
    # on the background keep 73.
    assert distinct >= 96, f"only {distinct} colours: a blank or near-blank picture"
    assert commonest <= 0.85, f"one colour covers {commonest:.0%} of the picture"


def assert_colour_at(picture: Image.Image, box: Box, colour: tuple[int, int, int], what: str,
                     share: float = 0.2) -> None:
    """At least ``share`` of ``box`` is within a few levels of ``colour``."""
    crop = picture.crop(tuple(round(v) for v in box))
    near = _strongest_channel(crop, Image.new("RGB", crop.size, colour)).point(
        lambda v: 255 if v <= 24 else 0)
    found = near.histogram()[255] / (crop.width * crop.height)
    assert found >= share, f"{what}: {found:.0%} of {box} is {colour}, not {share:.0%} or more"


def assert_changed(before: Image.Image, after: Image.Image, box: Box, what: str) -> None:
    """Something in ``box`` is drawn differently (by more than antialiasing could)."""
    box = tuple(round(v) for v in box)
    strong = _strongest_channel(before.crop(box), after.crop(box)).point(
        lambda v: 255 if v > 64 else 0)
    assert strong.histogram()[255] >= 5, f"{what}: nothing changed in {box}"
