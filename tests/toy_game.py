"""A tiny game for testing the host without any real game's rules.

"Twenty-one": seats take turns adding 1, 2 or 3 to a shared total; whoever
reaches 21 wins. Each seat also holds a secret card (a number) that only its own
view shows, and a ``secret:N`` choice that reveals it privately — enough to test
turns, private views, leaks and stale buttons.
"""
from __future__ import annotations

import random

from bot.engine import Choice, Event, IllegalMove, Result
from bot.games.registry import GameKit, register
from rendering.kit import canvas, draw_text, to_png

GAME_ID = "toy-21"


class TwentyOne:
    id = GAME_ID
    name = "Twenty-one"
    min_players = 1
    max_players = 4
    options = ()

    def setup(self, players, options, rng):
        return {"players": players, "total": 0, "turn": 0,
                "secrets": [rng.randrange(1000, 9999) for _ in range(players)], "winner": None}

    def pending(self, state):
        return set() if state["winner"] is not None else {state["turn"]}

    def legal(self, state, seat):
        if seat not in self.pending(state):
            return []
        room = 21 - state["total"]
        return [Choice(f"add:{n}", f"Add {n}", group="add") for n in (1, 2, 3) if n <= room]

    def apply(self, state, seat, action, rng):
        kind, _, amount = action.partition(":")
        if kind != "add" or amount not in {"1", "2", "3"}:
            raise IllegalMove("You can add 1, 2 or 3.")
        if state["total"] + int(amount) > 21:
            raise IllegalMove(f"The total is {state['total']}; adding {amount} would pass 21.")
        state["total"] += int(amount)
        events = [Event(f"{{p{seat}}} added {amount}: the total is {state['total']}.")]
        if state["total"] == 21:
            state["winner"] = seat
            events.append(Event(f"{{p{seat}}} reached 21 and wins!"))
        else:
            state["turn"] = (seat + 1) % state["players"]
            events.append(Event(f"Your secret is still {state['secrets'][seat]}.", to=(seat,)))
        return events

    def view(self, state, seat):
        public = {"total": state["total"], "turn": state["turn"], "winner": state["winner"]}
        if seat is not None:
            public["secret"] = state["secrets"][seat]
        return public

    def result(self, state):
        if state["winner"] is None:
            return None
        return Result((state["winner"],), {}, f"{{p{state['winner']}}} wins at 21.")

    def prompt(self, state, seat):
        return f"The total is {state['total']}: add 1, 2 or 3."

    def status(self, state):
        return f"Total {state['total']}; {{p{state['turn']}}} to play."

    def rules_summary(self):
        return "Add 1, 2 or 3 in turn; reach 21 to win."

    def private_summary(self, state, seat):
        return f"Your secret number is {state['secrets'][seat]}."


class FirstChoiceBot:
    def __init__(self, game):
        self.game = game

    def choose(self, state, seat, rng: random.Random):
        return rng.choice(self.game.legal(state, seat)).action


def render(view, image="board"):
    picture, draw = canvas(300, 80)
    draw_text(draw, (10, 10), f"Total: {view['total']}", 28)
    return to_png(picture)


GAME = TwentyOne()
register(GAME_ID, GameKit(game=GAME, bot=FirstChoiceBot(GAME), render=render))
