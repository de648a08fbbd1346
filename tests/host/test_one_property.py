"""Every answer a member can get is the same in every world they cannot tell apart (issue 35,
part 2): one property over every way a member can look.

Over seeded bot games of every title, at sampled moves, each seat gets a twin world: the
state the store kept before that chapter, its hidden parts changed directly
(``tests/engine/twins.py``), and the chapter's moves made again for as long as the rules show
that seat the same (``tests/host/worlds.py``). Every read path below, each a function
``(world, seat, asked) -> answer`` run by the host's own code (the real cogs and table
service, a stand-in store answering from the world), must then answer the seat the same in
both. ``READ_PATHS`` is the list: a new way to look is one line there, and
``test_every_command_is_a_read_path_or_reads_no_game`` fails on a command registered
without one.
"""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import random
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from aiohttp.test_utils import make_mocked_request
from discord import app_commands
from discord.ext import commands

from bot.app import extensions
from bot.engine import Choice, IllegalMove, play
from bot.engine.language import ENGLISH
from bot.engine.runner import SEED_KEY, UNDO
from bot.games import registry
from bot.table import history
from bot.table.model import TableError
from bot.table.take_back import undoable
from bot.web.links import Links
from bot.web.server import Pages
from cogs.history import HistoryPage
from cogs.play import PageButton, guarded
from cogs.titles.advance_to_boardwalk import Boardwalk
from tests.engine import twins
from tests.host.test_declared_limits import component_classes, registered_commands
from tests.host.test_public_secrets import differs
from tests.host.worlds import (
    GAME_ID,
    PUBLIC_URL,
    Asker,
    Host,
    Played,
    ViewDrawing,
    World,
    chapter_of,
    member,
    played,
    twin_now,
    world_of,
    worlds_apart,
)

HOST = Host()


def _cogs() -> list[commands.Cog]:
    """The cog of every extension the bot loads, made for HOST."""
    made = []
    for extension in extensions():
        module = importlib.import_module(extension)
        made += [kind(HOST) for kind in vars(module).values()
                 if inspect.isclass(kind) and issubclass(kind, commands.Cog) and kind.__module__ == extension]
    return made


#: Every slash command, by its name, with the cog that runs it.
COMMANDS: dict[str, tuple[commands.Cog, app_commands.Command]] = {
    found.qualified_name: (cog, found) for cog in _cogs() for found in cog.walk_app_commands()
    if isinstance(found, app_commands.Command)}


# ---------------------------------------------------------------- what a member asks

@dataclass(frozen=True)
class Asked:
    """What the member asks, the same in both worlds: the arguments of each read path are
    drawn from ``rng(path)``; ``own`` are the seat's moves (the same in both), ``others``
    any other move of the game (a member may send one by a stale button, or a forged one)."""

    key: str
    own: tuple[str, ...]
    others: tuple[str, ...]

    def rng(self, path: str) -> random.Random:
        return random.Random(f"{self.key}:{path}")


def filled(choice: Choice) -> str:
    """An action of a choice: a template filled with its least amount or first options."""
    if choice.amount is not None:
        return choice.fill(choice.amount.minimum)
    if choice.subset is not None:
        return choice.fill([value for value, _ in choice.subset.options[:max(choice.subset.minimum, 1)]])
    return choice.action


def actions_of(game: Any, state: dict[str, Any], seats: range | list[int]) -> set[str]:
    return {filled(choice) for seat in seats for choice in game.legal(state, seat)}


def vocabulary(game: Played) -> set[str]:
    """Every move any seat was offered in the game: the moves a member may try anywhere."""
    kit = registry.kit(game.game_type)
    return {action for step in game.steps for action in actions_of(kit.game, step.state, range(game.players))}


def asked_in(ours: World, theirs: World, seat: int, key: str, known: set[str]) -> Asked:
    """What the seat's member asks in both worlds: ``known`` moves of the game, and any the
    other seats have in either world."""
    others = [other for other in range(len(ours.table.seats)) if other != seat]
    own = actions_of(ours.game, ours.state, [seat])
    anyone = known | actions_of(ours.game, ours.state, others) | actions_of(theirs.game, theirs.state, others)
    return Asked(key, tuple(sorted(own)), tuple(sorted(anyone - own)))


# ---------------------------------------------------------------- the read paths

