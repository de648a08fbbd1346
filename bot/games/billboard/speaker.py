"""Words that remember how they wrote each number.

Babel formats a number in tens of microseconds, and a turn's labels write hundreds of
prices and counts: remembering them keeps whole games fast. The sentences are the same.
"""
from __future__ import annotations

from functools import lru_cache

from babel.numbers import format_decimal

from bot.engine.language import Words


@lru_cache(maxsize=8192)
def _written(language: str, value: float) -> str:
    return format_decimal(value, locale=language)


class Speaker(Words):
    def __init__(self, words: Words) -> None:
        super().__init__(words.language, words._translations)

    def number(self, value: float) -> str:
        return _written(self.language, value)
