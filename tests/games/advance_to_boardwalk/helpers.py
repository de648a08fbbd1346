"""Building Advance to Boardwalk states by hand, and dice that roll what a test says."""

from __future__ import annotations

import random
from functools import cache

import bot.games.advance_to_boardwalk as atb
from bot.engine import new_game
from bot.games import registry
from bot.games.advance_to_boardwalk.estate import owner_of
from bot.games.content import load_content


@cache
def game():
    return atb.make_game(load_content(atb.GAME_ID, atb.CONTENT))


def bot():
    """The title's normal bot as the host drives it: deciding from what its seat knows."""
    return registry.bots(atb.GAME_ID, game())[0]


class ScriptedRng(random.Random):
    """Dice that show what the test scripted; shuffles keep their order."""

    def __init__(self, ints=(), colours=()):
        super().__init__(0)
        self.ints = list(ints)
        self.colours = list(colours)

    def randint(self, a, b):
        return self.ints.pop(0)

    def choice(self, seq):
        return self.colours.pop(0)

    def shuffle(self, x, *args):
        pass


def fresh(players=2, seed=1):
    """A new game, with every hand emptied back into the draw pile and the first roll undone."""
    state = new_game(game(), players, {}, seed)
    for hand in state["hands"]:
        state["draw_pile"].extend(hand)
        hand.clear()
    state["log"] = []
    return state


def put(state, pid, stack):
    """Set a property's stack and keep supply, owners and tokens consistent with it."""
    board = game().board
    for seat in state["stacks"][pid]:
        state["supply"][seat] += 1
    for seat in stack:
        state["supply"][seat] -= 1
    state["stacks"][pid] = list(stack)
    state["owners"][pid] = owner_of(stack)
    state["tokens"] = [
        sum(board.properties[p].value for p, o in state["owners"].items() if o == seat)
        for seat in range(state["players"])
    ]


def give(state, seat, *keys):
    """Move one card of each kind named into ``seat``'s hand; return their ids."""
    ids = []
    for key in keys:
        card_id = next(
            c for c in state["draw_pile"] + state["discard_pile"] if c.rsplit("-", 1)[0] == key
        )
        for pile in (state["draw_pile"], state["discard_pile"]):
            if card_id in pile:
                pile.remove(card_id)
        state["hands"][seat].append(card_id)
        ids.append(card_id)
    return ids


def roll(state, seat, dice, colour):
    """Start ``seat``'s turn with the given roll (through the real turn code)."""
    from bot.games.advance_to_boardwalk.turn import start_turn

    events = []
    state["phase"] = "build"
    start_turn(game().board, state, seat, ScriptedRng(dice, [colour]), events)
    return events


def act(state, seat, action, rng=None):
    """Apply a move straight to ``state`` (the engine would copy it first)."""
    return game().apply(state, seat, action, rng or ScriptedRng())


def actions(state, seat):
    return [choice.action for choice in game().legal(state, seat)]


def check_invariants(state):
    """Conservation of units, property cards and Fortune cards; tokens match ownership."""
    g = game()
    board = g.board
    players = state["players"]
    for seat in range(players):
        on_board = sum(stack.count(seat) for stack in state["stacks"].values())
        assert state["supply"][seat] + on_board == state["start_units"], f"units of seat {seat}"
        assert state["supply"][seat] >= 0
        owned = sum(board.properties[p].value for p, o in state["owners"].items() if o == seat)
        assert state["tokens"][seat] == owned, f"token of seat {seat} is off"
    assert set(state["owners"]) == set(board.properties)
    for pid, stack in state["stacks"].items():
        assert state["owners"][pid] == owner_of(stack), f"owner of {pid}"
    cards = state["draw_pile"] + state["discard_pile"] + [c for h in state["hands"] for c in h]
    assert len(cards) == 28 and sorted(cards) == sorted(board.deck), "Fortune cards not conserved"
    assert g.pending(state) == (set() if state["phase"] == "over" else {state["turn"]})
