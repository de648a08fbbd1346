"""Answers to what San Francisco Scene players ask mid-game: what a space is and does, what a
Cable Car card says, who owns what, who holds which connections, what is in the Public Fund,
and where everyone stands on worth.

Pure text over the content (the rules' ``Board``) and, inside a game, its *public* view
(``rules.view(state, None)``): nothing here reads a state, so no answer can show the Cable Car
deck's order or the terms of an open offer. Seats are written ``{pN}`` for the host to name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .content import Board, CableCar, Route, Space

View = dict[str, Any]


def money(amount: int) -> str:
    return f"${amount:,}"


def _plural(count: int, thing: str) -> str:
    return f"{count} {thing}{'' if count == 1 else 's'}"


def _seats(seats: list[int]) -> str:
    return ", ".join(f"{{p{seat}}}" for seat in seats)


# --- what can be looked up ------------------------------------------------------------


def space_entries(board: Board) -> list[tuple[str, str]]:
    """Every space once (the four Cable Car spaces share one entry): "Union Square —
    property, $400,000", so a kind or a price finds it too."""
    entries: list[tuple[str, str]] = []
    seen: set[str] = set()
    for space in [*board.loop, *board.bay]:
        if space.name not in seen:
            seen.add(space.name)
            entries.append((space.id, _entry_name(board, space)))
    return entries


def _entry_name(board: Board, space: Space) -> str:
    parts = []
    if space.price:
        parts += [space.kind if space.kind in ("property", "business") else "business",
                  money(space.price)]
    elif space.route and space.index is None:
        parts.append(board.routes[space.route].name)
    return space.name + (f" — {', '.join(parts)}" if parts else "")


def card_entries(board: Board) -> list[tuple[str, str]]:
    """The printed Cable Car deck by text (the cards have no other name)."""
    return [(card_id, board.cards[card_id].text) for card_id in board.deck]


# --- a space ---------------------------------------------------------------------------


def describe_space(board: Board, space_id: str, view: View | None = None) -> str:
    """What the space is and does; in a game, who owns it and what landing there costs now."""
    space = board.spaces[space_id]
    lines = [f"**{space.name}** — {_kind(board, space)}", *_what_it_does(board, space)]
    if space.index is not None:
        lines += [f"A {route.faces.index(space_id) + 1} on the die from the "
                  f"{board.spaces[route.bridge].name} stops a token here."
                  for route in board.routes.values() if space_id in route.faces]
    if space.price:
        lines += _ownership_card(board, space)
    if view is not None:
        lines += _now(board, space, view)
    return "\n".join(lines)


def _kind(board: Board, space: Space) -> str:
    if space.kind == "home-base" and space.group:
        return f"a corner: the {board.groups[space.group].name}'s Home Base"
    if space.index is None and space.route:
        return f"in the Bay, on the {board.routes[space.route].name}"
    named = {"property": "a property", "business": "a business", "telephone": "a business",
             "oil": "a business", "commission": "a business", "bridge": "a bridge",
             "college": "a university", "cable-car": "a Cable Car space", "bank": "a bank",
             "unemployment-office": "where the Public Fund is collected"}
    where = f", space {space.index} of the loop" if space.index else ""
    return named.get(space.kind, space.kind.replace("-", " ")) + where


