"""Taking a move back (issue 29): which moves of each title may be, which may not and why, and
that a log with take-backs replays to the state it stands at."""
from __future__ import annotations

import importlib

import pytest

from bot.engine import deadlines, new_game, play, replay, rng_for
from bot.engine.takeback import UNDO, NotTakenBack, check, effective, replaying
from bot.games import registry
from bot.i18n import HOST, words

#: Each title's moves a player may take back, by phase and verb (bot games find them all).
TAKE_BACK_ABLE = {
    "hollywood-boulevard": {("place", "place"), ("place", "remove"), ("pick", "pick"), ("screen", "bid"),
                            ("screen", "tip"), ("screen", "bids")},
    "hollywood-1947": {("production", "job"), ("stars", "add")},
    "san-francisco-scene": {("roll", "develop"), ("buy", "buy"), ("auction", "bid"), ("bank", "skip")},
    "advance-to-boardwalk": {("build", "build"), ("build", "done")},
    "billboard": {("turn", "buy"), ("turn", "sell")},
}
REVEALED = "That move revealed something (a roll, a card, sealed answers or a payment), so it stands."
CHANCE = "That move was left to chance (a roll, a shuffle or a draw), so it stands."


def bot_game(game_id: str, seed: int, players: int = 3):
    """(state before, seat, action, state after) for each move of a bot game."""
    kit = registry.kit(game_id)
    game, state = kit.game, new_game(kit.game, players, {}, seed)
    while game.result(state) is None:
        pending = sorted(game.pending(state))
        if pending:
            seat = pending[0]
            action = kit.bot.choose(state, seat, rng_for(seed, state["_move"], "bot"))
        else:
            seat, action = -1, deadlines(game, state)[0].action
        after, _ = play(game, state, seat, action)
        yield state, seat, action, after
        state = after


def verdict(game_id: str, before, seat: int, action: str, after) -> str | None:
    """None when the move may be taken back, else the refusal."""
    try:
        check(registry.game(game_id), before, seat, action, after)
    except NotTakenBack as refused:
        return refused.message
    return None


@pytest.mark.parametrize("game_id", sorted(TAKE_BACK_ABLE))
def test_each_title_s_quiet_moves_and_only_those_can_be_taken_back(game_id):
    module = importlib.import_module(f"bot.games.{registry.Title(game_id).package}.take_back")
    found, refusals = set(), set()
    for seed in (1, 2):
        for before, seat, action, after in bot_game(game_id, seed):
            kind = (str(before.get("phase")), action.partition(":")[0])
            refusal = verdict(game_id, before, seat, action, after)
            if refusal is None:
                found.add(kind)
                assert kind[1] in module.QUIET[kind[0]]
            else:
                refusals.add(refusal)
    assert found >= TAKE_BACK_ABLE[game_id]
    assert REVEALED in refusals
    polish = words(HOST, "pl")
    assert all(polish.t(refusal) != refusal for refusal in refusals)  # each sentence in Polish too


def test_a_roll_a_draw_and_an_opened_sealed_decision_are_refused():
    sfs = [(b, s, a, n) for b, s, a, n in bot_game("san-francisco-scene", 1) if a == "roll"]
    assert verdict("san-francisco-scene", *sfs[0]) in (REVEALED, CHANCE)
    # The last screen lowered in Hollywood Boulevard opens every sealed bid.
    hb = list(bot_game("hollywood-boulevard", 1))
    opened = next(m for m in hb if m[2] == "bids:confirm" and m[3]["phase"] != "screen")
    assert verdict("hollywood-boulevard", *opened) == REVEALED
    lowered = next(m for m in hb if m[2] == "bids:confirm" and m[3]["phase"] == "screen")
    assert verdict("hollywood-boulevard", *lowered) is None  # the others still deciding: nothing shown
    # Advance to Boardwalk: drawing a Fortune card.
    drawn = next(m for m in bot_game("advance-to-boardwalk", 1) if m[2] == "draw")
    assert verdict("advance-to-boardwalk", *drawn) == REVEALED


def test_a_game_without_the_hook_takes_nothing_back():
    from tests import toy_game

    game = toy_game.GAME
    state = new_game(game, 2, {}, 1)
    seat = min(game.pending(state))
    action = game.legal(state, seat)[0].action
    after, _ = play(game, state, seat, action)
    with pytest.raises(NotTakenBack, match="cannot be taken back"):
        check(game, state, seat, action, after)


@pytest.mark.parametrize("game_id", sorted(TAKE_BACK_ABLE))
def test_a_log_with_take_backs_replays_to_the_state_it_stands_at(game_id):
    game = registry.game(game_id)
    log, state, took_back = [], None, 0
    for before, seat, action, after in bot_game(game_id, 3):
        log.append((seat, action))
        state = after
        if took_back < 5 and verdict(game_id, before, seat, action, after) is None:
            log.append((seat, UNDO))  # taken back, then made again: the game goes on the same
            assert [entry.state for entry in replaying(game, before, [(seat, action), (seat, UNDO)])][-1] == before
            log.append((seat, action))
            took_back += 1
    assert took_back == 5
    assert replay(game, 3, {}, 3, log) == state
    assert len(effective(log)) == len(log) - 2 * took_back
