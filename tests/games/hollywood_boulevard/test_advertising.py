"""Advertising behind the screens, the reveal, the Advertising Agency and the open genre roll
(the Preview House has its own file)."""
from __future__ import annotations

import copy
import json

import pytest

from bot.engine import IllegalMove
from bot.games.hollywood_boulevard import advertising
from tests.engine_checks import play_bot_game

from .helpers import (
    BOT,
    GAME,
    C,
    act,
    actions,
    confirm_all,
    discord,
    new,
    place_all,
    stop_picking,
    to_pick,
    to_screen,
)


def record(state: dict, key: str) -> dict:
    return json.loads(state[key])


def box_entry(state: dict, box: str) -> dict:
    return next(e for e in record(state, "reveal")["boxes"] if e["box"] == box)


def test_everyone_bids_at_once_and_pending_shrinks_as_they_confirm():
    state = to_screen(new(3))
    assert GAME.pending(state) == {0, 1, 2}
    state, _ = act(state, 1, "bid:radio:2")
    state, events = act(state, 1, "bids:confirm")
    assert GAME.pending(state) == {0, 2}
    assert events[0].public and "{p1} has finished advertising" in events[0].text
    assert events[1].to == (1,) and "Radio Spots 2 pips" in events[1].text and "Change my bids" in events[1].text
    assert GAME.view(state, None)["advertising_done"] == [False, True, False]


def test_a_confirmed_seat_may_only_reopen_its_screen_and_the_reveal_waits_for_it():
    state = to_screen(new(3))
    state, _ = act(state, 0, "bid:radio:2")
    state, _ = act(state, 0, "bids:confirm")
    assert GAME.legal(state, 0) == [advertising.EDIT] and advertising.EDIT.private
    assert GAME.prompt(state, 0).startswith("You have confirmed your bids; you may still change them")
    for move in ("bid:radio:3", "bids:confirm", "tip:cartoon", "untip:cartoon"):
        with pytest.raises(IllegalMove, match="not your turn|reopen your screen"):
            act(state, 0, move)
    # Seat 0 takes its bids back while the others are still bidding …
    state, events = act(state, 0, "bids:edit")
    assert GAME.pending(state) == {0, 1, 2} and not state["screens"][0]["done"]
    assert [e.text for e in events] == ["{p0} is changing their advertising."] and events[0].public
    assert "bid:radio:5" in actions(state, 0) and "bids:edit" not in actions(state, 0)
    with pytest.raises(IllegalMove, match="still up"):
        act(state, 0, "bids:edit")
    state, _ = act(state, 0, "bid:radio:0")
    state, _ = act(state, 0, "bid:tv:4")
    # … the others confirm, and the screens stay up until it has confirmed again.
    state, _ = act(state, 1, "bids:confirm")
    state, events = act(state, 2, "bids:confirm")
    assert state["phase"] == "screen" and GAME.pending(state) == {0}
    assert not any("Screens down" in e.text for e in events)
    state, events = act(state, 0, "bids:confirm")
    assert any("Screens down" in e.text and e.image == "bids" for e in events)
    assert record(state, "reveal")["bids"][0] == {"tv": 4}


def test_no_seat_can_reopen_a_screen_outside_the_advertising_phase():
    state = to_pick(new(3))
    for seat in range(3):
        assert "bids:edit" not in actions(state, seat)
        with pytest.raises(IllegalMove, match="Pick a film|not your turn"):
            act(state, seat, "bids:edit")
    state, _ = confirm_all(stop_picking(state))  # the screens came down: none left to reopen
    assert state["phase"] == "place"
    for seat in range(3):
        assert "bids:edit" not in actions(state, seat)
        with pytest.raises(IllegalMove, match="Place your marker|not your turn"):
            act(state, seat, "bids:edit")


def test_bots_never_reopen_a_screen():
    _final, log = play_bot_game(GAME, BOT, 3, 4, {"rounds": 4})
    assert all(action != "bids:edit" for _seat, action in log)


