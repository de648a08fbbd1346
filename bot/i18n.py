"""Marquee's translations: gettext catalogues under data/locale, read with Babel.

Catalogues are kept as ``.po`` text (reviewable in a diff, editable by translators) and
compiled in memory when first used, so there is no binary ``.mo`` to rebuild or forget.
Each domain is one set of messages: ``marquee`` is the host's own sentences (lobby,
errors, reminders), and a game that speaks several languages has its own (``billboard``).

``python3 tasks.py i18n`` extracts the messages from the source into every catalogue,
keeping the translations already made; ``tests/test_i18n.py`` fails while any message
lacks its translation.
"""
from __future__ import annotations

import gettext
import io
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from bot.engine.language import DEFAULT_LANGUAGE, LANGUAGES, Words
from bot.games.content import DATA_DIR

ROOT = DATA_DIR.parent
LOCALE_DIR = DATA_DIR / "locale"
#: How messages are marked in the source: ``words.t(message)``, ``words.tn(one, many, n)``,
#: and the slash commands' descriptions and choices as discord.py's ``locale_str`` (plain
#: strings in a command work too: discord.py hands them to the translator all the same).
KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2), "locale_str": None}
#: The host's own marks besides: its refusals, worded when their reader is known
#: (``TableError("…", seat=…)``, ``TableError.counted(one, many, n)``, the engine's
#: ``NotOffered`` and ``BadOption``), and its options' descriptions (``Option(name, description, …)``).
HOST_KEYWORDS: dict[str, Any] = {
    "counted": (1, 2), "Option": (2,), "TableError": None, "StaleMove": None, "OptionError": None,
    "NotOffered": None, "BadOption": None, "NotTakenBack": None,
}
#: Names of commands, groups and parameters are words of their own (lowercase, one word):
#: ``command_name("join")`` puts them in this context, apart from the sentences.
COMMAND_CONTEXT = "command"
CONTEXT_KEYWORDS = {"command_name": COMMAND_CONTEXT}
#: The host's own sentences: lobby, errors, reminders, controls.
HOST = "marquee"
#: Each domain and the source files its messages come from (globs from the project root).
DOMAINS: dict[str, tuple[str, ...]] = {
    "marquee": ("bot/*.py", "bot/*/*.py", "cogs/*.py", "cogs/*/*.py"),
    "billboard": ("bot/games/billboard/*.py",),
    # the board picture and the /billboard commands: Billboard's words outside its rules
    "billboard-table": ("rendering/billboard.py", "cogs/titles/billboard.py"),
    # the coach's sentences at tables where members learn a game (issue 39)
    "coach": ("cogs/coach.py", "cogs/hint.py", "bot/table/coach.py", "bot/table/hints.py"),
}


