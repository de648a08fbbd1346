"""/boulevard: the commands register, look-ups autocomplete and resolve names, answers in a
game's thread come from its public view (and the asker's own), no answer gives a secret away,
and the summary's film-pick select is this game's own kind of component, making the game's move.

Games are three-seat Hollywood Boulevards (Ann, Ben, Cat) played by the game's bot policy
through the real table service on a temporary store. Commands are called on the cog with a
small fake interaction that records the replies.
"""
from __future__ import annotations

import asyncio
import copy
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app import MarqueeBot, extensions
from bot.engine import new_game, play
from bot.games import registry
from bot.games.hollywood_boulevard import lookup, picking
from bot.settings import Settings
from bot.table.service import Member, TableError, Tables
from cogs import play as ui
from cogs.game_cog import find
from cogs.titles.hollywood_boulevard import FILM_PICK, Boulevard, FilmPick, film_pick_id
from tests.host.cog_fakes import FakeInteraction
from tests.postgres import open_test_store

GAME_ID = "hollywood-boulevard"
KIT = registry.kit(GAME_ID)
GAME = KIT.game
C = GAME.content
THREAD, OTHER_THREAD, ELSEWHERE = 4242, 4343, 777
ANN, BEN, CAT = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat")
MEMBERS = (ANN, BEN, CAT)
SPECTATOR = Member(99, "Spy")
SEED = 3


# ---------------------------------------------------------------- a fake interaction

async def ask(cog: Boulevard, command: str, *args: Any, member: Member = ANN, where: int = THREAD,
              **kwargs: Any) -> FakeInteraction:
    interaction = FakeInteraction(where, member.id)
    await getattr(cog, command).callback(cog, interaction, *args, **kwargs)
    return interaction


# ---------------------------------------------------------------- a bot and a seeded game

def new_bot(tmp_path) -> MarqueeBot:
    return MarqueeBot(Settings(token=None, database=tmp_path / "bot.sqlite", dev_guild_id=None,
                               log_level="INFO"))


@pytest.fixture
async def table_service(store_kind, tmp_path) -> AsyncIterator[tuple[Boulevard, Tables]]:
    store = await open_test_store(store_kind, tmp_path)
    bot = new_bot(tmp_path)
    bot.tables = Tables(store, seed_source=lambda: SEED)
    await bot.load_extension("cogs.titles.hollywood_boulevard")
    try:
        yield bot.get_cog("Boulevard"), bot.tables
    finally:
        await bot.close()
        await store.close()


async def deal(tables: Tables, thread: int) -> int:
    table = await tables.create(GAME_ID, ANN, {"rounds": 4})
    for member in MEMBERS[1:]:
        await tables.join(table.id, member)
    await tables.start(table.id, ANN)
    await tables.store.set_places(table.id, thread_id=thread)
    return table.id


async def play_until(tables: Tables, game_id: int, done, rng: random.Random, on_move=None) -> dict:
    """Every seat moves as the game's bot would, until ``done(state)``."""
    while True:
        state = (await tables.table(game_id)).record.state
        if done(state):
            return state
        if on_move is not None:
            await on_move(state)
        seat = min(GAME.pending(state))
        await tables.act(game_id, MEMBERS[seat], KIT.bot.choose(state, seat, rng))


def anns_pick(state: dict) -> bool:
    return state["phase"] == "pick" and state["picker"] == 0


# ---------------------------------------------------------------- registration and names

def test_commands_register_with_descriptions(tmp_path):
    async def main():
        bot = new_bot(tmp_path)
        await bot.load_extension("cogs.titles.hollywood_boulevard")
        payload = bot.tree.get_command("boulevard").to_dict(bot.tree)
        await bot.close()
        return payload

    assert "cogs.titles.hollywood_boulevard" in extensions()  # the bot loads it by itself
    payload = asyncio.run(main())
    assert payload["description"].startswith("Hollywood Boulevard:")
    commands = {o["name"]: o for o in payload["options"]}
    assert sorted(commands) == ["affordable", "film", "section", "star", "tip"]
    for command in commands.values():
        assert 0 < len(command["description"]) <= 100, command["name"]
        for option in command.get("options", []):
            assert 0 < len(option["description"]) <= 100, (command["name"], option["name"])
    for name, key in (("film", "title"), ("star", "name"), ("section", "name"), ("tip", "name")):
        options = {o["name"]: o for o in commands[name]["options"]}
        assert options[key]["autocomplete"] and options[key]["required"]
        assert not options["share"]["required"]  # private unless shared


