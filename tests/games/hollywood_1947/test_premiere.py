"""Premiere: the verdict, Hearings and Shake Ups, drawing back up, and the end of the game."""
import copy
import random

import pytest

from bot.games.hollywood_1947 import post

from .helpers import CX, GAME, card_ids, fresh, restart


def premiere(state, poster, cards, seed=0):
    """Put `cards` in the movie under `poster` and hold the premiere."""
    for card in cards:
        for pile in [state["deck"], state["discard"], *state["hands"]]:
            if card in pile:
                pile.remove(card)
    state["movie"] = list(cards)
    state["poster"] = poster
    events = []
    post.premiere(CX, state, random.Random(seed), events)
    return state, events


def films(*winners):
    return [{"round": i + 1, "poster": "comedy", "patriot": 0, "communist": 0, "winner": w}
            for i, w in enumerate(winners)]


def test_majority_of_symbols_wins_counting_the_posters_corner():
    state = fresh(5)
    parade, chorus = card_ids("parade")[0], card_ids("chorus")
    state, events = premiere(state, "western", [parade, chorus[0]])  # 1+1 patriot vs 1
    film = state["films"][-1]
    assert (film["patriot"], film["communist"], film["winner"]) == (2, 1, "patriot")
    assert any(e.image == "premiere" and e.to is None for e in events)
    state = fresh(5)
    state, _ = premiere(state, "noir", [parade, chorus[0]])  # 1 vs 1+1
    assert state["films"][-1]["winner"] == "communist"


def test_a_tie_goes_to_the_communists():
    state = fresh(6)
    state, events = premiere(state, "comedy", [card_ids("anthem")[0], card_ids("reddawn")[0]])
    assert state["films"][-1]["winner"] == "communist"
    assert "tie, so the communists win" in events[0].text


def test_with_two_players_a_tie_counts_for_both():
    state = fresh(2)
    state, _ = premiere(state, "comedy", [card_ids("parade")[0], card_ids("chorus")[0]])
    assert state["films"][-1]["winner"] == "both"
    assert GAME.view(state, None)["score"] == {"patriot": 1, "communist": 1}


def test_congressional_hearing_rerolls_every_die():
    state = fresh(9, seed=5)
    for die in state["dice"]:
        die["star"] = False
    state, events = premiere(state, "comedy", [card_ids("hearing")[0]], seed=3)
    assert any(d["star"] for d in state["dice"])
    assert "Congressional Hearing" in "\n".join(e.text for e in events)
    state = fresh(9, seed=5)
    before = [d["star"] for d in state["dice"]]
    state, _ = premiere(state, "comedy", [card_ids("anthem")[0]], seed=3)
    assert [d["star"] for d in state["dice"]] == before


def test_hearing_rerolls_the_ghost_dice_too():
    state = fresh(1, seed=2)
    for die in state["dice"] + state["ghosts"]:
        die["star"] = False
    rolled = set()
    for seed in range(6):
        trial, _ = premiere(copy.deepcopy(state), "comedy",
                            [card_ids("hearing")[0]], seed=seed)
        rolled |= {g["star"] for g in trial["ghosts"]}
    assert True in rolled


def test_shake_up_reshuffles_and_redeals_all_jobs_center_included():
    moved_from_center = False
    for seed in range(8):
        state = fresh(5, seed=seed)
        center_before = {j for j, h in state["jobs"].items() if h is None}
        state, events = premiere(state, "comedy", [card_ids("shakeup")[0]], seed=seed)
        holders = list(state["jobs"].values())
        assert sorted(h for h in holders if h is not None) == list(range(5))
        moved_from_center |= any(state["jobs"][j] is not None for j in center_before)
        assert "Shake Up" in "\n".join(e.text for e in events)
    assert moved_from_center


def test_without_a_shake_up_jobs_stay():
    state = fresh(5, seed=3)
    before = dict(state["jobs"])
    state, _ = premiere(state, "comedy", [card_ids("reddawn")[0]])
    assert state["jobs"] == before


def test_everyone_draws_back_to_three():
    state = fresh(4)
    state["discard"].extend(state["hands"][1][:2])
    del state["hands"][1][:2]
    state, events = premiere(state, "comedy", [])
    assert all(len(h) == 3 for h in state["hands"])
    assert [e.to for e in events if e.to] == [(1,)]


