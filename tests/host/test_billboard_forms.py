"""Billboard's amount form and subset picker, as cogs/play.py opens them for a member alone.

At a Polish table, a member whose Discord speaks English reads the form and the picker wholly
in English (title, label, placeholder; the picker's text, select and Confirm), one whose Discord
speaks Polish wholly in Polish, whatever language their seat was dealt. An amount is taken
back as the form writes it ("15k", "15 tys. zł", "15 tys.") or bare, and nothing else."""
from __future__ import annotations

import random
from contextlib import asynccontextmanager
from types import SimpleNamespace
from typing import Any

import pytest

from bot import controls
from bot.games import registry
from bot.table.service import Member, Table, Tables
from cogs import play

GAME = "billboard"
RULES = registry.game(GAME)
ANN, BEN, CAT = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat")
MEMBERS = {m.id: m for m in (ANN, BEN, CAT)}
SEED = 5


class Alone:
    """What the handlers of cogs/play.py touch of an interaction: who clicked, in which
    language their Discord is, and what they were answered (a form, or a message)."""

    def __init__(self, tables: Tables, member: Member, locale: str) -> None:
        self.client = SimpleNamespace(tables=tables, dispatcher=SimpleNamespace(wake=lambda: None),
                                      handling=asynccontextmanager(self._handling),
                                      instance="this process")  # names a click it records (cogs/clicks.py)
        self.user = SimpleNamespace(id=member.id, display_name=member.name)
        self.locale = locale
        self.message = None  # a click on a thread post
        self.channel_id, self.data = None, {}
        self.modal: Any = None
        self.said: list[tuple[str, Any]] = []
        self.response = SimpleNamespace(send_modal=self._modal, send_message=self._send,
                                        is_done=lambda: bool(self.said), defer=self._defer)
        self.followup = SimpleNamespace(send=self._send)

    async def _handling(self):
        yield

    async def _modal(self, modal: Any) -> None:
        self.modal = modal

    async def _send(self, content: str, *, view: Any = None, **_: Any) -> None:
        self.said.append((content, view))

    async def _defer(self, **_: Any) -> None:
        self.said.append(("", None))

    def form(self) -> tuple[str, str, str]:
        """The form's title, its input's label and placeholder."""
        (label,) = self.modal.children
        return self.modal.title, label.text, label.component.placeholder


async def polish_table(tables: Tables, *, until) -> Table:
    """Ann, Ben and Cat at a Polish table (their seats dealt in Polish: the host has not seen
    their Discord); the game's bot picks their moves until ``until(state, choices)``."""
    table = await tables.create(GAME, ANN, {"language": "pl"}, channel_id=10, seed=SEED)
    for member in (BEN, CAT):
        await tables.join(table.id, member)
    table = await tables.start(table.id, ANN)
    assert table.record.options["seat_languages"] == ["pl", "pl", "pl"]
    policy, rng = registry.kit(GAME).bot, random.Random(SEED)
    for _ in range(200):
        state = table.record.state
        seat = min(RULES.pending(state))
        if until(state, RULES.legal(state, seat)):
            return table
        table = await tables.act(table.id, MEMBERS[table.seats[seat].user_id], policy.choose(state, seat, rng))
    raise AssertionError("the game never came to the moment wanted")


def worded(state: dict, seat: int, language: str, action: str) -> Any:
    """The seat's choice ``action`` as the game words it at a table of ``language``."""
    elsewhere = {**state, "language": language, "seat_languages": [language] * state["players"]}
    return next(c for c in RULES.legal(elsewhere, seat) if c.action == action)


def asked(table: Table) -> tuple[int, Member]:
    seat = min(RULES.pending(table.record.state))
    return seat, MEMBERS[table.seats[seat].user_id]


def bid_of(choices: list) -> Any:
    """A bid for a company with a range to type in ("Bid for Wanda (15k–21k)")."""
    return next((c for c in choices if c.action.startswith("company:")
                 and c.amount.minimum < c.amount.maximum), None)


