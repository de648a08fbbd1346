"""How the members play Hollywood 1947 in the e2e scenario, and the game that seed makes.

A member decides from the actions the controls in front of them offer (a thread post's
buttons and selects, or a DM's or the ephemeral panel's): ``choose`` is that decision. It is
a pure function of the offered actions, so ``predict`` can play the same game with the rules
alone (bots answering as the host lets them, lowest seat first) and a scenario can pick a seed
whose table it knows: who is a communist, how many moves, which private decisions come up.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.engine import new_game, play, rng_for
from bot.games import registry

GAME_ID = "hollywood-1947"
KIT = registry.kit(GAME_ID)
GAME = KIT.game
CX = GAME.content

#: What a member goes for, best first: their job, a card into the movie, a token spent, the
#: Editor's cut, then the first target offered; a die only when there is nothing better.
PREFERRED = ("job:", "poster:", "compose:", "discard:", "add:", "token:", "edit:discard",
             "give:", "from:", "pick:", "reshoot:", "roll:")
FALLBACK = ("stop", "end", "done", "keep", "pass")


def choose(actions: list[str]) -> str:
    """The member's pick among the actions their controls offer."""
    for prefix in PREFERRED:
        for action in actions:
            if action.startswith(prefix):
                return action
    for word in FALLBACK:
        if word in actions:
            return word
    raise AssertionError(f"nothing a member would pick among {actions}")


def private_kind(action: str) -> str:
    """The name of the private decision an action belongs to (for the figures)."""
    return {"poster": "Screenwriter's poster", "compose": "Composer's card",
            "discard": "Actress/Actor discard", "add": "card added for a star",
            "token": "token spent", "edit": "Editor's decision"}[action.partition(":")[0]]


@dataclass
class Prediction:
    """The game a seed makes when members ``choose`` and bots play as the host runs them."""

    seed: int
    players: int
    humans: int
    loyalty: list[str]
    log: list[tuple[int, str]] = field(default_factory=list)
    private: Counter = field(default_factory=Counter)  # private decision kind → count (humans)
    movies: int = 0
    outcome: dict[str, Any] | None = None

    @property
    def human_moves(self) -> int:
        return sum(1 for seat, _ in self.log if seat < self.humans)


def predict(seed: int, players: int, humans: int, options: dict[str, Any] | None = None,
            max_moves: int = 2000) -> Prediction:
    """Play the seed with seats 0..humans-1 choosing like members, the rest as bot seats."""
    state = new_game(GAME, players, options or {}, seed)
    found = Prediction(seed, players, humans, list(state["loyalty"]))

    def run_bots(state: dict[str, Any]) -> dict[str, Any]:
        while GAME.result(state) is None:
            bots = sorted(s for s in GAME.pending(state) if s >= humans)
            if not bots:
                return state
            seat = bots[0]
            action = KIT.bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
            found.log.append((seat, action))
            state, _ = play(GAME, state, seat, action)
        return state

    state = run_bots(state)
    while GAME.result(state) is None and len(found.log) < max_moves:
        seat = min(GAME.pending(state))
        choices = GAME.legal(state, seat)
        public = [c.action for c in choices if not c.private]
        # On the thread a member sees the public choices; a wholly private decision, or a
        # token they may spend, they take from their DM or panel, which offers everything.
        wants_panel = not public or state["phase"] == "tokens"
        offered = [c.action for c in choices] if wants_panel else public
        action = choose(offered)
        if action.partition(":")[0] in ("poster", "compose", "discard", "add", "token", "edit"):
            found.private[private_kind(action)] += 1
        found.log.append((seat, action))
        state, _ = play(GAME, state, seat, action)
        state = run_bots(state)
    found.movies = len(state["films"])
    found.outcome = state["outcome"]
    return found


#: The private decisions the full-game scenario wants members to take.
WANTED = {"Screenwriter's poster", "Editor's decision", "card added for a star", "token spent",
          "Composer's card", "Actress/Actor discard"}


def seeds_for_the_scenario(seeds: range, players: int = 5, humans: int = 3) -> list[Prediction]:
    """Seeds where the members are two communists and a patriot, every decision in ``WANTED``
    comes up for a member, and all of them add a card for a star; shortest games first.
    (If a rules change reshapes the seeded game, pick a new seed from this list.)"""
    found = []
    for seed in seeds:
        plan = predict(seed, players, humans)
        members = plan.loyalty[:humans]
        adders = {seat for seat, action in plan.log if seat < humans and action.startswith("add:")}
        if sorted(members).count("communist") == 2 and "patriot" in members \
                and WANTED <= set(plan.private) and len(adders) == humans:
            found.append(plan)
    return sorted(found, key=lambda plan: (plan.human_moves, len(plan.log)))
