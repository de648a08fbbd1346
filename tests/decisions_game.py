"""A small game that asks for every kind of decision the platform offers.

"Lots": thirty numbered lots and some money. On a seat's turn it

1. **picks** 1–3 free lots (a subset of up to 30 options: more than fit one select),
2. may **offer** to buy another seat's best lot for an amount; the other seat
   accepts, declines or counters (the roles swap), and the offer expires after
   ``offer_seconds`` (a deadline),
3. then everyone **bids** (a sealed amount, in steps of 5) for a bonus lot; the
   auction closes when all have bid or after ``auction_seconds`` (a deadline),
   and seats that did not bid count as bidding nothing.

After ``rounds`` rounds the most money plus lot numbers wins. Money is conserved
(bids and prices move between seats and the bank only as stated).
"""
from __future__ import annotations

import random

from bot.engine import (
    SYSTEM_SEAT,
    Amount,
    Choice,
    Deadline,
    Event,
    IllegalMove,
    Option,
    Result,
    Subset,
    offers,
)
from bot.games.registry import GameKit, register
from rendering.kit import canvas, draw_text, to_png

GAME_ID = "toy-decisions"
LOTS = 30
START_MONEY = 100
STEP = 5
CLOSE = "auction:close"


def _seat(text: str, seats: int) -> int:
    if not text.isascii() or not text.isdigit() or int(text) >= seats or (len(text) > 1 and text[0] == "0"):
        raise IllegalMove("There is no such seat.")
    return int(text)


