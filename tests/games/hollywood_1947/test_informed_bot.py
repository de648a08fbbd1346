"""The strong bot's prior: dice and tokens weighed by what the seat knows of loyalties."""
import random

from bot.engine import SeatKnowledge
from bot.games.hollywood_1947.knowledge import prior

from .helpers import GAME, act, card_ids, fresh, give_hand, restart, set_dice

BOT = prior(GAME)


def decide(state, seat):
    return BOT.decide(SeatKnowledge(seat, state, tuple(GAME.legal(state, seat))), random.Random(3))


def producer_first(loyalty):
    """Seat 0 moves first holding the Producer (a job this bot does not spend a turn on)."""
    state = restart(fresh(5), {2: 0, 3: 1, 4: 2, 5: 3, 6: 4})
    state["loyalty"] = loyalty
    return state


def test_a_communist_rerolls_a_patriots_star_and_keeps_its_comrades():
    state = producer_first(["communist", "communist", "patriot", "patriot", "patriot"])
    give_hand(state, 0, card_ids("reddawn")[:3])
    set_dice(state, {"0": True, "1": True, "2": False, "3": True, "4": False})
    assert decide(state, 0) == "roll:3"
    state, _ = act(state, 0, "roll:3")
    assert decide(state, 0) == "stop"  # no other patriot shows a star


def test_a_patriot_rerolls_its_own_blank_die_and_leaves_others_it_cannot_judge():
    state = producer_first(["patriot", "communist", "patriot", "communist", "patriot"])
    give_hand(state, 0, [card_ids("anthem")[0], *card_ids("reddawn")[:2]])
    set_dice(state, {"0": False, "1": True, "2": True, "3": True, "4": True})
    assert decide(state, 0) == "roll:0"
    state, _ = act(state, 0, "roll:0")
    assert decide(state, 0) == "stop"


def test_with_nothing_to_gain_it_performs_its_job_rather_than_undo_its_stars():
    state = producer_first(["patriot", "communist", "patriot", "communist", "patriot"])
    give_hand(state, 0, card_ids("parade")[:3])
    set_dice(state, {"0": True, "1": True, "2": True, "3": True, "4": True})
    assert decide(state, 0) == "job:2"


def test_a_star_that_must_add_a_card_against_its_side_is_rerolled():
    state = producer_first(["patriot", "communist", "patriot", "communist", "patriot"])
    give_hand(state, 0, card_ids("reddawn")[:2] + card_ids("breadline")[:1])
    set_dice(state, {"0": True, "1": True, "2": True, "3": True, "4": True})
    assert decide(state, 0) == "roll:0"
