"""Building San Francisco Scene states by hand, dice that roll what a test says, and the
invariants every state keeps."""
from __future__ import annotations

import json
import random
from functools import cache

import bot.games.san_francisco_scene as sfs
from bot.engine import IllegalMove, new_game, offered
from bot.games import registry
from bot.games.content import load_content
from bot.games.san_francisco_scene.content import GROUPS


@cache
def game():
    return sfs.make_game(load_content(sfs.GAME_ID, sfs.CONTENT))


def board():
    return game().board


def bot():
    """The title's normal bot as the host drives it: deciding from what its seat knows."""
    return registry.bots(sfs.GAME_ID, game())[0]


class Dice(random.Random):
    """Dice that show what the test scripted; shuffles keep their order."""

    def __init__(self, *ints):
        super().__init__(0)
        self.ints = list(ints)

    def randint(self, a, b):
        if not self.ints:
            raise AssertionError("the test scripted too few dice")
        return self.ints.pop(0)

    def shuffle(self, x, *args):
        pass


def fresh(players=4, seed=1, **options):
    """A new game arranged the plain way: seat 0 the Politician, seat 1 the Membership
    Chairman, seat 2 the Attorney, seat 3 the Labor Leader (two players: seat 0 Politician and
    Attorney, seat 1 the other two), tokens on their Home Bases, seat 0 to roll."""
    state = new_game(game(), players, options, seed)
    if players == 2:
        holders = {group: i % 2 for i, group in enumerate(GROUPS)}
    else:
        holders = {group: (i if i < players and not (players == 3 and i == 3) else None)
                   for i, group in enumerate(GROUPS)}
    state["holders"] = holders
    for seat, player in enumerate(state["seats"]):
        player["groups"] = [g for g in GROUPS if holders[g] == seat]
        player["space"] = board().groups[player["groups"][0]].home if player["groups"] else "city-hall"
    state.update(turn=0, first=0)
    return state


def choices(state, seat):
    return game().legal(state, seat)


def actions(state, seat):
    return [choice.action for choice in choices(state, seat)]


def act(state, seat, action, *dice):
    """Apply an offered action in place with scripted dice; return the events' texts."""
    if seat >= 0 and offered(choices(state, seat), action) is None:
        raise IllegalMove(f"not offered to {seat}: {action!r}; offered {actions(state, seat)}")
    rng = Dice(*dice)
    events = game().apply(state, seat, action, rng)
    assert not rng.ints, f"dice left over: {rng.ints}"
    return [event.text for event in events]


def texts(events):
    return "\n".join(events)


def put(state, seat, space_id):
    player = state["seats"][seat]
    space = board().spaces[space_id]
    route = space.route if space.kind == "bridge" else None  # one die next: on a bridge only
    player.update(space=space_id, route=route)


def own(state, seat, *space_ids, developments=0):
    """Hand cards from the Bank to ``seat`` (the price stays with the Bank: cash unchanged)."""
    for space_id in space_ids:
        state["owners"][space_id] = seat
        state["developments"][space_id] = developments
        units = developments * (board().spaces[space_id].development_cost or 0)
        assert units == 0 or state["bank"] >= units


def connect(state, seat, *groups):
    state["seats"][seat]["connections"].extend(groups)


def set_cash(state, seat, amount):
    """Move money between the seat and the Bank so the total stays the same."""
    state["bank"] += state["seats"][seat]["cash"] - amount
    state["seats"][seat]["cash"] = amount


def total_money(state):
    return state["bank"] + state["fund"] + sum(p["cash"] for p in state["seats"])


def check_invariants(state):
    g, b = game(), board()
    # The Bank never runs out: its balance is a ledger that may go below zero; every other
    # holder has what it has.
    assert total_money(state) == b.rules.bank_cash, "money was created or destroyed"
    assert min(state["fund"], *(p["cash"] for p in state["seats"])) >= 0
    view = g.view(state, None)
    fund_cards = set(view["fund"]["cards"])
    for space in view["board"]:
        if space["price"] is None:
            continue
        holders = [space["owner"] is None, space["id"] in fund_cards,
                   isinstance(space["owner"], int)]
        assert sum(holders) == 1, space
        owner = space["owner"]
        if isinstance(owner, int):
            assert not state["seats"][owner]["bankrupt"], "a bankrupt player holds a card"
        if not isinstance(owner, int):
            assert space["developments"] == 0
        assert 0 <= space["developments"] <= b.rules.max_developments
    for space_id in state["gas"]:
        assert b.spaces[space_id].chevron and isinstance(state["owners"]["substandard-oil"], int)
    assert len(state["deck"]) + len(state["discard"]) == len(b.deck)
    assert json.loads(json.dumps(state)) == state
    if g.result(state) is None:
        assert g.pending(state), "nobody may act, yet the game has no result"
        assert not state["seats"][state["turn"]]["bankrupt"] or state["phase"] == "auction"
