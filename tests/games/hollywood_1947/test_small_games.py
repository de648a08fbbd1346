"""1–3 player adjustments: two passes, two jobs and two dice each, ghost cards."""
import pytest

from bot.engine import IllegalMove

from .helpers import (
    CX,
    GAME,
    act,
    actions,
    all_blank,
    fresh,
    pass_round,
    public_texts,
    restart,
    set_dice,
)


def test_three_players_go_around_the_table_twice():
    state = restart(fresh(3), {1: 1, 3: 1, 4: 2, 5: 2, 6: 0, 7: 0})
    seats = []
    while state["phase"] == "production" and state["round"] == 1:
        seats.append(state["turn"]["seat"])
        state, _ = act(state, state["turn"]["seat"], "pass")
    assert seats == [1, 2, 0, 1, 2, 0]


def test_a_solo_player_takes_two_turns_in_a_row():
    state = fresh(1)
    assert state["turn"]["order"] == [0, 0]
    state, _ = act(state, 0, "pass")
    assert state["turn"]["seat"] == 0 and state["phase"] == "production"


def test_either_job_on_a_turn_but_never_the_same_job_twice():
    state = restart(fresh(2), {3: 0, 4: 0, 5: 1, 6: 1})
    assert {"job:3", "job:4"} <= actions(state, 0)
    for action in ("job:4", "roll:1a", "roll:1a", "roll:1a"):
        state, _ = act(state, 0, action)
    state, _ = act(state, 1, "pass")
    assert "job:3" in actions(state, 0) and "job:4" not in actions(state, 0)


def test_swap_either_job_even_one_already_used():
    state = restart(fresh(2), {3: 0, 4: 0, 5: 1, 6: 1})
    for action in ("job:4", "roll:0a", "roll:0a", "roll:0a"):
        state, _ = act(state, 0, action)
    state, _ = act(state, 1, "pass")
    assert {"swap:3:1", "swap:4:1", "swap:4:9"} <= actions(state, 0)
    state, _ = act(state, 0, "swap:4:9")
    assert state["jobs"]["9"] == 0 and state["jobs"]["4"] is None


def test_a_job_swapped_in_from_the_center_waits_for_the_next_round():
    # "Swapping your job costs your turn, so you will not be able to perform your new job
    # until the next round" — not on the second pass either.
    state = restart(fresh(2), {3: 0, 4: 0, 5: 1, 6: 1})
    state, _ = act(state, 0, "swap:4:9")
    state, _ = act(state, 1, "pass")
    assert state["turn"]["seat"] == 0
    assert "job:9" not in actions(state, 0) and "job:3" in actions(state, 0)
    with pytest.raises(IllegalMove, match="from the next round"):
        act(state, 0, "job:9")
    state = restart(state)  # a round begins afresh
    assert state["turn"]["seat"] == 0 and "job:9" in actions(state, 0)


def test_studio_order_a_later_job_from_the_center_is_performed_at_its_number():
    state = restart(fresh(2, studio_order=True), {3: 0, 4: 0, 5: 1, 6: 1})
    state, _ = act(state, 0, "swap:3:9")
    # "they will get to perform the later job when it becomes their turn again": not at
    # number 4, seat 0's other job, only when number 9 is called
    assert state["turn"]["seat"] == 0 and "job:9" not in actions(state, 0)
    with pytest.raises(IllegalMove, match="when number 9 is called"):
        act(state, 0, "job:9")
    for seat in (0, 1, 1):  # numbers 4, 5 and 6
        assert state["turn"]["seat"] == seat
        state, _ = act(state, seat, "pass")
    assert state["turn"]["seat"] == 0 and "job:9" in actions(state, 0)  # number 9


def test_studio_order_a_center_job_whose_number_has_passed_waits_for_the_next_round():
    # Studio Order's exception covers only a *later* number: job 3 taken at number 4 has
    # been passed, so seat 0 may not perform it at number 8, its other turn this round.
    state = restart(fresh(2, studio_order=True), {4: 0, 8: 0, 5: 1, 6: 1})
    state, _ = act(state, 0, "swap:4:3")
    for seat in (1, 1):  # numbers 5 and 6
        assert state["turn"]["seat"] == seat
        state, _ = act(state, seat, "pass")
    assert state["turn"]["seat"] == 0 and state["turn"]["cursor"] == 8
    assert "job:3" not in actions(state, 0) and "job:8" in actions(state, 0)
    with pytest.raises(IllegalMove, match="from the next round"):
        act(state, 0, "job:3")
    state = restart(state)  # the next round: number 3 comes first and is seat 0's
    assert state["turn"]["seat"] == 0 and "job:3" in actions(state, 0)
    assert "one whose number has passed waits for the next round" in GAME.rules_summary()


