"""Billboard in Polish: a whole game at a Polish table, Polish plurals (1 billboard,
2 billboardy, 5 billboardów) and money (tys. zł) in events, every message translated, and
each seat reading its own language at a table of another."""
from __future__ import annotations

import json
import re

from bot import i18n
from bot.engine import new_game, play, rng_for

from .helpers import BOT, GAME, act, board, drive, fill, pile, public, refused

ZL = "\u00a0tys.\u00a0zł"
#: English words no Polish sentence of ours contains.
ENGLISH = re.compile(r"\b(the|and|of|for|wins|passes|takes|offers|sells|buys|round|value)\b")


def test_every_billboard_message_has_its_polish_translation():
    assert i18n.untranslated("billboard", "pl") == []


def test_a_whole_game_at_a_polish_table_speaks_polish():
    state = new_game(GAME, 4, {"language": "pl"}, 21)
    texts = []
    while GAME.result(state) is None:
        seat = min(GAME.pending(state))
        texts.append(GAME.prompt(state, seat))
        texts.append(GAME.status(state))
        texts += [c.label for c in GAME.legal(state, seat)]
        action = BOT.choose(state, seat, rng_for(21, state["_move"], f"bot{seat}"))
        state, events = play(GAME, state, seat, action)
        texts += [e.text for e in events]
    texts.append(GAME.result(state).summary)
    english = [t for t in texts if ENGLISH.search(t)]
    assert not english, english[:5]
    joined = "\n".join(texts)
    assert ZL in joined and "Koniec gry." in joined and "Runda 8" in joined


def test_polish_plurals_and_money_in_events():
    state = board(language="pl", holdings={0: ["nh-1a", "nh-1b", "nh-1c", "nh-2a", "kz-3a"],
                                           1: ["kz-1a", "kz-1b", "kz-2b", "kr-1b", "kr-2a"]})
    state["prices"] = [4, 5, 6, 7, 8, 9]
    _, events = drive(state, 0, ["sell", "sell:nh:1", "sell:nh:1:1"])
    assert f"{{p0}} sprzedaje 1 billboard „Nowa Huta, wartość 1” po 4{ZL} (razem 4{ZL})" in public(events)
    _, events = drive(state, 0, ["sell", "sell:nh:1", "sell:nh:1:2"])
    assert "sprzedaje 2 billboardy" in public(events) and f"razem 8{ZL}" in public(events)
    state = pile(state, "apress", ["a01"])
    state, _ = act(state, 0, "ad:apress")
    offer = fill(state, 1, "offer:{}", ["kz-1a", "kz-1b", "kz-2b", "kr-1b", "kr-2a"])
    state, events = act(state, 1, offer)
    assert public(events) == ("{p1} oferuje 5 billboardów o łącznej wartości 7.\n"
                              "{p2} nie ma na tym obszarze billboardu bez reklamy — kolej "
                              "przechodzi dalej.")


def test_each_seat_reads_its_own_language_the_table_its_own():
    state = board(language="en", seat_languages=["en", "pl", "en"], holdings={1: ["kz-1a"]})
    assert GAME.prompt(state, 1).startswith("Twoja kolejka")
    assert GAME.prompt(state, 0).startswith("Your turn")
    assert refused(state, 1, "end") == "To nie twoja kolejka."
    state, events = act(state, 0, "end")
    assert public(events) == "{p0} passes."
    assert "**Gotówka:** 15" in GAME.private_summary(state, 1)
    assert GAME.status(state).startswith("Round 1")
    assert GAME.view(state, None)["language"] == "en"


def test_district_names_keep_their_diacritics_and_polish_grammar():
    state = board(language="pl")
    labels = {c.label for c in GAME.legal(state, 0)}
    assert "Umowa partnerska z agencją Hejnał: podejrzyj 1. kontrakt" in labels
    state, _ = act(state, 0, "buy")
    labels = [c.label for c in GAME.legal(state, 0)]
    assert any(label.startswith("Łagiewniki, wartość 1") for label in labels)
    assert any(label.startswith("Grzegórzki, wartość 6") for label in labels)