def test_bids_are_0_to_6_pips_and_capped_by_cash():
    state = to_screen(new(2))
    state["cash"][0] = 5_000
    state, _ = act(state, 0, "bid:radio:3")
    legal = actions(state, 0)
    assert "bid:tv:2" in legal and "bid:tv:3" not in legal and "bid:radio:5" in legal
    with pytest.raises(IllegalMove, match=r"Your bids would total \$6,000; you have \$5,000"):
        act(state, 0, "bid:tv:3")
    with pytest.raises(IllegalMove, match="at most 6 pips"):
        act(state, 1, "bid:tv:7")
    state, _ = act(state, 0, "bid:radio:0")
    assert state["screens"][0]["bids"] == {}


def test_the_whole_screen_is_one_private_message_of_two_bid_selects():
    state = to_screen(new(2))
    state["hands"][0] = ["cartoon", "press"]
    state, _ = act(state, 0, "bid:radio:3")
    choices = GAME.legal(state, 0)
    assert all(choice.private and len(choice.label) <= 80 for choice in choices)
    selects, buttons, pages = discord(choices)
    assert pages == 1
    bench, news = (selects["Bid on bus bench, magazines or radio spots…"],
                   selects["Bid on newspapers, television or billboards…"])
    assert len(bench) == len(news) == 21  # three boxes × 0–6 pips in each select
    assert "Radio Spots: 3 pips ($3,000) ✓" in bench and "Television: no bid ✓" in news
    assert "Play Press Agent on Radio Spots (wins a tie)" in selects["Play an insider tip…"]
    assert buttons == ["Done — advertise for $3,000 and lower my screen"]


def test_bids_are_hidden_from_the_public_view_until_the_reveal():
    state = to_screen(new(3))
    before = GAME.view(state, None)
    state, _ = act(state, 0, "bid:tv:5")
    state, _ = act(state, 0, "bid:bench:1")
    assert GAME.view(state, None) == before
    assert GAME.view(state, 0)["my_screen"]["bids"] == {"tv": 5, "bench": 1}
    assert GAME.view(state, 1)["my_screen"]["bids"] == {}  # only their own screen


def test_everyone_pays_their_bids_and_the_highest_bid_wins_a_die():
    state = to_screen(new(3))
    bank = state["bank"]
    state, _ = confirm_all(state, {0: ["bid:radio:4", "bid:tv:1"], 1: ["bid:radio:2"], 2: ["bid:tv:3"]})
    reveal = record(state, "reveal")
    assert reveal["spent"] == [5_000, 2_000, 3_000]
    assert box_entry(state, "radio")["winner"] == 0 and box_entry(state, "tv")["winner"] == 2
    assert box_entry(state, "bench")["winner"] is None  # nobody bid
    agency = reveal["agency"]
    expected = [0, 0, 0]
    for box, seat in (("radio", 0), ("tv", 2)):
        expected[seat] += 2 if box == agency else 1
    assert reveal["ad_dice"] == expected
    payout = record(state, "payout")
    assert [p["theatre"]["sources"]["advertising"] for p in payout["players"]] == [0, 0, 0]  # no films
    assert state["bank"] > bank - 1  # the bids went to the bank (and upkeep too)


def test_a_tie_is_a_roll_off():
    for seed in range(1, 6):
        state = to_screen(new(3, seed=seed))
        state, _ = confirm_all(state, {0: ["bid:radio:3"], 1: ["bid:radio:3"], 2: ["bid:radio:1"]})
        entry = box_entry(state, "radio")
        assert entry["tied"] == [0, 1] and entry["winner"] in (0, 1)
        last = entry["rolloff"][-1]
        assert last[str(entry["winner"])] == max(last.values())
        assert list(last.values()).count(max(last.values())) == 1


