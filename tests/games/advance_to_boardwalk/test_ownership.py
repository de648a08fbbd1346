"""Property cards and tokens follow the stacks; F spaces on the track."""

from bot.games.advance_to_boardwalk.estate import owner_of

from .helpers import ScriptedRng, act, fresh, game, give, put, roll


def test_owner_is_the_player_with_most_units():
    assert owner_of([]) is None
    assert owner_of([1]) == 1
    assert owner_of([1, 0, 0]) == 0
    assert owner_of([2, 1, 1, 2, 1]) == 1


def test_a_tie_goes_to_the_unit_closest_to_the_bottom():
    assert owner_of([1, 0]) == 1
    assert owner_of([0, 1, 1, 0]) == 0
    assert owner_of([2, 0, 1, 0, 1, 2]) == 2


def test_building_on_a_vacant_lot_takes_its_card_and_moves_the_token_forward():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [3, 3], "blue")
    events = act(state, 0, "build:steel-pier")
    assert state["owners"]["steel-pier"] == 0 and state["tokens"][0] == 6
    assert "now owns it and moves up to $6M" in events[0].text
    assert game().view(state, None)["seats"][0]["properties"] == 1


def test_outbuilding_the_owner_takes_the_card_and_moves_them_back():
    state = fresh()
    put(state, "central-pier", [1])
    put(state, "garden-pier", [1])
    assert state["tokens"][1] == 5
    give(state, 0, "insurance")
    roll(state, 0, [4, 4], "blue")
    act(state, 0, "build:central-pier")  # 1–1: the bottom unit (seat 1) keeps it
    assert state["owners"]["central-pier"] == 1 and state["tokens"] == [0, 5]
    events = act(state, 0, "build:central-pier")  # 2–1: seat 0 takes it
    assert state["owners"]["central-pier"] == 0
    assert state["tokens"] == [3, 2]
    assert "{p0} takes it from {p1}" in events[0].text and "{p1} back to $2M" in events[0].text


def test_token_always_equals_total_value_owned():
    state = fresh(3)
    put(state, "traymore", [2])
    put(state, "claridge", [2, 1, 1])
    give(state, 0, "insurance")
    roll(state, 0, [6, 6], "green")
    for pid in ("claridge", "claridge"):  # [2, 1, 1, 0, 0]: seat 1 is lower in the 2–2 tie
        act(state, 0, f"build:{pid}")
    board = game().board
    for seat in range(3):
        owned = sum(board.properties[p].value for p, o in state["owners"].items() if o == seat)
        assert state["tokens"][seat] == owned
    assert state["tokens"] == [0, 5, 8]


def test_landing_on_an_f_space_moving_forward_on_your_turn_draws_a_bonus_card():
    assert 4 in game().board.fortune_spaces
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [2, 2], "red")
    events = act(state, 0, "build:oyster-house")  # 0 -> 4, an F space
    assert len(state["hands"][0]) == 2
    assert any("F space" in e.text for e in events)
    assert any(e.to == (0,) and e.text.startswith("You drew") for e in events)


def test_passing_over_an_f_space_gives_nothing():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [3, 2], "red")
    act(state, 0, "build:heinz-pier")  # 0 -> 5, passing 4
    assert len(state["hands"][0]) == 1


def test_an_opponent_moved_forward_onto_an_f_space_on_your_turn_draws_nothing():
    state = fresh()
    put(state, "oyster-house", [1, 0, 0])  # seat 0 owns it ($4M)
    (card,) = give(state, 0, "relocation")
    give(state, 1, "insurance")
    state["turn"], state["phase"], state["build"] = 0, "fortune", None
    act(state, 0, f"card:{card}")
    act(state, 0, "at:oyster-house")
    act(state, 0, "to:taffy-stand", ScriptedRng([1, 1], ["red"]))
    # [1, 0] is a tie: seat 1's bottom unit wins it back and its token moves 0 -> 4, an F space.
    assert state["owners"]["oyster-house"] == 1 and state["tokens"] == [1, 4]
    assert len(state["hands"][1]) == 1  # only the Insurance: no bonus card off its own turn
