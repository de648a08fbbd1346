"""Texts and choices fit: rules help, one-line prompts and status, labels, action lengths."""
from bot import controls
from bot.engine import MAX_ACTION_LENGTH, MAX_FILLED_ACTION_LENGTH, new_game, play, rng_for
from bot.table.service import choice_payload

from .helpers import act, bot, connect, fresh, game, own

LONG_NAME = "Player with a very long display name!"


def named(text, players):
    for seat in range(players):
        text = text.replace(f"{{p{seat}}}", LONG_NAME)
    return text


def test_rules_summary_fits():
    rules = game().rules_summary()
    assert len(rules) < 4000 and "San Quentin" in rules and "Connection" in rules


def test_the_rules_say_how_two_players_split_the_groups():
    from bot.engine import new_game

    rules = game().rules_summary()
    assert "2 players: two each, the higher roller Politician and Attorney, the other " \
        "Membership Chairman and Labor Leader" in rules
    state = new_game(game(), 2, {}, 3)
    first = state["holders"]["politician"]
    assert state["holders"]["attorney"] == first
    assert state["holders"]["membership-chairman"] == state["holders"]["labor-leader"] == 1 - first


def test_every_choice_prompt_and_status_fits_through_whole_games():
    g, b = game(), bot()
    for players, seed in ((2, 5), (4, 6), (6, 7)):
        state = new_game(g, players, {"rounds": 10}, seed)
        while g.result(state) is None:
            assert "\n" not in g.status(state)
            for seat in range(players):
                assert "\n" not in g.prompt(state, seat)
                found = g.legal(state, seat)
                assert len(found) <= 100
                for choice in found:
                    assert len(named(choice.label, players)) <= 80, choice.label
                    assert len(choice.action) <= MAX_ACTION_LENGTH
                    if choice.subset is not None:
                        values = [value for value, _ in choice.subset.options]
                        assert len(choice.fill(values)) <= MAX_FILLED_ACTION_LENGTH
            seat = min(g.pending(state))
            state, _ = play(g, state, seat, b.choose(state, seat, rng_for(seed, state["_move"])))
        assert g.status(state).startswith("Game over")


def pages(choices, players, rows):
    names = [LONG_NAME] * players
    return controls.layout(1, 1, [choice_payload(c, names) for c in choices], rows=rows)[1]


def test_every_decision_is_one_message_and_public_ones_fit_a_thread_post():
    g, b = game(), bot()
    for players, seed in ((3, 15), (6, 16)):
        state = new_game(g, players, {"rounds": 10, "rent": "claim"}, seed)
        while g.result(state) is None:
            for seat in range(players):
                found = g.legal(state, seat)
                public = [c for c in found if not c.private]
                assert not found or pages(found, players, controls.MAX_ROWS) == 1
                assert not public or pages(public, players, 4) == 1
            seat = min(g.pending(state))
            state, _ = play(g, state, seat, b.choose(state, seat, rng_for(seed, state["_move"])))


def test_a_subset_of_every_card_fits_a_filled_action():
    state = fresh(2)
    for space in game().board.for_sale:
        own(state, 0, space.id)
    act(state, 0, "trade")
    act(state, 0, "trade-with:1")
    (give,) = [c for c in game().legal(state, 0) if c.action == "trade-give:{}"]
    assert len(give.fill([v for v, _ in give.subset.options])) <= MAX_FILLED_ACTION_LENGTH


def test_prompts_say_what_each_seat_is_asked():
    g = game()
    state = fresh(3)
    assert g.prompt(state, 0).startswith("Your turn")
    assert g.prompt(state, 1) == "Wait: it is {p0}'s turn."


def test_the_private_summary_tells_cards_connections_and_the_open_offer():
    g = game()
    state = fresh(3)
    own(state, 0, "union-square")
    connect(state, 0, "attorney")
    summary = g.private_summary(state, 0)
    assert "Union Square" in summary and "Attorney" in summary and "two to develop" in summary