def polish_strings(domain: str) -> list[str]:
    """Every Polish translation in one of Billboard's catalogues (plural forms each)."""
    from babel.messages.pofile import read_po
    with open(i18n.catalogue_path(domain, "pl"), "rb") as handle:
        catalogue = read_po(handle, locale="pl", domain=domain)
    found = []
    for message in catalogue:
        if message.id:
            found += list(message.string) if isinstance(message.string, tuple) else [message.string]
    return found


def test_the_polish_reads_as_a_native_speaker_writes():
    for domain in ("billboard", "billboard-table"):
        said = polish_strings(domain)
        # "wymienić" is to exchange: selling and buying have their own verbs
        assert not [s for s in said if "wymieni" in s], domain
        # no "kupiłeś/-aś": sentences are phrased without the reader's gender
        assert not [s for s in said if "/-" in s or re.search(r"łeś\b|łaś\b", s)], domain
        # one word for a company, the sheet's: spółka (never firma)
        assert not [s for s in said if re.search(r"\bfirm", s, re.IGNORECASE)], domain
    legend = i18n.words("billboard-table", "pl").t("a neutral company's")
    assert legend == "należy do spółki neutralnej"


def test_polish_trading_verbs_and_a_single_billboards_value():
    state = board(language="pl", holdings={0: ["nh-1a", "nh-1b", "kz-6a"], 1: ["kz-3a"]})
    selling, _ = drive(state, 0, ["sell", "sell:nh:1"])
    assert "Możesz teraz sprzedać od 1 do 2 billboardów" in refused(selling, 0, "sell:nh:1:3")
    buying, _ = drive(state, 0, ["buy", "buy:nh:1"])
    assert "Możesz teraz kupić od 1 do 2 billboardów" in refused(buying, 0, "buy:nh:1:3")
    state = pile(state, "apress", ["a01"])
    state, _ = act(state, 0, "ad:apress")
    state, events = act(state, 1, fill(state, 1, "offer:{}", ["kz-3a"]))
    assert public(events).startswith("{p1} oferuje 1 billboard o wartości 3.")
    state, _ = act(state, 0, "pass")
    assert refused(state, 0, "sell") == "W tej kolejce akcja sprzedaży jest już wykorzystana."


def test_choices_worded_for_one_reader_are_the_same_choices_in_their_language():
    """The host asks for a seat's choices in the language of the member who opens a form or
    picker alone: the same actions, bounds and options, only the words differ."""
    state = new_game(GAME, 3, {"language": "pl", "seat_languages": ["pl", "en", "pl"]}, 21)
    seen = set()
    while GAME.result(state) is None and state["round"] < 3:
        seat = min(GAME.pending(state))
        dealt = GAME.legal(state, seat)
        before = json.dumps(state, sort_keys=True)
        english, polish = GAME.legal(state, seat, "en"), GAME.legal(state, seat, "pl")
        assert json.dumps(state, sort_keys=True) == before, "asking changes nothing"
        for worded in (english, polish):
            assert [bare(c) for c in worded] == [bare(c) for c in dealt]
        assert not [c.label for c in polish if ENGLISH.search(c.label)]
        at_english_table = {**state, "language": "en", "seat_languages": ["en"] * 3}
        assert [c.label for c in english] == [c.label for c in GAME.legal(at_english_table, seat)]
        assert {c.amount.scale for c in english if c.amount} <= {"k"}
        assert {c.amount.scale for c in polish if c.amount} <= {"\xa0tys.\xa0zł"}
        seen |= {state["phase"]} | {"amount" for c in dealt if c.amount} | {"subset" for c in dealt if c.subset}
        state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(21, state["_move"], f"bot{seat}")))
    assert seen >= {"draft", "turn", "auction", "amount", "subset"}


def bare(choice):
    """A choice without its words: what it does, its bounds and its options' values."""
    amount = choice.amount and (choice.amount.minimum, choice.amount.maximum, choice.amount.step)
    subset = choice.subset and ([v for v, _ in choice.subset.options], choice.subset.minimum, choice.subset.most)
    return choice.action, choice.group, choice.private, choice.style, amount, subset
