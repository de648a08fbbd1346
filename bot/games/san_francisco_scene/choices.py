"""Every move a seat may make now, as Choices (the engine accepts exactly these)."""
from __future__ import annotations

from typing import Any

from bot.engine import Amount, Choice, Subset
from bot.engine import offers as offer_kit

from .common import STEP, Move, a_or_an, floor_step, money, seat_name
from .content import Board
from .deals import (
    bidders,
    counter_range,
    least_asked,
    least_given,
    next_minimum,
    opening_bid,
    tradable,
    trade_partners,
)
from .estate import open_claims, why_not_develop, why_not_gas
from .travel import connection_groups


def legal(board: Board, state: dict[str, Any], seat: int) -> list[Choice]:
    if state["phase"] == "over" or not 0 <= seat < len(state["seats"]):
        return []
    choices = []
    for claim in open_claims(state, seat):
        choices.append(Choice(
            f"claim:{claim['number']}",
            f"Claim {money(claim['amount'])} rent on {board.spaces[claim['space']].name}",
            group="claim", style="success",
            description=f"{seat_name(claim['payer'])} pays if you claim before the next player rolls."))
    if seat in pending(state):
        choices += _for_phase(Move(board, state, None), seat)
    return choices


def pending(state: dict[str, Any]) -> set[int]:
    phase = state["phase"]
    if phase == "over":
        return set()
    if phase == "auction":
        return bidders(state)
    if phase == "offer":
        return {state["offer"]["to"]}
    return {state["turn"]}


def _for_phase(m: Move, seat: int) -> list[Choice]:
    phase, state = m.state["phase"], m.state
    if phase == "roll":
        return _before_the_roll(m, seat) if not state["rolled"] else [
            Choice("roll", "Roll again (doubles)", group="turn", style="primary")]
    if phase == "buy":
        space = m.board.spaces[state["decision"]["space"]]
        choices = []
        if m.seat(seat)["cash"] >= space.price:
            choices.append(Choice("buy", f"Buy {space.name} for {money(space.price)}",
                                  group="buy", style="success"))
        choices.append(Choice("auction", f"Auction it (bids from {money(opening_bid(space.price))})",
                              group="buy"))
        return choices
    if phase == "auction":
        auction, cash = state["auction"], m.seat(seat)["cash"]
        least = next_minimum(auction)
        choices = [Choice("pass", "Pass (out of this auction)", group="auction", style="danger")]
        if cash >= least:
            choices.insert(0, Choice("bid:{}", f"Bid for {m.name(auction['space'])}", group="auction",
                                     style="primary", amount=Amount(least, cash, STEP, "$")))
        return choices
    if phase == "offer":
        return offer_kit.answers(state["offer"], counter=counter_range(m, state["offer"]))
    if phase == "home":
        return _home(m, seat)
    if phase in ("college", "favour"):
        return _connections(m, seat, phase)
    if phase == "bank":
        loan = m.board.rules.loan
        return [Choice("borrow", f"Borrow {money(loan)} (repay {money(loan + m.board.rules.loan_interest)})",
                       group="bank", style="primary"),
                Choice("skip", "No loan", group="bank")]
    if phase == "trade":
        return _trade(m, seat)
    return []


def _before_the_roll(m: Move, seat: int) -> list[Choice]:
    state, board, player = m.state, m.board, m.seat(seat)
    choices = []
    if player["in_jail"]:
        choices.append(Choice("roll", "Roll for doubles", group="turn", style="primary"))
        if player["cash"] >= board.rules.jail_fee:
            choices.append(Choice("bail", f"Pay {money(board.rules.jail_fee)} and leave San Quentin",
                                  group="turn"))
    elif player["route"]:
        choices.append(Choice("roll", "Throw one die and sail", group="turn", style="primary"))
    else:
        choices.append(Choice("roll", "Roll the dice", group="turn", style="primary"))
    if not state["traded"] and trade_partners(state, seat):
        choices.append(Choice("trade", "Propose a trade", group="turn"))
    for space in board.for_sale:
        if why_not_develop(board, state, seat, space.id) is None:
            level = state["developments"][space.id]
            choices.append(Choice(
                f"develop:{space.id}",
                f"Develop {space.name} ({level + 1}) for {money(space.development_cost)}",
                group="develop"))
    for space in board.chevrons:
        if why_not_gas(board, state, seat, space.id) is None:
            choices.append(Choice(
                f"gas:{space.id}",
                f"Gas Station on {space.name} for {money(board.rules.gas_station_cost)}",
                group="develop"))
    return choices


