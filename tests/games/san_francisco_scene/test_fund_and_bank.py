"""The Public Fund and the Unemployment Office; Wells Crocker Bank's loan; Cable Car payments."""
from .helpers import act, actions, board, fresh, put, set_cash, texts, total_money


def top_card(state, card_id):
    state["deck"].remove(card_id)
    state["deck"].insert(0, card_id)


def test_the_unemployment_office_takes_all_the_public_fund_cash_and_cards():
    state = fresh(3)
    state["fund"], state["bank"] = 230_000, state["bank"] - 230_000
    state["owners"]["chinatown"] = "fund"
    put(state, 0, "ghirardelli-square")
    events = act(state, 0, "roll", 1, 3)  # 14 + 4 = 18
    assert state["fund"] == 0 and state["seats"][0]["cash"] == 2_030_000
    assert state["owners"]["chinatown"] == 0
    assert "collects the Public Fund" in texts(events)


def test_payments_to_the_fund_pile_up():
    state = fresh(3)
    top_card(state, "campaign-chest")
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 1)
    assert state["fund"] == 50_000 and state["seats"][0]["cash"] == 1_750_000


def bank_visit(state):
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 4)  # 5: Wells Crocker Bank


def test_wells_crocker_lends_500_000_and_makes_a_debtor():
    state = fresh(3)
    bank_visit(state)
    assert state["phase"] == "bank" and "borrow" in actions(state, 0)
    act(state, 0, "borrow")
    assert state["seats"][0]["cash"] == 2_300_000 and state["seats"][0]["debtor"]


def test_a_debtor_landing_again_repays_700_000():
    state = fresh(3)
    state["seats"][0]["debtor"] = True
    bank_visit(state)
    assert state["seats"][0]["cash"] == 1_100_000 and not state["seats"][0]["debtor"]
    assert state["phase"] != "bank"


def test_the_repayment_is_a_debt_like_any_other():
    state = fresh(3)
    state["seats"][0]["debtor"] = True
    set_cash(state, 0, 600_000)
    state["owners"]["hillsborough"] = 0
    bank_visit(state)
    assert state["seats"][0]["cash"] == 0 and state["owners"]["hillsborough"] is None
    assert not state["seats"][0]["bankrupt"] and not state["seats"][0]["debtor"]


def test_cards_paying_other_players_and_collecting_from_them_keep_money_whole():
    for card, change in (("charity-ball", -40_000), ("giants-pool", 40_000)):
        state = fresh(3)
        top_card(state, card)
        put(state, 0, "city-hall")
        before = total_money(state)
        act(state, 0, "roll", 1, 1)
        assert state["seats"][0]["cash"] == 1_800_000 + change
        assert total_money(state) == before


def test_dues_go_to_the_groups_holder_or_to_the_fund_when_nobody_else_holds_it():
    state = fresh(3)
    top_card(state, "retainer")
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 1)
    assert state["seats"][2]["cash"] == 1_850_000
    state = fresh(3)  # nobody is the Labor Leader with three players
    top_card(state, "union-dues")
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 1)
    assert state["fund"] == 50_000


def test_a_card_that_moves_you_counts_as_landing():
    state = fresh(3)
    top_card(state, "house-hunting")
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 1)
    assert state["seats"][0]["space"] == "hillsborough" and state["phase"] == "buy"


def test_go_to_san_quentin_card():
    state = fresh(3)
    top_card(state, "lombard-street")
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 1)
    assert state["seats"][0]["in_jail"] and state["turn"] == 1


def test_the_san_quentin_card_says_directly_without_collecting():
    text = board().cards["lombard-street"].text
    assert "go directly to San Quentin, without collecting $100,000" in text
    assert len(text) <= 100


def test_the_deck_is_reshuffled_from_the_discards_when_it_runs_out():
    state = fresh(3)
    state["discard"], state["deck"] = state["deck"], []
    put(state, 0, "city-hall")
    events = act(state, 0, "roll", 1, 1)
    assert "draws a Cable Car card" in texts(events)
    assert len(state["discard"]) == 1 and len(state["deck"]) == len(board().deck) - 1


def test_the_bank_never_runs_out():
    """The sheet sets the Bank no limit: a payment from it is never cut short, and its
    ledger may go below the nominal till."""
    state = fresh(3)
    set_cash(state, 1, state["seats"][1]["cash"] + state["bank"] - 30_000)  # the till: $30,000
    put(state, 0, "candlestick-park")
    act(state, 0, "roll", 1, 4)  # 39 + 5: past City Hall to Chinatown
    assert state["seats"][0]["cash"] == 1_900_000 and state["bank"] == -70_000
    state = fresh(3)
    set_cash(state, 1, state["seats"][1]["cash"] + state["bank"])  # the till: $0
    bank_visit(state)
    assert state["phase"] == "bank"
    act(state, 0, "borrow")
    assert state["seats"][0]["cash"] == 2_300_000 and total_money(state) == board().rules.bank_cash
