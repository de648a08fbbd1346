"""Every marked message has its translation, and the languages read as their readers write."""
from __future__ import annotations

import pytest

from bot import i18n
from bot.engine.language import LANGUAGES


@pytest.mark.parametrize("domain", sorted(i18n.DOMAINS))
@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_message_is_translated(domain: str, language: str) -> None:
    missing = i18n.untranslated(domain, language)
    assert not missing, (f"{len(missing)} messages lack a {language} translation in {domain} "
                         f"(run `python3 tasks.py i18n`, then translate them): {missing[:5]}")


def test_polish_counts_take_three_forms() -> None:
    polish = i18n.words("marquee", "pl")
    # The catalogue's header carries Polish's plural rule; check the rule itself through it.
    plural = polish._translations.plural  # type: ignore[attr-defined]
    assert [plural(n) for n in (1, 2, 4, 5, 12, 22, 25, 101, 104)] == [0, 1, 1, 2, 2, 1, 2, 2, 1]


def test_numbers_as_readers_write_them() -> None:
    assert i18n.words("marquee", "en").number(1_234_567) == "1,234,567"
    assert i18n.words("marquee", "pl").number(1_234_567) == "1\u00a0234\u00a0567"


def test_discord_locales_map_to_our_languages() -> None:
    assert i18n.language_of("pl") == "pl"
    assert i18n.language_of("en-GB") == "en"
    assert i18n.language_of("de") == "en"
    assert i18n.language_of(None) == "en"
