"""The strong bot's prior: the normal policy, but its turns, dice, tokens and swaps weigh
whose side each seat is on, from what the seat knows of loyalties.

A star puts its holder's card into the movie. A communist knows every seat: a comrade's star
helps, anyone else's hurts. A patriot knows only itself, so it reads the table
(``suspicion``: how each movie's revealed cards fit who added them) and counts a seat as
friend or foe once the reading leans far enough (``SURE``). Its own star is worth its best
card in hand. A reroll leaves a die a star half the time, so rerolling a die gains
``worth × (½ − star)``.

The normal policy picks its jobs and dice mostly at random. On its turn this one:
- holding no job that adds or steers cards, performs the Producer's when it can take such a
  job from a seat not known to be a friend, and performs that job at once;
- rerolls two dice when that gains about a card, unless it holds the Gaffer or the Composer,
  which do more;
- else performs a job that adds or steers cards, rerolls where that gains, or performs
  whatever job it holds; it passes rather than undo its side's stars.
The Director's token goes to its side; the Cinematographer reshoots a known rival's hand (or
its own, when that holds little for its side).
"""
from __future__ import annotations

import random
from typing import Any

from bot.engine import SeatKnowledge, State

from . import suspicion
from .bots import Hollywood1947Bot
from .production import COMPOSER, DIRECTOR, EDITOR, GAFFER, PRODUCER, SCREENWRITER
from .table import all_dice, holder

#: Jobs worth a turn whatever the dice: each adds or steers a card or the genre, or (the
#: Gaffer) rerolls three dice where they gain.
STRONG_JOBS = frozenset({SCREENWRITER, DIRECTOR, GAFFER, COMPOSER, EDITOR})
#: Jobs a turn of two rerolls does not beat: three rerolls, or a card chosen into the movie.
BETTER_THAN_REROLLS = frozenset({GAFFER, COMPOSER})
#: What two rerolls must gain (in cards for the seat's side) to be worth more than a job.
REROLLS_WORTH_A_JOB = 0.9
#: Jobs a Producer takes for itself and performs at once, the best first.
WORTH_TAKING = (COMPOSER, GAFFER, DIRECTOR, EDITOR)
#: How far a patriot's reading of a seat (chance patriot − chance communist) must lean
#: before it counts the seat as friend or foe: a guess acted on too early rerolls friends.
SURE = 0.6


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
        if state["phase"] == "production" and step["kind"] == "producer":
            taken = self._producer_plan(state, seat)
            pick = f"pick:{PRODUCER}" if step.get("first") is None else f"pick:{taken}"
            if taken is not None and pick in actions:
                return pick
        if state["phase"] == "production" and step["kind"] == "reshoot":
            return self._informed_reshoot(state, seat, actions, rng)
        return super().decide(knowledge, rng)

    # ------------------------------------------------------------- sides

    def _side(self, state: State, seat: int, owner: int | None) -> float:
        """+1 for ``seat`` itself or a friend, −1 for a rival, 0 unknown (a ghost, or a
        patriot's reading not yet sure)."""
        if owner == seat:
            return 1.0
        if owner is None:
            return 0.0
        mine = state["loyalty"][seat]
        if mine == "communist":
            return 1.0 if state["loyalty"][owner] == "communist" else -1.0
        if mine != "patriot":
            return 0.0
        reading = suspicion.chances(self.cx, state, seat)[owner]
        lean = reading.get("patriot", 0.0) - reading.get("communist", 0.0)
        return lean if abs(lean) >= SURE else 0.0

    def _worth(self, state: State, seat: int, die: dict[str, Any]) -> float:
        """How much a star on ``die`` is worth to ``seat``'s side; its own, what its best
        card in hand would do to the movie (a star must add one)."""
        if die.get("seat") == seat:
            hand = state["hands"][seat]
            best = max((self._value(state, seat, card) for card in hand), default=0.0)
            return max(-1.0, min(1.0, best))
        return self._side(state, seat, die.get("seat"))

    # -------------------------------------------------------------- dice

    def _gain(self, state: State, seat: int, die: dict[str, Any]) -> float:
        return self._worth(state, seat, die) * (0.5 - (1.0 if die["star"] else 0.0))

    def _rolls(self, state: State, seat: int, actions: set[str]) -> list[tuple[float, str]]:
        """Each die the seat may reroll now, as (gain, action), the best first."""
        rolls = [(self._gain(state, seat, die), f"roll:{die['id']}") for die in all_dice(state)
                 if f"roll:{die['id']}" in actions]
        return sorted(rolls, key=lambda pair: pair[0], reverse=True)

    def _best_roll(self, state: State, seat: int, actions: set[str]) -> tuple[float, str | None]:
        rolls = self._rolls(state, seat, actions)
        return rolls[0] if rolls else (0.0, None)

    def _two_rolls(self, state: State, seat: int, actions: set[str]) -> float:
        return sum(gain for gain, _ in self._rolls(state, seat, actions)[:2] if gain > 0)

    def _informed_roll(self, state: State, seat: int, actions: set[str], kind: str) -> str:
        gain, roll = self._best_roll(state, seat, actions)
        if kind == "reroll" and (roll is None or gain <= 0):
            return "stop"
        return roll if roll is not None else min(actions)  # the Gaffer always has dice

    # -------------------------------------------------------------- turn

    def _informed_turn(self, state: State, seat: int, actions: set[str],
                       rng: random.Random) -> str:
        jobs = sorted(a for a in actions if a.startswith("job:"))
        numbers = [int(a.partition(":")[2]) for a in jobs]
        strong = [a for a, job in zip(jobs, numbers, strict=True) if job in STRONG_JOBS]
        if not strong and PRODUCER in numbers and self._producer_plan(state, seat) is not None:
            return f"job:{PRODUCER}"
        gain, roll = self._best_roll(state, seat, actions)
        if (roll is not None and not BETTER_THAN_REROLLS.intersection(numbers)
                and self._two_rolls(state, seat, actions) >= REROLLS_WORTH_A_JOB):
            return roll
        if strong:
            return strong[0]
        if roll is not None and gain > 0:
            return roll
        if jobs:
            return jobs[0]
        return "pass"

    # -------------------------------------------------------------- jobs

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

    def _producer_plan(self, state: State, seat: int) -> int | None:
        """The job the Producer takes by swapping its own card with the player who holds it
        (then performs it at once): one not yet performed, from a seat not known to be a
        friend; None when there is none."""
        for job in WORTH_TAKING:
            if str(job) not in state["jobs"] or job in state["performed"]:
                continue
            owner = holder(state, job)
            if owner is not None and owner != seat and self._side(state, seat, owner) <= 0:
                return job
        return None

    def _informed_reshoot(self, state: State, seat: int, actions: set[str],
                          rng: random.Random) -> str:
        """Redraw a rival's hand, or the seat's own when it holds little for its side."""
        own_hand = sum(self._value(state, seat, card) for card in state["hands"][seat])

        def worth(action: str) -> float:
            target = int(action.partition(":")[2])
            return -own_hand / 2 if target == seat else -self._side(state, seat, target)
        options = sorted(actions)
        rng.shuffle(options)
        return max(options, key=worth)
