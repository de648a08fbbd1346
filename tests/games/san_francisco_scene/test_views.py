"""The public view keeps the contract's keys and shows no secret: no offer terms, no trade in
the making, no Cable Car deck order."""
import copy
import json

from bot.engine import new_game, play, rng_for

from .helpers import act, bot, fresh, game, own

BOARD_KEYS = {"id", "name", "kind", "price", "owner", "developments", "gas_station", "starred",
              "chevron", "colour"}
PLAYER_KEYS = {"seat", "cash", "space", "home", "groups", "connections", "debtor", "in_jail",
               "jail_turns", "skip_turns", "bankrupt", "on_route"}


def test_the_public_view_has_the_contracts_keys():
    view = game().view(fresh(4), None)
    for key in ("game", "round", "turn", "phase", "dice", "board", "bay", "players", "groups",
                "fund", "auction", "claims", "offer", "limit", "winners"):
        assert key in view
    assert view["game"] == "san-francisco-scene" and view["dice"] == [] and view["round"] == 1
    assert len(view["board"]) == 40 and set(view["board"][0]) >= BOARD_KEYS
    assert set(view["players"][0]) >= PLAYER_KEYS
    assert {b["route"] for b in view["bay"]} == {"golden-gate", "bay-bridge"}
    assert set(view["bay"][0]) >= {"id", "name", "kind", "route", "stop"}
    assert [g["id"] for g in view["groups"]] == ["politician", "membership-chairman", "attorney",
                                                 "labor-leader"]
    assert view["fund"] == {"cash": 0, "cards": []}
    assert view["limit"] == {"rounds": 20, "days": 0} and view["winners"] == []
    hayward = next(s for s in view["board"] if s["id"] == "hayward")
    assert hayward["starred"] and hayward["chevron"] and hayward["colour"].startswith("#")


def test_an_auction_and_a_claim_in_the_view():
    state = fresh(3)
    own(state, 2, "chinatown")
    state["seats"][0]["space"] = "city-hall"
    act(state, 0, "roll", 1, 2)
    act(state, 0, "auction")
    act(state, 1, "bid:200000")
    view = game().view(state, None)
    assert view["auction"] == {"space": "union-square", "bid": 200_000, "bidder": 1,
                               "next_minimum": 210_000, "passed": [], "auctioneer": 0}


def scrambled(state):
    """The same public situation with every secret changed: deck order, offer terms, draft."""
    other = copy.deepcopy(state)
    other["deck"] = list(reversed(state["deck"]))
    if other["offer"]:
        terms = other["offer"]["terms"]
        if terms["kind"] == "connection":
            terms["price"] += 10_000
        else:
            terms["a_pays"] += 10_000
    if other["draft"]:
        other["draft"]["give"] = ["nowhere"]
    return other


def test_the_public_view_never_depends_on_a_secret():
    g, b = game(), bot()
    for players, seed in ((3, 4), (5, 9), (2, 21)):
        state = new_game(g, players, {"rounds": 10}, seed)
        while g.result(state) is None:
            assert g.view(scrambled(state), None) == g.view(state, None)
            public = json.dumps(g.view(state, None))
            assert '"deck"' not in public and "terms" not in public
            seat = min(g.pending(state))
            state, events = play(g, state, seat, b.choose(state, seat, rng_for(seed, state["_move"])))
            for event in events:
                if event.public:
                    assert "offers you" not in event.text and "Your offer" not in event.text


def test_the_cable_car_deck_shows_only_its_size():
    state = fresh(3)
    view = game().view(state, 0)
    assert view["cable_cars"] == {"left": len(state["deck"]), "discarded": []}
    assert not any(card in json.dumps(view) for card in state["deck"])
