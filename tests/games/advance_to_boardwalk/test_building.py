"""Building: budget, zone, one unit per vacant property, stacking, the one-unit minimum."""

import pytest

from bot.engine import IllegalMove

from .helpers import ScriptedRng, act, actions, fresh, game, give, put, roll


def builds(state, seat=0):
    return sorted(a[6:] for a in actions(state, seat) if a.startswith("build:"))


def test_builds_are_only_in_the_rolled_zone_and_within_the_dice_total():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [2, 2], "blue")  # $4M in blue: Garden $2M, Central $3M, Steeplechase $4M
    assert builds(state) == ["central-pier", "garden-pier", "steeplechase-pier"]
    with pytest.raises(IllegalMove, match=r"Steel Pier costs \$6M and you have \$4M left"):
        act(state, 0, "build:steel-pier")
    with pytest.raises(IllegalMove, match="only in the Blue zone"):
        act(state, 0, "build:taffy-stand")


def test_the_total_of_the_properties_built_on_may_not_exceed_the_dice():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [3, 4], "red")  # $7M
    act(state, 0, "build:heinz-pier")  # $5M, $2M left
    assert builds(state) == ["rolling-chairs", "taffy-stand"]
    act(state, 0, "build:taffy-stand")  # $1M left: less than the dice is fine, no change given
    assert builds(state) == []
    # Nothing left to afford: building ends by itself and the $1M is lost.
    assert state["phase"] == "fortune" and state["build"] is None


def test_one_unit_per_vacant_property_per_turn():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [6, 6], "red")
    act(state, 0, "build:taffy-stand")
    assert "taffy-stand" not in builds(state)
    with pytest.raises(IllegalMove, match="one unit per vacant property per turn"):
        act(state, 0, "build:taffy-stand")


def test_several_units_on_an_already_occupied_property_including_on_opponents():
    state = fresh()
    put(state, "lighthouse", [1])  # the opponent's unit
    put(state, "rolling-chairs", [0])  # our own
    give(state, 0, "insurance")
    roll(state, 0, [6, 6], "red")  # $12M
    act(state, 0, "build:lighthouse")  # on top of the opponent: a 1–1 tie, seat 1 is lower
    assert state["stacks"]["lighthouse"] == [1, 0] and state["owners"]["lighthouse"] == 1
    act(state, 0, "build:lighthouse")
    assert state["stacks"]["lighthouse"] == [1, 0, 0] and state["owners"]["lighthouse"] == 0
    act(state, 0, "build:rolling-chairs")
    act(state, 0, "build:rolling-chairs")
    assert state["stacks"]["rolling-chairs"] == [0, 0, 0]
    assert state["build"]["spent"] == 3 + 3 + 2 + 2


def test_at_least_one_unit_must_be_built():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [1, 2], "green")  # $3M and green starts at $4M: nothing to build
    assert actions(state, 0) == ["done"]
    act(state, 0, "done")
    assert state["phase"] == "fortune"

    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [1, 3], "green")  # $4M: The Shelburne fits
    assert "done" not in actions(state, 0)
    with pytest.raises(
        IllegalMove, match=r"at least one unit: you can afford The Shelburne \(\$4M\)"
    ):
        act(state, 0, "done")
    act(state, 0, "build:shelburne")
    assert state["phase"] == "fortune"


def test_done_is_offered_once_a_unit_is_placed():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [6, 6], "green")
    act(state, 0, "build:shelburne")
    assert "done" in actions(state, 0)
    act(state, 0, "done")
    assert state["phase"] == "fortune"


def test_no_build_possible_still_allows_a_fortune_card():
    state = fresh()
    put(state, "lighthouse", [1])
    give(state, 0, "condemned")
    roll(state, 0, [1, 1], "yellow")  # $2M and yellow starts at $3M
    act(state, 0, "done")
    assert state["phase"] == "fortune" and any(
        a.startswith("card:condemned") for a in actions(state, 0)
    )


def test_no_units_left_means_no_build():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [6, 6], "red")
    state["supply"][0] = 0  # as if every unit were already on the board
    assert actions(state, 0) == ["done"]


def test_wild_offers_only_zones_where_a_build_is_possible():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [1, 2], "W")  # $3M: red ($1–3M), blue ($2–3M), yellow ($3M); green starts at $4M
    assert sorted(a for a in actions(state, 0) if a.startswith("zone:")) == [
        "zone:blue",
        "zone:red",
        "zone:yellow",
    ]
    assert builds(state) == []  # choose the zone first
    with pytest.raises(IllegalMove, match="choose a zone first"):
        act(state, 0, "build:taffy-stand")
    with pytest.raises(IllegalMove, match="fits your"):
        act(state, 0, "zone:green")
    act(state, 0, "zone:yellow")
    assert builds(state) == ["peanut-store"]


def test_wild_with_no_possible_zone_has_no_build():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [1, 2], "W")
    state["supply"][0] = 0  # a state built by hand: no unit could go anywhere
    assert actions(state, 0) == ["done"]


def test_fortune_roll_ignores_the_numbers_and_draws_a_card():
    state = fresh()
    before = len(state["draw_pile"])
    events = roll(state, 0, [6, 6], "F")
    assert state["build"] is None and state["phase"] == "fortune"
    assert len(state["hands"][0]) == 1 and len(state["draw_pile"]) == before - 1
    assert any(e.to == (0,) and "You drew" in e.text for e in events)
    assert not [a for a in actions(state, 0) if a.startswith("build:")]


def test_build_labels_name_the_property_its_value_and_what_is_left():
    state = fresh()
    give(state, 0, "insurance")
    roll(state, 0, [3, 4], "blue")
    choice = next(c for c in game().legal(state, 0) if c.action == "build:central-pier")
    assert choice.label == "Build on Central Pier ($3M) — $4M left"
    assert choice.description == "you become the owner"


def test_leftover_budget_does_not_carry_over():
    state = fresh()
    give(state, 1, "insurance")  # so the next turn waits for its player
    roll(state, 0, [6, 6], "red")  # empty hand: the turn passes when building ends
    act(state, 0, "build:heinz-pier", ScriptedRng([1, 1], ["green"]))
    act(state, 0, "build:lighthouse", ScriptedRng([1, 1], ["green"]))
    act(state, 0, "build:rolling-chairs", ScriptedRng([1, 1], ["green"]))  # token on 10: no F space
    act(state, 0, "done", ScriptedRng([1, 1], ["green"]))
    assert state["turn"] == 1 and state["build"]["budget"] == 2
