"""What Discord can show: labels up to 80 characters, actions up to 64 (filled up to 512),
at most about a hundred choices a seat, the rules help under 4000 characters — in both
languages, over whole games."""
from __future__ import annotations

import pytest

from bot.engine import MAX_ACTION_LENGTH, MAX_FILLED_ACTION_LENGTH

from .helpers import BOT, GAME, bot_game

MOST_CHOICES = 100


@pytest.mark.parametrize("language", ["en", "pl"])
def test_rules_help_fits_a_message(language):
    text = GAME.rules_summary(language)
    assert 1000 < len(text) < 4000


@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_choice_fits_discord_over_whole_games(language):
    longest = {"label": 0, "choices": 0}

    def check(state):
        for seat in GAME.pending(state):
            choices = GAME.legal(state, seat)
            longest["choices"] = max(longest["choices"], len(choices))
            assert len(choices) <= MOST_CHOICES
            for choice in choices:
                assert 0 < len(choice.label) <= 80, choice.label
                assert len(choice.action) <= MAX_ACTION_LENGTH, choice.action
                if choice.subset is not None:
                    assert all(len(label) <= 100 for _value, label in choice.subset.options)
                    everything = choice.fill(v for v, _ in choice.subset.options)
                    assert len(everything) <= MAX_FILLED_ACTION_LENGTH
    for seed, players in ((1, 6), (2, 2), (3, 4)):
        bot_game(players, seed, {"language": language}, check=check)
    assert longest["choices"] > 10


def test_the_bot_always_has_a_move():
    state, _log = bot_game(3, 5)
    assert GAME.result(state) is not None and BOT is not None
