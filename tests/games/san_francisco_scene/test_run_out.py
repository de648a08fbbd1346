"""What a run-out of the turn clock takes in San Francisco Scene (NOTES.md, "The turn clock"):
the roll the turn needs and nothing optional before it, and otherwise the answer that buys and
spends nothing — the landing goes to auction, a bid is passed, an offer, a loan or a
Connection Card is declined, a trade being put together is cancelled. Never the bot's move."""
from __future__ import annotations

import pytest

from bot.engine import offers, rng_for
from bot.table.clock import default_move
from tests.engine_checks import check_run_outs

from .helpers import act, actions, bot, fresh, game, own, put
from .test_buying_and_auctions import landed
from .test_connections import landed_on_home
from .test_trades import drafted

PHASES = {"roll": "roll", "buy": "auction", "auction": "pass", "offer": offers.DECLINE, "home": "skip",
          "college": "skip", "favour": "skip", "bank": "skip", "trade": "trade-cancel"}


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (6, 3)])
def test_every_decision_of_a_bot_game_has_the_sheets_default(players, seed):
    seen = check_run_outs(game(), bot(), players, seed, lambda state, seat: PHASES.get(state["phase"]),
                          {"rounds": 10})
    assert {"roll", "auction"} <= set(seen)


def test_a_run_out_declines_the_purchase_and_the_card_goes_to_auction_over_many_seeds():
    bought = 0
    for seed in range(20):
        state = landed(players=3)
        assert default_move(game(), state, 0) == "auction"
        bought += bot().choose(state, 0, rng_for(seed, state["_move"], "clock0")) == "buy"
        act(state, 0, "auction")
        assert state["phase"] == "auction" and state["owners"]["union-square"] is None
    assert bought == 20, "the bot, which moved on run-outs until now, buys what it can afford"


def test_a_run_out_rolls_without_developing_trading_or_paying_bail():
    state = fresh(3)
    own(state, 0, "union-square")
    own(state, 1, "fremont")
    assert {"roll", "trade"} <= set(actions(state, 0)) and game().run_out(state, 0) == "roll"
    state["seats"][0].update(in_jail=True, space="san-quentin")
    assert "bail" in actions(state, 0) and game().run_out(state, 0) == "roll", "the dice, not $80,000"


def test_a_run_out_passes_in_an_auction_and_declines_an_offer_or_a_connection_card():
    state = landed()
    act(state, 0, "auction")
    assert {game().run_out(state, seat) for seat in (0, 1, 2)} == {"pass"}
    state = drafted()
    assert game().run_out(state, 1) == offers.DECLINE and game().run_out(state, 0) is None
    act(state, 1, offers.DECLINE)
    assert state["owners"]["union-square"] == 0 and state["owners"]["fremont"] == 1
    state = landed_on_home()
    assert game().run_out(state, 0) == "skip" and "connect:{}" in actions(state, 0)


def test_a_run_out_declines_the_loan_and_cancels_a_trade_being_put_together():
    state = fresh(3)
    put(state, 0, "city-hall")
    bank = next(space for space in game().board.spaces.values() if space.kind == "bank")
    act(state, 0, "roll", 1, bank.index - 1)
    assert state["phase"] == "bank" and game().run_out(state, 0) == "skip"
    act(state, 0, "skip")
    assert not state["seats"][0]["debtor"]
    state = fresh(3)
    own(state, 1, "fremont")
    act(state, 0, "trade")
    assert game().run_out(state, 0) == "trade-cancel"
    act(state, 0, "trade-with:1")
    assert game().run_out(state, 0) == "trade-cancel"
