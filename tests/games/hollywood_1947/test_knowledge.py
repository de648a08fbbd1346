"""What a Hollywood 1947 bot seat's sampled world holds (issue 35): only what the seat can
know. A card its notes name from the last movie, or one it discarded, may have been shuffled
back into the deck since (a refill shows only as the piles' sizes): the sample must not hold
it where it truly lies. Twins made by hand move such a card to another hidden place; the
seat's sample is the same in both."""
from __future__ import annotations

import random

from bot.engine import play, rng_for
from bot.games.hollywood_1947.knowledge import determinize
from tests.games.hollywood_1947.helpers import BOT, GAME, fresh

SEEDS = (1, 2, 3, 4)
SAMPLES = 3
#: The notes that put a card into the movie being made (post.py, production.py): until its
#: premiere, that card is in the movie or the Editor's hand.
INTO_THE_MOVIE = {"added", "ghost", "composed", "returned"}


def hidden_piles(state: dict, seat: int) -> dict[str, list[str]]:
    """The lists of cards the seat cannot see, by name: the others' hands, the deck, the
    discard, the movie."""
    hands = {f"hand {other}": hand for other, hand in enumerate(state["hands"]) if other != seat}
    return {**hands, "deck": state["deck"], "discard": state["discard"], "movie": state["movie"]}


def unplaced_notes(state: dict, seat: int) -> set[str]:
    """Cards the seat's notes name that they do not put into this movie: the last movie's,
    and those it discarded (the discard may have gone back into the deck since)."""
    notes = [note for note in state["notes"][seat] if note["kind"] != "rejected"]
    placed = {note["id"] for note in notes if note["round"] == state["round"] and note["kind"] in INTO_THE_MOVIE}
    return {note["id"] for note in notes} - placed


def moved(state: dict, seat: int, card: str, to: str, rng: random.Random) -> dict | None:
    """A twin in which ``card`` and a card the seat knows nothing of, lying in the hidden pile
    ``to``, have changed places (and the others' notes follow them); None when there is none."""
    twin = {**state, "hands": [list(h) for h in state["hands"]], "deck": list(state["deck"]),
            "discard": list(state["discard"]), "movie": list(state["movie"]),
            "notes": [[dict(n) for n in notes] for notes in state["notes"]]}
    piles = hidden_piles(twin, seat)
    noted = {note["id"] for note in twin["notes"][seat]}
    strangers = [i for i, c in enumerate(piles[to]) if c not in noted]
    if not strangers:
        return None
    home = next(pile for pile in piles.values() if card in pile)
    index = rng.choice(strangers)
    other = piles[to][index]
    home[home.index(card)], piles[to][index] = other, card
    swap = {card: other, other: card}
    for notes in twin["notes"][:seat] + twin["notes"][seat + 1:]:
        for note in notes:
            note["id"] = swap.get(note["id"], note["id"])
    return twin


def test_a_sample_holds_no_noted_card_where_it_truly_lies():
    compared, moves = 0, set()
    for seed in SEEDS:
        state = fresh(3, seed)
        while GAME.result(state) is None:
            seat = min(GAME.pending(state))
            rng = random.Random(f"{seed}:{state['_move']}")
            piles = hidden_piles(state, seat)
            for card in sorted(unplaced_notes(state, seat)):
                lies = next((name for name, pile in piles.items() if card in pile), None)
                if lies is None:
                    continue  # in the seat's own hand again
                for to in piles.keys() - {lies}:
                    twin = moved(state, seat, card, to, rng)
                    if twin is None:
                        continue
                    assert GAME.view(twin, seat) == GAME.view(state, seat), "a twin the seat can tell apart"
                    for number in range(SAMPLES):
                        sample = determinize(GAME, state, seat, random.Random(number))
                        assert determinize(GAME, twin, seat, random.Random(number)) == sample, (
                            f"seed {seed}, move {state['_move']}: the sample holds {card} where it lies")
                    compared += 1
                    moves.add((lies, to))
            state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(seed, state["_move"], "bot")))
    assert compared > 50
    assert {("discard", "deck"), ("discard", "movie")} <= moves  # the two ways the issue found


def test_a_card_put_into_this_movie_stays_in_it_in_every_sample():
    """The notes that do place a card: the seat's own cards added this movie."""
    for seed in SEEDS:
        state = fresh(4, seed)
        while GAME.result(state) is None and state["phase"] != "tokens":
            seat = min(GAME.pending(state))
            state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(seed, state["_move"], "bot")))
        if state["phase"] != "tokens":
            continue
        placed = 0
        for seat in range(state["players"]):
            added = [n["id"] for n in state["notes"][seat] if n["round"] == state["round"] and n["kind"] == "added"]
            for number in range(SAMPLES):
                sample = determinize(GAME, state, seat, random.Random(number))
                assert set(added) <= set(sample["movie"]) and len(sample["movie"]) == len(state["movie"])
            placed += len(added)
        assert placed
        return
    raise AssertionError("no game reached the tokens")
