"""Games saved by earlier releases play on under today's rules: a community's database keeps
its running games across an update. Each release's saves (``saves/<version>.json``, made by
``saves/make.py`` from that release) are brought to today's shape by the title's ``upgrade``
(``bot.engine.upgraded``, which the host applies to every state it reads) and played to the
end by the normal bots, every view drawn on the way."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bot.engine import deadlines, new_game, play, rng_for, upgraded
from bot.games import registry

SAVES = sorted((Path(__file__).parent / "saves").glob("*.json"))
RELEASE_0_1_0 = Path(__file__).parent / "saves" / "0.1.0.json"


def saved() -> list:
    cases = []
    for path in SAVES:
        for game_id, items in json.loads(path.read_text())["games"].items():
            cases += [pytest.param(game_id, item, id=f"{path.stem}-{game_id}-{item['players']}p-{item['moves']}")
                      for item in items]
    return cases


@pytest.mark.parametrize(("game_id", "save"), saved())
def test_a_saved_game_plays_on_to_its_end(game_id, save):
    game = registry.game(game_id)
    bot = registry.bots(game_id, game)[0]
    state = upgraded(game, copy.deepcopy(save["state"]))
    assert upgraded(game, copy.deepcopy(state)) == state  # once in shape, left as it is
    moves = 0
    while game.result(state) is None:
        assert moves < 5_000, "the saved game did not finish"
        for seat in (None, *range(save["players"])):
            game.view(state, seat)
        pending = sorted(game.pending(state))
        if pending:
            seat = pending[0]
            action = bot.choose(state, seat, rng_for(save["seed"], state["_move"], f"bot{seat}"))
        else:
            seat, action = -1, deadlines(game, state)[0].action
        state, _ = play(game, state, seat, action)
        moves += 1


@pytest.mark.parametrize("game_id", [g for g in registry.available() if g in registry.PACKAGES])
def test_a_state_in_todays_shape_is_left_as_it_is(game_id):
    game = registry.game(game_id)
    state = new_game(game, game.min_players + 1, None, 7)
    assert upgraded(game, copy.deepcopy(state)) == state


def test_a_rent_claim_open_in_a_0_1_0_save_can_still_be_claimed():
    """0.1.0 held one claim (``claim``); today's claims are numbered, in a list."""
    game = registry.game("san-francisco-scene")
    [save, *_] = [item for item in json.loads(RELEASE_0_1_0.read_text())["games"]["san-francisco-scene"]
                  if item["state"].get("claim")]
    old = save["state"]["claim"]
    state = upgraded(game, copy.deepcopy(save["state"]))
    assert "claim" not in state and [claim["space"] for claim in state["claims"]] == [old["space"]]
    assert "claim:1" in {choice.action for choice in game.legal(state, old["owner"])}
    cash = state["seats"][old["owner"]]["cash"]
    state, _ = play(game, state, old["owner"], "claim:1")
    assert state["seats"][old["owner"]]["cash"] == cash + old["amount"]