def _what_it_does(board: Board, space: Space) -> list[str]:
    rules = board.rules
    connection = money(rules.connection_price)
    kind = space.kind
    if kind == "home-base" and space.group:
        group = board.groups[space.group]
        return [(f"Whoever plays the {group.name} starts here. Anyone else landing here may buy one "
                f"of the *{group.cards}* from them, at a price the two agree (or the table's "
                f"fixed {connection}).")]
    if kind == "bridge":
        route = board.route_of_bridge(space.id)
        if route is not None:
            return [(f"Stop here and your next turn throws one die for the {route.name}, which "
                     f"stops your token where marked: {die_table(board, route)}.")]
        ending = [r.name for r in board.routes.values() if r.exit == space.id]
        return [f"The {' and '.join(ending)} comes back onto the loop here."] if ending else []
    if kind == "college":
        return [(f"Pay {connection} to the Public Fund for a Connection Card from the player of "
                "your choice. A player who plays no Interest Group may take one instead.")]
    if kind == "cable-car":
        count = sum(1 for s in board.loop if s.kind == "cable-car")
        return [(f"Draw a Cable Car card and do what it says ({count} such spaces on the loop; "
                "`/sfscene card` reads the deck).")]
    if kind == "bank":
        return [(f"Borrow {money(rules.loan)} and wear the Debtor badge; a Debtor who lands here "
                f"again repays {money(rules.loan + rules.loan_interest)}.")]
    if kind == "unemployment-office":
        return ["Collect everything in the Public Fund: its cash and any Ownership Cards in it."]
    if kind == "island" and space.route:
        route = board.routes[space.route]
        face = route.faces.index(space.id) + 1
        return [(f"A marked stop of the {route.name} (a {face} on the die from the "
                 f"{board.spaces[route.bridge].name}): draw a Cable Car card. Your next turn is an "
                 f"ordinary two-dice move counted from the {board.spaces[route.exit].name}.")]
    if kind == "prison":
        return [(f"Stay until you roll doubles or pay {money(rules.jail_fee)} to the Public Fund; "
                "after three turns inside you pay before your fourth. Three doubles in a row, or a "
                "Cable Car card, sends you here too.")]
    return []


def die_table(board: Board, route: Route) -> str:
    """"1 Alcatraz, 2 Angel Island, …": where each face of the one die stops a token."""
    return ", ".join(f"{face} {board.spaces[space].name}"
                     for face, space in enumerate(route.faces, start=1))


def _ownership_card(board: Board, space: Space) -> list[str]:
    """The Ownership Card: price, rents, development, and the special rules that bind it."""
    rules = board.rules
    lines = [(f"**Price:** {money(space.price or 0)} (counts half, "
             f"{money((space.price or 0) // 2)}, towards a debt)")]
    if space.developable:
        steps = " · ".join(f"{n}: {money(amount)}" for n, amount in enumerate(space.rent))
        lines.append(f"**Rent** by developments — {steps}")
        lines.append(f"**Each development:** {money(space.development_cost or 0)}, at most "
                     f"{rules.max_developments}; built before your roll, holding Connection Cards "
                     "from two or more other players.")
    elif space.rent:
        lines.append(f"**Charge:** {money(space.rent[0])}")
    if space.kind == "telephone":
        lines.append("Rates double while its owner also owns the Public Utilities Commission.")
    if space.kind == "commission":
        lines.append("Its owner, if they also own Spacific Telephone, charges double telephone rates. "
                     "Never developed.")
    if space.kind == "oil":
        chevrons = ", ".join(s.name for s in board.chevrons)
        lines.append(f"Never developed. Its owner may build one gas station "
                     f"({money(rules.gas_station_cost)}) on each ▼ Chevron property, whoever owns it, "
                     f"and collects {money(rules.gas_station_charge)} from anyone who lands there: "
                     f"{chevrons}.")
    if space.starred and space.id in board.partner:
        lines.append(f"★ Starred: only a player who also owns {board.spaces[board.partner[space.id]].name} "
                     "may develop it.")
    if space.chevron:
        lines.append("▼ Chevron: the owner of Substandard Oil may put a gas station here.")
    return lines


def _now(board: Board, space: Space, view: View) -> list[str]:
    """The space in this game: owner, developments, what landing costs now, who stands there."""
    lines: list[str] = []
    shown = _view_space(view, space.id)
    if shown is not None and space.price:
        owner = shown["owner"]
        if owner is None:
            lines.append("**Now:** for sale.")
        elif owner == "fund":
            lines.append("**Now:** in the Public Fund; it charges nothing until the Fund is collected.")
        else:
            built = f" with {_plural(shown['developments'], 'development')}" if shown["developments"] else ""
            lines.append(f"**Now:** {{p{owner}}} owns it{built}; landing here costs "
                         f"{money(rent_now(board, space.id, view))}.")
    if shown is not None and shown["gas_station"]:
        oil = next((s for s in view["board"] if s["kind"] == "oil"), None)
        holder = oil["owner"] if oil is not None and isinstance(oil["owner"], int) else None
        also = (f": {{p{holder}}} collects {money(board.rules.gas_station_charge)} from whoever lands here"
                if holder is not None else "")
        lines.append(f"A gas station stands here{also}.")
    if space.kind == "home-base":
        group = next((g for g in view["groups"] if g["home"] == space.id), None)
        if group is not None:
            lines.append(f"**Now:** {{p{group['holder']}}} plays the {group['name']}."
                         if group["holder"] is not None else f"**Now:** nobody plays the {group['name']}.")
    if space.kind == "prison":
        inside = [p for p in view["players"] if p["in_jail"] and not p["bankrupt"]]
        if inside:
            lines.append("**Inside:** " + ", ".join(f"{{p{p['seat']}}} ({_plural(p['jail_turns'], 'turn')} "
                                                    "so far)" for p in inside) + ".")
    here = [p["seat"] for p in view["players"] if p["space"] == space.id and not p["bankrupt"]]
    if here:
        lines.append(f"Standing here: {_seats(here)}.")
    return lines


