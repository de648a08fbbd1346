"""Place Player Marker phase: order, exclusivity, moving on, the manager, every section."""
from __future__ import annotations

import pytest

from bot.engine import IllegalMove
from bot.games.hollywood_boulevard import placement

from .helpers import GAME, C, act, actions, confirm_all, discord, new, place_all, star, stop_picking


def finish_round(state: dict) -> dict:
    """Play out the rest of a round with nobody picking films or bidding."""
    state = stop_picking(place_all(state))
    state, _ = confirm_all(state)
    assert state["phase"] == "place"
    return state


def test_placement_goes_clockwise_from_the_start_player():
    state = new(3, start=1)
    order = []
    for _ in range(3):
        (seat,) = GAME.pending(state)
        order.append(seat)
        state, _ = act(state, seat, f"place:star:{star('Grace Kelly')}")
    assert order == [1, 2, 0]


def test_top_sections_hold_one_marker():
    state = new(3)
    state, _ = act(state, 0, "place:preview")
    assert "place:preview" not in actions(state, 1)
    with pytest.raises(IllegalMove, match="Preview House already holds a marker"):
        act(state, 1, "place:preview")
    state, _ = act(state, 1, "place:agency")
    with pytest.raises(IllegalMove, match="Advertising Agency already holds"):
        act(state, 2, "place:agency")
    state, _ = act(state, 2, "place:distribution")
    assert state["spots"] == [["preview", None], ["agency", None], ["distribution", None]]


def test_amenity_boxes_and_stars_hold_any_number():
    state = new(3)
    for seat in range(3):
        state, _ = act(state, seat, "place:parking:1")
    assert [s[0] for s in state["spots"]] == ["parking"] * 3
    state = new(3)
    for seat in range(3):
        state, _ = act(state, seat, f"place:star:{star('Marilyn Monroe')}")
    assert state["cubes"][star("Marilyn Monroe")] == [0, 1, 2]


def test_every_marker_moves_to_a_new_spot_each_round():
    state = place_all(new(2), {0: "place:distribution", 1: "place:ac:1"})
    state = finish_round(state)
    assert state["last_spots"] == [["distribution"], ["ac"]]
    seat = state["queue"][0][0]
    own, other = ("place:distribution", "place:ac:1") if seat == 0 else ("place:ac:1", "place:distribution")
    assert own not in actions(state, seat) and other in actions(state, seat)
    with pytest.raises(IllegalMove, match="must move to a new spot"):
        act(state, seat, own)


def test_manager_costs_10000_and_places_a_second_marker_in_a_second_pass():
    state = new(3)
    state, _ = act(state, 0, "place:manager")
    assert state["cash"][0] == 15_000 and state["chips"][0]["manager"] == 1
    state, _ = act(state, 1, "place:parking:1")
    state, _ = act(state, 2, "place:parking:1")
    assert GAME.pending(state) == {0} and state["queue"] == [[0, 1]]
    assert "place:manager" not in actions(state, 0)  # already has one
    state, _ = act(state, 0, "place:distribution")
    assert state["spots"][0] == ["manager", "distribution"]
    assert state["phase"] == "pick" and state["picker"] == 0  # Distribution Agency picks first


def test_managers_two_markers_may_not_swap():
    state = new(2)
    state, _ = act(state, 0, "place:manager")
    state, _ = act(state, 1, f"place:star:{star('James Dean')}")
    state, _ = act(state, 0, "place:concessions:1")
    state = finish_round(state)
    first = next(seat for seat, marker in state["queue"] if seat == 0)
    while state["queue"][0][0] != first:
        seat = state["queue"][0][0]
        state, _ = act(state, seat, f"place:star:{star('Doris Day')}")
    with pytest.raises(IllegalMove, match="may not swap"):
        act(state, 0, "place:concessions:1")  # the manager's spot, taken by the first marker


def test_hiring_needs_the_money():
    state = new(2)
    state["cash"][0] = 9_000
    assert "place:manager" not in actions(state, 0)
    with pytest.raises(IllegalMove, match=r"You have \$9,000; hiring a manager costs \$10,000"):
        act(state, 0, "place:manager")


def test_credit_union_lends_25000_with_a_chip_and_repaying_removes_it():
    state = new(2)
    state, _ = act(state, 0, "place:loan")
    assert state["cash"][0] == 50_000 and state["chips"][0]["loan"] == 1
    state, _ = act(state, 1, "place:loan")
    state = finish_round(state)
    seat = state["queue"][0][0]
    before = state["cash"][seat]
    state, _ = act(state, seat, "remove:loan")
    assert state["cash"][seat] == before - 25_000 and "loan" not in state["chips"][seat]
    assert GAME.pending(state) == {seat}  # removing chips does not end the turn


def test_repaying_needs_the_whole_principal():
    state = new(2)
    state["chips"][0]["loan"] = 1
    state["cash"][0] = 24_000
    assert "remove:loan" not in actions(state, 0)
    with pytest.raises(IllegalMove, match=r"repaying a loan takes \$25,000"):
        act(state, 0, "remove:loan")


def test_running_time_one_to_four_chips_free_now():
    state = new(2)
    state, _ = act(state, 0, "place:runtime:3")
    assert state["chips"][0]["runtime"] == 3 and state["cash"][0] == 25_000
    state["chips"][1]["runtime"] = 3
    assert "place:runtime:1" in actions(state, 1) and "place:runtime:2" not in actions(state, 1)
    with pytest.raises(IllegalMove, match="at most 4 of your chips; you have 3, so 1–1 more"):
        act(state, 1, "place:runtime:2")


