"""Views leak nothing, choices fit Discord, and the texts read well."""
from __future__ import annotations

import copy

from bot.engine import new_game, play, rng_for

from .helpers import BOT, GAME, C, act, discord, new, place_all


def scrambled(state: dict) -> dict:
    """The same public situation with every secret changed: hands, screens, secret rolls,
    deck order and tip deck order."""
    other = copy.deepcopy(state)
    kinds = sorted(C.tips)
    other["hands"] = [[kinds[(i + len(hand)) % len(kinds)] for i in range(len(hand))] for hand in state["hands"]]
    other["tips"]["deck"] = list(reversed(state["tips"]["deck"]))
    other["deck_seeds"] = [seed + 1 for seed in state["deck_seeds"]]
    for screen in other["screens"]:
        screen["bids"] = {"tv": 6} if screen["bids"] != {"tv": 6} else {"bench": 1}
        screen["tips"] = ["cartoon"] if screen["tips"] != ["cartoon"] else []
        screen["press"] = "radio" if screen["press"] != "radio" else None
    secret = other["secret"]
    if secret["preview"]:
        secret["preview"].update(dice=[6, 5], genre="western" if secret["preview"]["genre"] != "western" else "war")
    if secret["agency"]:
        secret["agency"].update(die=7 - secret["agency"]["die"], box="tv" if secret["agency"]["box"] != "tv" else "bench")
    return other


def test_public_view_never_depends_on_a_secret_and_every_decision_is_one_message():
    for seed, players, rounds in ((3, 3, 4), (8, 6, 4), (11, 2, 6)):
        state = new_game(GAME, players, {"rounds": rounds}, seed)
        while GAME.result(state) is None:
            if state["_move"] % 3 == 0:
                assert GAME.view(scrambled(state), None) == GAME.view(state, None)
            seat = min(GAME.pending(state))
            choices = GAME.legal(state, seat)
            public = [c for c in choices if not c.private]
            assert discord(choices)[2] == 1, [c.group for c in choices]  # DM or panel: one page
            if public:
                assert discord(public, rows=4)[2] == 1, [c.group for c in public]  # thread post
            for choice in choices:
                assert len(choice.label) <= 80 and len(choice.action) <= 64
                if choice.action.startswith(("bid:", "tip:", "untip:", "bids:", "genre:")):
                    assert choice.private
            state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(seed, state["_move"], "b")))


def test_private_view_adds_only_the_seats_own_secrets():
    state = place_all(new(3, seed=5), {0: "place:preview", 1: "place:agency"})
    mine, theirs = GAME.view(state, 0), GAME.view(state, 2)
    assert "my_preview_roll" in mine and "my_preview_roll" not in theirs
    assert "my_agency_roll" in GAME.view(state, 1) and "my_agency_roll" not in mine
    assert [card["id"] for card in mine["hand"]] == state["hands"][0]
    assert [card["id"] for card in theirs["hand"]] == state["hands"][2]
    assert "hand" not in GAME.view(state, None) and "secret" not in GAME.view(state, None)


def test_secret_rolls_are_told_only_to_their_holder():
    state = new(2, seed=5)
    state, _ = act(state, 0, "place:preview")
    state, events = act(state, 1, "place:agency")
    private = [e for e in events if not e.public]
    assert {e.to for e in private} == {(0,), (1,)}
    genre = state["secret"]["preview"]["genre"]
    if genre:
        assert not any(C.genres[genre].name in e.text for e in events if e.public)


def test_status_and_prompts_in_every_phase():
    state = new_game(GAME, 3, {"rounds": 4}, 21)
    seen = set()
    while GAME.result(state) is None:
        status = GAME.status(state)
        assert status.startswith(f"Round {state['round']}/4")
        seat = min(GAME.pending(state))
        prompt = GAME.prompt(state, seat)
        assert prompt != "Nothing to do right now." and len(prompt) < 200
        seen.add(state["phase"])
        state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(21, state["_move"], "b")))
    assert seen >= {"place", "pick", "screen"}
    assert GAME.status(state).startswith("Game over")
    assert GAME.prompt(state, 0) == "Nothing to do right now."


def test_rules_help_is_short_and_says_what_we_decided():
    text = GAME.rules_summary()
    assert len(text) < 4000
    assert "no Discord equivalent" in text and "House rule" in text and "Credit Union loan" in text
    assert "3 of 6, 2 of 4, 4 of 8" in text
    assert "you may change your bids until the last player has confirmed" in text.replace("\n", " ")