def catalogue_path(domain: str, language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


@cache
def translations(domain: str, language: str) -> gettext.NullTranslations:
    """The compiled catalogue; English (the source language) and unknown ones translate to themselves."""
    path = catalogue_path(domain, language)
    if language == DEFAULT_LANGUAGE or not path.exists():
        return gettext.NullTranslations()
    with open(path, "rb") as handle:
        catalog = read_po(handle, locale=language, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@cache
def words(domain: str, language: str | None) -> Words:
    """A domain's sentences in ``language`` (English when it is not one we speak)."""
    language = language if language in LANGUAGES else DEFAULT_LANGUAGE
    return Words(language, translations(domain, language))


def language_of(locale: object) -> str:
    """Our language for a Discord locale (``discord.Locale.polish`` is "pl"), English otherwise."""
    code = str(getattr(locale, "value", locale) or "").lower()
    return next((lang for lang in LANGUAGES if code == lang or code.startswith(lang + "-")),
                DEFAULT_LANGUAGE)


#: A message as catalogues key it: (context or None, the message or its (singular, plural)).
MessageKey = tuple[str | None, str | tuple[str, ...]]


def source_messages(domain: str) -> dict[MessageKey, list[tuple[str, int]]]:
    """Every message the domain's source marks, with where it is (file, line)."""
    found: dict[MessageKey, list[tuple[str, int]]] = {}
    for path in _source_files(domain):
        place = str(path.relative_to(ROOT))
        keywords = {**KEYWORDS, **HOST_KEYWORDS} if domain == HOST and not _title_cog(path) else KEYWORDS
        for line, message, _comments, context in extract_from_file(
                "python", str(path), keywords=keywords, comment_tags=("Translators:",)):
            found.setdefault((context, message), []).append((place, line))
        for keyword, context in CONTEXT_KEYWORDS.items():
            for line, message, _comments, _context in extract_from_file(
                    "python", str(path), keywords={keyword: None}):
                found.setdefault((context, message), []).append((place, line))
    return found


def _source_files(domain: str) -> Iterable[Path]:
    """The domain's files; a file that several domains' patterns match belongs to the one
    naming it most closely (``cogs/titles/billboard.py`` is Billboard's, not the host's
    ``cogs/*/*.py``)."""
    for pattern in DOMAINS[domain]:
        for path in sorted(ROOT.glob(pattern)):
            if _owner(path) == domain:
                yield path


def _title_cog(path: Path) -> bool:
    """A title's own cog (``cogs/titles/<package>.py``): its refusals are its game's words,
    marked only if it marks them itself (``words.t``), not by the host's refusal classes."""
    return path.parent == ROOT / "cogs" / "titles"


def _owner(path: Path) -> str:
    claims = [(len(pattern), domain) for domain, patterns in DOMAINS.items()
              for pattern in patterns if path.match(str(ROOT / pattern))]
    return max(claims)[1]


def update_catalogues(*domains: str) -> list[str]:
    """Bring the domains' catalogues (all when none is named) up to their source: new
    messages added untranslated, gone ones dropped, translations kept. Returns a line per
    catalogue saying what changed."""
    report = []
    for domain in domains or tuple(DOMAINS):
        template = Catalog(domain=domain)
        for (context, message), places in source_messages(domain).items():
            template.add(message, locations=places, context=context)
        for language in LANGUAGES[1:]:
            path = catalogue_path(domain, language)
            if path.exists():
                with open(path, "rb") as handle:
                    catalog = read_po(handle, locale=language, domain=domain)
            else:
                catalog = Catalog(locale=language, domain=domain, project="Marquee",
                                  version="", copyright_holder="the Marquee authors",
                                  msgid_bugs_address="", last_translator="the Marquee authors",
                                  language_team="")
            before = {(m.context, _key(m.id)) for m in catalog if m.id}
            catalog.update(template, no_fuzzy_matching=True)
            catalog.fuzzy = False  # the header: it carries Polish's three plural forms
            after = {(m.context, _key(m.id)) for m in catalog if m.id}
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "wb") as handle:
                write_po(handle, catalog, width=100, omit_header=False, ignore_obsolete=True)
            untranslated = sum(1 for m in catalog if m.id and not _translated(m.string))
            report.append(f"{path.relative_to(ROOT)}: {len(after)} messages "
                          f"(+{len(after - before)} −{len(before - after)}), "
                          f"{untranslated} to translate")
    translations.cache_clear()
    words.cache_clear()
    return report


def untranslated(domain: str, language: str) -> list[str]:
    """Messages in the source that the catalogue lacks or leaves untranslated (or fuzzy)."""
    path = catalogue_path(domain, language)
    done: set[tuple[str | None, str | tuple[str, ...]]] = set()
    if path.exists():
        with open(path, "rb") as handle:
            catalog = read_po(handle, locale=language, domain=domain)
        done = {(m.context, _key(m.id)) for m in catalog if m.id and _translated(m.string) and not m.fuzzy}
    return sorted(str(message) if context is None else f"{context}|{message}"
                  for context, message in source_messages(domain)
                  if (context, _key(message)) not in done)


def lookup(language: str, message: str, context: str | None = None) -> str | None:
    """``message``'s translation in any domain's catalogue (the host's first), or None: for
    text that is not marked in one place, such as the slash commands of every cog."""
    if language == DEFAULT_LANGUAGE:
        return None
    for domain in (HOST, *(d for d in DOMAINS if d != HOST)):
        catalogue = translations(domain, language)
        found = catalogue.pgettext(context, message) if context else catalogue.gettext(message)
        if found != message:
            return found
    return None


def _key(message: str | tuple[str, ...] | list[str]) -> str | tuple[str, ...]:
    return message if isinstance(message, str) else tuple(message)


def _translated(string: str | tuple[str, ...] | list[str] | None) -> bool:
    return all(string) if isinstance(string, (tuple, list)) else bool(string)
