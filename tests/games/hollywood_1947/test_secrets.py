"""Nothing secret reaches the public view or a public event; private things go to one seat."""
import copy
import json
import random

import pytest

from bot.engine import new_game, play, rng_for

from .helpers import BOT, CX, GAME

CARD_NAMES = {card.name for card in CX.cards.values()}


def scramble_secrets(state, seed):
    """The same table with every secret changed: loyalties, hidden cards, hidden posters."""
    other = copy.deepcopy(state)
    rng = random.Random(seed)
    if other["phase"] != "over":
        rng.shuffle(other["loyalty"])
        other["loyalty"] = [{"patriot": "communist", "communist": "rising_star",
                             "rising_star": "patriot"}[t] for t in other["loyalty"]]
    # every face-down card swaps places, keeping each pile's size
    places = [other["deck"], other["discard"], other["movie"], *other["hands"]]
    step = other["step"]
    if step and step["kind"] == "composer":
        places.append(step["drawn"])
    singles = [g for g in other["ghosts"] if g["card"]]
    pool = [c for pile in places for c in pile] + [g["card"] for g in singles]
    if other["editor_card"]:
        pool.append(other["editor_card"])
    rng.shuffle(pool)
    for pile in places:
        size = len(pile)
        pile[:] = [pool.pop() for _ in range(size)]
    for ghost in singles:
        ghost["card"] = pool.pop()
    if other["editor_card"]:
        other["editor_card"] = pool.pop()
    # hidden posters: the deck, the Screenwriter's pair, the rejected ones
    hidden = [other["posters"], other["posters_out"]]
    if step and step["kind"] == "screenwriter":
        hidden.append(step["drawn"])
    pool = [p for pile in hidden for p in pile]
    rng.shuffle(pool)
    for pile in hidden:
        size = len(pile)
        pile[:] = [pool.pop() for _ in range(size)]
    if other["rejected"]:
        other["rejected"][1] = other["posters_out"][-1]
    return other


def hidden_ids(state):
    ids = set(state["deck"]) | set(state["discard"]) | set(state["movie"])
    ids |= {c for hand in state["hands"] for c in hand}
    ids |= {g["card"] for g in state["ghosts"] if g["card"]}
    if state["editor_card"]:
        ids.add(state["editor_card"])
    return ids


def check_views(state):
    public = GAME.view(state, None)
    text = json.dumps(public, ensure_ascii=False)
    for card in hidden_ids(state):
        assert f'"{card}"' not in text, f"card id {card} in the public view"
    for poster in state["posters_out"] + state["posters"]:  # face down or out of the game
        assert f'"{CX.posters[poster].name}"' not in text, f"poster {poster} in the public view"
    assert GAME.view(scramble_secrets(state, 1), None) == public, \
        "the public view changes when only secrets change"
    if state["phase"] != "over":
        assert public["loyalties"] is None
    for seat in range(state["players"]):
        mine = json.dumps(GAME.view(state, seat))
        for other in range(state["players"]):
            if other != seat:
                for card in state["hands"][other]:
                    assert f'"{card}"' not in mine, "a seat sees another seat's hand"


def check_events(events, phase_before):
    """Public events name no card id; in Post, none names a card until the premiere."""
    revealed = phase_before not in ("stars", "tokens", "editor")
    for event in events:
        revealed = revealed or event.image == "premiere"
        if event.to is None:
            assert not any(card in event.text for card in CX.cards), event.text
            if not revealed:
                assert not any(name in event.text for name in CARD_NAMES), event.text
        else:
            assert len(event.to) == 1, "a private event goes to one seat"


@pytest.mark.parametrize("players,options", [
    (1, {}), (2, {}), (3, {"union_strike": True}), (4, {}), (5, {"studio_order": True}),
    (6, {}), (7, {"random_loyalties": True}), (8, {"justice_served": True}), (9, {}),
])
def test_public_view_and_public_events_never_carry_a_secret(players, options):
    for seed in (3, 4):
        state = new_game(GAME, players, options, seed)
        check_views(state)
        while GAME.result(state) is None:
            seat = min(GAME.pending(state))
            action = BOT.choose(state, seat, rng_for(seed, state["_move"], "bot"))
            phase = state["phase"]
            state, events = play(GAME, state, seat, action)
            check_views(state)
            check_events(events, phase)


def test_no_event_says_who_added_which_card():
    state = new_game(GAME, 6, {}, 9)
    while GAME.result(state) is None:
        seat = min(GAME.pending(state))
        action = BOT.choose(state, seat, rng_for(9, state["_move"], "bot"))
        state, events = play(GAME, state, seat, action)
        if action.startswith(("add:", "token:", "compose:")):
            card = action.split(":", 1)[1]
            for event in events:
                if CX.cards[card].name in event.text and event.image is None:
                    assert event.to == (seat,), event.text


def test_the_screenwriters_rejected_poster_stays_hidden():
    for seed in range(10):
        state = new_game(GAME, 5, {}, seed)
        seat = state["turn"]["seat"]
        if "job:1" not in {c.action for c in GAME.legal(state, seat)}:
            continue
        state, _ = play(GAME, state, seat, "job:1")
        keep, drop = state["step"]["drawn"]
        state, events = play(GAME, state, seat, f"poster:{keep}")
        name = CX.posters[drop].name
        assert all(name not in e.text for e in events if e.to is None)
        assert name not in json.dumps(GAME.view(state, None))
        assert GAME.view(state, seat)["you"]["rejected_poster_symbol"] == CX.posters[drop].symbol
        return
    raise AssertionError("no seed let the Screenwriter write")


def test_ghost_cards_hidden_until_a_turn_is_spent_then_only_to_that_seat():
    state = new_game(GAME, 2, {}, 5)
    for seat in (0, 1):
        assert GAME.view(state, seat)["you"]["ghost_cards"] == []
    assert "ghost_cards" not in GAME.view(state, None)
    seat = state["turn"]["seat"]
    state, _ = play(GAME, state, seat, "peek")
    assert len(GAME.view(state, seat)["you"]["ghost_cards"]) == 2
    assert GAME.view(state, 1 - seat)["you"]["ghost_cards"] == []
