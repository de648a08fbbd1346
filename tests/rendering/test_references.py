"""Every reference picture is drawn again from its fixture view and must match (README.md)."""
from __future__ import annotations

import pytest
from PIL import Image

from rendering.kit import BACKGROUND

from . import pictures
from .pictures import (
    SAME_TEXT_LAYOUT,
    UPDATE,
    as_image,
    compare_with_reference,
    drawn,
    reference_path,
    write_reference,
)
from .snapshots import CASES


@pytest.mark.parametrize("case", CASES, ids=["-".join(case) for case in CASES])
def test_picture_matches_its_reference(case):
    actual, path = as_image(drawn(*case)), reference_path(*case)
    if UPDATE:
        write_reference(actual, path)
        return
    if not SAME_TEXT_LAYOUT:
        pytest.skip("references are drawn with Raqm text layout, which this Pillow lacks")
    compare_with_reference(actual, path)


@pytest.mark.skipif(UPDATE, reason="references are being rewritten")
def test_a_blank_picture_does_not_match(monkeypatch, tmp_path):
    monkeypatch.setattr(pictures, "FAILURES", tmp_path)
    path = reference_path(*CASES[0])
    blank = Image.new("RGB", Image.open(path).size, BACKGROUND)
    with pytest.raises(AssertionError, match="pixels differ"):
        compare_with_reference(blank, path)
    assert {p.name for p in tmp_path.iterdir()} == {f"{path.parent.name}-{path.stem}.{kind}.png"
                                                    for kind in ("actual", "diff")}


def test_every_reference_has_a_case():
    """A reference left behind by a removed case would go stale unnoticed."""
    wanted = {reference_path(*case) for case in CASES}
    assert set(pictures.REFERENCES.glob("*/*.png")) <= wanted
