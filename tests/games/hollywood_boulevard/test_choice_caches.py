"""The rules remember what they work out for choices (``common.per_content``): a screen's
choices from the few things they are made of, and what the content alone decides. Remembered
answers must be the answers worked out afresh, whatever was asked before them."""
from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import new_game, play, rng_for
from bot.games.hollywood_boulevard import advertising, picking, placement
from bot.games.hollywood_boulevard.common import per_content

from .helpers import BOT, GAME, C, actions, new, to_screen

REMEMBERED = (advertising._screen_choices, placement._top_choices, placement._amenity_options,
              placement._star_spots, placement._star_choice)


def forget_everything() -> None:
    for cached in REMEMBERED:
        cached.cache_clear()


def bot_game_states(players: int, seed: int) -> list[dict]:
    state = new_game(GAME, players, {"rounds": 4}, seed)
    states = []
    while GAME.result(state) is None:
        states.append(state)
        seat = min(GAME.pending(state))
        state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(seed, state["_move"], "bot")))
    return states


@pytest.mark.parametrize("players, seed", [(2, 0), (4, 1), (6, 2)])
def test_choices_asked_after_a_whole_game_equal_choices_worked_out_afresh(players, seed):
    states = bot_game_states(players, seed)
    remembered = [[GAME.legal(state, seat) for seat in range(players)] for state in states]
    for state, answers in zip(states, remembered):
        for seat in range(players):
            forget_everything()
            assert GAME.legal(state, seat) == answers[seat], (state["phase"], seat)


def test_a_caller_changing_its_choices_changes_nobody_elses():
    state = to_screen(new(3))
    before = GAME.legal(state, 0)
    GAME.legal(state, 0).clear()
    assert before and GAME.legal(state, 0) == before


@pytest.mark.parametrize("change", ["cash", "bid", "hand", "played", "screened", "queued", "press"])
def test_each_thing_a_screen_is_made_of_changes_its_choices(change):
    """Two seats whose screens differ in one thing only are not given one answer."""
    state = to_screen(new(2))
    for seat in (0, 1):
        state["hands"][seat] = ["cartoon", "press", "bw"]
        state["screened"][seat] = []
        state["cash"][seat] = 5_000
    first = GAME.legal(state, 0)
    other = state
    if change == "cash":
        other["cash"][1] = 6_000
    elif change == "bid":
        other["screens"][1]["bids"] = {"radio": 1}
    elif change == "hand":
        other["hands"][1] = ["cartoon", "bw"]
    elif change == "played":
        other["played"][1] = ["press"]
    elif change == "screened":
        other["screened"][1] = [next(f.id for f in C.films.values() if f.colour == "bw")]
    elif change == "queued":
        other["screens"][1]["tips"] = ["cartoon"]
    else:
        other["screens"][1]["press"] = "radio"
    assert GAME.legal(other, 1) != first
    forget_everything()
    assert GAME.legal(other, 1) != first


def test_each_content_has_its_own_answers():
    """A content with another pip value labels its bids with it, though asked after ours."""
    state = to_screen(new(2))
    ours = [c.label for c in GAME.legal(state, 0) if c.action == "bid:radio:1"]
    dearer = replace(C, rules=replace(C.rules, pip_value=2_000))
    theirs = [c.label for c in advertising.legal(dearer, state, 0) if c.action == "bid:radio:1"]
    assert ours == ["Radio Spots: 1 pip ($1,000)"] and theirs == ["Radio Spots: 1 pip ($2,000)"]


def test_per_content_knows_contents_by_identity_and_remembers_per_values():
    calls = []

    @per_content
    def sections(c, top):
        calls.append(top)
        return [s.id for s in c.sections.values() if s.top == top]

    twin = replace(C)
    assert twin == C and twin is not C
    assert sections(C, True) == sections(twin, True) == ["preview", "agency", "distribution"]
    assert sections(C, True) and sections(C, False) and calls == [True, True, False]


@pytest.mark.parametrize("players, seed", [(3, 3), (5, 4)])
def test_what_legal_offers_is_exactly_what_the_refusals_allow(players, seed):
    """The placer's sections and the picker's films: offered when, and only when, the
    worded check finds nothing wrong (``check_place``, ``film_problem``)."""
    checked = {"place": 0, "pick": 0}
    for state in bot_game_states(players, seed):
        if state["phase"] == "place" and state["queue"]:
            seat = state["queue"][0][0]
            offered = {a for a in actions(state, seat) if a.startswith("place:") and not a.startswith("place:star")}
            every = [c.action for c, *_ in placement._amenity_options(C)]
            every += [c.action for _, c in placement._top_choices(C)]
            assert offered == {a for a in every if placement.check_place(C, state, seat, a) is None}
            checked["place"] += 1
        if state["phase"] == "pick" and state["picker"] is not None:
            seat = state["picker"]
            offered = {a[5:] for a in actions(state, seat) if a.startswith("pick:")}
            assert offered == {f for f in state["array"]
                               if picking.film_problem(C, state, seat, C.films[f]) is None}
            checked["pick"] += 1
    assert checked["place"] > 10 and checked["pick"] > 10
