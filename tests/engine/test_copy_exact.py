"""The engine copies a state with ``copy_state`` (marshal) instead of ``copy.deepcopy``: the
same state after every move, over bot games of every title, and the same copy in kind."""
from __future__ import annotations

import copy
import json

import pytest

from bot.engine import new_game, play, rng_for, runner
from bot.engine.runner import copy_state
from bot.games import registry

TITLES = [g for g in registry.available() if g in registry.PACKAGES]


def typed(value):
    """``value`` with every container's and scalar's type spelled out: 1 and 1.0 and True differ."""
    if isinstance(value, dict):
        return ("dict", [(typed(k), typed(v)) for k, v in value.items()])
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return (type(value).__name__, [typed(v) for v in items])
    return (type(value).__name__, value)


@pytest.mark.parametrize("game_id", TITLES)
def test_every_move_leaves_the_state_deepcopy_would(game_id, monkeypatch):
    kit = registry.kit(game_id)
    players = min(max(kit.game.min_players, 4), kit.game.max_players)
    moves = 0
    for seed in range(3):
        state = new_game(kit.game, players, None, seed)
        while kit.game.result(state) is None and moves < 1500:
            seat = min(kit.game.pending(state))
            action = kit.bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
            before = json.dumps(state, sort_keys=True)
            fast, fast_events = play(kit.game, state, seat, action)
            monkeypatch.setattr(runner, "copy_state", copy.deepcopy)
            deep, deep_events = play(kit.game, state, seat, action)
            monkeypatch.undo()
            assert typed(fast) == typed(deep), (game_id, seed, state["_move"], action)
            assert fast_events == deep_events
            assert json.dumps(state, sort_keys=True) == before, "the state played from is untouched"
            state = fast
            moves += 1
    assert moves > 50


def test_a_copy_keeps_types_and_shared_parts_and_shares_nothing_with_the_original():
    shared = [1, 2]
    state = {"a": shared, "b": shared, "t": (1, "x"), "s": {3, 4}, "f": 1.0, "n": None, "k": {5: True}}
    copied = copy_state(state)
    assert typed(copied) == typed(state) == typed(copy.deepcopy(state))
    assert copied["a"] is copied["b"] and copied["a"] is not shared, "aliasing kept, as deepcopy keeps it"
    copied["a"].append(3)
    assert shared == [1, 2]


def test_a_state_holding_an_object_of_the_games_own_is_copied_by_deepcopy():
    class Token:
        def __init__(self, value):
            self.value = value

    state = {"token": Token([1])}
    copied = copy_state(state)
    assert isinstance(copied["token"], Token) and copied["token"] is not state["token"]
    assert copied["token"].value == [1] and copied["token"].value is not state["token"].value
