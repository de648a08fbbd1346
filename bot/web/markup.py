"""The thread's Markdown, as the page's HTML: what Discord shows of a post's lines.

Only what the host's lines use: **bold**, *italic* and _italic_, `code`, a backslash
escaping the character after it (a player's name is written that way, bot/text.py), and
Discord's timestamps (``<t:1700000000:R>``, shown as a ``<time>`` the page's script words
in the reader's zone). Everything else is text, escaped: a name can never become markup.
"""
from __future__ import annotations

import html
import re
from datetime import UTC, datetime

_TAG = re.compile(r"<[^>]+>")
_ESCAPED = re.compile(r"\\([^A-Za-z0-9\s])")
_TIMESTAMP = re.compile(r"&lt;t:(-?[0-9]{1,12})(?::[tTdDfFR])?&gt;")
_CODE = re.compile(r"`([^`\n]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])")
#: Private-use characters standing for escaped ones while the markup is read.
_HOLD = 0xE000


def moment(unix: float) -> str:
    """A ``<time>`` of a moment: UTC for readers without script, their own zone with it."""
    when = datetime.fromtimestamp(unix, UTC)
    return f'<time datetime="{when.isoformat()}">{when:%Y-%m-%d %H:%M} UTC</time>'


def to_html(text: str) -> str:
    """One line or several of the thread's Markdown as HTML (lines joined by ``<br>``)."""
    held: list[str] = []

    def hold(match: re.Match[str]) -> str:
        held.append(match[1])
        return chr(_HOLD + len(held) - 1)

    text = _ESCAPED.sub(hold, text)
    text = html.escape(text, quote=True)
    text = _TIMESTAMP.sub(lambda m: moment(int(m[1])), text)
    text = _CODE.sub(r"<code>\1</code>", text)
    text = _BOLD.sub(r"<strong>\1</strong>", text)
    text = _ITALIC.sub(lambda m: f"<em>{m[1] or m[2]}</em>", text)
    text = "".join(html.escape(held[ord(c) - _HOLD]) if _HOLD <= ord(c) < _HOLD + len(held) else c
                   for c in text)
    return "<br>".join(line for line in text.split("\n"))


def plain(markdown: str) -> str:
    """A line of the thread's Markdown as plain text (an image's alt, a replay's status)."""
    return html.unescape(_TAG.sub("", to_html(" ".join(markdown.split("\n")))))
