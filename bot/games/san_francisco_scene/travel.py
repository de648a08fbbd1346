"""Tokens on the move: around the loop, across the Bay on the sailboat routes, into San
Quentin, and what a space does to whoever lands on it (Cable Car cards included).

Landing may put a decision to the player (buy or auction, a Connection Card, a loan); it
does so by setting the phase and ``decision`` and leaves the rest of the turn to ``flow``.
"""
from __future__ import annotations

from . import money as cash
from .common import BANK, FUND, Move, live_seats, money, seat_name
from .content import LOOP_LENGTH, CableCar
from .estate import OIL, rent_for

CITY_HALL = "city-hall"
SAN_QUENTIN = "san-quentin"


def loop_index(m: Move, seat: int) -> int:
    """Where the token counts from on the loop: a token on a stop in the Bay counts from the
    bridge where its route comes back onto the loop."""
    player = m.seat(seat)
    space = m.board.spaces[player["space"]]
    if space.index is not None:
        return space.index
    return m.board.spaces[m.board.routes[space.route].exit].index


def _pass_city_hall(m: Move, seat: int, start: int, steps: int) -> None:
    if start + steps >= LOOP_LENGTH:
        paid = cash.transfer(m.state, BANK, seat, m.board.rules.pass_city_hall)
        m.say(f"🏛️ {seat_name(seat)} passes City Hall and collects {money(paid)}.")


def advance(m: Move, seat: int, steps: int) -> None:
    """Move ``steps`` spaces clockwise and land."""
    start = loop_index(m, seat)
    _pass_city_hall(m, seat, start, steps)
    target = m.board.loop[(start + steps) % LOOP_LENGTH]
    m.seat(seat).update(space=target.id, route=None)
    m.say(f"{seat_name(seat)} moves to {target.name}.")
    land(m, seat, target.id)


def go_to(m: Move, seat: int, space_id: str) -> None:
    """Move to ``space_id`` (a Cable Car card) and land there: clockwise round the loop, or,
    from a stop in the Bay, straight across the water, passing nothing (City Hall pays then
    only when it is where the card sends the token)."""
    here = m.board.spaces[m.seat(seat)["space"]]
    target = m.board.spaces[space_id]
    if here.index is None:
        m.say(f"⛵ {seat_name(seat)} crosses the water straight to {target.name}.")
        if target.id == CITY_HALL:
            _pass_city_hall(m, seat, 0, LOOP_LENGTH)
    else:
        start = here.index
        _pass_city_hall(m, seat, start, (target.index - start) % LOOP_LENGTH or LOOP_LENGTH)
    m.seat(seat).update(space=space_id, route=None)
    land(m, seat, space_id)


def sail(m: Move, seat: int, die: int) -> None:
    """One die from a bridge: the route's table says where the face stops the token — a
    marked stop in the Bay, the far bridge, or the loop past it."""
    player = m.seat(seat)
    route = m.board.routes[player["route"]]
    target = m.board.spaces[route.faces[die - 1]]
    if target.index is not None:  # back on the loop: counted on from the far bridge
        start = m.board.spaces[route.exit].index
        _pass_city_hall(m, seat, start, (target.index - start) % LOOP_LENGTH)
    player.update(space=target.id, route=None)
    m.say(f"⛵ {seat_name(seat)} sails to {target.name}.")
    land(m, seat, target.id)


def send_to_jail(m: Move, seat: int, why: str) -> None:
    m.seat(seat).update(space=SAN_QUENTIN, route=None, in_jail=True, jail_turns=0)
    if m.state["turn"] == seat:
        m.state["after"] = []
    m.say(f"🚔 {seat_name(seat)} goes to San Quentin ({why}).")


def release(m: Move, seat: int) -> None:
    """Out of San Quentin: the token sails on to where its route meets the loop."""
    route = m.board.routes[m.board.spaces[SAN_QUENTIN].route]
    m.seat(seat).update(in_jail=False, jail_turns=0, space=route.exit, route=None)
    m.say(f"🔓 {seat_name(seat)} leaves San Quentin for the {m.name(route.exit)}.")


def connection_groups(m: Move, seat: int) -> list[str]:
    """Groups whose Connection Card ``seat`` could get now: held by another player, and not
    already among the seat's cards."""
    player = m.seat(seat)
    return [group for group, holder in m.state["holders"].items()
            if holder is not None and holder != seat and group not in player["connections"]
            and group not in player["groups"]]


def college_choices_exist(m: Move, seat: int) -> bool:
    player = m.seat(seat)
    affordable = player["cash"] >= m.board.rules.connection_price and connection_groups(m, seat)
    return bool(affordable) or (not player["groups"] and len(m.state["seats"]) >= 5)


def decide(m: Move, phase: str, **decision) -> None:
    m.state["phase"] = phase
    m.state["decision"] = decision


