"""Which games Marquee hosts, and how to build each from its content.

Each title (``TITLES``) is found by its one id in every layer. Its rules package under
bot/games/ exposes:
    GAME_ID, CONTENT       the id and the TOML files it needs from data/<id>/
    DOMAIN (optional)      its translation domain: content then also holds "words",
                           {language: bot.engine.language.Words} for every language we speak
    make_game(content)     -> an object following bot.engine.Game
    make_bot(game)         -> its normal bot, following bot.engine.BotPolicy
and a module ``knowledge`` with ``determinize(game, state, seat, rng)`` (the hidden things
dealt again from what the seat has not seen) and ``utility(game, state, seat)`` (how well a
seat stands, in [0, 1]): the host's bots decide from the first, the strong level's search
judges with the second (bot/engine/fair.py, bot/engine/search.py).
and its renderer rendering/<package>.py exposes render(view, image="board") -> PNG bytes.
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache, partial
from pathlib import Path
from typing import Any

from bot import i18n
from bot.engine import Game, SeatBot
from bot.engine.fair import FairBot
from bot.engine.language import LANGUAGES
from bot.engine.search import DEFAULT_BUDGET, Budget, SearchPolicy
from bot.games.content import DATA_DIR, load_content


@dataclass(frozen=True)
class Title:
    """A hosted title and what it provides, each found by the title's one id.

    The id (``san-francisco-scene``) is what a game's row stores and names its folder of
    content; the Python modules are spelled the same with underscores, by rule, not by a
    table. ``tests/architecture/test_titles.py`` checks each title has all of these."""

    id: str

    @property
    def package(self) -> str:
        return self.id.replace("-", "_")

    @property
    def rules(self) -> str:
        """The pure rules: GAME_ID, CONTENT, make_game, make_bot (and DOMAIN if it speaks several)."""
        return f"bot.games.{self.package}"

    @property
    def knowledge(self) -> str:
        """``determinize`` and ``utility``: what a bot seat knows, how well a seat stands."""
        return f"{self.rules}.knowledge"

    @property
    def renderer(self) -> str:
        """``render(view, image="board") -> PNG bytes``."""
        return f"rendering.{self.package}"

    @property
    def cog(self) -> str:
        """Its own slash-command group (look-ups, its own components)."""
        return f"cogs.titles.{self.package}"

    @property
    def content(self) -> Path:
        """Its TOML content and the NOTES.md saying what is from the sheet and what is ours."""
        return DATA_DIR / self.id


#: Every title Marquee hosts, in menu order: adding a game is adding its files and a line here.
TITLES: tuple[Title, ...] = (
    Title("advance-to-boardwalk"),
    Title("hollywood-boulevard"),
    Title("hollywood-1947"),
    Title("san-francisco-scene"),
    Title("billboard"),
)
#: game id -> Python package name (under bot.games, rendering and cogs.titles)
PACKAGES: dict[str, str] = {title.id: title.package for title in TITLES}


@dataclass(frozen=True)
class GameKit:
    """A game with everything the host needs around it."""

    game: Game
    #: The normal level: the title's policy, deciding from what the seat knows.
    bot: SeatBot
    render: Callable[..., bytes]
    #: The strong level (search), at the default budget; None for games without one.
    strong: SeatBot | None = None

    def level(self, name: str) -> SeatBot:
        """The bot for a level ("normal", "strong"); normal where there is no strong one."""
        return self.strong if name == STRONG and self.strong is not None else self.bot


#: Bot levels, as seats record them.
NORMAL, STRONG = "normal", "strong"
LEVELS = (NORMAL, STRONG)

_EXTRA: dict[str, GameKit] = {}


def register(game_id: str, game_kit: GameKit) -> None:
    """Host a game that is not in PACKAGES (tests use this for small toy games)."""
    _EXTRA[game_id] = game_kit


def available() -> list[str]:
    """Game ids whose rules and renderer are both present, in menu order."""
    found = list(_EXTRA)
    for game_id, package in PACKAGES.items():
        if all(importlib.util.find_spec(f"{layer}.{package}") for layer in ("bot.games", "rendering")):
            found.append(game_id)
    return found


def kit(game_id: str) -> GameKit:
    if game_id in _EXTRA:
        return _EXTRA[game_id]
    return _packaged_kit(game_id)


@cache
def _packaged_kit(game_id: str) -> GameKit:
    package = PACKAGES.get(game_id)
    if package is None:
        raise KeyError(f"Unknown game “{game_id}”.")
    rules: Any = importlib.import_module(f"bot.games.{package}")
    renderer: Any = importlib.import_module(f"rendering.{package}")
    game = rules.make_game(game_content(game_id))
    return GameKit(game=game, bot=bots(game_id, game)[0], render=renderer.render,
                   strong=bots(game_id, game, DEFAULT_BUDGET)[1])


def bots(game_id: str, game: Game | None = None, budget: Budget = DEFAULT_BUDGET) -> tuple[FairBot, FairBot]:
    """The title's normal and strong bots, the strong one thinking within ``budget``."""
    package = PACKAGES[game_id]
    rules: Any = importlib.import_module(f"bot.games.{package}")
    knowledge: Any = importlib.import_module(f"bot.games.{package}.knowledge")
    game = game or kit(game_id).game
    policy = rules.make_bot(game)
    determinize = partial(knowledge.determinize, game)
    if budget.depth is None:  # the title's own reach, where it has one
        budget = replace(budget, depth=getattr(knowledge, "DEPTH", None))
    if budget.confidence is None:  # and its own caution
        budget = replace(budget, confidence=getattr(knowledge, "CONFIDENCE", None))
    prior = knowledge.prior(game) if hasattr(knowledge, "prior") else None
    search = SearchPolicy(game, policy, determinize, partial(knowledge.utility, game), budget,
                          prior)
    return FairBot(game, policy, determinize), FairBot(game, search, determinize)


def game_content(game_id: str) -> dict[str, Any]:
    """What ``make_game`` is built from: the TOML files, and the catalogues if it has any.
    Loaded here, outside the rules, so the rules never touch a file."""
    rules: Any = importlib.import_module(f"bot.games.{PACKAGES[game_id]}")
    content: dict[str, Any] = load_content(game_id, tuple(rules.CONTENT))
    domain = getattr(rules, "DOMAIN", None)
    if domain:
        content["words"] = {language: i18n.words(domain, language) for language in LANGUAGES}
    return content


def game(game_id: str) -> Game:
    return kit(game_id).game
