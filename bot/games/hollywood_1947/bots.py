"""A bot that plays its loyalty: patriots push patriot symbols, communists communist ones,
the Rising Star keeps the score close. It reads only what its own seat may know.
"""
from __future__ import annotations

import random

from bot.engine import SeatKnowledge, State

from .content import Content
from .table import team_wins


class Hollywood1947Bot:
    def __init__(self, game):
        self.game = game
        self.cx: Content = game.content

    def decide(self, knowledge: SeatKnowledge, rng: random.Random) -> str:
        state, seat = knowledge.state, knowledge.seat
        actions = [choice.action for choice in knowledge.legal]
        by_verb: dict[str, list[str]] = {}
        for action in actions:
            by_verb.setdefault(action.partition(":")[0], []).append(action)
        phase, step = state["phase"], state["step"]
        if phase == "handpick":
            drops = by_verb.get("drop", [])
            return rng.choice(drops) if drops and rng.random() < 0.3 else "deal"
        if phase in ("stars", "tokens"):
            return self._add_card(state, seat, by_verb)
        if phase == "editor":
            card = state["editor_card"]
            return "edit:discard" if self._value(state, seat, card) < 0 else "edit:return"
        if step is None:
            return self._turn(state, seat, by_verb, rng)
        return self._step(state, seat, step, by_verb, rng)

    # ------------------------------------------------------------- values

    def _value(self, state: State, seat: int, card_id: str) -> float:
        card = self.cx.cards[card_id]
        lean = card.patriot - card.communist
        loyalty = state["loyalty"][seat]
        if loyalty == "patriot":
            return lean
        if loyalty == "communist":
            return -lean
        # Rising Star: help whoever trails, and keep the seventh movie close.
        if len(state["films"]) >= 6:
            return -abs(lean)
        behind = team_wins(state, "patriot") - team_wins(state, "communist")
        return lean if behind < 0 else -lean if behind > 0 else -abs(lean) * 0.1

    def _symbol_value(self, state: State, seat: int, symbol: str) -> float:
        lean = {"patriot": 1, "communist": -1, "neutral": 0}[symbol]
        loyalty = state["loyalty"][seat]
        return lean if loyalty == "patriot" else -lean if loyalty == "communist" else -abs(lean)

    def _best_card(self, state: State, seat: int, actions: list[str]) -> str:
        return max(actions, key=lambda a: self._value(state, seat, a.partition(":")[2]))

    # -------------------------------------------------------------- post

    def _add_card(self, state: State, seat: int, by_verb: dict[str, list[str]]) -> str:
        cards = by_verb.get("add", []) or by_verb.get("token", [])
        best = self._best_card(state, seat, cards) if cards else None
        optional = "done" in by_verb or "keep" in by_verb
        if optional and (best is None or self._value(state, seat, best.partition(":")[2]) <= 0):
            return "done" if "done" in by_verb else "keep"
        return best

    # -------------------------------------------------------- production

    def _turn(self, state: State, seat: int, by_verb: dict[str, list[str]],
              rng: random.Random) -> str:
        jobs = by_verb.get("job", [])
        if jobs and rng.random() < 0.85:
            return rng.choice(jobs)
        if by_verb.get("swap") and rng.random() < 0.3:
            return rng.choice(by_verb["swap"])
        if "peek" in by_verb and rng.random() < 0.2:
            return "peek"
        own_blank = [f"roll:{d['id']}" for d in state["dice"]
                     if d["seat"] == seat and not d["star"]]
        if own_blank and rng.random() < 0.7:
            return own_blank[0]
        return "pass"

    def _step(self, state: State, seat: int, step: dict, by_verb: dict[str, list[str]],
              rng: random.Random) -> str:
        kind = step["kind"]
        if kind == "screenwriter":
            return max(by_verb["poster"], key=lambda a: self._symbol_value(
                state, seat, self.cx.posters[a.partition(":")[2]].symbol))
        if kind == "composer":
            return self._best_card(state, seat, by_verb["compose"])
        if kind == "discard":
            return min(by_verb["discard"],
                       key=lambda a: self._value(state, seat, a.partition(":")[2]))
        if kind == "producer_new":
            return by_verb["job"][0]
        if kind == "director":
            mine = f"give:p{seat}"
            if mine in by_verb.get("give", []):
                return mine
            return rng.choice(by_verb.get("give") or by_verb["from"])
        if kind == "reshoot":
            others = [a for a in by_verb["reshoot"] if a != f"reshoot:{seat}"]
            return rng.choice(others or by_verb["reshoot"])
        if kind in ("gaffer", "reroll"):
            rollable = set(by_verb.get("roll", []))
            own_blank = [f"roll:{d['id']}" for d in state["dice"]
                         if d["seat"] == seat and not d["star"] and f"roll:{d['id']}" in rollable]
            if own_blank:
                return own_blank[0]
            if kind == "reroll":
                return "stop"
            return rng.choice(by_verb["roll"])
        return rng.choice(by_verb["pick"])
