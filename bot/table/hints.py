"""Hints (issue 39, part 3): the strong bot's best moves for a seat, with the chance of winning
its samples gave each, for a member at a table with the coach.

A hint is the strong level's own weighing (``SearchPolicy.weigh``), with that level's budget,
of the seat's knowledge only (the fair bot's ``knowledge``: everything the seat cannot see is
dealt again), from a generator seeded by public things (the game, the move, the seat), so two
games the seat cannot tell apart get the same hint. It is thought in the drawing workers, as a
strong bot's move is, never on the event loop.

A seat gets one hint a decision (its epoch: the moment its choices last changed) and
``HINTS_PER_GAME`` a game. Each is claimed in the store's meta table with ``first_meta``, which
writes a key once, so two clicks at once, in two processes, give one hint. The rules and their
sentences are the coach's (the ``coach`` gettext domain).
"""
from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from bot.community.practice import coached
from bot.engine import Choice, State, rng_for
from bot.engine.fair import FairBot
from bot.engine.search import Budget, Estimate, SearchPolicy, Weighed
from bot.games import registry
from bot.store.base import Store
from bot.table.coach import coach_words
from bot.table.model import Table, TableError
from bot.table.notices import name_seats
from bot.table.thinking import Thinking

#: Hints one seat may ask for in a game, besides one a decision.
HINTS_PER_GAME = 5
#: How many of the strong bot's moves a hint shows, best first.
SHOWN = 3
#: The job the workers run (a module-level function, found by name).
JOB = f"{__name__}:weigh_for_hint"


@dataclass(frozen=True)
class Hint:
    """What a seat is told: the moves, as its choices are labelled, and their estimates."""

    seat: int
    moves: list[tuple[str, Estimate]]  # (label, estimate): the strong bot's pick, then the best others
    left: int                          # hints the seat has left this game
    choice: str = ""                   # the strong bot's move, as labelled (alone when nothing was weighed)


def weigh_for_hint(game_type: str, state: State, seat: int, salt: str, budget: Budget) -> bytes:
    """The strong bot's choice and estimates for ``seat`` (in a worker: bytes, as the pool's
    jobs return). A decision with one move worth weighing has no estimates, only its choice."""
    weighed = _weighed(game_type, state, seat, salt, budget)
    if len(weighed.candidates) > 1 and not weighed.estimates():
        # The clock ran out before a first sample (a worker kept waiting on a busy machine):
        # one sample, however long it takes, rather than a hint with nothing in it.
        weighed = _weighed(game_type, state, seat, salt, replace(budget, samples=1, seconds=None))
    # The strong bot's own pick first (it keeps its first candidate unless another is better by
    # the margin and Student's t: a lead on few samples can be noise), then the best others.
    ranked = sorted(weighed.estimates(), key=lambda estimate: estimate.action != weighed.choice)
    estimates = [[e.action, e.chance, e.samples] for e in ranked[:SHOWN]]
    return json.dumps({"choice": weighed.choice, "estimates": estimates}).encode()


def _weighed(game_type: str, state: State, seat: int, salt: str, budget: Budget) -> Weighed:
    strong = _strong(game_type, budget)
    rng = rng_for(salt, state["_move"], f"hint{seat}")
    policy = strong.policy
    assert isinstance(policy, SearchPolicy)  # the strong level's
    return policy.weigh(strong.knowledge(state, seat, rng), rng)


@cache
def _strong(game_type: str, budget: Budget) -> FairBot:
    return registry.bots(game_type, budget=budget)[1]


