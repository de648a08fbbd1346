"""What a run-out of the turn clock takes in Hollywood 1947 (NOTES.md, "The turn clock"): the
turn's pass, no new job, one reroll only, tokens kept, no more Union Strike cards, the
Editor's card put back, the handpicked jobs dealt as they stand. A choice a job or the stars
force (which poster, which card, whom) has no neutral answer: the bot makes it."""
from __future__ import annotations

import pytest

from bot.engine import rng_for
from bot.table.clock import default_move
from tests.engine_checks import check_run_outs

from .helpers import BOT, CX, GAME, act, actions, fresh, restart, set_dice
from .test_post import table, to_post
from .test_production import producer_table

STEPS = {"producer_new": "end", "reroll": "stop"}


def expected(state: dict, seat: int) -> str | None:
    phase = state["phase"]
    if phase == "production":
        return "pass" if state["step"] is None else STEPS.get(state["step"]["kind"])
    if phase == "stars":
        return "done" if state["post"]["union"] else None
    return {"handpick": "deal", "tokens": "keep", "editor": "edit:return"}.get(phase)


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (5, 2, {"union_strike": True, "handpick_jobs": True}), (8, 3, {"studio_order": True})])
def test_every_decision_of_a_bot_game_has_the_sheets_default(players, seed, options):
    seen = check_run_outs(GAME, BOT, players, seed, expected, options)
    assert {"pass", None} <= set(seen)


def test_a_production_run_out_is_a_pass_over_many_seeds():
    performed = 0
    for seed in range(20):
        state = fresh(4, seed=seed)
        seat = state["turn"]["seat"]
        assert default_move(GAME, state, seat) == "pass"
        performed += BOT.choose(state, seat, rng_for(seed, state["_move"], f"clock{seat}")) != "pass"
        after, _ = act(state, seat, "pass")
        assert after["performed"] == state["performed"] and after["jobs"] == state["jobs"]
    assert performed > 10, "the bot, which moved on run-outs until now, performs its job"


def test_mid_job_a_run_out_stops_where_the_job_lets_it_and_leaves_forced_choices_to_the_bot():
    state = restart(fresh(4), {1: 0, 3: 1, 4: 2, 5: 3})
    state, _ = act(state, 0, "roll:2")
    assert GAME.run_out(state, 0) == "stop"
    state = producer_table()
    state, _ = act(state, 1, "job:2")
    assert GAME.run_out(state, 1) is None, "the Producer picks the cards to swap"
    state, _ = act(state, 1, "pick:2")
    state, _ = act(state, 1, "pick:4")
    assert actions(state, 1) == {"job:4", "end"} and GAME.run_out(state, 1) == "end"
    state = restart(fresh(4), {1: 0, 3: 1, 4: 2, 5: 3})
    state, _ = act(state, 0, "job:1")
    assert state["step"]["kind"] == "screenwriter" and GAME.run_out(state, 0) is None


def test_in_post_a_run_out_keeps_tokens_adds_no_more_and_the_editor_puts_the_card_back():
    state = table()
    state["tokens"] = [0, 0, 2, 1]
    state["tokens_center"] = 1
    state = to_post(state, editor=1)
    assert state["phase"] == "tokens" and GAME.run_out(state, 2) == "keep"
    state = table()
    set_dice(state, {"0": True})
    state = to_post(state, editor=1)
    assert state["phase"] == "stars" and GAME.run_out(state, 0) is None, "a star's card is owed"
    state, _ = act(state, 0, f"add:{state['hands'][0][0]}")
    assert state["phase"] == "editor" and GAME.run_out(state, 1) == "edit:return"
    state = table(union_strike=True)
    state["posters"].insert(0, next(p for p in CX.posters if CX.posters[p].symbol == "neutral"))
    set_dice(state, {"0": True, "2": True})
    state = to_post(state, editor=1)
    assert state["post"]["union"] and GAME.run_out(state, 0) == "done"


def test_handpicking_jobs_a_run_out_deals_them_as_they_stand():
    state = fresh(4, handpick_jobs=True)
    assert state["phase"] == "handpick" and GAME.run_out(state, 0) == "deal"
    assert GAME.run_out(state, 1) is None
