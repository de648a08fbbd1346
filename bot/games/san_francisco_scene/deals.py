"""Deals: buying from the Bank, auctions, Connection Cards, the Wells Crocker loan, and
trades and negotiated prices between two players (offers, private until they end)."""
from __future__ import annotations

from typing import Any

from bot.engine import Amount, IllegalMove
from bot.engine import offers as offer_kit

from . import money as cash
from .common import (
    BANK,
    FUND,
    MAX_OFFER_ROUNDS,
    STEP,
    Move,
    a_or_an,
    floor_step,
    live_seats,
    money,
    seat_name,
)
from .estate import open_claims
from .flow import continue_turn
from .travel import connection_groups

# --- buying and auctions ------------------------------------------------------------------

def opening_bid(price: int) -> int:
    """Half the price, rounded up to the bidding step."""
    return -(-(price // 2) // STEP) * STEP


def buy(m: Move, seat: int) -> None:
    space_id = m.state["decision"]["space"]
    space, player = m.board.spaces[space_id], m.seat(seat)
    if player["cash"] < space.price:
        raise IllegalMove(f"You have {money(player['cash'])}; {space.name} costs {money(space.price)}.")
    cash.transfer(m.state, seat, BANK, space.price)
    m.state["owners"][space_id] = seat
    m.say(f"🏠 {seat_name(seat)} buys {space.name} for {money(space.price)}.")
    continue_turn(m)


def start_auction(m: Move, seat: int) -> None:
    state = m.state
    space_id = state["decision"]["space"]
    price = m.board.spaces[space_id].price
    state["auctions"] += 1
    state["auction"] = {"space": space_id, "bid": 0, "bidder": None, "opening": opening_bid(price),
                        "passed": [], "auctioneer": seat, "number": state["auctions"], "bids": 0}
    state.update(phase="auction", decision=None)
    m.say(f"🔨 {seat_name(seat)} puts {m.name(space_id)} up for auction: bidding opens at "
          f"{money(opening_bid(price))}, open to everyone.")
    _drop_out_the_broke(m)
    check_auction(m)


def next_minimum(auction: dict[str, Any]) -> int:
    return auction["opening"] if auction["bidder"] is None else auction["bid"] + STEP


def bidders(state: dict[str, Any]) -> set[int]:
    """Who may still bid: everyone in the game who has not passed, but the high bidder."""
    auction = state["auction"]
    if auction is None:
        return set()
    return {seat for seat in live_seats(state)
            if seat not in auction["passed"] and seat != auction["bidder"]}


def _drop_out_the_broke(m: Move) -> None:
    """A player who cannot cover the next bid has passed: a bid may not exceed one's cash."""
    auction = m.state["auction"]
    for seat in sorted(bidders(m.state)):
        if m.seat(seat)["cash"] < next_minimum(auction):
            auction["passed"].append(seat)
            m.say(f"{seat_name(seat)} cannot bid {money(next_minimum(auction))} and is out of "
                  "the auction.")


def bid(m: Move, seat: int, amount: int) -> None:
    auction, player = m.state["auction"], m.seat(seat)
    least = next_minimum(auction)
    if amount < least or (amount - least) % STEP:
        raise IllegalMove(f"The next bid is at least {money(least)}, in steps of {money(STEP)}.")
    if amount > player["cash"]:
        raise IllegalMove(f"You have {money(player['cash'])}; you cannot bid {money(amount)}.")
    auction.update(bid=amount, bidder=seat, bids=auction["bids"] + 1)
    m.say(f"{seat_name(seat)} bids {money(amount)} for {m.name(auction['space'])}.")
    _drop_out_the_broke(m)
    check_auction(m)


def pass_auction(m: Move, seat: int) -> None:
    m.state["auction"]["passed"].append(seat)
    m.say(f"{seat_name(seat)} passes.")
    check_auction(m)


def check_auction(m: Move) -> None:
    if m.state["auction"] is not None and not bidders(m.state):
        close_auction(m)


def close_auction(m: Move) -> None:
    state = m.state
    auction = state["auction"]
    state["auction"] = None
    space = m.board.spaces[auction["space"]]
    winner = auction["bidder"]
    if winner is None:
        m.say(f"No bids: {space.name} stays with the Bank.")
    elif state["seats"][winner]["bankrupt"] or state["seats"][winner]["cash"] < auction["bid"]:
        m.say(f"{seat_name(winner)} can no longer pay {money(auction['bid'])}: {space.name} "
              "stays with the Bank.")
    else:
        cash.transfer(state, winner, BANK, auction["bid"])
        state["owners"][space.id] = winner
        m.say(f"🔨 Sold: {space.name} to {seat_name(winner)} for {money(auction['bid'])}.")
    continue_turn(m)


# --- Connection Cards, interest groups, the loan ------------------------------------------

def _connect(m: Move, buyer: int, group: str) -> None:
    m.seat(buyer)["connections"].append(group)


def buy_connection_from_fund(m: Move, seat: int, group: str) -> None:
    """Doubles twice in a row, or Stanford / University of California: pay the Public Fund
    for a Connection Card from the player of one's choice."""
    price, player = m.board.rules.connection_price, m.seat(seat)
    if group not in connection_groups(m, seat):
        raise IllegalMove("Nobody else holds that interest group, or you already have its card.")
    if player["cash"] < price:
        raise IllegalMove(f"You have {money(player['cash'])}; a Connection Card costs {money(price)}.")
    cash.transfer(m.state, seat, FUND, price)
    _connect(m, seat, group)
    holder = m.state["holders"][group]
    m.say(f"🤝 {seat_name(seat)} pays {money(price)} to the Public Fund for "
          f"{a_or_an(m.board.groups[group].name)} Connection Card from {seat_name(holder)}.")
    continue_turn(m)


def represent(m: Move, seat: int, group: str) -> None:
    """A player without an interest group takes one over at a college (5 or more players)."""
    player = m.seat(seat)
    if player["groups"] or len(m.state["seats"]) < 5:
        raise IllegalMove("Only a player without an interest group may take one over.")
    previous = m.state["holders"][group]
    m.state["holders"][group] = seat
    player["groups"] = [group]
    if group in player["connections"]:  # nobody holds a Connection Card from himself
        player["connections"].remove(group)
    if previous is not None:
        m.seat(previous)["groups"].remove(group)
    taken = f", taking it from {seat_name(previous)}" if previous is not None else ""
    m.say(f"🎖️ {seat_name(seat)} becomes the {m.board.groups[group].name}{taken}.")
    continue_turn(m)


def buy_connection_fixed(m: Move, seat: int) -> None:
    decision, price = m.state["decision"], m.board.rules.connection_price
    if m.seat(seat)["cash"] < price:
        raise IllegalMove(f"You have {money(m.seat(seat)['cash'])}; a Connection Card costs {money(price)}.")
    cash.transfer(m.state, seat, decision["seller"], price)
    _connect(m, seat, decision["group"])
    m.say(f"🤝 {seat_name(seat)} buys {a_or_an(m.board.groups[decision['group']].name)} Connection "
          f"Card from {seat_name(decision['seller'])} for {money(price)}.")
    continue_turn(m)


def borrow(m: Move, seat: int) -> None:
    paid = cash.transfer(m.state, BANK, seat, m.board.rules.loan)
    m.seat(seat)["debtor"] = True
    m.say(f"🏦 {seat_name(seat)} borrows {money(paid)} from Wells Crocker Bank and becomes a Debtor.")
    continue_turn(m)


def decline(m: Move, seat: int) -> None:
    continue_turn(m)


# --- offers between two players -------------------------------------------------------------

def _propose(m: Move, by: int, to: int, terms: dict[str, Any], resume: str) -> None:
    state = m.state
    state["offers"] += 1
    state["offer"] = offer_kit.propose(state["offers"], by, to, terms)
    state["offer_resume"] = resume
    state.update(phase="offer", decision=None, draft=None)
    what = "a Connection Card" if terms["kind"] == "connection" else "a trade"
    m.say(f"{seat_name(by)} makes {seat_name(to)} an offer for {what}.")
    m.say(f"Your offer to {seat_name(to)}: {describe(m, state['offer'])}", to=(by,))
    m.say(f"{seat_name(by)} offers you: {describe(m, state['offer'], to)}", to=(to,))


def offer_connection_price(m: Move, seat: int, price: int) -> None:
    decision = m.state["decision"]
    if not 0 <= price <= m.seat(seat)["cash"]:
        raise IllegalMove(f"You have {money(m.seat(seat)['cash'])}; offer at most that.")
    terms = {"kind": "connection", "group": decision["group"], "buyer": seat,
             "seller": decision["seller"], "price": price}
    _propose(m, seat, decision["seller"], terms, "continue")


def describe(m: Move, offer: dict[str, Any], reader: int | None = None) -> str:
    """The terms in words (private to the two players)."""
    terms = offer["terms"]
    if terms["kind"] == "connection":
        group = m.board.groups[terms["group"]].name
        return (f"{seat_name(terms['buyer'])} buys {a_or_an(group)} Connection Card from "
                f"{seat_name(terms['seller'])} for {money(terms['price'])}.")
    a, b = terms["a"], terms["b"]
    parts = []
    for giver, cards in ((a, terms["a_gives"]), (b, terms["b_gives"])):
        if cards:
            parts.append(f"{seat_name(giver)} gives {', '.join(m.name(s) for s in cards)}")
    pays = terms["a_pays"]
    if pays:
        payer, payee = (a, b) if pays > 0 else (b, a)
        parts.append(f"{seat_name(payer)} pays {seat_name(payee)} {money(abs(pays))}")
    return "; ".join(parts) + "."


def counter_range(m: Move, offer: dict[str, Any]) -> Amount | None:
    """The amounts the answering seat may counter with, or None when no counter is left."""
    if offer["round"] >= MAX_OFFER_ROUNDS:
        return None
    terms, seat = offer["terms"], offer["to"]
    if terms["kind"] == "connection":
        return Amount(0, floor_step(m.seat(terms["buyer"])["cash"]), STEP, "$")
    other = terms["a"] if seat == terms["b"] else terms["b"]
    return Amount(-floor_step(m.seat(other)["cash"]), floor_step(m.seat(seat)["cash"]), STEP, "$")


def _fell_through(m: Move, offer: dict[str, Any]) -> str | None:
    """Why an accepted offer can no longer happen (cash spent, a card gone), else None."""
    terms, state = offer["terms"], m.state
    if terms["kind"] == "connection":
        if m.seat(terms["buyer"])["cash"] < terms["price"]:
            return f"{seat_name(terms['buyer'])} no longer has {money(terms['price'])}"
        if state["holders"][terms["group"]] != terms["seller"]:
            return f"{seat_name(terms['seller'])} no longer holds that interest group"
        return None
    for giver, cards in ((terms["a"], terms["a_gives"]), (terms["b"], terms["b_gives"])):
        for space_id in cards:
            if space_id not in tradable(state, giver):
                return f"{seat_name(giver)} can no longer trade {m.name(space_id)}"
    pays = terms["a_pays"]
    payer = terms["a"] if pays > 0 else terms["b"]
    if m.seat(payer)["cash"] < abs(pays):
        return f"{seat_name(payer)} no longer has {money(abs(pays))}"
    return None


def _carry_out(m: Move, offer: dict[str, Any]) -> None:
    terms, state = offer["terms"], m.state
    if terms["kind"] == "connection":
        cash.transfer(state, terms["buyer"], terms["seller"], terms["price"])
        _connect(m, terms["buyer"], terms["group"])
        return
    a, b = terms["a"], terms["b"]
    for space_id in terms["a_gives"]:
        state["owners"][space_id] = b  # developments go with the card, and Gas Stations with
    for space_id in terms["b_gives"]:  # Substandard Oil, whose owner they belong to
        state["owners"][space_id] = a
    pays = terms["a_pays"]
    if pays > 0:
        cash.transfer(state, a, b, pays)
    elif pays < 0:
        cash.transfer(state, b, a, -pays)


def _close_offer(m: Move) -> None:
    state = m.state
    resume = state["offer_resume"]
    state.update(offer=None, offer_resume=None)
    if resume == "continue":
        continue_turn(m)
    else:
        state["phase"] = "roll"


def answer(m: Move, seat: int, action: str) -> None:
    offer = m.state["offer"]
    kind, amount = offer_kit.answer(offer, action)
    terms, by = offer["terms"], offer["by"]
    if kind == "accept":
        problem = _fell_through(m, offer)
        if problem:
            m.say(f"The deal between {seat_name(by)} and {seat_name(seat)} falls through: {problem}.")
        else:
            _carry_out(m, offer)
            m.say(f"🤝 Deal: {describe(m, offer)}")
        _close_offer(m)
    elif kind == "decline":
        m.say(f"{seat_name(seat)} declines {seat_name(by)}'s offer.")
        _close_offer(m)
    else:
        allowed = counter_range(m, offer)
        if allowed is None or not allowed.allows(amount):
            raise IllegalMove("Accept or decline: this offer has gone back and forth enough.")
        if terms["kind"] == "connection":
            new_terms = {**terms, "price": amount}
        else:
            new_terms = {**terms, "a_pays": amount if seat == terms["a"] else -amount}
        m.state["offer"] = offer_kit.countered(offer, new_terms)
        m.say(f"{seat_name(seat)} makes {seat_name(by)} a counter-offer.")
        m.say(f"{seat_name(seat)} counters: {describe(m, m.state['offer'])}", to=(by,))


def expire(m: Move) -> None:
    offer = m.state["offer"]
    m.say(f"⌛ {seat_name(offer['by'])}'s offer to {seat_name(offer['to'])} expires unanswered.")
    _close_offer(m)


def drop_offer(m: Move) -> None:
    """An offer one of whose players is out of the game is off."""
    m.say("The open offer is off.")
    _close_offer(m)


# --- trades: built in steps, before the proposer's roll -----------------------------------

def tradable(state: dict[str, Any], seat: int) -> list[str]:
    """The seat's unencumbered Ownership Cards: all it owns but those with a rent claim open."""
    held = {claim["space"] for claim in open_claims(state)}
    return [space for space, owner in state["owners"].items() if owner == seat and space not in held]


def trade_partners(state: dict[str, Any], seat: int) -> list[int]:
    """Whom ``seat`` may trade with: a trade moves at least one Ownership Card (players may
    not loan money to each other), so a player still in the game where either of the two has
    a card to trade."""
    held = {claim["space"] for claim in open_claims(state)}
    with_cards = {owner for space, owner in state["owners"].items()
                  if isinstance(owner, int) and space not in held}
    return [other for other in live_seats(state)
            if other != seat and (seat in with_cards or other in with_cards)]


def least_given(state: dict[str, Any], partner: int) -> int:
    """How many cards the proposer must give: one when the partner has none to ask for."""
    return 0 if tradable(state, partner) else 1


def least_asked(draft: dict[str, Any]) -> int:
    """How many cards the proposer must ask for: one when giving none."""
    return 0 if draft["give"] else 1


NO_LOANS = "Players may not loan money to each other: a trade moves at least one Ownership Card."


def start_trade(m: Move, seat: int) -> None:
    if not trade_partners(m.state, seat):
        raise IllegalMove(NO_LOANS)
    m.state.update(phase="trade", draft={"step": "partner"})


def trade_partner(m: Move, seat: int, partner: int) -> None:
    if partner not in trade_partners(m.state, seat):
        raise IllegalMove("Trade with another player still in the game, with a card to trade "
                          "on one side at least.")
    m.state["draft"] = {"step": "give", "partner": partner, "give": [], "ask": []}
    _skip_empty_steps(m, seat)


def _skip_empty_steps(m: Move, seat: int) -> None:
    draft = m.state["draft"]
    if draft["step"] == "give" and not tradable(m.state, seat):
        draft["step"] = "ask"
    if draft["step"] == "ask" and not tradable(m.state, draft["partner"]):
        draft["step"] = "cash"


def trade_give(m: Move, seat: int, cards: list[str]) -> None:
    if len(cards) < least_given(m.state, m.state["draft"]["partner"]):
        raise IllegalMove(NO_LOANS)
    m.state["draft"].update(give=cards, step="ask")
    _skip_empty_steps(m, seat)


def trade_ask(m: Move, seat: int, cards: list[str]) -> None:
    if len(cards) < least_asked(m.state["draft"]):
        raise IllegalMove(NO_LOANS)
    m.state["draft"].update(ask=cards, step="cash")


def trade_cash(m: Move, seat: int, amount: int) -> None:
    draft = m.state["draft"]
    if not (draft["give"] or draft["ask"]):
        raise IllegalMove(NO_LOANS)
    partner = draft["partner"]
    terms = {"kind": "trade", "a": seat, "b": partner, "a_gives": draft["give"],
             "b_gives": draft["ask"], "a_pays": amount}
    m.state["traded"] = True
    _propose(m, seat, partner, terms, "roll")


def cancel_trade(m: Move, seat: int) -> None:
    m.state.update(phase="roll", draft=None)
