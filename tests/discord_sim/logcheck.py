"""Any ERROR log record while the simulator runs is a bot error: discord.py reports
exceptions in commands, views and event handlers only by logging them."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

# discord.py colours its log lines when it thinks the stream is a terminal.
ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# Lines that continue a traceback: indented frames, blank lines, chaining notes, the exception.
TRACEBACK_LINE = re.compile(
    r"^(\s|$|Traceback |The above exception|During handling|[A-Za-z_][\w.]*(: |$))"
)
# A subprocess bot's output line is an error when it names the level or starts a traceback.
ERROR_LINE = re.compile(r"\b(ERROR|CRITICAL)\b|^Traceback \(most recent call last\)")


class ErrorCatcher(logging.Handler):
    def __init__(self, report: Callable[[str], None]) -> None:
        super().__init__(level=logging.ERROR)
        self._report = report

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = f"{record.levelname} {record.name}: {record.getMessage()}"
            if record.exc_info:
                text += "\n" + logging.Formatter().formatException(record.exc_info)
            self._report(text)
        except Exception:  # noqa: BLE001 - a broken log call must not take the test down with it
            self.handleError(record)


def install(report: Callable[[str], None]) -> ErrorCatcher:
    handler = ErrorCatcher(report)
    logging.getLogger().addHandler(handler)
    return handler


def uninstall(handler: ErrorCatcher) -> None:
    logging.getLogger().removeHandler(handler)
