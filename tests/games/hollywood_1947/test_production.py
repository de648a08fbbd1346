"""Production: turn order, the three options and pass, and every job's effect."""
import pytest

from bot.engine import IllegalMove

from .helpers import (
    CX,
    GAME,
    act,
    actions,
    all_blank,
    card_ids,
    fresh,
    pass_round,
    public_texts,
    restart,
    stack_deck,
    texts,
)


def turn_seats(state):
    seen = []
    while state["phase"] == "production":
        seat = state["turn"]["seat"]
        seen.append(seat)
        state, _ = act(state, seat, "pass")
    return seen


# ------------------------------------------------------------ turn order

def test_turns_start_with_the_lowest_job_and_go_clockwise():
    state = restart(fresh(5), {1: 3, 2: 0, 3: 4, 4: 1, 5: 2})
    assert turn_seats(state) == [3, 4, 0, 1, 2]


def test_turns_start_with_the_lowest_job_held_by_a_player():
    state = restart(fresh(4), {3: 2, 5: 0, 8: 1, 9: 3})  # 1 and 2 are in the center
    assert turn_seats(state) == [2, 3, 0, 1]


def test_each_player_takes_one_turn_a_round():
    state = fresh(7, seed=3)
    seats = turn_seats(state)
    assert sorted(seats) == list(range(7))


# ------------------------------------------------------- reroll two dice

def test_reroll_up_to_two_different_dice_own_allowed():
    state = restart(fresh(4), {1: 0, 3: 1, 4: 2, 5: 3})
    state, _ = act(state, 0, "pass")  # screenwriter's turn; poster revealed
    state, events = act(state, 1, "roll:1")  # own die
    assert "roll:1" not in actions(state, 1)  # never the same die twice
    with pytest.raises(IllegalMove, match="not the same one"):
        act(state, 1, "roll:1")
    assert {"roll:0", "roll:2", "roll:3", "stop"} <= actions(state, 1)
    state, events = act(state, 1, "roll:3")
    assert state["turn"]["seat"] == 2 and "rerolled {p3}'s die" in texts(events)


def test_reroll_may_stop_after_one_die():
    state = restart(fresh(4), {1: 0, 3: 1, 4: 2, 5: 3})
    state, _ = act(state, 0, "roll:2")
    state, _ = act(state, 0, "stop")
    assert state["turn"]["seat"] == 1


def test_rerolled_die_shows_the_new_face():
    faces = set()
    for seed in range(12):
        state = restart(fresh(4, seed=seed), {1: 0, 3: 1, 4: 2, 5: 3})
        state, _ = act(state, 0, "roll:0")
        faces.add(state["dice"][0]["star"])
    assert faces == {True, False}


# ------------------------------------------------------- swap with center

def test_swap_job_with_the_center_costs_the_turn():
    state = restart(fresh(4), {1: 0, 3: 1, 4: 2, 5: 3})
    state, _ = act(state, 0, "pass")
    assert "swap:3:8" in actions(state, 1)
    state, events = act(state, 1, "swap:3:8")
    assert state["jobs"]["8"] == 1 and state["jobs"]["3"] is None
    assert state["turn"]["seat"] == 2  # the new job waits for the next round
    assert "8" in public_texts(events)


def test_a_job_from_the_center_handed_on_by_the_producer_works_for_its_new_holder():
    # The wait binds the player who swapped; the Producer's rule lets a player yet to play
    # perform a job they are given.
    state = restart(fresh(5), {1: 0, 2: 1, 4: 2, 8: 3, 9: 4})
    state, _ = act(state, 0, "swap:1:3")  # seat 0 takes the Director from the center
    for action in ("job:2", "pick:3", "pick:8"):  # the Producer hands it to seat 3
        state, _ = act(state, 1, action)
    state, _ = act(state, 2, "pass")
    assert state["turn"]["seat"] == 3 and "job:3" in actions(state, 3)


def test_no_swap_with_the_center_in_a_nine_player_game():
    state = fresh(9)
    seat = state["turn"]["seat"]
    assert not any(a.startswith("swap:") for a in actions(state, seat))
    with pytest.raises(IllegalMove, match="9-player"):
        act(state, seat, "swap:1:2")


