"""What a run-out of the turn clock takes in Hollywood Boulevard (NOTES.md, "The turn clock"):
stop picking films, lower the screen with the bids already set, note the Preview House roll
(on snake eyes: leave the genre marker where it is). Placing a marker and the Blockbuster's
film are forced choices among options: the bot makes them."""
from __future__ import annotations

import pytest

from bot.engine import rng_for
from bot.games.hollywood_boulevard import payout
from bot.table.clock import default_move
from tests.engine_checks import check_run_outs

from .helpers import (
    BOT,
    GAME,
    act,
    confirm_all,
    new,
    preview_roll,
    stop_picking,
    to_pick,
    to_screen,
)
from .test_payout import _payout_state


def expected(state: dict, seat: int) -> str | None:
    phase = state["phase"]
    if phase == "pick":
        return "done"
    if phase == "screen":
        return "bids:confirm"
    if phase == "genre":
        preview = state["secret"]["preview"]
        if preview["genre"] is not None and sum(preview["dice"]) != 2:
            return f"genre:{preview['genre']}"
        return f"genre:{state['genre']}" if state["genre"] else None
    return None


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (6, 3)])
def test_every_decision_of_a_bot_game_has_the_sheets_default(players, seed):
    seen = check_run_outs(GAME, BOT, players, seed, expected, {"rounds": 4})
    assert {"done", "bids:confirm", None} <= set(seen)


def test_a_run_out_stops_picking_films_over_many_seeds():
    picked = 0
    for seed in range(20):
        state = to_pick(new(3, seed=seed))
        seat = state["picker"]
        assert default_move(GAME, state, seat) == "done"
        picked += BOT.choose(state, seat, rng_for(seed, state["_move"], f"clock{seat}")) != "done"
        after, _ = act(state, seat, "done")
        assert after["screened"][seat] == state["screened"][seat] and after["cash"] == state["cash"]
    assert picked > 15, "the bot, which moved on run-outs until now, picks a film (or plays a tip)"


def test_a_run_out_lowers_the_screen_with_the_bids_already_set():
    state = to_screen(new(3))
    state, _ = act(state, 1, "bid:radio:2")
    assert GAME.run_out(state, 1) == "bids:confirm" and GAME.run_out(state, 0) == "bids:confirm"
    state, _ = act(state, 1, "bids:confirm")
    assert state["screens"][1]["done"] and state["screens"][1]["bids"] == {"radio": 2}
    assert GAME.run_out(state, 1) is None, "a confirmed seat is not waited on"


def test_a_run_out_at_the_preview_house_notes_the_roll_or_leaves_the_marker():
    state, _ = preview_roll([4, 5])
    assert GAME.run_out(state, 0) == "genre:drama"
    state, _ = preview_roll([1, 1])
    assert state["genre"] is None and GAME.run_out(state, 0) is None, "no marker yet: the bot names one"
    state["genre"] = "western"  # trending since an earlier round
    assert GAME.run_out(state, 0) == "genre:western"
    state, _ = act(state, 0, "genre:western")
    state, _ = confirm_all(stop_picking(state))
    assert state["genre"] == "western"


def test_placing_a_marker_and_the_blockbusters_film_are_left_to_the_bot():
    state = new(3)
    assert state["phase"] == "place" and GAME.run_out(state, 0) is None
    state = _payout_state([["Roman Holiday", "Father of the Bride"], [], []])
    state["blockbusters"] = [0]
    payout.begin_blockbuster(GAME.content, state)
    assert state["phase"] == "blockbuster" and GAME.run_out(state, 0) is None
