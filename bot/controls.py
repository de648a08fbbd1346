"""Laying a seat's choices out as Discord controls, within Discord's limits.

Pure: this decides rows, buttons, selects, custom ids and the sentences around
amounts and subsets; ``cogs/play.py`` turns the layout into discord.py components.
Limits (Discord's): 5 rows a message, 5 buttons a row, a select alone in its row
with 1–25 options, custom ids of at most 100 characters, button labels of at
most 80, option labels of 100, placeholders of 150, modal titles and input
labels of 45.

Custom ids carry everything a click needs, so buttons keep working after a
restart with nothing re-registered:
    mq:m:<game>:<version>:<action>           make a move (button)
    mq:s:<game>:<version>:<n>                make the move picked in select n
    mq:a:<game>:<version>:<template>         type an amount into a template ("bid:{}"): opens a form
    mq:u:<game>:<version>:<part>:<template>  pick some of a subset's options (part n of its selects)
    mq:c:<game>:<version>:<template>         confirm the picks made in that subset's selects
    mq:k:<game>:<version>:<template>         open a message of its own to pick a subset in
    mq:p:<game>                              open my private panel (hand + all my choices)
    mq:g:<game>:<version>:<page>             another page of my panel
    mq:l:<game>:<join|leave|bot|unbot|start> lobby buttons
    mq:z:<game>:<version>                    take back my move that made this version
    mq:A:<game>:<version>:<template>         the amount form itself (a modal's id)
Each kind has its pattern below; ``cogs/play.py`` dispatches by them, so an id that
fits none (forged, or cut short) never reaches a handler.

The words the layout adds (placeholders, "Confirm", page buttons, an amount's bounds) are
in the language of ``words`` (its reader's), English unless told.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.engine.language import DEFAULT_LANGUAGE, ENGLISH, Words

MAX_ROWS = 5
MAX_BUTTONS = 5
MAX_OPTIONS = 25
BUTTON_LABEL = 80
OPTION_LABEL = 100
PLACEHOLDER = 150
CUSTOM_ID = 100
FORM_TEXT = 45  # a modal's title and an input's label
#: A subset shows its options in up to four selects (the fifth row is its Confirm button).
MAX_SUBSET_OPTIONS = (MAX_ROWS - 1) * MAX_OPTIONS
LOBBY_STEPS = ("join", "leave", "bot", "strongbot", "unbot", "start")

# The fields of the custom ids. ASCII digits only ([0-9], not \d, which takes "٣" too), and
# at most 18 of them, so every number parsed fits SQLite's 64-bit integers.
GAME = r"(?P<game>[1-9][0-9]{0,17})"
VERSION = r"(?P<version>0|[1-9][0-9]{0,17})"
ACTION = r"(?P<action>[!-~]{1,64})"  # printable ASCII without spaces, as games write actions
# A template holds "{}" exactly once and no other brace ([!-z|~] is [!-~] without { and }).
TEMPLATE = r"(?P<template>[!-z|~]{0,62}\{\}[!-z|~]{0,62})"


def _pattern(kind: str, *fields: str) -> str:
    return ":".join(("mq", kind, *fields))


MOVE = _pattern("m", GAME, VERSION, ACTION)
SELECT = _pattern("s", GAME, VERSION, r"(?P<index>0|[1-9][0-9]{0,2})")
AMOUNT = _pattern("a", GAME, VERSION, TEMPLATE)
SUBSET = _pattern("u", GAME, VERSION, r"(?P<part>[0-3])", TEMPLATE)
CONFIRM = _pattern("c", GAME, VERSION, TEMPLATE)
PICKER = _pattern("k", GAME, VERSION, TEMPLATE)
PANEL = _pattern("p", GAME)
PAGE = _pattern("g", GAME, VERSION, r"(?P<page>0|[1-9][0-9]{0,2})")
LOBBY = _pattern("l", GAME, "(?P<what>" + "|".join(LOBBY_STEPS) + ")")
AMOUNT_FORM = _pattern("A", GAME, VERSION, TEMPLATE)
UNDO = _pattern("z", GAME, VERSION)
#: The one input of the amount form.
AMOUNT_INPUT = "amount"


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
    min_values: int = 1
    max_values: int = 1


Row = list[Button] | Select


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def move_id(game_id: int, version: int, action: str) -> str:
    return f"mq:m:{game_id}:{version}:{action}"


def select_id(game_id: int, version: int, index: int) -> str:
    return f"mq:s:{game_id}:{version}:{index}"


def amount_id(game_id: int, version: int, template: str) -> str:
    return f"mq:a:{game_id}:{version}:{template}"


def subset_id(game_id: int, version: int, part: int, template: str) -> str:
    return f"mq:u:{game_id}:{version}:{part}:{template}"


def confirm_id(game_id: int, version: int, template: str) -> str:
    return f"mq:c:{game_id}:{version}:{template}"


def picker_id(game_id: int, version: int, template: str) -> str:
    return f"mq:k:{game_id}:{version}:{template}"


def panel_id(game_id: int) -> str:
    return f"mq:p:{game_id}"


def page_id(game_id: int, version: int, page: int) -> str:
    return f"mq:g:{game_id}:{version}:{page}"


def lobby_id(game_id: int, what: str) -> str:
    return f"mq:l:{game_id}:{what}"


def amount_form_id(game_id: int, version: int, template: str) -> str:
    return f"mq:A:{game_id}:{version}:{template}"


def undo_row(game_id: int, version: int, words: Words = ENGLISH) -> list[Button]:
    """The Undo button on a mover's private confirmation of the move that made ``version``."""
    return [Button(f"mq:z:{game_id}:{version}", clip(words.t("↩️ Undo"), BUTTON_LABEL))]


