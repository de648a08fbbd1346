"""A sensible bot: takes and defends valuable properties, plays cards that pay.

It looks only at the public board and its own hand. Every move is scored by how
ownership would change: a property it gains counts its value, one it loses counts
against it, and taking or costing an opponent a property counts half its value.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import SeatKnowledge

from . import fortune
from .content import Board, CardKind, Property
from .estate import owner_of
from .turn import needs_zone_choice

#: A card is only worth spending when it gains at least this much.
CARD_THRESHOLD = 1.0
#: A defensive unit is worth this share of the property's value when the hold is thin.
DEFENCE_SHARE = 0.4
#: Holding this many cards, the bot answers an F with Second Chance rather than draw.
SPARE_CARDS = 3


def ownership_delta(seat: int, value: int, before: list[int], after: list[int]) -> float:
    """How much better (for ``seat``) a property's stack is after a change."""
    old, new = owner_of(before), owner_of(after)
    if old == new:
        return 0.0
    score = 0.0
    if new == seat:
        score += value
    if old == seat:
        score -= value
    if old is not None and old != seat:
        score += value / 2
    if new is not None and new != seat:
        score -= value / 2
    return score


def unit_score(seat: int, prop: Property, stack: list[int]) -> float:
    """The worth of putting one more of ``seat``'s units on ``prop``."""
    gain = ownership_delta(seat, prop.value, stack, stack + [seat])
    if gain:
        return gain
    if owner_of(stack) == seat:
        mine = stack.count(seat)
        rival = max((stack.count(other) for other in set(stack) if other != seat), default=0)
        if rival and mine - rival <= 1:
            return DEFENCE_SHARE * prop.value
    return 0.0


