"""The end: no units at the start of a turn, or a token on the last space; the winner."""

import pytest

from bot.engine import IllegalMove, new_game, play

from .helpers import ScriptedRng, act, fresh, game, give, put, roll


def test_game_ends_when_a_player_has_no_units_at_the_start_of_their_turn():
    state = fresh(3)
    for seat in range(3):
        give(state, seat, "insurance")
    roll(state, 0, [1, 1], "F")
    act(state, 0, "draw")
    state["supply"][1] = 0  # seat 1 has built everything (placed by hand on the board below)
    state["stacks"]["traymore"] = [1] * 16
    state["owners"]["traymore"] = 1
    state["tokens"][1] = 8
    events = act(state, 0, "end", ScriptedRng([3, 3], ["red"]))
    assert state["phase"] == "over" and state["end_reason"] == "units"
    assert game().result(state).winners == (1,)
    assert any("no hotel units left at the start of their turn" in e.text for e in events)


def test_running_out_mid_turn_does_not_end_the_game_until_that_players_next_turn():
    state = fresh(2)
    give(state, 0, "insurance")
    give(state, 1, "insurance")
    roll(state, 0, [6, 6], "red")
    state["supply"][0] = 1
    state["stacks"]["traymore"] = [0] * 19
    state["owners"]["traymore"] = 0
    state["tokens"][0] = 8
    act(state, 0, "build:taffy-stand")  # the last unit
    assert state["supply"][0] == 0 and state["phase"] == "fortune"
    act(state, 0, "end", ScriptedRng([1, 1], ["F"]))
    assert state["turn"] == 1 and state["phase"] == "fortune_roll"  # seat 1 plays on
    act(state, 1, "draw")
    act(state, 1, "end")
    assert state["phase"] == "over" and state["end_reason"] == "units"


def test_game_ends_at_once_when_a_token_reaches_the_last_space():
    last = game().board.last_space
    assert last == 40
    state = fresh(2)
    # Seat 0 owns $35M: all of green (30) and Heinz Pier (5).
    for pid in ("shelburne", "claridge", "ritz-carlton", "marlborough", "traymore", "heinz-pier"):
        put(state, pid, [0])
    assert state["tokens"][0] == 35
    give(state, 0, "insurance")
    roll(state, 0, [3, 3], "blue")
    events = act(state, 0, "build:million-dollar-pier")  # +5 -> 40
    assert state["phase"] == "over" and state["end_reason"] == "track"
    assert game().legal(state, 0) == [] and game().pending(state) == set()
    assert any("reached the last space" in e.text for e in events)
    assert "{p0} wins with $40M" in events[-1].text


def _finished(owners_by_seat):
    state = fresh(3)
    for seat, pids in owners_by_seat.items():
        for pid in pids:
            put(state, pid, [seat])
    state["phase"] = "over"
    state["end_reason"] = "units"
    return state


def test_most_value_wins():
    state = _finished({0: ["traymore"], 1: ["taffy-stand", "rolling-chairs"], 2: ["marlborough"]})
    result = game().result(state)
    assert result.winners == (0,) and result.scores == {0: 8, 1: 3, 2: 7}


def test_tie_on_value_goes_to_most_properties():
    state = _finished({0: ["traymore"], 1: ["heinz-pier", "lighthouse"], 2: []})
    assert game().result(state).winners == (1,)


def test_a_remaining_tie_is_shared():
    state = _finished(
        {0: ["traymore"], 1: ["marlborough", "taffy-stand"], 2: ["oyster-house", "shelburne"]}
    )
    result = game().result(state)
    assert result.winners == (1, 2) and "win with $8M in 2 properties" in result.summary
    assert "(tie)" in game().status(state)


def test_no_moves_after_the_end():
    state = new_game(game(), 2, {}, 4)
    state["phase"] = "over"
    with pytest.raises(IllegalMove, match="over"):
        play(game(), state, state["turn"], "done")
