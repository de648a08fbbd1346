"""Every choice explained (issue 39, part 2): each kind of choice a title offers, in seeded bot
games at its fewest and most players, has the coach's explanation in ``data/<game>/coach.toml``
in every language the title speaks. A new kind of choice without one fails here."""
from __future__ import annotations

import pytest

from bot.engine.language import DEFAULT_LANGUAGE
from bot.games import registry
from bot.table.coach import explained, explanation, explanations, guide_line, kind_of, tour
from tests.engine_checks import bot_game_decisions

SEEDS = (1, 2, 3)
#: The titles Marquee hosts (not the small games other tests register).
HOSTED = [title.id for title in registry.TITLES]


def offered_kinds(game_type: str) -> dict[str, str]:
    """Every kind of choice the title offers any seat in its seeded bot games, with an action."""
    kit = registry.kit(game_type)
    game = kit.game
    found: dict[str, str] = {}
    for players in sorted({game.min_players, min(game.max_players, 4), game.max_players}):
        for seed in SEEDS:
            for state, seat in bot_game_decisions(game, kit.bot, players, seed):
                for choice in game.legal(state, seat):
                    found.setdefault(kind_of(choice.action), choice.action)
    return found


@pytest.mark.parametrize("game_type", HOSTED)
def test_every_kind_of_choice_a_title_offers_is_explained_in_its_languages(game_type):
    languages = getattr(registry.game(game_type), "languages", ()) or (DEFAULT_LANGUAGE,)
    kinds = offered_kinds(game_type)
    missing = [f"{kind} ({action}) in {language}" for kind, action in sorted(kinds.items())
               for language in languages if not explanations(game_type).get(kind, {}).get(language)]
    assert not missing, f"{game_type}: no explanation in data/{game_type}/coach.toml for {missing}"
    unused = sorted(set(explanations(game_type)) - set(kinds))
    assert not unused, f"{game_type}: coach.toml explains kinds its bot games never offer: {unused}"


@pytest.mark.parametrize("game_type", HOSTED)
def test_explanations_are_plain_sentences_that_fill_in_nothing(game_type):
    """An explanation is the rule sheet's, the same for every seat: it has no field a secret
    could fill (the moment's numbers come from the choice's public label beside it)."""
    for kind, texts in explanations(game_type).items():
        for language, text in texts.items():
            assert "{" not in text and "}" not in text, (kind, language)
            assert 20 <= len(text) <= 300 and text.endswith("."), (kind, language, text)


def test_a_decision_is_explained_once_a_kind_with_this_moments_label():
    choices = [{"action": "build:shelburne", "label": "Build on The Shelburne ($4M) — $4M left"},
               {"action": "build:taffy-stand", "label": "Build on Salt Water Taffy Stand ($1M) — $4M left"},
               {"action": "done", "label": "Done building"}]
    lines = explained("advance-to-boardwalk", choices, "en")
    assert lines[0] == "🎓 **The coach:** what each choice does"
    assert lines[1].startswith("- **Build on The Shelburne ($4M) — $4M left** (and 1 more like it): Places one")
    assert lines[2] == "- **Done building**: " + explanation("advance-to-boardwalk", "done", "en")
    polish = explained("billboard", [{"action": "end", "label": "Pasuję"}], "pl")
    assert polish == ["🎓 **Trener:** co daje każdy wybór", "- **Pasuję**: Pasujesz: kończysz turę bez kolejnej akcji."]
    assert explained("billboard", [], "pl") == []


@pytest.mark.parametrize("game_type", HOSTED)
def test_every_title_has_a_tour_in_its_languages(game_type):
    game = registry.game(game_type)
    for language in getattr(game, "languages", ()) or (DEFAULT_LANGUAGE,):
        shown = tour(game_type, game.name, language)
        assert shown is not None and shown.count("\n- **") >= 3, (game_type, language)
        assert "{" not in shown


def test_after_each_of_the_first_decisions_the_coach_says_what_happened_and_why():
    learners = {0: "Ada"}
    news = ("**Bot Bix** ends the turn.\n**Ada** builds on The Shelburne ($4M). **Ada** now owns it.\n"
            "**Bot Bix** rolls 3 + 4.")
    first = guide_line("advance-to-boardwalk", [(0, "build:shelburne")], learners, news, "en")
    assert first == ("🎓 **Your move 1 of your first 3:** **Ada** builds on The Shelburne ($4M). **Ada** now "
                     "owns it. Why: " + explanation("advance-to-boardwalk", "build", "en"))
    log = [(0, "build:shelburne"), (1, "end"), (0, "done"), (0, "end"), (0, "undo"), (0, "end")]
    third = guide_line("advance-to-boardwalk", log, learners, "**Ada** ends the turn.", "en")
    assert third is not None and third.startswith("🎓 **Your move 3 of your first 3:** **Ada** ends the turn.")
    assert guide_line("advance-to-boardwalk", [*log, (0, "zone:red")], learners, "**Ada** picks Red.", "en") is None
    assert guide_line("advance-to-boardwalk", [(1, "end")], learners, news, "en") is None, "no move of hers yet"
    assert guide_line("advance-to-boardwalk", [(0, "done")], learners, "**Bot Bix** rolls.", "en") is None
