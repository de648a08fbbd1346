"""The private summary (DM at the start, "My hand & options", /game hand): a seat's own
secrets, and never another seat's."""
from __future__ import annotations

import copy

from bot.engine import new_game, play, rng_for

from .helpers import (
    BOT,
    GAME,
    C,
    act,
    confirm_all,
    film,
    look,
    new,
    place_all,
    stop_picking,
    to_pick,
    to_screen,
)


def others_scrambled(state: dict, seat: int) -> dict:
    """The same game with every other seat's secrets changed: hands, screens, secret rolls."""
    other = copy.deepcopy(state)
    kinds = sorted(C.tips)
    for s, hand in enumerate(other["hands"]):
        if s != seat:
            other["hands"][s] = [kinds[(i * 5 + s) % len(kinds)] for i in range(len(hand) + 2)]
    for s, screen in enumerate(other["screens"]):
        if s != seat:
            screen.update(bids={"billboards": 5, "bench": 2}, tips=["oscar"], press="tv")
    changes = (("preview", "genre", ("western", "war")), ("agency", "box", ("tv", "bench")))
    for key, field, values in changes:
        secret = other["secret"][key]
        if secret and secret["seat"] != seat:
            secret[field] = values[secret[field] == values[0]]
    return other


def test_summary_shows_cash_and_every_tip_with_what_it_does():
    state = new(3)
    state["hands"][0] = ["cartoon", "cartoon", "sneak", "press"]
    text = GAME.private_summary(state, 0)
    assert "**Cash:** $25,000 · upkeep $1,000 a round" in text
    assert "**Insider Tips** (4, each worth $2,000 unplayed at the end):" in text
    cartoon = C.tips["cartoon"].text
    assert f"• 2× **Cartoon Short** (play it with your bids) — {cartoon}" in text
    assert f"• **Sneak Preview** — {C.tips['sneak'].text}" in text
    assert f"• **Press Agent** — {C.tips['press'].text}" in text
    state["hands"][0] = []
    state["chips"][0]["loan"] = 2
    text = GAME.private_summary(state, 0)
    assert "**Insider Tips:** none in hand." in text
    assert "(owing $50,000 to the Credit Union)" in text


def test_summary_tells_the_secret_rolls_only_to_their_holders_and_only_while_secret():
    state = place_all(new(3, seed=5), {0: "place:preview", 1: "place:agency"})
    preview, agency = state["secret"]["preview"], state["secret"]["agency"]
    mine, theirs, third = (GAME.private_summary(state, s) for s in range(3))
    dice = " + ".join(map(str, preview["dice"]))
    assert f"**Preview House (secret):** you rolled {dice}" in mine
    assert f"**Advertising Agency (secret):** your die shows {agency['die']}; " \
           f"{C.boxes[agency['box']].name} will pay two dice." in theirs
    assert "Preview House" not in theirs and "Agency (secret)" not in mine
    assert "secret" not in third
    state, _ = confirm_all(stop_picking(look(state)))  # the screens come down: no longer a secret
    assert "secret" not in GAME.private_summary(state, 0) + GAME.private_summary(state, 1)


def test_summary_shows_the_bids_behind_the_screen_and_the_films_of_the_round():
    state = new(2)
    state["hands"][0] = ["cartoon"]
    state = to_screen(state, {0: ["Father of the Bride"]})
    state, _ = act(state, 0, "bid:radio:3")
    state, _ = act(state, 0, "tip:cartoon")
    text = GAME.private_summary(state, 0)
    cash = state["cash"][0]
    assert "**Your films this round:** *Father of the Bride* (" in text
    assert "screen time used" in text
    assert (f"**Advertising:** Behind your screen: Radio Spots 3 pips — $3,000 of your ${cash:,}; "
            "tips: Cartoon Short.") in text
    state, _ = act(state, 0, "bids:confirm")
    confirmed = GAME.private_summary(state, 0)
    assert "**Advertising (confirmed):** Behind your screen: Radio Spots 3 pips" in confirmed
    assert "Radio Spots" not in GAME.private_summary(state, 1)
    assert film("Father of the Bride") in state["screened"][0]


def test_summary_shows_film_pick_tips_in_force():
    state = new(2)
    state["hands"][0] = ["sneak", "discount"]
    state = to_pick(state)
    assert state["picker"] == 0
    state, _ = act(state, 0, "tip:sneak")
    state, _ = act(state, 0, "tip:discount")
    text = GAME.private_summary(state, 0)
    assert "**In force:** Sneak Preview: you pick again after your next pick; Studio Discount:" \
        in text
    assert "**Your films this round:** none yet (0h00 of 3h00 screen time used)." in text


def test_a_big_hand_is_listed_by_name_so_the_panel_stays_one_message():
    state = new(2)
    state["hands"][0] = list(C.tips) * 2
    text = GAME.private_summary(state, 0)
    assert len(text) < 1400 and all(f"**{kind.name}**" in text for kind in C.tips.values())
    assert C.tips["cartoon"].text not in text


def test_no_summary_ever_shows_another_seats_secret():
    for seed, players in ((2, 3), (9, 4)):
        state = new_game(GAME, players, {"rounds": 4}, seed)
        while GAME.result(state) is None:
            if state["_move"] % 4 == 0 or state["phase"] in ("genre", "screen"):
                for seat in range(players):
                    text = GAME.private_summary(state, seat)
                    assert text == GAME.private_summary(others_scrambled(state, seat), seat)
                    assert all(f"**{C.tips[kind].name}**" in text for kind in state["hands"][seat])
            seat = min(GAME.pending(state))
            action = BOT.choose(state, seat, rng_for(seed, state["_move"], "b"))
            state, _ = play(GAME, state, seat, action)


def test_the_opening_shows_the_first_array_and_the_start_player():
    state = new_game(GAME, 3, {"rounds": 4}, 7)
    [event] = GAME.opening_events(state)
    assert event.public and event.image == "array"
    start = f"{{p{state['start']}}}"
    assert event.text == (f"Round 1 of 4: 24 films are dealt. {start} draws the Start Player Token "
                          "and places first.")
