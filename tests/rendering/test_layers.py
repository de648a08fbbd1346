"""Each title's unchanging layer is drawn once per process (rendering/layers.py), and a board
drawn on a kept layer is the board drawn on a fresh one: whatever a process drew before, the
same view gives the same picture (a layer's key names everything its drawing reads)."""
from __future__ import annotations

import pytest

from rendering.layers import LAYERS

from .pictures import drawn, renderer
from .snapshots import CASES, game_id, load_view

BOARDS = [case for case in CASES if case[2] in ("board", "table")]
FIXTURES = sorted({fixture for fixture, _, _ in BOARDS})


@pytest.fixture
def no_layers():
    """No layer kept when the test begins, nor left behind for the next."""
    LAYERS.clear()
    yield
    LAYERS.clear()


def draw(fixture: str, name: str, image: str) -> bytes:
    return renderer(fixture)(load_view(fixture, name), image)


@pytest.mark.parametrize("fixture", FIXTURES)
def test_a_title_draws_its_layer_once_for_many_boards(fixture, no_layers):
    cases = [case for case in BOARDS if case[0] == fixture]
    before = LAYERS.drawn
    for case in cases * 2:
        draw(*case)
    assert 1 <= LAYERS.drawn - before <= len(cases), "a layer a layout at most, whatever the boards"
    drawn_first = LAYERS.drawn
    for case in cases:
        draw(*case)
    assert LAYERS.drawn == drawn_first, "every layer kept"


@pytest.mark.parametrize("case", BOARDS, ids=["-".join(case) for case in BOARDS])
def test_a_board_is_the_same_whatever_was_drawn_before(case, no_layers):
    alone = draw(*case)  # on a layer drawn for it
    LAYERS.clear()
    for other in BOARDS:  # every layout of every title, in each of its states
        if other != case:
            draw(*other)
    assert draw(*case) == alone, "the board differs once other boards were drawn"
    assert drawn(*case) == alone  # and from the cached picture the references compare


def test_kept_layers_stay_within_their_bytes(no_layers, monkeypatch):
    """The least recently used layers go first once the kept ones pass the limit."""
    monkeypatch.setattr(LAYERS, "limit", 1)
    for case in BOARDS:
        draw(*case)
    assert len(LAYERS._kept) == 1, "over the limit, only the latest is kept"
    assert {game_id(fixture) for fixture in FIXTURES} == {game_id(case[0]) for case in BOARDS}


def test_the_same_table_in_another_language_has_a_layer_of_its_own(no_layers):
    render = renderer("billboard")
    english = load_view("billboard", "mid")
    polish = {**english, "language": "pl"}
    alone = render(polish, "board")
    LAYERS.clear()
    render(english, "board")
    assert render(polish, "board") == alone