def test_a_job_in_the_center_is_not_performed():
    state = restart(fresh(4), {1: 0, 3: 1, 4: 2, 5: 3})  # Composer (8) in the center
    while state["phase"] == "production":
        seat = state["turn"]["seat"]
        assert "job:8" not in actions(state, seat)
        with pytest.raises(IllegalMove, match="not the Composer"):
            act(state, seat, "job:8")
        state, _ = act(state, seat, "pass")


# ------------------------------------------------------------ Screenwriter

def test_screenwriter_draws_two_reveals_one_and_removes_the_other_face_down():
    state = restart(fresh(4), {1: 0, 3: 1, 4: 2, 5: 3})
    top_two = state["posters"][:2]
    state, events = act(state, 0, "job:1")
    private = [e for e in events if e.to == (0,)]
    assert private and all(CX.posters[p].name in private[0].text for p in top_two)
    assert all(c.private for c in GAME.legal(state, 0))  # labels name both posters
    keep, drop = top_two
    state, events = act(state, 0, f"poster:{keep}")
    assert state["poster"] == keep and drop in state["posters_out"]
    assert CX.posters[drop].name not in public_texts(events)
    assert CX.posters[keep].name in public_texts(events)
    assert GAME.view(state, 0)["you"]["rejected_poster_symbol"] == CX.posters[drop].symbol
    assert "rejected_poster_symbol" not in GAME.view(state, 1)["you"]


def test_without_the_screenwriter_writing_the_top_poster_is_revealed():
    state = restart(fresh(4), {1: 0, 3: 1, 4: 2, 5: 3})
    top = state["posters"][0]
    state, events = act(state, 0, "pass")
    assert state["poster"] == top and "revealed from the top" in texts(events)
    state = restart(fresh(4), {3: 1, 4: 2, 5: 3, 6: 0})  # nobody holds the Screenwriter
    assert state["poster"] is not None


def test_screenwriter_only_on_the_first_turn_of_a_round():
    # Studio Order, where a job from the center may be performed in the same round: even
    # then, a Screenwriter taken mid-round does not write.
    state = restart(fresh(2, studio_order=True), {1: None, 3: 0, 4: 0, 5: 1, 6: 1})
    assert state["poster"] is not None  # revealed at the start: Screenwriter in the center
    state, _ = act(state, 0, "swap:3:1")  # takes the Screenwriter mid-round
    assert state["turn"]["seat"] == 0  # number 4 is seat 0's too
    assert "job:1" not in actions(state, 0)
    with pytest.raises(IllegalMove, match="first turn"):
        act(state, 0, "job:1")


# ---------------------------------------------------------------- Producer

def producer_table():
    # seat 0 Screenwriter, 1 Producer, 2 Gaffer, 3 Composer, 4 Editor; Director etc. in center
    state = restart(fresh(5), {1: 0, 2: 1, 4: 2, 8: 3, 9: 4})
    state, _ = act(state, 0, "pass")
    return state


def test_producer_swapping_own_card_with_a_player_performs_the_new_job_now():
    state = producer_table()
    state, _ = act(state, 1, "job:2")
    state, _ = act(state, 1, "pick:2")
    state, _ = act(state, 1, "pick:4")
    assert state["jobs"]["4"] == 1 and state["jobs"]["2"] == 2
    assert actions(state, 1) == {"job:4", "end"}
    state, _ = act(state, 1, "job:4")
    assert state["step"]["kind"] == "gaffer"
    for _ in range(3):
        state, _ = act(state, 1, "roll:0")
    assert state["turn"]["seat"] == 2
    assert "job:2" not in actions(state, 2)  # the Producer job was performed this round
    assert {a.split(":")[0] for a in actions(state, 2)} == {"swap", "roll", "pass"}


def test_producer_may_decline_the_new_job():
    state = producer_table()
    for action in ("job:2", "pick:8", "pick:2", "end"):
        state, _ = act(state, 1, action)
    assert state["jobs"]["8"] == 1 and "8" not in [str(j) for j in state["performed"]]
    assert state["turn"]["seat"] == 2


