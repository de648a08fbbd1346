"""The designed content: Kraków's eight districts, the companies' printed billboards and
prices, three agencies, 54 contracts in decks of 12, 13, 14 and 15 running from general to
specific, the deal and the score tables — and the checks that refuse broken content."""
from __future__ import annotations

import copy

import pytest

from bot.games import registry
from bot.games.billboard.content import ContentError, load

from .helpers import C


def raw() -> dict:
    return copy.deepcopy(registry.game_content("billboard"))


def test_the_board_is_kraków():
    assert [(d.id, d.name) for d in C.districts] == [
        ("stare-miasto", "Stare Miasto"), ("kazimierz", "Kazimierz"), ("grzegorzki", "Grzegórzki"),
        ("krowodrza", "Krowodrza"), ("podgorze", "Podgórze"), ("nowa-huta", "Nowa Huta"),
        ("lagiewniki", "Łagiewniki"), ("balice", "Balice")]
    for district in C.districts:
        assert {b.value for b in district.billboards} == {1, 2, 3, 4, 5, 6}
    assert [a.name for a in C.agencies] == ["Apress", "Smok Media", "Hejnał"]
    assert [c.id for c in C.companies] == ["pink", "grey", "orange", "purple"]
    assert C.colours == ("black", "white", "red", "green", "yellow", "blue")


def test_each_company_starts_at_the_value_of_its_printed_billboards():
    for company in C.companies:
        printed = sum(b.value for b in C.billboards.values() if b.company == company.id)
        assert printed == company.price


def test_54_contracts_in_four_decks_from_general_to_specific():
    sizes = {deck: sum(1 for c in C.contracts.values() if c.deck == deck)
             for deck in ("I/V", "II/VI", "III/VII", "IV/VIII")}
    assert sizes == {"I/V": 12, "II/VI": 13, "III/VII": 14, "IV/VIII": 15}

    def reach(deck: str) -> float:
        cards = [c for c in C.contracts.values() if c.deck == deck]
        return sum(sum(c.covers(b) for b in C.billboards.values()) for c in cards) / len(cards)
    reaches = [reach(deck) for deck in sizes]
    assert reaches == sorted(reaches, reverse=True), reaches
    assert reaches[0] > 2 * reaches[-1]


def test_the_sheets_three_kinds_of_area_are_there():
    covers = {c.id: c for c in C.contracts.values()}
    assert any(c.excluded == ("lagiewniki",) for c in covers.values())  # "Wszystko oprócz Łagiewnik"
    assert any(c.values == (4,) and c.districts is None for c in covers.values())  # "o wartości 4"
    assert any(c.districts and len(c.districts) == 2 for c in covers.values())


def test_the_sheets_own_examples_can_be_played_on_the_board():
    def free(value: int) -> dict[str, int]:
        """District -> how many billboards of ``value`` it has for sale at the start."""
        found: dict[str, int] = {}
        for billboard in C.billboards.values():
            if billboard.value == value and billboard.company is None:
                found[billboard.district] = found.get(billboard.district, 0) + 1
        return found
    # "kupuję 4 billboardy nr 1 po cenie rynkowej": four value-1s of one district in one action
    assert max(free(1).values()) >= 4, free(1)
    # the combo: sell one value-6 cheaply, then buy several ("kilku") value-5s of one district
    assert max(free(5).values()) >= 3, free(5)
    # Marek's card: 10 thousand, "wszędzie oprócz dzielnicy Balice"
    assert any(c.amount == 10 and c.excluded == ("balice",) and c.districts is None
               and c.values is None for c in C.contracts.values())


@pytest.mark.parametrize("breakage,complaint", [
    (lambda r: r["contracts"]["contract"].pop(), "deck IV/VIII must hold 15"),
    (lambda r: r["contracts"]["contract"][0].update(districts=["mars"]), "no district"),
    (lambda r: r["board"]["district"][0]["billboards"][0].update(company="teal"), "no company"),
    (lambda r: r["board"]["prices"].update(start=[1, 3, 3, 4, 5, 6]), "rise strictly"),
    (lambda r: r["contracts"]["deal"].update(cards=[6, 7, 7, 7, 6, 7, 7, 8]), "rounds 2 and 6"),
    (lambda r: r["scoring"]["ad_table"]["round4"].pop("5"), "every player count"),
    (lambda r: r["board"]["agency"].pop(), "3 agencies"),
])
def test_broken_content_is_refused_with_a_reason(breakage, complaint):
    content = raw()
    breakage(content)
    with pytest.raises(ContentError, match=complaint):
        load(content)