# -- amounts --------------------------------------------------------------------

def written(amount: dict[str, Any], value: int, words: Words = ENGLISH) -> str:
    """One amount as the game writes it in its labels: "$12,000", "12 000 $", "15k"."""
    return words.money(value, amount["unit"]) + amount.get("scale", "")


def amount_span(amount: dict[str, Any], words: Words = ENGLISH) -> str:
    """"$0 to $12,000 in steps of 500": what the player may type, as a phrase."""
    low, high = written(amount, amount["min"], words), written(amount, amount["max"], words)
    if amount["step"] > 1:
        return words.t("{low} to {high} in steps of {step}", low=low, high=high,
                       step=words.number(amount["step"]))
    return words.t("{low} to {high}", low=low, high=high)


@dataclass(frozen=True)
class AmountForm:
    """The texts of the form that asks for an amount."""

    title: str
    label: str
    placeholder: str


def amount_form(choice: dict[str, Any], words: Words = ENGLISH) -> AmountForm:
    """The form for an amount choice; its input's label states the bounds, shortened to fit.
    A choice labelled with its bounds ("Bid for Wanda (15k–21k)") is not told them twice, and
    its title may leave them to the input ("Licytuj spółkę Wanda" where the whole is too long)."""
    amount, named = choice["amount"], choice["label"]
    span = f"{written(amount, amount['min'], words)}–{written(amount, amount['max'], words)}"
    bounds = words.t("{span}, steps of {step}", span=span, step=words.number(amount["step"])) \
        if amount["step"] > 1 else span
    stated = bounds in named
    candidates = ((named,) if stated else ()) + \
        (f"{named} ({bounds})", words.t("Amount ({bounds})", bounds=bounds), bounds)
    label = next((text for text in candidates if len(text) <= FORM_TEXT), clip(span, FORM_TEXT))
    title = named.replace(f" ({bounds})", "") if stated and len(named) > FORM_TEXT else named
    middle = amount["min"] + (amount["max"] - amount["min"]) // amount["step"] // 2 * amount["step"]
    return AmountForm(clip(title or named, FORM_TEXT), label,
                      clip(words.t("A whole number, like {example}", example=written(amount, middle, words)), 100))


