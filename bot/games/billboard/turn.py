"""A player's turn: up to two actions, at most one sell and one buy, in any order, or a pass.

Sell actions: sell billboards (one value from one district), sell advertising space (draw
a contract: see ``auction``). Buy actions: buy billboards from the bank, bid for a neutral
company, sign a partnership with an agency (the sheet lists it among the buy actions).
Trading billboards takes steps (sell → which kind → how many and at what price) so a seat
never faces more than a hundred choices.
"""
from __future__ import annotations

from bot.engine import Amount, Choice, Event, IllegalMove

from . import auction, prices
from .content import Content
from .flow import end_turn
from .holdings import groups, split_group
from .wording import (
    contract_text,
    count_billboards,
    group_text,
    money,
    seat,
    seat_words,
    table_words,
    thousands,
)

State = dict
SELL, BUY = "sell", "buy"
MOST_PARTS = 5


# --- what may be done --------------------------------------------------------------------

def sellable(content: Content, state: State, player: int) -> dict[str, list[str]]:
    """The player's groups free of ads that were not bought this turn."""
    return {g: ids for g, ids in groups(content, state, player).items() if g not in state["traded"]}


def buyable(content: Content, state: State, player: int) -> dict[str, list[str]]:
    """The bank's groups not sold this turn that the player can pay one of at market."""
    cash = state["money"][player]
    return {g: ids for g, ids in groups(content, state, None).items()
            if g not in state["traded"] and market(state, g) <= cash}


def market(state: State, group: str) -> int:
    return state["prices"][int(group.split(":")[1]) - 1]


def company_floor(state: State, company_id: str) -> int:
    """The least a new bid for the company may be: above its price (or the standing bid)."""
    return state["companies"][company_id]["price"] + 1


def biddable(content: Content, state: State, player: int) -> list[str]:
    return [c.id for c in content.companies
            if state["companies"][c.id]["owner"] is None
            and company_floor(state, c.id) <= state["money"][player]]


def legal(content: Content, state: State, player: int) -> list[Choice]:
    if player != state["turn"]:
        return []
    step = state["step"] or {}
    if step.get("group"):
        return _amount_choices(content, state, player, step["mode"], step["group"])
    if step.get("mode"):
        return _group_choices(content, state, player, step["mode"])
    words = table_words(content, state)
    choices: list[Choice] = []
    if SELL not in state["used"]:
        if sellable(content, state, player):
            choices.append(Choice("sell", words.t("Sell billboards…"), group="sell"))
        for agency in content.agencies:
            left = len(state["agencies"][agency.id]["pile"])
            if left:
                choices.append(Choice(f"ad:{agency.id}", words.tn(
                    "Sell ad space: draw from {agency} ({count} left)",
                    "Sell ad space: draw from {agency} ({count} left)", left, agency=agency.name),
                    group="sell", style="primary"))
    if BUY not in state["used"]:
        if buyable(content, state, player):
            choices.append(Choice("buy", words.t("Buy billboards…"), group="buy"))
        for company_id in biddable(content, state, player):
            company = content.company(company_id)
            floor, cash = company_floor(state, company_id), state["money"][player]
            label = words.t("Bid {price} for {company}", price=money(words, floor),
                            company=company.name) if floor == cash else \
                words.t("Bid for {company} ({low}–{high})", company=company.name,
                        low=money(words, floor), high=money(words, cash))
            choices.append(Choice(f"company:{company_id}:{{}}", label, group="company",
                                  amount=Amount(floor, cash, scale=thousands(words))))
        for agency in content.agencies:
            for position in range(1, len(state["agencies"][agency.id]["pile"]) + 1):
                choices.append(Choice(f"partner:{agency.id}:{position}", words.t(
                    "Partnership with {agency}: look at contract {position}",
                    agency=agency.name, position=position), group="partner"))
    choices.append(_end_choice(words, state, "end"))
    return choices


def _end_choice(words, state: State, group: str) -> Choice:
    """Ending the turn (a pass before any action), offered at every step of it: in the
    middle of choosing what to trade too, with nothing traded yet in that step."""
    label = words.t("End your turn") if state["used"] else words.t("Pass")
    return Choice("end", label, group=group, style="danger")


def _group_choices(content: Content, state: State, player: int, mode: str) -> list[Choice]:
    words = table_words(content, state)
    on_offer = sellable(content, state, player) if mode == SELL else buyable(content, state, player)
    choices = []
    for group, ids in on_offer.items():
        prefix, value = group.split(":")
        label = words.t("{group}: {count} at {price}", group=group_text(words, content, prefix, int(value)),
                        count=words.number(len(ids)), price=money(words, market(state, group)))
        choices.append(Choice(f"{mode}:{group}", label, group=mode))
    return [*choices, Choice("back", words.t("Back"), group="back"), _end_choice(words, state, "back")]


