"""/boardwalk: the commands register with descriptions, autocomplete finds names by prefix
and by any word, answers inside a game come from that game's public state, no look-up
reveals a secret, and a bad name gets a sentence."""
from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace

import pytest

from bot.app import extensions
from bot.games import registry
from bot.games.advance_to_boardwalk import lookup
from bot.games.advance_to_boardwalk.estate import owner_of
from bot.table.service import Member, Table, TableError, Tables
from cogs.titles.advance_to_boardwalk import Boardwalk
from tests.host.cog_fakes import FakeInteraction, FixedTables, described_commands, registered_group

GAME = "advance-to-boardwalk"
THREAD, ELSEWHERE = 7001, 7002
ANN, BEN, CAT = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat")
VISITOR = 99  # a member of the server who holds no seat
SEED = 11
BOARD = registry.game(GAME).board


def cog_with(tables: object) -> Boardwalk:
    return Boardwalk(SimpleNamespace(tables=tables))  # type: ignore[arg-type]


async def ask(cog: Boardwalk, command: str, *, user: int = VISITOR, channel: int = THREAD,
              **options: object) -> FakeInteraction:
    interaction = FakeInteraction(channel, user)
    await getattr(Boardwalk, command).callback(cog, interaction, **options)
    return interaction


# --- a seeded game on a real store ------------------------------------------------------

async def dealt_game(tables: Tables, *, moves: int) -> Table:
    """Ann, Ben and Cat in THREAD; the game's own bot policy picks each of their moves."""
    table = await tables.create(GAME, ANN, channel_id=ELSEWHERE, seed=SEED)
    await tables.store.set_places(table.id, thread_id=THREAD)
    for member in (BEN, CAT):
        await tables.join(table.id, member)
    table = await tables.start(table.id, ANN)
    game_kit, rng = registry.kit(GAME), random.Random(SEED)
    members = {m.id: m for m in (ANN, BEN, CAT)}
    for _ in range(moves):
        state = table.record.state
        if game_kit.game.result(state) is not None:
            break
        seat = min(game_kit.game.pending(state))
        action = game_kit.bot.choose(state, seat, rng)
        table = await tables.act(table.id, members[table.seats[seat].user_id], action)
    return table


def contested(table: Table) -> tuple[str, list[int]]:
    """A property with units of two players on it, and its stack."""
    return next((pid, stack) for pid, stack in table.record.state["stacks"].items()
                if len(set(stack)) > 1)


def scrambled(table: Table, seed: int) -> Table:
    """The same game with every secret changed: the cards in hands and the draw pile are
    dealt again (hand sizes and pile size stay, as they are public)."""
    state = dict(table.record.state)
    hands = [list(hand) for hand in state["hands"]]
    pool = [card for hand in hands for card in hand] + list(state["draw_pile"])
    random.Random(seed).shuffle(pool)
    state["hands"] = [[pool.pop() for _ in hand] for hand in hands]
    state["draw_pile"] = pool
    return Table(dataclasses.replace(table.record, state=state), table.seats)


# --- registration -----------------------------------------------------------------------

def test_the_group_and_its_commands_register_with_descriptions(tmp_path):
    assert "cogs.titles.advance_to_boardwalk" in extensions()
    payload = registered_group(tmp_path, "cogs.titles.advance_to_boardwalk", "boardwalk")
    assert payload["description"] == "Advance to Boardwalk: cards, properties and who holds what"
    commands = described_commands(payload, {"card": "name", "property": "name", "rule": "topic"})
    assert set(commands) == {"card", "property", "rule", "holdings"}


# --- autocomplete -----------------------------------------------------------------------

async def test_autocomplete_by_prefix_and_by_any_word():
    cog = cog_with(None)
    interaction = FakeInteraction(ELSEWHERE, VISITOR)

    async def names(method: str, typed: str) -> list[str]:
        return [choice.name for choice in await getattr(cog, method)(interaction, typed)]

    assert (await names("card_names", "sec"))[0] == "Second Chance"
    assert await names("card_names", "chance") == ["Second Chance"]  # a later word
    assert await names("card_names", "boardwalk") == ["Boardwalk Boom", "Boardwalk Fire"]
    assert (await names("place_names", "hein"))[0].startswith("Heinz Pier")
    steel = await names("place_names", "steel")
    assert steel[0].startswith("Steel Pier") and not any("Steeplechase" in n for n in steel)
    reds = await names("place_names", "red")  # by colour: the zone and its five properties
    assert reds[0].startswith("Red zone") and len(reds) == 6
    assert await names("topic_names", "tie") == ["Ownership and ties"]
    assert await names("topic_names", "insur") == ["Disasters and Insurance"]
    assert len(await names("place_names", "")) == 24  # everything, within Discord's 25
    assert await names("card_names", "zzz") == []


# --- answers in and out of a game --------------------------------------------------------

async def test_look_ups_outside_a_game_answer_from_the_content(tables):
    cog = cog_with(tables)
    card = await ask(cog, "card", channel=ELSEWHERE, name="second chance")
    assert card.ephemeral and card.text.startswith("**Second Chance** — Fortune card, 2 of the 28")
    assert "Also on an **F**" in card.text and "you hold" not in card.text
    place = await ask(cog, "property_", channel=ELSEWHERE, name="heinz")
    assert place.text.startswith("**Heinz Pier** — Red zone (The Inlet), $5M")
    assert "*Building Permit* (while vacant), *Underdog Grant*" in place.text and "Now" not in place.text
    rule = await ask(cog, "rule", channel=ELSEWHERE, topic="vacant")
    assert "at most **one** unit per turn" in rule.text
    holdings = await ask(cog, "holdings", channel=ELSEWHERE)
    assert holdings.ephemeral and holdings.text.startswith("Use `/boardwalk holdings` in the thread")


