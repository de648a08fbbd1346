"""Debts in the sheet's order; bankruptcy; the cards to the creditor."""
from .helpers import act, check_invariants, fresh, game, own, put, set_cash, texts


def top_card(state, card_id):
    state["deck"].remove(card_id)
    state["deck"].insert(0, card_id)


def owes_rent(cash, *cards, developed=()):
    """Seat 0 about to land on seat 2's fully developed Hillsborough ($1,200,000 rent)."""
    state = fresh(3, rent="auto")
    own(state, 2, "hillsborough", developments=4)
    set_cash(state, 0, cash)
    own(state, 0, *cards)
    for space_id in developed:
        state["developments"][space_id] = 1
    put(state, 0, "san-jose")
    return state


def test_cash_first_then_developments_at_half_cost_then_cards_at_half_price():
    state = owes_rent(1_000_000, "union-square", "fremont", "hayward", developed=["union-square"])
    act(state, 0, "roll", 1, 2)
    # $1,000,000 cash, $100,000 for Union Square's development, then the cheapest cards at
    # half price: Hayward ($70,000) and Fremont ($70,000); the creditor keeps the excess.
    assert state["seats"][0]["cash"] == 0 and not state["seats"][0]["bankrupt"]
    assert state["developments"]["union-square"] == 0 and state["owners"]["union-square"] == 0
    assert state["owners"]["hayward"] == 2 and state["owners"]["fremont"] == 2
    assert state["seats"][2]["cash"] == 1_800_000 + 1_100_000
    check_invariants(state)


def test_the_change_from_a_development_stays_with_the_debtor():
    state = owes_rent(1_150_000, "union-square", developed=["union-square"])
    act(state, 0, "roll", 1, 2)
    assert state["seats"][0]["cash"] == 50_000 and state["owners"]["union-square"] == 0
    check_invariants(state)


def test_unable_to_pay_means_bankrupt_and_the_cards_go_to_the_creditor():
    """The sheet's order holds to the end: cash, developments back to the Bank at half cost,
    then the Ownership Cards to the creditor (here the player owed the rent)."""
    state = owes_rent(100_000, "chinatown", developed=["chinatown"])
    state["seats"][0]["connections"] = ["attorney"]
    events = act(state, 0, "roll", 1, 2)
    player = state["seats"][0]
    assert player["bankrupt"] and player["cash"] == 0 and player["groups"] == []
    assert state["owners"]["chinatown"] == 2 and state["developments"]["chinatown"] == 0
    assert state["holders"]["politician"] is None
    assert state["seats"][2]["cash"] == 1_800_000 + 100_000 + 55_000
    assert state["turn"] == 1 and 0 not in game().pending(state)
    assert "Chinatown goes to {p2}" in texts(events)
    check_invariants(state)


def test_a_bankrupt_owing_the_public_fund_leaves_the_cards_in_the_fund():
    state = fresh(3)
    put(state, 0, "san-quentin")
    state["seats"][0].update(in_jail=True, jail_turns=3)
    set_cash(state, 0, 5_000)
    own(state, 0, "fremont")  # $5,000 + $70,000 < the $80,000 fee
    state["turn"] = 2
    put(state, 2, "city-hall")
    act(state, 2, "roll", 1, 4)  # Wells Crocker Bank
    events = act(state, 2, "skip")  # seat 0's turn: the fee is due before it
    assert state["seats"][0]["bankrupt"] and state["fund"] == 5_000
    assert state["owners"]["fremont"] == "fund"
    assert "Fremont goes to the Public Fund" in texts(events)
    check_invariants(state)


def test_a_bankrupt_owing_the_bank_hands_the_cards_back_to_the_bank():
    state = fresh(3)
    state["seats"][0]["debtor"] = True
    set_cash(state, 0, 100_000)
    own(state, 0, "hayward", "fremont")  # $100,000 + $70,000 + $70,000 < $700,000
    put(state, 0, "city-hall")
    events = act(state, 0, "roll", 1, 4)  # Wells Crocker Bank: repay $700,000
    assert state["seats"][0]["bankrupt"]
    assert state["owners"]["hayward"] is None and state["owners"]["fremont"] is None
    assert "Hayward and Fremont go back to the Bank" in texts(events)
    check_invariants(state)


def test_cards_paid_to_the_public_fund_stay_there_earning_nothing():
    state = fresh(3)
    top_card(state, "campaign-chest")
    set_cash(state, 0, 10_000)
    own(state, 0, "fremont")
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 1)
    assert state["owners"]["fremont"] == "fund" and state["fund"] == 10_000
    assert game().view(state, None)["fund"] == {"cash": 10_000, "cards": ["fremont"]}


def test_the_last_player_standing_wins():
    state = fresh(2, rent="auto")
    own(state, 1, "hillsborough", developments=4)
    set_cash(state, 0, 100_000)
    put(state, 0, "san-jose")
    act(state, 0, "roll", 1, 2)
    result = game().result(state)
    assert result.winners == (1,) and state["phase"] == "over"
