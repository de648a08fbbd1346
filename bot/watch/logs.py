"""How the bot's log lines look: text for a person (the default), or one JSON object a line
(``MARQUEE_LOG_FORMAT=json``) for a log collector, which then needs no pattern of its own to
find the level, the logger or where a traceback ends."""
from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import TextIO

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


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
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure(level: str, log_format: str = "text", stream: TextIO | None = None) -> None:
    """Log at ``level`` and above to ``stream`` (standard error unless told), as text or JSON;
    as ``logging.basicConfig`` does, nothing changes if the root logger has a handler already."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=level, handlers=[handler])
