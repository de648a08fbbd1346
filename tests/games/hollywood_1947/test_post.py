"""Post: stars add cards, tokens add more, the deck card, the cut and the Editor."""
import pytest

from bot.engine import IllegalMove

from .helpers import (
    CX,
    GAME,
    act,
    actions,
    all_blank,
    fresh,
    public_texts,
    restart,
    set_dice,
    texts,
)


def table(players=4, jobs=None, seed=1, **options):
    """Seat 0 Screenwriter, 1 Editor, 2 Gaffer, 3 Director (4 players) unless told."""
    state = restart(fresh(players, seed=seed, **options), jobs or {1: 0, 9: 1, 4: 2, 3: 3})
    all_blank(state)
    return state


def to_post(state, editor=None):
    """Play production: the Editor (seat) declares if asked, everyone else passes."""
    movie = state["round"]
    while state["phase"] == "production" and state["round"] == movie:
        seat = state["turn"]["seat"]
        job = "job:9" if seat == editor and "job:9" in actions(state, seat) else "pass"
        state, _ = act(state, seat, job)
    return state


def test_every_player_with_a_star_adds_one_card_at_the_same_time():
    state = table()
    set_dice(state, {"0": True, "2": True})
    state = to_post(state, editor=1)
    assert state["phase"] == "stars" and GAME.pending(state) == {0, 2}
    assert all(c.private and c.action.startswith("add:") for c in GAME.legal(state, 0))
    assert not GAME.legal(state, 1) and not GAME.legal(state, 3)  # no star: nothing to add
    card = state["hands"][2][0]
    state, events = act(state, 2, f"add:{card}")
    assert GAME.pending(state) == {0} and card in state["movie"]
    assert [e.to for e in events] == [(2,), None]  # only the adder hears which card it was
    state, events = act(state, 0, f"add:{state['hands'][0][0]}")
    # both cards and the deck card are in; the Editor now looks at one of them
    assert state["phase"] == "editor" and GAME.view(state, None)["movie_size"] == 3


def test_the_table_hears_who_has_finished_adding_but_never_which_card():
    state = table()
    set_dice(state, {"0": True, "2": True, "3": True})
    state = to_post(state, editor=1)
    card = state["hands"][2][0]
    state, events = act(state, 2, f"add:{card}")
    assert public_texts(events) == "{p2} has added 1 card face down."
    assert CX.cards[card].name not in public_texts(events)
    assert "waiting for {p0}, {p3}" in GAME.status(state)
    state, events = act(state, 0, f"add:{state['hands'][0][0]}")
    assert public_texts(events) == "{p0} has added 1 card face down."
    state, events = act(state, 3, f"add:{state['hands'][3][0]}")
    # the last one done: the count for every star instead of a line of their own
    assert "{p3} has added" not in public_texts(events)
    assert "The stars have added their cards: {p0} ×1, {p2} ×1, {p3} ×1." in public_texts(events)


def test_union_strike_tells_the_table_who_is_done_and_how_many_cards():
    state = table(union_strike=True)
    state["posters"].insert(0, next(p for p in CX.posters if CX.posters[p].symbol == "neutral"))
    set_dice(state, {"0": True, "2": True})
    state = to_post(state, editor=1)
    assert state["post"]["union"]
    state, _ = act(state, 2, f"add:{state['hands'][2][0]}")
    state, _ = act(state, 2, f"add:{state['hands'][2][0]}")
    state, events = act(state, 2, "done")
    assert public_texts(events) == "{p2} has added 2 cards face down."
    state = table(union_strike=True)
    state["posters"].insert(0, next(p for p in CX.posters if CX.posters[p].symbol == "neutral"))
    set_dice(state, {"0": True, "2": True})
    state = to_post(state, editor=1)
    state, events = act(state, 0, "done")
    assert public_texts(events) == "{p0} has added no cards face down."


def test_adding_a_card_not_in_hand_is_refused():
    state = table()
    set_dice(state, {"0": True})
    state = to_post(state, editor=1)
    stranger = state["deck"][0]
    with pytest.raises(IllegalMove, match="from your hand"):
        act(state, 0, f"add:{stranger}")


def test_two_star_dice_add_two_cards_in_small_games():
    state = restart(fresh(2), {1: 0, 3: 0, 9: 1, 4: 1})
    all_blank(state)
    set_dice(state, {"0a": True, "0b": True, "1a": True})
    state = to_post(state, editor=1)
    assert state["post"]["owed"] == {"0": 2, "1": 1}
    state, _ = act(state, 0, f"add:{state['hands'][0][0]}")
    assert 0 in GAME.pending(state)
    state, _ = act(state, 0, f"add:{state['hands'][0][0]}")
    assert 0 not in GAME.pending(state) and len(state["hands"][0]) == 1


