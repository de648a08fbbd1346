"""Answers to what Billboard players ask mid-game: a district, an agency, a company, the
prices, the scoring.

Pure text over the content and, inside a game, its *public* view (``view(state, None)``):
nothing here reads a state, so no answer can show a face-down contract. The one private
extra, the contracts the asker peeked at, comes from the asker's own seat's view (``mine``)
and is left out of a shared answer by the caller. Seats are written ``{pN}`` for the host to
name. Every sentence is in the ``words`` given: the asker's language.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from bot.engine.language import Words

from . import prices
from .content import VALUES, Content
from .scoring import TABLE_ROUNDS, ad_points
from .wording import listing, money, seat

View = dict[str, Any]

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII")


# --- what can be looked up -------------------------------------------------------------------

def district_entries(content: Content) -> list[tuple[str, str]]:
    return [(district.id, district.name) for district in content.districts]


def agency_entries(content: Content) -> list[tuple[str, str]]:
    return [(agency.id, agency.name) for agency in content.agencies]


def company_entries(words: Words, content: Content) -> list[tuple[str, str]]:
    """"Lajkonik (pink)": the colour finds it too."""
    return [(company.id, f"{company.name} ({colour_name(words, company.id)})")
            for company in content.companies]


def colour_name(words: Words, company_id: str) -> str:
    """A neutral company's colour (its id), as an adjective for a company."""
    names = {"pink": words.t("pink"), "grey": words.t("grey"), "orange": words.t("orange"),
             "purple": words.t("purple")}
    return names.get(company_id, company_id)


# --- shared pieces -----------------------------------------------------------------------------

def _owner_name(words: Words, content: Content, owner: int | str | None) -> str:
    """A seat for the host to name, a company by name, or the bank's."""
    if owner is None:
        return words.t("for sale")
    if isinstance(owner, int):
        return seat(owner)
    company = content.company(owner)
    return company.name if company else owner


def _billboards(view: View | None, content: Content, district_id: str) -> list[dict[str, Any]]:
    """The district's billboards: from the view in a game, as printed otherwise."""
    if view is not None:
        return next(d["billboards"] for d in view["districts"] if d["id"] == district_id)
    return [{"id": b.id, "value": b.value, "owner": b.company, "ad": False}
            for b in content.district(district_id).billboards]


def _prices_now(content: Content, view: View | None) -> list[int]:
    return list(view["prices"]) if view is not None else list(content.start_prices)


def _company_holders(view: View | None) -> dict[str, int]:
    """Companies a seat has bought: their billboards count as that seat's."""
    if view is None:
        return {}
    return {c["id"]: c["owner"] for c in view["companies"] if c.get("owner") is not None}


# --- a district --------------------------------------------------------------------------------

def describe_district(words: Words, content: Content, district_id: str, view: View | None = None) -> str:
    district = content.district(district_id)
    billboards = _billboards(view, content, district_id)
    total = sum(b["value"] for b in billboards)
    lines = [words.tn("**{name}** — {count} billboard worth {total} in all",
                      "**{name}** — {count} billboards worth {total} in all",
                      len(billboards), name=district.name, total=words.number(total))]
    market = _prices_now(content, view)
    holders = _company_holders(view)
    for value in VALUES:
        here = [b for b in billboards if b["value"] == value]
        if not here:
            continue
        owners: Counter[str] = Counter()
        for billboard in here:
            text = _owner_name(words, content, billboard["owner"])
            if isinstance(billboard["owner"], str) and billboard["owner"] in holders:
                text = words.t("{company} (of {owner})", company=text,
                               owner=seat(holders[billboard["owner"]]))
            if billboard.get("ad"):
                text = words.t("{owner} (ad)", owner=text)
            owners[text] += 1
        listed = ", ".join(text if n == 1 else f"{text} ×{n}" for text, n in owners.items())
        lines.append(words.tn("- value {value} at {price}: {owners}",
                              "- value {value} ×{count} at {price} each: {owners}",
                              len(here), value=value, price=money(words, market[value - 1]),
                              owners=listed))
    if view is None:
        lines.append(words.t("-# As printed: a company's billboards start as its own; the rest "
                             "are for sale at the market price."))
        return "\n".join(lines)
    by_seat: Counter[int] = Counter()
    for billboard in billboards:
        owner = billboard["owner"]
        owner = holders.get(owner, owner) if isinstance(owner, str) else owner
        if isinstance(owner, int):
            by_seat[owner] += billboard["value"]
    if by_seat:
        ranked = sorted(by_seat.items(), key=lambda item: (-item[1], item[0]))
        lines.append(words.t("**Players here:** {list}", list=", ".join(
            words.t("{seat} value {value}", seat=seat(s), value=words.number(v)) for s, v in ranked)))
    ads = sum(1 for b in billboards if b.get("ad"))
    free = sum(1 for b in billboards if b["owner"] is None)
    lines.append(words.tn("{count} billboard here carries an ad this round",
                          "{count} billboards here carry an ad this round", ads)
                 + " · " + words.tn("{count} is for sale", "{count} are for sale", free) + ".")
    return "\n".join(lines)