async def hint(store: Store, thinking: Thinking, table: Table, user_id: int, language: str) -> Hint:
    """The hint for ``user_id``'s seat at ``table`` now, or a sentence (in ``language``) saying
    why not: a rated table, no decision of theirs, this decision's hint given, none left."""
    said = coach_words(language)
    seat = table.seat_of(user_id)
    if not coached(table.record.settings):
        raise TableError.verbatim(said.t(
            "Hints are for tables where members learn: a practice table (`/game learn`) or one opened "
            "with `coach=yes`. This game is rated, so nobody gets one here."))
    game = registry.game(table.record.game_type)
    if table.record.status != "running" or seat is None or seat not in game.pending(table.state):
        raise TableError.verbatim(said.t("A hint is for a decision of yours: ask when the game waits on you."))
    left = await _claim(store, table, seat, said)
    choice, found = await _think(thinking, table, seat)
    labels = _labels(game.legal(table.state, seat), table.names())
    moves = [(_label(estimate.action, labels), estimate) for estimate in found]
    return Hint(seat, moves, left, _label(choice, labels))


async def _claim(store: Store, table: Table, seat: int, said: Any) -> int:
    """Claim this decision's hint and one of the game's; returns how many are left after it."""
    slots = [f"hint:{table.id}:{seat}:{number}" for number in range(1, HINTS_PER_GAME + 1)]
    used = [slot for slot in slots if await store.meta(slot) is not None]
    if len(used) >= HINTS_PER_GAME:
        raise TableError.verbatim(said.tn(
            "You have had {count} hint this game, the most a game gives: this decision is yours alone.",
            "You have had {count} hints this game, the most a game gives: this decision is yours alone.",
            HINTS_PER_GAME))
    epoch = table.record.seat_epochs.get(seat, table.record.version)
    token = secrets.token_hex(8)
    if await store.first_meta(f"hint:{table.id}:{seat}:at:{epoch}", token) != token:
        raise TableError.verbatim(said.t("You have had this decision's hint; the next decision may have one."))
    for slot in slots:
        if slot not in used and await store.first_meta(slot, token) == token:
            return HINTS_PER_GAME - slots.index(slot) - 1
    return 0


async def _think(thinking: Thinking, table: Table, seat: int) -> tuple[str, list[Estimate]]:
    """The strong bot's choice and estimates, in the drawing workers (a thread where there
    are none)."""
    args = (table.record.game_type, table.state, seat, f"hint:{table.id}", thinking.budget)
    if thinking.drawing is not None:
        found = json.loads(await thinking.drawing.draw(JOB, *args))
    else:
        found = json.loads(await asyncio.to_thread(weigh_for_hint, *args))
    return found["choice"], [Estimate(action, chance, samples) for action, chance, samples in found["estimates"]]


def _labels(choices: list[Choice], names: list[str]) -> dict[str, str]:
    return {choice.action: name_seats(choice.label, names, bold=False) for choice in choices}


def _label(action: str, labels: dict[str, str]) -> str:
    """A move as the seat's choices label it; a filled template (``bid:5`` for ``bid:{}``) as
    the template's label with the value."""
    if action in labels:
        return labels[action]
    verb, _, value = action.rpartition(":")
    template = labels.get(f"{verb}:{{}}")
    return f"{template}: {value}" if template else action


def hint_lines(found: Hint, language: str) -> str:
    """The hint as its seat reads it, privately."""
    said = coach_words(language)
    if not found.moves:
        lines = [said.t("💡 The strong bot weighs only one move here: *{move}*.", move=found.choice)]
    else:
        lines = [said.t("💡 **The strong bot would play the first of these** (its estimate of your chance to "
                        "win after each, from the games it sampled):")]
    for label, estimate in found.moves:
        lines.append("- " + said.tn("*{move}*: wins {percent} % of {count} sampled game",
                                    "*{move}*: wins {percent} % of {count} sampled games",
                                    estimate.samples, move=label, percent=round(100 * estimate.chance)))
    lines.append("-# " + said.tn("The table is told you asked. {count} hint left this game.",
                                 "The table is told you asked. {count} hints left this game.", found.left))
    return "\n".join(lines)


def asked_line(language: str, seat: int) -> str:
    """The thread's line when a seat asks for a hint, so nobody hides one."""
    return coach_words(language).t("💡 {seat} asked the coach for a hint.", seat=f"{{p{seat}}}")