def test_token_holders_may_spend_several_tokens_in_turn_order_without_a_star():
    state = table()
    state["tokens"] = [0, 0, 2, 1]
    state["tokens_center"] = 1
    state = to_post(state, editor=1)
    # nobody has a star; token holders go from the lowest job (seat 0) clockwise: 2, then 3
    assert state["phase"] == "tokens" and GAME.pending(state) == {2}
    assert "keep" in actions(state, 2)
    state, events = act(state, 2, f"token:{state['hands'][2][0]}")
    assert "returned a token" in public_texts(events) and state["tokens_center"] == 2
    assert GAME.pending(state) == {2}  # a second token
    state, _ = act(state, 2, f"token:{state['hands'][2][0]}")
    assert GAME.pending(state) == {3}
    state, _ = act(state, 3, "keep")
    assert state["tokens"] == [0, 0, 0, 1] and state["phase"] == "editor"
    assert GAME.view(state, None)["movie_size"] == 3  # two token cards and the deck card


def test_top_deck_card_goes_into_the_movie_unless_the_composer_added():
    state = table()
    top = state["deck"][0]
    state = to_post(state, editor=1)
    assert state["editor_card"] == top  # the only card in the movie is the deck's top card
    state = table(jobs={1: 0, 9: 1, 8: 2, 3: 3})
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "job:9")
    state, _ = act(state, 2, "job:8")
    kept = state["step"]["drawn"][0]
    state, _ = act(state, 2, f"compose:{kept}")
    top = state["deck"][0]
    state = to_post(state)
    assert state["editor_card"] == kept and top in state["deck"]


def test_one_card_is_discarded_at_random_unseen():
    state = table(jobs={1: 0, 5: 1, 4: 2, 3: 3})
    set_dice(state, {"0": True, "1": True, "2": True})
    state = to_post(state)
    added = []
    for seat in (0, 1, 2):
        card = state["hands"][seat][0]
        added.append(card)
        state, events = act(state, seat, f"add:{card}")
    revealed = state["last_premiere"]["cards"]
    assert len(revealed) == 3  # 3 stars + 1 deck card - 1 cut
    assert "discarded at random, unseen" in public_texts(events)
    all_ids = set(CX.cards)
    for event in events:
        if event.to is None:
            assert not any(cid in event.text for cid in all_ids)
    assert len(set(added) - set(revealed)) <= 1  # at most one star card was cut


def test_editor_sees_the_cut_card_and_may_cut_it():
    state = table()
    set_dice(state, {"0": True})
    state = to_post(state, editor=1)
    state, events = act(state, 0, f"add:{state['hands'][0][0]}")
    card = state["editor_card"]
    assert GAME.pending(state) == {1}
    assert GAME.view(state, 1)["you"]["editor_card"]["id"] == card
    assert "editor_card" not in GAME.view(state, 0)["you"]
    private = [e for e in events if e.to == (1,)]
    assert private and CX.cards[card].name in private[0].text
    assert all(c.private for c in GAME.legal(state, 1))
    state, events = act(state, 1, "edit:discard")
    assert card in state["discard"] and len(state["last_premiere"]["cards"]) == 1
    assert "cut the card" in public_texts(events)


def test_editor_may_put_the_card_back_then_one_is_cut_at_random():
    state = table()
    set_dice(state, {"0": True, "2": True})
    state = to_post(state, editor=1)
    state, _ = act(state, 0, f"add:{state['hands'][0][0]}")
    state, _ = act(state, 2, f"add:{state['hands'][2][0]}")
    movie = [state["editor_card"], *state["movie"]]
    state, events = act(state, 1, "edit:return")
    assert "put the card back" in public_texts(events)
    assert "discarded at random" in public_texts(events)
    assert len(state["last_premiere"]["cards"]) == 2
    assert set(state["last_premiere"]["cards"]) < set(movie)


def test_editor_who_loses_the_job_after_declaring_still_edits():
    # seat 1 edits, then the Producer (seat 2) takes the Editor card
    state = restart(fresh(5), {1: 0, 9: 1, 2: 2, 4: 3, 3: 4})
    all_blank(state)
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "job:9")
    for action in ("job:2", "pick:2", "pick:9"):
        state, events = act(state, 2, action)
    assert state["jobs"]["9"] == 2 and state["jobs"]["2"] == 1
    assert "cannot be performed again" in texts(events)
    state = to_post(state)
    assert state["phase"] == "editor" and GAME.pending(state) == {1}