# --- an agency ---------------------------------------------------------------------------------

def lead_needs(lead: int) -> int:
    """What an offer must add to the one it beats, for a bidder ``lead`` loyalty points
    ahead of that offer's maker: +1 without a lead, 0 (match) with 1, −1 with 2 or more."""
    return 1 if lead <= 0 else 0 if lead == 1 else -1


def describe_agency(words: Words, content: Content, agency_id: str, view: View | None = None,
                    mine: View | None = None) -> str:
    agency = content.agency(agency_id)
    assert agency is not None
    lines = [words.t("**{name}** — advertising agency", name=agency.name),
             words.t("Loyalty: the direct lead over the player whose offer you beat is what counts. "
                     "One point ahead, matching their offer wins; two or more ahead, one point less "
                     "wins. Never the other way round: behind or level, you must offer more.")]
    if view is None:
        lines.append(words.t("A partnership agreement gives a loyalty point here and a secret look "
                             "at one contract of its pile; the others learn only which position."))
        return "\n".join(lines)
    public = next(a for a in view["agencies"] if a["id"] == agency_id)
    order = sorted(view["agencies"], key=lambda a: -a.get("track", 0))
    lines.append(words.t("**Agency track:** {points}, place {place} of {count}.",
                         points=words.number(public.get("track", 0)),
                         place=words.number(order.index(public) + 1),
                         count=words.number(len(order))))
    pile = public.get("pile", 0)
    seen = ", ".join(words.t("#{position} by {seat}", position=p["position"], seat=seat(p["seat"]))
                     for p in sorted(public.get("peeked") or [], key=lambda p: p["position"]))
    face_down = words.tn("**Face down:** {count} contract", "**Face down:** {count} contracts", pile)
    lines.append(face_down + (words.t(" (looked at: {seen})", seen=seen) if seen else "") + ".")
    lines += _loyalty_lines(words, view, agency_id)
    auction = view.get("auction")
    if auction and auction.get("agency") == agency_id:
        contract = auction["contract"]
        lines.append(words.t("**Auction now:** {amount} — {area}.", amount=money(words, contract["amount"]),
                             area=contract.get("area", "")))
    if mine is not None:
        lines += _peeks(words, mine, agency_id)
    return "\n".join(lines)


def _loyalty_lines(words: Words, view: View, agency_id: str) -> list[str]:
    points = {p["seat"]: p.get("loyalty", {}).get(agency_id, 0) for p in view["players"]}
    ranked = sorted(points, key=lambda s: (-points[s], s))
    top = points[ranked[0]]
    leaders = [s for s in ranked if points[s] == top]
    if top == 0:
        head = words.t("**Loyalty:** nobody has any yet.")
    elif len(leaders) > 1:
        head = words.tn("**Loyalty:** {seats} tie for the lead with {count} point.",
                        "**Loyalty:** {seats} tie for the lead with {count} points.", top,
                        seats=listing(words, [seat(s) for s in leaders]))
    else:
        runner_up = points[ranked[1]] if len(ranked) > 1 else 0
        head = words.tn("**Loyalty:** {seat} leads by {count} point.",
                        "**Loyalty:** {seat} leads by {count} points.", top - runner_up,
                        seat=seat(ranked[0]))
    lines = [head]
    for s in ranked:
        match = [seat(o) for o in ranked if lead_needs(points[s] - points[o]) == 0]
        less = [seat(o) for o in ranked if o != s and lead_needs(points[s] - points[o]) < 0]
        parts = []
        if match:
            parts.append(words.t("matching {seats}'s offer wins", seats=listing(words, match)))
        if less:
            parts.append(words.t("one point less than {seats} wins", seats=listing(words, less)))
        edge = "; ".join(parts) if parts else words.t("must offer more than anyone")
        lines.append(words.tn("- {seat} {count} point: {edge}", "- {seat} {count} points: {edge}",
                              points[s], seat=seat(s), edge=edge))
    return lines


