"""Seeded bot games of 2–6 players to the end, with money and billboards conserved after
every move, every contract accounted for, the public view never showing a face-down or
peeked card, and replays of the action log equal to the final state."""
from __future__ import annotations

import json
import re

import pytest

from bot.engine import replay

from .helpers import GAME, C, bot_game, face_down, invariant, money_total, new, round_trips

GAMES = 200
#: A contract id as JSON writes it (every id has this shape: see the last test).
CONTRACT_ID = re.compile(r'"([a-d][0-9]{2})"')
CHUNKS = 5


def unseen(state: dict) -> None:
    """No face-down contract (peeked or not) anywhere in the public view."""
    shown = set(CONTRACT_ID.findall(json.dumps(GAME.view(state, None))))
    assert not shown & face_down(state), "a face-down contract shows in public"


def watched(state: dict, total: int) -> None:
    """Everything, after every move: conservation, JSON round trip, the public view."""
    invariant(state, total)
    assert round_trips(state), "state does not round-trip through JSON"
    unseen(state)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_bot_games_finish_with_money_and_billboards_conserved(chunk):
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        players = 2 + seed % 5
        total = money_total(new(players, seed))
        # Conservation is checked after every move of every game; one game in four (all
        # player counts among them) also round-trips and reads the public view every move.
        check = watched if seed % 4 == 0 else invariant
        final, log = bot_game(players, seed, check=lambda state, t=total, c=check: c(state, t))
        watched(final, total)
        result = GAME.result(final)
        assert result is not None and final["round"] == 8 and final["phase"] == "over"
        assert result.winners and set(result.winners) <= set(range(players))
        best = max(final["score"])
        assert all(final["score"][w] == best for w in result.winners)
        if seed % per_chunk == 0:  # one game a chunk is replayed from its log
            assert replay(GAME, players, {}, seed, log) == final


def test_bot_games_use_every_kind_of_move():
    seen: set[str] = set()
    for seed in range(12):
        _final, log = bot_game(2 + seed % 5, seed)
        for _seat, action in log:
            parts = action.split(":")
            seen.add(parts[0] + (":" + str(len(parts)) if parts[0] in ("sell", "buy") else ""))
    assert {"draft", "pass", "ad", "offer", "company", "partner", "assign", "end",
            "sell:3", "sell:4", "sell:5", "buy:3", "buy:4", "buy:5"} <= seen, seen


def test_the_leak_check_would_see_any_contract_id():
    assert all(CONTRACT_ID.fullmatch(f'"{card}"') for card in C.contracts)
