"""200 seeded bot games of 2–6 players and 4, 6 and 8 rounds, with invariants after every
move (money conserved through the bank, every card accounted for, the board's limits kept),
plus replays of the action log."""
from __future__ import annotations

import pytest

from tests.engine_checks import assert_replays, play_bot_game

from .helpers import BOT, GAME, C

GAMES = 200
CHUNKS = 10
MAX_CHIPS = {s.id: s.max_chips for s in C.sections.values() if s.max_chips}
TIP_CARDS = len(C.tip_deck)


def setting(seed: int) -> tuple[int, int]:
    """Players 2–6 and rounds 4/6/8, every pairing covered."""
    return 2 + seed % 5, (4, 6, 8)[(seed // 5) % 3]


def invariant(state: dict) -> None:
    assert state["bank"] + sum(state["cash"]) == C.rules.bank, "money created or lost"
    assert min(state["cash"]) >= 0
    cards = len(state["tips"]["deck"]) + len(state["tips"]["discard"]) + sum(map(len, state["hands"]))
    assert cards == TIP_CARDS, "an Insider Tip appeared or vanished"
    for chips in state["chips"]:
        for key, most in MAX_CHIPS.items():
            assert chips.get(key, 0) <= most
        assert all(count > 0 for count in chips.values())
    for top in ("preview", "agency", "distribution"):
        assert sum(spots.count(top) for spots in state["spots"]) <= 1
    picked = [f for films in state["screened"] for f in films]
    assert len(picked) == len(set(picked)) == len(state["owner"]) and set(picked) <= set(state["array"])
    for seat, films in enumerate(state["screened"]):
        minutes = sum(C.films[f].minutes for f in films)
        assert minutes <= 180 + 15 * state["chips"][seat].get("runtime", 0) + 30
        for f in films:
            fmt = C.films[f].format
            assert not fmt or state["chips"][seat].get(fmt), "a special-format film without equipment"
    if state["phase"] == "screen":
        for seat, screen in enumerate(state["screens"]):
            assert sum(screen["bids"].values()) * 1000 <= state["cash"][seat]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_bot_games_finish_with_money_conserved(chunk):
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        players, rounds = setting(seed)
        final, log = play_bot_game(GAME, BOT, players, seed, {"rounds": rounds}, invariant=invariant)
        result = GAME.result(final)
        assert result is not None and final["round"] == rounds
        assert set(result.winners) <= set(range(players)) and result.winners
        if seed % (2 * per_chunk) == 0:  # five of the games are replayed from their logs
            assert_replays(GAME, players, seed, log, final, {"rounds": rounds})


def test_bot_games_use_the_whole_board():
    """Across a few games the bots reach every kind of section, the second deck and loans."""
    seen_spots, removals, blockbuster_choices = set(), set(), 0
    for seed in range(10):
        players, rounds = setting(seed)
        final, log = play_bot_game(GAME, BOT, players, seed, {"rounds": rounds})
        for _seat, action in log:
            if action.startswith("place:"):
                seen_spots.add(action.split(":")[1])
            if action.startswith("remove:"):
                removals.add(action)
            blockbuster_choices += action.startswith("cubes:")
        assert final["deck_number"] == 2
    assert seen_spots >= {"preview", "agency", "distribution", "manager", "runtime", "parking",
                          "concessions", "ac", "star", "parties", "scope", "reroll", "3d", "lens", "loan"}
    assert blockbuster_choices > 0 and removals >= {"remove:loan", "remove:parties"}