class Lots:
    id = GAME_ID
    name = "Lots"
    min_players = 2
    max_players = 4
    options = (
        Option("rounds", "Turns each seat takes", 1, (1, 2, 3)),
        Option("auction_seconds", "Seconds before an auction closes by itself", 3600, (2, 60, 3600)),
        Option("offer_seconds", "Seconds before an offer expires", 3600, (2, 60, 3600)),
    )

    def setup(self, players, options, rng):
        return {"players": players, "money": [START_MONEY] * players, "owner": [None] * LOTS,
                "turn": 0, "turns_left": options["rounds"] * players, "phase": "pick",
                "offer": None, "offers_made": 0, "bids": {}, "bonus": 0, "log": [],
                "auction_seconds": options["auction_seconds"], "offer_seconds": options["offer_seconds"]}

    # -- what is asked ------------------------------------------------------

    def pending(self, state):
        phase = state["phase"]
        if phase == "over":
            return set()
        if phase == "answer":
            return {state["offer"]["to"]}
        if phase == "auction":
            return {s for s in range(state["players"]) if str(s) not in state["bids"]}
        return {state["turn"]}

    def legal(self, state, seat):
        if seat not in self.pending(state):
            return []
        phase, money = state["phase"], state["money"]
        if phase == "pick":
            free = [(str(n), f"Lot {n + 1}") for n, owner in enumerate(state["owner"]) if owner is None]
            choices = [Choice("pass", "Pick nothing", group="pick")]
            if free:
                choices.insert(0, Choice("pick:{}", "Pick lots", group="pick",
                                         subset=Subset(tuple(free), 1, 3)))
            return choices
        if phase == "trade":
            targets = [Choice(f"offer:{other}:{{}}", f"Offer {{p{other}}} money for their best lot",
                              group="offer", amount=Amount(1, money[seat]))
                       for other in range(state["players"])
                       if other != seat and self._best(state, other) is not None and money[seat] > 0]
            return [*targets, Choice("skip", "Make no offer", group="offer")]
        if phase == "answer":
            offer = state["offer"]
            # A counter asks the other side for a price they can pay.
            payer = offer["terms"]["buyer"]
            return offers.answers(offer, counter=Amount(1, money[payer]) if money[payer] > 0 else None)
        if phase == "auction":
            return [Choice("bid:{}", "Bid for the bonus lot", group="bid", private=True,
                           amount=Amount(0, money[seat] - money[seat] % STEP, STEP, "$"))]
        return []

    def deadlines(self, state):
        if state["phase"] == "answer":
            return [offers.expiry(state["offer"], state["offer_seconds"])]
        if state["phase"] == "auction":
            return [_auction_deadline(state)]
        return []

    def run_out(self, state, seat):
        """A run-out picks nothing, offers nothing, declines an offer and bids nothing."""
        if seat not in self.pending(state):
            return None
        if state["phase"] == "answer":
            return offers.run_out(state["offer"], seat)
        return {"pick": "pass", "trade": "skip", "auction": "bid:0"}.get(state["phase"])

    # -- moves ----------------------------------------------------------------

    def apply(self, state, seat, action, rng):
        if seat == SYSTEM_SEAT:
            return self._time_is_up(state, action)
        phase = state["phase"]
        if phase == "pick":
            return self._pick(state, seat, action)
        if phase == "trade":
            return self._offer(state, seat, action)
        if phase == "answer":
            return self._answer(state, action)
        if phase == "auction":
            return self._bid(state, seat, action)
        raise IllegalMove("This game is over.")

    def _pick(self, state, seat, action):
        state["phase"] = "trade"
        if action == "pass":
            return [Event(f"{{p{seat}}} picks nothing.")]
        values = action.removeprefix("pick:").split(",")
        if not action.startswith("pick:") or not all(v.isascii() and v.isdigit() for v in values):
            raise IllegalMove("Pick one to three free lots.")
        lots = [int(v) for v in values]
        if not 1 <= len(lots) <= 3 or any(n >= LOTS or state["owner"][n] is not None for n in lots):
            raise IllegalMove("Pick one to three free lots.")
        for n in lots:
            state["owner"][n] = seat
        return [Event(f"{{p{seat}}} picks lot{'s' if len(lots) > 1 else ''} "
                      + ", ".join(str(n + 1) for n in lots) + ".")]

    def _offer(self, state, seat, action):
        if action == "skip":
            return self._open_auction(state, [Event(f"{{p{seat}}} makes no offer.")])
        kind, other, price = (action.split(":") + ["", "", ""])[:3]
        other = _seat(other, state["players"])
        amount = Amount(1, max(1, state["money"][seat])).parse(price)
        lot = self._best(state, other)
        if kind != "offer" or other == seat or amount is None or lot is None or state["money"][seat] < 1:
            raise IllegalMove("Offer another seat between $1 and what you have for their best lot.")
        state["offers_made"] += 1
        state["offer"] = offers.propose(state["offers_made"], seat, other,
                                        {"lot": lot, "price": amount, "buyer": seat, "seller": other})
        state["phase"] = "answer"
        return [Event(f"{{p{seat}}} offers you ${amount} for lot {lot + 1}.", to=(other,))]

    def _answer(self, state, action):
        offer = state["offer"]
        kind, amount = offers.answer(offer, action)
        terms = offer["terms"]
        buyer, seller, price, lot = terms["buyer"], terms["seller"], terms["price"], terms["lot"]
        if kind == "counter":
            if amount is None or not 1 <= amount <= state["money"][buyer]:
                raise IllegalMove(f"A counter-offer is between $1 and ${state['money'][buyer]}.")
            state["offer"] = offers.countered(offer, {**terms, "price": amount})
            return [Event(f"{{p{offer['to']}}} counters: ${amount} for lot {lot + 1}.", to=(offer["by"],))]
        if kind == "decline":
            return self._open_auction(state, [Event(f"{{p{offer['to']}}} declines {{p{offer['by']}}}'s offer.")])
        state["money"][buyer] -= price
        state["money"][seller] += price
        state["owner"][lot] = buyer
        return self._open_auction(state, [Event(
            f"{{p{offer['to']}}} accepts: {{p{buyer}}} buys lot {lot + 1} from {{p{seller}}} for ${price}.")])

    def _bid(self, state, seat, action):
        amount = Amount(0, state["money"][seat] - state["money"][seat] % STEP, STEP).parse(
            action.removeprefix("bid:"))
        if not action.startswith("bid:") or amount is None:
            raise IllegalMove(f"Bid from $0 to ${state['money'][seat]} in steps of ${STEP}.")
        state["bids"][str(seat)] = amount
        events = [Event(f"You bid ${amount}.", to=(seat,))]
        if len(state["bids"]) == state["players"]:
            events += self._close_auction(state)
        return events

    def _time_is_up(self, state, action):
        if action == offers.EXPIRE and state["phase"] == "answer":
            offer = state["offer"]
            return self._open_auction(state, [Event(f"{{p{offer['to']}}} did not answer in time: the offer expired.")])
        if action == CLOSE and state["phase"] == "auction":
            late = [s for s in range(state["players"]) if str(s) not in state["bids"]]
            for s in late:
                state["bids"][str(s)] = 0
            return [Event("The auction closes; " + ", ".join(f"{{p{s}}}" for s in late) + " did not bid."),
                    *self._close_auction(state)]
        raise IllegalMove("Nothing runs out now.")

    # -- flow -----------------------------------------------------------------

    def _open_auction(self, state, events):
        state["offer"] = None
        state["phase"] = "auction"
        state["bids"] = {}
        return events

    def _close_auction(self, state):
        bids = {int(s): amount for s, amount in state["bids"].items()}
        winner = max(sorted(bids), key=lambda s: bids[s])
        state["money"][winner] -= bids[winner]
        state["bonus"] += 1
        events = [Event("Bids: " + ", ".join(f"{{p{s}}} ${bids[s]}" for s in sorted(bids))
                        + f". {{p{winner}}} wins a bonus lot.")]
        state["log"].append(winner)
        state["bids"] = {}
        state["turns_left"] -= 1
        if state["turns_left"] == 0:
            state["phase"] = "over"
        else:
            state["turn"] = (state["turn"] + 1) % state["players"]
            state["phase"] = "pick"
        return events

    def _best(self, state, seat):
        owned = [n for n, owner in enumerate(state["owner"]) if owner == seat]
        return max(owned) if owned else None

    # -- telling ---------------------------------------------------------------

    def score(self, state, seat):
        lots = sum(n + 1 for n, owner in enumerate(state["owner"]) if owner == seat)
        return state["money"][seat] + lots + 10 * state["log"].count(seat)

    def view(self, state, seat):
        view = {"money": state["money"], "owner": state["owner"], "phase": state["phase"],
                "turn": state["turn"], "bidders_done": sorted(int(s) for s in state["bids"])}
        if seat is not None and str(seat) in state["bids"]:
            view["my_bid"] = state["bids"][str(seat)]
        offer = state["offer"]
        if seat is not None and offer is not None and seat in (offer["by"], offer["to"]):
            view["offer"] = offer
        return view

    def result(self, state):
        if state["phase"] != "over":
            return None
        scores = {s: self.score(state, s) for s in range(state["players"])}
        best = max(scores.values())
        winners = tuple(s for s, v in scores.items() if v == best)
        return Result(winners, scores, " and ".join(f"{{p{s}}}" for s in winners) + f" win{'s' if len(winners) == 1 else ''} with {best}.")

    def prompt(self, state, seat):
        phase = state["phase"]
        if phase == "pick":
            return "Pick one to three free lots."
        if phase == "trade":
            return "You may offer money for another seat's best lot."
        if phase == "answer":
            terms = state["offer"]["terms"]
            return f"{{p{state['offer']['by']}}} offers ${terms['price']} for lot {terms['lot'] + 1}: accept, decline or counter."
        return f"Bid for the bonus lot (you have ${state['money'][seat]})."

    def status(self, state):
        return f"{state['phase'].capitalize()} — {{p{state['turn']}}}'s turn."

    def rules_summary(self):
        return "Pick lots, offer money for lots, bid for bonus lots. Most money plus lots wins."

    def private_summary(self, state, seat):
        lines = [f"You have ${state['money'][seat]}."]
        if str(seat) in state["bids"]:
            lines.append(f"Your bid: ${state['bids'][str(seat)]}.")
        return "\n".join(lines)