ReadPath = Callable[[World, int, Asked], Awaitable[Any]]
Argument = Callable[[World, random.Random], Any]
#: The buttons that turn an answer's pages (the panel's, the history's): pressed in turn.
PAGERS = (PageButton, HistoryPage)
PAGES_TURNED = 6


def command(name: str, **arguments: Argument) -> ReadPath:
    """``/name`` in the world's thread, by the seat's member: each argument as Discord could
    send it (a suggestion it offered for what was typed, a number in range, shared or not;
    ``arguments`` where the range is the world's), a refusal answered as the bot's error
    handler answers it, and every page of the answer turned. The answer: the suggestions
    and everything said."""
    async def read(world: World, seat: int, asked: Asked) -> Any:
        cog, found = COMMANDS[name]
        if getattr(cog, "game_id", world.game_type) != world.game_type:
            return None  # another title's look-up answers from its content alone
        rng = asked.rng(name)
        HOST.over(world)
        suggested: list[Any] = []
        values = {parameter.name: await _argument(found, cog, parameter, world, seat, rng, arguments, suggested)
                  for parameter in found.parameters}
        asker = Asker(HOST, seat)
        await _answered(asker, found.callback(cog, asker, **{k: v for k, v in values.items() if v is not None}))
        await _turn_pages(asker, world, seat)
        return suggested, asker.answers

    return read


async def _argument(found: app_commands.Command, cog: commands.Cog, parameter: app_commands.Parameter,
                    world: World, seat: int, rng: random.Random, arguments: dict[str, Argument],
                    suggested: list[Any]) -> Any:
    if parameter.name in arguments:
        return arguments[parameter.name](world, rng)
    if parameter.autocomplete:
        typed = rng.choice(["", "a", "e", "o", "s", "t", "m", "2"])
        complete = found._params[parameter.name].autocomplete  # the callback discord.py calls as one types
        offered = await complete(cog, Asker(HOST, seat), typed)
        suggested.append([(choice.name, choice.value) for choice in offered])
        return rng.choice(offered).value if offered else typed
    if parameter.type is discord.AppCommandOptionType.boolean:
        return rng.random() < 0.5
    if parameter.type is discord.AppCommandOptionType.integer and (parameter.required or rng.random() < 0.5):
        return rng.randint(int(parameter.min_value), int(parameter.max_value))
    return None  # an optional one left out: its default


async def _answered(asker: Asker, work: Awaitable[None]) -> None:
    """Run a command as the tree does: a refusal (a ``TableError``) goes to the bot's error
    handler, which answers it (``guarded``); anything else fails the test."""
    try:
        await work
    except TableError as refusal:
        await guarded(asker, _raising(refusal))  # type: ignore[arg-type]


async def _raising(error: Exception) -> None:
    raise error


async def _turn_pages(asker: Asker, world: World, seat: int) -> None:
    """Press the ◀ ▶ buttons the answers show, each page once, as a member reading on would
    (the history's within the world's chapter: its older ones are before its kept state)."""
    pressed: set[str] = set()
    newest = history.chapters(world.moves) - 1
    for answer in asker.answers:
        for custom_id in _custom_ids(answer.controls):
            kind = next((kind for kind in PAGERS if kind.__discord_ui_compiled_template__.fullmatch(custom_id)), None)
            if kind is None or custom_id in pressed or len(pressed) >= PAGES_TURNED:
                continue
            match = kind.__discord_ui_compiled_template__.fullmatch(custom_id)
            if kind is HistoryPage and int(match["page"]) != newest:
                continue
            pressed.add(custom_id)
            click = Asker(HOST, seat, data={"custom_id": custom_id})
            item = await kind.from_custom_id(click, discord.ui.Button(custom_id=custom_id), match)
            await item.callback(click)
            asker.answers += click.answers


def _custom_ids(controls: Any) -> list[str]:
    if isinstance(controls, dict):
        own = [controls["custom_id"]] if "custom_id" in controls else []
        return own + _custom_ids(controls.get("components"))
    if isinstance(controls, list):
        return [custom_id for part in controls for custom_id in _custom_ids(part)]
    return []


#: The member's own moves tried in each world (made ones cost a look at the worlds it leaves).
OWN_MOVES = 2


