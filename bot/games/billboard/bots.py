"""A sensible Billboard player: drafts a spread of billboards and keeps some money, sells ad
space most turns, offers the cheapest set of billboards that wins a contract when the
contract pays enough for it, buys billboards while it has the money, and now and then bids
for a company or signs a partnership. It fills in amounts and sets as any player must."""
from __future__ import annotations

import random

from bot.engine import Choice, SeatKnowledge

from .auction import needed
from .content import Content
from .holdings import eligible
from .turn import company_floor

State = dict


def cheapest_win(values: dict[str, int], need: int) -> list[str] | None:
    """A small set of billboards worth at least ``need``: the biggest first until it is
    reached, then any that can be dropped without falling short (smallest first)."""
    if sum(values.values()) < need:
        return None
    chosen: list[str] = []
    total = 0
    for billboard, value in sorted(values.items(), key=lambda item: -item[1]):
        if total >= need:
            break
        chosen.append(billboard)
        total += value
    for billboard in sorted(chosen, key=lambda b: values[b]):
        if total - values[billboard] >= need:
            chosen.remove(billboard)
            total -= values[billboard]
    return chosen


class BillboardBot:
    def __init__(self, game):
        self.game = game
        self.c: Content = game.content

    def decide(self, knowledge: SeatKnowledge, rng: random.Random) -> str:
        state, seat, choices = knowledge.state, knowledge.seat, list(knowledge.legal)
        by_action = {choice.action: choice for choice in choices}
        phase = state["phase"]
        if phase == "draft":
            return self._draft(state, seat, choices, rng)
        if phase == "auction":
            return self._offer(state, seat, by_action, rng)
        if phase == "assign":
            picks = [c.action for c in choices if c.action != "back"]
            return rng.choice(picks)
        return self._turn(state, seat, choices, by_action, rng)

    def _draft(self, state: State, seat: int, choices: list[Choice], rng: random.Random) -> str:
        cash = state["money"][seat]
        picks = [c.action for c in choices if c.action.startswith("draft:")]
        keep = rng.randint(2, 7)
        prices = self.c.start_prices
        affordable = [a for a in picks if cash - prices[int(a.rsplit(":", 1)[1]) - 1] >= keep]
        if affordable and (rng.random() < 0.9 or "pass" not in {c.action for c in choices}):
            return rng.choice(affordable)
        return "pass" if any(c.action == "pass" for c in choices) else rng.choice(picks)

    def _offer(self, state: State, seat: int, by_action: dict[str, Choice], rng: random.Random) -> str:
        auction = state["auction"]
        contract = self.c.contracts[auction["contract"]]
        values = {b: self.c.billboards[b].value for b in eligible(self.c, state, seat, contract)}
        need = needed(state, seat)
        offer = cheapest_win(values, need)
        worth_it = need <= contract.amount + 4 + (4 if seat == auction["drawer"] else 0)
        if offer and worth_it and rng.random() < 0.85:
            return by_action["offer:{}"].fill(offer)
        return "pass"

    def _turn(self, state: State, seat: int, choices: list[Choice], by_action: dict[str, Choice],
              rng: random.Random) -> str:
        step = state["step"] or {}
        actions = [c.action for c in choices]
        if step.get("group"):
            return self._amount(choices, rng)
        if step.get("mode"):
            picks = [a for a in actions if a not in ("back", "end")]
            return rng.choice(picks) if picks else "back"
        draws = [a for a in actions if a.startswith("ad:")]
        cash = state["money"][seat]
        if draws and rng.random() < 0.85:
            return rng.choice(draws)
        if "sell" in actions and (cash < 3 or rng.random() < 0.08):
            return "sell"
        companies = [c for c in choices if c.action.startswith("company:")]
        for choice in companies:
            company_id = choice.action.split(":")[1]
            if cash >= company_floor(state, company_id) + 2 and rng.random() < 0.15:
                return choice.fill(choice.amount.minimum + rng.randint(0, 1))
        partners = [a for a in actions if a.startswith("partner:")]
        if partners and rng.random() < 0.12:
            return rng.choice(partners)
        if "buy" in actions and rng.random() < 0.6:
            return "buy"
        return "end"

    def _amount(self, choices: list[Choice], rng: random.Random) -> str:
        plain = [c for c in choices if not c.template and c.action not in ("back", "end")]
        filled = [c for c in choices if c.amount is not None]
        if filled and rng.random() < 0.15:
            choice = rng.choice(filled)
            return choice.fill(rng.randint(choice.amount.minimum, choice.amount.maximum))
        if not plain:
            return "back"
        small = [c for c in plain if c.action.rsplit(":", 1)[1] in ("1", "2")]
        return rng.choice(small or plain).action
