"""Seeded bot games over 1–9 players: they finish, cards and tokens are conserved, replays agree,
and every decision fits Discord's controls."""
import re
from collections import Counter

import pytest

from tests.engine_checks import assert_replays, play_bot_game

from .helpers import BOT, CX, GAME, card_total

SEEDS_PER_COUNT = 56  # 9 × 56 = 504 bot games (the issue asks ≥ 500; more in test_fuzz.py)
VARIANTS = ({}, {"studio_order": True}, {"union_strike": True}, {"justice_served": True},
            {"random_loyalties": True}, {"handpick_jobs": True},
            {"studio_order": True, "union_strike": True, "justice_served": True})
CARD_NAMES = {card.name for card in CX.cards.values()}
POSTER_NAMES = {poster.name for poster in CX.posters.values()}
NAME = "Sixteen-Char-Nm"  # a long-ish player name, to measure labels as shown


def options_for(seed):
    return VARIANTS[seed % len(VARIANTS)]


def conserved(state):
    assert card_total(state) == 60, "a propaganda card appeared or vanished"
    tokens = (state["tokens_center"] + sum(state["tokens"])
              + sum(g["tokens"] for g in state["ghosts"]))
    assert tokens == 4, "director tokens are not conserved"
    per_seat = Counter(h for h in state["jobs"].values() if h is not None)
    expected = 2 if state["players"] <= 3 else 1
    if state["phase"] != "handpick":
        assert all(per_seat[s] == expected for s in range(state["players"]))
    assert len(state["films"]) <= 7
    assert all(len(hand) <= 5 for hand in state["hands"])


def discord_friendly(state):
    assert GAME.status(state)
    for seat in GAME.pending(state):
        choices = GAME.legal(state, seat)
        assert choices, "a pending seat has nothing to do"
        assert GAME.prompt(state, seat).endswith(".")
        groups = Counter(choice.group for choice in choices)
        assert len(groups) <= 5, f"{len(groups)} control rows: {groups}"
        assert max(groups.values()) <= 25, f"a select with more than 25 options: {groups}"
        for choice in choices:
            assert len(choice.action) <= 64
            shown = re.sub(r"\{p\d\}", NAME, choice.label)
            assert len(shown) <= 80, shown
            secret = any(name in choice.label for name in CARD_NAMES | POSTER_NAMES) \
                and not choice.action.startswith(("drop:", "keep:", "job:"))
            if secret:
                assert choice.private, f"{choice.label!r} shows a secret but is not private"


@pytest.mark.parametrize("players", range(1, 10))
def test_bot_games_finish_with_cards_conserved(players):
    finished = Counter()
    for seed in range(SEEDS_PER_COUNT):
        state, _log = play_bot_game(GAME, BOT, players, seed, options_for(seed),
                                   invariant=conserved)
        result = GAME.result(state)
        assert result is not None and result.summary
        finished[state["outcome"]["team"]] += 1
    assert sum(finished.values()) == SEEDS_PER_COUNT


@pytest.mark.parametrize("players", range(1, 10))
def test_every_decision_fits_discord_controls(players):
    for seed in (101, 102):
        play_bot_game(GAME, BOT, players, seed, options_for(seed), invariant=discord_friendly)


@pytest.mark.parametrize("players", [1, 2, 3, 5, 9])
def test_replay_of_the_log_equals_the_final_state(players):
    for seed in (7, 12):
        options = options_for(seed)
        state, log = play_bot_game(GAME, BOT, players, seed, options)
        assert_replays(GAME, players, seed, log, state, options)


def test_rules_help_fits_discord():
    text = GAME.rules_summary()
    assert 1000 < len(text) < 4000
    for word in ("Screenwriter", "Producer", "Director", "Gaffer", "Cinematographer", "Actress",
                 "Actor", "Composer", "Editor", "Rising Star", "Handpick Jobs", "Justice Served",
                 "Random Loyalties", "Studio Order", "Union Strike", "ghost"):
        assert word in text