def test_every_name_typed_in_full_finds_its_thing():
    # Suggestions carry a word of context ("Roman Holiday (1953)"); a plain name still resolves.
    for entries, names in ((lookup.film_entries(C), {f.id: f.title for f in C.films.values()}),
                           (lookup.star_entries(C), {s.id: s.name for s in C.stars.values()}),
                           (lookup.section_entries(C), {s.id: s.name for s in C.sections.values()}),
                           (lookup.tip_entries(C), {k.id: k.name for k in C.tips.values()})):
        for value, name in names.items():
            assert find(name, entries, "thing") == value
            assert find(name.upper(), entries, "thing") == value


async def test_suggestions_by_prefix_and_by_any_word(table_service):
    cog, _ = table_service
    anywhere = FakeInteraction(ELSEWHERE, ANN.id)
    by_prefix = await cog.film_titles(anywhere, "roman")
    assert by_prefix[0].name == "Roman Holiday (1953)" and by_prefix[0].value in C.films
    assert "Roman Holiday (1953)" in [c.name for c in await cog.film_titles(anywhere, "holiday")]
    assert len(await cog.film_titles(anywhere, "")) == 25  # 263 films: Discord shows 25
    assert [c.name for c in await cog.star_names(anywhere, "kelly")] == ["Gene Kelly (actor)",
                                                                        "Grace Kelly (actor)"]
    assert [c.name for c in await cog.star_names(anywhere, "hitch")] == ["Alfred Hitchcock (director)"]
    assert [c.value for c in await cog.section_names(anywhere, "vista")] == ["lens"]
    assert [c.value for c in await cog.section_names(anywhere, "park")] == ["parking"]
    assert [c.value for c in await cog.tip_names(anywhere, "preview")] == ["sneak"]


async def test_bad_names_and_wrong_places_are_sentences(table_service):
    cog, tables = table_service
    with pytest.raises(TableError, match="I know no film called “Citizen Kane”"):
        await ask(cog, "film", "Citizen Kane", where=ELSEWHERE)
    with pytest.raises(TableError, match="Several films start with “the”"):
        await ask(cog, "film", "the", where=ELSEWHERE)
    with pytest.raises(TableError, match="I know no star called"):
        await ask(cog, "star", "Charlie Chaplin", where=ELSEWHERE)
    with pytest.raises(TableError, match="I know no board section called"):
        await ask(cog, "section", "Casino", where=ELSEWHERE)
    with pytest.raises(TableError, match="I know no Insider Tip called"):
        await ask(cog, "tip", "x" * 300, where=ELSEWHERE)  # quoted, cut short
    with pytest.raises(TableError, match="in the thread of a Hollywood Boulevard game"):
        await ask(cog, "affordable", where=ELSEWHERE)
    await deal(tables, THREAD)
    with pytest.raises(TableError, match="You are not playing in this game"):
        await ask(cog, "affordable", member=SPECTATOR)


# ---------------------------------------------------------------- answers inside a game

async def test_answers_in_a_game_use_its_public_state(table_service):
    cog, tables = table_service
    game_id = await deal(tables, THREAD)
    state = await play_until(tables, game_id, anns_pick, random.Random(1))
    view = GAME.view(state, None)
    taken = next(f for f in view["array"] if f["owner"] is not None)
    offered = [c.action.removeprefix("pick:") for c in GAME.legal(state, 0) if c.action.startswith("pick:")]
    free = C.films[offered[0]]
    gone = next(f for f in C.films.values() if f.id not in state["array"])

    # Outside a game: the card alone.
    card = (await ask(cog, "film", free.title, where=ELSEWHERE)).said
    assert card[0].ephemeral and "array" not in card[0].text and "You" not in card[0].text
    assert f"**{free.title}** ({free.year})" in card[0].text and f"{free.dice} dice" in card[0].text

    answer = await ask(cog, "film", free.id)  # a suggestion's value, as Discord sends it
    assert "In this round's array, not picked yet." in answer.text
    assert "You can pick it now." in answer.text and answer.said[0].ephemeral
    owner = MEMBERS[taken["owner"]].name
    assert f"**{owner}** screens it this round." in (await ask(cog, "film", taken["title"])).text
    assert "Not in this round's array." in (await ask(cog, "film", gone.title)).text

    shared = await ask(cog, "film", free.title, share=True)
    assert not shared.said[0].ephemeral and "In this round's array" in shared.text
    assert "You" not in shared.text  # a shared answer says nothing about the asker

    # Ben is not picking: his answer weighs his own cash and screen time.
    bens = await ask(cog, "film", free.title, member=BEN)
    assert "You can afford it and fit it" in bens.text or "You have" in bens.text

    # In the thread, this round's array is suggested first.
    in_thread = await cog.film_titles(FakeInteraction(THREAD, ANN.id), "")
    assert [c.value for c in in_thread[:len(state["array"])]] == state["array"]

    placed = [(seat, spot) for seat, spots in enumerate(view["markers"]) for spot in spots if spot]
    seat, spot = next((s, p) for s, p in placed if not p.startswith("star:"))
    section = await ask(cog, "section", spot)
    assert f"**{MEMBERS[seat].name}**" in section.text and "Markers here now" in section.text
    if view["cubes"]:
        star, by = next(iter(view["cubes"].items()))
        assert f"placed by **{MEMBERS[by[0]].name}**" in (await ask(cog, "star", star)).text

    tip = await ask(cog, "tip", "Sneak Preview")
    assert "Tip deck:" in tip.text and "You hold" in tip.text
    assert "You hold" not in (await ask(cog, "tip", "Sneak Preview", share=True)).text


