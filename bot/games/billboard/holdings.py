"""Who holds what: billboards by owner and kind, what a seat may sell, buy or offer.

A billboard's owner is a seat (an int), a neutral company (its id) or None (the bank's).
A "group" is one kind of billboard, one value in one district, written "sm:3": billboards
of a group are interchangeable except for who owns them.
"""
from __future__ import annotations

from .content import Content, Contract

State = dict


def group_of(content: Content, billboard_id: str) -> str:
    return content.group[billboard_id]


def in_group(content: Content, state: State, group: str, owner: object) -> list[str]:
    """Billboards of ``group`` owned by ``owner`` and free of ads, in board order."""
    return [b for b in content.billboards if group_of(content, b) == group
            and state["owner"][b] == owner and b not in state["ads"]]


def groups(content: Content, state: State, owner: object) -> dict[str, list[str]]:
    """``{group: billboards}`` for the owner's billboards free of ads, in board order."""
    found: dict[str, list[str]] = {}
    for billboard_id, holder in state["owner"].items():
        if holder == owner and billboard_id not in state["ads"]:
            found.setdefault(group_of(content, billboard_id), []).append(billboard_id)
    return found


def split_group(content: Content, group: str) -> tuple[str, int] | None:
    """("sm", 3) for "sm:3" when that district and value exist, else None."""
    prefix, _, value = group.partition(":")
    if content.by_prefix(prefix) is None or value not in {"1", "2", "3", "4", "5", "6"}:
        return None
    return prefix, int(value)


def owned_value(content: Content, state: State, owner: object) -> int:
    return sum(content.billboards[b].value for b, holder in state["owner"].items() if holder == owner)


def eligible(content: Content, state: State, seat: int, contract: Contract) -> list[str]:
    """The seat's billboards it may offer for ``contract``: in its area, free of ads."""
    return [b for b, holder in state["owner"].items()
            if holder == seat and b not in state["ads"] and contract.covers(content.billboards[b])]


def value_of(content: Content, billboard_ids: list[str]) -> int:
    return sum(content.billboards[b].value for b in billboard_ids)


def neutral(state: State, company_id: str) -> bool:
    """Not bought, and no bid standing on it."""
    company = state["companies"][company_id]
    return company["owner"] is None and company["bid"] is None
