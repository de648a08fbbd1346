"""Every marked message has its translation, and the languages read as their readers write."""
from __future__ import annotations

import ast

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


def test_no_translation_keyword_is_used_as_a_name() -> None:
    """Babel finds messages by the keyword's name alone: a variable called ``t`` (``t["seat"]``,
    ``for t in …``) is read as a marked call by some versions of its extractor, which then
    report a message nobody wrote. So a keyword is never bound or subscripted as a name."""
    keywords = {**i18n.KEYWORDS, **i18n.HOST_KEYWORDS, **i18n.CONTEXT_KEYWORDS}
    misuses = []
    for domain in i18n.DOMAINS:
        for path in i18n._source_files(domain):
            tree = ast.parse(path.read_text(), str(path))
            subscripted = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Subscript)}
            for node in ast.walk(tree):
                bound = (isinstance(node, ast.Name) and node.id in keywords
                         and (not isinstance(node.ctx, ast.Load) or id(node) in subscripted))
                if bound or isinstance(node, ast.arg) and node.arg in keywords:
                    misuses.append(f"{path.relative_to(i18n.ROOT)}:{node.lineno}")
    assert not misuses, f"a translation keyword used as a variable: {misuses}"
