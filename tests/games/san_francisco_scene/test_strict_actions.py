"""Every action is read strictly: a malformed string is an IllegalMove and changes nothing.

For each kind of action, a state where it is offered; then variants of the offered action
(unicode and full-width digits, leading zeros, signs, a 5000-digit number, extra or missing
fields, empty and long strings) go to ``game.apply`` on a copy, which must refuse them all.
"""
import copy

import pytest

from bot.engine import SYSTEM_SEAT, IllegalMove

from .helpers import act, choices, connect, fresh, game, own, put

BAD_FIELDS = ("²", "１", "٣", "-1", "+1", "00", "01", "9" * 5000, "", " ", "x" * 100, "None")


def malformed(action):
    verb, colon, field = action.rpartition(":")[0], ":", action.rpartition(":")[2]
    if not action.count(":"):
        verb, colon, field = action, "", ""
    out = {"", ":", " ", "x" * 100, "9" * 5000, action + ":", action + ":1", ":" + action,
           " " + action, action + " ", action + "\n", action.upper(), verb + "\x00"}
    if colon:
        out |= {verb, verb + ":", f"{verb}:{field}:{field}", f"{verb}:0{field}", f"{verb}:+{field}",
                f"{verb}:-{field}", f"{verb}:{field.upper()}", f"{verb}:{field},{field}"}
    out |= {f"{verb}:{bad}" for bad in BAD_FIELDS}
    return out - {action}


def filled(choice):
    if choice.amount is not None:
        return choice.fill(choice.amount.minimum)
    if choice.subset is not None:
        return choice.fill([v for v, _ in choice.subset.options][:max(1, choice.subset.minimum)])
    return choice.action


def before_roll():
    state = fresh(3)
    own(state, 0, "union-square", "substandard-oil")
    connect(state, 0, "membership-chairman", "attorney")
    return state


def buying():
    state = fresh(3)
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 2)
    return state


def auction():
    state = buying()
    act(state, 0, "auction")
    return state


def home():
    state = fresh(3)
    put(state, 0, "north-beach")
    act(state, 0, "roll", 1, 1)
    return state


def offer():
    state = home()
    act(state, 0, "connect:50000")
    return state


def college():
    state = fresh(5)
    state["turn"] = 4
    put(state, 4, "richmond-bridge")
    act(state, 4, "roll", 1, 1)
    return state


def bank():
    state = fresh(3)
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 4)
    return state


def jail():
    state = fresh(3)
    put(state, 0, "san-quentin")
    state["seats"][0]["in_jail"] = True
    return state


def trade(step):
    def make():
        state = fresh(3)
        own(state, 0, "union-square")
        own(state, 1, "fremont")
        act(state, 0, "trade")
        for action in ("trade-with:1", "trade-give:union-square", "trade-ask:fremont")[:step]:
            act(state, 0, action)
        return state
    return make


def claim():
    state = fresh(3)
    own(state, 2, "union-square")
    put(state, 0, "city-hall")
    act(state, 0, "roll", 1, 2)
    return state


TABLES = {
    "roll, develop, gas, trade": before_roll, "buy, auction": buying, "bid, pass": auction,
    "connect, skip": home, "offer answers": offer, "connection, represent": college,
    "borrow": bank, "bail": jail, "trade-with": trade(0), "trade-give": trade(1),
    "trade-ask": trade(2), "trade-cash": trade(3), "claim": claim,
}


@pytest.mark.parametrize("table", TABLES)
def test_malformed_actions_are_illegal_moves_and_change_nothing(table):
    g = game()
    state = TABLES[table]()
    for seat in range(len(state["seats"])):
        offered = [filled(c) for c in choices(state, seat)]
        for action in offered:
            for bad in malformed(action) - set(offered):
                if any(c.accepts(bad) for c in choices(state, seat)):
                    continue
                copied = copy.deepcopy(state)
                with pytest.raises(IllegalMove):
                    g.apply(copied, seat, bad, None)
                assert copied == state, bad


def test_every_kind_of_action_is_covered():
    kinds = set()
    for make in TABLES.values():
        state = make()
        for seat in range(len(state["seats"])):
            kinds |= {c.action.split(":")[0] for c in choices(state, seat)}
    assert kinds == {"roll", "develop", "gas", "trade", "buy", "auction", "bid", "pass", "connect",
                     "skip", "offer", "connection", "represent", "borrow", "bail", "trade-with",
                     "trade-give", "trade-ask", "trade-cash", "trade-cancel", "claim"}


def test_the_system_seat_plays_only_a_due_deadline():
    g = game()
    state = auction()
    for action in ("auction:close ", "offer:expire", "time:up", "roll"):
        with pytest.raises(IllegalMove):
            g.apply(copy.deepcopy(state), SYSTEM_SEAT, action, None)


def test_a_seat_is_read_in_ascii_digits_only():
    state = trade(0)()
    for bad in ("trade-with:１", "trade-with:01", "trade-with:+1", "trade-with: 1", "trade-with:¹",
                "trade-with:0", "trade-with:3"):
        with pytest.raises(IllegalMove):
            game().apply(copy.deepcopy(state), 0, bad, None)