def _home(m: Move, seat: int) -> list[Choice]:
    decision, rules = m.state["decision"], m.board.rules
    group = m.board.groups[decision["group"]].name
    seller = seat_name(decision["seller"])
    choices = []
    if m.state["options"]["connection_price"] == "fixed":
        if m.seat(seat)["cash"] >= rules.connection_price:
            choices.append(Choice("connect", f"Buy {a_or_an(group)} Connection Card for "
                                  f"{money(rules.connection_price)}", group="home", style="primary"))
    else:
        choices.append(Choice("connect:{}", f"Make an offer for the {group} Connection Card",
                              group="home", style="primary",
                              description=f"{seller} may accept, decline or counter.",
                              amount=Amount(0, floor_step(m.seat(seat)["cash"]), STEP, "$")))
    choices.append(Choice("skip", "No Connection Card", group="home"))
    return choices


def _connections(m: Move, seat: int, phase: str) -> list[Choice]:
    state, board, player = m.state, m.board, m.seat(seat)
    price = board.rules.connection_price
    choices = []
    if player["cash"] >= price:
        for group in connection_groups(m, seat):
            holder = state["holders"][group]
            choices.append(Choice(
                f"connection:{group}",
                f"{board.groups[group].name} Connection Card for {money(price)} (Public Fund)",
                group="connection", description=f"From {seat_name(holder)}."))
    if phase == "college" and not player["groups"] and len(state["seats"]) >= 5:
        for interest in board.groups.values():
            choices.append(Choice(f"represent:{interest.id}", f"Become the {interest.name}",
                                  group="represent"))
    choices.append(Choice("skip", "Nothing, thanks", group="connection"))
    return choices


def _trade(m: Move, seat: int) -> list[Choice]:
    state, board = m.state, m.board
    draft = state["draft"]
    cancel = Choice("trade-cancel", "Cancel the trade", group="trade-cancel", private=True,
                    style="danger")
    if draft["step"] == "partner":
        return [Choice(f"trade-with:{other}", f"Trade with {seat_name(other)}", group="trade",
                       private=True)
                for other in trade_partners(state, seat)] + [cancel]
    partner = draft["partner"]
    # No loans between players: a card changes hands, so an empty side needs the other.
    if draft["step"] == "give":
        options = tuple((s, board.spaces[s].name) for s in tradable(state, seat))
        least = least_given(state, partner)
        if not options:
            return [cancel]
        label = "Cards you give (none is fine)" if least == 0 else "Cards you give (one at least)"
        return [Choice("trade-give:{}", label, group="trade", private=True,
                       subset=Subset(options, minimum=least)), cancel]
    if draft["step"] == "ask":
        options = tuple((s, board.spaces[s].name) for s in tradable(state, partner))
        least = least_asked(draft)
        if not options:
            return [cancel]
        label = (f"Cards you ask of {seat_name(partner)} "
                 + ("(none is fine)" if least == 0 else "(one at least)"))
        return [Choice("trade-ask:{}", label, group="trade", private=True,
                       subset=Subset(options, minimum=least)), cancel]
    if not (draft["give"] or draft["ask"]):
        return [cancel]
    low = -floor_step(m.seat(partner)["cash"])
    high = floor_step(m.seat(seat)["cash"])
    return [Choice("trade-cash:{}", "Cash you pay (negative: cash you ask)", group="trade",
                   private=True, amount=Amount(low, high, STEP, "$")), cancel]