async def moves(world: World, seat: int, asked: Asked) -> Any:
    """Moves the member tries: a few of their own, and every other move of the game (by a
    stale or a forged button; a refusal is cheap). Each is refused with a sentence, or made.
    (Whether a move made may be taken back is asked of worlds the move leaves alike to its
    mover: "the Undo button".)"""
    tried = [*asked.rng("moves").sample(asked.own, min(OWN_MOVES, len(asked.own))), *asked.others]
    answers = []
    for action in tried:
        tables = HOST.over(world)
        try:
            await tables.act(GAME_ID, member(seat), action, version=world.table.record.version)
        except TableError as refusal:
            answers.append((action, refusal.worded(ENGLISH)))
            continue
        answers.append((action, "made"))
    return answers


async def undo_button(world: World, seat: int, asked: Asked) -> Any:
    """Whether the confirmation of the world's last move, when the seat made it in its panel,
    carries an Undo button (``undoable``, as ``Tables.act`` asks it)."""
    if not world.log or world.log[-1][0] != seat or world.log[-1][1] == UNDO:
        return None
    return undoable(world.table_at(world.moves - 1), seat, world.log[-1][1], world.table)


async def game_page(world: World, seat: int, asked: Asked) -> Any:
    """The game's page as the page server answers it: the page, the newest chapter of its
    log, the board after a move of it and the version it polls (the handlers its routes
    name, ``bot/web/server.py``)."""
    tables = HOST.over(world)
    links = Links(b"a secret of the test", PUBLIC_URL)
    pages = Pages(tables.store, ViewDrawing(), links)  # type: ignore[arg-type]
    token = links.token(GAME_ID)
    move = a_move_of(world, asked.rng("page"))
    newest = history.chapters(world.moves) - 1

    async def answer(handler: Any, path: str, **match: str) -> Any:
        response = await handler(make_mocked_request("GET", path, match_info={"token": token, **match}))
        return response.status, response.body

    return [await answer(pages._page, f"/g/{token}"),
            await answer(pages._chapter, f"/g/{token}/log/{newest}", chapter=str(newest)),
            await answer(pages._board, f"/g/{token}/board/{move}.png", move=str(move)),
            await answer(pages._version, f"/g/{token}/version")]


async def bot_sample(world: World, seat: int, asked: Asked) -> Any:
    """The world a bot playing the seat samples (``bot/engine/fair.py``), for one generator."""
    knowledge = registry.kit(world.game_type).bot.knowledge(world.state, seat, asked.rng("sample"))
    return knowledge.seat, knowledge.state, knowledge.legal


def a_move_of(world: World, rng: random.Random) -> int:
    """A move since the world's kept state, as ``/game board move:`` names it."""
    return rng.randint(min(world.base + 1, world.moves), world.moves)


#: Every way a member can look at a game, each answering what the member is shown.
READ_PATHS: dict[str, ReadPath] = {
    "/game hand": command("game hand"),  # the panel: the My hand & options button opens the same
    "/game status": command("game status"),
    "/game history": command("game history"),
    "/game board": command("game board", move=a_move_of),
    "/game undo": command("game undo"),
    "/game rules": command("game rules"),
    # At these (rated) tables a refusal; a coach table's hints from twin worlds are compared in
    # tests/host/test_hints.py, where the strong bot's search runs.
    "/game hint": command("game hint"),
    # Each title's own (cogs/titles/): a name as typed and suggested, shared or not.
    "/boardwalk card": command("boardwalk card"),
    "/boardwalk property": command("boardwalk property"),
    "/boardwalk rule": command("boardwalk rule"),
    "/boardwalk holdings": command("boardwalk holdings"),
    "/boulevard film": command("boulevard film"),
    "/boulevard star": command("boulevard star"),
    "/boulevard section": command("boulevard section"),
    "/boulevard tip": command("boulevard tip"),
    "/boulevard affordable": command("boulevard affordable"),
    "/hw1947 job": command("hw1947 job"),
    "/hw1947 card": command("hw1947 card"),
    "/hw1947 poster": command("hw1947 poster"),
    "/hw1947 loyalty": command("hw1947 loyalty"),
    "/hw1947 jobs": command("hw1947 jobs"),
    "/sfscene space": command("sfscene space"),
    "/sfscene card": command("sfscene card"),
    "/sfscene owners": command("sfscene owners"),
    "/sfscene fund": command("sfscene fund"),
    "/sfscene worth": command("sfscene worth"),
    "/billboard district": command("billboard district"),
    "/billboard agency": command("billboard agency"),
    "/billboard company": command("billboard company"),
    "/billboard prices": command("billboard prices"),
    "/billboard scoring": command("billboard scoring"),
    "a move made or refused": moves,
    "the Undo button": undo_button,
    "the game's page": game_page,
    "a bot's sample": bot_sample,
}
#: Commands that read no game as it stands, and why.
READ_NO_GAME = {
    "game new": "opens a lobby",
    "game join": "a lobby's seats",
    "game leave": "hands a seat to a bot: its answer says so, nothing of the game",
    "game substitute": "the same, for the host",
    "game rejoin": "takes a seat back: its answer says so",
    "game start": "deals the game; the deal's posts are the thread's (tests/host/test_public_secrets.py)",
    "game abandon": "ends the game",
    "game resume": "sends what a held thread missed: the thread's own posts",
    "game notify": "a member's own settings",
    "game follow": "a follower's DMs are the thread's lines (tests/host/test_public_secrets.py)",
    "game unfollow": "stops those DMs",
    "game stats": "finished games' results, public once over",
    "game leaderboard": "the same, ranked",
    "game learn": "opens a practice table of the member's own: a lobby, then the deal's posts",
}


