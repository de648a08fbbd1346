"""The four pictures draw from public and private views at every stage of a game."""
from __future__ import annotations

import io

from PIL import Image

from bot.engine import new_game, play, rng_for
from rendering.hollywood_boulevard import render

from .helpers import BOT, GAME

IMAGES = ("board", "array", "bids", "payout")


def png_size(data: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.size


def test_every_image_draws_at_every_phase_for_six_players():
    state = new_game(GAME, 6, {"rounds": 4}, 5)
    seen = set()
    while GAME.result(state) is None:
        if state["phase"] not in seen:
            seen.add(state["phase"])
            for seat in (None, 0):
                view = GAME.view(state, seat)
                view["names"] = ["Zofia Łągiewnicka", "Bartholomew the Great", "Cleo", "Dmitri", "Eve", "Fritz"]
                for image in IMAGES:
                    width, height = png_size(render(view, image))
                    assert width == 1100 and 150 <= height <= 3000
        seat = min(GAME.pending(state))
        state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(5, state["_move"], "b")))
    assert seen >= {"place", "pick", "screen"}
    for image in IMAGES:
        png_size(render(GAME.view(state, None), image))  # the final state too, without names


def test_bids_and_payout_before_any_reveal_say_so():
    view = GAME.view(new_game(GAME, 2, None, 1), None)
    assert png_size(render(view, "bids"))[0] == 1100
    assert png_size(render(view, "payout"))[0] == 1100


def test_unknown_image_is_refused():
    view = GAME.view(new_game(GAME, 2, None, 1), None)
    try:
        render(view, "poster")
    except ValueError as error:
        assert "board, array, bids, payout" in str(error)
    else:
        raise AssertionError("an unknown image was drawn")


def test_the_view_carries_what_the_pictures_need():
    state = new_game(GAME, 3, None, 2)
    view = GAME.view(state, None)
    film = view["array"][0]
    for key in ("title", "year", "price", "dice", "minutes", "genre", "colour", "specials", "cast",
                "directors", "starred", "owner"):
        assert key in film
    assert len(view["board"]["genres"]) == 10 and len(view["board"]["boxes"]) == 6
    assert view["board"]["actors"] and view["board"]["directors"]
