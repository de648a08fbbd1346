"""Pick Films phase: who picks first, cash, screen time, equipment, pick tips, the end."""
from __future__ import annotations

import pytest

from bot.engine import IllegalMove

from .helpers import GAME, C, act, actions, discord, film, new, to_pick, with_array

QUICK = ["Winchester '73", "Broken Arrow", "Father of the Bride", "Destination Moon"]  # 1h30 each


def test_distribution_agency_holder_picks_first_then_clockwise():
    state = to_pick(new(3, start=0), {2: "place:distribution"})
    assert state["picker"] == 2
    state, _ = act(state, 2, f"pick:{state['array'][0]}")
    assert state["picker"] == 0
    state, _ = act(state, 0, f"pick:{state['array'][1]}")
    assert state["picker"] == 1


def test_without_the_distribution_agency_the_start_player_picks_first():
    state = to_pick(new(3, start=1))
    assert state["picker"] == 1


def test_a_pick_pays_the_price_to_the_bank():
    state = with_array(new(2), ["Roman Holiday"])
    state = to_pick(state)
    bank = state["bank"]
    state, events = act(state, 0, f"pick:{film('Roman Holiday')}")
    price = C.films[film("Roman Holiday")].price
    assert state["cash"][0] == 25_000 - price and state["bank"] == bank + price
    assert state["owner"][film("Roman Holiday")] == 0
    assert "Roman Holiday" in events[0].text


def test_a_picked_film_is_gone_for_the_others():
    state = to_pick(with_array(new(2), ["Roman Holiday"]))
    state, _ = act(state, 0, f"pick:{film('Roman Holiday')}")
    assert f"pick:{film('Roman Holiday')}" not in actions(state, 1)
    with pytest.raises(IllegalMove, match=r"already picked by \{p0\}"):
        act(state, 1, f"pick:{film('Roman Holiday')}")


def test_cash_limits_the_pick():
    state = to_pick(with_array(new(2), ["Roman Holiday"]))
    state["cash"][0] = 3_000
    assert f"pick:{film('Roman Holiday')}" not in actions(state, 0)
    with pytest.raises(IllegalMove, match=r"You have \$3,000; \*Roman Holiday\* costs \$8,000"):
        act(state, 0, f"pick:{film('Roman Holiday')}")


def test_running_time_limits_the_pick_and_running_time_chips_extend_it():
    state = to_pick(with_array(new(2), ["Quo Vadis", "Harvey", "The Red Badge of Courage"]))
    state["screened"][0] = [film("Quo Vadis")]  # 2h45 of the 3h already booked
    state["owner"] = {film("Quo Vadis"): 0}
    assert f"pick:{film('Harvey')}" not in actions(state, 0)
    with pytest.raises(IllegalMove, match=r"\*Harvey\* runs 1h45; you have 0h15 of screen time left"):
        act(state, 0, f"pick:{film('Harvey')}")
    state["chips"][0]["runtime"] = 4  # +1h: 4h in all
    with pytest.raises(IllegalMove, match="1h15 of screen time left"):
        act(state, 0, f"pick:{film('Harvey')}")
    state, _ = act(state, 0, f"pick:{film('The Red Badge of Courage')}")  # 1h15: exactly 4h
    assert state["screened"][0][-1] == film("The Red Badge of Courage")


def test_running_time_chips_placed_this_round_count_at_once():
    state = with_array(new(2), ["The Greatest Show on Earth", "The Red Badge of Courage"])
    state = to_pick(state, {0: "place:runtime:3"})  # 3h45 this very round
    state["cash"][0] = 90_000
    state, _ = act(state, 0, f"pick:{film('The Greatest Show on Earth')}")  # 2h30
    state, _ = act(state, 1, "done")
    state, _ = act(state, 0, f"pick:{film('The Red Badge of Courage')}")  # +1h15 = 3h45
    assert len(state["screened"][0]) == 2


def test_special_formats_need_the_equipment():
    state = to_pick(with_array(new(2), ["The Robe", "House of Wax"]))
    for title, need in (("The Robe", "CinemaScope screen"), ("House of Wax", "3-D projector")):
        assert f"pick:{film(title)}" not in actions(state, 0)
        with pytest.raises(IllegalMove, match=f"you need the {need} first"):
            act(state, 0, f"pick:{film(title)}")
    state["chips"][0]["cinemascope"] = 1
    state, _ = act(state, 0, f"pick:{film('The Robe')}")
    assert state["screened"][0] == [film("The Robe")]


def test_picking_goes_round_until_nobody_can_or_will_pick():
    state = to_pick(with_array(new(2), QUICK))
    pickers = []
    while state["phase"] == "pick":
        seat = state["picker"]
        films = [a for a in actions(state, seat) if a.startswith("pick:")]
        state, _ = act(state, seat, films[0] if films else "done")
        if films:
            pickers.append(seat)
    assert pickers == [0, 1, 0, 1]  # one film a pick, round and round, until 3h are full
    for seat in range(2):
        used = sum(C.films[f].minutes for f in state["screened"][seat])
        cheapest_fit = [f for f in state["array"] if f not in state["owner"]
                        and C.films[f].minutes <= 180 - used and C.films[f].price <= state["cash"][seat]
                        and not C.films[f].format]
        assert not cheapest_fit  # nobody could have picked another


