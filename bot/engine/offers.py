"""Offers between two seats, for any game: one proposes, the other answers.

Seat A proposes terms (a price, a trade) to seat B. The game waits on B, who
accepts, declines or counters; a counter is a new offer from B to A with new
terms, so the roles swap and the game waits on A. An offer may expire: the game
lists ``expiry(offer, seconds)`` among its deadlines while the offer stands.

An offer is plain data kept in the game's state (JSON), and the answers are
private choices, so the host asks the answering seat by DM (with the panel as
fallback) and the table sees only what the game announces: the outcome, and the
terms where the game's rules make them public.

    offer = offers.propose(number=1, by=0, to=2, terms={"lot": 7, "price": 40})
    legal(): offers.answers(offer, counter=Amount(1, 100))     # for seat offer["to"]
    apply(): kind, price = offers.answer(offer, action)        # "accept" | "decline" | "counter"
             offer = offers.countered(offer, {**offer["terms"], "price": price})
    deadlines(): [offers.expiry(offer, 3600)]; SYSTEM_SEAT plays offers.EXPIRE
    run_out(): offers.run_out(offer, seat)                     # a turn clock ran out: decline

An answer not given is a decline: when the answering seat's turn clock runs out, the game's
``run_out`` returns ``run_out(offer, seat)``, never an acceptance or a counter it did not make.
"""
from __future__ import annotations

from typing import Any

from .language import ENGLISH, Words
from .protocol import AMOUNT_LIMIT, Amount, Choice, Deadline, NotOffered

ACCEPT = "offer:accept"
DECLINE = "offer:decline"
COUNTER = "offer:counter:{}"
EXPIRE = "offer:expire"

Offer = dict[str, Any]


def propose(number: int, by: int, to: int, terms: dict[str, Any]) -> Offer:
    """A new offer; ``number`` tells offers apart (a counter keeps it, with a new round)."""
    if by == to:
        raise ValueError("a seat cannot make an offer to itself")
    return {"number": number, "by": by, "to": to, "terms": dict(terms), "round": 1}


def answers(offer: Offer, *, counter: Amount | None = None, group: str = "offer",
            words: Words = ENGLISH) -> list[Choice]:
    """The choices of the seat the offer waits on (``offer["to"]``), all private.

    ``counter`` is the range of a counter-offer's amount; None when the game
    allows no counter (or none is possible, say the answering seat has no money).
    Labelled in English unless told otherwise; the host words English labels in their
    reader's language (``answer_label``), so a game needs to pass nothing.
    """
    labels = _answer_labels(words)
    choices = [Choice(ACCEPT, labels[ACCEPT], group=group, private=True, style="success"),
               Choice(DECLINE, labels[DECLINE], group=group, private=True, style="danger")]
    if counter is not None:
        choices.append(Choice(COUNTER, labels[COUNTER], group=group, private=True, amount=counter))
    return choices


def answer_label(action: str, words: Words = ENGLISH) -> str | None:
    """The label of an answer to an offer (None for any other action)."""
    return _answer_labels(words)[action] if action in (ACCEPT, DECLINE, COUNTER) else None


def _answer_labels(words: Words) -> dict[str, str]:
    return {ACCEPT: words.t("Accept"), DECLINE: words.t("Decline"), COUNTER: words.t("Counter…")}


def answer(offer: Offer, action: str) -> tuple[str, int | None]:
    """What an answer says: ("accept" | "decline", None) or ("counter", amount)."""
    if action == ACCEPT:
        return "accept", None
    if action == DECLINE:
        return "decline", None
    head = COUNTER.replace("{}", "")
    if action.startswith(head):
        amount = Amount(-AMOUNT_LIMIT, AMOUNT_LIMIT).parse(action[len(head):])
        if amount is not None:
            return "counter", amount
    raise NotOffered("Answer the offer with Accept, Decline or Counter.")


def run_out(offer: Offer, seat: int) -> str | None:
    """What a run-out of the answering seat's turn clock takes: a decline (None for a seat
    the offer does not wait on)."""
    return DECLINE if seat == offer["to"] else None


def countered(offer: Offer, terms: dict[str, Any]) -> Offer:
    """The counter-offer: the same offer with the roles swapped and new terms."""
    return {**offer, "by": offer["to"], "to": offer["by"], "terms": dict(terms), "round": offer["round"] + 1}


def expiry(offer: Offer, seconds: float, what: str | None = None) -> Deadline:
    """The offer's countdown. Each round (a counter) starts a new one. ``what`` names it
    for the table; by default "the offer expires", which the host words for its reader."""
    return Deadline(key=f"offer-{offer['number']}-{offer['round']}", seconds=seconds, action=EXPIRE,
                    what=expires(ENGLISH) if what is None else what)


def expires(words: Words = ENGLISH) -> str:
    """What an offer's countdown is called unless the game names it otherwise."""
    return words.t("the offer expires")
