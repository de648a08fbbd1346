"""The end of a round: it ends once the last face-down contract is settled and that player
finishes the turn; most contracts score the round track (ties all score), rounds IV and
VIII add their tables; from the player who ended it, each gives a bank billboard to a
neutral company; the next deck is dealt by the agency track, which then resets. The end of
the game after round VIII, and its tie-breaks."""
from __future__ import annotations

from bot.games.billboard.scoring import ad_points

from .helpers import GAME, C, act, actions, board, invariant, money_total, public, refused


def last_card(state: dict, agency: str = "apress") -> dict:
    """Leave one face-down contract, on ``agency``'s pile (the rest discarded)."""
    cards = [c for a in state["agencies"].values() for c in a["pile"]]
    for a in state["agencies"].values():
        a["pile"] = []
    state["agencies"][agency]["pile"] = [cards[0]]
    state["discard"] += cards[1:]
    return state


def finish_round(state: dict) -> tuple[dict, list]:
    """Seat to play draws the last card, everyone passes on it, the drawer ends the turn."""
    seat = state["turn"]
    state, events = act(state, seat, "ad:apress")
    while state["auction"] is not None:
        state, more = act(state, state["auction"]["asking"], "pass")
        events += more
    if state["phase"] == "turn" and state["turn"] == seat:  # else both actions were used
        state, more = act(state, seat, "end")
        events += more
    return state, events


def test_the_round_ends_when_that_player_finishes_the_turn():
    state = last_card(board(holdings={0: ["kz-1a"]}, cash=20))
    state, _ = act(state, 0, "ad:apress")
    state, _ = act(state, 0, "pass")
    assert state["phase"] == "turn" and state["round"] == 1 and state["turn"] == 0
    state, _ = act(state, 0, "buy")  # the player still finishes the turn
    state, _ = act(state, 0, "buy:kz:1")
    state, _events = act(state, 0, "buy:kz:1:1")
    assert state["phase"] == "assign" and state["turn"] == 0 and state["ender"] == 0


def test_most_contracts_score_the_round_track_and_ties_all_score():
    state = last_card(board())
    state["contracts"] = [2, 2, 1]
    state, events = finish_round(state)
    points = C.round_points[0]
    assert state["score"] == [points, points, 0]
    assert f"most contracts (2) — {{p0}}, {{p1}} score {points} points" in public(events)


def test_nobody_scores_the_track_without_a_contract():
    state, events = finish_round(last_card(board()))
    assert state["score"] == [0, 0, 0] and "nobody won a contract" in public(events)


def test_round_four_scores_the_table_by_player_count():
    # The sheet: 3 players, 47 sold for ads → the 41–80 row → 9 points.
    assert ad_points(C, 4, 3, 47) == 9
    assert ad_points(C, 4, 3, 0) == 0 and ad_points(C, 4, 3, 40) == 5 and ad_points(C, 4, 3, 81) == 14
    assert ad_points(C, 4, 6, 47) == 14 and ad_points(C, 4, 2, 47) == 5  # the split by players
    state = last_card(board())
    state["round"] = 4
    state["contracts"], state["ad_value"] = [1, 0, 0], [47, 0, 20]
    state, events = finish_round(state)
    assert state["score"] == [C.round_points[3] + 9, 0, 2], "on top of the most-contracts points"
    assert "{p0} sold 47 for ads: 9 points" in public(events)


def test_round_eight_scores_one_table_for_any_count_then_the_game_ends():
    for players in (2, 6):
        assert ad_points(C, 8, players, 47) == ad_points(C, 8, 4, 47) == 9
    state = last_card(board())
    state["round"] = 8
    state["contracts"], state["ad_value"] = [0, 1, 0], [0, 31, 16]
    state, _events = finish_round(state)
    assert state["score"] == [0, C.round_points[7] + 9, 5]
    assert state["phase"] == "over" and state["winners"] == [1]
    assert GAME.result(state).winners == (1,)


def test_a_tie_on_points_goes_to_billboard_value_then_is_shared():
    state = last_card(board(holdings={0: ["sm-6a"], 1: ["sm-6b", "kz-1a"], 2: ["kz-6a"]}))
    state["round"], state["score"] = 8, [10, 10, 3]
    state, _ = finish_round(state)
    assert state["winners"] == [1]
    state = last_card(board(holdings={0: ["sm-6a"], 1: ["sm-6b"]}))
    state["round"], state["score"] = 8, [10, 10, 3]
    state, events = finish_round(state)
    assert state["winners"] == [0, 1] and "Winners: {p0}, {p1}" in public(events)


def test_standing_bids_lapse_at_the_end_and_their_money_comes_back():
    state = last_card(board(cash=30))
    state["round"] = 8
    state, _ = act(state, 0, "company:grey:13")
    total = money_total(state)
    state, _ = finish_round(state)
    assert state["locked"] == [0, 0, 0] and state["money"][0] == 30
    assert state["companies"]["grey"]["owner"] is None
    invariant(state, total)


