"""Buying from the Bank, and the open auction when the player declines."""
import pytest

from bot.engine import SYSTEM_SEAT, IllegalMove

from .helpers import act, actions, choices, fresh, game, put, set_cash


def landed(space="union-square", players=3):
    state = fresh(players)
    put(state, 0, "city-hall")
    steps = game().board.spaces[space].index
    act(state, 0, "roll", 1, steps - 1)
    assert state["phase"] == "buy" and state["decision"] == {"space": space}
    return state


def test_buying_pays_the_bank_the_price():
    state = landed()
    bank = state["bank"]
    act(state, 0, "buy")
    assert state["owners"]["union-square"] == 0
    assert state["seats"][0]["cash"] == 1_400_000 and state["bank"] == bank + 400_000


def test_you_cannot_buy_without_the_cash():
    state = landed()
    set_cash(state, 0, 390_000)
    assert "buy" not in actions(state, 0)
    with pytest.raises(IllegalMove, match=r"You have \$390,000; Union Square costs \$400,000"):
        game().apply(state, 0, "buy", None)


def test_declining_starts_an_auction_at_half_the_price_open_to_everyone():
    state = landed()
    act(state, 0, "auction")
    assert state["phase"] == "auction"
    assert game().pending(state) == {0, 1, 2}
    bid = next(c for c in choices(state, 1) if c.action == "bid:{}")
    assert bid.amount.minimum == 200_000 and bid.amount.step == 10_000
    assert bid.amount.maximum == 1_800_000


def test_bids_rise_and_the_auction_closes_when_all_others_have_passed():
    state = landed()
    act(state, 0, "auction")
    act(state, 1, "bid:200000")
    assert game().pending(state) == {0, 2}
    act(state, 0, "bid:250000")  # the auctioneer may bid
    assert next(c for c in choices(state, 1) if c.action == "bid:{}").amount.minimum == 260_000
    act(state, 1, "pass")
    act(state, 2, "pass")
    assert state["owners"]["union-square"] == 0 and state["seats"][0]["cash"] == 1_550_000
    assert state["auction"] is None and state["turn"] == 1


def test_a_bid_may_not_exceed_your_cash_and_the_broke_drop_out():
    state = landed()
    set_cash(state, 2, 230_000)
    act(state, 0, "auction")
    bid = next(c for c in choices(state, 2) if c.action == "bid:{}")
    assert bid.amount.maximum == 230_000 and not bid.accepts("bid:240000")
    act(state, 1, "bid:240000")
    assert 2 in state["auction"]["passed"]


def test_no_bid_at_all_leaves_the_space_with_the_bank():
    state = landed()
    act(state, 0, "auction")
    for seat in (0, 1, 2):
        act(state, seat, "pass")
    assert state["owners"]["union-square"] is None


def test_the_countdown_restarts_with_each_bid_and_closes_the_auction():
    g = game()
    state = landed()
    act(state, 0, "auction")
    first = {d.key for d in g.deadlines(state)}
    act(state, 1, "bid:200000")
    second = {d.key for d in g.deadlines(state)}
    assert first != second and len(second) == 1
    (deadline,) = g.deadlines(state)
    assert deadline.seconds == 12 * 3600 and deadline.action == "auction:close"
    act(state, SYSTEM_SEAT, "auction:close")
    assert state["owners"]["union-square"] == 1 and state["turn"] == 1


def test_the_auction_length_is_a_lobby_option():
    state = fresh(3, auction_hours=4)
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 2)
    act(state, 0, "auction")
    assert game().deadlines(state)[0].seconds == 4 * 3600


def test_cards_back_at_the_bank_are_for_sale_again():
    state = fresh(3)
    put(state, 0, "city-hall")
    state["owners"]["union-square"] = None  # e.g. returned by a bankruptcy
    act(state, 0, "roll", 1, 2)
    assert state["phase"] == "buy"