def test_producer_receiving_an_already_performed_job_ends_the_turn():
    state = restart(fresh(5), {1: 0, 2: 3, 4: 1, 8: 2, 9: 4})  # Producer sits after the Gaffer
    state, _ = act(state, 0, "pass")
    for action in ("job:4", "roll:1", "roll:1", "roll:1"):
        state, _ = act(state, 1, action)
    assert state["turn"]["seat"] == 2
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 3, "job:2")
    state, _ = act(state, 3, "pick:2")
    state, events = act(state, 3, "pick:4")
    assert "cannot be performed again" in texts(events)
    assert state["turn"]["seat"] == 4


def test_producer_swapping_own_card_with_the_center_does_not_perform():
    state = producer_table()
    state, _ = act(state, 1, "job:2")
    state, _ = act(state, 1, "pick:2")
    state, _ = act(state, 1, "pick:3")  # the Director, from the center
    assert state["jobs"]["3"] == 1 and state["jobs"]["2"] is None
    assert state["turn"]["seat"] == 2 and 3 not in state["performed"]


def test_producer_swapping_two_other_players_gives_them_the_new_jobs():
    state = producer_table()
    state, _ = act(state, 1, "job:2")
    state, _ = act(state, 1, "pick:4")
    state, _ = act(state, 1, "pick:8")
    assert state["jobs"]["4"] == 3 and state["jobs"]["8"] == 2
    assert state["turn"]["seat"] == 2
    assert "job:8" in actions(state, 2)  # a swapped player who has not played uses the new job


def test_producer_can_take_the_screenwriter_but_not_write_mid_round():
    state = producer_table()
    state, _ = act(state, 1, "job:2")
    state, _ = act(state, 1, "pick:1")
    state, _events = act(state, 1, "pick:2")
    assert state["jobs"]["1"] == 1 and state["turn"]["seat"] == 2


# ---------------------------------------------------------------- Director

def director_round(state, giver, target):
    """Pass to the Director, give a token to `target`, pass out the round and post."""
    while state["turn"]["seat"] != giver:
        state, _ = act(state, state["turn"]["seat"], "pass")
    state, _ = act(state, giver, "job:3")
    state, _ = act(state, giver, f"give:{target}")
    return finish_round(pass_round(state))


def finish_round(state):
    all_blank(state)
    while state["phase"] not in ("production", "over"):
        seat = min(GAME.pending(state))
        options = sorted(actions(state, seat))
        choice = "keep" if "keep" in options else "edit:return" if "edit:return" in options \
            else options[0]
        state, _ = act(state, seat, choice)
    return state


def test_director_gives_any_player_a_token_including_themself():
    state = restart(fresh(4), {1: 0, 3: 1, 4: 2, 5: 3})
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "job:3")
    assert {"give:p0", "give:p1", "give:p2", "give:p3"} == actions(state, 1)
    state, events = act(state, 1, "give:p1")
    assert state["tokens"][1] == 1 and state["tokens_center"] == 3
    assert "gave a token to {p1}" in texts(events)


def test_nobody_receives_a_token_two_rounds_running():
    state = restart(fresh(4), {1: 0, 3: 1, 4: 2, 5: 3})
    state = director_round(state, 1, "p1")
    state = restart(state, {1: 0, 3: 1, 4: 2, 5: 3})
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "job:3")
    assert "give:p1" not in actions(state, 1)  # not even the Director to themself
    with pytest.raises(IllegalMove, match="two rounds running"):
        act(state, 1, "give:p1")
    state, _ = act(state, 1, "give:p2")
    state = finish_round(pass_round(state))
    state = restart(state, {1: 0, 3: 1, 4: 2, 5: 3})
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "job:3")
    assert "give:p1" in actions(state, 1) and "give:p2" not in actions(state, 1)


def test_director_moves_a_token_when_all_four_are_out():
    state = restart(fresh(5), {1: 0, 3: 1, 4: 2, 5: 3, 6: 4})
    state["tokens"] = [2, 0, 1, 1, 0]
    state["tokens_center"] = 0
    state["token_round"] = [-1, -1, -1, -1, state["round"] - 1]  # seat 4 got one last round
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "job:3")
    assert actions(state, 1) == {"from:p0", "from:p2", "from:p3"}
    state, _ = act(state, 1, "from:p0")
    assert "give:p0" not in actions(state, 1) and "give:p4" not in actions(state, 1)
    state, events = act(state, 1, "give:p1")
    assert state["tokens"] == [1, 1, 1, 1, 0] and state["tokens_center"] == 0
    assert "moved a token from {p0} to {p1}" in texts(events)