def _peeks(words: Words, mine: View, agency_id: str) -> list[str]:
    """The asker's own peeks at this agency's pile (their seat's view only)."""
    lines = []
    for peek in mine.get("peeks") or []:
        if peek.get("agency") != agency_id:
            continue
        card = peek.get("contract") or {}
        lines.append(words.t("-# Only you see this: #{position} is {amount} — {area}.",
                             position=peek.get("position"), amount=money(words, card.get("amount", 0)),
                             area=card.get("area", "")))
    return lines


# --- a company -----------------------------------------------------------------------------------

def describe_company(words: Words, content: Content, company_id: str, view: View | None = None) -> str:
    company = content.company(company_id)
    assert company is not None
    holdings: list[str] = []
    total = 0
    for district in content.districts:
        values = [b["value"] for b in _billboards(view, content, district.id) if b["owner"] == company_id]
        if values:
            holdings.append(f"{district.name} {', '.join(str(v) for v in sorted(values))}")
            total += sum(values)
    public = next((c for c in view["companies"] if c["id"] == company_id), None) if view else None
    price = public["price"] if public else company.price
    lines = [words.t("**{name}** ({colour}) — price {price}, billboards worth {value}",
                     name=company.name, colour=colour_name(words, company.id), price=money(words, price),
                     value=words.number(public.get("value", total) if public else total))]
    if holdings:
        lines.append(words.t("Billboards: {list}.", list="; ".join(holdings)))
    owner, bid = (public.get("owner"), public.get("bid")) if public else (None, None)
    if owner is not None:
        lines.append(words.t("**Owned by** {seat}: its billboards count as theirs.", seat=seat(owner)))
        return "\n".join(lines)
    if bid:
        lines.append(words.t("**Bid:** {seat} offers {price}. It becomes theirs at the start of their "
                             "next turn unless someone bids more; the money stays locked till then.",
                             seat=seat(bid["seat"]), price=money(words, bid["price"])))
        floor = bid["price"]
    else:
        lines.append(words.t("**Neutral.** A buy action may bid for it; the bid stands until the "
                             "bidder's next turn, and its money is locked meanwhile."))
        floor = price
    lines.append(words.t("A new bid must be more than {price}.", price=money(words, floor)))
    lines.append(words.t("-# At each round's end every player gives one billboard to a neutral "
                         "company, raising its value."))
    return "\n".join(lines)


# --- prices ------------------------------------------------------------------------------------

def describe_prices(words: Words, content: Content, view: View | None = None, value: int | None = None,
                    count: int = 1) -> str:
    market = _prices_now(content, view)
    row = " · ".join(words.t("{value}: {price}", value=v, price=money(words, p))
                     for v, p in zip(VALUES, market))
    head = (words.t("**Prices now** (value: price): {row}", row=row) if view is not None
            else words.t("**Starting prices** (value: price): {row}", row=row))
    lines = [head]
    if value is None:
        lines.append(words.t("Buying several at the market price raises it by one for each after the "
                             "first; selling lowers it the same way. A price you choose above the "
                             "market (buying) or below it (selling) becomes the new price. Prices "
                             "always rise with value, each between its value and {top}: a change "
                             "pushes its neighbours.", top=content.max_price))
        return "\n".join(lines)
    price = market[value - 1]
    lines.append(words.t("**Value {value}** costs {price} each.", value=value, price=money(words, price)))
    after_buy = prices.set_price(market, value, prices.clamp(
        value, prices.after_purchase(price, count, price), content.max_price), content.max_price)
    lines.append(words.tn("Buying {count} at market: {cost}; then {change}.",
                          "Buying {count} at market: {cost}; then {change}.", count,
                          cost=money(words, count * price), change=_change(words, market, after_buy, value)))
    after_sale = prices.set_price(market, value, prices.clamp(
        value, prices.after_sale(price, count, price), content.max_price), content.max_price)
    lines.append(words.tn("Selling {count} at market: {cost} to you; then {change}.",
                          "Selling {count} at market: {cost} to you; then {change}.", count,
                          cost=money(words, count * price), change=_change(words, market, after_sale, value)))
    return "\n".join(lines)


