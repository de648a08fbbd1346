"""Content checks (decks big enough, references resolve) and the set-up of a game."""
from __future__ import annotations

import pytest

from bot.engine import IllegalMove, new_game
from bot.games.hollywood_boulevard.content import ContentError, load
from bot.games.hollywood_boulevard.flow import switch_round

from .helpers import BOT, GAME, C, film, fresh_content, new, raw_content


def test_each_deck_covers_four_rounds_of_24_films():
    assert C.rules.array_size == 24
    for deck in C.decks:
        assert len(deck) >= 24 * 4


def test_first_deck_is_1950_to_1953_and_second_1954_to_1957():
    assert {C.films[f].year for f in C.decks[0]} <= set(range(1950, 1954))
    assert {C.films[f].year for f in C.decks[1]} <= set(range(1954, 1958))


def test_films_use_15_minute_steps_ten_genres_and_known_specials():
    assert len(C.genres) == 10
    for f in C.films.values():
        assert f.minutes % 15 == 0 and f.genre in C.genres
        assert f.colour in ("bw", "color", "technicolor")
        assert ("foreign" in f.specials) == bool(f.country)


def test_anamorphic_formats_only_in_the_second_deck():
    for f in C.decks[0]:
        assert C.films[f].format not in ("superscope", "vistavision")
    assert any(C.films[f].format == "vistavision" for f in C.decks[1])
    assert any(C.films[f].format == "superscope" for f in C.decks[1])


def test_starred_names_are_on_the_board_tracks():
    holiday = C.films[film("Roman Holiday")]
    names = {C.stars[s].name for s in holiday.stars}
    assert names == {"Gregory Peck", "Audrey Hepburn", "William Wyler"}
    for track in ("actor", "director"):
        names = [s.name for s in C.stars.values() if s.track == track]
        assert names == sorted(names)  # alphabetical by first name, as on the board


def test_genre_generator_covers_3_to_12_and_agency_die_1_to_6():
    assert sorted(C.genre_by_roll) == list(range(3, 13))
    assert sorted(C.box_by_die) == list(range(1, 7))
    assert [b.name for b in C.boxes.values()] == [
        "Bus Bench", "Magazines", "Radio Spots", "Newspapers", "Television", "Billboards"]


def test_content_refuses_a_deck_too_small_for_eight_rounds():
    content = raw_content()
    import copy
    broken = copy.deepcopy(content)
    broken["second_deck"]["film"] = broken["second_deck"]["film"][:90]
    with pytest.raises(ContentError, match="8-round game needs 96"):
        load(broken)


def test_content_refuses_an_unknown_tip_condition():
    import copy
    broken = copy.deepcopy(raw_content())
    broken["tips"]["tip"][0]["condition"] = {"mood": "happy"}
    with pytest.raises(ContentError, match="unknown condition"):
        load(broken)


def test_content_loads_twice_identically():
    assert fresh_content() == C


def test_setup_gives_cash_tips_array_and_empty_board():
    state = new(4, start=None)
    assert state["cash"] == [25_000] * 4
    assert [len(h) for h in state["hands"]] == [6] * 4
    assert len(state["array"]) == 24 and set(state["array"]) <= set(C.decks[0])
    assert state["round"] == 1 and state["genre"] is None and state["agency"] is None
    assert all(not chips for chips in state["chips"])
    assert state["phase"] == "place" and state["queue"][0] == [state["start"], 0]


def test_players_two_to_six():
    for players in (2, 6):
        new_game(GAME, players, None, 1)
    for players in (1, 7):
        with pytest.raises(IllegalMove, match="2–6 players"):
            new_game(GAME, players, None, 1)


def test_rounds_option_4_6_8_default_6():
    assert new_game(GAME, 3, None, 1)["rounds"] == 6
    for rounds in (4, 6, 8):
        assert new_game(GAME, 3, {"rounds": rounds}, 1)["rounds"] == rounds
    with pytest.raises(IllegalMove):
        new_game(GAME, 3, {"rounds": 5}, 1)


def test_deck_switch_scales_half_the_game():
    assert [switch_round(r) for r in (4, 6, 8)] == [2, 3, 4]


def test_start_player_is_random():
    starts = {new_game(GAME, 5, None, seed)["start"] for seed in range(40)}
    assert len(starts) >= 4


def test_bot_is_built():
    assert BOT.game is GAME
