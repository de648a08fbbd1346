"""Insider Tips: dealing and drawing, playing behind the screen, one of each kind a round."""
from __future__ import annotations

import json

import pytest

from bot.engine import IllegalMove

from .helpers import GAME, C, act, actions, confirm_all, discord, new, to_screen


def test_the_deck_has_duplicates_and_many_cartoons():
    deck = C.tip_deck
    assert len(deck) == sum(k.count for k in C.tips.values())
    assert deck.count("cartoon") == 10 and C.tips["cartoon"].repeatable
    assert {k.timing for k in C.tips.values()} == {"payout", "pick", "advertising"}


def test_a_payout_tip_needs_a_film_it_suits():
    state = new(2)
    state["hands"][0] = ["technicolor", "bw"]
    state = to_screen(state, {0: ["Roman Holiday"]})  # black and white
    legal = actions(state, 0)
    assert "tip:bw" in legal and "tip:technicolor" not in legal
    with pytest.raises(IllegalMove, match="None of your films this round suits Glorious Technicolor"):
        act(state, 0, "tip:technicolor")


def test_one_of_each_kind_a_round():
    state = new(2)
    state["hands"][0] = ["bw", "bw"]
    state = to_screen(state, {0: ["Roman Holiday"]})
    state, _ = act(state, 0, "tip:bw")
    assert "tip:bw" not in actions(state, 0)
    with pytest.raises(IllegalMove, match="Only one Film Noir Night a round"):
        act(state, 0, "tip:bw")


def test_cartoon_shorts_may_be_played_several_times():
    state = new(2)
    state["hands"][0] = ["cartoon"] * 3
    state = to_screen(state, {0: ["Roman Holiday"]})
    for _ in range(3):
        state, _ = act(state, 0, "tip:cartoon")
    with pytest.raises(IllegalMove, match="You hold no other Cartoon Short"):
        act(state, 0, "tip:cartoon")
    state, _ = confirm_all(state)
    holiday = json.loads(state["payout"])["players"][0]["films"][0]
    assert holiday["sources"]["tips"] == 3


def test_a_tip_may_be_taken_back_before_confirming():
    state = new(2)
    state["hands"][0] = ["bw"]
    state = to_screen(state, {0: ["Roman Holiday"]})
    state, _ = act(state, 0, "tip:bw")
    state, _ = act(state, 0, "untip:bw")
    assert state["screens"][0]["tips"] == [] and "tip:bw" in actions(state, 0)


def test_played_tips_are_discarded_at_the_reveal_and_named_publicly():
    state = new(2)
    state["hands"][0] = ["bw", "oscar"]
    state = to_screen(state, {0: ["Roman Holiday"]})
    state, _ = act(state, 0, "tip:bw")
    state, events = confirm_all(state)
    assert "bw" not in state["hands"][0] and "oscar" in state["hands"][0]
    assert "bw" in state["tips"]["discard"]
    assert json.loads(state["reveal"])["tips"][0] == ["Film Noir Night"]
    assert any("Film Noir Night" in e.text for e in events if e.public)


def test_one_tip_a_round_and_two_with_parties():
    state = new(2)
    state["chips"][1]["parties"] = 1
    hands = [len(h) for h in state["hands"]]
    state = to_screen(state)
    state, _ = confirm_all(state)
    assert [len(h) for h in state["hands"]] == [hands[0] + 1, hands[1] + 2]


def test_no_hand_limit():
    state = new(2)
    state["hands"][0] = ["cartoon"] * 40
    state = to_screen(state)
    state, _ = confirm_all(state)
    assert len(state["hands"][0]) == 41


def test_the_discards_are_reshuffled_when_the_deck_runs_out():
    state = new(2)
    state["tips"] = {"deck": [], "discard": ["oscar", "bafta", "matinee"]}
    state = to_screen(state)
    state, _ = confirm_all(state)
    assert len(state["tips"]["deck"]) == 1 and state["tips"]["discard"] == []
    drawn = [state["hands"][0][-1], state["hands"][1][-1], state["tips"]["deck"][0]]
    assert sorted(drawn) == ["bafta", "matinee", "oscar"]


def test_an_empty_deck_and_discard_draw_nothing():
    state = new(2)
    state["tips"] = {"deck": [], "discard": []}
    state = to_screen(state)
    state, events = confirm_all(state)
    assert [len(h) for h in state["hands"]] == [6, 6]
    assert any("Insider Tip deck empty" in e.text for e in events)


def test_hands_never_reach_the_public_view():
    state = new(3)
    state["hands"][1] = ["bafta", "roadshow", "3d"]
    state = to_screen(state)
    text = json.dumps(GAME.view(state, None), ensure_ascii=False)
    for name in ("London Notices", "Roadshow Engagement", "3-D Glasses Giveaway"):
        assert name not in text
    private = GAME.view(state, 1)
    assert [card["name"] for card in private["hand"]] == ["London Notices", "Roadshow Engagement",
                                                          "3-D Glasses Giveaway"]
    assert GAME.view(state, None)["hand_sizes"][1] == 3


def test_tip_choices_are_private_and_fit_discord():
    state = new(2)
    state["hands"][0] = list(C.tips)  # one of every kind
    state = to_screen(state, {0: ["Father of the Bride", "Broken Arrow"]})
    state, _ = act(state, 0, "tip:bw")
    choices = GAME.legal(state, 0)
    assert all(choice.private and len(choice.label) <= 80 for choice in choices)
    selects, buttons, pages = discord(choices)
    assert pages == 1
    assert "Take back Film Noir Night" in buttons
    assert "Play Press Agent on Radio Spots (wins a tie)" in selects["Play an insider tip…"]