def _change(words: Words, before: list[int], after: list[int], value: int) -> str:
    if after == before:
        return words.t("the price stays {price}", price=money(words, before[value - 1]))
    moved = [words.t("{value} → {price}", value=v, price=money(words, a))
             for v, b, a in zip(VALUES, before, after) if a != b]
    return words.t("prices move: {moves}", moves=", ".join(moved))


# --- scoring -----------------------------------------------------------------------------------

def describe_scoring(words: Words, content: Content, view: View | None = None) -> str:
    current = view["round"] if view is not None and view.get("phase") != "over" else None
    track = " · ".join(
        (f"**{ROMAN[r]}**" if r + 1 == current else ROMAN[r]) + f" {content.round_points[r]}"
        for r in range(len(content.round_points)))
    lines = [words.t("**Most contracts in a round** (ties all score): {track}", track=track),
             words.t("**Rounds IV and VIII** also score the billboard value each player sold for ads "
                     "that round, by these tables (on top of the round track):")]
    players = len(view["players"]) if view is not None else None
    counts = [players] if players in content.round4_bounds else sorted(content.round4_bounds)
    for n in counts:
        lines.append(words.tn("- IV, {count} player: {rows}", "- IV, {count} players: {rows}", n,
                              rows=_rows(words, content, content.round4_bounds[n])))
    lines.append(words.t("- VIII, any number: {rows}", rows=_rows(words, content, content.round8_bounds)))
    if view is None:
        lines.append(words.t("Most points at the end wins; a tie goes to the most billboard value owned."))
        return "\n".join(lines)
    most = max((p.get("contracts", 0) for p in view["players"]), default=0)
    now = []
    for player in view["players"]:
        part = words.tn("{seat} {count} contract", "{seat} {count} contracts", player.get("contracts", 0),
                        seat=seat(player["seat"]))
        if current in TABLE_ROUNDS:
            sold = player.get("ad_value", 0)
            part += words.tn(", {count} sold for ads ({points})", ", {count} sold for ads ({points})", sold,
                             points=words.tn("{count} point", "{count} points",
                                             ad_points(content, current, len(view["players"]), sold)))
        now.append(part)
    if current is not None:
        lines.append(words.t("**This round ({round}):** {list}.", round=ROMAN[current - 1],
                             list="; ".join(now)))
        if most:
            lines.append(words.tn("-# Most contracts now: {count}.", "-# Most contracts now: {count}.", most))
    return "\n".join(lines)


def _rows(words: Words, content: Content, bounds: tuple[int, ...]) -> str:
    rows = []
    for index, lower in enumerate(bounds):
        upper = bounds[index + 1] - 1 if index + 1 < len(bounds) else None
        span = (f"{lower}" if upper == lower else f"{lower}–{upper}") if upper is not None else f"{lower}+"
        rows.append(words.t("{span} → {points}", span=span, points=content.ad_points[index]))
    return " · ".join(rows)


# --- outside a game ------------------------------------------------------------------------------

def unknown(words: Words, what: str, typed: str, close: list[str]) -> str:
    """What a look-up says to a name it cannot settle on: the names it might mean, if any."""
    typed = typed[:40]
    if close:
        return words.t("“{typed}” could be {names}. Pick one from the list.", typed=typed,
                       names=listing(words, close, "or"))
    sentences = {
        "district": words.t("I know no district called “{typed}”. Start typing and pick one from "
                            "the list.", typed=typed),
        "agency": words.t("I know no agency called “{typed}”. Start typing and pick one from the "
                          "list.", typed=typed),
        "company": words.t("I know no company called “{typed}”. Start typing and pick one from the "
                           "list.", typed=typed),
    }
    return sentences[what]
