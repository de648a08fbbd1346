"""The opening draft: from the start player, in turn order, each takes one billboard at
its starting price (the first pick is compulsory), until each has passed or cannot pay for
any billboard left. Billboards bought plus money kept always make the starting 15."""
from __future__ import annotations

from bot.engine import Choice, Event, IllegalMove

from .content import Content
from .flow import start_turn
from .holdings import groups, split_group
from .wording import group_text, money, seat, seat_words, table_words

State = dict


def start_price(content: Content, value: int) -> int:
    return content.start_prices[value - 1]


def _on_offer(content: Content, state: State, player: int) -> dict[str, list[str]]:
    """Groups of the bank's billboards the player can pay for."""
    cash = state["money"][player]
    return {g: ids for g, ids in groups(content, state, None).items()
            if start_price(content, int(g.split(":")[1])) <= cash}


def legal(content: Content, state: State, player: int) -> list[Choice]:
    if player != state["turn"]:
        return []
    words = table_words(content, state)
    choices = []
    for group in sorted(_on_offer(content, state, player), key=_board_order(content)):
        prefix, value = group.split(":")
        choices.append(Choice(f"draft:{group}", words.t(
            "{group} for {price}", group=group_text(words, content, prefix, int(value)),
            price=money(words, start_price(content, int(value)))), group="draft"))
    if _owns_any(state, player):
        choices.append(Choice("pass", words.t("Keep the rest as money"), group="done",
                              style="danger"))
    return choices


def _board_order(content: Content):
    order = {d.prefix: i for i, d in enumerate(content.districts)}
    return lambda group: (order[group.split(":")[0]], int(group.split(":")[1]))


def _owns_any(state: State, player: int) -> bool:
    return any(owner == player for owner in state["owner"].values())


def apply(content: Content, state: State, player: int, action: str) -> list[Event]:
    words, mine = table_words(content, state), seat_words(content, state, player)
    if player != state["turn"]:
        raise IllegalMove(mine.t("It is not your pick."))
    if action == "pass":
        if not _owns_any(state, player):
            raise IllegalMove(mine.t("Everyone takes at least one billboard in the draft."))
        state["draft_passed"].append(player)
        events = [Event(words.t("{seat} keeps {money} and leaves the draft.", seat=seat(player),
                                money=money(words, state["money"][player])))]
        return events + _advance(content, state)
    kind, _, group = action.partition(":")
    parts = split_group(content, group) if kind == "draft" else None
    if parts is None:
        raise IllegalMove(mine.t("Pick a billboard from the board, or keep the rest as money."))
    prefix, value = parts
    on_offer = _on_offer(content, state, player)
    if group not in on_offer:
        raise IllegalMove(mine.t("No billboard of {group} is left that you can pay for.",
                                 group=group_text(mine, content, prefix, value)))
    billboard_id = on_offer[group][0]
    price = start_price(content, value)
    state["owner"][billboard_id] = player
    state["money"][player] -= price
    state["bank"] += price
    events = [Event(words.t("{seat} takes a billboard: {group}, for {price}.", seat=seat(player),
                            group=group_text(words, content, prefix, value),
                            price=money(words, price)))]
    return events + _advance(content, state)


def next_drafter(content: Content, state: State) -> int | None:
    """Who drafts after the seat drafting now: the next on the left still drafting that can
    pay for a billboard, when the one drafting now, taking one, cannot leave it none (it
    has two on offer); None when that is not sure, or nobody else drafts."""
    players = state["players"]
    for step in range(1, players):
        player = (state["turn"] + step) % players
        if player in state["draft_passed"]:
            continue
        on_offer = sum(len(ids) for ids in _on_offer(content, state, player).values())
        if on_offer >= 2:
            return player
        if on_offer == 1:
            return None  # the pick now may take it
    return None


def _advance(content: Content, state: State) -> list[Event]:
    """The next seat still drafting; one who cannot pay for anything left is done."""
    players = state["players"]
    for step in range(1, players + 1):
        player = (state["turn"] + step) % players
        if player in state["draft_passed"]:
            continue
        if not _on_offer(content, state, player):
            state["draft_passed"].append(player)
            continue
        state["turn"] = player
        return []
    words = table_words(content, state)
    return [Event(words.t("The draft is over. {seat} opens round 1.",
                          seat=seat(state["start"])))] + start_turn(content, state, state["start"])
