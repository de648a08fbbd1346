"""After a round is scored: from the player who ended it, each assigns one of the bank's
billboards to a neutral company (one not bought and with no bid standing), whose value and
price rise by the billboard's value. First the company, then the billboard (two steps keep
the choices few); with one neutral company the first step is skipped."""
from __future__ import annotations

from bot.engine import Choice, Event, IllegalMove

from .content import Content
from .flow import next_assigner
from .holdings import groups, neutral, split_group
from .wording import group_text, money, seat, seat_words, table_words

State = dict


def companies(content: Content, state: State) -> list[str]:
    return [c.id for c in content.companies if neutral(state, c.id)]


def _chosen_company(content: Content, state: State) -> str | None:
    step = state["step"] or {}
    open_ones = companies(content, state)
    if step.get("company") in open_ones:
        return step["company"]
    return open_ones[0] if len(open_ones) == 1 else None


def legal(content: Content, state: State, player: int) -> list[Choice]:
    if player != state["turn"]:
        return []
    words = table_words(content, state)
    company_id = _chosen_company(content, state)
    if company_id is None:
        return [Choice(f"assign:{c}", words.t("Give a billboard to {company} (now {price})",
                                               company=content.company(c).name,
                                               price=money(words, state["companies"][c]["price"])),
                       group="company") for c in companies(content, state)]
    name = content.company(company_id).name
    choices = []
    for group in groups(content, state, None):
        prefix, value = group.split(":")
        choices.append(Choice(f"assign:{company_id}:{group}", words.t(
            "{group} to {company}", group=group_text(words, content, prefix, int(value)),
            company=name), group="billboard"))
    if state["step"]:
        choices.append(Choice("back", words.t("Back"), group="back"))
    return choices


def apply(content: Content, state: State, player: int, action: str) -> list[Event]:
    mine, words = seat_words(content, state, player), table_words(content, state)
    if player != state["turn"]:
        raise IllegalMove(mine.t("It is not your turn to assign a billboard."))
    if action == "back" and state["step"]:
        state["step"] = None
        return []
    parts = action.split(":")
    if parts[0] != "assign" or len(parts) not in (2, 4):
        raise IllegalMove(mine.t("Give one of the bank's billboards to a neutral company."))
    company_id = parts[1]
    company = content.company(company_id)
    if company is None or company_id not in companies(content, state):
        raise IllegalMove(mine.t("Only a neutral company takes billboards: not one bought, nor "
                                 "one with a bid standing."))
    chosen = _chosen_company(content, state)
    if len(parts) == 2:
        if chosen is not None:
            raise IllegalMove(mine.t("Choose the billboard for {company}, or go back.",
                                     company=content.company(chosen).name))
        state["step"] = {"company": company_id}
        return []
    if chosen != company_id:
        raise IllegalMove(mine.t("Choose the company first."))
    group = f"{parts[2]}:{parts[3]}"
    where = split_group(content, group)
    free = groups(content, state, None).get(group) if where else None
    if not free:
        raise IllegalMove(mine.t("The bank has no billboard of that kind to give."))
    billboard = content.billboards[free[0]]
    state["owner"][billboard.id] = company_id
    standing = state["companies"][company_id]
    standing["value"] += billboard.value
    standing["price"] += billboard.value
    state["assign_queue"].pop(0)
    state["step"] = None
    prefix, value = where
    events = [Event(words.t("{seat} gives {company} a billboard: {group}. {company} is now worth "
                            "{price}.", seat=seat(player), company=company.name,
                            group=group_text(words, content, prefix, value),
                            price=money(words, standing["price"])))]
    return events + next_assigner(content, state)