async def test_affordable_lists_what_the_asker_can_take_and_offers_the_pick(table_service):
    cog, tables = table_service
    game_id = await deal(tables, THREAD)
    state = await play_until(tables, game_id, anns_pick, random.Random(1))
    offered = {c.action.removeprefix("pick:"): c.label for c in GAME.legal(state, 0)
               if c.action.startswith("pick:")}

    summary = await ask(cog, "affordable")
    assert summary.said[0].ephemeral and "It is your pick" in summary.text
    for film_id in state["array"]:
        assert (f"• *{C.films[film_id].title}* —" in summary.text) == (film_id in offered)
    [select] = summary.said[-1].view.children
    version = (await tables.table(game_id)).record.version
    # (load_extension runs the module afresh: its classes are the cog's, not this test's import)
    assert isinstance(select, cog.components[0]) and select.item.custom_id == film_pick_id(game_id, version)
    assert {o.value: o.label for o in select.item.options} == offered  # exactly the game's picks

    # Ben is not picking: his list, no select.
    bens = await ask(cog, "affordable", member=BEN)
    assert bens.said[0].view is None and "It is your pick" not in bens.text

    # The select's pick is the game's own action, made through GameCog.move.
    moves = []

    async def move(interaction, game, at, action):
        moves.append((game, at, action))

    cog.move = move
    film_id = next(iter(offered))
    await cog.pick_film(FakeInteraction(THREAD, ANN.id), game_id, version, film_id)
    assert moves == [(game_id, version, f"pick:{film_id}")]
    with pytest.raises(TableError, match="no such film"):  # a forged value never reaches the game
        await cog.pick_film(FakeInteraction(THREAD, ANN.id), game_id, version, "done")


