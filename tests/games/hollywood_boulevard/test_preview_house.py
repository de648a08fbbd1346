"""The Preview House: the genre generator, a roll behind the holder's screen, snake eyes, and
what the table learns when (only when) the screens come down."""
from __future__ import annotations

import copy
import random

import pytest

from bot.engine import IllegalMove

from .helpers import (
    GAME,
    C,
    act,
    actions,
    confirm_all,
    discord,
    look,
    new,
    place_all,
    preview_roll,
    stop_picking,
)

SNAKE_EYES = [1, 1]


def test_the_sheets_example_4_and_5_give_drama():
    # The sheet: 'Joe rolls 2 dice resulting in 4 and 5 behind his Theater Screen. The
    # resulting Genre is "Drama". When he lowers his screen he places the marker on the board
    # in the Drama section.'
    assert C.genres[C.genre_by_roll[4 + 5]].name == "Drama"
    state, events = preview_roll([4, 5])
    assert "Behind your screen you roll 4 + 5: Drama will trend this round." in [
        e.text for e in events if e.to == (0,)]
    state, events = confirm_all(stop_picking(look(state)))
    assert state["genre"] == "drama"
    assert any("rolled 4 + 5; Drama is the trending genre" in e.text for e in events if e.public)


def test_the_holder_notes_an_ordinary_roll_in_private_and_may_not_change_it():
    state, _ = preview_roll([4, 5])
    assert state["phase"] == "genre" and GAME.pending(state) == {0}
    choices = GAME.legal(state, 0)
    assert [(c.action, c.label, c.private) for c in choices] == [
        ("genre:drama", "Drama trends this round (you rolled 4 + 5)", True)]
    assert "4 + 5" in GAME.prompt(state, 0) and "Drama" in GAME.prompt(state, 0)
    with pytest.raises(IllegalMove, match="only snake eyes let you choose"):
        act(state, 0, "genre:western")
    state, events = act(state, 0, "genre:drama")
    assert state["phase"] == "pick" and state["genre"] is None  # still behind the screen
    assert [e.to for e in events if "Drama" in e.text] == [(0,)]


def test_snake_eyes_at_the_preview_house_lets_the_holder_choose_any_genre():
    state, _ = preview_roll(SNAKE_EYES)
    assert GAME.pending(state) == {0}
    choices = GAME.legal(state, 0)
    assert len(choices) == 10 and all(c.private for c in choices)
    selects, buttons, _pages = discord(choices)  # one select in the holder's DM
    assert list(selects) == ["Choose the trending genre…"] and not buttons
    state, _ = act(state, 0, "genre:epic")
    assert state["phase"] == "pick" and state["secret"]["preview"]["genre"] == "epic"
    assert GAME.view(state, 0)["my_preview_roll"]["genre"] == "epic"
    state, _ = confirm_all(stop_picking(state))
    assert state["genre"] == "epic"


def _public(state: dict, events: list) -> tuple:
    """Everything the table sees after a move: the public view, the status line, whom the
    game waits on, the public choices, and the public events."""
    return (GAME.view(state, None), GAME.status(state), sorted(GAME.pending(state)),
            [[c for c in GAME.legal(state, seat) if not c.private] for seat in range(state["players"])],
            [e for e in events if e.public])


def _to_the_reveal(dice: list[int], genre: str) -> tuple[list[tuple], dict, list]:
    """Roll ``dice`` at the Preview House, name or note ``genre``, nobody picks, everyone
    confirms: what the table saw after each move before the reveal, then the final state and
    the reveal's events."""
    state, events = preview_roll(dice)
    seen = [_public(state, events)]
    state, events = act(state, 0, f"genre:{genre}")
    seen.append(_public(state, events))
    while state["phase"] == "pick":
        state, events = act(state, state["picker"], "done")
        seen.append(_public(state, events))
    state, events = act(state, 0, "bids:confirm")
    seen.append(_public(state, events))
    state, events = act(state, 1, "bids:confirm")  # the screens come down
    return seen, state, events


def test_the_table_learns_nothing_of_the_roll_or_the_pick_before_the_screens_come_down():
    snake_western, final, reveal = _to_the_reveal(SNAKE_EYES, "western")
    snake_drama, _, _ = _to_the_reveal(SNAKE_EYES, "drama")
    ordinary_drama, _, _ = _to_the_reveal([4, 5], "drama")
    ordinary_musical, _, _ = _to_the_reveal([6, 6], "musical")
    # Snake eyes or not, whichever genre: the same public moment after every move.
    assert snake_western == snake_drama == ordinary_drama == ordinary_musical
    for view, status, *_rest, events in snake_western:
        assert view["genre"] is None and view["genre_hidden"]
        said = " ".join([status, *(e.text for e in events)])
        assert "snake" not in said.lower() and "Western" not in said and "1 + 1" not in said
    # Screens down: now the table learns the roll and the pick.
    assert final["genre"] == "western"
    view = GAME.view(final, None)
    assert view["genre"] == "western" and not view["genre_hidden"]
    assert any("rolled 1 + 1 (snake eyes: their choice); Western is the trending genre" in e.text
               for e in reveal if e.public)


def test_the_roll_and_the_pick_are_told_to_the_holder_alone():
    state, events = preview_roll(SNAKE_EYES)
    told = [e for e in events if "1 + 1" in e.text]
    assert [e.to for e in told] == [(0,)] and "snake eyes" in told[0].text
    assert all(c.private for c in GAME.legal(state, 0))
    assert "my_preview_roll" in GAME.view(state, 0) and "my_preview_roll" not in GAME.view(state, 1)
    with pytest.raises(IllegalMove, match="Only the Preview House holder"):
        GAME.apply(copy.deepcopy(state), 1, "genre:epic", random.Random(0))
    _state, events = act(state, 0, "genre:western")
    assert [e.to for e in events if "Western" in e.text] == [(0,)]


def test_without_a_holder_nobody_takes_the_private_step():
    state = place_all(new(2, seed=5))
    assert state["phase"] == "pick" and state["secret"]["preview"] is None
    assert not any(a.startswith("genre:") for seat in (0, 1) for a in actions(state, seat))
