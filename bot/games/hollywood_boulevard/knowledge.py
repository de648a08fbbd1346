"""What a seat knows, for its bots (``determinize``), and how well a seat stands (``utility``).

Hidden from a seat: the others' Insider Tips and the tip deck's order, the film decks'
order beyond the films dealt, what stands behind the others' screens while they advertise,
and the others' Preview House and Agency rolls until the screens come down."""
from __future__ import annotations

import random

from bot.engine import State
from bot.engine.fair import copied, fresh_seed, redeal
from bot.engine.search import margin_utility

from .flow import DECK_SAMPLE, deck_order, scores

#: Phases in which a secret roll is still behind its holder's screen.
SECRET_PHASES = ("genre", "pick", "screen")


def determinize(game, state: State, seat: int, rng: random.Random) -> State:
    c = game.content
    sample = copied(state)
    others = [s for s in range(sample["players"]) if s != seat]
    redeal([*(sample["hands"][s] for s in others), sample["tips"]["deck"]], rng)
    dealt = deck_order(c, state)[:state["dealt"]]  # every one shown in an array
    rest = sorted(set(c.decks[state["deck_number"] - 1]) - set(dealt))
    rng.shuffle(rest)
    sample[DECK_SAMPLE] = {"deck": state["deck_number"], "order": dealt + rest}
    sample["deck_seeds"] = [rng.randrange(2**31), rng.randrange(2**31)]
    if sample["phase"] == "screen":
        for s in others:
            sample["screens"][s].update(bids={}, tips=[], press=None)
    secret = sample["secret"]
    if sample["phase"] in SECRET_PHASES:
        preview = secret["preview"]
        if preview and preview["seat"] != seat:
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            genre = c.genre_by_roll.get(sum(dice))  # None on snake eyes: the holder names it
            if genre is None and sample["phase"] != "genre":
                genre = rng.choice(sorted(c.genres))
            preview.update(dice=dice, genre=genre)
        agency = secret["agency"]
        if agency and agency["seat"] != seat:
            die = rng.randint(1, 6)
            agency.update(die=die, box=c.box_by_die[die])
    fresh_seed(sample, rng)
    return sample


def utility(game, state: State, seat: int) -> float:
    """Cash less loans plus unplayed tips: what the game is won on."""
    return margin_utility([float(v) for v in scores(game.content, state)], seat, scale=15_000.0)