def test_the_affordable_list_agrees_with_the_games_own_rule():
    """Over whole bot games: from each seat's own view, the films it can afford and fit are the
    ones the game itself would let it pick (Studio Discount aside, which the view does not show)."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(GAME, 3, {"rounds": 4}, seed)
        while GAME.result(state) is None:
            if state["phase"] == "pick":
                for seat in range(3):
                    if state["pick_effects"].get(str(seat), {}).get("discount"):
                        continue
                    mine = GAME.view(state, seat)
                    films, _ = lookup.affordable(C, mine)
                    rule = [f for f in state["array"]
                            if picking.film_problem(C, state, seat, C.films[f]) is None]
                    assert films == rule
                    checked += 1
            seat = min(GAME.pending(state))
            state, _ = play(GAME, state, seat, KIT.bot.choose(state, seat, rng))
    assert checked > 100


# ---------------------------------------------------------------- secrets

def scrambled(state: dict, keep: int, rng: random.Random) -> dict:
    """The same public game with every other seat's secrets changed: the tips in their hands
    (as many as before), their bids, tips and Press Agent behind the screen, their secret rolls,
    and the order of both decks."""
    state = copy.deepcopy(state)
    kinds, boxes = list(C.tips), list(C.boxes)
    for seat in range(state["players"]):
        if seat == keep:
            continue
        state["hands"][seat] = [rng.choice(kinds) for _ in state["hands"][seat]]
        if state["screens"]:
            screen = state["screens"][seat]
            screen["bids"] = {box: rng.randint(1, 6) for box in rng.sample(boxes, 3)}
            screen["tips"], screen["press"] = [rng.choice(kinds)], rng.choice(boxes)
    preview, agency = state["secret"]["preview"], state["secret"]["agency"]
    if preview and preview["seat"] != keep:
        preview["dice"] = [rng.randint(3, 6), rng.randint(1, 6)]
        preview["genre"] = rng.choice(list(C.genres))
    if agency and agency["seat"] != keep:
        agency["die"] = rng.randint(1, 6)
        agency["box"] = C.box_by_die[agency["die"]]
    rng.shuffle(state["tips"]["deck"])
    state["deck_seeds"] = [rng.randrange(2**31), rng.randrange(2**31)]
    return state


async def answers(cog: Boulevard, thread: int, state: dict) -> list[str]:
    """Everything Ann may ask in that thread, privately and shared."""
    view = GAME.view(state, None)
    films = [*state["array"], "a001", "b001"]
    stars = ["cary-grant", "john-ford", *view["cubes"]]
    said = []
    for share in (False, True):
        for command, names in (("film", films), ("star", stars), ("section", list(C.sections)),
                               ("tip", list(C.tips))):
            for name in names:
                said.append((await ask(cog, command, name, where=thread, share=share)).text)
    said.append((await ask(cog, "affordable", where=thread)).text)
    said += [c.name for c in await cog.film_titles(FakeInteraction(thread, ANN.id), "")]
    return said


async def test_no_answer_changes_when_the_others_secrets_do(table_service):
    cog, tables = table_service
    game_id = await deal(tables, THREAD)
    twin = await deal(tables, OTHER_THREAD)  # the same seats; its state is set to a scrambled copy
    rng, checked, phases = random.Random(7), 0, set()

    async def compare(state: dict) -> None:
        nonlocal checked
        if state["_move"] % 2 and state["phase"] in phases:
            return  # every phase's first moment, then every other move
        phases.add(state["phase"])
        other = scrambled(state, keep=0, rng=rng)
        assert other != state and GAME.view(other, None) == GAME.view(state, None)
        version = (await tables.table(twin)).record.version
        assert await tables.store.commit(twin, version, status="running", state=other)
        assert await answers(cog, THREAD, state) == await answers(cog, OTHER_THREAD, other)
        checked += 1

    # In this game's first round Cat holds the Preview House: a secret roll that is not Ann's.
    await play_until(tables, game_id, lambda s: s["round"] == 2, random.Random(1), on_move=compare)
    assert {"place", "genre", "pick", "screen"} <= phases and checked > 15


# ---------------------------------------------------------------- the component's custom id

def test_the_film_pick_template_takes_its_own_ids_only():
    template = FilmPick.__discord_ui_compiled_template__
    assert template.pattern == FILM_PICK
    assert template.fullmatch(film_pick_id(12, 0)) and template.fullmatch(film_pick_id(1, 345))
    for malformed in ("mq:hb:0:1", "mq:hb:12", "mq:hb:12:", "mq:hb:12:01", "mq:hb:12:1:pick:a001",
                      "mq:hb:x:1", "mq:hb:١٢:1", "mq:hb:12:-1", "mq:hb:" + "9" * 19 + ":1",
                      "mq:HB:12:1", "mq:h:12:1", " mq:hb:12:1", "mq:hb:12:1 "):
        assert template.fullmatch(malformed) is None, malformed
    # No other kind takes this game's ids, and this kind takes none of theirs.
    assert ui.kind_of(film_pick_id(12, 3)) is None
    for theirs in ("mq:m:12:3:pick:a001", "mq:s:12:3:0", "mq:p:12", "mq:g:12:3:1"):
        assert ui.kind_of(theirs) is not None and template.fullmatch(theirs) is None


async def test_the_select_is_registered_with_the_cog(tmp_path):
    bot = new_bot(tmp_path)
    await bot.load_extension("cogs.titles.hollywood_boulevard")
    registered = bot._connection._view_store._dynamic_items  # discord.py's: pattern → class
    [kind] = bot.get_cog("Boulevard").components
    assert kind.__name__ == "FilmPick" and registered[kind.__discord_ui_compiled_template__] is kind
    await bot.unload_extension("cogs.titles.hollywood_boulevard")
    assert kind not in registered.values()
    await bot.close()
