"""What a seat knows, for its bots (``determinize``), and how well a seat stands (``utility``).

Hidden from a seat: the order of the card deck, the dice to come, the terms of an offer
between two other seats and the trade the player on turn is drafting. The table sees only
who offers whom what kind of deal (``views.public_view``); a sample puts in terms made of
that alone (``_stand_in_terms``) and a draft back at its first step, so a bot seat is never
given terms it was not party to."""
from __future__ import annotations

import random
from typing import Any

from bot.engine import State
from bot.engine.fair import copied, fresh_seed, redeal
from bot.engine.search import margin_utility

from .money import worth


def determinize(game, state: State, seat: int, rng: random.Random) -> State:
    sample = copied(state)
    redeal([sample["deck"]], rng)
    offer = sample["offer"]
    if offer is not None and seat not in (offer["by"], offer["to"]):
        offer["terms"] = _stand_in_terms(game, sample, offer)
    if sample["draft"] is not None and sample["turn"] != seat:
        sample["draft"] = {"step": "partner"}  # where every trade starts: the rest is the drafter's
    fresh_seed(sample, rng)
    return sample


def _stand_in_terms(game, state: State, offer: dict[str, Any]) -> dict[str, Any]:
    """Terms a seat outside an offer can write from what the table saw: deals are put by the
    player on turn, a Connection Card's for the Home Base it stands on, at the card's fixed
    price; a trade moves nothing until its two players say what."""
    proposer = state["turn"]
    partner = offer["to"] if offer["by"] == proposer else offer["by"]
    if offer["terms"]["kind"] == "trade":
        return {"kind": "trade", "a": proposer, "b": partner, "a_gives": [], "b_gives": [], "a_pays": 0}
    home = game.board.spaces[state["seats"][proposer]["space"]]
    price = min(game.board.rules.connection_price, state["seats"][proposer]["cash"])
    return {"kind": "connection", "group": home.group, "buyer": proposer, "seller": partner, "price": price}


def utility(game, state: State, seat: int) -> float:
    """Worth (cash, half of cards and developments, less a loan) decides the game."""
    values = [float(worth(game.board, state, s)) for s in range(len(state["seats"]))]
    return margin_utility(values, seat, scale=400_000.0)