_QUOTABLE = re.compile(r"[A-Za-z0-9 $.,+-]{1,20}")  # echoed back as typed; anything else is not
_MOST_DIGITS = 18  # what an action's number may have (the engine's AMOUNT_LIMIT)


def _as_written(amount: dict[str, Any], words: Words) -> re.Pattern[str]:
    """An amount as the form writes it, or bare: a sign, the unit before or after the number
    ("$12,000", "12 000 $"), its digits whole or grouped in threes by the reader's separator
    or a space ("12,000" in English, "12 000" in Polish, never "1,2"), then the scale or its
    leading words ("15k"; "15 tys. zł" or "15 tys."), in any case and with any spaces."""
    group = rf"(?:{re.escape(words.group_symbol)}|\s)"
    number = rf"(?P<digits>[0-9]{{1,3}}(?:{group}[0-9]{{3}})+|[0-9]+)"
    unit = re.escape(amount["unit"])
    # the unit before the number or after it, not both
    before, after = (rf"(?P<before>{unit})?\s*", rf"(?(before)|(?:\s*{unit})?)") if unit else ("", "")
    scale = ""
    for part in reversed(amount.get("scale", "").split()):
        scale = rf"(?:\s*{re.escape(part)}{scale})?"
    return re.compile(rf"(?P<sign>-)?\s*{before}{number}{after}{scale}", re.IGNORECASE)


def read_amount(text: str, amount: dict[str, Any], words: Words = ENGLISH) -> int:
    """The number typed into an amount form, or ValueError with a sentence for the player.
    Whatever way the form writes an amount is taken back (see ``_as_written``), and nothing
    else: the action holds the number in ASCII digits, within the amount's bounds and steps."""
    typed = text.strip()
    found = _as_written(amount, words).fullmatch(typed) if len(typed) <= 100 else None
    digits = re.sub("[^0-9]", "", found["digits"]) if found else ""
    if not found or len(digits) > _MOST_DIGITS:
        span = amount_span(amount, words)
        if _QUOTABLE.fullmatch(typed):
            raise ValueError(words.t("“{typed}” is not a whole number: write one from {span}.",
                                     typed=typed, span=span))
        raise ValueError(words.t("That is not a whole number: write one from {span}.", span=span))
    number = -int(digits) if found["sign"] else int(digits)
    allowed = amount["min"] <= number <= amount["max"] and (number - amount["min"]) % amount["step"] == 0
    if not allowed:
        raise ValueError(words.t("The amount goes from {span}; {number} is not one of them.",
                                 span=amount_span(amount, words), number=written(amount, number, words)))
    return number


# -- subsets ----------------------------------------------------------------------

def how_many(least: int, most: int, words: Words = ENGLISH) -> str:
    """"1 to 3", "exactly 2", "up to 3": a subset's size, as a phrase."""
    if least == most:
        return words.t("exactly {count}", count=least)
    if least == 0:
        return words.t("up to {count}", count=most)
    return words.t("{least} to {most}", least=least, most=most)


def subset_problem(picked: int, subset: dict[str, Any], words: Words = ENGLISH) -> str | None:
    """Why ``picked`` options are not a size the subset takes; None when they are."""
    if subset["min"] <= picked <= subset["max"]:
        return None
    size = how_many(subset["min"], subset["max"], words)
    if not picked:
        return words.t("Pick {how_many}; you have picked none.", how_many=size)
    return words.t("Pick {how_many}; you have picked {count}.", how_many=size, count=picked)


