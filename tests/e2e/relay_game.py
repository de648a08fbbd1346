"""A toy game with every kind of click a move can come from, for killing the bot at each step
(test_kill_at_every_step.py) and at a strong bot's thinking (test_bot_takeover.py).

"Relay": the seats take turns, forever, each adding to a shared total. With ``kind=open`` a
turn offers a public button (Step), a public amount (Put…, a form) and a private choice
(Hint, in the panel: a move that may be taken back); with ``kind=sealed`` every choice is
private (Seal A, Seal B, Give… by form), so the turn comes by DM with its controls. Nothing is
hidden or left to chance, so every move may be taken back. Its strong bot thinks for
``THINK_SECONDS`` (in a worker thread, as a strong decision does) and then steps.
"""
from __future__ import annotations

import copy
import random
import time
from typing import Any

from bot.engine import Amount, Choice, Event, IllegalMove, Option
from bot.engine.takeback import TakeBackRule
from bot.games.registry import GameKit, register
from bot.table import thinking
from rendering.kit import canvas, draw_text, to_png

GAME_ID = "toy-relay"
#: How long the strong bot thinks (a test that kills its process mid-thought sets it longer).
THINK_SECONDS = 0.05


def _same_world(game: Any, state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """Nothing is hidden: every seat's only possible world is the real one."""
    return copy.deepcopy(state)


class Relay:
    id = GAME_ID
    name = "Relay"
    min_players = 1
    max_players = 4
    options = (Option("kind", "open: public buttons and a private hint; sealed: private choices by DM",
                      "open", ("open", "sealed")),)
    can_take_back = TakeBackRule(deal=_same_world)

    def setup(self, players, options, rng):
        return {"players": players, "kind": options.get("kind", "open"), "turn": 0, "total": 0, "moves": 0,
                "hints": [0] * players}

    def pending(self, state):
        return {state["turn"]}

    def legal(self, state, seat):
        if seat != state["turn"]:
            return []
        if state["kind"] == "sealed":
            return [Choice("seal:a", "Seal A", group="seal", private=True),
                    Choice("seal:b", "Seal B", group="seal", private=True),
                    Choice("give:{}", "Give…", private=True, amount=Amount(1, 9))]
        return [Choice("step", "Step", group="relay"), Choice("put:{}", "Put…", amount=Amount(1, 9)),
                Choice("hint", "Hint", private=True)]

    def apply(self, state, seat, action, rng):
        if seat != state["turn"]:
            raise IllegalMove("It is not your turn.")
        sealed = state["kind"] == "sealed"
        fixed = {"seal:a": 1, "seal:b": 1} if sealed else {"step": 1, "hint": 0}
        verb, _, number = action.partition(":")
        if action in fixed:
            added = fixed[action]
        elif verb == ("give" if sealed else "put") and number in set("123456789"):
            added = int(number)
        else:
            raise IllegalMove("That is no move here.")
        state["hints"][seat] += action == "hint"
        state["total"] += added
        state["moves"] += 1
        state["turn"] = (seat + 1) % state["players"]
        return [Event(f"{{p{seat}}} {action}: the total is {state['total']} after move {state['moves']}.")]

    def view(self, state, seat):
        return {"total": state["total"], "moves": state["moves"], "turn": state["turn"]}

    def result(self, state):
        return None

    def prompt(self, state, seat):
        return f"Move {state['moves'] + 1}, the total at {state['total']}: your turn."

    def status(self, state):
        return f"Total {state['total']} after {state['moves']} moves; {{p{state['turn']}}} to play."

    def rules_summary(self):
        return "Take turns adding to the total, for ever."

    def private_summary(self, state, seat):
        return f"You gave {state['hints'][seat]} hints."


class FirstChoice:
    """The normal bot: the first choice offered (Step, or Seal A)."""

    def __init__(self, game: Relay) -> None:
        self.game = game

    def choose(self, state, seat, rng):
        return self.game.legal(state, seat)[0].action


class SlowThinker(FirstChoice):
    """The strong bot: thinks a while (in a worker thread), then chooses as the normal one."""

    def choose(self, state, seat, rng):
        time.sleep(THINK_SECONDS)
        return super().choose(state, seat, rng)


def render(view, image="board"):
    picture, draw = canvas(240, 60)
    draw_text(draw, (10, 10), f"Total {view['total']} ({view['moves']})", 24)
    return to_png(picture)


GAME = Relay()
KIT = GameKit(game=GAME, bot=FirstChoice(GAME), render=render, strong=SlowThinker(GAME))
register(GAME_ID, KIT)

# The strong level of a packaged title is built from its knowledge module; a toy's is its kit's.
_packaged_bots = thinking._bots


def _bots(game_type, budget):
    return (KIT.bot, KIT.strong) if game_type == GAME_ID else _packaged_bots(game_type, budget)


thinking._bots = _bots  # type: ignore[assignment]
