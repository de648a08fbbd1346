"""Making text that players chose (display names, typed values) safe to show.

Pure helpers, no Discord connection: a nickname like ``**Boss** @everyone`` must
read as itself in a post, neither restyling the post nor pinging anyone.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

#: Longest name shown. Discord's nicknames stop at 32 characters; a stored name
#: may carry a suffix (" (bot)"), so leave room before clipping.
NAME_LIMIT = 40

# Bidirectional overrides and isolates can make a name read backwards over the text after it.
_BIDI_CONTROLS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))
# Inline Markdown anywhere: emphasis, strike, spoiler, code, masked links ([x](y)), the
# escape character itself, "<" (mentions, custom emoji, timestamps, <url>) and ":" (so
# "http://" is not turned into a link).
_INLINE = re.compile(r"([\\*_~|`\[\]<:])")
# The opening of a seat's placeholder, as the table writes it ({p2}: bot/table/notices.py).
_SEAT_TOKEN = re.compile(r"\{(?=p\d+\})")  # \d, as there: "{p٢}" is seat 2 too
#: Put after that "{" in a name: invisible, and no placeholder any more.
WORD_JOINER = "\u2060"
# Markdown that counts only at the start of a line: headings (#, -#), quotes, lists ("- ",
# "+ ", "1. "). A clean name has no newline, so its own start is the only line start in it.
_LINE_START = re.compile(r"^([#>\-+]|\d+\.)")


def plain_name(name: str) -> str:
    """A name on one line and at most ``NAME_LIMIT`` characters: for button labels and
    select options, which Discord shows as plain text."""
    name = "".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in name.translate(_BIDI_CONTROLS))
    name = " ".join(name.split())  # newlines, tabs and runs of spaces become one space
    # A name never holds a seat's placeholder: text a name was put in may be named again
    # (a line of names in a move's events), and "{p2}" would then become seat 2's name.
    name = _SEAT_TOKEN.sub("{" + WORD_JOINER, name)
    return name if len(name) <= NAME_LIMIT else name[:NAME_LIMIT - 1] + "…"


def markdown_name(name: str) -> str:
    """A name to put inside a Markdown message: reads as typed, styles nothing, pings nobody.

    Each character that could start Markdown here is escaped with a backslash (Discord
    shows ``\\*`` as ``*``). Mentions are broken with a zero-width space after ``@``:
    ``@everyone``, ``<@123>``, ``<@&5>`` and ``<@!123>`` no longer parse as mentions on
    Discord's side, whatever a message's ``allowed_mentions`` say.
    """
    name = _INLINE.sub(r"\\\1", plain_name(name))
    name = _LINE_START.sub(_escape_line_start, name)
    return name.replace("@", "@\u200b")


def _escape_line_start(start: re.Match[str]) -> str:
    # A backslash escapes punctuation only, never a digit: "1\\." is how "1." stays no list item.
    mark = start[0]
    return mark[:-1] + "\\." if mark.endswith(".") else "\\" + mark


#: Discord's longest message, in characters.
MESSAGE_LIMIT = 2000


def split_text(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Cut text into Discord-sized messages at line ends where possible."""
    pieces: list[str] = []
    for line in text.splitlines():  # a line too long for any message is cut where it must be
        pieces.extend([line[i:i + limit] for i in range(0, len(line), limit)] or [""])
    # Discord trims blank lines at either end anyway; an all-blank chunk would be an empty message.
    return [c.strip("\n") for c in pack(pieces, limit) if c.strip()] or [""]


def pack(pieces: Iterable[str], limit: int) -> list[str]:
    """Pieces of at most ``limit`` characters joined by line ends into as few chunks of at most
    ``limit`` as keep their order (a blank piece starts no chunk)."""
    chunks: list[str] = []
    current = ""
    for piece in pieces:
        if current and len(current) + 1 + len(piece) > limit:
            chunks.append(current)
            current = piece
        else:
            current = f"{current}\n{piece}" if current else piece
    if current:
        chunks.append(current)
    return chunks
