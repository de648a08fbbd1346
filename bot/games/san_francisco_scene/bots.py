"""A sensible bot: buys what it can afford, keeps a cash cushion, gets its two connections,
develops where the rent rises most, completes starred pairs by trade, and answers offers by
what it gains (prices at face value).
"""
from __future__ import annotations

import random

from bot.engine import Choice, SeatKnowledge
from bot.engine import offers as offer_kit

from .common import STEP, floor_step
from .content import Board
from .deals import tradable
from .estate import connected

#: Cash the bot keeps back from voluntary spending.
CUSHION = 250_000
#: What the bot offers a Connection Card's holder, and the least it sells one for.
CONNECTION_BID, CONNECTION_ASK = 80_000, 60_000
#: A starred card the bot wants is worth this share over its price.
PAIR_PREMIUM = 1.25


class SceneBot:
    def __init__(self, game):
        self.game = game
        self.board: Board = game.board

    def volunteer(self, knowledge: SeatKnowledge, rng: random.Random) -> str | None:
        """Rent is due only if claimed before the next player rolls: a bot owner claims it at
        once, as a human owner would click the Claim button."""
        return next((c.action for c in knowledge.legal if c.action.startswith("claim:")),
                    None)

    def decide(self, knowledge: SeatKnowledge, rng: random.Random) -> str:
        state, seat = knowledge.state, knowledge.seat
        choices = {choice.action: choice for choice in knowledge.legal}
        claim = next((action for action in choices if action.startswith("claim:")), None)
        if claim:
            return claim
        cash = state["seats"][seat]["cash"]
        phase = state["phase"]
        if phase == "roll":
            return self._before_roll(state, seat, choices, rng)
        if phase == "buy":
            space = self.board.spaces[state["decision"]["space"]]
            return "buy" if "buy" in choices and cash - space.price >= CUSHION // 2 else "auction"
        if phase == "auction":
            return self._bid(state, seat, choices)
        if phase == "offer":
            return self._answer(state, seat, choices)
        if phase == "home":
            wanted = not connected(state, seat) and cash >= CUSHION + CONNECTION_BID
            if wanted and "connect" in choices:
                return "connect"
            if wanted and "connect:{}" in choices:
                amount = choices["connect:{}"].amount
                return choices["connect:{}"].fill(min(CONNECTION_BID, amount.maximum))
            return "skip"
        if phase in ("college", "favour"):
            represent = sorted(a for a in choices if a.startswith("represent:"))
            if represent:
                return rng.choice(represent)
            connections = sorted(a for a in choices if a.startswith("connection:"))
            if connections and not connected(state, seat) and cash >= CUSHION + 100_000:
                return rng.choice(connections)
            return "skip"
        if phase == "bank":
            return "borrow" if cash < 2 * CUSHION else "skip"
        if phase == "trade":
            return self._draft(state, seat, choices)
        return min(choices)

    # --- before the roll ------------------------------------------------------------------

    def _before_roll(self, state, seat, choices: dict[str, Choice], rng) -> str:
        if state["rolled"]:
            return "roll"
        player = state["seats"][seat]
        cash = player["cash"]
        best, gain = None, 0
        for action in choices:
            if action.startswith("develop:"):
                space = self.board.spaces[action.partition(":")[2]]
                level = state["developments"][space.id]
                more = space.rent[level + 1] - space.rent[level]
                if cash - space.development_cost >= CUSHION and more > gain:
                    best, gain = action, more
            elif action.startswith("gas:") and cash - self.board.rules.gas_station_cost >= 2 * CUSHION:
                best = best or action
        if best:
            return best
        if "bail" in choices and player["jail_turns"] >= 1 and cash >= 2 * CUSHION:
            return "bail"
        if "trade" in choices and self._trade_plan(state, seat) and rng.random() < 0.5:
            return "trade"
        return "roll"

    # --- auctions ---------------------------------------------------------------------------

    def _bid(self, state, seat, choices: dict[str, Choice]) -> str:
        auction = state["auction"]
        space = self.board.spaces[auction["space"]]
        choice = choices.get("bid:{}")
        if choice is None:
            return "pass"
        cash = state["seats"][seat]["cash"]
        ceiling = min(space.price, cash - CUSHION // 2)
        least = choice.amount.minimum
        return choice.fill(least) if least <= ceiling else "pass"

    # --- offers ---------------------------------------------------------------------------

    def _card_value(self, state, space_id: str) -> int:
        space = self.board.spaces[space_id]
        return space.price + state["developments"][space_id] * (space.development_cost or 0)

    def _pair_value(self, state, seat: int, gets: list[str], gives: list[str]) -> int:
        """A starred card is worth more to whoever then holds both of its corner."""
        owners = dict(state["owners"])
        for space_id in gives:
            owners[space_id] = None
        for space_id in gets:
            owners[space_id] = seat
        bonus = 0
        for space_id, partner in self.board.partner.items():
            before = state["owners"][space_id] == seat and state["owners"][partner] == seat
            after = owners[space_id] == seat and owners[partner] == seat
            bonus += (after - before) * self.board.spaces[space_id].price // 2
        return bonus

    def _answer(self, state, seat, choices: dict[str, Choice]) -> str:
        offer = state["offer"]
        terms = offer["terms"]
        cash = state["seats"][seat]["cash"]
        counter = choices.get(offer_kit.COUNTER)
        if terms["kind"] == "connection":
            if seat == terms["seller"]:
                if terms["price"] >= CONNECTION_ASK:
                    return offer_kit.ACCEPT
                if counter and counter.amount.allows(CONNECTION_BID):
                    return counter.fill(CONNECTION_BID)
                return offer_kit.DECLINE
            affordable = cash - terms["price"] >= CUSHION // 2
            return offer_kit.ACCEPT if affordable and terms["price"] <= 150_000 else offer_kit.DECLINE
        mine_a = seat == terms["a"]
        gets = terms["b_gives"] if mine_a else terms["a_gives"]
        gives = terms["a_gives"] if mine_a else terms["b_gives"]
        received = terms["a_pays"] if not mine_a else -terms["a_pays"]
        value = (sum(self._card_value(state, s) for s in gets) + received
                 - sum(self._card_value(state, s) for s in gives)
                 + self._pair_value(state, seat, gets, gives))
        if value >= 0 and cash + received >= 0:
            return offer_kit.ACCEPT
        return offer_kit.DECLINE

    # --- trades -----------------------------------------------------------------------------

    def _trade_plan(self, state, seat) -> tuple[int, str, int] | None:
        """(partner, starred card to ask for, cash to pay) to complete a starred pair."""
        cash = state["seats"][seat]["cash"]
        for space_id, partner_id in self.board.partner.items():
            other = state["owners"][partner_id]
            if (state["owners"][space_id] != seat or not isinstance(other, int) or other == seat
                    or partner_id not in tradable(state, other)):
                continue
            pay = floor_step(int(self._card_value(state, partner_id) * PAIR_PREMIUM))
            if cash - pay >= CUSHION:
                return other, partner_id, pay
        return None

    def _draft(self, state, seat, choices: dict[str, Choice]) -> str:
        plan = self._trade_plan(state, seat)
        draft = state["draft"]
        if plan is None or (draft.get("partner") not in (None, plan[0])):
            return "trade-cancel"
        partner, wanted, pay = plan
        if draft["step"] == "partner":
            return f"trade-with:{partner}"
        if draft["step"] == "give":
            return choices["trade-give:{}"].fill([])
        if draft["step"] == "ask":
            choice = choices["trade-ask:{}"]
            return choice.fill([wanted]) if choice.subset.parse(wanted) else "trade-cancel"
        amount = choices["trade-cash:{}"].amount
        pay = min(pay, amount.maximum) // STEP * STEP
        return choices["trade-cash:{}"].fill(pay) if amount.allows(pay) else "trade-cancel"



