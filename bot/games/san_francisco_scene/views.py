"""What San Francisco Scene shows: the public view (the contract with the renderer, the cog
and ``lookup.py``), what one seat adds to it, and that seat's private summary.

The public view, ``view(state, None)``, has at least these keys (money in whole dollars):

    game: "san-francisco-scene"
    round: int (1-based; a round = every live player has had a turn)
    turn: seat whose turn it is
    phase: "roll" | "buy" | "auction" | "home" | "college" | "favour" | "bank" | "trade"
           | "offer" | "over"
    dice: list[int]  (the last throw: two dice, one on a bridge route, [] before any)
    board: 40 dicts in loop order from City Hall:
        {id, name, kind, price: int|None, owner: int|"fund"|None, developments: int,
         gas_station: bool, starred: bool, chevron: bool, colour: "#rrggbb"|None}
    bay: the marked stops of the sailboat routes in crossing order (every one a stop):
        {id, name, kind: "island"|"prison", route: "golden-gate"|"bay-bridge", stop: true}
    routes: [{id, name, bridge: space id, exit: space id, stops: [bay ids],
              faces: [6 space ids: where each face of the one die stops a token]}]
    players: by seat:
        {seat, cash, space: space id (loop or bay), home: space id, groups: [group ids],
         connections: [group ids of Connection Cards held], debtor: bool, in_jail: bool,
         jail_turns: int, skip_turns: int, bankrupt: bool,
         on_route: "golden-gate"|"bay-bridge"|None}
    groups: [{id, name, home: space id, holder: seat|None}]
        ids "politician", "membership-chairman", "attorney", "labor-leader"
    fund: {cash: int, cards: [space ids]}
    auction: None | {space, bid: int, bidder: seat|None, next_minimum: int, passed: [seats],
                     auctioneer: seat}
    claims: [{number, owner: seat, payer: seat, space: id, amount: int, turn}]  (the rent
            claims open: each until the next player rolls)
    offer: None | {by: seat, to: seat, kind: "connection"|"trade"}  (never the terms)
    limit: {rounds: int (0 = none), days: int (0 = none)}
    winners: [seats] once the game is over (else [])

and beside them: ``bank`` (the Bank's ledger: it never runs out, so it may go below 0), ``options`` ({rent, connection_price}),
``decision`` (what the player on turn is deciding: {space} to buy, {group, seller} at a Home
Base, {space} at a college; else None), ``cable_cars`` ({left, discarded: [card ids, oldest
first]}: the deck's order is never shown), ``last_card`` (None | {id, text}), ``worth`` (by
seat: cash + half prices + half development costs − a loan owed), ``over`` (None | {reason,
winners, worth}). ``view(state, seat)`` adds ``my_offer`` (the terms, words and data, when the
seat is one of the two players of the open offer) and ``my_draft`` (the trade it is putting
together). The host adds ``names``.
"""
from __future__ import annotations

from typing import Any

from . import money as cash
from .common import FUND, Move, cards_of, money
from .content import Board
from .deals import describe, next_minimum
from .estate import open_claims, outside_connections


def _space(board: Board, state: dict[str, Any], space) -> dict[str, Any]:
    owned = space.id in state["owners"]
    return {
        "id": space.id, "name": space.name, "kind": space.kind, "price": space.price,
        "owner": state["owners"][space.id] if owned else None,
        "developments": state["developments"][space.id] if owned else 0,
        "gas_station": space.id in state["gas"], "starred": space.starred,
        "chevron": space.chevron, "colour": space.colour,
    }


def _player(board: Board, state: dict[str, Any], seat: int) -> dict[str, Any]:
    player = state["seats"][seat]
    groups = list(player["groups"])
    return {
        "seat": seat, "cash": player["cash"], "space": player["space"],
        "home": board.groups[groups[0]].home if groups else "city-hall",
        "groups": groups, "connections": list(player["connections"]),
        "debtor": player["debtor"], "in_jail": player["in_jail"],
        "jail_turns": player["jail_turns"], "skip_turns": player["skip_turns"],
        "bankrupt": player["bankrupt"], "on_route": player["route"],
    }


