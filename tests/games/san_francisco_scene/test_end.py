"""The end: the agreed rounds or days, and the richest then (ties stay ties)."""
from bot.engine import SYSTEM_SEAT

from .helpers import act, fresh, game, own, put


def test_the_rounds_limit_ends_the_game_when_the_last_round_is_played():
    g = game()
    state = fresh(2, rounds=5)
    state["round"] = 5
    state["turn"] = 1
    put(state, 1, "city-hall")
    act(state, 1, "roll", 1, 4)  # Wells Crocker Bank
    act(state, 1, "skip")
    assert state["phase"] == "over" and g.result(state) is not None
    assert state["over"]["reason"] == "rounds"


def test_a_round_is_every_live_player_having_had_a_turn():
    state = fresh(3, rounds=5)
    for seat in (0, 1, 2):
        put(state, seat, "city-hall")
        assert state["round"] == 1 and state["turn"] == seat
        act(state, seat, "roll", 1, 4)
        act(state, seat, "skip")
    assert state["round"] == 2 and state["turn"] == 0


def test_the_richest_by_cash_half_prices_and_half_development_costs_wins():
    g = game()
    state = fresh(3, rounds=5)
    own(state, 1, "union-square", developments=2)  # 200,000 + 2 x 100,000
    state["bank"] -= 1
    state["seats"][2]["cash"] += 1
    state.update(round=5, turn=2)
    put(state, 2, "city-hall")
    act(state, 2, "roll", 1, 4)
    act(state, 2, "skip")
    result = g.result(state)
    assert result.winners == (1,)
    assert result.scores == {0: 1_800_000, 1: 2_200_000, 2: 1_800_001}


def test_ties_stay_ties_and_a_loan_owed_counts_against_its_debtor():
    g = game()
    state = fresh(3, rounds=5)
    state["seats"][1]["debtor"] = True
    state.update(round=5, turn=2)
    put(state, 2, "city-hall")
    act(state, 2, "roll", 1, 4)
    act(state, 2, "skip")
    assert g.result(state).winners == (0, 2)
    assert g.result(state).scores[1] == 1_100_000


def test_the_days_limit_is_a_deadline_that_ends_the_game_after_the_current_turn():
    g = game()
    state = fresh(3, days=7)
    (deadline,) = g.deadlines(state)
    assert deadline.seconds == 7 * 86_400 and deadline.key == "days-limit"
    act(state, SYSTEM_SEAT, deadline.action)
    assert g.result(state) is None and g.deadlines(state) == []
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 4)
    act(state, 0, "skip")
    assert g.result(state) is not None and state["over"]["reason"] == "days"


def test_no_limit_means_no_deadline_and_no_round_end():
    g = game()
    state = fresh(2, rounds=0)
    assert g.deadlines(state) == []
    state["round"] = 99
    state["turn"] = 1
    put(state, 1, "city-hall")
    act(state, 1, "roll", 1, 4)
    act(state, 1, "skip")
    assert g.result(state) is None and state["round"] == 100
