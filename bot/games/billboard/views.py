"""What Billboard shows: the views the renderer and the cog draw from, and the one-line
prompt and status.

The public view, ``view(state, None)`` — the contract with the renderer, ``lookup.py`` and
the cog (keys may be added, never renamed or dropped)::

    game: "billboard", language: "en" | "pl" (the table's), round: 1..8, rounds: 8,
    phase: "draft" | "turn" | "auction" | "assign" | "over", turn: seat,
    players: by seat, {seat, colour, money, locked (held by a company bid), score,
        loyalty: {agency id: int}, contracts (won this round), ad_value (billboard value
        used for ads this round), actions: ["buy" / "sell" used this turn]}
    districts: [{id, name, billboards: [{id, value, owner: seat | company id | None,
        ad: bool (carries an ad this round)}]}]
    prices: six ints, the market price of values 1..6
    companies: [{id, name, price, value (total billboard value), owner: seat | None,
        bid: None | {seat, price}}]
    agencies: [{id, name, track, pile (face-down cards left),
        peeked: [{seat, position (from the top, now)}]}]
    auction: None | {contract: {id, amount, area (table language), deck}, agency, drawer,
        offers: [{seat, value, billboards}] (in the order made), passed: [seats],
        asking: seat | None}
    round_points: points for the most contracts, by round; deck: "I/V" … this round's deck
    winners: [seats] once over
    also: bank, start (the first player), order (agency ids in track order for the deal),
        draft_passed, discarded (count), table (round IV and VIII score tables)

``view(state, seat)`` adds ``peeks``: the contracts that seat looked at through a
partnership and that are still face down, ``[{agency, position, contract}]``. No card of a
face-down pile ever appears in the public view.
"""
from __future__ import annotations

from .auction import standing
from .content import ROUNDS, Content
from .flow import deck_of_round
from .holdings import groups
from .wording import area, contract_text, money, seat, seat_words, table_words

GAME_ID = "billboard"
State = dict


def _contract(content: Content, words, card: str) -> dict:
    contract = content.contracts[card]
    return {"id": contract.id, "amount": contract.amount, "deck": contract.deck,
            "area": area(words, content, contract)}


def public_view(content: Content, state: State) -> dict:
    words = table_words(content, state)
    players = state["players"]
    ads = set(state["ads"])
    auction = state["auction"]
    return {
        "game": GAME_ID, "language": state["language"], "round": state["round"], "rounds": ROUNDS,
        "phase": state["phase"], "turn": state["turn"], "start": state["start"],
        "players": [{
            "seat": s, "colour": content.colours[s], "money": state["money"][s],
            "locked": state["locked"][s], "score": state["score"][s],
            "loyalty": {a: state["loyalty"][a][s] for a in state["loyalty"]},
            "contracts": state["contracts"][s], "ad_value": state["ad_value"][s],
            "actions": list(state["used"]) if s == state["turn"] and state["phase"] in
            ("turn", "auction") else [],
        } for s in range(players)],
        "districts": [{"id": d.id, "name": d.name, "billboards": [
            {"id": b.id, "value": b.value, "owner": state["owner"][b.id], "ad": b.id in ads}
            for b in d.billboards]} for d in content.districts],
        "prices": list(state["prices"]),
        "companies": [{"id": c.id, "name": c.name, **_company(state, c.id)} for c in content.companies],
        "agencies": [{"id": a.id, "name": a.name, "track": state["agencies"][a.id]["track"],
                      "pile": len(state["agencies"][a.id]["pile"]),
                      "peeked": [{"seat": p["seat"], "position": pos}
                                 for p, pos in _peeks(state, a.id)]} for a in content.agencies],
        "auction": None if auction is None else {
            "contract": _contract(content, words, auction["contract"]),
            "agency": auction["agency"], "drawer": auction["drawer"],
            "offers": [dict(o, billboards=list(o["billboards"])) for o in auction["offers"]],
            "passed": list(auction["passed"]), "asking": auction["asking"]},
        "round_points": list(content.round_points), "deck": deck_of_round(state["round"]),
        "winners": list(state["winners"]), "bank": state["bank"], "order": list(state["order"]),
        "draft_passed": list(state["draft_passed"]), "discarded": len(state["discard"]),
        "table": {"points": list(content.ad_points),
                  "round4": {str(n): list(b) for n, b in content.round4_bounds.items()},
                  "round8": list(content.round8_bounds)},
    }


