"""Reading the table: each seat's chance of each loyalty from the movies' public making."""
import math

from bot.engine import deadlines, new_game, play, rng_for
from bot.games.hollywood_1947 import suspicion

from .helpers import BOT, CX, GAME, card_ids, fresh


def made(added, cards, deck=True, composer=None, editor=None, edit=None):
    """A film whose making the table saw: ``added`` {seat: cards}, then the revealed cards."""
    return {"round": 1, "poster": "comedy", "patriot": 0, "communist": 0, "winner": "patriot",
            "making": {"added": {str(s): n for s, n in added.items()}, "ghosts": 0,
                       "deck": deck, "composer": composer, "editor": editor, "edit": edit,
                       "cards": cards}}


def table(loyalty, films):
    state = fresh(5)
    state["loyalty"] = loyalty
    state["films"] = films
    return state


LOYALTY = ["patriot", "patriot", "communist", "communist", "patriot"]
RED, BLUE, GREY = card_ids("reddawn"), card_ids("parade"), card_ids("romance")


def communist(state, seat, other):
    return suspicion.chances(CX, state, seat)[other].get("communist", 0.0)


def test_before_any_movie_a_patriot_knows_only_the_deal():
    state = table(LOYALTY, [])
    for other in (1, 2, 3, 4):
        assert math.isclose(communist(state, 0, other), 0.5)  # two communists among four
    assert communist(state, 0, 0) == 0.0


def test_a_communist_knows_every_seat():
    state = table(LOYALTY, [made({2: 1, 4: 1}, [RED[0], BLUE[0]])])
    assert [communist(state, 2, s) for s in range(5)] == [0.0, 0.0, 1.0, 1.0, 0.0]


def test_a_seat_that_alone_keeps_adding_communist_cards_is_suspected():
    # Seat 3 alone had a star, three movies running; each time the two cards left after
    # the cut leaned communist (its card and the deck's).
    films = [made({3: 1}, [RED[k], card_ids("chorus")[k]]) for k in range(3)]
    state = table(LOYALTY, films)
    assert communist(state, 0, 3) > 0.85
    assert all(communist(state, 0, s) < 0.45 for s in (1, 2, 4))


def test_a_seat_that_adds_patriot_cards_is_trusted():
    films = [made({1: 1}, [BLUE[k], card_ids("homecoming")[k]]) for k in range(3)]
    state = table(LOYALTY, films)
    assert communist(state, 0, 1) < 0.15


def test_the_editors_cut_counts_against_their_side():
    # Two seats added a card each; the Editor (seat 4) cut the card they saw, and two
    # communist cards were left: what the Editor cut more likely leaned patriot, so the
    # Editor looks like a communist too.
    cut = table(LOYALTY, [made({1: 1, 2: 1}, [RED[0], RED[1]], editor=4, edit="discard")])
    random_cut = table(LOYALTY, [made({1: 1, 2: 1}, [RED[0], RED[1]])])
    assert communist(cut, 0, 4) > communist(random_cut, 0, 4)


def test_the_reading_uses_only_what_the_table_saw():
    films = [made({3: 1, 1: 1}, [RED[0], GREY[0]]), made({2: 1}, [RED[1], BLUE[0]])]
    state = table(LOYALTY, films)
    twin = table(["patriot", "communist", "patriot", "communist", "patriot"], films)
    twin["hands"] = [state["hands"][0], *reversed(state["hands"][1:])]
    assert suspicion.chances(CX, state, 0) == suspicion.chances(CX, twin, 0)


def test_every_deal_the_seat_cannot_rule_out_is_weighed():
    state = table(LOYALTY, [made({3: 1}, [RED[0], RED[1]])])
    deals = suspicion.deals(CX, state, 0)
    assert len(deals) == 6  # two communists among seats 1-4
    assert math.isclose(sum(chance for _, chance in deals), 1.0)
    assert all(deal[0] == "patriot" and deal.count("communist") == 2 for deal, _ in deals)


def test_random_loyalties_weigh_every_mix_the_box_allows():
    state = table(LOYALTY, [])
    state["options"]["random_loyalties"] = True
    deals = dict(suspicion.deals(CX, state, 0))
    assert ("patriot",) * 5 in deals and ("patriot", *["communist"] * 3, "patriot") in deals
    assert all("rising_star" not in deal for deal in deals)  # none at five players


def test_over_real_games_the_reading_beats_the_deal():
    """Patriots' readings of the others after each movie of 40 games between normal bots,
    scored by log loss: the deal alone scores ln 2 ≈ 0.693."""
    loss, count = 0.0, 0
    for seed in range(1, 41):
        state, films = new_game(GAME, 5, None, seed), 0
        while GAME.result(state) is None:
            pending = GAME.pending(state)
            if not pending:
                state, _ = play(GAME, state, -1, deadlines(GAME, state)[0].action)
                continue
            seat = min(pending)
            state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(seed, state["_move"], "b")))
            if len(state["films"]) == films:
                continue
            films = len(state["films"])
            for seat in (s for s, team in enumerate(state["loyalty"]) if team == "patriot"):
                for other in (o for o in range(5) if o != seat):
                    chance = min(max(communist(state, seat, other), 1e-3), 1 - 1e-3)
                    truth = state["loyalty"][other] == "communist"
                    loss -= math.log(chance if truth else 1 - chance)
                    count += 1
    assert loss / count < 0.64


def test_each_film_keeps_its_public_making():
    state = fresh(5, seed=4)
    while not state["films"]:
        seat = min(GAME.pending(state))
        state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(4, state["_move"], "b")))
    making = state["films"][0]["making"]
    added = sum(making["added"].values())
    sources = added + making["ghosts"] + making["deck"] + (making["composer"] is not None)
    assert len(making["cards"]) in (sources, sources - 1)  # the cut takes at most one
    assert "making" not in GAME.view(state, None)["films"][0]