def _view_space(view: View, space_id: str) -> dict[str, Any] | None:
    return next((space for space in view["board"] if space["id"] == space_id), None)


def rent_now(board: Board, space_id: str, view: View) -> int:
    """What the Ownership Card asks of a player landing here now (a gas station's charge
    aside); 0 when nobody can collect."""
    space = board.spaces[space_id]
    shown = _view_space(view, space_id)
    if shown is None or not isinstance(shown["owner"], int) or not space.rent:
        return 0
    rent = space.rent[min(shown["developments"], len(space.rent) - 1)]
    if space.kind == "telephone":
        commission = next((s for s in view["board"] if s["kind"] == "commission"), None)
        if commission is not None and commission["owner"] == shown["owner"]:
            rent *= 2
    return rent


# --- a Cable Car card ----------------------------------------------------------------------


def describe_card(board: Board, card_id: str) -> str:
    """The card as printed, and exactly what it does. Only the printed deck: never where a
    card is in the pile."""
    card = board.cards[card_id]
    return "\n".join([f"**Cable Car card** — one of the {len(board.deck)} in the deck",
                      f"> {card.text}", f"**Effect:** {_effect(board, card)}",
                      ("-# Drawn on the Cable Car spaces and on Alcatraz, Angel Island and Yerba Buena "
                      "Island; the deck is shuffled and its order is secret.")])


def _effect(board: Board, card: CableCar) -> str:
    rules = board.rules
    amount = money(card.amount)
    if card.effect == "move_to" and card.space:
        target = board.spaces[card.space].name
        return (f"go clockwise to {target} and play it as if you had landed there; passing City "
                f"Hall pays {money(rules.pass_city_hall)} as usual. Drawn in the Bay, the token "
                "crosses the water straight there and passes nothing.")
    if card.effect == "go_to_jail":
        return (f"go directly to San Quentin, without collecting {money(rules.pass_city_hall)} (out "
                f"with doubles or {money(rules.jail_fee)} to the Public Fund).")
    if card.effect == "lose_turns":
        return f"lose your next {_plural(card.turns, 'turn')}."
    if card.effect == "pay_fund":
        return f"pay {amount} to the Public Fund."
    if card.effect == "pay_bank":
        return f"pay {amount} to the Bank."
    if card.effect == "collect_bank":
        return f"collect {amount} from the Bank."
    if card.effect == "pay_group" and card.group:
        group = board.groups[card.group].name
        return f"pay {amount} to whoever plays the {group} (to the Public Fund if that is you or nobody)."
    if card.effect == "pay_each":
        return f"pay {amount} to every other player."
    if card.effect == "collect_each":
        return f"collect {amount} from every other player."
    if card.effect == "repairs":
        return f"pay {amount} to the Bank for each development and gas station you own."
    return "as printed."


# --- who owns what ---------------------------------------------------------------------