def test_from_the_ender_each_gives_a_bank_billboard_to_a_neutral_company():
    state = last_card(board(players=3))
    state["turn"] = 1
    state, events = finish_round(state)
    assert state["phase"] == "assign" and state["assign_queue"] == [1, 2, 0]
    assert state["turn"] == 1 and actions(state, 0) == []
    assert {"assign:pink", "assign:grey", "assign:orange", "assign:purple"} == set(actions(state, 1))
    state, _ = act(state, 1, "assign:grey")
    assert "assign:grey:sm:6" in actions(state, 1)
    state, events = act(state, 1, "assign:grey:sm:6")
    assert state["owner"]["sm-6a"] == "grey"
    assert state["companies"]["grey"]["value"] == 12 + 6 and state["companies"]["grey"]["price"] == 18
    assert "{p1} gives Sukiennice a billboard: Stare Miasto, value 6." in public(events)
    assert state["turn"] == 2


def test_a_bought_company_or_one_under_a_bid_is_not_neutral():
    state = last_card(board(cash=30))
    state, _ = act(state, 0, "company:pink:15")
    state["companies"]["grey"]["owner"] = 2
    for billboard, owner in state["owner"].items():
        if owner == "grey":
            state["owner"][billboard] = 2
    state, _ = finish_round(state)
    assert set(actions(state, 0)) == {"assign:orange", "assign:purple"}
    assert "Only a neutral company" in refused(state, 0, "assign:pink")
    assert "Only a neutral company" in refused(state, 0, "assign:grey:sm:6")


def test_with_one_neutral_company_the_billboard_is_chosen_at_once():
    state = last_card(board())
    for company in ("pink", "grey", "orange"):
        state["companies"][company]["bid"] = {"seat": 2, "price": 1}
        state["locked"][2] += 1
        state["money"][2] -= 1
    state, _ = finish_round(state)
    assert all(a.startswith("assign:purple:") for a in actions(state, 0))


def test_no_neutral_company_left_the_table_is_told_nobody_gives_a_billboard():
    state = last_card(board())
    for company in ("pink", "grey", "orange", "purple"):
        state["companies"][company]["bid"] = {"seat": 2, "price": 1}
        state["locked"][2] += 1
        state["money"][2] -= 1
    state, events = finish_round(state)
    assert state["round"] == 2 and state["phase"] == "turn"
    assert ("No neutral company is left to take a billboard: nobody gives one this round."
            in public(events))


def test_the_bank_out_of_billboards_the_table_is_told_the_rest_give_none():
    state = last_card(board())
    free = [b for b, owner in state["owner"].items() if owner is None]
    for billboard in free[1:]:
        state["owner"][billboard] = 2
    state, events = finish_round(state)
    assert state["phase"] == "assign" and state["turn"] == 0
    choice = next(a for a in actions(state, 0) if a.startswith("assign:"))
    state, _ = act(state, 0, choice)
    state, events = act(state, 0, next(a for a in actions(state, 0) if a.count(":") == 3))
    assert state["round"] == 2
    assert ("The bank has no billboard left to give: the others give none this round."
            in public(events))


def test_the_next_deck_is_dealt_by_the_agency_track_and_the_track_resets():
    state = last_card(board(players=2))
    state["agencies"]["apress"]["track"] = 5
    state["agencies"]["smok"]["track"] = 20
    state["agencies"]["hejnal"]["track"] = 5  # ties Apress: the earlier order stands
    state["ads"] = ["sm-1a"]
    state["owner"]["sm-1a"] = 0
    state, _ = finish_round(state)
    while state["phase"] == "assign":
        state, _ = act(state, state["turn"], next(a for a in actions(state, state["turn"]) if a.count(":") == 3)
                       if any(a.count(":") == 3 for a in actions(state, state["turn"]))
                       else actions(state, state["turn"])[0])
    assert state["round"] == 2 and state["order"] == ["smok", "apress", "hejnal"]
    piles = {a: len(v["pile"]) for a, v in state["agencies"].items()}
    assert piles == {"smok": 3, "apress": 2, "hejnal": 1}
    assert all(C.contracts[c].deck == "II/VI" for v in state["agencies"].values() for c in v["pile"])
    assert all(v["track"] == 0 for v in state["agencies"].values())
    assert state["ads"] == [] and state["contracts"] == [0, 0]
    assert state["turn"] == 1, "play goes on from the seat after the one who ended the round"


def test_every_later_round_deals_its_share():
    assert [C.round_cards[r] for r in range(8)] == [6, 6, 7, 7, 6, 7, 7, 8]
    assert C.shares == {6: (3, 2, 1), 7: (3, 2, 2), 8: (4, 2, 2)}
