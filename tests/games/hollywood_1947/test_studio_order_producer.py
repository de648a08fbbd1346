"""Studio Order and the Producer: a job's number calls one turn, and no job is performed twice.

The reported bug: a Producer who swapped their own card for a player's later job and performed
it was called again when that job's number came up, with the job on offer a second time.
"""
import pytest

from bot.engine import IllegalMove

from .helpers import act, actions, fresh, restart


def studio_table():
    """Seat 0 Screenwriter, 1 Producer, 2 Director, 3 Gaffer, 4 Editor; seat 0 has passed."""
    state = restart(fresh(5, studio_order=True), {1: 0, 2: 1, 3: 2, 4: 3, 9: 4})
    state, _ = act(state, 0, "pass")
    return state


def rest_of_round(state):
    """Pass out production; return the seats that played and every action they were offered."""
    movie, seats, offered = state["round"], [], set()
    while state["phase"] == "production" and state["round"] == movie:
        seat = state["turn"]["seat"]
        seats.append(seat)
        offered |= actions(state, seat)
        state, _ = act(state, seat, "pass")
    return seats, offered


def test_producer_who_performs_a_later_players_job_gets_no_second_turn_at_its_number():
    state = studio_table()
    for action in ("job:2", "pick:2", "pick:4", "job:4", "roll:0", "roll:0", "roll:0"):
        state, _ = act(state, 1, action)
    assert state["jobs"]["4"] == 1 and 4 in state["performed"]
    seats, _ = rest_of_round(state)
    assert seats == [2, 4]  # Director, then Editor: number 4 was the Producer's swap


def test_producer_who_performs_the_directors_job_is_never_offered_it_again():
    state = studio_table()
    for action in ("job:2", "pick:2", "pick:3", "job:3", "give:p1"):
        state, _ = act(state, 1, action)
    assert state["turn"]["seat"] == 3  # the Gaffer: number 3 already had its turn
    with pytest.raises(IllegalMove):
        act(state, 3, "job:3")
    seats, offered = rest_of_round(state)
    assert 1 not in seats and "job:3" not in offered
    assert state["tokens"][1] == 1 and state["tokens_center"] == 3


def test_producer_who_takes_the_screenwriters_card_is_not_offered_the_screenwriter():
    state = studio_table()  # the Screenwriter passed, so the top poster was revealed
    poster = state["poster"]
    state, _ = act(state, 1, "job:2")
    state, _ = act(state, 1, "pick:1")
    state, events = act(state, 1, "pick:2")
    assert state["jobs"]["1"] == 1 and state["step"] is None
    assert "cannot be performed" in "\n".join(e.text for e in events)
    assert state["poster"] == poster
    seats, offered = rest_of_round(state)
    assert seats == [2, 3, 4] and "job:1" not in offered


def test_producer_who_takes_the_written_screenwriter_card_ends_the_turn():
    state = restart(fresh(5, studio_order=True), {1: 0, 2: 1, 3: 2, 4: 3, 9: 4})
    state, _ = act(state, 0, "job:1")
    state, _ = act(state, 0, f"poster:{state['step']['drawn'][0]}")
    for action in ("job:2", "pick:1", "pick:2"):
        state, _ = act(state, 1, action)
    assert state["turn"]["seat"] == 2 and "job:1" not in actions(state, 1)


def test_producer_who_declines_the_later_job_has_spent_its_turn():
    state = studio_table()
    for action in ("job:2", "pick:2", "pick:4"):
        state, _ = act(state, 1, action)
    state, events = act(state, 1, "end")
    assert "will not be called this round" in events[0].text
    assert 4 not in state["performed"]
    seats, offered = rest_of_round(state)
    assert seats == [2, 4] and "job:4" not in offered


def test_center_swap_to_a_later_job_still_gives_that_turn():
    # The sheet: a player who swaps for a later number from the center performs it at that number.
    state = restart(fresh(5, studio_order=True), {1: 0, 2: 1, 3: 2, 4: 3, 9: 4})
    state, _ = act(state, 0, "swap:1:7")
    state, _ = act(state, 1, "pass")
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 3, "pass")
    assert state["turn"]["seat"] == 0 and "job:7" in actions(state, 0)


def test_swapped_player_with_a_later_number_gets_no_turn():
    state = studio_table()
    for action in ("job:2", "pick:9", "pick:2", "job:9"):
        state, _ = act(state, 1, action)
    seats, _ = rest_of_round(state)
    assert seats == [2, 3]  # seat 4 now holds the spent Producer; number 9 was the Producer's
