"""What a San Francisco Scene bot seat's sampled world holds (issue 35): no terms of an offer
it is not party to, and nothing of the trade another player is drafting. Twins made by hand
change those terms (the table sees only who offers whom what kind of deal); a seat outside
the deal gets the same sample from both."""
from __future__ import annotations

import copy
import random

from bot.engine import deadlines, play, rng_for
from bot.engine import new_game as start
from bot.games.san_francisco_scene.knowledge import determinize
from tests.games.san_francisco_scene.helpers import bot, game

SEEDS = (1, 2, 3)
SAMPLES = 3


def other_terms(terms: dict) -> dict:
    """Terms an outsider could not tell from ``terms``: another price, other cards, other cash."""
    if terms["kind"] == "connection":
        return {**terms, "price": terms["price"] + 10_000}
    return {**terms, "a_gives": [], "b_gives": ["no-such-card"], "a_pays": terms["a_pays"] - 10_000}


def twins(state: dict, seat: int) -> list[dict]:
    """Twins of ``state`` with another offer's terms, or another draft, where ``seat`` sees neither."""
    found = []
    offer = state["offer"]
    if offer is not None and seat not in (offer["by"], offer["to"]):
        twin = copy.deepcopy(state)
        twin["offer"]["terms"] = other_terms(offer["terms"])
        found.append(twin)
    if state["draft"] is not None and state["turn"] != seat:
        twin = copy.deepcopy(state)
        twin["draft"] = {"step": "cash", "partner": seat, "give": [], "ask": ["no-such-card"]}
        found.append(twin)
    return found


def test_a_seat_outside_an_offer_samples_no_terms_of_it():
    sfs = game()
    kinds = set()
    for seed in SEEDS:
        state = start(sfs, 4, {}, seed)
        while sfs.result(state) is None:
            for seat in range(len(state["seats"])):
                for twin in twins(state, seat):
                    assert sfs.view(twin, seat) == sfs.view(state, seat), "a twin the seat can tell apart"
                    for number in range(SAMPLES):
                        sample = determinize(sfs, state, seat, random.Random(number))
                        assert determinize(sfs, twin, seat, random.Random(number)) == sample, (
                            f"seed {seed}, move {state['_move']}: seat {seat}'s sample holds the deal's terms")
                    kinds.add("draft" if twin["draft"] != state["draft"] else state["offer"]["terms"]["kind"])
            pending = sorted(sfs.pending(state))
            if pending:
                seat, action = pending[0], bot().choose(state, pending[0], rng_for(seed, state["_move"], "bot"))
            else:
                seat, action = -1, deadlines(sfs, state)[0].action
            state, _ = play(sfs, state, seat, action)
    assert kinds == {"connection", "trade", "draft"}


def test_the_parties_keep_the_terms_and_the_sample_s_stand_in_is_one_the_rules_take():
    """The two players of an offer sample it as it is; an outsider's stand-in terms play on:
    the answering seat's bot answers them and the game goes on."""
    sfs = game()
    for seed in SEEDS:
        state = start(sfs, 4, {}, seed)
        while sfs.result(state) is None and state["offer"] is None:
            seat = min(sfs.pending(state))
            state, _ = play(sfs, state, seat, bot().choose(state, seat, rng_for(seed, state["_move"], "bot")))
        offer = state["offer"]
        if offer is None:
            continue
        for party in (offer["by"], offer["to"]):
            assert determinize(sfs, state, party, random.Random(1))["offer"] == offer
        outsider = next(s for s in range(len(state["seats"])) if s not in (offer["by"], offer["to"]))
        sample = determinize(sfs, state, outsider, random.Random(1))
        answer = bot().choose(sample, offer["to"], random.Random(2))
        after, _ = play(sfs, sample, offer["to"], answer)
        assert after["offer"] is None or after["offer"]["by"] == offer["to"]  # answered, or countered
        return
    raise AssertionError("no seeded game made an offer")