def _amount_choices(content: Content, state: State, player: int, mode: str, group: str) -> list[Choice]:
    words = table_words(content, state)
    value, price = int(group.split(":")[1]), market(state, group)
    cash = state["money"][player]
    ids = (sellable if mode == SELL else buyable)(content, state, player).get(group, [])
    choices = []
    for count in range(1, len(ids) + 1):
        if mode == SELL:
            choices.append(Choice(f"sell:{group}:{count}", words.tn(
                "Sell {count} at market, {price} each", "Sell {count} at market, {price} each",
                count, price=money(words, price)), group="count", style="primary"))
            if price > value:
                choices.append(Choice(f"sell:{group}:{count}:{{}}", words.tn(
                    "Sell {count} below market ({low}–{high} each)",
                    "Sell {count} below market ({low}–{high} each)", count,
                    low=money(words, value), high=money(words, price - 1)),
                    group="below", amount=Amount(value, price - 1, scale=thousands(words))))
            continue
        if count * price > cash:
            break
        choices.append(Choice(f"buy:{group}:{count}", words.tn(
            "Buy {count} at market, {price} each", "Buy {count} at market, {price} each",
            count, price=money(words, price)), group="count", style="primary"))
        dearest = min(prices.highest(value, content.max_price), cash // count)
        if dearest > price:
            choices.append(Choice(f"buy:{group}:{count}:{{}}", words.tn(
                "Buy {count} above market ({low}–{high} each)",
                "Buy {count} above market ({low}–{high} each)", count,
                low=money(words, price + 1), high=money(words, dearest)),
                group="above", amount=Amount(price + 1, dearest, scale=thousands(words))))
    return [*choices, Choice("back", words.t("Back"), group="back"), _end_choice(words, state, "back")]


# --- doing it ------------------------------------------------------------------------------

def apply(content: Content, state: State, player: int, action: str) -> list[Event]:
    mine = seat_words(content, state, player)
    if player != state["turn"]:
        raise IllegalMove(mine.t("It is not your turn."))
    parts = action.split(":")
    if len(parts) > MOST_PARTS:
        raise IllegalMove(mine.t("That is not a move of Billboard."))
    head = parts[0]
    if action == "back" and state["step"]:
        state["step"] = None
        return []
    if head in (SELL, BUY):
        return _trade(content, state, player, head, parts[1:])
    if action == "end":  # also half-way through choosing a trade: nothing of it is made
        return _end(content, state, player)
    if state["step"]:
        raise IllegalMove(_out_of_step(mine))
    if head == "ad" and len(parts) == 2:
        return _draw(content, state, player, parts[1])
    if head == "company" and len(parts) == 3:
        return _bid(content, state, player, parts[1], parts[2])
    if head == "partner" and len(parts) == 3:
        return _partner(content, state, player, parts[1], parts[2])
    raise IllegalMove(mine.t("That is not a move of Billboard."))


def _end(content: Content, state: State, player: int) -> list[Event]:
    words = table_words(content, state)
    text = words.t("{seat} ends the turn.", seat=seat(player)) if state["used"] else \
        words.t("{seat} passes.", seat=seat(player))
    return [Event(text)] + end_turn(content, state)


def _done(content: Content, state: State, kind: str) -> list[Event]:
    """One action taken: with both taken, the turn is over."""
    state["used"].append(kind)
    state["step"] = None
    if SELL in state["used"] and BUY in state["used"] and state["phase"] == "turn":
        return end_turn(content, state)
    return []


def _number(text: str) -> int | None:
    """A whole number written the one canonical way, else None."""
    return Amount(0, 10**6).parse(text)


def _trade(content: Content, state: State, player: int, mode: str, fields: list[str]) -> list[Event]:
    mine = seat_words(content, state, player)
    if mode in state["used"]:
        raise IllegalMove(mine.t("You have already bought this turn.") if mode == BUY
                          else mine.t("You have already sold this turn."))
    step = state["step"] or {}
    if not fields:
        if step:
            raise IllegalMove(_out_of_step(mine))
        if not (sellable if mode == SELL else buyable)(content, state, player):
            raise IllegalMove(mine.t("You have no billboards you may sell now.") if mode == SELL
                              else mine.t("The bank has no billboard you can pay for now."))
        state["step"] = {"mode": mode}
        return []
    group = f"{fields[0]}:{fields[1]}" if len(fields) >= 2 else fields[0]
    where = split_group(content, group)
    if where is None or len(fields) not in (2, 3, 4):
        raise IllegalMove(mine.t("Name billboards by district and value."))
    prefix, value = where
    if group in state["traded"]:
        raise IllegalMove(mine.t("You traded {group} this turn: you may not both buy and sell "
                                 "one kind in one turn.", group=group_text(mine, content, prefix, value)))
    ids = (sellable if mode == SELL else buyable)(content, state, player).get(group, [])
    if not ids:
        raise IllegalMove(mine.t("You have no {group} billboard free of ads to sell.",
                                 group=group_text(mine, content, prefix, value)) if mode == SELL else
                          mine.t("The bank has no {group} billboard you can pay for.",
                                 group=group_text(mine, content, prefix, value)))
    if len(fields) == 2:
        if step != {"mode": mode}:
            raise IllegalMove(_out_of_step(mine))
        state["step"] = {"mode": mode, "group": group}
        return []
    if step != {"mode": mode, "group": group}:
        raise IllegalMove(_out_of_step(mine))
    count = _number(fields[2])
    if count is None or not 1 <= count <= len(ids):
        kind = group_text(mine, content, prefix, value)
        raise IllegalMove(mine.tn("You can sell 1 to {count} billboard of {group} now.",
                                  "You can sell 1 to {count} billboards of {group} now.", len(ids),
                                  group=kind) if mode == SELL else
                          mine.tn("You can buy 1 to {count} billboard of {group} now.",
                                  "You can buy 1 to {count} billboards of {group} now.", len(ids),
                                  group=kind))
    current = market(state, group)
    price = current
    if len(fields) == 4:
        price = _number(fields[3])
        if price is None:
            raise IllegalMove(mine.t("Name the price as a whole number of thousands."))
        _check_price(content, mine, mode, value, current, price)
    if mode == SELL:
        return _sell(content, state, player, group, ids[:count], price)
    if count * price > state["money"][player]:
        raise IllegalMove(mine.t("You have {cash}; {count} at {price} cost {total}.",
                                 cash=money(mine, state["money"][player]), count=count,
                                 price=money(mine, price), total=money(mine, count * price)))
    return _buy(content, state, player, group, ids[:count], price)


def _out_of_step(mine) -> str:
    return mine.t("Choose one step at a time: what to trade, which kind, then how many.")


def _check_price(content: Content, mine, mode: str, value: int, current: int, price: int) -> None:
    """A chosen price must differ from market the right way and stay inside the bounds:
    never below the billboard's value, never so dear that the dearer values would pass the
    maximum. A price outside is refused (a market move is clamped instead)."""
    if mode == SELL and not value <= price < current:
        raise IllegalMove(mine.t("A sale below market is priced from {low} to {high}: a "
                                 "billboard never costs less than its value.",
                                 low=money(mine, value), high=money(mine, current - 1)))
    dearest = prices.highest(value, content.max_price)
    if mode == BUY and not current < price <= dearest:
        raise IllegalMove(mine.t("A purchase above market is priced from {low} to {high}: no "
                                 "price may pass {most}.", low=money(mine, current + 1),
                                 high=money(mine, dearest), most=money(mine, content.max_price)))


def _sell(content: Content, state: State, player: int, group: str, ids: list[str], price: int) -> list[Event]:
    words = table_words(content, state)
    value, current = int(group.split(":")[1]), market(state, group)
    for billboard_id in ids:
        state["owner"][billboard_id] = None
    total = price * len(ids)
    state["money"][player] += total
    state["bank"] -= total
    new = prices.clamp(value, prices.after_sale(current, len(ids), price), content.max_price)
    state["prices"] = prices.set_price(state["prices"], value, new, content.max_price)
    state["traded"].append(group)
    prefix = group.split(":")[0]
    events = [Event(words.t("{seat} sells {billboards} of {group} at {price} each ({total}); "
                            "value {value} now costs {new}.", seat=seat(player),
                            billboards=count_billboards(words, len(ids)),
                            group=group_text(words, content, prefix, value),
                            price=money(words, price), total=money(words, total), value=value,
                            new=money(words, state["prices"][value - 1])))]
    return events + _done(content, state, SELL)


def _buy(content: Content, state: State, player: int, group: str, ids: list[str], price: int) -> list[Event]:
    words = table_words(content, state)
    value, current = int(group.split(":")[1]), market(state, group)
    for billboard_id in ids:
        state["owner"][billboard_id] = player
    total = price * len(ids)
    state["money"][player] -= total
    state["bank"] += total
    new = prices.clamp(value, prices.after_purchase(current, len(ids), price), content.max_price)
    state["prices"] = prices.set_price(state["prices"], value, new, content.max_price)
    state["traded"].append(group)
    prefix = group.split(":")[0]
    events = [Event(words.t("{seat} buys {billboards} of {group} at {price} each ({total}); "
                            "value {value} now costs {new}.", seat=seat(player),
                            billboards=count_billboards(words, len(ids)),
                            group=group_text(words, content, prefix, value),
                            price=money(words, price), total=money(words, total), value=value,
                            new=money(words, state["prices"][value - 1])))]
    return events + _done(content, state, BUY)


def _draw(content: Content, state: State, player: int, agency_id: str) -> list[Event]:
    mine = seat_words(content, state, player)
    agency = content.agency(agency_id)
    if SELL in state["used"]:
        raise IllegalMove(mine.t("You have already sold this turn."))
    if agency is None:
        raise IllegalMove(mine.t("There is no such agency."))
    if not state["agencies"][agency_id]["pile"]:
        raise IllegalMove(mine.t("{agency} has no face-down contract left.", agency=agency.name))
    state["used"].append(SELL)
    state["step"] = None
    return auction.begin(content, state, player, agency_id)


def _bid(content: Content, state: State, player: int, company_id: str, text: str) -> list[Event]:
    mine, words = seat_words(content, state, player), table_words(content, state)
    company = content.company(company_id)
    if BUY in state["used"]:
        raise IllegalMove(mine.t("You have already bought this turn."))
    if company is None:
        raise IllegalMove(mine.t("There is no such company."))
    standing = state["companies"][company_id]
    if standing["owner"] is not None:
        raise IllegalMove(mine.t("{company} has been bought already.", company=company.name))
    price, floor, cash = _number(text), company_floor(state, company_id), state["money"][player]
    if price is None or price < floor:
        raise IllegalMove(mine.t("A bid for {company} must be at least {floor}.",
                                 company=company.name, floor=money(mine, floor)))
    if price > cash:
        raise IllegalMove(mine.t("You have {cash} to bid with; {price} is more.",
                                 cash=money(mine, cash), price=money(mine, price)))
    events = []
    if standing["bid"] is not None:
        beaten = standing["bid"]
        state["locked"][beaten["seat"]] -= beaten["price"]
        state["money"][beaten["seat"]] += beaten["price"]
        events.append(Event(words.t("{seat}'s bid is beaten; their {price} is free again.",
                                    seat=seat(beaten["seat"]), price=money(words, beaten["price"]))))
    state["money"][player] -= price
    state["locked"][player] += price
    standing.update(price=price, bid={"seat": player, "price": price})
    events.insert(0, Event(words.t("{seat} bids {price} for {company}: theirs at the start of their "
                                   "next turn unless outbid.", seat=seat(player),
                                   price=money(words, price), company=company.name)))
    return events + _done(content, state, BUY)


def _partner(content: Content, state: State, player: int, agency_id: str, text: str) -> list[Event]:
    mine, words = seat_words(content, state, player), table_words(content, state)
    agency = content.agency(agency_id)
    if BUY in state["used"]:
        raise IllegalMove(mine.t("You have already bought this turn."))
    if agency is None:
        raise IllegalMove(mine.t("There is no such agency."))
    pile = state["agencies"][agency_id]["pile"]
    if not pile:  # our reading: the visit is the loyalty point and the look together
        raise IllegalMove(mine.t("{agency} has no face-down contract left to look at: a "
                                 "partnership needs one.", agency=agency.name))
    position = _number(text)
    if position is None or not 1 <= position <= len(pile):
        raise IllegalMove(mine.tn("{agency} has {count} face-down contract: name a place from "
                                  "the top, 1 to {count}.",
                                  "{agency} has {count} face-down contracts: name a place from "
                                  "the top, 1 to {count}.", len(pile), agency=agency.name))
    card = pile[position - 1]
    state["loyalty"][agency_id][player] += 1
    state["agencies"][agency_id]["peeks"].append({"seat": player, "card": card})
    events = [
        Event(words.t("{seat} signs a partnership with {agency} (+1 loyalty) and looks at "
                      "contract {position} from the top.", seat=seat(player), agency=agency.name,
                      position=position)),
        Event(mine.t("Contract {position} from the top at {agency}: {contract}.",
                     position=position, agency=agency.name,
                     contract=contract_text(mine, content, content.contracts[card])), to=(player,)),
    ]
    return events + _done(content, state, BUY)
