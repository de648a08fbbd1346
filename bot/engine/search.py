"""The strong level: determinized search around a title's normal policy, for every title.

At each decision the searcher takes a few candidate moves (the normal policy's picks, then
the other plain legal moves), and for each of several samples of what the seat cannot see
(the title's ``determinize``) plays every candidate out with the normal policy moving for
all seats, ``depth`` moves ahead, then judges the position with the title's ``utility``.
Every candidate meets the same samples and the same dice (common random numbers), so a
handful of samples already tells candidates apart; the normal policy's own pick stays
unless another beats it by ``margin``. The normal policy is the playout and the prior.

Pure: no clock but ``time.perf_counter`` when a budget in seconds is given; with a budget
in samples only, a decision depends only on the knowledge and the generator.
"""
from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from .fair import Determinize
from .protocol import SYSTEM_SEAT, BotPolicy, Game, IllegalMove, SeatKnowledge, State
from .runner import copy_state

#: ``utility(state, seat) -> float`` in [0, 1]: how well ``seat`` stands in a game not over.
Utility = Callable[[State, int], float]


@dataclass(frozen=True)
class Budget:
    """How hard the strong bot thinks at one decision."""

    #: Samples of the hidden things; each plays every candidate out once.
    samples: int = 64
    #: Wall time for the decision; None for a budget in samples only (tests, the arena).
    seconds: float | None = 1.0
    #: Moves (all seats) a playout looks ahead before the position is judged; None: the
    #: title's own (its knowledge module's DEPTH), else ``PLAYOUT_DEPTH``.
    depth: int | None = None
    #: Candidate moves weighed at most.
    candidates: int = 5
    #: How much better (in utility) a move must score than the normal policy's pick.
    margin: float = 0.02
    #: And by how many standard errors of the paired difference (widened as Student's t
    #: for few samples); None: the title's own (its knowledge module's CONFIDENCE), else
    #: none asked. Where one seat sways the result
    #: little (a team game) playouts are noisy, and a move chosen by noise is a worse one.
    confidence: float | None = None


@dataclass(frozen=True)
class Estimate:
    """One candidate as the search judged it: its mean playout score over ``samples`` (a
    finished playout scores 1 for a win, 0 for a loss; one cut short, the title's ``utility``):
    the seat's estimated chance to win after that move."""

    action: str
    chance: float
    samples: int


@dataclass(frozen=True)
class Weighed:
    """A strong decision and what it weighed: each candidate's scores on the same samples."""

    choice: str
    candidates: tuple[str, ...]
    scores: list[list[float]]

    def estimates(self) -> list[Estimate]:
        """The candidates with a score, best first (the search's own order on a tie)."""
        found = [Estimate(action, sum(scores) / len(scores), len(scores))
                 for action, scores in zip(self.candidates, self.scores, strict=True) if scores]
        return sorted(found, key=lambda estimate: -estimate.chance)


#: How far a playout looks ahead unless the budget or the title says otherwise.
PLAYOUT_DEPTH = 24

#: The level's default: about a second a decision on one core.
DEFAULT_BUDGET = Budget()


def margin_utility(values: list[float], seat: int, scale: float) -> float:
    """A standing in [0, 1] from each seat's score: 0.5 level with the best rival, towards 1
    when ``scale`` or more ahead, towards 0 when as far behind."""
    rival = max(value for other, value in enumerate(values) if other != seat)
    return 0.5 + 0.5 * math.tanh((values[seat] - rival) / scale)


