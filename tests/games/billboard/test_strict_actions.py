"""Every action is read in its one canonical form: anything else — another spelling of a
number, a sign, a missing or extra field, a set in another order, any odd string — is an
IllegalMove that leaves the state as it was. The engine also refuses moves legal() did not
offer; this is the game's own second line of defence."""
from __future__ import annotations

import copy
from functools import cache

import pytest

from bot.engine import offered

from .helpers import GAME, act, actions, board, drive, fill, new, refused

FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
ODD_NUMBERS = ["²", "１", "٣", "٠", "½", "Ⅳ", "01", "00", "+1", "-1", "-3", "40", "9" * 5000,
               "1.0", "1_0", " 1", "1 ", "0x1", "1e1"]
ODD_WORDS = ["", " ", "x" * 100, "\u200b", "None", "null", "*", "../", "Sm", "SM", "kz-3a,kz-3a"]


def malformed(action: str) -> set[str]:
    """Near misses of ``action``: every field replaced by odd strings, fields added or
    dropped, case and spacing changed, lists reordered or doubled."""
    head, *rest = action.split(":")
    odd = {"", " ", ":", "x" * 100, "9" * 5000, action.upper(), action.title(), f" {action}",
           f"{action} ", f"{action}\n", f"{action}:", f"{action}:1", f"{action}:x", f":{action}",
           action.replace(":", "::"), action.replace(":", "："), (action + "x" * 100)[:100],
           f"{head}:", f"{action},", action.replace("-", "_")}
    if rest:
        odd.add(":".join([head, *rest[:-1]]))
    for index, field in enumerate(rest):
        spellings = [*ODD_NUMBERS, *ODD_WORDS, field.upper(), f"{field} ", f"\u200b{field}",
                     f"{field}\x00", f"{field},{field}", ",".join(reversed(field.split(",")))]
        if field.isascii() and field.isdigit():
            spellings += [f"0{field}", f"+{field}", f"-{field}", f"{field}.0",
                          field.translate(FULL_WIDTH), field.translate(SUPERSCRIPT)]
        for spelling in spellings:
            odd.add(":".join([head, *rest[:index], spelling, *rest[index + 1:]]))
    return odd - {action}


@cache
def drafting() -> dict:
    state = new(3, seed=2)
    for _ in range(3):
        state = act(state, state["turn"], "draft:kz:1" if "draft:kz:1" in actions(state, state["turn"])
                    else "draft:kz:2")[0]
    return state


@cache
def turn() -> dict:
    state = board(holdings={0: ["sm-6a", "sm-6b", "kz-3a"], 1: ["kz-3b", "kr-3a"]}, cash=40)
    state["prices"] = [2, 3, 4, 5, 6, 9]
    return state


@cache
def selling() -> dict:
    return drive(turn(), 0, ["sell", "sell:sm:6"])[0]


@cache
def buying() -> dict:
    return drive(turn(), 0, ["buy", "buy:kz:1"])[0]


@cache
def offering() -> dict:
    state = act(turn(), 0, "ad:apress")[0]
    assert state["auction"]["asking"] == 1
    return state


@cache
def assigning() -> dict:
    state = copy.deepcopy(turn())  # turn() is shared by the other states: never change it
    state["phase"], state["assign_queue"] = "assign", [0, 1, 2]
    return state


@cache
def assigning_to_grey() -> dict:
    return act(assigning(), 0, "assign:grey")[0]


OFFERED = [
    (drafting, "draft:sm:3"), (drafting, "pass"),
    (turn, "sell"), (turn, "buy"), (turn, "ad:apress"), (turn, "partner:smok:2"), (turn, "end"),
    (turn, "company:pink:17"),
    (selling, "sell:sm:6:2"), (selling, "sell:sm:6:1"), (selling, "sell:sm:6:1:8"), (selling, "back"),
    (buying, "buy:kz:1:1"), (buying, "buy:kz:1:2"), (buying, "buy:kz:1:1:7"),
    (offering, "offer:kz-3b,kr-3a"), (offering, "pass"),
    (assigning, "assign:grey"), (assigning_to_grey, "assign:grey:sm:5"), (assigning_to_grey, "back"),
]


@pytest.mark.parametrize("where,action", OFFERED, ids=[a for _w, a in OFFERED])
def test_every_near_miss_of_an_offered_action_is_refused_and_changes_nothing(where, action):
    state = where()
    seat = state["auction"]["asking"] if state["auction"] else state["turn"]
    listed = actions(state, seat)
    assert action in listed or any(
        "{}" in t and action.startswith(t.split("{}")[0]) for t in listed), action
    if action.startswith(("offer:", "company:", "sell:sm:6:1:", "buy:kz:1:1:")):
        template = action.rsplit(":", 1)[0] + ":{}"
        value = action.rsplit(":", 1)[1]
        assert fill(state, seat, template, value.split(",") if "," in value else int(value)) == action
    choices = GAME.legal(state, seat)
    for odd in sorted(malformed(action)):
        if offered(choices, odd) is not None:
            continue  # another move on offer (a number in range), not a near miss
        text = refused(state, seat, odd)
        assert text and len(text) < 200, text
        assert "9999" not in text, "a refusal never echoes what was sent"


def test_a_seat_not_asked_is_refused_whatever_it_sends():
    state = offering()
    for seat in (0, 2):
        for action in ("pass", "offer:kz-3a", "end", "sell", "timeout"):
            refused(state, seat, action)
