"""The board image, the rules help, status and prompt lines."""

import io

from PIL import Image

from bot.engine import new_game, play, rng_for
from rendering.advance_to_boardwalk import render
from tests.engine_checks import play_bot_game

from .helpers import bot, fresh, game, give, roll


def _png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).size


def test_renders_a_mid_game_view():
    g, b = game(), bot()
    state = new_game(g, 4, {}, 21)
    for _ in range(60):
        seat = next(iter(g.pending(state)))
        state, _ = play(g, state, seat, b.choose(state, seat, rng_for(21, state["_move"])))
    assert g.result(state) is None
    view = g.view(state, None)
    view["names"] = ["Łucja", "Bob", "Chidi", "Dana"]
    width, height = _png_size(render(view))
    assert width == 1100 and height > 900


def test_renders_a_final_view_and_a_private_view():
    state, _ = play_bot_game(game(), bot(), 3, 22)
    assert _png_size(render(game().view(state, None)))[0] == 1100
    assert _png_size(render(game().view(state, 1), image="board"))[0] == 1100


def test_renders_a_fortune_roll_and_a_wild_roll():
    for colour in ("F", "W"):
        state = fresh()
        give(state, 0, "insurance")
        roll(state, 0, [2, 5], colour)
        assert _png_size(render(game().view(state, None)))[0] == 1100


def test_rules_summary_is_markdown_under_4000_characters():
    text = game().rules_summary()
    assert len(text) < 4000
    for fact in ("20 each", "16", "14", "Wild", "lowest in the stack", "last place", "$40M"):
        assert fact in text


def test_status_and_prompt_say_whose_turn_and_what_to_do():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [3, 4], "blue")
    assert (
        game().status(state).startswith(f"Turn {state['turn_number']} — {{p0}} is building in Blue")
    )
    assert "Blue zone" in game().prompt(state, 0) and "$7M" in game().prompt(state, 0)
    assert game().prompt(state, 1) == "Wait: it is {p0}'s turn."
    roll(state, 0, [3, 4], "W")
    assert "choose a zone" in game().prompt(state, 0)
    state["build"], state["phase"] = None, "fortune"
    assert "Fortune card" in game().prompt(state, 0) and "Fortune card" in game().status(state)


def test_private_summary_lists_the_hand():
    state = fresh()
    give(state, 0, "insurance")
    assert "*Insurance*" in game().private_summary(state, 0)
    assert game().private_summary(state, 1) == "You hold no Fortune cards."


def test_the_summary_says_never_in_the_lead_rather_than_after_0_turns():
    from bot.games.advance_to_boardwalk.tally import notables

    def view(turn: int, values: list[int]) -> dict:
        return {"players": 2, "turn_number": turn,
                "seats": [{"value": value, "properties": 1} for value in values]}

    lines = notables([view(1, [3, 1]), view(2, [5, 2])])
    assert lines == ["peak $5M · up to 1 property · in the lead after 2 turns",
                     "peak $2M · up to 1 property · never in the lead"]
