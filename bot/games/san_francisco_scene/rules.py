"""San Francisco Scene: the Game protocol over the board, turn, money and deal modules."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.engine import SYSTEM_SEAT, Choice, Deadline, Event, IllegalMove, Option, Result, offered
from bot.engine import offers as offer_kit

from . import choices, deals, estate, flow, take_back
from . import money as cash
from . import tally as chart
from .common import FUND, Move, live_seats, money, seat_name
from .content import GROUPS, Board
from .help import rules_text
from .views import private_summary, public_view, seat_view

GAME_ID = "san-francisco-scene"
CLOSE_AUCTION = "auction:close"
TIME_UP = "time:up"
HOUR, DAY = 3600, 86_400
#: A run-out's move in each phase (every one of them is always offered there).
RUN_OUTS = {
    "roll": "roll", "buy": "auction", "auction": "pass",  # an offer: offer_kit.run_out, a decline
    "home": "skip", "college": "skip", "favour": "skip", "bank": "skip", "trade": "trade-cancel",
}

OPTIONS = (
    Option("rent", "Rent: the owner must claim it before the next player rolls (claim), or it "
           "is collected by itself (auto).", "claim", ("claim", "auto")),
    Option("connection_price", "Connection Cards at a Home Base: a negotiated price, or the "
           "fixed $100,000.", "negotiated", ("negotiated", "fixed")),
    Option("rounds", "Rounds to play (0: until one player is left).", 20, (0, 5, 10, 15, 20, 30)),
    Option("days", "Days to play from the start; the game ends after the turn in progress "
           "(0: no time limit).", 0, (0, 3, 7, 14, 30)),
    Option("offer_hours", "Hours an offer between two players stays open.", 24, (6, 12, 24, 48)),
    Option("auction_hours", "Hours an auction stays open after its last bid.", 12, (1, 4, 12, 24)),
)


class SanFranciscoScene:
    id = GAME_ID
    name = "San Francisco Scene"
    min_players = 2
    max_players = 6
    options = OPTIONS
    # The end-of-game chart's figures and each player's notable ones, from public views.
    tally, notables = staticmethod(chart.tally), staticmethod(chart.notables)
    # Which moves a player may take back (bot/engine/takeback.py).
    can_take_back = staticmethod(take_back.can_take_back)

    def __init__(self, board: Board):
        self.board = board

    # --- set-up -------------------------------------------------------------------------

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> dict:
        board, rules = self.board, self.board.rules
        opening: list[str] = []
        order = _opening_roll(list(range(players)), rng, opening)
        holders = _assign_groups(order)
        seats = []
        for seat in range(players):
            groups = [group for group in GROUPS if holders[group] == seat]
            home = board.groups[groups[0]].home if groups else "city-hall"
            seats.append({"cash": rules.start_cash, "space": home, "route": None, "groups": groups,
                          "connections": [], "debtor": False, "in_jail": False, "jail_turns": 0,
                          "skip_turns": 0, "bankrupt": False})
        deck = list(board.deck)
        rng.shuffle(deck)
        for group in GROUPS:
            holder = holders[group]
            opening.append(f"{board.groups[group].name}: "
                           + (seat_name(holder) if holder is not None else "nobody"))
        first = holders["politician"]
        opening.append(f"{seat_name(first)}, the Politician, rolls first.")
        state: dict[str, Any] = {
            "options": {opt.name: options[opt.name] for opt in OPTIONS},
            "seats": seats,
            "holders": holders,
            "owners": {space.id: None for space in board.for_sale},
            "developments": {space.id: 0 for space in board.for_sale},
            "gas": [],
            "bank": rules.bank_cash - players * rules.start_cash,
            "fund": 0,
            "deck": deck,
            "discard": [],
            "last_card": None,
            "round": 1,
            "first": first,
            "turn": first,
            "phase": "roll",
            "dice": [],
            "streak": 0,
            "rolled": False,
            "traded": False,
            "after": [],
            "decision": None,
            "draft": None,
            "auction": None,
            "auctions": 0,
            "claims": [],
            "claims_made": 0,
            "turns": 1,
            "offer": None,
            "offers": 0,
            "offer_resume": None,
            "time_up": False,
            "over": None,
            "opening": opening,
        }
        return state

    def opening_events(self, state: dict) -> list[Event]:
        return [Event("\n".join(state["opening"]))]

    # --- moves --------------------------------------------------------------------------

    def pending(self, state: dict) -> set[int]:
        return choices.pending(state)

    def upgrade(self, state: dict) -> None:
        """A game saved by 0.1.0 held at most one rent claim (``claim``); claims are a list
        now, numbered, each lasting until the roll after the turn it was made in."""
        if "claim" not in state:
            return
        claim = state.pop("claim")
        state.setdefault("turns", 1)
        state["claims_made"] = 1 if claim else 0
        state["claims"] = [{**claim, "number": 1, "turn": state["turns"]}] if claim else []

    def next_seat(self, state: dict) -> int | None:
        """Who plays after the turn now (``flow.next_player``); None in an auction or for
        the answer to an offer, decided inside another's turn."""
        if state["phase"] in ("over", "auction", "offer"):
            return None
        return flow.next_player(self.board, state)

    def legal(self, state: dict, seat: int) -> list[Choice]:
        return choices.legal(self.board, state, seat)

    def run_out(self, state: dict, seat: int) -> str | None:
        """What a run-out of the turn clock takes (NOTES.md, "The turn clock"): the roll the
        turn cannot go on without, with nothing optional done first (no development, no
        trade, no bail: the dice for doubles in San Quentin), and everywhere else the
        answer that buys and spends nothing: a landing goes to auction, a bid is passed, an
        offer, a loan or a Connection Card declined, a trade being put together cancelled."""
        if seat not in self.pending(state):
            return None
        if state["phase"] == "offer":
            return offer_kit.run_out(state["offer"], seat)
        return RUN_OUTS.get(state["phase"])

    def deadlines(self, state: dict) -> list[Deadline]:
        if state["phase"] == "over":
            return []
        found = []
        days = state["options"]["days"]
        if days and not state["time_up"]:
            found.append(Deadline("days-limit", days * DAY, TIME_UP, "the agreed time is up"))
        auction = state["auction"]
        if auction:
            found.append(Deadline(f"auction-{auction['number']}-{auction['bids']}",
                                  state["options"]["auction_hours"] * HOUR, CLOSE_AUCTION,
                                  "the auction closes"))
        if state["offer"]:
            found.append(offer_kit.expiry(state["offer"], state["options"]["offer_hours"] * HOUR))
        return found

    def apply(self, state: dict, seat: int, action: str, rng: random.Random) -> list[Event]:
        m = Move(self.board, state, rng)
        if seat == SYSTEM_SEAT:
            self._time(m, action)
        else:
            choice = offered(self.legal(state, seat), action)
            if choice is None:
                raise IllegalMove(self._refusal(state, seat, action))
            self._play(m, seat, choice, action)
        settle(m)
        return m.events

    def _time(self, m: Move, action: str) -> None:
        state = m.state
        if action not in {deadline.action for deadline in self.deadlines(state)}:
            raise IllegalMove("No deadline of this game is due with that move.")
        if action == CLOSE_AUCTION:
            m.say("⌛ Time is up for the auction.")
            deals.close_auction(m)
        elif action == offer_kit.EXPIRE:
            deals.expire(m)
        else:
            state["time_up"] = True
            m.say("⌛ The agreed time is up: the game ends after this turn.")

    def _refusal(self, state: dict, seat: int, action: str) -> str:
        """Why an action not on offer is refused, in the player's terms where we can tell."""
        verb, _, rest = action.partition(":")
        if seat in self.pending(state) and state["phase"] == "roll" and not state["rolled"]:
            if verb == "develop" and rest in self.board.spaces:
                return estate.why_not_develop(self.board, state, seat, rest) or "Not now."
            if verb == "gas" and rest in self.board.spaces:
                return estate.why_not_gas(self.board, state, seat, rest) or "Not now."
        if action == "buy" and state["phase"] == "buy" and seat == state["turn"]:
            space = self.board.spaces[state["decision"]["space"]]
            return (f"You have {money(state['seats'][seat]['cash'])}; {space.name} costs "
                    f"{money(space.price)}.")
        if verb == "claim":
            return "There is no rent for you to claim now."
        # The trade in the making is the drafter's alone: only its cards answer the drafter.
        draft = state["draft"] if seat == state["turn"] else None
        no_cards = draft is not None and not (draft.get("give") or draft.get("ask"))
        if ((action == "trade" and state["phase"] == "roll" and not deals.trade_partners(state, seat))
                or (verb == "trade-cash" and state["phase"] == "trade" and no_cards)):
            return deals.NO_LOANS
        if seat not in self.pending(state):
            return "It is not your turn."
        return "That is not one of the moves you can make now."

    def _play(self, m: Move, seat: int, choice: Choice, action: str) -> None:
        head, _, tail = choice.action.partition(":")
        value: Any = None
        if choice.template:
            before, _, after = choice.action.partition("{}")
            filled = action[len(before):len(action) - len(after)]
            value = choice.amount.parse(filled) if choice.amount else choice.subset.parse(filled)
        if head == "claim":
            claim = next(c for c in m.state["claims"] if str(c["number"]) == tail)
            m.state["claims"].remove(claim)
            space = self.board.spaces[claim["space"]]
            m.say(f"{seat_name(seat)} claims the rent on {space.name}.")
            cash.pay(m, claim["payer"], seat, claim["amount"], f"rent on {space.name}")
        elif choice.action == "roll":
            flow.roll(m, seat)
        elif choice.action == "bail":
            cash.pay(m, seat, FUND, self.board.rules.jail_fee, "leaving San Quentin")
            flow.release(m, seat)
        elif head == "develop":
            estate.develop(m, seat, tail)
        elif head == "gas":
            estate.build_gas_station(m, seat, tail)
        elif choice.action in (offer_kit.ACCEPT, offer_kit.DECLINE, offer_kit.COUNTER):
            deals.answer(m, seat, action)
        else:
            self._deal(m, seat, choice.action, head, tail, value)

    def _deal(self, m: Move, seat: int, action: str, head: str, tail: str, value: Any) -> None:
        simple = {
            "buy": deals.buy, "auction": deals.start_auction, "pass": deals.pass_auction,
            "skip": deals.decline, "borrow": deals.borrow, "connect": deals.buy_connection_fixed,
            "trade": deals.start_trade, "trade-cancel": deals.cancel_trade,
        }
        valued: dict[str, Callable[[Move, int, Any], None]] = {  # each takes the value its field holds
            "bid": deals.bid, "connect": deals.offer_connection_price,
            "trade-give": deals.trade_give, "trade-ask": deals.trade_ask,
            "trade-cash": deals.trade_cash,
        }
        if action in simple:
            simple[action](m, seat)
        elif head in valued:
            valued[head](m, seat, value)
        elif head == "trade-with":
            deals.trade_partner(m, seat, int(tail))
        elif head == "connection":
            deals.buy_connection_from_fund(m, seat, tail)
        elif head == "represent":
            deals.represent(m, seat, tail)
        else:  # every offered action is handled above; this guards a new one forgotten
            raise IllegalMove("That is not one of the moves you can make now.")

    # --- views and texts ----------------------------------------------------------------

    def view(self, state: dict, seat: int | None) -> dict:
        view = public_view(self.board, state)
        if seat is not None:
            view.update(seat_view(self.board, state, seat))
        return view

    def private_summary(self, state: dict, seat: int) -> str:
        return private_summary(self.board, state, seat)

    def result(self, state: dict) -> Result | None:
        over = state["over"]
        if over is None:
            return None
        scores = {seat: worth for seat, worth in enumerate(over["worth"])}
        names = " and ".join(seat_name(s) for s in over["winners"])
        how = {"bankruptcy": "last player standing", "rounds": "richest when the rounds ran out",
               "days": "richest when the time ran out"}[over["reason"]]
        return Result(tuple(over["winners"]), scores, f"{names}: {how}.")

    def prompt(self, state: dict, seat: int) -> str:
        phase = state["phase"]
        claims = estate.open_claims(state, seat)
        if phase == "over":
            return "The game is over."
        if seat not in self.pending(state):
            if claims:
                claim = claims[0]
                more = f" (and {len(claims) - 1} more)" if len(claims) > 1 else ""
                return (f"Claim your {money(claim['amount'])} rent from {seat_name(claim['payer'])}"
                        f"{more} before the next player rolls.")
            return f"Wait: it is {seat_name(state['turn'])}'s turn."
        if phase == "auction":
            auction = state["auction"]
            return (f"Bid at least {money(deals.next_minimum(auction))} for "
                    f"{self.board.spaces[auction['space']].name}, or pass.")
        if phase == "offer":
            return f"Answer {seat_name(state['offer']['by'])}'s offer: accept, decline or counter."
        texts = {
            "buy": "Buy the space you landed on, or put it up for auction.",
            "home": "Buy a Connection Card from the holder of this Home Base, or not.",
            "college": "Take a Connection Card (or an interest group), or not.",
            "favour": "Doubles twice: buy a Connection Card through the Public Fund, or not.",
            "bank": "Borrow from Wells Crocker Bank, or not.",
            "trade": "Put your trade proposal together, step by step.",
        }
        if phase in texts:
            return texts[phase]
        if state["rolled"]:
            return "You rolled doubles: roll again."
        return "Your turn: develop or trade if you like, then roll."

    def status(self, state: dict) -> str:
        if state["phase"] == "over":
            return f"Game over after round {state['round']}."
        limit = state["options"]["rounds"]
        rounds = f"Round {state['round']}" + (f" of {limit}" if limit else "")
        fund = f" · Public Fund {money(state['fund'])}" if state["fund"] else ""
        doing = {"auction": "auction", "offer": "an offer", "trade": "a trade"}.get(state["phase"])
        return f"{rounds} — {seat_name(state['turn'])}'s turn" + (f" ({doing})" if doing else "") + fund

    def rules_summary(self) -> str:
        return rules_text(self.board)