def _auction_deadline(state):
    return Deadline(key=f"auction-{state['turns_left']}", seconds=state["auction_seconds"], action=CLOSE,
                    what="the auction closes")


class LotsBot:
    """Fills in every kind of decision from its description, as any bot must."""

    def __init__(self, game):
        self.game = game

    def choose(self, state, seat, rng: random.Random) -> str:
        choices = self.game.legal(state, seat)
        choice = rng.choice(choices)
        if choice.subset is not None:
            size = rng.randint(choice.subset.minimum, choice.subset.most)
            return choice.fill(rng.sample([v for v, _ in choice.subset.options], size))
        if choice.amount is not None:
            amount = choice.amount
            return choice.fill(amount.minimum + amount.step * rng.randint(0, (amount.maximum - amount.minimum) // amount.step))
        return choice.action


def render(view, image="board"):
    img, draw = canvas(640, 200)
    names = view.get("names", [])
    for seat, money in enumerate(view["money"]):
        name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        owned = [n + 1 for n, owner in enumerate(view["owner"]) if owner == seat]
        draw_text(draw, (16, 16 + 40 * seat), f"{name}: ${money}, lots {owned}", 18)
    return to_png(img)


GAME = Lots()
KIT = GameKit(game=GAME, bot=LotsBot(GAME), render=render)
register(GAME_ID, KIT)
