"""/billboard: the commands register with descriptions, autocomplete finds districts and
companies (by name or colour), answers inside a game come from its public view in the asker's
language, a peeked contract reaches only the one who peeked and only privately, no look-up
changes when every secret does, and a bad name gets a sentence."""
from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace

import pytest

from bot.app import extensions
from bot.games import registry
from bot.table.service import Member, Table, TableError, Tables
from cogs.titles.billboard import Billboard
from tests.games.billboard.test_lookup import scrambled
from tests.host.cog_fakes import FakeInteraction, FixedTables, described_commands, registered_group

GAME = "billboard"
THREAD, ELSEWHERE = 7101, 7102
ANN, BEN, CAT = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat")
VISITOR = 99  # a member of the server who holds no seat
SEED = 5
RULES = registry.game(GAME)


def cog_with(tables: object) -> Billboard:
    return Billboard(SimpleNamespace(tables=tables))  # type: ignore[arg-type]


def interaction(user: int = VISITOR, channel: int = THREAD, locale: str = "en-US") -> FakeInteraction:
    asked = FakeInteraction(channel, user)
    asked.locale = locale  # type: ignore[attr-defined]  # what Discord says the asker reads
    return asked


async def ask(cog: Billboard, command: str, *, user: int = VISITOR, channel: int = THREAD,
              locale: str = "en-US", **options: object) -> FakeInteraction:
    asked = interaction(user, channel, locale)
    await getattr(Billboard, command).callback(cog, asked, **options)
    return asked


async def dealt_game(tables: Tables, *, until, moves: int = 400) -> Table:
    """Ann, Ben and Cat in THREAD; the game's bot picks their moves until ``until(state)``."""
    table = await tables.create(GAME, ANN, channel_id=ELSEWHERE, seed=SEED)
    await tables.store.set_places(table.id, thread_id=THREAD)
    for member in (BEN, CAT):
        await tables.join(table.id, member)
    table = await tables.start(table.id, ANN)
    game_kit, rng = registry.kit(GAME), random.Random(SEED)
    members = {m.id: m for m in (ANN, BEN, CAT)}
    for _ in range(moves):
        state = table.record.state
        if until(state) or game_kit.game.result(state) is not None:
            break
        seat = min(game_kit.game.pending(state))
        action = game_kit.bot.choose(state, seat, rng)
        table = await tables.act(table.id, members[table.seats[seat].user_id], action)
    return table


def live_peek(state: dict) -> tuple[str, dict] | None:
    """An agency and a peek at a card still face down there, if any."""
    return next(((a_id, p) for a_id, a in state["agencies"].items() for p in a["peeks"]
                 if p["card"] in a["pile"]), None)


# --- registration -----------------------------------------------------------------------------

def test_the_group_and_its_commands_register_with_descriptions(tmp_path):
    assert "cogs.titles.billboard" in extensions()
    payload = registered_group(tmp_path, "cogs.titles.billboard", "billboard")
    assert payload["description"] == "Billboard: districts, agencies, companies, prices and scoring"
    commands = described_commands(payload, {"district": "name", "agency": "name", "company": "name"})
    assert set(commands) == {"district", "agency", "company", "prices", "scoring"}
    value = next(o for o in commands["prices"]["options"] if o["name"] == "value")
    assert (value["min_value"], value["max_value"]) == (1, 6) and not value.get("required")


# --- autocomplete -----------------------------------------------------------------------------

async def test_autocomplete_by_name_and_by_colour_in_the_askers_language():
    cog = cog_with(None)

    async def names(method: str, typed: str, locale: str = "en-US") -> list[str]:
        return [choice.name for choice in
                await getattr(cog, method)(interaction(channel=ELSEWHERE, locale=locale), typed)]

    assert await names("district_names", "kaz") == ["Kazimierz"]
    assert await names("district_names", "huta") == ["Nowa Huta"]  # a later word
    assert await names("district_names", "ła") == ["Łagiewniki"]
    assert await names("district_names", "lag") == ["Łagiewniki"]  # typed without Polish letters
    assert await names("district_names", "grzegorz") == ["Grzegórzki"]
    assert len(await names("district_names", "")) == 8
    assert await names("agency_names", "ap") == ["Apress"]
    assert await names("company_names", "pink") == ["Lajkonik (pink)"]
    assert await names("company_names", "róż", locale="pl") == ["Lajkonik (różowa)"]


# --- answers outside a game ---------------------------------------------------------------------

