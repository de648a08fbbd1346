"""/sfscene: the commands register with descriptions, autocomplete finds spaces and cards by
prefix and by any word, answers inside a game come from that game's public view, no look-up
changes when a secret does (the Cable Car deck's order, an offer's terms), and a bad name
gets a sentence."""
from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace

import pytest

from bot.app import extensions
from bot.games import registry
from bot.games.san_francisco_scene import lookup
from bot.games.san_francisco_scene.money import worth
from bot.table.service import Member, Table, TableError, Tables
from cogs.titles.san_francisco_scene import SanFranciscoScene
from tests.host.cog_fakes import FakeInteraction, FixedTables, described_commands, registered_group

GAME = "san-francisco-scene"
THREAD, ELSEWHERE = 7001, 7002
ANN, BEN, CAT = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat")
VISITOR = 99  # a member of the server who holds no seat
SEED = 3
RULES = registry.game(GAME)
BOARD = RULES.board


def cog_with(tables: object) -> SanFranciscoScene:
    return SanFranciscoScene(SimpleNamespace(tables=tables))  # type: ignore[arg-type]


async def ask(cog: SanFranciscoScene, command: str, *, user: int = VISITOR, channel: int = THREAD,
              **options: object) -> FakeInteraction:
    interaction = FakeInteraction(channel, user)
    await getattr(SanFranciscoScene, command).callback(cog, interaction, **options)
    return interaction


async def dealt_game(tables: Tables, *, moves: int, stop=None) -> Table:
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
        if game_kit.game.result(state) is not None or (stop is not None and stop(state)):
            break
        seat = min(game_kit.game.pending(state))
        action = game_kit.bot.choose(state, seat, rng)
        table = await tables.act(table.id, members[table.seats[seat].user_id], action)
    return table


def scrambled(table: Table, seed: int) -> Table:
    """The same game with every secret changed: the Cable Car deck in another order, and an
    open offer's terms (its price) moved."""
    state = {**table.record.state, "deck": list(table.record.state["deck"])}
    random.Random(seed).shuffle(state["deck"])
    if state["offer"]:
        terms = {key: value + 10_000 * (seed + 1) if isinstance(value, int) and not isinstance(value, bool)
                 else value for key, value in state["offer"]["terms"].items()}
        state["offer"] = {**state["offer"], "terms": terms}
    return Table(dataclasses.replace(table.record, state=state), table.seats)


# --- registration ---------------------------------------------------------------------------

def test_the_group_and_its_commands_register_with_descriptions(tmp_path):
    assert "cogs.titles.san_francisco_scene" in extensions()
    payload = registered_group(tmp_path, "cogs.titles.san_francisco_scene", "sfscene")
    assert payload["description"] == "San Francisco Scene: spaces, Cable Car cards, owners and worth"
    commands = described_commands(payload, {"space": "name", "card": "text"})
    assert set(commands) == {"space", "card", "owners", "fund", "worth"}


# --- autocomplete ---------------------------------------------------------------------------

async def test_autocomplete_by_prefix_and_by_any_word():
    cog = cog_with(None)
    interaction = FakeInteraction(ELSEWHERE, VISITOR)

    async def names(method: str, typed: str) -> list[str]:
        return [choice.name for choice in await getattr(cog, method)(interaction, typed)]

    assert (await names("space_names", "hay"))[0] == "Hayward — property, $140,000"
    bridges = await names("space_names", "bridge")  # a later word, also of a route's name
    assert {name.split(" — ")[0] for name in bridges} == {
        "Golden Gate Bridge", "Richmond–San Rafael Bridge", "San Francisco–Oakland Bay Bridge",
        "San Mateo Bridge", "Yerba Buena Island"}
    assert await names("space_names", "oakland") == ["San Francisco–Oakland Bay Bridge"]  # after a dash
    assert await names("space_names", "cable") == ["Cable Car"]  # four spaces, one entry
    assert len(await names("space_names", "")) == 25  # Discord's most
    fog = BOARD.cards["fog-rolls-in"].text
    assert await names("card_texts", "fog") == [fog]
    assert await names("card_texts", "zzz") == []


# --- answers in and out of a game ------------------------------------------------------------

