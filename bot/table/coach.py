"""The coach at tables where members learn a game (issue 39), pure: what marks such a table,
in the coach's own sentences (the ``coach`` gettext domain,
``data/locale/<language>/LC_MESSAGES/coach.po``).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot import i18n
from bot.community.practice import COACH, PRACTICE
from bot.engine.language import Words

#: The coach's gettext domain (``bot/i18n.py`` ``DOMAINS``).
DOMAIN = "coach"


def coach_words(language: str) -> Words:
    return i18n.words(DOMAIN, language)


def table_mark(settings: Mapping[str, Any], language: str) -> str | None:
    """The line that says a table is unrated and why, in its lobby and status; None at a
    rated table."""
    said = coach_words(language)
    if settings.get(PRACTICE):
        return said.t("🎓 Practice table: unrated, the coach is on")
    if settings.get(COACH):
        return said.t("🎓 The coach may help here, so this table is unrated")
    return None