# ---------------------------------------------------------------- the property

#: Title: the games played (players, options, seed).
GAMES: dict[str, list[tuple[int, dict[str, Any], int]]] = {
    "advance-to-boardwalk": [(4, {}, 1), (3, {}, 2)],
    "hollywood-boulevard": [(4, {"rounds": 4}, 1), (3, {"rounds": 4}, 2)],
    "hollywood-1947": [(3, {}, 1), (5, {}, 2)],
    "san-francisco-scene": [(4, {}, 1), (5, {}, 3)],
    "billboard": [(4, {}, 1), (3, {}, 2)],
}
#: Moves of each game looked at with their chapter's past (each seat with a twin of its own),
#: and moments of each hidden part looked at as they stand (twins of the seats it is hidden from).
CHAPTER_WORLDS, MOMENTS_PER_PART = 6, 2
#: The read paths that rebuild the game's past from the state the store kept (history pages,
#: boards after a move and their descriptions, the page's log, the state a take-back restores):
#: a moment's world has no past, so only the others look at it.
READ_THE_PAST = {"/game history", "/game board", "/game undo", "the Undo button", "the game's page"}
Pair = tuple[World, World, int, dict[str, ReadPath]]


def chapter_worlds(game: Played, rng: random.Random) -> Iterator[Pair]:
    """Moves spread over the game (the deal first), each seat's twin made from the state kept
    before its chapter: every read path looks at them. A twin the chapter's own moves tell
    apart before it begins has no chapter to show, and is left out."""
    last = len(game.log)
    for moves_made in sorted({0, *rng.sample(range(1, last + 1), min(CHAPTER_WORLDS - 1, last))}):
        world = world_of(game, moves_made)
        for seat in range(game.players):
            ours, theirs = worlds_apart(world, seat, rng, reseed=rng.random() < 0.5)
            if ours.moves >= chapter_of(moves_made):
                yield ours, theirs, seat, READ_PATHS


