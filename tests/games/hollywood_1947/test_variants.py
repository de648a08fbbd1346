"""The optional variants, each a lobby option."""
from collections import Counter

import pytest

from bot.engine import IllegalMove, new_game

from .helpers import (
    GAME,
    act,
    actions,
    all_blank,
    fresh,
    pass_round,
    public_texts,
    restart,
    set_dice,
)


def test_variants_are_boolean_lobby_options_off_by_default():
    names = {o.name: o for o in GAME.options}
    assert set(names) == {"handpick_jobs", "justice_served", "random_loyalties", "studio_order",
                          "union_strike"}
    for option in names.values():
        assert option.choices == (False, True) and option.default is False
    with pytest.raises(IllegalMove):
        new_game(GAME, 4, {"studio_order": "yes"}, 1)


def force_poster(state, poster):
    if state["poster"] is not None:
        state["posters"].append(state["poster"])
    state["posters"].remove(poster)
    state["poster"] = poster


# ------------------------------------------------------------ Handpick Jobs

def test_handpick_jobs_lets_the_first_seat_remove_jobs_before_the_deal():
    state = fresh(4, handpick_jobs=True)
    assert state["phase"] == "handpick" and GAME.pending(state) == {0}
    assert not GAME.legal(state, 1)
    for job in (5, 6, 7):
        state, events = act(state, 0, f"drop:{job}")
    assert "removed the Actor (7)" in public_texts(events)
    state, _ = act(state, 0, "keep:6")
    for job in (6, 8, 2):
        state, _ = act(state, 0, f"drop:{job}")
    assert sorted(int(j) for j in state["jobs"]) == [1, 3, 4, 9]
    assert not any(a.startswith("drop:") for a in actions(state, 0))  # one job per player stays
    with pytest.raises(IllegalMove, match="at least 4"):
        act(state, 0, "drop:1")
    state, _ = act(state, 0, "deal")
    assert state["phase"] == "production"
    assert sorted(state["jobs"].values()) == [0, 1, 2, 3]
    assert GAME.view(state, None)["removed_jobs"][0]["name"] == "Producer"


def test_handpick_in_small_games_keeps_two_jobs_per_player():
    state = fresh(3, handpick_jobs=True)
    state, _ = act(state, 0, "drop:5")
    state, _ = act(state, 0, "drop:6")
    assert not any(a.startswith("drop:") for a in actions(state, 0))
    state, _ = act(state, 0, "deal")
    assert Counter(state["jobs"].values()) == {0: 2, 1: 2, 2: 2}


def test_handpick_is_skipped_when_no_job_can_go():
    assert fresh(9, handpick_jobs=True)["phase"] == "production"


# ----------------------------------------------------------- Justice Served

def seventh_round(**options):
    """Five players (no Rising Star), 3–3 after six movies, seventh movie starting."""
    state = fresh(5, seed=3, **options)
    state["films"] = [{"round": i + 1, "poster": "comedy", "patriot": 0, "communist": 0,
                       "winner": "patriot" if i % 2 else "communist"} for i in range(6)]
    state["round"] = 7
    state = restart(state, {3: 0, 9: 1, 4: 2, 5: 3, 6: 4})
    all_blank(state)
    set_dice(state, {"0": True, "2": True})
    return state


def add_stars(state):
    """Each pending star adds its first card; returns (state, cards added, public texts)."""
    cards, said = [], []
    for seat in sorted(GAME.pending(state)):
        card = state["hands"][seat][0]
        state, events = act(state, seat, f"add:{card}")
        cards.append(card)
        said.extend(e.text for e in events if e.to is None)
    return state, cards, "\n".join(said)


def test_justice_served_seventh_movie_has_no_deck_card_and_no_random_cut():
    state, cards, said = add_stars(pass_round(seventh_round(justice_served=True)))
    assert sorted(state["last_premiere"]["cards"]) == sorted(cards)
    assert "from the top of the deck" not in said and "discarded at random" not in said
    assert "Justice Served" in said
    state, cards, said = add_stars(pass_round(seventh_round()))
    assert "from the top of the deck" in said and "discarded at random" in said


def test_justice_served_editor_still_cuts_and_a_returned_card_stays():
    state = seventh_round(justice_served=True)
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "job:9")
    state, _, _ = add_stars(pass_round(state))
    assert state["phase"] == "editor"
    cut, _ = act(state, 1, "edit:discard")
    assert len(cut["last_premiere"]["cards"]) == 1
    kept, events = act(state, 1, "edit:return")
    assert len(kept["last_premiere"]["cards"]) == 2
    assert "no card is cut at random" in public_texts(events)


