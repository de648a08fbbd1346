"""The strong bot's prior: turns, dice, tokens and swaps weighed by what the seat knows (or
reads, ``suspicion``) of loyalties."""
import random

from bot.engine import SeatKnowledge
from bot.games.hollywood_1947.knowledge import prior

from .helpers import GAME, act, card_ids, fresh, give_hand, restart, set_dice

BOT = prior(GAME)
CINEMATOGRAPHER, PRODUCER, DIRECTOR, GAFFER, COMPOSER = 5, 2, 3, 4, 8


def decide(state, seat):
    return BOT.decide(SeatKnowledge(seat, state, tuple(GAME.legal(state, seat))), random.Random(3))


def first_with(job, loyalty, others=(6, 7, 8, 9)):
    """Seat 0 moves first holding ``job``; seats 1–4 hold ``others``."""
    state = restart(fresh(5), {job: 0, **{j: s for s, j in enumerate(others, start=1)}})
    state["loyalty"] = loyalty
    assert state["turn"]["seat"] == 0
    return state


def cinematographer_first(loyalty):
    """Seat 0 holds the Cinematographer, a job this bot spends a turn on only when nothing
    gains more; no job worth a Producer's taking is in play."""
    return first_with(CINEMATOGRAPHER, loyalty)


COMRADES = ["communist", "communist", "patriot", "patriot", "patriot"]
PATRIOT = ["patriot", "communist", "patriot", "communist", "patriot"]


def test_a_communist_rerolls_a_patriots_star_and_keeps_its_comrades():
    state = cinematographer_first(COMRADES)
    give_hand(state, 0, card_ids("reddawn")[:3])
    set_dice(state, {"0": True, "1": True, "2": False, "3": True, "4": False})
    assert decide(state, 0) == "roll:3"
    state, _ = act(state, 0, "roll:3")
    assert decide(state, 0) == "stop"  # no other patriot shows a star


def test_a_patriot_rerolls_its_own_blank_die_and_leaves_others_it_cannot_judge():
    state = cinematographer_first(PATRIOT)
    give_hand(state, 0, [card_ids("anthem")[0], *card_ids("reddawn")[:2]])
    set_dice(state, {"0": False, "1": True, "2": True, "3": True, "4": True})
    assert decide(state, 0) == "roll:0"
    state, _ = act(state, 0, "roll:0")
    assert decide(state, 0) == "stop"


def test_with_nothing_to_gain_it_performs_its_job_rather_than_undo_its_stars():
    state = cinematographer_first(PATRIOT)
    give_hand(state, 0, card_ids("parade")[:3])
    set_dice(state, {"0": True, "1": True, "2": True, "3": True, "4": True})
    assert decide(state, 0) == f"job:{CINEMATOGRAPHER}"


def test_a_star_that_must_add_a_card_against_its_side_is_rerolled():
    state = cinematographer_first(PATRIOT)
    give_hand(state, 0, card_ids("reddawn")[:2] + card_ids("breadline")[:1])
    set_dice(state, {"0": True, "1": True, "2": True, "3": True, "4": True})
    assert decide(state, 0) == "roll:0"


def test_two_rivals_stars_are_worth_more_than_the_directors_token():
    state = first_with(DIRECTOR, COMRADES)
    give_hand(state, 0, card_ids("reddawn")[:3])
    set_dice(state, {"0": True, "1": True, "2": True, "3": True, "4": False})
    assert decide(state, 0) in ("roll:2", "roll:3")
    set_dice(state, {"3": False})  # one rival star is not
    assert decide(state, 0) == f"job:{DIRECTOR}"


def test_the_gaffer_does_more_than_two_rerolls():
    state = first_with(GAFFER, COMRADES)
    give_hand(state, 0, card_ids("reddawn")[:3])
    set_dice(state, {"0": True, "1": True, "2": True, "3": True, "4": True})
    assert decide(state, 0) == f"job:{GAFFER}"


def test_a_producer_takes_a_rivals_composer_and_composes_at_once():
    state = first_with(PRODUCER, COMRADES, others=(5, COMPOSER, 6, 7))  # seat 2 is a patriot
    set_dice(state, {"0": True, "1": True, "2": False, "3": False, "4": False})
    assert decide(state, 0) == f"job:{PRODUCER}"
    state, _ = act(state, 0, f"job:{PRODUCER}")
    assert decide(state, 0) == f"pick:{PRODUCER}"
    state, _ = act(state, 0, f"pick:{PRODUCER}")
    assert decide(state, 0) == f"pick:{COMPOSER}"
    state, _ = act(state, 0, f"pick:{COMPOSER}")
    assert decide(state, 0) == f"job:{COMPOSER}"


def test_a_producer_leaves_a_comrades_job_alone():
    state = first_with(PRODUCER, COMRADES, others=(COMPOSER, 5, 6, 7))  # seat 1 is a comrade
    assert BOT._producer_plan(state, 0) is None


def test_the_cinematographer_reshoots_a_rivals_hand():
    state = cinematographer_first(COMRADES)
    give_hand(state, 0, card_ids("reddawn")[:3])
    set_dice(state, {"0": True, "1": True, "2": False, "3": False, "4": False})
    state, _ = act(state, 0, f"job:{CINEMATOGRAPHER}")
    assert decide(state, 0) in ("reshoot:2", "reshoot:3", "reshoot:4")


def test_a_patriot_reshoots_its_own_hand_when_it_holds_only_the_other_sides_cards():
    state = cinematographer_first(PATRIOT)
    give_hand(state, 0, card_ids("reddawn")[:3])
    state, _ = act(state, 0, f"job:{CINEMATOGRAPHER}")
    assert decide(state, 0) == "reshoot:0"


def test_a_patriot_rerolls_the_star_of_a_seat_the_movies_give_away():
    state = cinematographer_first(PATRIOT)
    give_hand(state, 0, card_ids("parade")[:3])
    red, chorus = card_ids("reddawn"), card_ids("chorus")
    state["films"] = [
        {"round": 0, "poster": "comedy", "patriot": 0, "communist": 2, "winner": "communist",
         "making": {"added": {"3": 1}, "ghosts": 0, "deck": True, "composer": None,
                    "editor": None, "edit": None, "cards": [red[k], chorus[k]]}}
        for k in range(3)]
    set_dice(state, {"0": True, "1": False, "2": False, "3": True, "4": False})
    assert decide(state, 0) == "roll:3"