# ------------------------------------------------------------------ Gaffer

def test_gaffer_rerolls_three_times_and_may_repeat_a_die():
    state = restart(fresh(4), {1: 0, 4: 1, 3: 2, 5: 3})
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "job:4")
    for _ in range(3):
        assert "roll:3" in actions(state, 1)
        state, events = act(state, 1, "roll:3")
    assert "rerolled {p3}'s die three times" in texts(events)
    assert state["turn"]["seat"] == 2


def test_gaffer_tally_names_each_die():
    state = restart(fresh(4), {1: 0, 4: 1, 3: 2, 5: 3})
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "job:4")
    state, _ = act(state, 1, "roll:0")
    state, _ = act(state, 1, "roll:3")
    state, events = act(state, 1, "roll:0")
    assert "rerolled {p0}'s die twice and {p3}'s die once" in texts(events)


# ---------------------------------------------------- jobs 5 to 9 (ours)

def test_cinematographer_makes_a_player_discard_their_hand_and_draw_three():
    state = restart(fresh(4), {1: 0, 5: 1, 3: 2, 4: 3})
    state, _ = act(state, 0, "pass")
    old = list(state["hands"][3])
    state, _ = act(state, 1, "job:5")
    state, events = act(state, 1, "reshoot:3")
    assert len(state["hands"][3]) == 3 and not set(old) & set(state["hands"][3])
    assert set(old) <= set(state["discard"])
    assert [e.to for e in events if e.to] == [(3,)]


@pytest.mark.parametrize("job", [6, 7])
def test_actress_and_actor_draw_two_then_discard_two_even_the_new_ones(job):
    state = restart(fresh(4), {1: 0, job: 1, 3: 2, 4: 3})
    state, _ = act(state, 0, "pass")
    old = list(state["hands"][1])
    top = state["deck"][:2]
    state, _events = act(state, 1, f"job:{job}")
    assert len(state["hands"][1]) == 5
    assert all(c.private for c in GAME.legal(state, 1))
    state, _ = act(state, 1, f"discard:{top[0]}")
    state, _events = act(state, 1, f"discard:{top[1]}")
    assert sorted(state["hands"][1]) == sorted(old)
    assert set(top) <= set(state["discard"])
    assert state["turn"]["seat"] == 2


def test_composer_adds_one_of_two_cards_and_skips_the_deck_card():
    state = restart(fresh(4), {1: 0, 8: 1, 3: 2, 4: 3})
    chorus, parade = card_ids("chorus")[0], card_ids("parade")[0]
    stack_deck(state, [chorus, parade])
    state, _ = act(state, 0, "pass")
    state, events = act(state, 1, "job:8")
    assert {"compose:" + chorus, "compose:" + parade} == actions(state, 1)
    assert chorus not in public_texts(events) and "Workers" not in public_texts(events)
    state, events = act(state, 1, f"compose:{parade}")
    assert state["movie"] == [parade] and chorus in state["discard"]
    assert state["composer_added"] and "Hometown" not in public_texts(events)
    all_blank(state)
    state = pass_round(state)
    # nobody has a star and no tokens: only the Composer's card, none from the deck
    assert state["phase"] == "production" and state["last_premiere"]["cards"] == []


def test_editor_declares_and_the_table_sees_it():
    state = restart(fresh(4), {1: 0, 9: 1, 3: 2, 4: 3})
    state, _ = act(state, 0, "pass")
    state, events = act(state, 1, "job:9")
    assert state["editor"] == 1 and GAME.view(state, None)["editor"] == 1
    assert "will edit" in public_texts(events)
    assert state["turn"]["seat"] == 2


def test_a_job_is_performed_at_most_once_a_round():
    state = restart(fresh(2), {3: 0, 4: 0, 5: 1, 6: 1, 1: None})
    state, _ = act(state, 0, "job:4")
    for _ in range(3):
        state, _ = act(state, 0, "roll:0a")
    state, _ = act(state, 1, "pass")
    assert "job:4" not in actions(state, 0) and "job:3" in actions(state, 0)
    with pytest.raises(IllegalMove, match="already been performed"):
        act(state, 0, "job:4")
