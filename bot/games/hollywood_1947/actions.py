"""Reading an action string strictly: its one canonical form, or IllegalMove.

Buttons only send what ``legal()`` offered, but a move may come from anywhere (an old
button, a replay file, a forged custom id), so every field is checked before it is used:
numbers in ASCII digits with no sign or leading zero, ids in lower-case ASCII, and
exactly the fields the verb takes. Whatever the string, this raises nothing but IllegalMove.
"""
from __future__ import annotations

import re
from typing import Any

from bot.engine import IllegalMove

#: Field kinds: "n" a number (a job, a seat), "s" an id ("anthem-3", "noir", "0a", "p2").
FIELDS = {
    "n": re.compile(r"0|[1-9][0-9]{0,3}"),
    "s": re.compile(r"[a-z0-9]{1,24}(?:-[a-z0-9]{1,24}){0,3}"),
}
NOT_UNDERSTOOD = "That is not a move Hollywood 1947 understands."

#: verb -> the kinds of its fields, one letter each ("" when it takes none).
Shapes = dict[str, str]


def parse(action: str, shapes: Shapes) -> tuple[str, tuple[Any, ...]]:
    """``"swap:3:8"`` -> ``("swap", (3, 8))`` given ``{"swap": "nn"}``: each field an int or
    a str, as its shape says (which the type cannot)."""
    verb, *fields = action.split(":")
    kinds = shapes.get(verb)
    if kinds is None or len(fields) != len(kinds):
        raise IllegalMove(NOT_UNDERSTOOD)
    if not all(FIELDS[kind].fullmatch(field) for kind, field in zip(kinds, fields)):
        raise IllegalMove(NOT_UNDERSTOOD)
    return verb, tuple(int(field) if kind == "n" else field for kind, field in zip(kinds, fields))
