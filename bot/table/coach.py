"""The coach at tables where members learn a game (issue 39), pure: what marks such a table,
and what each kind of choice does, in the coach's own sentences (the ``coach`` gettext domain,
``data/locale/<language>/LC_MESSAGES/coach.po``) and each title's ``data/<game>/coach.toml``.
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from bot import i18n
from bot.community.practice import COACH, PRACTICE
from bot.engine.language import DEFAULT_LANGUAGE, Words
from bot.engine.runner import effective
from bot.games.content import DATA_DIR
from bot.text import markdown_name

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


# -- every choice explained (part 2) ----------------------------------------------------

#: The most the coach's lines take of a post: a card's standing holds at most 2,000
#: characters (``cogs/cards.py``), and the status and ▶ lines come first.
EXPLAINED_MOST = 1200


@cache
def _coach_file(game_type: str) -> dict[str, Any]:
    """A title's ``data/<game>/coach.toml`` (nothing for a title without one)."""
    path = DATA_DIR / game_type / "coach.toml"
    if not path.exists():
        return {}
    with open(path, "rb") as handle:
        return tomllib.load(handle)


def explanations(game_type: str) -> dict[str, dict[str, str]]:
    """For each kind of choice a title offers (its action's verb), what it does by the sheet,
    by language."""
    return {kind: dict(texts) for kind, texts in _coach_file(game_type).get("choice", {}).items()}


def kind_of(action: str) -> str:
    """A choice's kind: its action's verb (``build:shelburne`` → ``build``; ``bid:{}`` → ``bid``)."""
    return action.split(":", 1)[0]


def explanation(game_type: str, kind: str, language: str) -> str | None:
    """What a kind of choice does, in ``language`` (English where the title says it only so)."""
    texts = explanations(game_type).get(kind, {})
    return texts.get(language) or texts.get(DEFAULT_LANGUAGE)


def explained(game_type: str, choices: Sequence[Mapping[str, Any]], language: str) -> list[str]:
    """The coach's lines for a decision: one a kind of choice offered, in the order they come,
    each with the first such choice's label, which carries this moment's numbers
    ("**Build on The Shelburne ($4M) — $4M left**: places one hotel unit …"). ``choices``
    are the seat's choices as a post carries them (``action``, ``label``), so the lines name
    only what that post shows."""
    said = coach_words(language)
    by_kind: dict[str, list[str]] = {}
    for choice in choices:
        by_kind.setdefault(kind_of(choice["action"]), []).append(choice["label"])
    lines = [said.t("🎓 **The coach:** what each choice does")]
    for kind, labels in by_kind.items():
        text = explanation(game_type, kind, language)
        if text is None:
            continue
        more = said.tn(" (and {count} more like it)", " (and {count} more like it)", len(labels) - 1) \
            if len(labels) > 1 else ""
        line = f"- **{markdown_name(labels[0])}**{more}: {text}"
        if sum(len(kept) + 1 for kept in lines) + len(line) > EXPLAINED_MOST:
            break
        lines.append(line)
    return lines if len(lines) > 1 else []


# -- a first game with a guide (part 4) ---------------------------------------------------

#: How many of a learner's first decisions the coach says something after.
GUIDED_DECISIONS = 3


def tour(game_type: str, game_name: str, language: str) -> str | None:
    """The short tour a practice table opens with: the board's areas and what to watch
    (``[tour]`` in the title's ``coach.toml``)."""
    texts = _coach_file(game_type).get("tour", {})
    text = texts.get(language) or texts.get(DEFAULT_LANGUAGE)
    if not text:
        return None
    heading = coach_words(language).t("🎓 **A short tour of {game}** before your first move:", game=game_name)
    return f"{heading}\n{text.strip()}"


def guide_line(game_type: str, log: Sequence[tuple[int, str]], learners: Mapping[int, str], news: str,
               language: str) -> str | None:
    """After each of a learner's first ``GUIDED_DECISIONS`` decisions, what happened and why,
    from the log: their latest move's own line in the news (``news``: what the post tells)
    and what that kind of move does. ``learners``: the member seats and their names. None
    once they have made more, or when the post shows no move of theirs."""
    mine = [(seat, action) for seat, action in effective(log) if seat in learners]
    if not mine or len(mine) > GUIDED_DECISIONS:
        return None
    seat, action = mine[-1]
    why = explanation(game_type, kind_of(action), language)
    named = f"**{markdown_name(learners[seat])}**"
    happened = next((line for line in reversed(news.splitlines()) if named in line), None)
    if why is None or happened is None:
        return None
    said = coach_words(language)
    return said.t("🎓 **Your move {count} of your first {most}:** {happened} Why: {why}",
                  count=len(mine), most=GUIDED_DECISIONS, happened=happened.strip(), why=why)