def subset_rows(game_id: int, version: int, choice: dict[str, Any], *, rows: int = MAX_ROWS,
                words: Words = ENGLISH) -> list[Row]:
    """A subset's selects, 25 options each, then its Confirm button: ``rows`` at most.

    The picks live in the message (each select's picked options are marked when it is
    redrawn), so several selects add up to one set and Confirm reads it from there. One
    select takes the subset's own size; each of several takes any number of its options,
    and Confirm checks the total."""
    subset, template, label = choice["subset"], choice["action"], choice["label"]
    options = subset["options"] if subset["max"] > 0 else []
    chunks = [options[i:i + MAX_OPTIONS] for i in range(0, len(options), MAX_OPTIONS)][:rows - 1]
    laid: list[Row] = []
    for part, chunk in enumerate(chunks):
        single = len(chunks) == 1
        placeholder = words.t("{label}: pick {how_many}", label=label,
                              how_many=how_many(subset["min"], subset["max"], words))
        placeholder += "" if single else f" ({part + 1}/{len(chunks)})"
        laid.append(Select(subset_id(game_id, version, part, template), clip(placeholder, PLACEHOLDER),
                           [(value, clip(text, OPTION_LABEL), "") for value, text in chunk],
                           min_values=min(subset["min"], len(chunk)) if single else 0,
                           max_values=min(subset["max"], len(chunk))))
    laid.append([Button(confirm_id(game_id, version, template),
                        clip(words.t("Confirm: {label}", label=label), BUTTON_LABEL), "success")])
    return laid


# -- layout -------------------------------------------------------------------------

