"""Selling advertising space: the drawer reveals the top contract of an agency's pile, the
others offer billboard value once each in turn order (openly), and the drawer decides last.

An offer is a set of the bidder's billboards in the contract's area that carry no ad this
round, at least one, whole billboards. Each offer must beat the standing one: by more,
unless the bidder leads the standing bidder in loyalty with that agency — a lead of 1 wins
by matching, a lead of 2 or more by one less. A lead never helps the other way round. A seat
that cannot reach what beating needs is skipped with a public line. The seat asked sees the
best offer, its need and its billboards in the area. Each seat asked has a deadline (a lobby
option); when it passes, that seat passes. The winner's billboards carry the ad for the rest
of the round, the bank pays the amount, the agency advances by the value used, and a drawer
who wins gains a loyalty point. With no offer at all the contract is discarded.
"""
from __future__ import annotations

from bot.engine import Choice, Deadline, Event, IllegalMove, Subset

from .content import Content
from .flow import end_turn
from .holdings import eligible, value_of
from .wording import (
    billboard_text,
    contract_text,
    count_billboards,
    money,
    seat,
    seat_words,
    table_words,
)

State = dict
TIMEOUT = "timeout"


def begin(content: Content, state: State, drawer: int, agency_id: str) -> list[Event]:
    words = table_words(content, state)
    card = state["agencies"][agency_id]["pile"].pop(0)
    state["auctions"] += 1
    players = state["players"]
    state["auction"] = {
        "number": state["auctions"], "contract": card, "agency": agency_id, "drawer": drawer,
        "offers": [], "passed": [], "asking": None,
        "queue": [(drawer + i) % players for i in range(1, players)] + [drawer],
    }
    state["phase"] = "auction"
    events = [Event(words.t("{seat} draws a contract from {agency}: {contract}.", seat=seat(drawer),
                            agency=content.agency(agency_id).name,
                            contract=contract_text(words, content, content.contracts[card])))]
    return events + _advance(content, state)


def lead(state: State, bidder: int, rival: int) -> int:
    """How many loyalty points ``bidder`` has over ``rival`` with the auction's agency."""
    loyalty = state["loyalty"][state["auction"]["agency"]]
    return loyalty[bidder] - loyalty[rival]


def needed(state: State, bidder: int) -> int:
    """The least billboard value that beats the standing offer for ``bidder``."""
    offers = state["auction"]["offers"]
    if not offers:
        return 1
    best = offers[-1]  # every offer beat the one before it
    ahead = lead(state, bidder, best["seat"])
    if ahead >= 2:
        return max(1, best["value"] - 1)
    return best["value"] if ahead == 1 else best["value"] + 1


def _eligible(content: Content, state: State, player: int) -> list[str]:
    return eligible(content, state, player, content.contracts[state["auction"]["contract"]])


def fewest(values: list[int], need: int) -> int:
    """How few billboards of these values can reach ``need`` (the dearest first); all of
    them when none can."""
    total = 0
    for count, value in enumerate(sorted(values, reverse=True), start=1):
        total += value
        if total >= need:
            return count
    return len(values)


def _advance(content: Content, state: State) -> list[Event]:
    """Ask the next seat that can beat the standing offer; with none left, settle. A seat
    that cannot reach what it needs with any set is skipped, and the table is told why."""
    auction, words = state["auction"], table_words(content, state)
    events: list[Event] = []
    while auction["queue"]:
        player = auction["queue"].pop(0)
        worth, need = value_of(content, _eligible(content, state, player)), needed(state, player)
        if worth >= need:
            auction["asking"] = player
            return events
        auction["passed"].append(player)
        events.append(Event(words.t("{seat} has no billboard free of ads in the area: skipped.",
                                    seat=seat(player)) if worth == 0 else
                            words.t("{seat} cannot reach {need} (billboards worth {value} in the "
                                    "area): skipped.", seat=seat(player), need=need, value=worth)))
    auction["asking"] = None
    return events + _settle(content, state)


def standing(content: Content, state: State, player: int, words) -> str:
    """Where the auction stands for ``player``: the best offer, what the player needs and
    the billboards it may offer, "Best offer: {p1} with 12; you need 13. Yours in the area:
    Grzegórzki 6, 3, 3, 2, 1 (15 in all)"."""
    auction = state["auction"]
    best = auction["offers"][-1] if auction["offers"] else None
    head = words.t("No offer yet") if best is None else \
        words.t("Best offer: {seat} with {value}", seat=seat(best["seat"]), value=best["value"])
    mine = _eligible(content, state, player)
    by_district = []
    for district in content.districts:
        values = sorted((content.billboards[b].value for b in mine
                         if content.billboards[b].district == district.id), reverse=True)
        if values:
            by_district.append(words.t("{district} {values}", district=district.name,
                                       values=", ".join(str(v) for v in values)))
    return words.t("{standing}; you need {need}. Yours in the area: {billboards} ({total} in all)",
                   standing=head, need=needed(state, player),
                   billboards="; ".join(by_district) or "—", total=value_of(content, mine))


