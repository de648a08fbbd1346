"""Each title provides everything the host looks for, under its one id: what
docs/writing-a-game.md tells a new game's author to add is what this checks."""
from __future__ import annotations

import importlib
import inspect

import pytest

from bot import i18n
from bot.engine.language import LANGUAGES
from bot.games.registry import TITLES, Title
from bot.settings import ROOT

IDS = [title.id for title in TITLES]


def test_one_spelling_of_each_id():
    for title in TITLES:
        assert title.id == title.id.lower() and "_" not in title.id
        assert title.package == title.id.replace("-", "_")


@pytest.mark.parametrize("title", TITLES, ids=IDS)
def test_the_rules_name_their_title_and_their_content(title: Title):
    rules = importlib.import_module(title.rules)
    assert rules.GAME_ID == title.id
    assert callable(rules.make_game) and callable(rules.make_bot)
    knowledge = importlib.import_module(title.knowledge)  # what its bots know, how they judge
    assert callable(knowledge.determinize) and callable(knowledge.utility)
    for name in rules.CONTENT:
        assert (title.content / f"{name}.toml").is_file(), f"{title.id}: data/{title.id}/{name}.toml is missing"
    assert (title.content / "NOTES.md").is_file()
    domain = getattr(rules, "DOMAIN", None)
    if domain:  # a title that speaks several languages has a catalogue for each
        for language in LANGUAGES[1:]:
            assert i18n.catalogue_path(domain, language).is_file()


@pytest.mark.parametrize("title", TITLES, ids=IDS)
def test_a_renderer_a_cog_and_reference_images(title: Title):
    renderer = importlib.import_module(title.renderer)
    assert "view" in inspect.signature(renderer.render).parameters
    cog = importlib.import_module(title.cog)
    assert callable(cog.setup)
    references = ROOT / "tests" / "rendering" / "references" / title.id  # the boards it must keep drawing
    assert sorted(references.glob("*.png")), f"no reference images for {title.id}"


def test_nothing_beside_the_titles():
    """A module or folder under a title's layer that no title names is a title half added."""
    from bot.games.content import DATA_DIR

    packages = {title.package for title in TITLES}
    ids = {title.id for title in TITLES}
    games = {p.name for p in (DATA_DIR.parent / "bot" / "games").iterdir()
             if p.is_dir() and (p / "__init__.py").exists()}
    cogs = {p.stem for p in (DATA_DIR.parent / "cogs" / "titles").glob("*.py") if p.stem != "__init__"}
    data = {p.name for p in DATA_DIR.iterdir() if p.is_dir() and p.name != "locale"}
    assert games == packages and cogs == packages and data == ids
