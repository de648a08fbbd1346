"""The views the board and the cog draw from: every key of the contract, nothing face down
in public, a seat's own peeks in its view only; prompt, status and the private summary."""
from __future__ import annotations

import json

from .helpers import GAME, act, board, bot_game, face_down, new, pile, strings

PLAYER_KEYS = {"seat", "colour", "money", "locked", "score", "loyalty", "contracts", "ad_value",
               "actions"}


def test_the_public_view_has_every_key_of_the_contract():
    view = GAME.view(new(3), None)
    assert {"game", "language", "round", "rounds", "phase", "turn", "players", "districts",
            "prices", "companies", "agencies", "auction", "round_points", "deck",
            "winners"} <= set(view)
    assert view["game"] == "billboard" and view["rounds"] == 8 and view["round"] == 1
    assert all(PLAYER_KEYS <= set(p) for p in view["players"])
    assert [d["id"] for d in view["districts"]] == [
        "stare-miasto", "kazimierz", "grzegorzki", "krowodrza", "podgorze", "nowa-huta",
        "lagiewniki", "balice"]
    assert [d["name"] for d in view["districts"]][-2:] == ["Łagiewniki", "Balice"]
    billboard = view["districts"][0]["billboards"][0]
    assert set(billboard) == {"id", "value", "owner", "ad"} and billboard["id"] == "sm-1a"
    assert len(view["prices"]) == 6
    company = view["companies"][0]
    assert {"id", "name", "price", "value", "owner", "bid"} <= set(company)
    agency = view["agencies"][0]
    assert {"id", "name", "track", "pile", "peeked"} <= set(agency) and agency["name"] == "Apress"
    assert view["auction"] is None and view["deck"] == "I/V"


def test_an_auction_shows_its_contract_offers_and_who_is_asked():
    state = board(holdings={0: ["sm-1a", "sm-6a"], 1: ["kz-1a", "kz-2b"]})
    state = pile(state, "apress", ["a01"])
    state, _ = act(state, 0, "ad:apress")
    state, _ = act(state, 1, "offer:kz-1a")
    auction = GAME.view(state, None)["auction"]
    assert auction["contract"] == {"id": "a01", "amount": 10, "area": "Everywhere", "deck": "I/V"}
    assert auction["offers"] == [{"seat": 1, "value": 1, "billboards": ["kz-1a"]}]
    assert auction["asking"] == 0 and auction["drawer"] == 0 and auction["agency"] == "apress"
    assert GAME.view(state, None)["players"][0]["actions"] == ["sell"]


def test_the_area_is_in_the_tables_language():
    state = board(language="pl", holdings={1: ["kz-1a"]})
    state = pile(state, "apress", ["a03"])
    state, _ = act(state, 0, "ad:apress")
    assert GAME.view(state, None)["auction"]["contract"]["area"] == "Wszędzie oprócz Balic"


def test_no_face_down_contract_in_any_public_view_of_a_whole_game():
    seen = []

    def check(state):
        hidden = face_down(state)
        assert not hidden & strings(GAME.view(state, None))
        for seat in range(state["players"]):
            mine = GAME.view(state, seat)
            peeked = {p["contract"]["id"] for p in mine["peeks"]}
            assert not (hidden - peeked) & strings(mine), "a seat sees a card it never looked at"
            seen.extend(peeked)
    bot_game(4, 11, check=check)
    assert seen, "the game had partnerships to check"


def test_prompt_status_and_private_summary():
    state = board(holdings={0: ["sm-1a"]})
    assert GAME.prompt(state, 0).startswith("Your turn: up to one sell and one buy action")
    assert GAME.status(state) == "Round 1, 6 contracts face down — {p0}'s turn."
    state, _ = act(state, 0, "partner:apress:1")
    summary = GAME.private_summary(state, 0)
    assert "**Money:** 15k" in summary and "Apress 1" in summary
    assert "Contracts you looked at" in summary
    assert "Contracts you looked at" not in GAME.private_summary(state, 1)
    assert json.dumps(GAME.view(state, 0))  # plain JSON for the renderer
