"""What a seat knows, for its bots: others' hands and the draw pile's order are dealt again
from the cards it has not seen (``determinize``); how well a seat stands (``utility``)."""
from __future__ import annotations

import random

from bot.engine import State
from bot.engine.fair import copied, fresh_seed, redeal
from bot.engine.search import margin_utility

from .estate import owned_count, owned_value


def determinize(game, state: State, seat: int, rng: random.Random) -> State:
    sample = copied(state)
    hidden = [hand for other, hand in enumerate(sample["hands"]) if other != seat]
    redeal([*hidden, sample["draw_pile"]], rng)
    fresh_seed(sample, rng)
    return sample


def utility(game, state: State, seat: int) -> float:
    """Property value decides the game (the count of properties breaks ties)."""
    values = [owned_value(game.board, state, s) + owned_count(state, s) / 100
              for s in range(state["players"])]
    return margin_utility(values, seat, scale=8.0)
