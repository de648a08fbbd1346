"""The strong bot's prior: the normal policy, but its turns and rerolls weigh whose dice show
a star, from what the seat knows of loyalties (its own; a communist's, its comrades').

A star puts its holder's card into the movie. A communist knows every seat: a comrade's star
helps, anyone else's hurts. A patriot knows only itself (at five players the others split two
and two), so only its own die counts, as much as its best card in hand. A reroll leaves a die a star half the time, so
rerolling a die gains ``worth × (½ − star)``. The normal policy picks its jobs and dice
mostly at random; this one performs a job that adds cards or steers the movie, rerolls where
it gains, and passes rather than undo its side's stars.
"""
from __future__ import annotations

import random
from typing import Any

from bot.engine import SeatKnowledge, State

from .bots import Hollywood1947Bot
from .production import COMPOSER, DIRECTOR, EDITOR, GAFFER, SCREENWRITER
from .table import all_dice

#: Jobs worth a turn whatever the dice: each adds or steers a card or the genre, or (the
#: Gaffer) rerolls three dice where they gain.
STRONG_JOBS = frozenset({SCREENWRITER, DIRECTOR, GAFFER, COMPOSER, EDITOR})


class InformedHollywood1947Bot(Hollywood1947Bot):
    def decide(self, knowledge: SeatKnowledge, rng: random.Random) -> str:
        state, seat = knowledge.state, knowledge.seat
        actions = {choice.action for choice in knowledge.legal}
        step = state["step"]
        if state["phase"] == "production" and step is None:
            return self._informed_turn(state, seat, actions, rng)
        if state["phase"] == "production" and step["kind"] in ("gaffer", "reroll"):
            return self._informed_roll(state, seat, actions, step["kind"])
        if state["phase"] == "production" and step["kind"] == "director":
            return self._informed_director(state, seat, actions, rng)
        return super().decide(knowledge, rng)

    def _worth(self, state: State, seat: int, die: dict[str, Any]) -> float:
        """How much a star on ``die`` is worth to ``seat``'s side, from what the seat knows;
        its own, what its best card in hand would do to the movie (a star must add one)."""
        if die.get("seat") == seat:
            hand = state["hands"][seat]
            best = max((self._value(state, seat, card) for card in hand), default=0.0)
            return max(-1.0, min(1.0, best))
        return self._side(state, seat, die.get("seat"))

    def _side(self, state: State, seat: int, owner: int | None) -> float:
        """+1 for ``seat`` itself or a known comrade, −1 for a known rival, 0 unknown."""
        if owner == seat:
            return 1.0
        if owner is None or state["loyalty"][seat] != "communist":
            return 0.0
        return 1.0 if state["loyalty"][owner] == "communist" else -1.0

    def _informed_director(self, state: State, seat: int, actions: set[str],
                           rng: random.Random) -> str:
        """A token is a card into the movie: to its own side, taken from the other (a
        ghost, ``g…``, counts as unknown)."""
        def side(action: str) -> float:
            who = action.partition(":")[2]
            return self._side(state, seat, int(who[1:]) if who.startswith("p") else None)
        verb = "give" if any(a.startswith("give:") for a in actions) else "from"
        options = sorted(a for a in actions if a.startswith(f"{verb}:"))
        rng.shuffle(options)  # among equals, no favourite seat
        return (max if verb == "give" else min)(options, key=side)

    def _gain(self, state: State, seat: int, die: dict[str, Any]) -> float:
        return self._worth(state, seat, die) * (0.5 - (1.0 if die["star"] else 0.0))

    def _best_roll(self, state: State, seat: int, actions: set[str]) -> tuple[float, str | None]:
        rolls = [(self._gain(state, seat, die), f"roll:{die['id']}") for die in all_dice(state)
                 if f"roll:{die['id']}" in actions]
        if not rolls:
            return 0.0, None
        gain, action = max(rolls, key=lambda pair: pair[0])
        return gain, action

    def _informed_turn(self, state: State, seat: int, actions: set[str],
                       rng: random.Random) -> str:
        jobs = sorted(a for a in actions if a.startswith("job:"))
        strong = [a for a in jobs if int(a.partition(":")[2]) in STRONG_JOBS]
        if strong:
            return strong[0]
        gain, roll = self._best_roll(state, seat, actions)
        if roll is not None and gain > 0:
            return roll
        if jobs:
            return jobs[0]
        return "pass"

    def _informed_roll(self, state: State, seat: int, actions: set[str], kind: str) -> str:
        gain, roll = self._best_roll(state, seat, actions)
        if kind == "reroll" and (roll is None or gain <= 0):
            return "stop"
        return roll if roll is not None else min(actions)  # the Gaffer always has dice