def _groups(choices: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for choice in choices:
        groups.setdefault(choice.get("group", ""), []).append(choice)
    return list(groups.items())


def _filled_in(choice: dict[str, Any]) -> bool:
    """A template the player completes (an amount or a subset): a button, never a select option."""
    return "amount" in choice or "subset" in choice


def _inline(choice: dict[str, Any], inline: bool) -> bool:
    """Whether a subset shows its selects here: when asked to, and when all its options fit."""
    return inline and "subset" in choice and len(choice["subset"]["options"]) <= MAX_SUBSET_OPTIONS


def _opens(label: str) -> str:
    """The label of a button that opens something to fill in (the ellipsis says so)."""
    return label if label.endswith("…") else clip(label, BUTTON_LABEL - 1) + "…"


def _placeholder(group: str, part: int, parts: int, words: Words) -> str:
    # A group is an identifier, written in English: it names the select only for English readers.
    name = group.replace("-", " ").replace("_", " ").capitalize() if words.language == DEFAULT_LANGUAGE else ""
    return clip((name or words.t("Choose")) + (f" ({part}/{parts})" if parts > 1 else "") + "…", PLACEHOLDER)


def _rows_of(buttons: list[Button]) -> list[Row]:
    return [buttons[i:i + MAX_BUTTONS] for i in range(0, len(buttons), MAX_BUTTONS)]


class _Layout:
    """Builds one layout's rows; numbers its selects in the order they are made."""

    def __init__(self, game_id: int, version: int, words: Words) -> None:
        self.game_id, self.version, self.words = game_id, version, words
        self.selects = 0

    def button(self, choice: dict[str, Any]) -> Button:
        style = choice.get("style", "secondary")
        if "amount" in choice:
            return Button(amount_id(self.game_id, self.version, choice["action"]), _opens(choice["label"]), style)
        if "subset" in choice:  # when its selects do not fit here, a message of its own
            return Button(picker_id(self.game_id, self.version, choice["action"]), _opens(choice["label"]), style)
        return Button(move_id(self.game_id, self.version, choice["action"]),
                      clip(choice["label"], BUTTON_LABEL), style)

    def selects_of(self, group: str, members: list[dict[str, Any]]) -> list[Row]:
        chunks = [members[i:i + MAX_OPTIONS] for i in range(0, len(members), MAX_OPTIONS)]
        laid: list[Row] = []
        for n, chunk in enumerate(chunks):
            options = [(c["action"], clip(c["label"], OPTION_LABEL), clip(c.get("description", ""), OPTION_LABEL))
                       for c in chunk]
            laid.append(Select(select_id(self.game_id, self.version, self.selects),
                               _placeholder(group, n + 1, len(chunks), self.words), options))
            self.selects += 1
        return laid

    def subset(self, choice: dict[str, Any]) -> list[Row]:
        return subset_rows(self.game_id, self.version, choice, words=self.words)

    # Arrangements, from the roomiest to the most compact. ``inline``: a subset shows its
    # selects here; otherwise it is a button opening them in a message of their own.

    def natural(self, choices: list[dict[str, Any]], inline: bool) -> list[Row]:
        """Group by group: a small group is a row of buttons, a larger one selects."""
        laid: list[Row] = []
        for group, members in _groups(choices):
            own = [c for c in members if _inline(c, inline)]
            clickable = [c for c in members if not _inline(c, inline)]
            for choice in own:
                laid += self.subset(choice)
            if len(clickable) <= MAX_BUTTONS:
                laid += [[self.button(c) for c in clickable]] if clickable else []
            else:
                laid += self.selects_of(group, [c for c in clickable if not _filled_in(c)])
                laid += _rows_of([self.button(c) for c in clickable if _filled_in(c)])
        return laid

    def packed(self, choices: list[dict[str, Any]], inline: bool) -> list[Row]:
        """Every button packed five to a row, then the selects, then the subsets."""
        buttons: list[Button] = []
        selects: list[tuple[str, list[dict[str, Any]]]] = []
        own: list[dict[str, Any]] = []
        for group, members in _groups(choices):
            own += [c for c in members if _inline(c, inline)]
            clickable = [c for c in members if not _inline(c, inline)]
            if len(clickable) <= MAX_BUTTONS:
                buttons += [self.button(c) for c in clickable]
            else:
                buttons += [self.button(c) for c in clickable if _filled_in(c)]
                selects.append((group, [c for c in clickable if not _filled_in(c)]))
        laid = _rows_of(buttons)
        for group, members in selects:
            laid += self.selects_of(group, members)
        for choice in own:
            laid += self.subset(choice)
        return laid

    def every_row(self, choices: list[dict[str, Any]]) -> list[Row]:
        """Every plain choice in selects, then the buttons of the filled-in ones: for paging."""
        laid: list[Row] = []
        for group, members in _groups(choices):
            laid += self.selects_of(group, [c for c in members if not _filled_in(c)])
        return laid + _rows_of([self.button(c) for c in choices if _filled_in(c)])


def layout(game_id: int, version: int, choices: list[dict[str, Any]], *,
           rows: int = MAX_ROWS, page: int = 0, words: Words = ENGLISH) -> tuple[list[Row], int]:
    """Rows of controls for ``choices``, and how many pages they need.

    Small groups become rows of buttons; a group of more than five becomes a
    select (split by 25); an amount is a button that opens a form; a subset is
    its selects and a Confirm button. When that does not fit in ``rows``,
    buttons pack together, then subsets become buttons that open their selects
    in a message of their own, then everything becomes selects of 25 shown
    ``rows - 1`` at a time, the last row then holding the page buttons.
    """
    if rows < 2:
        raise ValueError("a layout needs at least two rows (one for page buttons)")
    for inline in (True, False):
        for arrange in (_Layout.natural, _Layout.packed):
            laid = arrange(_Layout(game_id, version, words), choices, inline)
            if len(laid) <= rows:
                return laid, 1
    flat = _Layout(game_id, version, words).every_row(choices)
    per_page = rows - 1
    pages = -(-len(flat) // per_page)
    page = max(0, min(page, pages - 1))
    shown = flat[page * per_page:(page + 1) * per_page]
    nav = [Button(page_id(game_id, version, p), words.t("Page {page}/{pages}", page=p + 1, pages=pages),
                  "primary" if p == page else "secondary")
           for p in range(pages)][:MAX_BUTTONS]
    return shown + [nav], pages