def legal(content: Content, state: State, player: int) -> list[Choice]:
    auction = state["auction"]
    if player != auction["asking"]:
        return []
    words = table_words(content, state)
    own = _eligible(content, state, player)
    need = needed(state, player)
    options = tuple((b, words.t("{billboard} ({id})", billboard=billboard_text(words, content, b),
                                id=b)) for b in own)
    # The select takes no set too small to reach the need; a set big enough that still
    # falls short is refused at once with its value and the need.
    least = fewest([content.billboards[b].value for b in own], need)
    return [
        Choice("offer:{}", words.t("Offer billboards worth at least {value}",
                                   value=words.number(need)),
               group="offer", style="primary", subset=Subset(options, minimum=max(1, least))),
        Choice("pass", words.t("Pass on this contract"), group="offer", style="danger"),
    ]


def apply(content: Content, state: State, player: int, action: str) -> list[Event]:
    auction, words = state["auction"], table_words(content, state)
    if action == TIMEOUT:  # the host's clock, for the seat being asked
        late = auction["asking"]
        auction["passed"].append(late)
        return [Event(words.t("{seat} did not answer in time and passes.", seat=seat(late)))] + \
            _next(content, state, late)
    mine = seat_words(content, state, player)
    if player != auction["asking"]:
        raise IllegalMove(mine.t("It is not your offer to make."))
    if action == "pass":
        auction["passed"].append(player)
        return [Event(words.t("{seat} passes on the contract.", seat=seat(player)))] + \
            _next(content, state, player)
    head, _, listed = action.partition(":")
    own = _eligible(content, state, player)
    chosen = Subset(tuple((b, b) for b in own), minimum=1).parse(listed) if own else None
    if head != "offer" or chosen is None:
        raise IllegalMove(mine.t("Offer one or more of your billboards in the contract's area "
                                 "that carry no ad this round, or pass."))
    value, need = value_of(content, chosen), needed(state, player)
    if value < need:
        best = auction["offers"][-1]
        raise IllegalMove(mine.t("Your billboards are worth {value}; beating {seat}'s {best} "
                                 "takes at least {need}.", value=value, seat=seat(best["seat"]),
                                 best=best["value"], need=need))
    auction["offers"].append({"seat": player, "value": value, "billboards": chosen})
    events = [Event(words.tn("{seat} offers {count} billboard worth {value}.",
                             "{seat} offers {count} billboards worth {value}.", len(chosen),
                             seat=seat(player), value=value))]
    return events + _next(content, state, player)


def _next(content: Content, state: State, player: int) -> list[Event]:
    """After ``player`` answered: the drawer's answer settles it, anyone else's asks on."""
    if player == state["auction"]["drawer"]:
        state["auction"]["asking"] = None
        return _settle(content, state)
    return _advance(content, state)


def _settle(content: Content, state: State) -> list[Event]:
    auction, words = state["auction"], table_words(content, state)
    contract = content.contracts[auction["contract"]]
    agency = content.agency(auction["agency"])
    state["auction"] = None
    state["phase"] = "turn"
    if not auction["offers"]:
        state["discard"].append(contract.id)
        events = [Event(words.t("Nobody takes the contract: it is discarded."))]
    else:
        best = auction["offers"][-1]
        winner, value = best["seat"], best["value"]
        state["ads"].extend(best["billboards"])
        state["money"][winner] += contract.amount
        state["bank"] -= contract.amount
        state["contracts"][winner] += 1
        state["ad_value"][winner] += value
        state["won"].append(contract.id)
        state["agencies"][agency.id]["track"] += value
        text = words.t("{seat} wins the contract with {value}: {amount} paid, {billboards} carry "
                       "the ad, {agency} advances {value}.", seat=seat(winner), value=value,
                       amount=money(words, contract.amount),
                       billboards=count_billboards(words, len(best["billboards"])),
                       agency=agency.name)
        if winner == auction["drawer"]:
            state["loyalty"][agency.id][winner] += 1
            text += " " + words.t("A loyalty point with {agency} for the drawer.", agency=agency.name)
        events = [Event(text)]
    if len(state["used"]) == 2:
        return events + end_turn(content, state)
    return events


def deadlines(content: Content, state: State) -> list[Deadline]:
    auction = state["auction"]
    if state["phase"] != "auction" or auction["asking"] is None:
        return []
    words = table_words(content, state)
    return [Deadline(key=f"offer-{auction['number']}-{auction['asking']}",
                     seconds=state["offer_minutes"] * 60, action=TIMEOUT,
                     what=words.t("the answer to the contract is due"))]
