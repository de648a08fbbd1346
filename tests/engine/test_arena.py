"""The arena's bookkeeping: paired games on one seed, shares, the interval, the team note."""
from __future__ import annotations

import argparse

from bot.engine.search import Budget
from tools.arena import Match, paired, report

TINY = Budget(samples=1, seconds=None, depth=2, candidates=2)


def test_a_paired_game_gives_both_shares_and_the_heros_decision_times() -> None:
    share, baseline, times = paired(Match("hollywood-1947", 5, 3, "strong", "normal", TINY))
    assert share in (0.0, 1.0) and baseline in (0.0, 1.0)  # a team's win counts whole
    assert times and all(t >= 0 for t in times)


def test_the_report_says_shares_difference_interval_and_the_team_rule() -> None:
    args = argparse.Namespace(seed=1, hero="strong", rest="normal", seconds=None, samples=4, depth=None)
    outcomes = [(1.0, 0.0, [0.1]), (1.0, 1.0, [0.2]), (0.0, 0.0, [0.3]), (1.0, 0.0, [0.4])]
    text = report("hollywood-1947", 5, args, outcomes)
    assert "hero (strong) win share" in text and "75.0%" in text
    assert "normal in that seat win share  25.0%" in text
    assert "difference +50.0%" in text and "95% interval [" in text
    assert "counts as a win for each of its members" in text
