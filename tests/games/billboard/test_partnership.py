"""The partnership agreement: a buy action giving +1 loyalty with an agency and a private
look at one contract of its pile at a chosen place; the others learn only the place."""
from __future__ import annotations

import json

from .helpers import GAME, C, act, actions, board, pile, public, refused, strings


def test_a_partnership_gives_loyalty_and_a_private_look():
    state = board()
    cards = list(state["agencies"]["smok"]["pile"])
    assert len(cards) == 2
    assert {"partner:smok:1", "partner:smok:2"} <= set(actions(state, 0))
    state, events = act(state, 0, "partner:smok:2")
    assert state["loyalty"]["smok"] == [1, 0, 0]
    assert public(events) == ("{p0} signs a partnership with Smok Media (+1 loyalty) and looks "
                              "at contract 2 from the top.")
    (private,) = [e for e in events if e.to is not None]
    assert private.to == (0,) and private.text.startswith("Contract 2 from the top at Smok Media: ")
    amount = C.contracts[cards[1]].amount
    assert f"{amount}k" in private.text
    assert state["used"] == ["buy"], "the sheet lists it among the buy actions"
    assert "partner:apress:1" not in actions(state, 0)


def test_the_public_view_shows_the_place_never_the_card():
    state = board()
    hidden = state["agencies"]["smok"]["pile"][1]
    state, _ = act(state, 0, "partner:smok:2")
    public_view = GAME.view(state, None)
    smok = next(a for a in public_view["agencies"] if a["id"] == "smok")
    assert smok["peeked"] == [{"seat": 0, "position": 2}]
    assert hidden not in strings(public_view) and hidden not in json.dumps(GAME.view(state, 1))
    mine = GAME.view(state, 0)
    assert mine["peeks"] == [{"agency": "smok", "position": 2,
                              "contract": public_view_contract(hidden)}]
    assert hidden in GAME.private_summary(state, 0) or "Contracts you looked at" in \
        GAME.private_summary(state, 0)


def public_view_contract(card: str) -> dict:
    from bot.games.billboard.wording import area, table_words
    contract = C.contracts[card]
    words = table_words(C, {"language": "en"})
    return {"id": card, "amount": contract.amount, "deck": contract.deck,
            "area": area(words, C, contract)}


def test_the_place_follows_the_card_as_the_pile_is_drawn():
    state = board(holdings={1: ["kz-1a"]})
    state, _ = act(state, 0, "partner:apress:2")
    state, _ = act(state, 0, "ad:apress")  # the top card: the peeked one moves up
    while state["auction"] is not None:
        state, _ = act(state, state["auction"]["asking"], "pass")
    apress = next(a for a in GAME.view(state, None)["agencies"] if a["id"] == "apress")
    assert apress["peeked"] == [{"seat": 0, "position": 1}]
    assert GAME.view(state, 0)["peeks"][0]["position"] == 1


def test_the_private_look_is_in_the_seats_language():
    state = board(language="en", seat_languages=["pl", "en", "en"])
    state, events = act(state, 0, "partner:hejnal:1")
    (private,) = [e for e in events if e.to == (0,)]
    assert private.text.startswith("1. kontrakt od góry w agencji Hejnał: ")
    assert "tys.\u00a0zł" in private.text
    assert public(events).startswith("{p0} signs a partnership with Hejnał")


def test_only_places_in_the_pile():
    state = board()
    assert "name a place from the top, 1 to 2" in refused(state, 0, "partner:apress:3")
    state = pile(state, "apress", ["a01"])
    assert "partner:apress:3" in actions(state, 0)


def test_no_partnership_with_an_agency_whose_pile_is_empty():
    # Our reading: the visit is the loyalty point *and* the look, so it needs a card to look at.
    state = board()
    state["discard"] += state["agencies"]["apress"]["pile"]
    state["agencies"]["apress"]["pile"] = []
    assert not any(a.startswith("partner:apress:") for a in actions(state, 0))
    assert any(a.startswith("partner:smok:") for a in actions(state, 0))
    assert refused(state, 0, "partner:apress:1") == \
        "Apress has no face-down contract left to look at: a partnership needs one."
    assert "while its pile has a card" in GAME.rules_summary("en")