class BoardwalkBot:
    def __init__(self, game):
        self.game = game
        self.board: Board = game.board

    def decide(self, knowledge: SeatKnowledge, rng: random.Random) -> str:
        state, seat, choices = knowledge.state, knowledge.seat, knowledge.legal
        actions = [choice.action for choice in choices]
        if state["phase"] == "build":
            return self._build_step(state, seat, actions)
        if state["phase"] == "fortune_roll":
            return self._fortune_roll(state, seat, actions)
        if state["play"] is not None:
            return self._target_step(state, seat, actions)
        return self._end_of_turn(state, seat, actions)

    # --- building -----------------------------------------------------------------------

    def _build_step(self, state: dict, seat: int, actions: list[str]) -> str:
        build = state["build"]
        cards = [a for a in actions if a.startswith("card:")]
        if cards:
            card = self._after_roll_card(state, seat, cards)
            if card:
                return card
        if needs_zone_choice(state):
            zones = [a for a in actions if a.startswith("zone:")]
            if zones:
                return max(zones, key=lambda a: self._plan(state, seat, zones=[a[5:]], limit=1))
            return "done"
        builds = [a for a in actions if a.startswith("build:")]
        if not builds:
            return "done"
        props = [self.board.properties[a[6:]] for a in builds]
        best = max(props, key=lambda p: (unit_score(seat, p, state["stacks"][p.id]), p.value))
        if (
            unit_score(seat, best, state["stacks"][best.id]) <= 0
            and build["placed"]
            and "done" in actions
        ):
            return "done"
        return f"build:{best.id}"

    def _fortune_roll(self, state: dict, seat: int, actions: list[str]) -> str:
        """An F builds nothing: with cards to spare, trade the draw for a new roll."""
        rerolls = [a for a in actions if a.startswith("card:")]
        if rerolls and len(state["hands"][seat]) >= SPARE_CARDS:
            return rerolls[0]
        return "draw"

    def _plan(
        self,
        state: dict,
        seat: int,
        *,
        budget: int | None = None,
        zones: list[str] | None = None,
        limit: int | None = None,
    ) -> float:
        """The score of a greedy build with these (possibly card-changed) conditions."""
        build = state["build"]
        left = (budget if budget is not None else build["budget"]) - build["spent"]
        zones = list(build["zones"] if zones is None else zones)
        limit = build["zone_limit"] if limit is None else limit
        stacks = {pid: list(stack) for pid, stack in state["stacks"].items()}
        fresh = set(build["fresh"])
        units = state["supply"][seat]
        total = 0.0
        while units:
            options = [
                p
                for p in self.board.properties.values()
                if p.value <= left and p.id not in fresh and (p.zone in zones or len(zones) < limit)
            ]
            scored = [(unit_score(seat, p, stacks[p.id]), p.value, p.id) for p in options]
            scored = [s for s in scored if s[0] > 0]
            if not scored:
                break
            score, value, pid = max(scored)
            prop = self.board.properties[pid]
            if not stacks[pid]:
                fresh.add(pid)
            if prop.zone not in zones:
                zones.append(prop.zone)
            stacks[pid].append(seat)
            left -= value
            units -= 1
            total += score
        return total

    def _after_roll_card(self, state: dict, seat: int, cards: list[str]) -> str | None:
        build = state["build"]
        if needs_zone_choice(state):
            baseline = max(
                (self._plan(state, seat, zones=[z.id], limit=1) for z in self.board.zones),
                default=0.0,
            )
        else:
            baseline = self._plan(state, seat)
        best, best_gain = None, CARD_THRESHOLD * 2
        for action in cards:
            kind = self.board.card(action[5:])
            if kind.effect == "add_budget":
                zones = [[z.id] for z in self.board.zones] if needs_zone_choice(state) else [None]
                value = max(
                    self._plan(state, seat, budget=build["budget"] + kind.amount, zones=z)
                    for z in zones
                )
            elif kind.effect == "second_zone":
                value = self._plan(state, seat, limit=2)
            elif kind.effect == "choose_zone":
                value = max(
                    self._plan(state, seat, zones=[z.id], limit=1) for z in self.board.zones
                )
            else:  # reroll: worth it when this roll builds nothing useful
                value = 4.0 if baseline <= 0 else 0.0
            if value - baseline > best_gain:
                best, best_gain = action, value - baseline
        return best

    # --- Fortune cards ------------------------------------------------------------------

    def _end_of_turn(self, state: dict, seat: int, actions: list[str]) -> str:
        best, best_score = "end", CARD_THRESHOLD
        for action in actions:
            if not action.startswith("card:"):
                continue
            kind = self.board.card(action[5:])
            score, _ = self._best_target(state, seat, kind)
            if score > best_score:
                best, best_score = action, score
        return best

    def _target_step(self, state: dict, seat: int, actions: list[str]) -> str:
        kind = self.board.card(state["play"]["card"])
        _, plan = self._best_target(state, seat, kind, fixed=state["play"]["at"])
        for action in plan:
            if action in actions:
                return action
        return "back"

    def _best_target(
        self, state: dict, seat: int, kind: CardKind, fixed: str | None = None
    ) -> tuple[float, list[str]]:
        """The card's best use: its score and the actions (targets) that make it."""
        if kind.effect == "draw":
            return float(kind.amount), []
        stacks = state["stacks"]
        candidates: list[tuple[float, list[str]]] = []

        def consider(score: float, plan: list[str]) -> None:
            candidates.append((score, plan))

        if kind.effect == "disaster_zone":
            for zone in fortune.zone_targets(self.board, state):
                score = sum(
                    self._after(seat, p, stacks[p.id], lambda s: s[:-1])
                    for p in self.board.zone(zone).properties
                    if stacks[p.id]
                )
                consider(score, [f"zone:{zone}"])
        else:
            targets = fortune.property_targets(self.board, state, seat, kind)
            if fixed is not None:
                targets = [self.board.properties[fixed]]
            for prop in targets:
                self._consider_property(state, seat, kind, prop, consider)
        if not candidates:
            return 0.0, []
        return max(candidates, key=lambda c: c[0])

    def _consider_property(
        self,
        state: dict,
        seat: int,
        kind: CardKind,
        prop: Property,
        consider: Callable[[float, list[str]], None],
    ) -> None:
        stack = state["stacks"][prop.id]
        at = f"at:{prop.id}"
        if kind.effect in ("build_vacant", "build_where_present", "build_any"):
            consider(unit_score(seat, prop, stack), [at])
        elif kind.effect == "disaster_property":
            consider(self._after(seat, prop, stack, lambda s: []), [at])
        elif kind.effect in ("remove_opponent", "replace_opponent"):
            for other in fortune.opponents_at(state, seat, prop.id):
                if kind.effect == "remove_opponent":
                    top = len(stack) - 1 - stack[::-1].index(other)
                    after = stack[:top] + stack[top + 1 :]
                else:
                    low = stack.index(other)
                    after = stack[:low] + [seat] + stack[low + 1 :]
                consider(ownership_delta(seat, prop.value, stack, after), [at, f"who:{other}"])
        elif kind.effect == "relocate_own":
            top = len(stack) - 1 - stack[::-1].index(seat)
            remaining = stack[:top] + stack[top + 1 :]
            loss = ownership_delta(seat, prop.value, stack, remaining)
            for dest in fortune.relocation_targets(self.board, prop):
                gain = unit_score(seat, dest, state["stacks"][dest.id])
                consider(loss + gain, [at, f"to:{dest.id}"])

    @staticmethod
    def _after(
        seat: int, prop: Property, stack: list[int], change: Callable[[list[int]], list[int]]
    ) -> float:
        return ownership_delta(seat, prop.value, stack, change(list(stack)))
