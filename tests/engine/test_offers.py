"""Offers between two seats (bot/engine/offers.py): what a turn clock's run-out answers."""
from __future__ import annotations

from bot.engine import offers


def test_an_answer_not_given_is_a_decline_from_whoever_the_offer_waits_on():
    offer = offers.propose(number=1, by=0, to=2, terms={"price": 40})
    assert offers.run_out(offer, 2) == offers.DECLINE
    assert offers.run_out(offer, 0) is None and offers.run_out(offer, 1) is None
    countered = offers.countered(offer, {"price": 60})
    assert offers.run_out(countered, 0) == offers.DECLINE and offers.run_out(countered, 2) is None
    assert offers.answer(countered, offers.run_out(countered, 0)) == ("decline", None)