def moments(game: Played, rng: random.Random) -> Iterator[Pair]:
    """For each hidden part of the title, a few moments when it is there, each looked at by a
    seat it is hidden from in a twin of that moment."""
    present = {name: [(move, seat) for move, step in enumerate(game.steps) for seat in range(game.players)
                      if part(step.state, seat)] for name, part in twins.HIDDEN[game.game_type].items()}
    paths = {name: path for name, path in READ_PATHS.items() if name not in READ_THE_PAST}
    rules = registry.game(game.game_type)
    for found in present.values():
        # Half of them while the seat has a choice of its own: a move it tries then is
        # refused by the rules' own reasons, which may read the state.
        choosing = [(move, seat) for move, seat in found if rules.legal(game.steps[move].state, seat)]
        picked = rng.sample(choosing, min(MOMENTS_PER_PART // 2, len(choosing)))
        rest = [moment for moment in found if moment not in picked]
        for move, seat in picked + rng.sample(rest, min(MOMENTS_PER_PART - len(picked), len(rest))):
            world = world_of(game, move, base=move)
            yield world, twin_now(world, seat, rng, reseed=rng.random() < 0.5), seat, paths


def plain(answer: Any) -> Any:
    """An answer as plain data (records as dicts, tuples as lists), so that where two differ
    is found by its path."""
    if dataclasses.is_dataclass(answer) and not isinstance(answer, type):
        return {part.name: plain(getattr(answer, part.name)) for part in dataclasses.fields(answer)}
    if isinstance(answer, list | tuple):
        return [plain(item) for item in answer]
    if isinstance(answer, dict):
        return {key: plain(value) for key, value in answer.items()}
    return answer


async def differences(ours: World, theirs: World, seat: int, asked: Asked,
                      paths: dict[str, ReadPath]) -> list[str]:
    """Where each read path answers the seat otherwise in the twin world."""
    found = []
    for name, path in paths.items():
        mine, twin = plain(await path(ours, seat, asked)), plain(await path(theirs, seat, asked))
        if mine != twin:
            found.append(f"{name}, move {ours.moves}, seat {seat}{differs(mine, twin)}"[:600])
    return found


def changed(title: str, ours: World, theirs: World, seat: int) -> set[str]:
    """The hidden parts the twin changed."""
    return {name for name, part in twins.HIDDEN[title].items()
            if part(theirs.steps[0].state, seat) != part(ours.steps[0].state, seat)}


@pytest.mark.parametrize("title", sorted(GAMES))
async def test_every_answer_is_the_same_in_worlds_a_member_cannot_tell_apart(title: str) -> None:
    found: list[str] = []
    looked = Counter[str]()
    hidden_changed: set[str] = set()
    for players, options, seed in GAMES[title]:
        game = played(title, players, options, seed)
        known, rng = vocabulary(game), random.Random(f"{title}:{seed}")
        for ours, theirs, seat, paths in [*chapter_worlds(game, rng), *moments(game, rng)]:
            hidden_changed |= changed(title, ours, theirs, seat)
            asked = asked_in(ours, theirs, seat, f"{title}:{seed}:{ours.moves}:{seat}", known)
            found += [f"{players} players, seed {seed}: {difference}"
                      for difference in await differences(ours, theirs, seat, asked, paths)]
            looked["with the past" if paths is READ_PATHS else "as it stands"] += 1
            looked["hidden differs"] += {**theirs.state, SEED_KEY: 0} != {**ours.state, SEED_KEY: 0}
    assert found == [], f"{len(found)} answers told a member what they cannot know:\n" + "\n".join(found[:20])
    assert hidden_changed == set(twins.HIDDEN[title]), "no twin changed: " + ", ".join(
        sorted(set(twins.HIDDEN[title]) - hidden_changed))
    assert looked["with the past"] >= 10 and looked["as it stands"] >= len(twins.HIDDEN[title])
    compared = looked["with the past"] + looked["as it stands"]
    assert looked["hidden differs"] >= compared * 3 // 4, f"the twins hardly differ from their worlds: {looked}"


# ---------------------------------------------------------------- every way to look is in the list

#: Each kind of component a member clicks, and the read path that answers as it does (the same
#: builder behind it), or why it reads no game.
CLICKS = {
    "PanelButton": "/game hand",  # My hand & options: send_panel, as /game hand
    "PageButton": "/game hand",  # the panel's pages, turned by the command's read path
    "HistoryPage": "/game history",  # its ◀ ▶, turned by the command's read path
    "UndoButton": "/game undo",  # take_back, as /game undo (and "the Undo button" for its showing)
    "HintButton": "/game hint",  # the coach's hint, as /game hint
    "MoveButton": "a move made or refused",
    "MoveSelect": "a move made or refused",
    "FilmPick": "a move made or refused",  # /boulevard affordable's select: pick:<film>
    "AmountFormModal": "a move made or refused",  # an amount typed: the move it fills in
    # Forms and pickers of the seat's own choices: their bounds and options are those of its
    # legal() choices, which every twin shows it alike (tests/host/worlds.py: ``shown``).
    "AmountButton": "the seat's own choices",
    "SubsetSelect": "the seat's own choices",
    "ConfirmButton": "the seat's own choices",
    "PickerButton": "the seat's own choices",
    "LobbyButton": "a lobby's seats, before any deal",
}


async def test_every_command_is_a_read_path_or_reads_no_game(tmp_path):
    """A command the bot registers that is in neither list fails here: add its read path."""
    registered = {command.qualified_name for command in await registered_commands(tmp_path)}
    read = {name.removeprefix("/") for name in READ_PATHS if name.startswith("/")}
    assert read.isdisjoint(READ_NO_GAME)
    assert sorted(registered - read - set(READ_NO_GAME)) == [], (
        "commands in neither list: add each to READ_PATHS (it answers from a game) or to READ_NO_GAME, saying why")
    assert sorted((read | set(READ_NO_GAME)) - registered) == [], "read paths of commands not registered"
    assert set(COMMANDS) == registered  # the cogs the read paths run are the bot's


def test_every_kind_of_click_is_answered_by_a_read_path_or_reads_no_game():
    kinds = {kind.__qualname__ for kind in component_classes()}
    assert sorted(kinds ^ set(CLICKS)) == []
    assert {path for path in CLICKS.values() if path.startswith(("/", "a move"))} <= set(READ_PATHS)


# ---------------------------------------------------------------- the property is not vacuous

async def leaks_found(title: str, players: int, seed: int, paths: dict[str, ReadPath]) -> list[str]:
    """The differences ``paths`` show over one game's worlds, as the property finds them."""
    game = played(title, players, {}, seed)
    known, rng = vocabulary(game), random.Random(f"{title}:{seed}")
    found = []
    for ours, theirs, seat, looking in [*chapter_worlds(game, rng), *moments(game, rng)]:
        asked = asked_in(ours, theirs, seat, f"{title}:{seed}:{ours.moves}:{seat}", known)
        found += await differences(ours, theirs, seat, asked,
                                   {name: path for name, path in paths.items() if name in looking})
    return found


async def test_a_look_up_that_reads_another_seat_is_found(monkeypatch):
    """A slip of one word: /boardwalk card counting the copies in the first seat's hand,
    whoever asks, rather than the asker's."""
    monkeypatch.setattr(Boardwalk, "_own_hand", lambda cog, table, user_id: cog.rules.view(table.state, 0)["hand"])
    found = await leaks_found("advance-to-boardwalk", 3, 2, {"/boardwalk card": READ_PATHS["/boardwalk card"]})
    assert found and all(line.startswith("/boardwalk card") for line in found)


async def test_a_status_line_that_reads_the_deck_is_found(monkeypatch):
    """The top Cable Car card in San Francisco Scene's status line reaches /game status, the
    board's description, the page and the refusals that say where the game stands."""
    rules = type(registry.game("san-francisco-scene"))
    status = rules.status
    monkeypatch.setattr(rules, "status", lambda game, state: f"{status(game, state)} ({state['deck'][:1]})")
    found = await leaks_found("san-francisco-scene", 3, 2, READ_PATHS)
    assert {line.split(",")[0] for line in found} >= {"/game status", "/game board", "the game's page",
                                                      "a move made or refused"}


# ---------------------------------------------------------------- what it found

def test_a_seat_off_turn_learns_nothing_of_the_trade_being_drafted():
    """San Francisco Scene: a seat not on turn that has a choice of its own (a rent to claim)
    and sends a trade's cash step (by a forged or stale button) was told "Players may not
    loan money…" while the drafter's trade moved no card yet, and "It is not your turn." once
    it did: what the drafter is putting together, which only the drafter sees."""
    game = played("san-francisco-scene", 5, {}, 3)
    rules = registry.game("san-francisco-scene")
    state, seat = next((step.state, seat) for step in game.steps for seat in range(game.players)
                       if step.state["draft"] and step.state["turn"] != seat and rules.legal(step.state, seat))
    drafter_owns = [card for card, owner in state["owners"].items() if owner == state["turn"]]
    answers = set()
    for give in ([], drafter_owns[:1]):
        draft = {"step": "ask", "partner": (state["turn"] + 1) % game.players, "give": give, "ask": []}
        try:
            play(rules, {**state, "draft": draft}, seat, "trade-cash:0")
        except IllegalMove as refusal:
            answers.add(str(refusal))
    assert drafter_owns and answers == {"It is not your turn."}
