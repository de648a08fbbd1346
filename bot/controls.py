"""Laying a seat's choices out as Discord controls, within Discord's limits.

Pure: this decides rows, buttons, selects and custom ids; ``cogs/ui.py`` turns
the layout into discord.py components. Limits (Discord's): 5 rows a message,
5 buttons a row, a select alone in its row with 1–25 options, custom ids of at
most 100 characters, button labels of at most 80 and option labels of 100.

Custom ids carry everything a click needs, so buttons keep working after a
restart with nothing re-registered:
    mq:m:<game>:<version>:<action>    make a move (button)
    mq:s:<game>:<version>:<n>         make the move picked in select n
    mq:p:<game>                       open my private panel (hand + all my choices)
    mq:g:<game>:<version>:<page>      another page of my panel
    mq:l:<game>:<join|leave|bot|unbot|start>   lobby buttons
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAX_ROWS = 5
MAX_BUTTONS = 5
MAX_OPTIONS = 25
BUTTON_LABEL = 80
OPTION_LABEL = 100
CUSTOM_ID = 100


@dataclass(frozen=True)
class Button:
    custom_id: str
    label: str
    style: str = "secondary"


@dataclass(frozen=True)
class Select:
    custom_id: str
    placeholder: str
    options: list[tuple[str, str, str]] = field(default_factory=list)  # (value, label, description)


Row = list[Button] | Select


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def move_id(game_id: int, version: int, action: str) -> str:
    return f"mq:m:{game_id}:{version}:{action}"


def select_id(game_id: int, version: int, index: int) -> str:
    return f"mq:s:{game_id}:{version}:{index}"


def panel_id(game_id: int) -> str:
    return f"mq:p:{game_id}"


def page_id(game_id: int, version: int, page: int) -> str:
    return f"mq:g:{game_id}:{version}:{page}"


def lobby_id(game_id: int, what: str) -> str:
    return f"mq:l:{game_id}:{what}"


def _groups(choices: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for choice in choices:
        groups.setdefault(choice.get("group", ""), []).append(choice)
    return list(groups.items())


def _button(game_id: int, version: int, choice: dict[str, Any]) -> Button:
    return Button(move_id(game_id, version, choice["action"]), clip(choice["label"], BUTTON_LABEL),
                  choice.get("style", "secondary"))


def _option(choice: dict[str, Any]) -> tuple[str, str, str]:
    return (choice["action"], clip(choice["label"], OPTION_LABEL), clip(choice.get("description", ""), OPTION_LABEL))


def _placeholder(group: str, part: int, parts: int) -> str:
    name = group.replace("-", " ").replace("_", " ").capitalize() or "Choose"
    return clip(name + (f" ({part}/{parts})" if parts > 1 else "") + "…", 150)


def layout(game_id: int, version: int, choices: list[dict[str, Any]], *,
           rows: int = MAX_ROWS, page: int = 0) -> tuple[list[Row], int]:
    """Rows of controls for ``choices``, and how many pages they need.

    Small groups become rows of buttons; a group of more than five becomes a
    select (split by 25). When that does not fit in ``rows``, buttons pack
    together, then everything becomes selects of 25 shown ``rows - 1`` at a
    time, the last row then holding the page buttons.
    """
    if rows < 2:
        raise ValueError("a layout needs at least two rows (one for page buttons)")
    # Rows keep the game's order of groups; selects are numbered in that order too.
    natural: list[list[Button] | tuple[str, list[dict[str, Any]]]] = []
    loose: list[dict[str, Any]] = []
    selects: list[tuple[str, list[dict[str, Any]]]] = []
    for group, members in _groups(choices):
        if len(members) <= MAX_BUTTONS:
            natural.append([_button(game_id, version, c) for c in members])
            loose.extend(members)
        else:
            chunks = [members[i:i + MAX_OPTIONS] for i in range(0, len(members), MAX_OPTIONS)]
            parts = [(_placeholder(group, n + 1, len(chunks)), chunk) for n, chunk in enumerate(chunks)]
            selects.extend(parts)
            natural.extend(parts)

    def numbered(pairs: list[tuple[str, list[dict[str, Any]]]], start: int = 0) -> list[Row]:
        return [Select(select_id(game_id, version, start + n), placeholder, [_option(c) for c in chunk])
                for n, (placeholder, chunk) in enumerate(pairs)]

    if len(natural) <= rows:
        laid: list[Row] = []
        for row in natural:
            laid.extend(numbered([row], start=selects.index(row)) if isinstance(row, tuple) else [row])
        return laid, 1
    packed = [[_button(game_id, version, c) for c in loose[i:i + MAX_BUTTONS]]
              for i in range(0, len(loose), MAX_BUTTONS)]
    if len(packed) + len(selects) <= rows:
        return packed + numbered(selects), 1
    # Everything as selects, paged.
    every = [(_placeholder(group, 0, 1), members) for group, members in _groups(choices)]
    flat: list[tuple[str, list[dict[str, Any]]]] = []
    for placeholder, members in every:
        chunks = [members[i:i + MAX_OPTIONS] for i in range(0, len(members), MAX_OPTIONS)]
        flat.extend((placeholder if len(chunks) == 1 else _placeholder(placeholder.rstrip("…"), n + 1, len(chunks)), chunk)
                    for n, chunk in enumerate(chunks))
    per_page = rows - 1
    pages = -(-len(flat) // per_page)
    page = max(0, min(page, pages - 1))
    shown = numbered(flat[page * per_page:(page + 1) * per_page], start=page * per_page)
    nav = [Button(page_id(game_id, version, p), f"Page {p + 1}/{pages}", "primary" if p == page else "secondary")
           for p in range(pages)][:MAX_BUTTONS]
    return shown + [nav], pages