def settle(m: Move) -> None:
    """After every move: claims that no longer stand (a player out, a card gone to the Public
    Fund or elsewhere), what bankruptcy undoes (an offer, a bid, a turn) and whether the game
    is over."""
    state = m.state
    if state["phase"] == "over":
        return
    if len(live_seats(state)) <= 1:
        flow.finish(m, "bankruptcy")
        return
    out = {seat for seat, s in enumerate(state["seats"]) if s["bankrupt"]}
    offer = state["offer"]
    if offer and {offer["by"], offer["to"]} & out:
        deals.drop_offer(m)
    auction = state["auction"]
    if auction:
        auction["passed"] += sorted(out - set(auction["passed"]))
        if auction["bidder"] in out:
            auction.update(bidder=None, bid=0)
        deals.check_auction(m)
    if state["phase"] not in ("auction", "over") and state["seats"][state["turn"]]["bankrupt"]:
        flow.end_turn(m)
    void_claims(m)


def void_claims(m: Move) -> None:
    """A claim stands only while both players are in and the owner holds the card."""
    state = m.state
    for claim in list(state["claims"]):
        if estate.claim_stands(state, claim):
            continue
        state["claims"].remove(claim)
        holder = state["owners"][claim["space"]]
        if holder == FUND and not state["seats"][claim["owner"]]["bankrupt"]:
            m.say(f"{m.name(claim['space'])} is in the Public Fund now: the rent claim on it is void.")


