"""The table and premiere pictures draw from public views at every stage of a game."""
import io

import pytest
from PIL import Image

from bot.engine import new_game, play, rng_for
from rendering.hollywood_1947 import render

from .helpers import BOT, GAME

NAMES = ["Ann", "Bartholomew Longname-Smythe", "Łucja Żółć", "Dmitri", "Eve", "Frank",
         "Gloria", "Hank", "Ingrid"]


def views_of_a_game(players, seed=2, every=30):
    state = new_game(GAME, players, {}, seed)
    while GAME.result(state) is None:
        if state["_move"] % every == 0:
            yield GAME.view(state, None)
        seat = min(GAME.pending(state))
        action = BOT.choose(state, seat, rng_for(seed, state["_move"], "b"))
        state, _ = play(GAME, state, seat, action)
    yield GAME.view(state, None)


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).size


@pytest.mark.parametrize("players", [1, 3, 6, 9])
def test_table_and_premiere_draw_at_every_stage(players):
    for view in views_of_a_game(players):
        view["names"] = NAMES[:players]
        width, height = png_size(render(view, "table"))
        assert width == 1100 and 700 < height < 1700
        width, _ = png_size(render(view, "premiere"))
        assert width == 1100


def test_board_is_an_alias_of_table_and_names_are_optional():
    view = GAME.view(new_game(GAME, 4, {}, 1), None)
    assert render(view, "board") == render(view, "table") == render(view)
    view["names"] = NAMES[:4]
    assert render(view) != render(GAME.view(new_game(GAME, 4, {}, 1), None))


def test_unknown_picture_is_refused():
    with pytest.raises(ValueError):
        render(GAME.view(new_game(GAME, 4, {}, 1), None), "poster")


def test_premiere_event_picture_comes_from_the_public_view():
    state = new_game(GAME, 5, {}, 3)
    while True:
        seat = min(GAME.pending(state))
        action = BOT.choose(state, seat, rng_for(3, state["_move"], "b"))
        state, events = play(GAME, state, seat, action)
        if any(e.image == "premiere" for e in events):
            break
    view = GAME.view(state, None)
    assert view["premiere"]["round"] == 1 and view["premiere"]["winner"] in (
        "patriot", "communist")
    assert png_size(render(view, "premiere"))[0] == 1100
