"""Hollywood Boulevard: the Game protocol over the phase modules.

Each phase module owns its choices and moves; ``flow`` runs what nobody chooses (rolls,
payout, upkeep, dealing) and hands over from phase to phase.
"""
from __future__ import annotations

import random
from typing import Any

from bot.engine import Choice, Event, IllegalMove, Option, Result

from . import advertising, flow, payout, picking, placement, summary, take_back, views
from . import tally as chart
from .content import Content
from .rules_help import RULES
from .views import GAME_ID

ROUND_CHOICES = (4, 6, 8)


class HollywoodBoulevard:
    id = GAME_ID
    name = "Hollywood Boulevard"
    min_players = 2
    max_players = 6
    options = (
        Option("rounds", "Game length in rounds (weeks): 4 quick, 6 average, 8 long.", 6, ROUND_CHOICES),
    )
    # The end-of-game chart's figures and each player's notable ones, from public views.
    tally, notables = staticmethod(chart.tally), staticmethod(chart.notables)
    # Which moves a player may take back (bot/engine/takeback.py).
    can_take_back = staticmethod(take_back.can_take_back)

    def __init__(self, content: Content):
        self.content = content
        self._board = views.board_dict(content)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> dict:
        rounds = options.get("rounds", 6)
        if rounds not in ROUND_CHOICES:
            raise IllegalMove("A game lasts 4, 6 or 8 rounds.")
        return flow.setup(self.content, players, rounds, rng)

    def pending(self, state: dict) -> set[int]:
        phase = state["phase"]
        if phase == "place":
            return {state["queue"][0][0]} if state["queue"] else set()
        if phase == "genre":
            return {state["secret"]["preview"]["seat"]}
        if phase == "pick":
            return set() if state["picker"] is None else {state["picker"]}
        if phase == "screen":
            return advertising.waiting(state)
        if phase == "blockbuster":
            return set(state["blockbuster_waiting"])
        return set()

    def next_seat(self, state: dict) -> int | None:
        """Who places or picks after the seat doing so now; None in the other phases (a
        secret genre, sealed advertising, Blockbusters) and where the order is not sure."""
        phase = state["phase"]
        if phase == "place" and state["queue"]:
            return placement.next_placer(state)
        if phase == "pick" and state["picker"] is not None:
            return picking.next_picker(self.content, state)
        return None

    def legal(self, state: dict, seat: int) -> list[Choice]:
        c, phase = self.content, state["phase"]
        if phase == "place":
            return placement.legal(c, state, seat)
        if phase == "genre":
            return flow.genre_legal(c, state, seat)
        if phase == "pick":
            return picking.legal(c, state, seat)
        if phase == "screen":
            return advertising.legal(c, state, seat)
        if phase == "blockbuster":
            return payout.blockbuster_legal(c, state, seat)
        return []

    def run_out(self, state: dict, seat: int) -> str | None:
        """What a run-out of the turn clock takes (NOTES.md, "The turn clock"): stop picking
        films; lower the screen with the bids and tips already set standing; at the Preview
        House, note the roll (the only choice), or on snake eyes leave the genre marker where
        it is, as a public snake-eyes roll does. Placing a marker (every marker must move)
        and the Blockbuster's film are forced choices: None, the bot. Also None on snake
        eyes with no genre trending yet, as there is no marker to leave in place."""
        if seat not in self.pending(state):
            return None
        phase = state["phase"]
        if phase == "pick":
            return "done"
        if phase == "screen":
            return "bids:confirm"
        if phase == "genre":
            noted = [choice.action for choice in flow.genre_legal(self.content, state, seat)]
            if len(noted) == 1:
                return noted[0]
            return f"genre:{state['genre']}" if state["genre"] else None
        return None

    def apply(self, state: dict, seat: int, action: str, rng: random.Random) -> list[Event]:
        c, phase = self.content, state["phase"]
        if phase == "place":
            events = placement.apply(c, state, seat, action, rng)
        elif phase == "genre":
            events = flow.genre_apply(c, state, seat, action)
        elif phase == "pick":
            events = picking.apply(c, state, seat, action)
        elif phase == "screen":
            events = advertising.apply(c, state, seat, action)
        elif phase == "blockbuster":
            events = payout.blockbuster_apply(c, state, seat, action)
        else:
            raise IllegalMove("This game is over.")
        return events + flow.settle(c, state, rng)

    def view(self, state: dict, seat: int | None) -> dict:
        if seat is None:
            return views.public_view(self.content, state, self._board)
        return views.private_view(self.content, state, self._board, seat)

    def result(self, state: dict) -> Result | None:
        if state["phase"] != "over":
            return None
        scores = state["scores"]
        best = max(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == best)
        summary = ", ".join(f"{{p{seat}}} ${score:,}" for seat, score in enumerate(scores))
        return Result(winners, dict(enumerate(scores)), f"Final holdings (cash − loans + tips): {summary}.")

    def prompt(self, state: dict, seat: int) -> str:
        return views.prompt(self.content, state, seat)

    def status(self, state: dict) -> str:
        return views.status(self.content, state)

    def rules_summary(self) -> str:
        return RULES

    def private_summary(self, state: dict, seat: int) -> str:
        """This seat's cash, tips, secret roll, bids and films (Markdown, for DMs and panels)."""
        return summary.private_summary(self.content, state, seat)

    def opening_events(self, state: dict) -> list[Event]:
        return flow.opening_events(self.content, state)