def test_no_producer_in_small_games():
    for players in (1, 2, 3):
        state = fresh(players)
        assert "2" not in state["jobs"]
        with pytest.raises(IllegalMove, match="not in this game"):
            act(state, state["turn"]["seat"], "job:2")


def test_ghost_with_a_star_puts_its_card_in_and_is_replaced():
    state = restart(fresh(2), {3: 0, 4: 0, 9: 1, 6: 1})
    all_blank(state)
    set_dice(state, {"g0": True})
    ghost_card = state["ghosts"][0]["card"]
    other = state["ghosts"][1]["card"]
    state["ghosts"][0]["seen"] = [0]
    state = pass_round(state)
    # seat 1 did not declare editing (it passed), so post ran to the premiere
    assert ghost_card not in [g["card"] for g in state["ghosts"]]
    assert state["ghosts"][1]["card"] == other  # no star: stays for the next round
    assert state["ghosts"][0]["card"] is not None and state["ghosts"][0]["seen"] == []
    assert ghost_card in state["discard"] or ghost_card in state["last_premiere"]["cards"]


def test_ghost_with_a_token_spends_it_when_it_has_no_star():
    state = restart(fresh(1), {3: 0, 4: 0})
    all_blank(state)
    state["ghosts"][0]["tokens"] = 1
    state["ghosts"][1]["tokens"] = 1
    set_dice(state, {"g1": True})
    state["tokens_center"] = 2
    cards = [g["card"] for g in state["ghosts"]]
    state = pass_round(state)
    assert state["ghosts"][0]["tokens"] == 0 and state["tokens_center"] == 3
    assert state["ghosts"][1]["tokens"] == 1  # had a star: keeps its token for later
    assert state["ghosts"][2]["card"] == cards[2]
    assert cards[0] not in [g["card"] for g in state["ghosts"]]


def test_director_may_give_a_ghost_a_token():
    state = restart(fresh(1), {3: 0, 4: 0})
    state, _ = act(state, 0, "job:3")
    assert {"give:g0", "give:g1", "give:g2", "give:p0"} == actions(state, 0)
    state, events = act(state, 0, "give:g2")
    assert state["ghosts"][2]["tokens"] == 1 and "ghost card 3" in public_texts(events)


def test_spend_a_turn_to_see_the_ghost_cards_privately():
    state = fresh(2)
    seat = state["turn"]["seat"]
    state, events = act(state, seat, "peek")
    private = [e for e in events if e.to == (seat,)]
    for ghost in state["ghosts"]:
        assert CX.cards[ghost["card"]].name in private[0].text
        assert not any(ghost["card"] in e.text for e in events if e.to is None)
    mine = GAME.view(state, seat)["you"]["ghost_cards"]
    assert len(mine) == 2
    assert GAME.view(state, 1 - seat)["you"]["ghost_cards"] == []
    assert state["turn"]["taken"] == 1


def test_ghost_dice_may_be_rerolled_by_players_and_the_gaffer():
    state = restart(fresh(3), {3: 0, 4: 0, 5: 1, 6: 1, 7: 2, 8: 2})
    assert "roll:g0" in actions(state, 0)
    state, _ = act(state, 0, "job:4")
    for _ in range(3):
        state, events = act(state, 0, "roll:g0")
    assert "ghost card 1's die three times" in public_texts(events)
    state, _ = act(state, 1, "roll:g0")
    assert "roll:g0" not in actions(state, 1)


def test_ghost_dice_are_rerolled_at_the_start_of_each_round():
    seen = set()
    for seed in range(8):
        state = restart(fresh(1, seed=seed), {3: 0, 4: 0})
        for ghost in state["ghosts"]:
            ghost["star"] = False
        state = pass_round(state)
        seen |= {g["star"] for g in state["ghosts"]}
    assert True in seen


def test_no_rising_star_with_one_to_three_players():
    for players in (1, 2, 3):
        for seed in range(5):
            assert "rising_star" not in fresh(players, seed=seed)["loyalty"]


def test_solo_player_is_a_patriot():
    assert fresh(1)["loyalty"] == ["patriot"]


def test_two_star_dice_mean_two_cards_three_players():
    state = restart(fresh(3), {1: 0, 3: 1, 4: 2, 5: 0, 6: 1, 9: 2})
    all_blank(state)
    set_dice(state, {"1a": True, "1b": True})
    state = pass_round(state)
    assert state["phase"] == "stars" and state["post"]["owed"] == {"1": 2}
    assert GAME.pending(state) == {1}
    hand = list(state["hands"][1])
    state, _ = act(state, 1, f"add:{hand[0]}")
    state, _ = act(state, 1, f"add:{hand[1]}")
    assert state["phase"] == "production" and len(state["last_premiere"]["cards"]) == 2
