"""What a seat knows, for its bots (``determinize``), and how well a seat stands (``utility``).

Hidden from a seat: the contracts face down on the agencies' piles (but those it peeked
at), the decks of the rounds to come and the discards. Each is dealt again among places
holding a card of the same deck (a contract's id starts with its deck's letter), so round
III still draws from deck III; another seat's peek follows the card now at its place."""
from __future__ import annotations

import random

from bot.engine import State
from bot.engine.fair import copied, fresh_seed, redeal
from bot.engine.search import margin_utility

from .holdings import owned_value


def determinize(game, state: State, seat: int, rng: random.Random) -> State:
    sample = copied(state)
    piles = [agency["pile"] for agency in sample["agencies"].values()]
    mine = {(id(agency["pile"]), agency["pile"].index(peek["card"]))
            for agency in sample["agencies"].values() for peek in agency["peeks"]
            if peek["seat"] == seat and peek["card"] in agency["pile"]}
    theirs = [(agency["pile"], agency["pile"].index(peek["card"]), peek)
              for agency in sample["agencies"].values() for peek in agency["peeks"]
              if peek["seat"] != seat and peek["card"] in agency["pile"]]
    hidden: list[list[str]] = []
    for pile in piles:  # the cards this seat peeked at stay where they are
        hidden.append([card for i, card in enumerate(pile) if (id(pile), i) not in mine])
    redeal([*hidden, *sample["decks"].values(), sample["discard"]], rng, kind=lambda card: card[0])
    for pile, unseen in zip(piles, hidden, strict=True):
        fill = iter(unseen)
        pile[:] = [card if (id(pile), i) in mine else next(fill) for i, card in enumerate(pile)]
    for pile, place, peek in theirs:
        peek["card"] = pile[place]
    fresh_seed(sample, rng)
    return sample


def utility(game, state: State, seat: int) -> float:
    """Points decide the game; this round's lead in contracts, money and billboards are
    points to come."""
    content = game.content
    contracts = state["contracts"]
    most = max(contracts)
    round_points = content.round_points[min(state["round"], len(content.round_points)) - 1]
    values = [state["score"][s] + (0.6 * round_points if most and contracts[s] == most else 0.0)
              + 0.08 * (state["money"][s] + state["locked"][s]) + 0.08 * owned_value(content, state, s)
              for s in range(state["players"])]
    return margin_utility(values, seat, scale=3.0)