def owners(board: Board, view: View) -> str:
    """Each player: cash, Interest Groups, Connection Cards, and what they own; then the Fund
    and what is still for sale."""
    groups = {group["id"]: group for group in view["groups"]}
    lines = ["**Final holdings**" if view["winners"] else "**Who owns what**"]
    for player in view["players"]:
        seat = player["seat"]
        if player["bankrupt"]:
            lines.append(f"{{p{seat}}} — bankrupt, out of the game")
            continue
        facts = [money(player["cash"])]
        if player["groups"]:
            facts.append("plays the " + " and the ".join(groups[g]["name"] for g in player["groups"]))
        if player["debtor"]:
            facts.append(f"Debtor: owes the bank {money(board.rules.loan + board.rules.loan_interest)}")
        lines.append(f"{{p{seat}}} — " + " · ".join(facts))
        held = [groups[g]["name"] for g in player["connections"]]
        enough = " (enough to develop)" if len(set(player["connections"]) - set(player["groups"])) >= 2 else ""
        lines.append(f"- Connection Cards: {', '.join(held) if held else 'none'}{enough}")
        owned = [_holding(space) for space in view["board"] if space["owner"] == seat]
        lines.append(f"- owns {', '.join(owned)}" if owned else "- owns nothing yet")
    lines.append(fund(board, view, heading=False))
    for_sale = sum(1 for space in view["board"] if space["price"] and space["owner"] is None)
    lines.append(f"-# For sale: {for_sale} of {len(board.for_sale)}.")
    return "\n".join(lines)


def _holding(space: dict[str, Any]) -> str:
    extras = []
    if space["developments"]:
        extras.append(_plural(space["developments"], "development"))
    if space["gas_station"]:
        extras.append("gas station")
    return space["name"] + (f" ({', '.join(extras)})" if extras else "")


def fund(board: Board, view: View, heading: bool = True) -> str:
    """The Public Fund: its cash and the Ownership Cards in it."""
    cards = [board.spaces[card].name for card in view["fund"]["cards"]]
    text = f"**Public Fund:** {money(view['fund']['cash'])}"
    text += f"; Ownership Cards: {', '.join(cards)}." if cards else "; no Ownership Cards."
    if heading:
        text += ("\nWhoever next lands on the Unemployment Office collects all of it. A card in the "
                 "Fund charges no rent until then.")
    return text


# --- worth ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Worth:
    """A player's worth as the game counts it at its limit: cash, half the price of each card,
    half the cost of each development and gas station, less a Wells Crocker loan still owed
    (its repayment with interest)."""

    cash: int
    cards: int
    developments: int
    debt: int

    @property
    def total(self) -> int:
        return self.cash + self.cards + self.developments - self.debt


def worth_of(board: Board, view: View, seat: int) -> Worth:
    player = view["players"][seat]
    cards = developments = 0
    oil = next((space for space in view["board"] if space["kind"] == "oil"), None)
    for space in view["board"]:
        if space["owner"] == seat:
            cards += space["price"] // 2
            developments += space["developments"] * (board.spaces[space["id"]].development_cost or 0) // 2
        if space["gas_station"] and oil is not None and oil["owner"] == seat:
            developments += board.rules.gas_station_cost // 2
    debt = board.rules.loan + board.rules.loan_interest if player["debtor"] else 0
    return Worth(player["cash"], cards, developments, debt)


def worth(board: Board, view: View) -> str:
    """Each player still in the game, richest first: what the bank would pay for everything
    they have, less what they owe it; the measure when the game stops at its limit."""
    ranked = [(worth_of(board, view, p["seat"]), p["seat"]) for p in view["players"] if not p["bankrupt"]]
    ranked.sort(key=lambda entry: (-entry[0].total, entry[1]))
    lines = [("**Worth** — cash + half the price of cards + half the cost of developments and gas "
              "stations − a bank loan owed")]
    for found, seat in ranked:
        owed = f", −{money(found.debt)} owed to the bank" if found.debt else ""
        lines.append(f"{{p{seat}}} **{money(found.total)}**: {money(found.cash)} cash, "
                     f"{money(found.cards)} in cards, {money(found.developments)} in developments{owed}")
    lines.append(f"-# {_limit(view)}")
    return "\n".join(lines)


def _limit(view: View) -> str:
    limit = view["limit"]
    ends = []
    if limit["rounds"]:
        left = max(0, limit["rounds"] - view["round"])
        ends.append(f"after round {limit['rounds']} ({_plural(left, 'more round')} after this one)")
    if limit["days"]:
        ends.append(f"after {_plural(limit['days'], 'day')}")
    if not ends:
        return "No time limit: the game goes on until all but one are bankrupt."
    return "The game ends when all but one are bankrupt, or " + " or ".join(ends) + "."