def _opening_roll(contenders: list[int], rng: random.Random, told: list[str]) -> list[int]:
    """Everyone rolls two dice, highest first; tied players roll again among themselves."""
    rolls = {seat: rng.randint(1, 6) + rng.randint(1, 6) for seat in contenders}
    told.append("Opening roll: " + ", ".join(f"{seat_name(s)} {r}" for s, r in rolls.items()) + ".")
    order: list[int] = []
    for total in sorted(set(rolls.values()), reverse=True):
        tied = [seat for seat in contenders if rolls[seat] == total]
        if len(tied) > 1:
            told.append(" and ".join(seat_name(s) for s in tied) + f" tie at {total} and roll again.")
            tied = _opening_roll(tied, rng, told)
        order += tied
    return order


def _assign_groups(order: list[int]) -> dict[str, int | None]:
    """Highest roller the Politician, then Membership Chairman, Attorney, Labor Leader. Two
    players: two groups each (alternating down the list); three: no Labor Leader; five or
    more: the lowest rollers hold none."""
    if len(order) == 2:
        return {group: order[i % 2] for i, group in enumerate(GROUPS)}
    holders: dict[str, int | None] = {group: None for group in GROUPS}
    for group, seat in zip(GROUPS[:3] if len(order) == 3 else GROUPS, order):
        holders[group] = seat
    return holders