def public_view(board: Board, state: dict[str, Any]) -> dict[str, Any]:
    auction, offer, options = state["auction"], state["offer"], state["options"]
    last = state["last_card"]
    return {
        "game": "san-francisco-scene",
        "round": state["round"],
        "turn": state["turn"],
        "phase": state["phase"],
        "dice": list(state["dice"]),
        "board": [_space(board, state, space) for space in board.loop],
        "bay": [{"id": s.id, "name": s.name, "kind": s.kind, "route": s.route, "stop": True}
                for s in board.bay],
        "routes": [{"id": r.id, "name": r.name, "bridge": r.bridge, "exit": r.exit,
                    "stops": list(r.stops), "faces": list(r.faces)} for r in board.routes.values()],
        "players": [_player(board, state, seat) for seat in range(len(state["seats"]))],
        "groups": [{"id": g.id, "name": g.name, "home": g.home, "holder": state["holders"][g.id]}
                   for g in board.groups.values()],
        "fund": {"cash": state["fund"], "cards": cards_of(state, FUND)},
        "bank": state["bank"],
        "auction": None if auction is None else {
            "space": auction["space"], "bid": auction["bid"], "bidder": auction["bidder"],
            "next_minimum": next_minimum(auction), "passed": sorted(auction["passed"]),
            "auctioneer": auction["auctioneer"]},
        "claims": [dict(claim) for claim in open_claims(state)],
        "offer": None if offer is None else {
            "by": offer["by"], "to": offer["to"], "kind": offer["terms"]["kind"]},
        "decision": dict(state["decision"]) if state["decision"] else None,
        "limit": {"rounds": options["rounds"], "days": options["days"]},
        "options": {"rent": options["rent"], "connection_price": options["connection_price"]},
        "cable_cars": {"left": len(state["deck"]), "discarded": list(state["discard"])},
        "last_card": None if last is None else {"id": last, "text": board.cards[last].text},
        "worth": [cash.worth(board, state, seat) for seat in range(len(state["seats"]))],
        "winners": list(state["over"]["winners"]) if state["over"] else [],
        "over": state["over"],
    }


def seat_view(board: Board, state: dict[str, Any], seat: int) -> dict[str, Any]:
    """What only ``seat`` may see: its open offer's terms and its trade in the making."""
    mine: dict[str, Any] = {"seat": seat, "my_offer": None, "my_draft": None}
    offer = state["offer"]
    if offer and seat in (offer["by"], offer["to"]):
        words = describe(Move(board, state, None), offer)
        mine["my_offer"] = {**offer, "terms": dict(offer["terms"]), "words": words}
    if state["draft"] and state["turn"] == seat:
        mine["my_draft"] = dict(state["draft"])
    return mine


def private_summary(board: Board, state: dict[str, Any], seat: int) -> str:
    player = state["seats"][seat]
    lines = [f"**Cash:** {money(player['cash'])}" + (" (Debtor)" if player["debtor"] else "")]
    cards = cards_of(state, seat)
    if cards:
        lines.append("**Ownership Cards:** " + ", ".join(
            board.spaces[s].name + (f" ({state['developments'][s]})" if state["developments"][s] else "")
            for s in cards))
    groups = ", ".join(board.groups[g].name for g in player["groups"]) or "none"
    outside = outside_connections(state, seat)
    lines.append(f"**You represent:** {groups}. **Connections:** "
                 + (", ".join(board.groups[g].name for g in outside) or "none")
                 + (" — enough to develop." if len(outside) >= 2 else " — you need two to develop."))
    view = seat_view(board, state, seat)
    if view["my_offer"]:
        lines.append(f"**Open offer:** {view['my_offer']['words']}")
    if player["in_jail"]:
        lines.append(f"In San Quentin ({player['jail_turns']} failed turns).")
    return "\n".join(lines)