async def test_a_lobby_is_not_yet_a_game(tables):
    table = await tables.create(GAME, ANN, channel_id=ELSEWHERE, seed=SEED)
    await tables.store.set_places(table.id, thread_id=THREAD)
    holdings = await ask(cog_with(tables), "holdings")
    assert holdings.text.startswith("Use `/boardwalk holdings`")


async def test_answers_in_a_game_use_its_public_state(tables):
    table = await dealt_game(tables, moves=60)
    state = table.record.state
    cog = cog_with(tables)
    pid, stack = contested(table)
    prop = BOARD.properties[pid]
    owner = state["owners"][pid]
    names = table.names()

    place = await ask(cog, "property_", name=pid)  # a suggestion's value, as Discord sends it
    assert f"**Now:** **{names[owner]}** owns it with {stack.count(owner)} of {len(stack)} units" in place.text
    assert "Stack, bottom to top: " + ", ".join(f"**{names[s]}**" for s in stack) in place.text
    challenger = next(s for s in range(3) if s != owner)
    need = lookup.units_to_take(stack, challenger)
    assert f"**{names[challenger]}** {need} unit{'s' if need > 1 else ''} (${need * prop.value}M)" in place.text
    # Check "to take it" against the rules: that many more units make the challenger owner.
    assert owner_of(stack + [challenger] * need) == challenger
    assert owner_of(stack + [challenger] * (need - 1)) != challenger

    zone = await ask(cog, "property_", name=f"{prop.zone} zone")
    assert zone.text.count("\n- ") == 5 and f"- {prop.name} · ${prop.value}M — " in zone.text

    holdings = await ask(cog, "holdings", share=True)
    assert not holdings.ephemeral and holdings.text.startswith("**Who holds what**")
    assert len(holdings.text) <= 2000
    for seat, name in enumerate(names):
        owned = [BOARD.properties[p].name for p, o in state["owners"].items() if o == seat]
        value = sum(BOARD.properties[p].value for p, o in state["owners"].items() if o == seat)
        assert f"**{name}** — ${value}M in {len(owned)} propert" in holdings.text
        assert f"{state['supply'][seat]} units left · {len(state['hands'][seat])} Fortune card" in holdings.text
        assert all(p in holdings.text for p in owned)

    last = await ask(cog, "rule", topic="last place")
    lowest = min(state["tokens"])
    behind = [f"**{names[s]}**" for s, token in enumerate(state["tokens"]) if token == lowest]
    assert f"**Now:** last place (ties count): {', '.join(behind)}." in last.text


async def test_a_finished_game_shows_final_holdings(tables):
    table = await dealt_game(tables, moves=1000)
    assert table.record.status == "finished"
    holdings = await ask(cog_with(tables), "holdings")
    assert holdings.text.startswith("**Final holdings**")


async def test_own_cards_only_privately_and_never_anyone_elses(tables):
    table = await dealt_game(tables, moves=20)
    cog = cog_with(tables)
    hand = table.record.state["hands"][1]  # Ben's
    kind = BOARD.card(hand[0])
    held = sum(1 for card in hand if BOARD.card(card).key == kind.key)
    private = await ask(cog, "card", user=BEN.id, name=kind.name)
    assert private.ephemeral and f"you hold {held} of these" in private.text
    shared = await ask(cog, "card", user=BEN.id, name=kind.name, share=True)
    assert not shared.ephemeral and "you hold" not in shared.text
    visitor = await ask(cog, "card", name=kind.name)
    assert "you hold" not in visitor.text
    assert shared.text == visitor.text  # a shared answer is the same whoever asks


async def test_no_look_up_changes_when_every_secret_does(tables):
    """Deal the hands and the draw pile again: every answer anyone else may read stays the
    same, so none of them depends on (or shows) a secret."""
    table = await dealt_game(tables, moves=60)
    questions = ([("card", {"name": key}) for key, _ in lookup.card_entries(BOARD)]
                 + [("property_", {"name": value}) for value, _ in lookup.place_entries(BOARD)]
                 + [("rule", {"topic": key}) for key, _ in lookup.topic_entries()]
                 + [("holdings", {})])

    async def answers(cog: Boardwalk) -> list[str]:
        texts = []
        for command, options in questions:
            texts.append((await ask(cog, command, **options)).text)  # a visitor
            texts.append((await ask(cog, command, user=ANN.id, share=True, **options)).text)  # shared
        return texts

    before = await answers(cog_with(FixedTables(table, THREAD)))
    for seed in (1, 2, 3):
        other = scrambled(table, seed)
        assert other.record.state["hands"] != table.record.state["hands"]
        assert await answers(cog_with(FixedTables(other, THREAD))) == before


async def test_bad_names_get_a_sentence(tables):
    cog = cog_with(tables)
    with pytest.raises(TableError, match="I know no Fortune card called “Free Parking”"):
        await ask(cog, "card", name="Free Parking")
    with pytest.raises(TableError, match="Several property names start with “the”: The Shelburne"):
        await ask(cog, "property_", name="the")
    with pytest.raises(TableError, match="I know no rule topic called"):
        await ask(cog, "rule", topic="x" * 300)