def _company(state: State, company_id: str) -> dict:
    company = state["companies"][company_id]
    bid = company["bid"]
    return {"price": company["price"], "value": company["value"], "owner": company["owner"],
            "bid": None if bid is None else {"seat": bid["seat"], "price": bid["price"]}}


def _peeks(state: State, agency_id: str) -> list[tuple[dict, int]]:
    """Peeks at cards still face down, with their place from the top now."""
    pile = state["agencies"][agency_id]["pile"]
    return [(p, pile.index(p["card"]) + 1) for p in state["agencies"][agency_id]["peeks"]
            if p["card"] in pile]


def private_view(content: Content, state: State, player: int) -> dict:
    view = public_view(content, state)
    words = seat_words(content, state, player)
    view["peeks"] = [{"agency": a.id, "position": position,
                      "contract": _contract(content, words, p["card"])}
                     for a in content.agencies for p, position in _peeks(state, a.id)
                     if p["seat"] == player]
    return view


def prompt(content: Content, state: State, player: int, language: str | None = None) -> str:
    """What ``player`` is asked now: in their own language, or in ``language`` when the host
    shows it to others too (the thread's turn post)."""
    words = content.words.get(language or "") or seat_words(content, state, player)
    phase = state["phase"]
    if phase == "draft":
        return words.t("Take a billboard at its starting price, or keep the rest of your 15 "
                       "as money (you have {money}).", money=money(words, state["money"][player]))
    if phase == "auction":
        auction = state["auction"]
        contract = content.contracts[auction["contract"]]
        return words.t("{contract}. {standing}. Offer, or pass.",
                       contract=contract_text(words, content, contract),
                       standing=standing(content, state, player, words))
    if phase == "assign":
        return words.t("Give one of the bank's billboards to a neutral company.")
    if phase == "turn":
        if state["used"]:
            return words.t("Take your other action, or end your turn (you have {money}).",
                           money=money(words, state["money"][player]))
        return words.t("Your turn: up to one sell and one buy action, or pass (you have {money}).",
                       money=money(words, state["money"][player]))
    return words.t("The game is over.")


def status(content: Content, state: State) -> str:
    words = table_words(content, state)
    phase = state["phase"]
    if phase == "over":
        return words.t("Game over — {names} won.", names=", ".join(seat(s) for s in state["winners"]))
    if phase == "draft":
        return words.t("Draft — {seat} to pick.", seat=seat(state["turn"]))
    if phase == "assign":
        return words.t("Round {round} over — {seat} gives a billboard to a company.",
                       round=state["round"], seat=seat(state["turn"]))
    left = sum(len(a["pile"]) for a in state["agencies"].values())
    if phase == "auction":
        asking = state["auction"]["asking"]
        return words.tn("Round {round}, {count} contract face down — {seat} answers a contract.",
                        "Round {round}, {count} contracts face down — {seat} answers a contract.",
                        left, round=state["round"], seat=seat(asking))
    return words.tn("Round {round}, {count} contract face down — {seat}'s turn.",
                    "Round {round}, {count} contracts face down — {seat}'s turn.", left,
                    round=state["round"], seat=seat(state["turn"]))


def holdings_line(content: Content, state: State, player: int, words) -> str:
    """"12 billboards worth 31, 3 free of ads": a seat's network in one line."""
    owned = [b for b, owner in state["owner"].items() if owner == player]
    free = sum(len(ids) for ids in groups(content, state, player).values())
    worth = sum(content.billboards[b].value for b in owned)
    return words.tn("{count} billboard worth {worth} ({free} free of ads)",
                    "{count} billboards worth {worth} ({free} free of ads)", len(owned),
                    worth=words.number(worth), free=words.number(free))
