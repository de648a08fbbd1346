import sys

import pytest

from .pictures import raw_picture, renderer
from .snapshots import RECIPES


@pytest.fixture(autouse=True, scope="package")
def pictures_without_png():
    """Encoding and decoding a PNG costs twice the drawing, and these tests read pixels only:
    here the renderers hand their picture over raw (that their output is a PNG is tested in
    tests/games/*/test_render*.py). Package scope: other tests get the real to_png back."""
    for fixture in RECIPES:
        renderer(fixture)  # imported first, as they import to_png by name
    with pytest.MonkeyPatch.context() as patch:
        for name, module in list(sys.modules.items()):
            if name.startswith("rendering.") and hasattr(module, "to_png"):
                patch.setattr(module, "to_png", raw_picture)
        yield
