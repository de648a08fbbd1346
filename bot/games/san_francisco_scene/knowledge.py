"""What a seat knows, for its bots (``determinize``), and how well a seat stands (``utility``).

Hidden from a seat: the order of the card deck and the dice to come. An offer between two
other seats and the trade the player on turn is drafting are theirs too, but a seat is never
asked to decide while they stand (only to claim rent, which reads its own choices), so the
sample keeps them as they are rather than invent terms the rules might refuse."""
from __future__ import annotations

import random

from bot.engine import State
from bot.engine.fair import copied, fresh_seed, redeal
from bot.engine.search import margin_utility

from .money import worth


def determinize(game, state: State, seat: int, rng: random.Random) -> State:
    sample = copied(state)
    redeal([sample["deck"]], rng)
    fresh_seed(sample, rng)
    return sample


def utility(game, state: State, seat: int) -> float:
    """Worth (cash, half of cards and developments, less a loan) decides the game."""
    values = [float(worth(game.board, state, s)) for s in range(len(state["seats"]))]
    return margin_utility(values, seat, scale=400_000.0)