async def test_look_ups_outside_a_game_answer_from_the_content(tables):
    cog = cog_with(tables)
    space = await ask(cog, "space", channel=ELSEWHERE, name="walnut creek")
    assert space.ephemeral and space.text.startswith("**Walnut Creek** — a property, space 29 of the loop")
    assert "only a player who also owns Hayward may develop it" in space.text and "**Now:**" not in space.text
    card = await ask(cog, "card", channel=ELSEWHERE, text="fog-rolls-in")  # a suggestion's value
    assert card.text.startswith(f"**Cable Car card** — one of the {len(BOARD.deck)} in the deck")
    assert "Golden Gate Bridge" in card.text
    for command in ("owners", "fund", "worth"):
        summary = await ask(cog, command, channel=ELSEWHERE)
        assert summary.ephemeral and summary.text.startswith(f"Use `/sfscene {command}` in the thread")


async def test_a_lobby_is_not_yet_a_game(tables):
    table = await tables.create(GAME, ANN, channel_id=ELSEWHERE, seed=SEED)
    await tables.store.set_places(table.id, thread_id=THREAD)
    owners = await ask(cog_with(tables), "owners")
    assert owners.text.startswith("Use `/sfscene owners`")


async def test_answers_in_a_game_use_its_public_state(tables):
    table = await dealt_game(tables, moves=60)
    state = table.record.state
    cog = cog_with(tables)
    names = table.names()
    owned = next(space for space, owner in state["owners"].items() if isinstance(owner, int))
    owner = state["owners"][owned]
    view = RULES.view(state, None)

    space = await ask(cog, "space", name=owned)
    rent = lookup.rent_now(BOARD, owned, view)
    assert f"**Now:** **{names[owner]}** owns it" in space.text and f"landing here costs ${rent:,}." in space.text

    owners = await ask(cog, "owners", share=True)
    assert not owners.ephemeral and owners.text.startswith("**Who owns what**")
    for seat, player in enumerate(state["seats"]):
        if not player["bankrupt"]:
            assert f"**{names[seat]}** — ${player['cash']:,}" in owners.text
    assert all(BOARD.spaces[s].name in owners.text for s, o in state["owners"].items() if o is not None)

    fund = await ask(cog, "fund")
    assert fund.text.startswith(f"**Public Fund:** ${state['fund']:,}")

    ranked = await ask(cog, "worth")
    live = [s for s, p in enumerate(state["seats"]) if not p["bankrupt"]]
    order = sorted(live, key=lambda s: (-worth(BOARD, state, s), s))
    assert [ranked.text.index(f"**{names[s]}** **${worth(BOARD, state, s):,}**") for s in order] == sorted(
        ranked.text.index(f"**{names[s]}** **") for s in order)


async def test_a_finished_game_shows_final_holdings(tables):
    table = await dealt_game(tables, moves=2000)
    assert table.record.status == "finished"
    owners = await ask(cog_with(tables), "owners")
    assert owners.text.startswith("**Final holdings**")


async def test_no_look_up_changes_when_every_secret_does(tables):
    """Shuffle the Cable Car deck and move an open offer's price: every answer stays the same,
    so none of them depends on (or shows) a secret."""
    table = await dealt_game(tables, moves=400, stop=lambda state: state["offer"] is not None)
    assert table.record.state["offer"] is not None, "the seeded game opened no offer"
    questions = ([("space", {"name": value}) for value, _ in lookup.space_entries(BOARD)]
                 + [("card", {"text": value}) for value, _ in lookup.card_entries(BOARD)]
                 + [("owners", {}), ("fund", {}), ("worth", {})])

    async def answers(cog: SanFranciscoScene) -> list[str]:
        texts = []
        for command, options in questions:
            texts.append((await ask(cog, command, **options)).text)  # a visitor
            texts.append((await ask(cog, command, user=ANN.id, share=True, **options)).text)  # shared
        return texts

    before = await answers(cog_with(FixedTables(table, THREAD)))
    for seed in (1, 2):
        other = scrambled(table, seed)
        assert other.record.state["deck"] != table.record.state["deck"]
        assert other.record.state["offer"] != table.record.state["offer"]
        assert await answers(cog_with(FixedTables(other, THREAD))) == before


async def test_bad_names_get_a_sentence(tables):
    cog = cog_with(tables)
    with pytest.raises(TableError, match="I know no space called “Boardwalk”"):
        await ask(cog, "space", name="Boardwalk")
    with pytest.raises(TableError, match="Several spaces start with “san”: San Rafael"):
        await ask(cog, "space", name="san")
    with pytest.raises(TableError, match="I know no Cable Car card called"):
        await ask(cog, "card", text="x" * 300)
