"""How the bot's log lines look: text for a person (the default), or one JSON object a line
(``MARQUEE_LOG_FORMAT=json``) for a log collector, which then needs no pattern of its own to
find the level, the logger or where a traceback ends.

And what they never hold, at any level, whoever logged them (the bot, discord.py, aiosqlite):
the bot's token, an interaction's token (it answers for the bot for 15 minutes), or what a
message says (a DM holds a hand of cards). ``Redactor`` rewrites such parts of a record
before any handler writes it, so a host can paste a log into an issue as it is. It redacts
rather than drops: a request's method, route and status stay, its body becomes its size.
"""
from __future__ import annotations

import functools
import json
import logging
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, TextIO

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
HIDDEN = "«hidden»"

# Where a token stands in a route: /interactions/{id}/{token}/callback, /webhooks/{app}/{token}/….
_ROUTE_TOKEN = re.compile(r"(/(?:interactions|webhooks)/[0-9]+/)[^/?#\s'\"]+")
# A token as a field of a payload, as JSON or as a Python dict prints it: "token": "…".
_FIELD_TOKEN = re.compile(r"""(["']token["']\s*:\s*["'])[^"']*""")
# A bot token's shape (the user id, a timestamp, an HMAC, in base64url), whoever's it is.
_BOT_TOKEN = re.compile(r"[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}")


class Redactor(logging.Filter):
    """Takes tokens and message bodies out of every record a handler is given.

    Arguments that are payloads (a dict, a list of dicts, JSON text: a request's body,
    Discord's answer, a gateway event, a database call with its values) are replaced by what
    they are and their size; a gateway event keeps its opcode, name and sequence. Then the
    whole line, traceback included, loses the secrets it still names: tokens in routes and
    payload fields, anything shaped like a bot token, and the secrets given to ``hide``."""

    def __init__(self) -> None:
        super().__init__()
        self.secrets: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "redacted", False):  # one record, several handlers
            return True
        try:
            self._redact(record)
        except Exception:  # noqa: BLE001 - a filter that raises would raise at the logging call
            record.msg, record.args, record.exc_info, record.exc_text, record.stack_info = (
                f"«a line of {record.name} that could not be redacted»", None, None, None, None)
        record.redacted = True
        return True

    def _redact(self, record: logging.LogRecord) -> None:
        message = record.msg if isinstance(record.msg, str) else str(_described(record.msg))
        if record.args:
            args = _described_args(record.args)
            try:
                message = message % args
            except (TypeError, ValueError, KeyError):  # a call that does not fit its format
                message = f"{message} {args!r}"
        record.msg, record.args = self.clean(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.clean(record.exc_text)
        if record.stack_info:
            record.stack_info = self.clean(record.stack_info)

    def clean(self, text: str) -> str:
        text = _ROUTE_TOKEN.sub(rf"\g<1>{HIDDEN}", text)
        text = _FIELD_TOKEN.sub(rf"\g<1>{HIDDEN}", text)
        text = _BOT_TOKEN.sub(HIDDEN, text)
        for secret in self.secrets:
            text = text.replace(secret, HIDDEN)
        return text


def _described_args(args: tuple[Any, ...] | Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
    if isinstance(args, Mapping):  # log.debug("%(body)s", {"body": …})
        return {key: _described(value) for key, value in args.items()}
    return tuple(_described(value) for value in args)


def _described(value: Any) -> Any:
    """A payload as what it is and its size; anything else as it is."""
    if isinstance(value, Mapping):
        if "op" in value and "d" in value:  # a gateway event
            return (f"{{op: {value.get('op')}, t: {value.get('t')}, s: {value.get('s')}, "
                    f"d: «{_size(value['d'])}»}}")
        return f"«a payload of {_size(value)}»"
    if isinstance(value, (list, tuple)) and any(isinstance(item, (Mapping, list, tuple)) for item in value):
        return f"«a payload of {_size(value)}»"
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        return f"«a body of {_size(value)}»"
    if isinstance(value, bytes) and value.lstrip()[:1] in (b"{", b"["):
        return f"«a body of {_size(value)}»"
    if isinstance(value, functools.partial):  # aiosqlite's "executing %s": the call and its values
        return f"«{getattr(value.func, '__qualname__', 'a call')}(…)»"
    return value


def _size(value: Any) -> str:
    size = len(value) if isinstance(value, (str, bytes)) else len(str(value))
    return f"{size:,} characters"


#: The redactor on the handlers ``configure`` installs; ``hide`` adds to what it hides.
REDACTOR = Redactor()


def hide(secret: str | None) -> None:
    """Never log ``secret`` (the bot's token), whoever would log it."""
    if secret:
        REDACTOR.secrets.add(secret)


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON: ``time`` (UTC, ISO 8601), ``level``, ``logger``,
    ``message``, and ``exception`` (the traceback's text) when the record has one. A
    newline in any of them is escaped, so a record is always exactly one line."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_text:  # the redactor's text of the exception
            entry["exception"] = record.exc_text
        elif record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure(level: str, log_format: str = "text", stream: TextIO | None = None) -> None:
    """Log at ``level`` and above to ``stream`` (standard error unless told), as text or JSON,
    every line through ``REDACTOR``; as ``logging.basicConfig`` does, no handler is added if
    the root logger has one already (that one is given the redactor)."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=level, handlers=[handler])
    for installed in logging.getLogger().handlers:
        if REDACTOR not in installed.filters:
            installed.addFilter(REDACTOR)