def test_a_press_agent_breaks_the_tie_and_an_unused_one_stays_in_hand():
    state = new(3)
    state["hands"][1] = ["press"]
    state["hands"][2] = ["press"]
    state = to_screen(state)
    state, _ = confirm_all(state, {0: ["bid:radio:3"], 1: ["bid:radio:3", "tip:press:radio"],
                                   2: ["bid:tv:2", "tip:press:tv"]})
    entry = box_entry(state, "radio")
    assert entry["winner"] == 1 and entry["press"] == [1] and entry["rolloff"] == []
    tips = record(state, "reveal")["tips"]
    assert tips[1] == ["Press Agent"] and tips[2] == [] and "press" in state["hands"][2]


def test_two_press_agents_on_one_tie_roll_off_between_them():
    state = new(3)
    state["hands"][0] = ["press"]
    state["hands"][1] = ["press"]
    state = to_screen(state)
    state, _ = confirm_all(state, {0: ["bid:tv:2", "tip:press:tv"], 1: ["bid:tv:2", "tip:press:tv"],
                                   2: ["bid:tv:2"]})
    entry = box_entry(state, "tv")
    assert entry["tied"] == [0, 1, 2] and entry["press"] == [0, 1] and entry["winner"] in (0, 1)
    assert set(entry["rolloff"][0]) == {"0", "1"}


def test_the_agency_holder_rolls_in_secret_and_that_box_pays_two_dice():
    state = place_all(new(2), {0: "place:agency"})
    secret = state["secret"]["agency"]
    assert secret["seat"] == 0 and C.box_by_die[secret["die"]] == secret["box"]
    public = GAME.view(state, None)
    assert public["agency"] is None and public["agency_hidden"] and "my_agency_roll" not in public
    assert GAME.view(state, 0)["my_agency_roll"]["box"] == secret["box"]
    hidden = copy.deepcopy(state)
    hidden["secret"]["agency"] = {"seat": 0, "die": 7 - secret["die"], "box": C.box_by_die[7 - secret["die"]]}
    assert GAME.view(hidden, None) == GAME.view(state, None)  # the public view does not depend on it
    state = _finish_picking(state)
    state, _ = confirm_all(state, {0: [f"bid:{secret['box']}:1"]})
    reveal = record(state, "reveal")
    assert reveal["agency"] == secret["box"] and reveal["agency_from"] == 0
    assert box_entry(state, secret["box"])["dice"] == 2 and reveal["ad_dice"][0] == 2


def _finish_picking(state: dict) -> dict:
    while state["phase"] == "pick":
        state, _ = act(state, state["picker"], "done")
    return state


def test_without_an_agency_holder_the_die_is_rolled_openly_after_payment():
    state = to_screen(new(2))
    assert state["secret"]["agency"] is None and state["agency"] is None
    state, events = confirm_all(state, {1: ["bid:billboards:2"]})
    reveal = record(state, "reveal")
    assert reveal["agency_from"] is None and reveal["agency"] == C.box_by_die[reveal["agency_die"]]
    assert any("Advertising Agency die (public roll)" in e.text for e in events)
    assert box_entry(state, "billboards")["dice"] == (2 if reveal["agency"] == "billboards" else 1)


def test_without_a_preview_holder_the_genre_dice_are_rolled_openly_after_the_picks():
    state = to_pick(new(2, seed=3))
    state["genre"] = "war"
    state, _ = act(state, 0, "done")
    state, events = act(state, 1, "done")
    text = " ".join(e.text for e in events)
    assert "Genre dice (public roll)" in text
    if "snake eyes" in text:
        assert state["genre"] == "war"
    else:
        total = int(text.split(" = ")[1].split(" ")[0])
        assert state["genre"] == C.genre_by_roll[total]


def test_public_snake_eyes_leave_the_genre_marker_where_it_is():
    for seed in range(1, 2000):
        state = to_pick(new(2, seed=seed))
        state["genre"] = "war"
        state, _ = act(state, 0, "done")
        state, events = act(state, 1, "done")
        if any("snake eyes" in e.text for e in events):
            assert state["genre"] == "war"
            return
    raise AssertionError("no snake eyes in 2000 seeds")
