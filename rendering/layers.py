"""Each title's unchanging layers, drawn once per drawing process, and the boards drawn on them.

A title's board is mostly what every board of it shows: frames, grids, card faces, labels. Each
drawing process draws that once per layout (title, language, seats, …) and keeps it; a board is
a copy of it with what the game's state changes drawn on top, in the order the whole board was
drawn before, so its pixels are the same (``kit.on_layer``). Kept by bytes, least recently used
dropped first: a layer is a board-sized picture of 5-9 MB.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image, ImageDraw

LAYER_BYTES = 160 << 20


def _size(picture: Image.Image) -> int:
    return picture.width * picture.height * 4  # Pillow keeps an RGB pixel in four bytes


class Layers:
    """Layers by key, at most ``limit`` bytes of them."""

    def __init__(self, limit: int) -> None:
        self.limit, self.size = limit, 0
        self.drawn = 0  # how many were drawn (the rest were found kept)
        self._kept: OrderedDict[Hashable, Image.Image] = OrderedDict()

    def get(self, key: Hashable, paint: Callable[[], Image.Image]) -> Image.Image:
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
            return found
        found = paint()
        self.drawn += 1
        self._kept[key] = found
        self.size += _size(found)
        while self.size > self.limit and len(self._kept) > 1:
            _, dropped = self._kept.popitem(last=False)
            self.size -= _size(dropped)
        return found

    def clear(self) -> None:
        self._kept.clear()
        self.size = 0


LAYERS = Layers(LAYER_BYTES)


def board(key: Hashable, paint: Callable[[], Image.Image]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A copy of the layer ``paint`` draws for ``key`` (drawn once in this process), to draw
    a board's state on."""
    image = LAYERS.get(key, paint).copy()
    return image, ImageDraw.Draw(image)