def test_justice_served_composer_still_adds():
    state = seventh_round(justice_served=True)
    state = restart(state, {3: 0, 8: 1, 4: 2, 5: 3, 6: 4})
    all_blank(state)
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "job:8")
    state, _ = act(state, 1, f"compose:{state['step']['drawn'][0]}")
    state = pass_round(state)
    assert len(state["last_premiere"]["cards"]) == 1


def test_justice_served_changes_nothing_before_the_seventh_movie():
    state = restart(fresh(5, justice_served=True), {3: 0, 9: 1, 4: 2, 5: 3, 6: 4})
    all_blank(state)
    set_dice(state, {"0": True, "2": True})
    state, _, said = add_stars(pass_round(state))
    assert len(state["last_premiere"]["cards"]) == 2  # 2 stars + deck card − random cut
    assert "from the top of the deck" in said and "discarded at random" in said


# --------------------------------------------------------- Random Loyalties

def test_random_loyalties_deal_from_all_nine_cards():
    communists = Counter()
    for seed in range(40):
        state = fresh(6, seed=seed, random_loyalties=True)
        counts = Counter(state["loyalty"])
        assert counts["patriot"] <= 5 and counts["communist"] <= 3 and counts["rising_star"] <= 1
        communists[counts["communist"]] += 1
    assert len(communists) >= 3  # the number of communists is not fixed


def test_random_loyalties_never_deal_a_rising_star_where_there_is_none():
    for seed in range(30):
        assert "rising_star" not in fresh(5, seed=seed, random_loyalties=True)["loyalty"]


def test_random_loyalties_communists_still_meet():
    for seed in range(10):
        state = fresh(7, seed=seed, random_loyalties=True)
        communists = [s for s, t in enumerate(state["loyalty"]) if t == "communist"]
        if len(communists) >= 2:
            text = "\n".join(e.text for e in GAME.opening_events(state) if e.to == (communists[0],))
            assert f"{{p{communists[1]}}}" in text
            return
    raise AssertionError("no seed dealt two communists")


# ------------------------------------------------------------- Studio Order

def turn_seats(state):
    seen = []
    movie = state["round"]
    while state["phase"] == "production" and state["round"] == movie:
        seen.append(state["turn"]["seat"])
        state, _ = act(state, state["turn"]["seat"], "pass")
    return seen


def test_studio_order_takes_turns_by_job_number():
    jobs = {1: 2, 3: 0, 5: 3, 8: 1}
    assert turn_seats(restart(fresh(4, studio_order=True), jobs)) == [2, 0, 3, 1]
    assert turn_seats(restart(fresh(4), jobs)) == [2, 3, 0, 1]


def test_studio_order_producer_swap_with_a_later_number_skips_that_player():
    state = restart(fresh(5, studio_order=True), {1: 0, 2: 1, 4: 2, 6: 3, 9: 4})
    state, _ = act(state, 0, "pass")
    for action in ("job:2", "pick:2", "pick:6", "end"):
        state, _ = act(state, 1, action)
    seats = turn_seats(state)
    assert seats == [2, 4] and 3 not in seats  # number 6 was the Producer's turn, declined


def test_studio_order_swap_with_a_later_center_job_gives_another_turn_with_it():
    state = restart(fresh(4, studio_order=True), {1: 0, 3: 1, 5: 2, 7: 3})
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "swap:3:9")
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 3, "pass")
    assert state["turn"]["seat"] == 1 and "job:9" in actions(state, 1)


# ------------------------------------------------------------- Union Strike

def union_table(poster):
    state = restart(fresh(4, union_strike=True), {3: 0, 5: 1, 4: 2, 6: 3})
    force_poster(state, poster)
    all_blank(state)
    set_dice(state, {"0": True, "1": True})
    return pass_round(state)


def test_union_strike_neutral_poster_lets_stars_add_zero_to_three():
    state = union_table("comedy")
    assert "done" in actions(state, 0) and "done" in actions(state, 1)
    for _ in range(3):
        state, _ = act(state, 0, f"add:{state['hands'][0][0]}")
    assert 0 not in GAME.pending(state)
    state, _ = act(state, 1, "done")
    assert len(state["last_premiere"]["cards"]) == 3  # 3 + deck card − cut
    assert all(len(h) == 3 for h in state["hands"])  # then everyone draws back up


def test_union_strike_only_under_a_neutral_poster():
    state = union_table("western")
    assert "done" not in actions(state, 0)
    state, _ = act(state, 0, f"add:{state['hands'][0][0]}")
    assert 0 not in GAME.pending(state)