async def test_look_ups_outside_a_game_answer_from_the_content(tables):
    cog = cog_with(tables)
    district = await ask(cog, "district", channel=ELSEWHERE, name="stare miasto")
    assert district.ephemeral and district.text.startswith("**Stare Miasto** — 10 billboards worth")
    assert "As printed" in district.text
    prices = await ask(cog, "prices", channel=ELSEWHERE, value=3, count=2)
    assert prices.text.startswith("**Starting prices** (value: price): 1: 1k · 2: 2k")
    assert "Buying 2 at market: 6k; then prices move: 3 → 4k" in prices.text
    scoring = await ask(cog, "scoring", channel=ELSEWHERE, share=True)
    assert not scoring.ephemeral and scoring.text.count("- IV, ") == 5
    agency = await ask(cog, "agency", channel=ELSEWHERE, name="Apress")
    assert agency.text.startswith("**Apress** — advertising agency") and "Agency track" not in agency.text


async def test_a_polish_asker_is_answered_in_polish(tables):
    cog = cog_with(tables)
    district = await ask(cog, "district", channel=ELSEWHERE, locale="pl", name="kazimierz")
    assert district.text.startswith("**Kazimierz** — 10 billboardów o łącznej wartości")
    company = await ask(cog, "company", channel=ELSEWHERE, locale="pl", name="Wanda")
    assert company.text.startswith("**Wanda** (fioletowa) — cena 15\xa0tys.\xa0zł") or \
        company.text.startswith("**Wanda** (fioletowa) — cena 15 tys. zł")
    with pytest.raises(TableError, match="Nie znam dzielnicy o nazwie „Zakopane”"):
        await ask(cog, "district", locale="pl", name="Zakopane")


# --- answers in a game -------------------------------------------------------------------------

async def test_answers_in_a_game_use_its_public_view(tables):
    table = await dealt_game(tables, until=lambda s: s["round"] >= 2 and s["phase"] == "turn")
    state, names = table.record.state, table.names()
    cog = cog_with(tables)
    owned = next(b for b, owner in state["owner"].items() if isinstance(owner, int))
    district = RULES.content.billboards[owned].district
    answer = await ask(cog, "district", name=district)  # a suggestion's value, as Discord sends it
    assert f"**{names[state['owner'][owned]]}**" in answer.text and "{p" not in answer.text
    prices = await ask(cog, "prices")
    row = " · ".join(f"{v}: {p}k" for v, p in enumerate(state["prices"], start=1))
    assert prices.text.startswith(f"**Prices now** (value: price): {row}")
    scoring = await ask(cog, "scoring")
    assert scoring.text.count("- IV, ") == 1 and "- IV, 3 players:" in scoring.text
    assert f"**This round ({['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'][state['round'] - 1]}):**" \
        in scoring.text


async def test_a_peek_is_only_for_the_peeker_and_only_in_private(tables):
    table = await dealt_game(tables, until=lambda s: live_peek(s) is not None)
    agency_id, peek = live_peek(table.record.state)
    peeker = table.seats[peek["seat"]].user_id
    other = next(m.id for m in (ANN, BEN, CAT) if m.id != peeker)
    cog = cog_with(tables)
    mine = await ask(cog, "agency", user=peeker, name=agency_id)
    assert mine.ephemeral and "Only you see this:" in mine.text
    shared = await ask(cog, "agency", user=peeker, name=agency_id, share=True)
    assert not shared.ephemeral and "Only you see this" not in shared.text
    for user in (other, VISITOR):
        assert "Only you see this" not in (await ask(cog, "agency", user=user, name=agency_id)).text
    visitor = await ask(cog, "agency", name=agency_id, share=True)
    assert shared.text == visitor.text  # a shared answer is the same whoever asks


async def test_no_look_up_changes_when_every_secret_does(tables):
    table = await dealt_game(tables, until=lambda s: live_peek(s) is not None and s["round"] >= 2)
    content = RULES.content
    questions = ([("district", {"name": d.id}) for d in content.districts]
                 + [("agency", {"name": a.id}) for a in content.agencies]
                 + [("company", {"name": c.id}) for c in content.companies]
                 + [("prices", {"value": 4, "count": 3}), ("scoring", {})])

    async def answers(cog: Billboard) -> list[str]:
        texts = []
        for command, options in questions:
            for locale in ("en-US", "pl"):
                texts.append((await ask(cog, command, locale=locale, **options)).text)
                texts.append((await ask(cog, command, user=ANN.id, share=True, locale=locale,
                                        **options)).text)
        return texts

    before = await answers(cog_with(FixedTables(table, THREAD)))
    for seed in (1, 2, 3):
        state = scrambled(table.record.state, seed)
        assert state["agencies"] != table.record.state["agencies"]
        other = Table(dataclasses.replace(table.record, state=state), table.seats)
        assert await answers(cog_with(FixedTables(other, THREAD))) == before


async def test_bad_names_get_a_sentence(tables):
    cog = cog_with(tables)
    with pytest.raises(TableError, match="I know no company called “Wawel”"):
        await ask(cog, "company", name="Wawel")
    with pytest.raises(TableError, match="“k” could be Kazimierz or Krowodrza"):
        await ask(cog, "district", name="k")
    with pytest.raises(TableError, match="I know no agency called"):
        await ask(cog, "agency", name="x" * 300)