class SearchPolicy:
    """A ``BotPolicy`` that searches; ``policy`` is the title's normal one."""

    def __init__(self, game: Game, policy: BotPolicy, determinize: Determinize, utility: Utility,
                 budget: Budget = DEFAULT_BUDGET, prior: BotPolicy | None = None) -> None:
        self.game = game
        self.policy = policy
        #: Whose pick the search starts from and keeps unless beaten: the normal policy, or
        #: a title's better-informed one (its knowledge module's ``prior``), which also plays
        #: the seat's own later moves in playouts; the other seats play the normal policy.
        self.prior = prior or policy
        self.determinize = determinize
        self.utility = utility
        self.budget = budget
        self.depth = budget.depth or PLAYOUT_DEPTH
        self.confidence = budget.confidence or 0.0
        self._volunteer = getattr(policy, "volunteer", None)

    def decide(self, knowledge: SeatKnowledge, rng: random.Random) -> str:
        return self.weigh(knowledge, rng).choice

    def weigh(self, knowledge: SeatKnowledge, rng: random.Random) -> Weighed:
        """The decision with what it was weighed on: every candidate's playout scores on the
        same samples (``decide`` is its choice; a hint shows the estimates)."""
        candidates = self._candidates(knowledge, rng)
        scores: list[list[float]] = [[] for _ in candidates]
        if len(candidates) == 1:
            return Weighed(candidates[0], tuple(candidates), scores)
        budget = self.budget
        stop = None if budget.seconds is None else time.perf_counter() + budget.seconds
        while len(scores[0]) < budget.samples and (stop is None or time.perf_counter() < stop):
            sample = self.determinize(knowledge.state, knowledge.seat, rng)
            dice = rng.getrandbits(64)
            for index, action in enumerate(candidates):
                scores[index].append(self._playout(sample, knowledge.seat, action, random.Random(dice)))
        if not scores[0]:
            return Weighed(candidates[0], tuple(candidates), scores)
        best = max(range(len(candidates)), key=lambda i: sum(scores[i]))
        choice = candidates[best] if self._better(scores[best], scores[0]) else candidates[0]
        return Weighed(choice, tuple(candidates), scores)

    def _better(self, mine: list[float], prior: list[float]) -> bool:
        """Whether a candidate beat the normal policy's pick on the same samples, by the
        margin and (if asked) by ``confidence`` standard errors of the paired difference."""
        differences = [a - b for a, b in zip(mine, prior, strict=True)]
        mean = sum(differences) / len(differences)
        if mean <= self.budget.margin:
            return False
        if not self.confidence or len(differences) < 2:
            return True
        spread = statistics.stdev(differences) / math.sqrt(len(differences))
        return mean > self.confidence * _small_sample(len(differences) - 1) * spread

    def _candidates(self, knowledge: SeatKnowledge, rng: random.Random) -> list[str]:
        """The prior's pick first, then the normal policy's picks, then other plain moves."""
        limit = self.budget.candidates
        picks: list[str] = []
        if self.prior is not self.policy:
            picks.append(self.prior.decide(knowledge, random.Random(rng.random())))
        for attempt in range(limit - len(picks)):
            pick = self.policy.decide(knowledge, rng if attempt == 0 else random.Random(rng.random()))
            if pick not in picks:
                picks.append(pick)
        others = [c.action for c in knowledge.legal if not c.template and c.action not in picks]
        room = max(0, limit - len(picks))
        if len(others) > room:
            others = rng.sample(others, room)
        return picks + others

    def _playout(self, sample: State, seat: int, action: str, rng: random.Random) -> float:
        game = self.game
        state = copy_state(sample)
        try:
            game.apply(state, seat, action, rng)
            for _ in range(self.depth):
                if game.result(state) is not None:
                    break
                if not self._step(state, seat, rng):
                    break
        except IllegalMove:
            pass  # a sample the policy misjudged: judge the position where it stopped
        result = game.result(state)
        if result is not None:
            return 1.0 if seat in result.winners else 0.0
        return self.utility(state, seat)

    def _step(self, state: State, seat: int, rng: random.Random) -> bool:
        """One move of the playout, as the host would make it (``seat`` by the prior, as
        it will play); False when nothing is due."""
        game = self.game
        pending = game.pending(state)
        if self._volunteer is not None:
            for other in range(_players(state)):
                offered = () if other in pending else tuple(game.legal(state, other))
                if offered:
                    move = self._volunteer(SeatKnowledge(other, state, offered), rng)
                    if move is not None:
                        game.apply(state, other, move, rng)
                        return True
        if pending:
            mover = min(pending)
            legal = tuple(game.legal(state, mover))
            policy = self.prior if mover == seat else self.policy
            game.apply(state, mover, policy.decide(SeatKnowledge(mover, state, legal), rng), rng)
            return True
        due = getattr(game, "deadlines", None)
        listed = due(state) if due is not None else []
        if listed:
            game.apply(state, SYSTEM_SEAT, listed[0].action, rng)
            return True
        return False


#: Student's t at 97.5 % for 1, 2, … degrees of freedom, over the normal's 1.96: how much
#: wider a few samples' standard error must be taken (beyond 30, as good as normal).
_T975 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14,
         2.13, 2.12, 2.11, 2.10, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05, 2.05,
         2.05, 2.04)


def _small_sample(degrees: int) -> float:
    """A standard error from ``degrees + 1`` samples is itself a guess: with four samples,
    two "standard errors" are crossed by chance one time in fourteen, not one in 44."""
    return (_T975[degrees - 1] if degrees <= len(_T975) else 1.96) / 1.96


def _players(state: State) -> int:
    players = state.get("players")
    return players if isinstance(players, int) else len(state.get("seats", ()))


