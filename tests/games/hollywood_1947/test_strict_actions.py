"""Every action is read strictly: a malformed string is an IllegalMove and changes nothing.

For each kind of action, a state where it is offered (found by random legal play, or rigged);
then variants of the offered action (unicode and full-width digits, leading zeros, signs, a
5000-digit number, extra or missing fields, empty and long strings) go to ``game.apply`` on a
copy, which must refuse them all.
"""
import copy
import random

import pytest

from bot.engine import IllegalMove, play, rng_for

from .helpers import GAME, act, actions, fresh, restart

BAD_FIELDS = ("²", "１", "٣", "-1", "+1", "00", "01", "9" * 5000, "", " ", "x" * 100, "None")

#: (phase, verb) of every action the game can offer.
KINDS = {
    ("handpick", "deal"), ("handpick", "drop"), ("handpick", "keep"),
    ("production", "job"), ("production", "swap"), ("production", "roll"),
    ("production", "pass"), ("production", "peek"), ("production", "poster"),
    ("production", "pick"), ("production", "end"), ("production", "from"),
    ("production", "give"), ("production", "stop"), ("production", "reshoot"),
    ("production", "discard"), ("production", "compose"),
    ("stars", "add"), ("stars", "done"), ("tokens", "token"), ("tokens", "keep"),
    ("editor", "edit"),
}


def malformed(action):
    """Variants of ``action`` that are not it and must not be taken for it."""
    verb, *fields = action.split(":")
    out = {"", ":", " ", "x" * 100, "9" * 5000, action + ":", action + ":1", ":" + action,
           " " + action, action + " ", action + "\n", action.upper(), verb + "\x00"}
    for bad in BAD_FIELDS:
        out.add(f"{verb}:{bad}")
        for i, field in enumerate(fields):
            for variant in (bad, "0" + field, "+" + field, "-" + field, field.upper()):
                out.add(":".join([verb, *fields[:i], variant, *fields[i + 1:]]))
    if fields:
        out |= {verb, ":".join([verb, *fields[:-1]])}
    return out - {action}


def director_moving_a_token():
    state = restart(fresh(4), {3: 0, 4: 1, 5: 2, 6: 3})
    state["tokens_center"], state["tokens"] = 0, [0, 2, 2, 0]
    state, _ = act(state, 0, "job:3")
    return state


def tables():
    """{(phase, verb): (state, seat)}: the first state met that offers each kind."""
    found = {}
    rigged = director_moving_a_token()
    found[("production", "from")] = (rigged, 0)
    for players, options in ((2, {"handpick_jobs": True}), (5, {"union_strike": True})):
        for seed in range(3):
            state, rng = fresh(players, seed, **options), random.Random(seed)
            while GAME.result(state) is None and not KINDS <= set(found):
                seat = min(GAME.pending(state))
                offered = [choice.action for choice in GAME.legal(state, seat)]
                for action in offered:
                    found.setdefault((state["phase"], action.split(":")[0]), (state, seat))
                state, _ = play(GAME, state, seat, rng.choice(offered))
    return found


TABLES = tables()


def test_every_kind_of_action_is_covered():
    assert set(TABLES) == KINDS


@pytest.mark.parametrize("kind", sorted(KINDS), ids="-".join)
def test_malformed_actions_are_illegal_moves_and_change_nothing(kind):
    state, seat = TABLES[kind]
    offered = actions(state, seat)
    for action in sorted(a for a in offered if a.split(":")[0] == kind[1])[:3]:
        for bad in sorted(malformed(action) - offered):
            copied = copy.deepcopy(state)
            with pytest.raises(IllegalMove):
                GAME.apply(copied, seat, bad, rng_for(1, 1))
            assert copied == state, bad


def test_a_superscript_job_number_is_refused_not_a_crash():
    state = fresh(4)
    seat = state["turn"]["seat"]
    for bad in ("job:²", "job:１", "job:01", "job:+1", "job:" + "9" * 5000):
        with pytest.raises(IllegalMove):
            GAME.apply(copy.deepcopy(state), seat, bad, rng_for(1, 1))
