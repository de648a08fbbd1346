"""Sentences in one language: gettext catalogues, proper plurals, numbers as readers write them.

Pure: the catalogues are read from disk by ``bot.i18n`` (outside the rules) and handed
in, so a game that speaks Polish stays free of I/O. Messages are English source text
with ``str.format`` fields; the catalogue gives the translation, the fields are filled
after it. Seats are written ``{p2}`` for the host to name, so pass them as a field
(``seat="{p2}"``) rather than writing braces into a message.
"""
from __future__ import annotations

import gettext
from functools import lru_cache
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, get_group_symbol

#: Languages Marquee speaks, first the one every message is written in.
LANGUAGES = ("en", "pl")
DEFAULT_LANGUAGE = LANGUAGES[0]
#: Each language's own name, for lobby options and help.
LANGUAGE_NAMES = {"en": "English", "pl": "polski"}


@lru_cache(maxsize=8192)
def _written(language: str, value: float) -> str:
    # Babel takes tens of microseconds a number, and a turn's labels write hundreds of
    # prices and counts: remembering them keeps whole games fast.
    return format_decimal(value, locale=language)


class Words:
    """One language's sentences. ``t`` translates a message, ``tn`` one with a count.

    Babel extracts the messages from the source by these two names (see ``bot.i18n``),
    so call them with literal strings: ``words.t("{seat} passes.", seat=seat)``.
    """

    def __init__(self, language: str = DEFAULT_LANGUAGE,
                 translations: gettext.NullTranslations | None = None) -> None:
        self.language = language if language in LANGUAGES else DEFAULT_LANGUAGE
        self._translations = translations or gettext.NullTranslations()

    def t(self, message: str, /, **values: Any) -> str:
        text = self._translations.gettext(message)
        return text.format(**values) if values else text

    def tn(self, singular: str, plural: str, count: int, /, **values: Any) -> str:
        """The form for ``count`` (Polish has three: 1 billboard, 2 billboardy, 5 billboardów);
        ``{count}`` in the message is the count written as this language writes numbers."""
        text = self._translations.ngettext(singular, plural, count)
        return text.format(count=self.number(count), **values)

    def number(self, value: float) -> str:
        """1,234,567 in English; 1 234 567 in Polish (a non-breaking space groups digits)."""
        return _written(self.language, value)

    def money(self, value: int, unit: str = "") -> str:
        """An amount with its unit where this language's readers put a currency: "$1,200" in
        English, "1 200 $" in Polish (CLDR's currency pattern says which side)."""
        sign = "-" if value < 0 else ""
        number = self.number(abs(value))
        if not unit:
            return sign + number
        if Locale.parse(self.language).currency_formats["standard"].pattern.startswith("¤"):
            return f"{sign}{unit}{number}"
        return f"{sign}{number}\u00a0{unit}"

    @property
    def group_symbol(self) -> str:
        """What groups digits here ("," in English, a non-breaking space in Polish)."""
        return get_group_symbol(locale=self.language)

    def __repr__(self) -> str:
        return f"Words({self.language!r})"


ENGLISH = Words()
