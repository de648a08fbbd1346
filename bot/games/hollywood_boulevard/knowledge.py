"""What a seat knows, for its bots (``determinize``), and how well a seat stands (``utility``).

Hidden from a seat: the others' Insider Tips and the tip deck's order, the film decks'
order beyond the films dealt, what stands behind the others' screens while they advertise,
and the others' Preview House and Agency rolls until the screens come down."""
from __future__ import annotations

import random
from functools import lru_cache

from bot.engine import State
from bot.engine.fair import copied, fresh_seed, redeal, shuffled
from bot.engine.search import margin_utility

from .common import chip, screened_films, upkeep
from .flow import DECK_SAMPLE, deck_order, scores
from .payout import THEATRE_BOXES

#: Phases in which a secret roll is still behind its holder's screen.
SECRET_PHASES = ("genre", "pick", "screen")


def determinize(game, state: State, seat: int, rng: random.Random) -> State:
    c = game.content
    sample = copied(state)
    others = [s for s in range(sample["players"]) if s != seat]
    redeal([*(sample["hands"][s] for s in others), sample["tips"]["deck"]], rng)
    dealt = list(_order(game, state)[:state["dealt"]])  # every one shown in an array
    rest = shuffled(sorted(set(c.decks[state["deck_number"] - 1]) - set(dealt)), rng)
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


#: Phases before the round's payout: the films screened this round are still to pay.
UNPAID = ("place", "genre", "pick", "screen")
#: A die's pips on average.
MEAN_PIPS = 3.5
#: How much of the theatre's income in rounds to come counts now (it is not sure to come).
FUTURE_SHARE = 0.5


def _order(game, state: State) -> tuple[str, ...]:
    """The current deck's order (a sample's own, or the seed's, worked out once a seed)."""
    if state.get(DECK_SAMPLE):
        return tuple(deck_order(game.content, state))
    return _seeded_order(game, state["deck_number"], state["deck_seeds"][state["deck_number"] - 1])


@lru_cache(maxsize=256)
def _seeded_order(game, deck_number: int, seed: int) -> tuple[str, ...]:
    return tuple(deck_order(game.content, {"deck_number": deck_number,
                                           "deck_seeds": [seed, seed]}))


def utility(game, state: State, seat: int) -> float:
    """What the game is won on (cash less loans plus unplayed tips), and what is owed to it:
    the films screened this round at their dice, the theatre's chips for the rounds left
    less their upkeep. A playout ends mid-round, so without these a film bought would only
    be its price, and a chip its cost."""
    c = game.content
    pip = c.rules.pip_value
    rounds_after = state["rounds"] - state["round"]
    values = []
    for s, score in enumerate(scores(c, state)):
        films = screened_films(c, state, s)
        theatre = sum(chip(state, s, box) * c.sections[box].dice_per_chip for box in THEATRE_BOXES)
        owed = 0.0
        if state["phase"] in UNPAID and films:
            dice = sum(f.dice + sum(len(state["cubes"].get(star, [])) for star in f.stars) for f in films)
            owed = (dice + theatre + state["ad_dice"][s]) * MEAN_PIPS * pip
        future = (theatre * MEAN_PIPS * pip - upkeep(c, state, s)) * rounds_after * FUTURE_SHARE
        values.append(score + owed + future)
    return margin_utility(values, seat, scale=15_000.0)
