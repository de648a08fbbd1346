"""Every action is read in its one canonical form: anything else — another spelling of a
number, a sign, a missing or extra field, any odd string — is an IllegalMove that leaves the
state as it was. The engine also refuses moves legal() did not offer; this is the game's own
second line of defence."""
from __future__ import annotations

import copy
import random
from functools import cache

import pytest

from bot.engine import IllegalMove
from bot.games.hollywood_boulevard import payout

from .helpers import GAME, C, act, actions, film, new, preview_roll, to_pick, to_screen

FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
#: Strings that are not a canonical number (though some pass str.isdigit() or int()).
ODD_NUMBERS = ["²", "１", "٣", "٠", "½", "Ⅳ", "01", "00", "+1", "-1", "-3", "40", "9" * 5000,
               "1.0", "1_0", " 1", "1 ", "0x1", "1e1"]
ODD_WORDS = ["", " ", "x" * 100, "\u200b", "None", "null", "*", "../"]


def malformed(action: str) -> set[str]:
    """Near misses of ``action``: every field replaced by odd strings, fields added or dropped,
    case and spacing changed, and strings that are nothing like it."""
    head, *rest = action.split(":")
    odd = {"", " ", ":", "x" * 100, "9" * 5000, action.upper(), action.title(), f" {action}",
           f"{action} ", f"{action}\n", f"{action}:", f"{action}:1", f"{action}:x", f":{action}",
           action.replace(":", "::"), action.replace(":", "："), (action + "x" * 100)[:100],
           head, f"{head}:"}
    if rest:
        odd.add(":".join([head, *rest[:-1]]))  # the last field missing
    for index, field in enumerate(rest):
        spellings = [*ODD_NUMBERS, *ODD_WORDS,
                     field.upper(), f"{field} ", f"\u200b{field}", f"{field}\x00"]
        if field.isascii() and field.isdigit():
            spellings += [f"0{field}", f"+{field}", f"-{field}", f"{field}.0",
                          field.translate(FULL_WIDTH), field.translate(SUPERSCRIPT)]
        for spelling in spellings:
            odd.add(":".join([head, *rest[:index], spelling, *rest[index + 1:]]))
    return odd - {action}


# --- states where each kind of action is on offer ----------------------------------------------

@cache
def placing() -> dict:
    """{p0} places in the second-deck rounds, rich, with a Running Time chip and a loan."""
    state = new(2)
    state.update(deck_number=2)
    state["cash"][0] = 60_000
    state["chips"][0].update(runtime=1, loan=1)
    return state


@cache
def picking() -> dict:
    state = new(2)
    state["hands"][0] = ["sneak"]
    state = to_pick(state)
    assert state["picker"] == 0
    return state


@cache
def screening() -> dict:
    state = new(2)
    state["hands"][0] = ["cartoon", "cartoon", "press"]
    state = to_screen(state, {0: ["Roman Holiday"]})
    state, _ = act(state, 0, "tip:cartoon")
    return state


@cache
def confirmed() -> dict:
    state, _ = act(screening(), 0, "bids:confirm")
    return state


@cache
def snake_eyes() -> dict:
    return preview_roll([1, 1])[0]


@cache
def ordinary_roll() -> dict:
    return preview_roll([4, 5])[0]


@cache
def blockbuster() -> dict:
    state = new(2)
    state["chips"][0]["runtime"] = 2  # 3h30 of films
    state = to_screen(state, {0: ["Roman Holiday", "Father of the Bride"]})
    state.update(blockbusters=[0], phase="blockbuster")
    payout.begin_blockbuster(C, state)
    assert state["blockbuster_waiting"] == [0]
    return state


ROMAN_HOLIDAY = film("Roman Holiday")
STAR = next(iter(C.stars))
#: (where it is offered, who acts, one action of each kind)
OFFERED = [
    *[(placing, 0, action) for action in (
        "place:preview", "place:agency", "place:distribution", "place:manager", "place:loan",
        "place:parties", "place:runtime:2", "place:reroll:3", "place:parking:2", "place:concessions:1",
        "place:ac:1", "place:3d", "place:scope", "place:lens:both", "place:lens:vistavision",
        f"place:star:{STAR}", "remove:runtime", "remove:loan")],
    (snake_eyes, 0, "genre:epic"),
    (ordinary_roll, 0, "genre:drama"),
    (picking, 0, "tip:sneak"),
    (picking, 0, "done"),
    (screening, 0, "bid:tv:3"),
    (screening, 0, "bid:radio:0"),
    (screening, 0, "tip:cartoon"),
    (screening, 0, "tip:press:tv"),
    (screening, 0, "untip:cartoon"),
    (screening, 0, "bids:confirm"),
    (confirmed, 0, "bids:edit"),
    (blockbuster, 0, f"cubes:{ROMAN_HOLIDAY}"),
]


def _refused(state: dict, seat: int, action: str) -> str:
    """Apply ``action`` to a copy: it must be refused in a sentence, the copy untouched."""
    trial = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as refusal:
        GAME.apply(trial, seat, action, random.Random(0))
    assert trial == state, f"{action[:40]!r} changed the state before it was refused"
    text = str(refusal.value)
    assert text and len(text) < 200, text
    return text


@pytest.mark.parametrize("where,seat,action", OFFERED, ids=[a for _w, _s, a in OFFERED])
def test_every_near_miss_of_an_offered_action_is_refused_and_changes_nothing(where, seat, action):
    state = where()
    offered = set(actions(state, seat))
    assert action in offered
    for odd in sorted(malformed(action) - offered):
        _refused(state, seat, odd)


def test_a_film_pick_near_miss_is_refused():
    state = picking()
    film_id = next(a for a in actions(state, 0) if a.startswith("pick:"))
    offered = set(actions(state, 0))
    for odd in sorted(malformed(film_id) - offered):
        _refused(state, 0, odd)


@pytest.mark.parametrize("where,action", [
    (placing, "place:parties:40"),     # was: 40 party chips for $3,000
    (placing, "place:parties:-3"),     # was: −3 chips, a negative upkeep
    (placing, "place:parties:x"),      # was: a crash
    (placing, "place:parties:1"),
    (placing, "place:manager:5"),
    (placing, "place:3d:x"),
    (placing, "place:runtime:²"),      # '²'.isdigit() is true, int('²') raises
    (placing, "place:runtime:01"),
    (placing, "place:runtime:５"),
    (placing, "place:runtime:" + "9" * 5000),
    (screening, "bid:tv:01"),          # was: an alias of bid:tv:1
    (screening, "bid:tv:１"),          # was: an alias of bid:tv:1 (full-width digit)
    (screening, "bid:tv:²"),           # was: a crash
    (screening, "bid:tv:-1"),
    (screening, "bid:tv:7"),
], ids=lambda value: value[:20] if isinstance(value, str) else "")
def test_the_reported_abuses_are_refused(where, action):
    state = where()
    assert action not in actions(state, 0)
    _refused(state, 0, action)


def test_a_refusal_never_echoes_what_was_sent():
    assert "9999" not in _refused(placing(), 0, "place:" + "9" * 5000)
    assert "9999" not in _refused(screening(), 0, "bid:tv:" + "9" * 5000)