def a_bid(state: dict, choices: list) -> bool:
    return state["phase"] == "turn" and bid_of(choices) is not None


def an_offer(state: dict, choices: list) -> bool:
    return state["phase"] == "auction" and any(c.subset for c in choices)


async def test_an_english_reader_at_a_polish_table_gets_an_english_form_and_types_15k(tables):
    table = await polish_table(tables, until=a_bid)
    seat, member = asked(table)
    state, version = table.record.state, table.record.version
    bid = bid_of(RULES.legal(state, seat))
    low = bid.amount.minimum
    english = worded(state, seat, "en", bid.action)

    clicked = Alone(tables, member, "en-US")
    await play.open_amount_form(clicked, table.id, version, bid.action)
    title, label, placeholder = clicked.form()
    assert english.label.startswith("Bid for ") and f"({low}k–" in english.label
    assert (title, label) == (english.label, english.label), "one language: the reader's"
    assert placeholder.startswith("A whole number, like ") and placeholder.endswith("k")

    # A bad amount is answered in English, and the form writes its bounds as the label does.
    typed = Alone(tables, member, "en-US")
    await play.submit_amount(typed, table.id, version, bid.action, f"{low} tys.")
    assert typed.said[0][0] == (f"“{low} tys.” is not a whole number: write one from {low}k to "
                                f"{bid.amount.maximum}k.")
    # Typed as the form shows it: the move is made with the bare number.
    typed = Alone(tables, member, "en-US")
    await play.submit_amount(typed, table.id, version, bid.action, f"{low}k")
    assert (await tables.store.actions(table.id))[-1] == (seat, bid.fill(low))


async def test_a_polish_reader_gets_a_polish_form_and_types_15_tys(tables):
    table = await polish_table(tables, until=a_bid)
    seat, member = asked(table)
    state, version = table.record.state, table.record.version
    bid = bid_of(RULES.legal(state, seat))
    low, high = bid.amount.minimum, bid.amount.maximum
    polish = worded(state, seat, "pl", bid.action)

    clicked = Alone(tables, member, "pl")
    await play.open_amount_form(clicked, table.id, version, bid.action)
    title, label, placeholder = clicked.form()
    assert title == polish.label.replace(f" ({low}\xa0tys.\xa0zł–{high}\xa0tys.\xa0zł)", "")
    assert label == f"Kwota ({low}\xa0tys.\xa0zł–{high}\xa0tys.\xa0zł)"
    assert placeholder.startswith("Liczba całkowita, np. ") and placeholder.endswith("\xa0tys.\xa0zł")
    typed = Alone(tables, member, "pl")
    await play.submit_amount(typed, table.id, version, bid.action, f"{low} tys.")
    assert (await tables.store.actions(table.id))[-1] == (seat, bid.fill(low))


@pytest.mark.parametrize("locale, language", [("en-US", "en"), ("pl", "pl")])
async def test_the_subset_picker_reads_in_the_readers_language(tables, locale, language):
    table = await polish_table(tables, until=an_offer)
    seat, member = asked(table)
    state = table.record.state
    offer = next(c for c in RULES.legal(state, seat) if c.subset)
    mine = worded(state, seat, language, offer.action)

    clicked = Alone(tables, member, locale)
    await play.open_subset_picker(clicked, table.id, table.record.version, offer.action)
    (text, view), = clicked.said
    select, confirm = (child.item for child in view.children)  # the typed items hold them
    how_many = controls.how_many(offer.subset.minimum, offer.subset.most, controls.ENGLISH)
    if language == "en":
        assert text == f"**{mine.label}**: pick {how_many}, then confirm."
        assert select.placeholder == f"{mine.label}: pick {how_many}"
        assert confirm.label == f"Confirm: {mine.label}"
    else:
        assert text.startswith(f"**{mine.label}**: wybierz ")
        assert select.placeholder.startswith(f"{mine.label}: wybierz ")
        assert confirm.label.startswith("Zatwierdź: ") and confirm.label.endswith(mine.label)
    assert [option.label for option in select.options] == [label for _, label in mine.subset.options]
