"""A game's page depends on no secret (issue 27, point 2): at every move of a bot game of
each title, the page built from the game and from its twin (the same game with the other
seats' secrets changed: tests/host/test_public_secrets.py makes them) is the same to the
byte, and so is the view its board is drawn from."""
from __future__ import annotations

import json
import random

import pytest

from bot.engine import new_game, play, rng_for
from bot.games import registry
from bot.i18n import HOST, words
from bot.store.base import Checkpoint
from bot.web import html, story
from tests.host.test_public_secrets import TITLES, Thread

PLACES = html.Places(board="t/board/{n}.png", summary="t/summary.png", log="t/log/{c}", version="t/version")


def page_and_board(thread: Thread, before: dict, seat: int, action: str, after: dict) -> tuple[str, str]:
    """The page after the move ``before`` → ``after``, rebuilt (as the server does) from a
    checkpoint kept just before it, and the board's view."""
    game, move = thread.game, after["_move"] - 1
    table = thread.table(after)
    kept = Checkpoint(moves=move, base=move - 1, state=before, tail=[(seat, action)])
    page = story.page(game, table, kept, {}, words(HOST, table.language), PLACES, 5)
    board = {**game.view(after, None), "names": table.names()}  # what history.view_at gives of ``kept``
    return page, json.dumps(board, sort_keys=True)


@pytest.mark.parametrize("game_type", sorted(TITLES))
def test_twins_that_differ_only_in_a_secret_get_the_same_page(game_type):
    scramble, games, _ = TITLES[game_type]
    players, options, seed = games[0]
    kit = registry.kit(game_type)
    game = kit.game
    thread = Thread(game_type, players, options)
    state, rng = new_game(game, players, options, seed), random.Random(seed)
    compared = moves = 0
    while game.result(state) is None:
        seat = min(game.pending(state))
        action = kit.bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
        after, _ = play(game, state, seat, action)
        twin_before = scramble(state, seat, rng)  # the mover keeps theirs; the others' change
        twin_after, _ = play(game, twin_before, seat, action)
        moves += 1
        if game.view(twin_after, None) == game.view(after, None):  # not a move that reveals one
            ours = page_and_board(thread, state, seat, action, after)
            theirs = page_and_board(thread, twin_before, seat, action, twin_after)
            assert ours == theirs, f"{game_type}, move {after['_move'] - 1}: the page differs"
            compared += 1
        state = after
    assert compared > moves * 3 // 4, f"{compared} of {moves} moves compared"
