"""Content counts and the set-up of the table."""
import copy

import pytest

from bot.games import hollywood_1947 as H
from bot.games.content import load_content
from bot.games.hollywood_1947.content import ContentError

from .helpers import CX, GAME, card_ids, fresh


def test_deck_is_sixty_cards_weighted_to_the_communists():
    cards = list(CX.cards.values())
    assert len(cards) == 60
    assert sum(c.communist for c in cards) > sum(c.patriot for c in cards)
    assert sum(1 for c in cards if c.effect == "hearing" and c.patriot == 2) >= 1
    assert sum(1 for c in cards if c.effect == "shake_up" and c.communist == 2) >= 1
    plain_double_communist = [c for c in cards if c.communist == 2 and not c.effect]
    assert len(plain_double_communist) >= 6
    assert {c.id for c in cards if c.two_player_removed} <= {c.id for c in plain_double_communist}


def test_fifteen_posters_with_known_corners():
    assert len(CX.posters) == 15
    by_name = {p.name: p for p in CX.posters.values()}
    assert by_name["Animation"].symbol == "patriot"
    assert by_name["Horror"].symbol == "communist"
    assert "Monster" in by_name


def test_nine_jobs_in_number_order():
    assert [CX.jobs[n].name for n in range(1, 10)] == [
        "Screenwriter", "Producer", "Director", "Gaffer", "Cinematographer", "Actress", "Actor",
        "Composer", "Editor"]


@pytest.mark.parametrize("players", range(1, 10))
def test_loyalty_deal_keeps_communists_a_minority(players):
    deal = CX.deal[players]
    assert sum(deal.values()) == players
    if players >= 3:
        assert deal["communist"] < players / 2
    assert (deal["rising_star"] > 0) == (players not in (1, 2, 3, 5))
    state = fresh(players, seed=players)
    assert sorted(state["loyalty"]) == sorted(t for t, k in deal.items() for _ in range(k))


def test_broken_content_is_refused():
    raw = load_content("hollywood-1947", H.CONTENT)
    bad = copy.deepcopy(raw)
    bad["propaganda"]["card"][0]["count"] += 1
    with pytest.raises(ContentError, match="60 cards"):
        H.make_game(bad)
    bad = copy.deepcopy(raw)
    bad["loyalties"]["deal"]["6"] = {"patriot": 2, "communist": 3, "rising_star": 1}
    with pytest.raises(ContentError, match="minority"):
        H.make_game(bad)


@pytest.mark.parametrize("players", [4, 6, 9])
def test_setup_deals_one_job_each_and_leaves_the_rest_in_the_center(players):
    state = fresh(players)
    holders = list(state["jobs"].values())
    assert sorted(h for h in holders if h is not None) == list(range(players))
    assert holders.count(None) == 9 - players
    assert all(len(hand) == 3 for hand in state["hands"])
    assert [d["seat"] for d in state["dice"]] == list(range(players))  # one die each
    assert state["tokens_center"] == 4 and state["tokens"] == [0] * players
    assert state["ghosts"] == [] and state["films"] == []
    assert len(state["posters"]) + (state["poster"] is not None) == 15


@pytest.mark.parametrize("players,ghosts", [(1, 3), (2, 2), (3, 1)])
def test_small_games_have_two_jobs_two_dice_no_producer_and_ghosts(players, ghosts):
    state = fresh(players)
    assert "2" not in state["jobs"]
    for seat in range(players):
        assert sum(1 for h in state["jobs"].values() if h == seat) == 2
        assert sum(1 for d in state["dice"] if d["seat"] == seat) == 2
    assert len(state["ghosts"]) == ghosts
    assert all(g["card"] in CX.cards for g in state["ghosts"])


def test_two_players_remove_monster_horror_and_the_plain_double_communists():
    state = fresh(2)
    posters = set(state["posters"]) | {state["poster"]} - {None}
    assert "monster" not in posters and "horror" not in posters and len(posters) == 13
    assert sorted(state["removed_cards"]) == card_ids("reddawn")
    in_play = set(state["deck"]) | {c for h in state["hands"] for c in h} | {
        g["card"] for g in state["ghosts"]}
    assert not in_play & set(card_ids("reddawn"))
    assert len(in_play) == 54


def test_dice_are_rolled_and_decks_shuffled_by_the_seed():
    a, b = fresh(9, seed=1), fresh(9, seed=2)
    assert a["deck"] != b["deck"] or a["posters"] != b["posters"]
    stars = [d["star"] for seed in range(20) for d in fresh(9, seed=seed)["dice"]]
    assert 0.3 < sum(stars) / len(stars) < 0.7  # four star faces out of eight


def test_opening_events_tell_each_seat_its_loyalty_and_communists_each_other():
    state = fresh(9, seed=4)
    events = GAME.opening_events(state)
    communists = [s for s, t in enumerate(state["loyalty"]) if t == "communist"]
    for seat, loyalty in enumerate(state["loyalty"]):
        mine = [e for e in events if e.to == (seat,)]
        assert all(e.to == (seat,) for e in events if e in mine)
        assert any({"patriot": "Patriot", "communist": "Communist",
                    "rising_star": "Rising Star"}[loyalty] in e.text for e in mine)
        fellows_event = [e for e in mine if "fellow communists" in e.text]
        if loyalty == "communist":
            assert fellows_event
            for other in communists:
                assert (f"{{p{other}}}" in fellows_event[0].text) == (other != seat)
        else:
            assert not fellows_event
    assert all(e.to is not None for e in events)  # nothing said aloud at the “eyes closed” step


def test_private_view_names_fellow_communists_only_to_communists():
    state = fresh(8, seed=2)
    for seat, loyalty in enumerate(state["loyalty"]):
        you = GAME.view(state, seat)["you"]
        assert you["loyalty"] == loyalty
        assert ("fellow_communists" in you) == (loyalty == "communist")
