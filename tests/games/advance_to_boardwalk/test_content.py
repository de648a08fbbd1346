"""The board and deck in data/advance-to-boardwalk, and the checks on them."""

import copy

import pytest

from bot.games.advance_to_boardwalk.content import EFFECTS, ContentError, load_board
from bot.games.content import load_content

from .helpers import game


def test_twenty_properties_five_per_zone_with_the_published_values():
    board = game().board
    assert [zone.id for zone in board.zones] == ["red", "blue", "yellow", "green"]
    values = {zone.id: [p.value for p in zone.properties] for zone in board.zones}
    assert values == {
        "red": [1, 2, 3, 4, 5],
        "blue": [2, 3, 4, 5, 6],
        "yellow": [3, 4, 5, 6, 7],
        "green": [4, 5, 6, 7, 8],
    }
    assert len(board.properties) == 20 and board.total_value == 90


def test_twenty_eight_fortune_cards_of_every_kind_each_implemented():
    board = game().board
    assert len(board.deck) == 28 and len(set(board.deck)) == 28
    effects = {kind.effect for kind in board.cards.values()}
    assert effects == set(EFFECTS)
    assert any(kind.timing == "after_roll" for kind in board.cards.values())
    assert any(kind.last_place for kind in board.cards.values())
    assert all(len(kind.label) <= 80 for kind in board.cards.values())


def test_track_and_f_spaces():
    board = game().board
    assert board.last_space == 40
    assert board.fortune_spaces and all(0 < s < 40 for s in board.fortune_spaces)


def _content():
    return copy.deepcopy(load_content("advance-to-boardwalk", ("board", "fortune")))


def test_a_deck_that_does_not_add_up_is_refused():
    content = _content()
    content["fortune"]["card"][0]["copies"] += 1
    with pytest.raises(ContentError, match="29 cards, not 28"):
        load_board(content)


def test_an_unknown_effect_or_wrong_timing_is_refused():
    content = _content()
    content["fortune"]["card"][0]["effect"] = "teleport"
    with pytest.raises(ContentError, match="unknown effect"):
        load_board(content)
    content = _content()
    content["fortune"]["card"][0]["timing"] = "end_of_turn"
    with pytest.raises(ContentError, match="must have timing"):
        load_board(content)


def test_a_zone_with_the_wrong_number_of_properties_is_refused():
    content = _content()
    content["board"]["zone"][1]["properties"].pop()
    with pytest.raises(ContentError, match="4 properties, not 5"):
        load_board(content)
