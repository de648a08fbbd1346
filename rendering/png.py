"""How a picture becomes the PNG the bot posts: a palette of 256 colours, then zlib.

A board is flat panels, player colours and antialiased text: a few thousand distinct colours,
of which 256 keep every panel and player colour within a few levels. The 256 are picked by
octree from every third pixel of every third row (a token, a panel, a line of text spans more),
and every pixel is then mapped to the nearest of them. Over 230 boards of every title
(tools/bench/boards.py's views), that is 6.0 ms a board against 11.3 for an octree over every
pixel, and closer to what was drawn (pixels off by more than 16 of 255: 0.020 % against
0.050 %; the worst 52 against 53, on glyph edges; flat areas within 11 and 10); every other
pixel of every other row is 8.0 ms and 0.011 %, every fourth 4.9 ms and 0.043 %, but merges a
sparse picture's shades. zlib level 4 keeps a board under half its full-colour
size (tests/test_png.py; level 3 is 7 % larger, past it); level 6 is 10 % smaller at 1.5 times
the time; optimize=True is 4-6 times slower for 3 %.
"""
from __future__ import annotations

import ctypes
import io
from functools import cache

from PIL import Image

PALETTE_COLOURS = 256
COMPRESS_LEVEL = 4
#: A palette is picked from one pixel in ``SAMPLE`` of every ``SAMPLE``-th row.
SAMPLE = 4

# glibc's mallopt parameters (malloc.h)
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3


@cache
def keep_freed_buffers() -> None:
    """Let a drawing process reuse the memory of its last picture.

    A board passes through a few buffers of 6-9 MB each: the canvas, and the quantizer's
    copy of the pixels and their palette indices. glibc maps buffers that big afresh from the
    kernel and unmaps them when freed (its threshold only ever rises past the largest block
    freed so far, and the same size again is mapped again), so every board page-faulted some
    18 MB of zeroed pages: 7-10 ms a board on the 2-core machine, as much as its drawing.
    Served from the heap, and the heap not trimmed back under 64 MB (a board needs some 30),
    they are reused. Elsewhere (not glibc) the allocator is left as it is.
    """
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return
    mallopt(M_MMAP_THRESHOLD, 32 << 20)  # glibc's ceiling for this threshold
    mallopt(M_TRIM_THRESHOLD, 64 << 20)


def sampled(image: Image.Image, every: int = SAMPLE) -> Image.Image:
    """What a palette is picked from: a pixel in ``every`` of every ``every``-th row."""
    size = (max(1, image.width // every), max(1, image.height // every))
    return image.resize(size, Image.Resampling.NEAREST)


def palette_of(image: Image.Image, colours: int = PALETTE_COLOURS) -> list[int]:
    """``colours`` colours for ``image`` (R, G, B, R, …), picked by octree from its sample; from
    a denser one when that offered fewer than half as many (a sparse picture, as a summary or
    a premiere: a board's offers 160 or more), which would merge its antialiasing shades."""
    for every in (SAMPLE, 2):
        picked = sampled(image, every).quantize(colours, Image.Quantize.FASTOCTREE)
        if len(picked.getcolors(colours) or ()) >= colours // 2:
            break
    return (picked.getpalette() or [0, 0, 0])[: 3 * colours]


def mapped(image: Image.Image, palette: list[int]) -> Image.Image:
    """``image`` in palette mode, each pixel the nearest of ``palette``'s colours. Unused places
    repeat its first colour, so no colour the palette lacks is ever nearest."""
    full = palette + palette[:3] * (PALETTE_COLOURS - len(palette) // 3)
    holder = Image.new("P", (1, 1))
    holder.putpalette(full)
    return image.quantize(palette=holder, dither=Image.Dither.NONE)


def reduce_colours(image: Image.Image) -> Image.Image:
    """The picture as its PNG holds it: a palette of ``PALETTE_COLOURS`` colours."""
    return mapped(image, palette_of(image))


def saved(picture: Image.Image) -> bytes:
    """A palette picture as PNG bytes."""
    buffer = io.BytesIO()
    picture.save(buffer, "PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()


def encode(image: Image.Image) -> bytes:
    """Any picture as PNG bytes, from its pixels alone."""
    keep_freed_buffers()
    return saved(reduce_colours(image))
