"""Money and Ownership Cards changing hands: payments, insolvency, bankruptcy, worth.

Every dollar lives with the Bank, the Public Fund or a player and only ever moves between
them, so their sum never changes. The Bank never runs out (the sheet sets it no limit): its
balance is a ledger that may go below zero, and a payment from it is never cut short. A debt that cash does not cover is paid in the sheet's
order: all cash; then developments back to the Bank at half their cost, cheapest first,
the proceeds to the creditor; then Ownership Cards at half their price, least valuable
first. Whoever cannot pay even so is bankrupt, and the same order holds to the end: the
creditor takes the cash and the developments' proceeds, then every Ownership Card — a player
owed takes them, the Public Fund keeps them (earning nothing until collected), and only when
the Bank is owed do they go back to it, for sale again.
"""
from __future__ import annotations

from typing import Any

from .common import BANK, FUND, Move, cards_of, listing, money, seat_name
from .content import Board

Party = int | str  # a seat, BANK or FUND


def balance(state: dict[str, Any], party: Party) -> int:
    if party == BANK:
        return state["bank"]
    if party == FUND:
        return state["fund"]
    return state["seats"][party]["cash"]


def _add(state: dict[str, Any], party: Party, amount: int) -> None:
    if party == BANK:
        state["bank"] += amount
    elif party == FUND:
        state["fund"] += amount
    else:
        state["seats"][party]["cash"] += amount


def transfer(state: dict[str, Any], payer: Party, payee: Party, amount: int) -> int:
    """Move ``amount``: at most what a player or the Public Fund has, all of it from the Bank,
    which never runs out."""
    amount = max(0, amount if payer == BANK else min(amount, balance(state, payer)))
    _add(state, payer, -amount)
    _add(state, payee, amount)
    return amount


def party_name(party: Party) -> str:
    if isinstance(party, int):
        return seat_name(party)
    return {BANK: "the Bank", FUND: "the Public Fund"}[party]


def development_units(board: Board, state: dict[str, Any], seat: int) -> list[tuple[int, str, str]]:
    """(cost, space, "development" | "gas") for each marker ``seat`` owns, cheapest first."""
    units = []
    for space_id in cards_of(state, seat):
        space = board.spaces[space_id]
        units += [(space.development_cost, space_id, "development")] * state["developments"][space_id]
    if state["owners"]["substandard-oil"] == seat:
        units += [(board.rules.gas_station_cost, space_id, "gas") for space_id in state["gas"]]
    order = {space.id: space.index for space in board.loop}
    return sorted(units, key=lambda unit: (unit[0], order[unit[1]]))


def remove_unit(state: dict[str, Any], unit: tuple[int, str, str]) -> None:
    _, space_id, kind = unit
    if kind == "gas":
        state["gas"].remove(space_id)
    else:
        state["developments"][space_id] -= 1


def cards_by_value(board: Board, state: dict[str, Any], seat: int) -> list[str]:
    """The seat's Ownership Cards, least valuable first (board order among equals)."""
    return sorted(cards_of(state, seat), key=lambda s: (board.spaces[s].price, board.spaces[s].index))


def liquidation_value(board: Board, state: dict[str, Any], seat: int) -> int:
    """What the seat could raise for a debt: cash, half of every development, half of every card."""
    units = sum(cost // 2 for cost, _, _ in development_units(board, state, seat))
    cards = sum(board.spaces[s].price // 2 for s in cards_of(state, seat))
    return state["seats"][seat]["cash"] + units + cards


def give_card(state: dict[str, Any], space_id: str, to: Party) -> None:
    """An Ownership Card (undeveloped) to a seat, the Fund, or back to the Bank."""
    state["owners"][space_id] = None if to == BANK else to
    state["developments"][space_id] = 0


def pay(m: Move, payer: int, creditor: Party, amount: int, why: str = "") -> bool:
    """A debt: paid in full (selling and handing over what it takes), or the payer goes
    bankrupt. Returns whether the payer is still in the game."""
    state, board = m.state, m.board
    if amount <= 0:
        return True
    reason = f" ({why})" if why else ""
    if state["seats"][payer]["cash"] >= amount:
        transfer(state, payer, creditor, amount)
        m.say(f"{seat_name(payer)} pays {party_name(creditor)} {money(amount)}{reason}.")
        return True
    if liquidation_value(board, state, payer) < amount:
        bankrupt(m, payer, creditor, amount, why)
        return False
    owed = amount - transfer(state, payer, creditor, state["seats"][payer]["cash"])
    sold, handed = [], []
    for unit in development_units(board, state, payer):
        if owed <= 0:
            break
        remove_unit(state, unit)
        proceeds = transfer(state, BANK, payer, unit[0] // 2)
        owed -= transfer(state, payer, creditor, min(owed, proceeds))
        sold.append(m.name(unit[1]) + (" (Gas Station)" if unit[2] == "gas" else ""))
    for space_id in cards_by_value(board, state, payer):
        if owed <= 0:
            break
        give_card(state, space_id, creditor)
        owed -= board.spaces[space_id].price // 2
        handed.append(m.name(space_id))
    parts = [f"{seat_name(payer)} cannot pay {party_name(creditor)} {money(amount)}{reason} in cash"]
    if sold:
        parts.append(f"sells developments back to the Bank ({', '.join(sold)})")
    if handed:
        parts.append(f"hands over {', '.join(handed)} at half price")
    m.say(", ".join(parts) + ".")
    return True


def bankrupt(m: Move, seat: int, creditor: Party, amount: int, why: str = "") -> None:
    """The seat cannot pay: the creditor takes what it can raise in money and then its
    Ownership Cards (the Bank takes them back only when the Bank is owed), and the seat is
    out."""
    state, board = m.state, m.board
    for unit in development_units(board, state, seat):
        remove_unit(state, unit)
        transfer(state, BANK, seat, unit[0] // 2)
    transfer(state, seat, creditor, state["seats"][seat]["cash"])
    handed = cards_of(state, seat)
    for space_id in handed:
        give_card(state, space_id, creditor)
    player = state["seats"][seat]
    player.update(bankrupt=True, debtor=False, in_jail=False, jail_turns=0, skip_turns=0,
                  connections=[], groups=[], route=None)
    for group, holder in state["holders"].items():
        if holder == seat:
            state["holders"][group] = None
    reason = f" ({why})" if why else ""
    cards = ""
    if handed:
        where = "back to the Bank" if creditor == BANK else f"to {party_name(creditor)}"
        verb = "goes" if len(handed) == 1 else "go"
        cards = f"; {listing([m.name(s) for s in handed])} {verb} {where}"
    m.say(f"💥 {seat_name(seat)} cannot pay {party_name(creditor)} {money(amount)}{reason} and is "
          f"bankrupt{cards}.")


def worth(board: Board, state: dict[str, Any], seat: int) -> int:
    """Cash, half the price of each card, half the cost of each development, less a Wells
    Crocker loan still owed (its repayment with interest)."""
    player = state["seats"][seat]
    if player["bankrupt"]:
        return 0
    debt = board.rules.loan + board.rules.loan_interest if player["debtor"] else 0
    units = sum(cost // 2 for cost, _, _ in development_units(board, state, seat))
    cards = sum(board.spaces[s].price // 2 for s in cards_of(state, seat))
    return player["cash"] + units + cards - debt
