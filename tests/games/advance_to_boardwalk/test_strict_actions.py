"""Every action is read strictly: a malformed string is an IllegalMove and changes nothing.

For each kind of action, a state where it is offered; then variants of the offered action
(unicode and full-width digits, leading zeros, signs, a 5000-digit number, extra or missing
fields, empty and long strings) go to ``game.apply`` on a copy, which must refuse them all.
"""

import copy

import pytest

from bot.engine import IllegalMove, rng_for

from .helpers import act, actions, fresh, game, give, put, roll

BAD_FIELDS = ("²", "１", "٣", "-1", "+1", "00", "01", "9" * 5000, "", " ", "x" * 100, "None")


def malformed(action):
    """Variants of ``action`` that are not it and must not be taken for it."""
    verb, colon, field = action.partition(":")
    out = {
        "",
        ":",
        " ",
        "x" * 100,
        "9" * 5000,
        action + ":",
        action + ":1",
        ":" + action,
        " " + action,
        action + " ",
        action + "\n",
        action.upper(),
        verb + "\x00",
    }
    if colon:
        out |= {
            verb,
            verb + ":",
            f"{verb}:{field}:{field}",
            f"{verb}:0{field}",
            f"{verb}:+{field}",
            f"{verb}:-{field}",
            f"{verb}:{field.upper()}",
        }
    out |= {f"{verb}:{bad}" for bad in BAD_FIELDS}
    return out - {action}


def wild_with_boom():
    state = fresh()
    give(state, 0, "boom")
    roll(state, 0, [6, 6], "W")
    return state


def building():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [6, 6], "red")
    act(state, 0, "build:taffy-stand")
    return state


def f_roll():
    state = fresh()
    give(state, 0, "second-chance")
    roll(state, 0, [5, 5], "F")
    return state


def end_of_turn():
    state = fresh(3)
    put(state, "garden-pier", [1, 2])
    put(state, "shelburne", [0])
    give(state, 0, "condemned", "relocation", "hurricane")
    state["turn"], state["phase"], state["build"], state["play"] = 0, "fortune", None, None
    return state


def playing(card, *steps):
    state = end_of_turn()
    (card_id,) = [a for a in actions(state, 0) if a.startswith(f"card:{card}")]
    act(state, 0, card_id)
    for step in steps:
        act(state, 0, step)
    return state


TABLES = {
    "after-roll card, zone": wild_with_boom,
    "build, done": building,
    "F: card, draw": f_roll,
    "end-of-turn card, end": end_of_turn,
    "at, back": lambda: playing("condemned"),
    "who": lambda: playing("condemned", "at:garden-pier"),
    "to": lambda: playing("relocation", "at:shelburne"),
    "zone target": lambda: playing("hurricane"),
}


@pytest.mark.parametrize("table", TABLES)
def test_malformed_actions_are_illegal_moves_and_change_nothing(table):
    state = TABLES[table]()
    seat = state["turn"]
    offered = actions(state, seat)
    assert offered
    for action in offered:
        for bad in malformed(action) - set(offered):
            copied = copy.deepcopy(state)
            with pytest.raises(IllegalMove):
                game().apply(copied, seat, bad, rng_for(1, 1))
            assert copied == state, bad


def test_every_kind_of_action_is_covered():
    offered = {a.partition(":")[0] for make in TABLES.values() for a in actions(make(), 0)}
    assert offered == {"card", "zone", "build", "done", "draw", "end", "at", "who", "to", "back"}


def test_a_seat_is_read_in_ascii_digits_only():
    state = playing("condemned", "at:garden-pier")
    assert "who:1" in actions(state, 0)
    for bad in ("who:１", "who:01", "who:+1", "who: 1", "who:1\n", "who:¹"):
        with pytest.raises(IllegalMove):
            game().apply(copy.deepcopy(state), 0, bad, rng_for(1, 1))
