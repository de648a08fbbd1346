"""Buying a company: a bid raises a neutral company's price with the bidder's marker and
locks that money; others may outbid with their buy action; the company (and its
billboards) is the bidder's if the bid still stands at the start of their next turn, the
money going to the bank."""
from __future__ import annotations

from .helpers import GAME, C, act, actions, board, fill, invariant, money_total, public, refused


def bid(state: dict, seat: int, company: str, price: int) -> tuple[dict, list]:
    return act(state, seat, fill(state, seat, f"company:{company}:{{}}", price))


def test_the_neutral_companies_start_with_their_printed_billboards_and_prices():
    state = board()
    for company in C.companies:
        printed = [b.id for b in C.billboards.values() if b.company == company.id]
        assert printed and all(state["owner"][b] == company.id for b in printed)
        assert state["companies"][company.id]["price"] == company.price
    assert state["companies"]["pink"]["price"] == 14  # the sheet's example


def test_a_bid_raises_the_price_and_locks_the_money():
    state = board(cash=30)
    total = money_total(state)
    choice = next(c for c in GAME.legal(state, 0) if c.action == "company:pink:{}")
    assert (choice.amount.minimum, choice.amount.maximum) == (15, 30)
    state, events = bid(state, 0, "pink", 17)
    assert "{p0} bids 17k for Lajkonik" in public(events)
    assert state["companies"]["pink"]["price"] == 17
    assert state["companies"]["pink"]["bid"] == {"seat": 0, "price": 17}
    assert state["money"][0] == 13 and state["locked"][0] == 17
    view = GAME.view(state, None)
    assert view["players"][0]["locked"] == 17 and view["players"][0]["money"] == 13
    invariant(state, total)


def test_a_bid_needs_the_money_in_hand():
    state = board(cash=16)
    choice = next(c for c in GAME.legal(state, 0) if c.action == "company:pink:{}")
    assert choice.amount.maximum == 16
    assert "You have 16k to bid with; 17k is more." in refused(state, 0, "company:pink:17")
    state["money"][0] = 14
    assert "company:pink:{}" not in actions(state, 0)  # 14k: short of 15


def test_others_outbid_with_their_buy_action_and_the_beaten_money_is_free():
    state = board(cash=30)
    total = money_total(state)
    state, _ = bid(state, 0, "pink", 17)
    state, _ = act(state, 0, "end")
    assert "at least 18k" in refused(state, 1, "company:pink:17")
    state, events = bid(state, 1, "pink", 19)
    assert "{p0}'s bid is beaten; their 17k is free again." in public(events)
    assert state["money"][0] == 30 and state["locked"] == [0, 19, 0]
    assert state["used"] == ["buy"] and "buy" not in actions(state, 1)
    invariant(state, total)


def test_the_company_is_the_bidders_at_the_start_of_their_next_turn():
    state = board(cash=30)
    total = money_total(state)
    state, _ = bid(state, 0, "pink", 17)
    state, _ = act(state, 0, "end")
    state, _ = act(state, 1, "end")
    assert state["companies"]["pink"]["owner"] is None  # still only a bid
    bank = state["bank"]
    state, events = act(state, 2, "end")
    assert "Nobody outbid {p0}: Lajkonik is theirs for 17k, with its 4 billboards." in public(events)
    assert state["companies"]["pink"]["owner"] == 0 and state["companies"]["pink"]["bid"] is None
    assert state["locked"][0] == 0 and state["money"][0] == 13 and state["bank"] == bank + 17
    assert all(state["owner"][b] == 0 for b in ("sm-5b", "kz-2a", "kz-4a", "pg-3a"))
    invariant(state, total)


def test_a_bought_company_takes_no_more_bids_nor_billboards():
    state = board(cash=30)
    state, _ = bid(state, 0, "pink", 17)
    for seat in (0, 1, 2):
        state, _ = act(state, seat, "end")
    assert "company:pink:{}" not in actions(state, 0)
    assert "bought already" in refused(state, 0, "company:pink:20")


def test_the_sheet_example_edward_is_outbid_by_wladyslaw():
    # Edward (0) bids 17 for pink at 14; Władysław (1) raises to 19; Edward cannot follow.
    state = board(players=2, cash=18)
    state["money"][1] = 25
    state, _ = bid(state, 0, "pink", 17)
    state, _ = act(state, 0, "end")
    state, _ = bid(state, 1, "pink", 19)
    state, _ = act(state, 1, "end")
    assert "company:pink:{}" not in actions(state, 0)  # 18k: short of 20
    state, _ = act(state, 0, "end")
    assert state["companies"]["pink"]["owner"] == 1 and state["money"][1] == 6
