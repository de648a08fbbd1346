"""How Billboard writes things down, in whichever language it is asked: money, lists,
contract areas, billboard groups. The table's words speak to everyone; a seat's words to
that seat alone (prompts, private labels, refusals)."""
from __future__ import annotations

from bot.engine.language import Words

from .content import VALUES, Content, Contract

State = dict


def read_in(state: State, language: str) -> State:
    """The state as a table of ``language`` reads it, seats and all: for choices worded for
    one reader. A shallow copy, never applied to: only the words differ."""
    return {**state, "language": language, "seat_languages": [language] * state["players"]}


def table_words(content: Content, state: State) -> Words:
    return content.words.get(state["language"]) or content.words["en"]


def seat_words(content: Content, state: State, seat: int) -> Words:
    languages = state.get("seat_languages") or []
    language = languages[seat] if 0 <= seat < len(languages) else state["language"]
    return content.words.get(language) or table_words(content, state)


def money(words: Words, amount: int) -> str:
    """Thousands as each language's readers write them: "15k", "15 tys. zł"."""
    return words.t("{amount}k", amount=words.number(amount))


def thousands(words: Words) -> str:
    """What follows a number of thousands ("k"; " tys. zł" in Polish): an amount's ``scale``,
    so the host writes the amounts of a form as the labels do, and reads them back so typed."""
    return words.t("{amount}k", amount="")  # the number comes first in every language we speak


def listing(words: Words, items: list[str], joiner: str = "and") -> str:
    """"A, B and C" (or "A, B or C"), each language its own way."""
    if len(items) <= 1:
        return "".join(items)
    head, last = ", ".join(items[:-1]), items[-1]
    if joiner == "or":
        return words.t("{items} or {last}", items=head, last=last)
    return words.t("{items} and {last}", items=head, last=last)


def values_text(words: Words, values: tuple[int, ...]) -> str:
    """"4–6" for a run of three or more, else "5 or 6"."""
    if len(values) >= 3 and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}–{values[-1]}"
    return listing(words, [str(v) for v in values], "or")


def area(words: Words, content: Content, contract: Contract) -> str:
    """Where the agency wants its campaign: "Everywhere except Łagiewniki", "Billboards of
    value 4", "Stare Miasto: billboards of value 5 or 6"."""
    if contract.districts is not None:
        place = listing(words, [content.district(d).name for d in contract.districts])
    elif contract.excluded:
        place = words.t("Everywhere except {districts}", districts=listing(
            words, [_except_form(words, content, d) for d in contract.excluded]))
    else:
        place = ""
    if contract.values is None or contract.values == VALUES:
        return place or words.t("Everywhere")
    sizes = words.t("billboards of value {values}", values=values_text(words, contract.values))
    if not place:
        return sizes[:1].upper() + sizes[1:]
    return words.t("{place}: {sizes}", place=place, sizes=sizes)


def _except_form(words: Words, content: Content, district_id: str) -> str:
    # Polish puts the district after "oprócz" in the genitive (oprócz Łagiewnik).
    district = content.district(district_id)
    return district.genitive if words.language == "pl" else district.name


def contract_text(words: Words, content: Content, contract: Contract) -> str:
    """"10k — Everywhere except Balice (deck I/V)"."""
    return words.t("{amount} — {area} (deck {deck})", amount=money(words, contract.amount),
                   area=area(words, content, contract), deck=contract.deck)


def group_text(words: Words, content: Content, prefix: str, value: int) -> str:
    """"Stare Miasto, value 3": a kind of billboard (one value in one district)."""
    district = content.by_prefix(prefix)
    name = district.name if district else prefix
    return words.t("{district}, value {value}", district=name, value=value)


def billboard_text(words: Words, content: Content, billboard_id: str) -> str:
    billboard = content.billboards[billboard_id]
    return group_text(words, content, content.district(billboard.district).prefix, billboard.value)


def count_billboards(words: Words, count: int) -> str:
    return words.tn("{count} billboard", "{count} billboards", count)


def seat(number: int) -> str:
    """A seat for the host to name: ``{p2}``."""
    return f"{{p{number}}}"
