"""A sensible Hollywood Boulevard player: invests early, picks good value per minute,
advertises with part of its spare cash, plays the tips it can, and keeps money flowing."""
from __future__ import annotations

import random

from bot.engine import SeatKnowledge

from .common import chip, upkeep
from .content import Content, Film

EXPECTED_PIPS = 3.5


class BoulevardBot:
    def __init__(self, game):
        self.game = game
        self.c: Content = game.content

    def decide(self, knowledge: SeatKnowledge, rng: random.Random) -> str:
        state, seat = knowledge.state, knowledge.seat
        actions = [choice.action for choice in knowledge.legal]
        phase = state["phase"]
        if phase == "place":
            return self._place(state, seat, actions, rng)
        if phase == "genre":
            return self._genre(state, actions)
        if phase == "pick":
            return self._pick(state, seat, actions)
        if phase == "screen":
            return self._advertise(state, seat, actions, rng)
        return self._blockbuster(actions)

    # --- placement --------------------------------------------------------------------------

    def _place(self, state: dict, seat: int, actions: list[str], rng: random.Random) -> str:
        c, cash = self.c, state["cash"][seat]
        rounds_left = state["rounds"] - state["round"]
        if "remove:loan" in actions and cash >= 2 * c.sections["loan"].loan:
            return "remove:loan"
        if not rounds_left and "remove:parties" in actions:
            return "remove:parties"  # no tips are drawn after the last round: save the upkeep
        runtime = chip(state, seat, "runtime")
        wanted: dict[str, float] = {
            "place:distribution": 3, "place:preview": 2, "place:agency": 2,
            # Borrow when short, or now and then early on, to invest (repaid once rich).
            "place:loan": 6 if cash < 8000 and rounds_left else (1 if state["round"] == 1 else 0),
            "place:manager": 4 if rounds_left >= 2 and cash >= 22000 else 0,
            f"place:runtime:{max(1, 2 - runtime)}": 3 if runtime < 2 else 0,
            "place:reroll:1": 1,
            "place:parties": 2 if rounds_left >= 2 and cash >= 15000 else 0,
            "place:scope": 4 if cash >= 14000 and state["round"] >= state["switch_after"] else 0,
            "place:3d": 2 if cash >= 10000 and state["deck_number"] == 1 else 0,
            "place:lens:both": 3 if cash >= 16000 else 0,
        }
        for box in ("parking", "concessions", "ac"):
            for count in range(3, 0, -1):
                if f"place:{box}:{count}" in actions and cash - 1000 * count >= 8000:
                    wanted[f"place:{box}:{count}"] = 3
                    break
        star = self._best_star(state, actions)
        if star:
            wanted[star] = 2
        options = [(a, w) for a, w in wanted.items() if w > 0 and a in actions]
        if not options:
            return rng.choice([a for a in actions if a.startswith("place:")])
        picks, weights = zip(*options)
        return rng.choices(picks, weights=weights)[0]

    def _best_star(self, state: dict, actions: list[str]) -> str | None:
        """The star who appears most in this round's array."""
        counts: dict[str, int] = {}
        for film_id in state["array"]:
            for star in self.c.films[film_id].stars:
                counts[star] = counts.get(star, 0) + 1
        ranked = sorted(counts, key=lambda s: -counts[s])
        return next((f"place:star:{s}" for s in ranked if f"place:star:{s}" in actions), None)

    def _genre(self, state: dict, actions: list[str]) -> str:
        dice: dict[str, int] = {}
        for film_id in state["array"]:
            film = self.c.films[film_id]
            dice[film.genre] = dice.get(film.genre, 0) + film.dice
        return max(actions, key=lambda a: dice.get(a.partition(":")[2], 0))

    # --- films ------------------------------------------------------------------------------

    def _value(self, state: dict, seat: int, film: Film) -> float:
        """Expected profit per quarter hour of screen time."""
        genre = state["genre"]
        preview = state["secret"]["preview"]
        if preview and preview["seat"] == seat:
            genre = preview["genre"]
        cubes = sum(len(state["cubes"].get(s, [])) for s in film.stars)
        dice = film.dice + cubes + (1 if film.genre == genre else 0)
        return (EXPECTED_PIPS * dice * 1000 - film.price) / film.minutes

    def _pick(self, state: dict, seat: int, actions: list[str]) -> str:
        tips = [a for a in actions if a.startswith("tip:")]
        films = [self.c.films[a[5:]] for a in actions if a.startswith("pick:")]
        if tips and films:
            return tips[0]
        reserve = upkeep(self.c, state, seat) + 2000
        affordable = [f for f in films if f.price <= state["cash"][seat] - reserve or not state["screened"][seat]]
        if not affordable:
            return "done"
        best = max(affordable, key=lambda f: self._value(state, seat, f))
        return f"pick:{best.id}"

    # --- advertising ------------------------------------------------------------------------

    def _advertise(self, state: dict, seat: int, actions: list[str], rng: random.Random) -> str:
        c = self.c
        screen = state["screens"][seat]
        spare = state["cash"][seat] - upkeep(c, state, seat) - 2000
        budget = max(0, spare // 2 // c.rules.pip_value)
        target = min(2, budget // 2)
        if len(screen["bids"]) < target:
            left = budget - sum(screen["bids"].values())
            open_boxes = [b for b in c.boxes if b not in screen["bids"]]
            agency = state["secret"]["agency"]
            box = agency["box"] if agency and agency["seat"] == seat and agency["box"] in open_boxes \
                else rng.choice(open_boxes)
            pips = max(1, min(left, rng.randint(1, 4)))
            if f"bid:{box}:{pips}" in actions:
                return f"bid:{box}:{pips}"
        for action in actions:
            if action.startswith("tip:press:") and action.split(":")[2] in screen["bids"]:
                return action
            if action.startswith("tip:") and not action.startswith("tip:press"):
                return action
        return "bids:confirm"

    def _blockbuster(self, actions: list[str]) -> str:
        """The film with the most ☆ names: the most cubes for next rounds."""
        return max(actions, key=lambda a: len(self.c.films[a.partition(":")[2]].stars))