def test_discards_come_back_only_when_the_deck_runs_out():
    state = fresh(4)
    state["discard"].extend(state["deck"][1:])
    del state["deck"][1:]
    state["discard"].extend(state["hands"][0])
    state["hands"][0] = []
    state, _ = premiere(state, "comedy", [])
    assert len(state["hands"][0]) == 3
    assert len(state["discard"]) == 0 and len(state["deck"]) > 0  # reshuffled into the deck
    state = fresh(4)
    discard = list(state["deck"][-10:])
    del state["deck"][-10:]
    state["discard"] = discard
    state["hands"][0].pop()
    state, _ = premiere(state, "comedy", [])
    assert state["discard"] == discard  # deck not empty: discards stay out


def test_the_first_team_to_four_movies_wins_at_once():
    state = fresh(6, seed=1)
    state["films"] = films("patriot", "communist", "patriot", "communist", "patriot")
    state, events = premiere(state, "western", [card_ids("parade")[0]])
    result = GAME.result(state)
    assert result is not None and state["phase"] == "over"
    assert set(result.winners) == {s for s, t in enumerate(state["loyalty"]) if t == "patriot"}
    assert "Loyalties" in events[-1].text
    state = fresh(6, seed=1)
    state["films"] = films("communist", "communist", "communist")
    state, _ = premiere(state, "noir", [])
    assert set(GAME.result(state).winners) == {
        s for s, t in enumerate(state["loyalty"]) if t == "communist"}


def test_three_players_communists_need_only_three():
    state = fresh(3)
    state["films"] = films("communist", "patriot", "communist")
    state, _ = premiere(state, "noir", [])
    assert state["outcome"]["team"] == "communist"
    state = fresh(4)
    state["films"] = films("communist", "patriot", "communist")
    state, _ = premiere(state, "noir", [])
    assert state["outcome"] is None


def test_two_players_reaching_four_together_is_a_tie():
    state = fresh(2)
    state["films"] = films("patriot", "communist", "both", "patriot", "communist")
    state, _ = premiere(state, "comedy", [])  # 0–0 tie: both teams reach four
    assert state["outcome"]["team"] == "tie"
    assert set(GAME.result(state).winners) == {0, 1}


@pytest.mark.parametrize("cards,expected", [
    ([], "rising_star"),                                  # tie 0–0
    (["parade"], "rising_star"),                          # patriots by one
    (["chorus"], "rising_star"),                          # communists by one
    (["anthem"], "patriot"),                              # patriots by two
    (["reddawn"], "communist"),                           # communists by two
])
def test_seventh_movie_within_one_symbol_goes_to_the_rising_star(cards, expected):
    state = fresh(6, seed=2)
    state["films"] = films("patriot", "communist") * 3
    state, _ = premiere(state, "comedy", [card_ids(c)[0] for c in cards])
    assert state["outcome"]["team"] == expected
    winners = set(GAME.result(state).winners)
    team = "rising_star" if expected == "rising_star" else expected
    assert winners == {s for s, t in enumerate(state["loyalty"]) if t == team}
    if expected != "rising_star":
        rising = state["loyalty"].index("rising_star")
        assert rising not in winners


@pytest.mark.parametrize("players", [5])
def test_no_rising_star_in_five_player_games_so_the_seventh_is_scored_normally(players):
    state = fresh(players, seed=2)
    assert "rising_star" not in state["loyalty"]
    state["films"] = films("patriot", "communist") * 3
    state, _ = premiere(state, "comedy", [card_ids("parade")[0]])
    assert state["outcome"]["team"] == "patriot"


def test_loyalties_are_shown_once_the_game_is_over():
    state = fresh(4)
    assert GAME.view(state, None)["loyalties"] is None
    state["films"] = films("patriot") * 3
    state, _ = premiere(state, "western", [])
    assert GAME.view(state, None)["loyalties"] == state["loyalty"]


def test_the_round_after_a_premiere_starts_fresh():
    state = restart(fresh(4), {1: 0, 9: 1, 4: 2, 3: 3})
    state["editor"] = 1
    state["composer_added"] = True
    state["performed"] = [1, 9]
    state, _ = premiere(state, "comedy", [])
    assert state["round"] == 2 and state["phase"] == "production"
    assert state["editor"] is None and not state["composer_added"] and state["performed"] == []
    assert state["poster"] is None  # the Screenwriter (seat 0) writes first
