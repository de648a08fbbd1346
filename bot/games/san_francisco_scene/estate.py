"""Ownership Cards at work: rent, the connections development needs, developments and Gas
Stations."""
from __future__ import annotations

from typing import Any

from bot.engine import IllegalMove

from .common import Move, money
from .content import Board, Space

TELEPHONE, COMMISSION, OIL = "spacific-telephone", "public-utilities-commission", "substandard-oil"


def rent_for(board: Board, state: dict[str, Any], space: Space) -> int:
    """The rent or business charge on the Ownership Card at its development level; Spacific
    Telephone's rates double while its owner also owns the Public Utilities Commission."""
    level = state["developments"][space.id] if space.developable else 0
    amount = space.rent[min(level, len(space.rent) - 1)]
    owner = state["owners"][space.id]
    if space.id == TELEPHONE and owner is not None and state["owners"][COMMISSION] == owner:
        amount *= 2
    return amount


def claim_stands(state: dict[str, Any], claim: dict[str, Any]) -> bool:
    """Whether a rent claim may still be made: both players are in the game and the owner
    still holds the card (a card taken by the Public Fund earns nothing until collected; one
    handed to another player for a debt is no longer the claimant's to declare)."""
    seats = state["seats"]
    return (not seats[claim["owner"]]["bankrupt"] and not seats[claim["payer"]]["bankrupt"]
            and state["owners"][claim["space"]] == claim["owner"])


def open_claims(state: dict[str, Any], owner: int | None = None) -> list[dict[str, Any]]:
    """The rent claims that may be made now (``owner``'s only, when given)."""
    return [claim for claim in state["claims"]
            if claim_stands(state, claim) and owner in (None, claim["owner"])]


def outside_connections(state: dict[str, Any], seat: int) -> list[str]:
    """The interest groups whose Connection Cards the seat holds and does not itself hold:
    with two players each holds two groups, so groups, not players, are what count."""
    player = state["seats"][seat]
    return sorted({g for g in player["connections"] if g not in player["groups"]})


def connected(state: dict[str, Any], seat: int) -> bool:
    return len(outside_connections(state, seat)) >= 2


def why_not_develop(board: Board, state: dict[str, Any], seat: int, space_id: str) -> str | None:
    """Why ``seat`` may not add a development to ``space_id`` now (None: it may)."""
    space = board.spaces.get(space_id)
    if space is None or not space.for_sale:
        return "That is not a property or a business."
    if state["owners"][space_id] != seat:
        return f"You do not own {space.name}."
    if not space.developable:
        return f"{space.name} cannot be developed."
    if not connected(state, seat):
        return ("You need Connection Cards from two other interest groups before you "
                "develop anything.")
    if space.starred and state["owners"][board.partner[space_id]] != seat:
        partner = board.spaces[board.partner[space_id]].name
        return f"{space.name} is starred: you need {partner} too before you develop it."
    if state["developments"][space_id] >= board.rules.max_developments:
        return f"{space.name} has {board.rules.max_developments} developments, the most it takes."
    cash = state["seats"][seat]["cash"]
    if cash < space.development_cost:
        return (f"You have {money(cash)}; a development on {space.name} costs "
                f"{money(space.development_cost)}.")
    return None


def why_not_gas(board: Board, state: dict[str, Any], seat: int, space_id: str) -> str | None:
    """Why ``seat`` may not put a Gas Station on ``space_id`` now (None: it may)."""
    space = board.spaces.get(space_id)
    if space is None or not space.chevron:
        return "Gas Stations go only on the properties marked with the Chevron."
    if state["owners"][OIL] != seat:
        return "Only the owner of Substandard Oil builds Gas Stations."
    if space_id in state["gas"]:
        return f"{space.name} already has its Gas Station."
    if not connected(state, seat):
        return ("You need Connection Cards from two other interest groups before you "
                "build anything.")
    cash, cost = state["seats"][seat]["cash"], board.rules.gas_station_cost
    if cash < cost:
        return f"You have {money(cash)}; a Gas Station costs {money(cost)}."
    return None


def develop(m: Move, seat: int, space_id: str) -> None:
    reason = why_not_develop(m.board, m.state, seat, space_id)
    if reason:
        raise IllegalMove(reason)
    space = m.board.spaces[space_id]
    m.state["seats"][seat]["cash"] -= space.development_cost
    m.state["bank"] += space.development_cost
    m.state["developments"][space_id] += 1
    level = m.state["developments"][space_id]
    m.say(f"🏗️ {{p{seat}}} develops {space.name} ({level} of {m.board.rules.max_developments}) "
          f"for {money(space.development_cost)}; its rent is now "
          f"{money(rent_for(m.board, m.state, space))}.")


def build_gas_station(m: Move, seat: int, space_id: str) -> None:
    reason = why_not_gas(m.board, m.state, seat, space_id)
    if reason:
        raise IllegalMove(reason)
    cost = m.board.rules.gas_station_cost
    m.state["seats"][seat]["cash"] -= cost
    m.state["bank"] += cost
    m.state["gas"].append(space_id)
    m.say(f"⛽ {{p{seat}}} puts a Substandard Oil Gas Station on {m.name(space_id)} for "
          f"{money(cost)}.")