def test_a_seat_that_stops_is_skipped_after():
    state = to_pick(with_array(new(3), QUICK))
    state, _ = act(state, 0, "done")
    state, _ = act(state, 1, f"pick:{state['array'][0]}")
    state, _ = act(state, 2, f"pick:{state['array'][1]}")
    assert state["picker"] == 1


def test_a_seat_with_no_affordable_film_is_passed_over():
    state = with_array(new(3), QUICK)
    state["cash"][1] = 0
    state = to_pick(state)
    state, _ = act(state, 0, f"pick:{state['array'][0]}")
    assert state["picker"] == 2 and state["picking_done"][1]


def test_sneak_preview_picks_twice_in_a_row():
    state = with_array(new(2), QUICK)
    state["hands"][0] = ["sneak"]
    state = to_pick(state)
    state, events = act(state, 0, "tip:sneak")
    assert events[0].public and state["picker"] == 0
    assert events[0].text == "{p0} plays Sneak Preview: they pick another film right after their next pick."
    state, _ = act(state, 0, f"pick:{state['array'][0]}")
    assert state["picker"] == 0
    state, _ = act(state, 0, f"pick:{state['array'][1]}")
    assert state["picker"] == 1
    assert state["tips"]["discard"] == ["sneak"] and state["played"][0] == ["sneak"]


def test_studio_discount_takes_2000_off_the_next_film():
    state = with_array(new(2), ["Roman Holiday"])
    state["hands"][0] = ["discount"]
    state = to_pick(state)
    state, events = act(state, 0, "tip:discount")
    assert events[0].text == "{p0} plays Studio Discount: their next film this round costs $2,000 less."
    state, _ = act(state, 0, f"pick:{film('Roman Holiday')}")
    assert state["cash"][0] == 25_000 - (8_000 - 2_000)


def test_late_show_adds_30_minutes_this_round():
    state = with_array(new(2), ["Quo Vadis", "Royal Wedding"])  # 2h45 + 1h30 = 4h15
    state["hands"][0] = ["lateshow"]
    state["chips"][0]["runtime"] = 3  # 3h45 of screen time
    state["cash"][0] = 60_000
    state = to_pick(state)
    state, _ = act(state, 0, f"pick:{film('Quo Vadis')}")
    state, _ = act(state, 1, "done")
    assert f"pick:{film('Royal Wedding')}" not in actions(state, 0)
    state, events = act(state, 0, "tip:lateshow")
    assert events[0].text == "{p0} plays Late Show: +30 minutes of running time for them this round."
    state, _ = act(state, 0, f"pick:{film('Royal Wedding')}")
    assert len(state["screened"][0]) == 2


def test_one_pick_tip_of_each_kind_a_round():
    state = new(2)
    state["hands"][0] = ["discount", "discount"]
    state = to_pick(state)
    state, _ = act(state, 0, "tip:discount")
    assert "tip:discount" not in actions(state, 0)
    with pytest.raises(IllegalMove, match="already played a Studio Discount this round"):
        act(state, 0, "tip:discount")


def test_pick_choices_are_one_film_select_a_stop_button_and_private_tips():
    state = to_pick(new(2))
    state["hands"][0] = ["sneak", "discount", "lateshow"]
    choices = GAME.legal(state, 0)
    assert all(len(c.label) <= 80 for c in choices)
    assert all(c.private for c in choices if c.action.startswith("tip:"))
    # The thread post: the films the picker can afford, fit and project, and "stop".
    selects, buttons, pages = discord([c for c in choices if not c.private], rows=4)
    films = selects["Pick a film (price, dice, running time, genre)…"]
    assert pages == 1 and buttons == ["Stop picking films this round"] and len(films) <= 25
    assert len(films) == len([c for c in choices if c.action.startswith("pick:")])
    first = C.films[state["array"][0]]
    assert any(label.startswith(f"{first.title} — ${first.price:,}, {first.dice} dice") for label in films)
    # Their panel adds the film-pick tips as buttons.
    selects, buttons, pages = discord(choices)
    assert pages == 1 and "Play Sneak Preview: right after your next pick, pick another film." in buttons


def test_films_the_picker_cannot_afford_fit_or_project_are_not_offered():
    state = to_pick(new(2))
    state["cash"][0] = 4_000
    offered = {a[5:] for a in actions(state, 0) if a.startswith("pick:")}
    for film_id in state["array"]:
        f = C.films[film_id]
        assert (film_id in offered) == (f.price <= 4_000 and f.minutes <= 180 and not f.format)
