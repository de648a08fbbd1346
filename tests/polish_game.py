"""A small game that speaks English and Polish, for testing the host's languages.

"Market" ("Targ"): eight lots and some money. On a seat's turn it **picks** one or two free
lots (a subset), may **offer** money for another seat's best lot (an amount; the other
seat accepts, declines or counters with the engine's offer answers, and the offer expires
by a deadline), then everyone **bids** in secret for a bonus (a private amount in steps
of 5, closed by a deadline). It declares ``languages`` and a ``language`` option, as a
game that speaks several languages does: public text in the table's language, what one
seat reads in that seat's (``seat_languages``).
"""
from __future__ import annotations

import random

from bot.engine import (
    SEAT_LANGUAGES,
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

GAME_ID = "toy-market"
LOTS = 8
STEP = 5
CLOSE = "auction:close"

TEXTS = {
    "en": {
        "lot": "Lot {n}", "pick": "Pick lots", "pass": "Pick nothing",
        "offer": "Offer {seat} money for their best lot", "skip": "Make no offer",
        "bid": "Bid for the bonus", "picks": "{seat} picks lots {lots}.", "passes": "{seat} picks nothing.",
        "no_offer": "{seat} makes no offer.", "offered": "{seat} offers you ${amount} for lot {lot}.",
        "countered": "{seat} counters: ${amount} for lot {lot}.", "declined": "{seat} declines the offer.",
        "accepted": "{seat} accepts: {buyer} buys lot {lot} for ${amount}.",
        "expired": "{seat} did not answer in time: the offer expired.", "you_bid": "You bid ${amount}.",
        "closes": "The auction closes.", "bids": "Bids: {bids}. {seat} wins the bonus.",
        "wins": "{seats} win with {score}.", "ask_pick": "Pick one or two free lots.",
        "ask_trade": "You may offer money for another seat's best lot.",
        "ask_answer": "{seat} offers ${amount} for lot {lot}: accept, decline or counter.",
        "ask_bid": "Bid for the bonus (you have ${money}).", "status": "{phase}: {seat}'s turn.",
        "phases": {"pick": "Picking", "trade": "Trading", "answer": "An offer", "auction": "Bidding",
                   "over": "Over"},
        "money": "You have ${money}.", "my_bid": "Your bid: ${amount}.",
        "rules": "Pick lots, offer money for lots, bid for bonuses. Most money and lots wins.",
        "bad_pick": "Pick one or two free lots.", "bad_bid": "Bid from $0 to ${money} in steps of ${step}.",
        "auction": "the auction closes",
    },
    "pl": {
        "lot": "Działka {n}", "pick": "Wybierz działki", "pass": "Nie wybieraj",
        "offer": "Zaproponuj {seat} pieniądze za najlepszą działkę", "skip": "Bez oferty",
        "bid": "Licytuj premię", "picks": "{seat} wybiera działki {lots}.", "passes": "{seat} niczego nie wybiera.",
        "no_offer": "{seat} nie składa oferty.", "offered": "{seat} proponuje ci {amount} $ za działkę {lot}.",
        "countered": "{seat} składa kontrofertę: {amount} $ za działkę {lot}.",
        "declined": "{seat} odrzuca ofertę.",
        "accepted": "{seat} przyjmuje: {buyer} kupuje działkę {lot} za {amount} $.",
        "expired": "{seat} nie odpowiada na czas: oferta wygasła.", "you_bid": "Licytujesz {amount} $.",
        "closes": "Licytacja się kończy.", "bids": "Oferty: {bids}. Premię zdobywa {seat}.",
        "wins": "Wygrywa {seats} z wynikiem {score}.", "ask_pick": "Wybierz jedną lub dwie wolne działki.",
        "ask_trade": "Możesz zaproponować pieniądze za najlepszą działkę innej osoby.",
        "ask_answer": "{seat} proponuje {amount} $ za działkę {lot}: przyjmij, odrzuć albo złóż kontrofertę.",
        "ask_bid": "Licytuj premię (masz {money} $).", "status": "{phase}: ruch — {seat}.",
        "phases": {"pick": "Wybór", "trade": "Handel", "answer": "Oferta", "auction": "Licytacja",
                   "over": "Koniec"},
        "money": "Masz {money} $.", "my_bid": "Twoja oferta: {amount} $.",
        "rules": "Wybieraj działki, kupuj je od innych, licytuj premie. Wygrywa najwięcej pieniędzy i działek.",
        "bad_pick": "Wybierz jedną lub dwie wolne działki.",
        "bad_bid": "Licytuj od 0 $ do {money} $ co {step} $.",
        "auction": "licytacja się kończy",
    },
}


def _texts(state: dict, seat: int | None = None) -> dict:
    """The table's words, or one seat's (its language from ``seat_languages``)."""
    languages = state.get(SEAT_LANGUAGES) or []
    language = languages[seat] if seat is not None and 0 <= seat < len(languages) else state["language"]
    return TEXTS[language]


def _p(seat: int) -> str:
    return f"{{p{seat}}}"


class Market:
    id = GAME_ID
    name = "Market"
    min_players = 2
    max_players = 4
    languages = ("en", "pl")
    options = (
        Option("language", "The language of the table", "en", ("en", "pl")),
        Option("rounds", "Turns each seat takes", 1, (1, 2)),
        Option("auction_seconds", "Seconds before an auction closes by itself", 3600, (2, 3600)),
        Option("offer_seconds", "Seconds before an offer expires", 3600, (2, 3600)),
    )

    def setup(self, players, options, rng):
        return {"players": players, "money": [100] * players, "owner": [None] * LOTS, "turn": 0,
                "turns_left": options["rounds"] * players, "phase": "pick", "offer": None, "offers_made": 0,
                "bids": {}, "bonus": [0] * players, "language": options["language"],
                SEAT_LANGUAGES: options.get(SEAT_LANGUAGES) or [options["language"]] * players,
                "auction_seconds": options["auction_seconds"], "offer_seconds": options["offer_seconds"]}

    def pending(self, state):
        phase = state["phase"]
        if phase == "over":
            return set()
        if phase == "answer":
            return {state["offer"]["to"]}
        if phase == "auction":
            return {s for s in range(state["players"]) if str(s) not in state["bids"]}
        return {state["turn"]}

    def legal(self, state, seat, language=None):
        if seat not in self.pending(state):
            return []
        if language in self.languages:  # worded for one reader: every label in their language
            state = {**state, "language": language, SEAT_LANGUAGES: [language] * state["players"]}
        phase, table = state["phase"], _texts(state)
        if phase == "pick":
            free = tuple((str(n), table["lot"].format(n=n + 1)) for n, o in enumerate(state["owner"]) if o is None)
            choices = [Choice("pass", table["pass"], group="pick")]
            if free:
                choices.insert(0, Choice("pick:{}", table["pick"], group="pick", subset=Subset(free, 1, 2)))
            return choices
        if phase == "trade":
            offers_ = [Choice(f"offer:{other}:{{}}", table["offer"].format(seat=_p(other)), group="offer",
                              amount=Amount(1, state["money"][seat], unit="$"))
                       for other in range(state["players"])
                       if other != seat and self._best(state, other) is not None and state["money"][seat] > 0]
            return [*offers_, Choice("skip", table["skip"], group="offer")]
        if phase == "answer":
            payer = state["offer"]["terms"]["buyer"]
            counter = Amount(1, state["money"][payer], unit="$") if state["money"][payer] > 0 else None
            return offers.answers(state["offer"], counter=counter)  # the host words the labels
        money = state["money"][seat]
        return [Choice("bid:{}", _texts(state, seat)["bid"], group="bid", private=True,
                       amount=Amount(0, money - money % STEP, STEP, "$"))]

    def deadlines(self, state):
        if state["phase"] == "answer":
            return [offers.expiry(state["offer"], state["offer_seconds"])]
        if state["phase"] == "auction":
            return [Deadline(f"auction-{state['turns_left']}", state["auction_seconds"], CLOSE,
                             _texts(state)["auction"])]
        return []

    def apply(self, state, seat, action, rng):
        if seat == SYSTEM_SEAT:
            return self._time_is_up(state, action)
        table, own = _texts(state), _texts(state, seat)
        phase = state["phase"]
        if phase == "pick":
            state["phase"] = "trade"
            if action == "pass":
                return [Event(table["passes"].format(seat=_p(seat)))]
            lots = action.removeprefix("pick:").split(",")
            if (not action.startswith("pick:") or not 1 <= len(lots) <= 2
                    or any(not v.isdigit() or int(v) >= LOTS or state["owner"][int(v)] is not None for v in lots)):
                raise IllegalMove(own["bad_pick"])
            for value in lots:
                state["owner"][int(value)] = seat
            return [Event(table["picks"].format(seat=_p(seat), lots=", ".join(str(int(v) + 1) for v in lots)))]
        if phase == "trade":
            if action == "skip":
                return self._open_auction(state, [Event(table["no_offer"].format(seat=_p(seat)))])
            _, other, price = action.split(":")
            other, price = int(other), int(price)
            lot = self._best(state, other)
            state["offers_made"] += 1
            state["offer"] = offers.propose(state["offers_made"], seat, other,
                                            {"lot": lot, "price": price, "buyer": seat, "seller": other})
            state["phase"] = "answer"
            return [Event(_texts(state, other)["offered"].format(seat=_p(seat), amount=price, lot=lot + 1),
                          to=(other,))]
        if phase == "answer":
            return self._answer(state, action)
        amount = Amount(0, state["money"][seat] - state["money"][seat] % STEP, STEP).parse(action.removeprefix("bid:"))
        if amount is None:
            raise IllegalMove(own["bad_bid"].format(money=state["money"][seat], step=STEP))
        state["bids"][str(seat)] = amount
        events = [Event(own["you_bid"].format(amount=amount), to=(seat,))]
        if len(state["bids"]) == state["players"]:
            events += self._close_auction(state)
        return events

    def _answer(self, state, action):
        offer = state["offer"]
        kind, amount = offers.answer(offer, action)
        terms = offer["terms"]
        if kind == "counter":
            state["offer"] = offers.countered(offer, {**terms, "price": amount})
            return [Event(_texts(state, offer["by"])["countered"].format(
                seat=_p(offer["to"]), amount=amount, lot=terms["lot"] + 1), to=(offer["by"],))]
        table = _texts(state)
        if kind == "decline":
            return self._open_auction(state, [Event(table["declined"].format(seat=_p(offer["to"])))])
        state["money"][terms["buyer"]] -= terms["price"]
        state["money"][terms["seller"]] += terms["price"]
        state["owner"][terms["lot"]] = terms["buyer"]
        return self._open_auction(state, [Event(table["accepted"].format(
            seat=_p(offer["to"]), buyer=_p(terms["buyer"]), lot=terms["lot"] + 1, amount=terms["price"]))])

    def _time_is_up(self, state, action):
        table = _texts(state)
        if action == offers.EXPIRE and state["phase"] == "answer":
            return self._open_auction(state, [Event(table["expired"].format(seat=_p(state["offer"]["to"])))])
        if action == CLOSE and state["phase"] == "auction":
            for seat in range(state["players"]):
                state["bids"].setdefault(str(seat), 0)
            return [Event(table["closes"]), *self._close_auction(state)]
        raise IllegalMove("Nothing runs out now.")

    def _open_auction(self, state, events):
        state.update(offer=None, phase="auction", bids={})
        return events

    def _close_auction(self, state):
        bids = {int(s): amount for s, amount in state["bids"].items()}
        winner = max(sorted(bids), key=lambda s: bids[s])
        state["money"][winner] -= bids[winner]
        state["bonus"][winner] += 1
        listed = ", ".join(f"{_p(s)} {bids[s]}" for s in sorted(bids))
        state["bids"] = {}
        state["turns_left"] -= 1
        if state["turns_left"] == 0:
            state["phase"] = "over"
        else:
            state.update(turn=(state["turn"] + 1) % state["players"], phase="pick")
        return [Event(_texts(state)["bids"].format(bids=listed, seat=_p(winner)))]

    def _best(self, state, seat):
        owned = [n for n, owner in enumerate(state["owner"]) if owner == seat]
        return max(owned) if owned else None

    def score(self, state, seat):
        return state["money"][seat] + sum(n + 1 for n, o in enumerate(state["owner"]) if o == seat) \
            + 10 * state["bonus"][seat]

    def view(self, state, seat):
        view = {"money": state["money"], "owner": state["owner"], "phase": state["phase"],
                "language": state["language"]}
        if seat is not None and str(seat) in state["bids"]:
            view["my_bid"] = state["bids"][str(seat)]
        return view

    def result(self, state):
        if state["phase"] != "over":
            return None
        scores = {s: self.score(state, s) for s in range(state["players"])}
        best = max(scores.values())
        winners = tuple(s for s, v in scores.items() if v == best)
        return Result(winners, scores, _texts(state)["wins"].format(
            seats=", ".join(_p(s) for s in winners), score=best))

    def prompt(self, state, seat, language=None):
        own, phase = TEXTS[language] if language else _texts(state, seat), state["phase"]
        if phase == "pick":
            return own["ask_pick"]
        if phase == "trade":
            return own["ask_trade"]
        if phase == "answer":
            terms = state["offer"]["terms"]
            return own["ask_answer"].format(seat=_p(state["offer"]["by"]), amount=terms["price"],
                                            lot=terms["lot"] + 1)
        return own["ask_bid"].format(money=state["money"][seat])

    def status(self, state):
        table = _texts(state)
        return table["status"].format(phase=table["phases"][state["phase"]], seat=_p(state["turn"]))

    def rules_summary(self, language="en"):
        return TEXTS[language]["rules"]

    def private_summary(self, state, seat):
        own = _texts(state, seat)
        lines = [own["money"].format(money=state["money"][seat])]
        if str(seat) in state["bids"]:
            lines.append(own["my_bid"].format(amount=state["bids"][str(seat)]))
        return "\n".join(lines)


class MarketBot:
    def __init__(self, game):
        self.game = game

    def choose(self, state, seat, rng: random.Random) -> str:
        choice = rng.choice(self.game.legal(state, seat))
        if choice.subset is not None:
            return choice.fill(rng.sample([v for v, _ in choice.subset.options], 1))
        if choice.amount is not None:
            return choice.fill(choice.amount.minimum)
        return choice.action


def render(view, image="board"):
    img, draw = canvas(480, 160)
    names = view.get("names", [])
    for seat, money in enumerate(view["money"]):
        draw_text(draw, (16, 16 + 32 * seat), f"{names[seat] if seat < len(names) else seat}: {money}", 18)
    return to_png(img)


GAME = Market()
KIT = GameKit(game=GAME, bot=MarketBot(GAME), render=render)
register(GAME_ID, KIT)