def land(m: Move, seat: int, space_id: str) -> None:
    """What the space does to the token that stops on it."""
    state, board = m.state, m.board
    space = board.spaces[space_id]
    player = m.seat(seat)
    if space.kind == "home-base":
        holder = state["holders"][space.group]
        fixed = state["options"]["connection_price"] == "fixed"
        if (holder is not None and holder != seat and space.group not in player["connections"]
                and space.group not in player["groups"]
                and not (fixed and player["cash"] < board.rules.connection_price)):
            decide(m, "home", group=space.group, seller=holder)
    elif space.for_sale:
        _land_on_card(m, seat, space_id)
    elif space.kind in ("cable-car", "island"):
        draw(m, seat)
    elif space.kind == "bridge" and space.route:
        player["route"] = space.route
        m.say(f"{seat_name(seat)} will cross the Bay from the {space.name} next turn, one die "
              "at a time.")
    elif space.kind == "college":
        if college_choices_exist(m, seat):
            decide(m, "college", space=space_id)
    elif space.kind == "unemployment-office":
        _collect_fund(m, seat)
    elif space.kind == "bank":
        _wells_crocker(m, seat)
    elif space.kind == "prison":
        send_to_jail(m, seat, "the sailboat stops there")


def _land_on_card(m: Move, seat: int, space_id: str) -> None:
    state, board = m.state, m.board
    space = board.spaces[space_id]
    oil_owner = state["owners"][OIL]
    stationed = space_id in state["gas"] and isinstance(oil_owner, int) and oil_owner != seat
    if stationed and not cash.pay(m, seat, oil_owner, board.rules.gas_station_charge,
                                  f"the Gas Station on {space.name}"):
        return
    owner = state["owners"][space_id]
    if owner is None:
        decide(m, "buy", space=space_id)
    elif owner == FUND:
        m.say(f"{space.name} is held by the Public Fund: no rent.")
    elif owner != seat:
        amount = rent_for(board, state, space)
        if state["options"]["rent"] == "auto":
            cash.pay(m, seat, owner, amount, f"rent on {space.name}")
        else:
            # The rent is the card's as the token lands; it stands until the next player rolls.
            state["claims_made"] += 1
            state["claims"].append({"number": state["claims_made"], "owner": owner, "payer": seat,
                                    "space": space_id, "amount": amount, "turn": state["turns"]})
            m.say(f"{seat_name(owner)} may claim {money(amount)} rent on {space.name} from "
                  f"{seat_name(seat)} before the next player rolls.")


def _collect_fund(m: Move, seat: int) -> None:
    state = m.state
    amount = cash.transfer(state, FUND, seat, state["fund"])
    cards = [space for space, owner in state["owners"].items() if owner == FUND]
    for space_id in cards:
        state["owners"][space_id] = seat
    taken = f" and {', '.join(m.name(s) for s in cards)}" if cards else ""
    m.say(f"💰 {seat_name(seat)} collects the Public Fund: {money(amount)}{taken}.")


def _wells_crocker(m: Move, seat: int) -> None:
    rules, player = m.board.rules, m.seat(seat)
    if player["debtor"]:
        owed = rules.loan + rules.loan_interest
        if cash.pay(m, seat, BANK, owed, "the Wells Crocker loan with interest"):
            player["debtor"] = False
    else:
        decide(m, "bank")


def draw(m: Move, seat: int) -> None:
    """Draw the top Cable Car card and follow it; the discards are shuffled back in when the
    deck runs out."""
    state = m.state
    if not state["deck"]:
        state["deck"], state["discard"] = state["discard"], []
        m.rng.shuffle(state["deck"])
    card = m.board.cards[state["deck"].pop(0)]
    state["discard"].append(card.id)
    state["last_card"] = card.id
    m.say(f"🚋 {seat_name(seat)} draws a Cable Car card: “{card.text}”")
    follow(m, seat, card)


def follow(m: Move, seat: int, card: CableCar) -> None:
    player, amount = m.seat(seat), card.amount
    if card.effect == "move_to":
        go_to(m, seat, card.space)
    elif card.effect == "go_to_jail":
        send_to_jail(m, seat, "a Cable Car card")
    elif card.effect == "lose_turns":
        player["skip_turns"] += card.turns
    elif card.effect == "pay_fund":
        cash.pay(m, seat, FUND, amount, "a Cable Car card")
    elif card.effect == "pay_bank":
        cash.pay(m, seat, BANK, amount, "a Cable Car card")
    elif card.effect == "collect_bank":
        paid = cash.transfer(m.state, BANK, seat, amount)
        m.say(f"{seat_name(seat)} collects {money(paid)} from the Bank.")
    elif card.effect == "pay_group":
        holder = m.state["holders"][card.group]
        payee = FUND if holder is None or holder == seat else holder
        cash.pay(m, seat, payee, amount, "a Cable Car card")
    elif card.effect == "pay_each":
        for other in live_seats(m.state):
            if other != seat and not cash.pay(m, seat, other, amount, "a Cable Car card"):
                break
    elif card.effect == "collect_each":
        for other in live_seats(m.state):
            if other != seat:
                cash.pay(m, other, seat, amount, "a Cable Car card")
    elif card.effect == "repairs":
        markers = len(cash.development_units(m.board, m.state, seat))
        if markers:
            cash.pay(m, seat, BANK, amount * markers, f"{markers} markers")