def test_reroll_one_to_four_chips_free():
    state = new(2)
    state, _ = act(state, 0, "place:reroll:4")
    assert state["chips"][0]["reroll"] == 4 and state["cash"][0] == 25_000
    assert not [a for a in actions(state, 1) if a.startswith("place:reroll:5")]


@pytest.mark.parametrize("box,most", [("parking", 2), ("concessions", 3), ("ac", 1)])
def test_dice_boxes_cost_1000_a_chip_up_to_their_limit(box, most):
    state = new(2)
    state, _ = act(state, 0, f"place:{box}:{most}")
    assert state["chips"][0][box] == most and state["cash"][0] == 25_000 - 1_000 * most
    with pytest.raises(IllegalMove, match=f"at most {most}"):
        act(state, 1, f"place:{box}:{most + 1}")


def test_parties_cost_3000_and_draw_the_extra_tip_at_once():
    state = new(2)
    state, events = act(state, 0, "place:parties")
    assert state["cash"][0] == 22_000 and state["chips"][0]["parties"] == 1
    assert len(state["hands"][0]) == 7
    assert any(e.to == (0,) and "You draw Insider Tip" in e.text for e in events)
    assert "place:parties" not in actions(state, 1) or state["chips"][1].get("parties", 0) == 0


def test_equipment_costs_from_the_board_and_lenses_only_with_the_second_deck():
    state = new(3)
    state, _ = act(state, 0, "place:3d")
    assert state["cash"][0] == 25_000 - C.equipment["3d"].cost and state["chips"][0]["3d"] == 1
    state, _ = act(state, 1, "place:scope")
    assert state["cash"][1] == 25_000 - C.equipment["cinemascope"].cost
    assert not [a for a in actions(state, 2) if a.startswith("place:lens")]
    with pytest.raises(IllegalMove, match="only sold once the second film deck is in play"):
        act(state, 2, "place:lens:both")
    state["deck_number"] = 2
    state, _ = act(state, 2, "place:lens:both")
    lenses = C.equipment["superscope"].cost + C.equipment["vistavision"].cost
    assert state["cash"][2] == 25_000 - lenses
    assert state["chips"][2]["superscope"] == state["chips"][2]["vistavision"] == 1


def test_equipment_is_bought_once():
    state = new(2)
    state["chips"][0]["3d"] = 1
    with pytest.raises(IllegalMove, match="already own the 3-D projector"):
        act(state, 0, "place:3d")


def test_a_star_gets_a_popularity_cube_at_once():
    state = new(2)
    state, events = act(state, 0, f"place:star:{star('Alfred Hitchcock')}")
    assert state["cubes"] == {star("Alfred Hitchcock"): [0]}
    assert "Popularity Cube" in events[0].text


def test_chips_may_be_removed_during_placement():
    state = new(2)
    state["chips"][0].update({"parking": 2, "manager": 1})
    state, _ = act(state, 0, "remove:parking")
    assert state["chips"][0]["parking"] == 1 and GAME.pending(state) == {0}
    state, _ = act(state, 0, "remove:manager")  # dismissed: no second pass
    state, _ = act(state, 0, f"place:star:{star('John Wayne')}")
    state, _ = act(state, 1, f"place:star:{star('John Wayne')}")
    assert state["phase"] == "pick"


def test_manager_cannot_dismiss_itself_while_placing():
    state = new(2)
    state["chips"][0]["manager"] = 1
    state, _ = act(state, 0, "place:ac:1")
    state, _ = act(state, 1, "place:ac:1")
    assert state["queue"] == [[0, 1]]
    assert "remove:manager" not in actions(state, 0)
    with pytest.raises(IllegalMove, match="dismiss the manager next round"):
        act(state, 0, "remove:manager")


def test_a_placement_turn_fits_one_thread_post_with_costs_shown():
    state = new(2)
    state["chips"][0].update({"parking": 1, "loan": 1, "reroll": 1, "runtime": 1, "ac": 1, "parties": 1})
    state["cash"][0] = 40_000
    choices = GAME.legal(state, 0)
    assert all(len(choice.label) <= 80 and not choice.private for choice in choices)
    selects, _buttons, pages = discord(choices, rows=4)  # the fifth row holds the panel button
    assert pages == 1
    sections = selects["Place your marker on a board section…"]
    assert sections[:3] == ["Preview House — secret genre roll now, free",
                            "Advertising Agency — secret Agency die now, free",
                            "Distribution Agency — first film pick, free"]
    assert "Parking Lot — 1 chip, $1,000: +1 die a week" in sections
    assert "Hire Manager — $10,000 now, second marker, $1,000 a round" in sections
    assert len(selects["Or put a popularity cube on an actor or actress…"]) == 24
    assert len(selects["Or put a popularity cube on a director…"]) == 16
    assert "Repay a $25,000 loan (removes its chip)" in selects["Remove a chip first (optional)…"]


def test_the_sections_select_never_needs_more_than_25_options():
    state = new(2)
    state["deck_number"] = 2  # every piece of equipment is on sale
    state["cash"][0] = 100_000
    sections = [c for c in GAME.legal(state, 0) if c.group == placement.SECTIONS_GROUP]
    assert len(sections) == 25  # the three top sections and every Amenity Box choice
