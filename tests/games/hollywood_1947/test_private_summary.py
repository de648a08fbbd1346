"""`private_summary(state, seat)`: the seat's own secrets, as Markdown, and nobody else's."""
from bot.engine import new_game, play, rng_for

from .helpers import (
    BOT,
    CX,
    GAME,
    act,
    all_blank,
    fresh,
    give_hand,
    pass_round,
    restart,
    set_dice,
    stack_deck,
)

HANDS = {0: ["backlot-1", "parade-1", "homecoming-1"], 1: ["breadline-1", "reddawn-1",
         "shakeup-1"], 2: ["anthem-1", "hearing-1", "chorus-1"], 3: ["union-1", "chase-1"],
         4: ["number-1"]}  # thirteen card names, each in one hand only (the deck's top: romance)


def name(card_id):
    return CX.cards[card_id].name


def rigged_table():
    """5 players: 1 and 3 communists; 2 Screenwriter, 0 Director, 1 Gaffer, 3 Actor, 4 Editor."""
    state = fresh(5, seed=3)
    state["loyalty"] = ["patriot", "communist", "patriot", "communist", "patriot"]
    state = restart(state, {1: 2, 3: 0, 4: 1, 7: 3, 9: 4})
    for seat, cards in HANDS.items():
        give_hand(state, seat, cards)
    stack_deck(state, ["romance-1"])
    return state


def summaries(state):
    return [GAME.private_summary(state, seat) for seat in range(state["players"])]


def assert_only(texts, owner, secret):
    for seat, text in enumerate(texts):
        assert (secret in text) == (seat == owner), f"{secret!r} in seat {seat}'s summary"


def test_loyalty_and_fellow_communists_go_only_to_their_seat():
    texts = summaries(rigged_table())
    assert "**Communist**" in texts[1] and "Your fellow communists: {p3}." in texts[1]
    assert "**Communist**" in texts[3] and "Your fellow communists: {p1}." in texts[3]
    for seat in (0, 2, 4):
        assert "**Patriot**" in texts[seat] and "**Communist**" not in texts[seat]
        assert "{p" not in texts[seat]  # a patriot learns nobody's loyalty
    for seat in (1, 3):
        assert "{p0}" not in texts[seat] and "{p2}" not in texts[seat]


def test_the_hand_shows_each_cards_name_and_symbols_to_its_seat_only():
    texts = summaries(rigged_table())
    assert "Shake Up (☭☭) — if revealed, every job is shuffled" in texts[1]
    assert "Congressional Hearing (⚑⚑) — if revealed, every die is re-rolled" in texts[2]
    assert "Big Musical Number (neutral)" in texts[4]
    for seat, cards in HANDS.items():
        for card in cards:
            assert_only(texts, seat, name(card))


def test_the_rejected_poster_is_known_to_the_screenwriter_alone():
    state = rigged_table()
    state, _ = act(state, 2, "job:1")
    keep, drop = state["step"]["drawn"]
    texts = summaries(state)
    assert f"*{CX.posters[keep].name}*" in texts[2] and "reveal one" in texts[2]
    state, _ = act(state, 2, f"poster:{keep}")
    texts = summaries(state)
    rejected = CX.posters[drop]
    assert f"You rejected the poster *{rejected.name}* ({rejected.symbol} corner)" in texts[2]
    assert_only(texts, 2, rejected.name)


def test_cards_added_face_down_and_the_editors_card_stay_with_their_seats():
    state = rigged_table()
    state, _ = act(state, 2, "pass")
    state, _ = act(state, 3, "pass")
    state, _ = act(state, 4, "job:9")
    all_blank(state)
    set_dice(state, {"0": True})
    while state["phase"] == "production":
        state, _ = act(state, state["turn"]["seat"], "pass")
    state, _ = act(state, 0, "add:backlot-1")
    assert state["phase"] == "editor"
    looked_at = state["editor_card"]
    texts = summaries(state)
    assert "You added Flag on the Backlot (⚑) to the movie." in texts[0]
    assert f"**You are looking at** {name(looked_at)}" in texts[4]
    assert_only(texts, 4, "You are looking at")
    for seat in (1, 2, 3):  # the Editor may be looking at seat 0's card: both know it
        assert "Flag on the Backlot" not in texts[seat] and name(looked_at) not in texts[seat]
    state, _ = act(state, 4, "edit:discard")
    texts = summaries(state)
    assert f"As the Editor you cut {name(looked_at)}" in texts[4]
    assert_only(texts, 4, "you cut")


def test_ghost_cards_a_seat_looked_at_and_where_they_went():
    state = restart(new_game(GAME, 3, {}, 4), {1: 0, 3: 0, 4: 1, 5: 1, 6: 2, 7: 2})
    ghost = state["ghosts"][0]["card"]
    others = [c for c in state["deck"] if name(c) != name(ghost)]
    for seat in range(3):
        give_hand(state, seat, others[seat * 3:seat * 3 + 3])
    state, _ = act(state, 0, "peek")
    texts = summaries(state)
    assert f"ghost card 1: {name(ghost)}" in texts[0]
    assert_only(texts, 0, name(ghost))
    all_blank(state)
    set_dice(state, {"g0": True})
    state = pass_round(state)  # no player star: the ghost's card goes in, the movie premieres
    assert state["round"] == 2
    texts = summaries(state)
    assert f"A ghost card you had looked at, {name(ghost)}" in texts[0]
    assert "ghost card 1:" not in texts[0]  # its replacement is unseen


def test_every_summary_of_a_bot_game_is_markdown_for_its_seat():
    state = new_game(GAME, 6, {"studio_order": True}, 9)
    while GAME.result(state) is None:
        seat = min(GAME.pending(state))
        for other in range(6):
            text = GAME.private_summary(state, other)
            assert text.startswith("Your loyalty: **") and "{p" + str(other) + "}" not in text
        state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(9, state["_move"])))
        rounds_noted = {n["round"] for notes in state["notes"] for n in notes}
        assert rounds_noted <= {state["round"] - 1, state["round"]}  # this movie and the last
    assert "What you know of movie" in GAME.private_summary(state, 0)


def test_opening_events_tell_each_seat_its_loyalty_privately():
    state = rigged_table()
    events = GAME.opening_events(state)
    assert all(e.to is not None and len(e.to) == 1 for e in events)
    to_one = {seat: " ".join(e.text for e in events if e.to == (seat,)) for seat in range(5)}
    assert "{p3}" in to_one[1] and "{p1}" in to_one[3] and "{p" not in to_one[0]
    for seat in range(5):  # the DMs and the summary say the same loyalty lines
        for event in events:
            if event.to == (seat,):
                assert event.text in GAME.private_summary(state, seat)
