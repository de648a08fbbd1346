"""Kill the bot at a named step of a click, start it again, and check what the members got
(issue 36): the harness behind ``test_kill_at_every_step.py``.

A ``Scenario`` is a kind of click a move comes from (a thread post's button, the private
panel, a DM, a form submitted from a DM, an Undo, or a member's click a strong bot answers),
played in the toy game Relay (``relay_game.py``). ``Harness.step`` makes one such click with the
bot armed to stop dead at a step (``bot/steps.py``), then starts another bot on the same
database; ``Harness.check`` checks the property once it has settled:

- a click Discord saw answered became exactly one move, or its member got exactly one word to
  press again (an ephemeral follow-up, a line in the thread naming them, or a DM); one left
  unanswered (Discord told the member it failed) became at most one of them;
- no game is left waiting on a bot, and a bot moves once for its turn;
- nothing is posted twice (thread posts and DMs, as first posted).

The bot that dies is either in this process (``killable.Killable``, its thread stopped at the
step) or a process of its own (``KilledProcess``, SIGKILLed by itself at the step).
"""
from __future__ import annotations

import asyncio
import json
import signal
import sqlite3
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import asyncpg

from bot import steps
from bot.store.clicks import journal_path
from tests.discord_sim import DiscordSim, SimMember
from tests.discord_sim.interactions import SimInteraction
from tests.discord_sim.model import SimChannel, SimMessage, text_of, walk_components
from tests.discord_sim.process import BotProcess

from . import relay_game
from .killable import PEEKING

PRESS_AGAIN = "was not made"
PANEL = "My hand & options"
QUICK, SLOW = "quick", "slow"


# -- reading the database beside the bot --------------------------------------------------------

class Peek:
    """What the database holds, read beside the bot (never through it). Queries are written
    with PostgreSQL's ``$1``; SQLite's ``?`` is put in for it."""

    def __init__(self, kind: str, database: str) -> None:
        self.kind, self.database = kind, database
        self._connection: asyncpg.Connection | None = None

    async def rows(self, sql: str, *args: Any, journal: bool = False) -> list[tuple[Any, ...]]:
        """``journal``: SQLite's click journal, a file of its own (PostgreSQL's is a table)."""
        if self.kind == "sqlite":
            for n in range(len(args), 0, -1):
                sql = sql.replace(f"${n}", "?")
            path = journal_path(self.database) if journal else self.database
            db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                return db.execute(sql, args).fetchall()
            finally:
                db.close()
        if self._connection is None:  # kept: named so, no bot's death ends it (Killable.bury)
            self._connection = await asyncpg.connect(self.database, server_settings={"application_name": PEEKING})
        return [tuple(row) for row in await self._connection.fetch(sql, *args)]

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()

    async def game(self, game_id: int) -> tuple[int, dict[str, Any], list[tuple[int, int | None, bool]]]:
        """Its version, its state and its seats (seat, user id, whether a bot)."""
        (version, state), = await self.rows("SELECT version, state FROM games WHERE id = $1", game_id)
        seats = await self.rows("SELECT seat, user_id, is_bot FROM seats WHERE game_id = $1 ORDER BY seat", game_id)
        return version, json.loads(state), [(seat, user, bool(is_bot)) for seat, user, is_bot in seats]

    async def moves_after(self, game_id: int, version: int) -> list[tuple[Any, ...]]:
        """The log's moves that made versions after ``version``: (seat, action, user id)."""
        return await self.rows("SELECT seat, action, user_id FROM actions WHERE game_id = $1 AND move > $2"
                               " ORDER BY move", game_id, version)

    async def settled(self, game_id: int) -> bool:
        """Nothing left to send or to tell, and no bot to move."""
        (unsent,), = await self.rows("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND parked_at IS NULL")
        (kept,), = await self.rows(f"SELECT COUNT(*) FROM {'clicks' if self.kind == 'sqlite' else 'deferred_clicks'}",
                                   journal=True)
        _, state, seats = await self.game(game_id)
        return unsent == 0 and kept == 0 and not seats[state["turn"]][2]


# -- the bot that dies ------------------------------------------------------------------------------

class Mortal(Protocol):
    """A bot a step can kill: in this process (``Killable``) or a process (``KilledProcess``)."""

    seen: list[str]

    def arm(self, step: str, *, after: str | None = None) -> None: ...
    async def wait_dead(self) -> None: ...
    async def restart(self) -> None: ...


#: ``python -c`` for a bot process that hosts Relay, waits ``argv[2]`` seconds for a move before
#: its click is answered first, and SIGKILLs itself at the step written in the file ``argv[1]``
#: ("after>step": at the first such step once ``after`` was reached).
SELF_KILLING_BOT = f"""
import os, signal, sys
from pathlib import Path
import tests.e2e.relay_game
import cogs.clicks
from bot import steps
from bot.cli import main
from bot.delivery.drawing import Drawing

armed, cogs.clicks.FAST_ANSWER_SECONDS = Path(sys.argv[1]), float(sys.argv[2])
# Drawn, and thought out, in a thread of the bot's: a worker process would not know Relay.
Drawing.start = classmethod(lambda cls, *args, **kwargs: cls.in_thread())

def die_at(step):
    if not armed.exists():
        return
    after, _, wanted = armed.read_text().rpartition(">")
    if after:
        if step != after:
            return
        armed.write_text(wanted)
    if step == wanted:
        armed.unlink()
        os.kill(os.getpid(), {int(signal.SIGKILL)})

steps.listen(die_at)
raise SystemExit(main([]))
"""


@dataclass
class KilledProcess:
    """A bot process that SIGKILLs itself at the armed step, and is started again."""

    sim: DiscordSim
    process: BotProcess
    armed: Path
    seen: list[str] = field(default_factory=list)  # (a process does not say)

    @classmethod
    def argv(cls, armed: Path, patience: float) -> list[str]:
        return [sys.executable, "-c", SELF_KILLING_BOT, str(armed), str(patience)]

    def arm(self, step: str, *, after: str | None = None) -> None:
        self.armed.write_text(f"{after}>{step}" if after else step)

    async def wait_dead(self) -> None:
        await self.sim.wait_for(lambda: not self.process.running, what="the bot process to kill itself")

    async def restart(self) -> None:
        await self.process.kill()  # gone already: its gateway sessions are forgotten
        await self.process.start(commands=False)


# -- the kinds of click ---------------------------------------------------------------------------

@dataclass
class Click:
    """One click made by a member, and what to check of it."""

    member: SimMember
    handle: SimInteraction
    version: int  # the game's version the click was drawn at
    words_before: int  # the words to press again this member had been given before it


#: A scenario's preparation (never killed) returns the click itself (killed at the armed step).
Prepare = Callable[["Harness", SimMember], Awaitable[Callable[[], Awaitable[SimInteraction]]]]


@dataclass(frozen=True)
class Scenario:
    name: str
    kind: str  # the Relay game's option
    prepare: Prepare
    #: The steps the bot reaches, for a quick move and for a slow one (answered first).
    quick: frozenset[str]
    slow: frozenset[str] = frozenset()
    strong_bot: bool = False
    #: Steps are killed only once this one was reached (a bot's move: once it thinks).
    after: str | None = None


def controls_of(message: SimMessage) -> dict[str, str]:
    """The move controls of a message, action -> custom id ("undo" for the Undo button)."""
    found = {}
    for comp in walk_components(message.components):
        custom_id = comp.get("custom_id", "") if comp.get("type") == 2 else ""
        if custom_id.startswith(("mq:m:", "mq:a:")):
            found[custom_id.split(":", 4)[4]] = custom_id
        elif custom_id.startswith("mq:z:"):
            found["undo"] = custom_id
    return found


async def thread_click(harness: Harness, member: SimMember):
    post = harness.turn_post()
    return lambda: member.click(controls_of(post)["step"], message=post)


async def panel_click(harness: Harness, member: SimMember):
    panel = await (await member.click(PANEL, message=harness.turn_post())).reply()
    return lambda: member.click(controls_of(panel)["hint"], message=panel)


async def dm_click(harness: Harness, member: SimMember):
    dm = await harness.turn_dm(member)
    return lambda: member.click(controls_of(dm)["seal:a"], message=dm)


async def form_submit(harness: Harness, member: SimMember):
    dm = await harness.turn_dm(member)
    form = await (await member.click(controls_of(dm)["give:{}"], message=dm)).modal()
    return lambda: form.submit(amount="3")


async def undo_click(harness: Harness, member: SimMember):
    panel = await (await member.click(PANEL, message=harness.turn_post())).reply()
    done = await (await member.click(controls_of(panel)["hint"], message=panel)).reply()
    await harness.settle()  # the hint is made and shown: the take-back is what is killed
    return lambda: member.click(controls_of(done)["undo"], message=done)


_QUICK = frozenset({steps.CLICK_RECEIVED, steps.MOVE_DECIDED, steps.MOVE_COMMITTED, steps.CLICK_ANSWERED,
                    steps.POST_SENDING, steps.POST_DELIVERED})
_SLOW = (_QUICK - {steps.CLICK_ANSWERED}) | {steps.CLICK_SLOW, steps.CLICK_RECORDED, steps.CLICK_DEFERRED,
                                             steps.CLICK_NOTED, steps.CLICK_FORGOTTEN}
_IN_PLACE = frozenset({steps.PANEL_REFRESHED})
_BOT = frozenset({steps.BOT_THINKING, steps.BOT_THOUGHT, steps.MOVE_DECIDED, steps.MOVE_COMMITTED,
                  steps.POST_SENDING, steps.POST_DELIVERED})

SCENARIOS = [
    Scenario("thread click", "open", thread_click, _QUICK, _SLOW),
    Scenario("panel click", "open", panel_click, _QUICK | _IN_PLACE, _SLOW | _IN_PLACE),
    Scenario("DM click", "sealed", dm_click, _QUICK | _IN_PLACE, _SLOW | _IN_PLACE),
    Scenario("form submit", "sealed", form_submit, _QUICK | _IN_PLACE, _SLOW | _IN_PLACE),
    Scenario("take-back", "open", undo_click, _QUICK | _IN_PLACE, _SLOW | _IN_PLACE),
    # The member's click is a thread click; what is killed is the bot's move that answers it.
    Scenario("strong bot's move", "open", thread_click, _BOT, strong_bot=True, after=steps.BOT_THINKING),
]
BY_NAME = {scenario.name: scenario for scenario in SCENARIOS}


# -- the harness ----------------------------------------------------------------------------------

class Harness:
    def __init__(self, sim: DiscordSim, peek: Peek, bot: Mortal, members: list[SimMember]) -> None:
        self.sim, self.peek, self.bot, self.members = sim, peek, bot, members
        self.game_id = 0
        self.thread: SimChannel | None = None

    async def open_game(self, scenario: Scenario) -> None:
        """``/game new`` of Relay, the others join (a strong bot too, if the scenario has one), start."""
        host = self.members[0]
        before = list(self.sim.default_channel.threads)
        await (await host.slash("game new", options={"game": relay_game.GAME_ID,
                                                     "options": f"kind={scenario.kind}"})).reply()
        self.thread = await self.sim.default_channel.wait_for_thread(lambda t: t not in before)
        lobby = await self.thread.wait_for_message(lambda m: "Join" in m.button_labels)
        for member in self.members[1:]:
            await (await member.click("Join", message=lobby)).response()
        if scenario.strong_bot:
            await (await host.click("Add strong bot ★", message=lobby)).reply()
        await (await host.click("Start", message=lobby)).reply()
        (self.game_id,), = await self.peek.rows("SELECT MAX(id) FROM games")
        await self.settle()

    @property
    def posts(self) -> list[SimMessage]:
        assert self.thread is not None
        return self.thread.messages

    def turn_post(self) -> SimMessage:
        return [m for m in self.posts if m.from_bot and controls_of(m)][-1]

    async def turn_dm(self, member: SimMember) -> SimMessage:
        """The DM with the member's choices now."""
        version, _, _ = await self.peek.game(self.game_id)
        drawn = f"mq:m:{self.game_id}:{version}:"
        return await member.wait_for_dm(lambda m: any(c.startswith(drawn) for c in controls_of(m).values()))

    async def pending(self) -> SimMember:
        _, state, seats = await self.peek.game(self.game_id)
        return next(m for m in self.members if m.id == seats[state["turn"]][1])

    def words(self, member: SimMember) -> int:
        """The words to press again this member was given, wherever: an ephemeral follow-up, a
        DM, or a line of the thread naming them."""
        said = [m for m in [*member.dms, *member.ephemerals] if PRESS_AGAIN in m.text]
        said += [m for m in self.posts if PRESS_AGAIN in m.text and f"**{member.name.lower()}**" in m.text.lower()]
        return len(said)

    async def until(self, condition: Callable[[], Awaitable[bool]], what: str) -> None:
        """Wait until ``condition`` holds and the bot went quiet (within the simulator's
        ceiling on waits: a busy machine slows a test, never fails it)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.sim.default_timeout
        while loop.time() < deadline:
            if await condition():
                await self.sim.settle(quiet=0.05)
                if await condition():
                    return
            await asyncio.sleep(0.02)
        raise AssertionError(f"waited in vain for {what}\n{self.sim.recent()}")

    async def settle(self) -> None:
        await self.until(lambda: self.peek.settled(self.game_id), "the game to settle")

    async def step(self, scenario: Scenario, kill: str | None = None) -> Click:
        """One click of the scenario; with ``kill``, the bot stopped dead at that step and
        started again on the same database. ``bot.seen``: the steps it reached."""
        member = await self.pending()
        make = await scenario.prepare(self, member)
        version, _, _ = await self.peek.game(self.game_id)  # (a take-back's: after its hint)
        words = self.words(member)
        self.bot.seen.clear()
        if kill is not None:
            self.bot.arm(kill, after=scenario.after)
        handle = await make()
        if kill is not None:
            await self.bot.wait_dead()
            await self.bot.restart()
        await self.settle()
        return Click(member, handle, version, words)

    async def _made_or_told(self, click: Click) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], int]:
        """The log's moves since the click, the clicker's among them, and the words they got."""
        moves = await self.peek.moves_after(self.game_id, click.version)
        mine = [move for move in moves if move[2] == click.member.id]
        return moves, mine, self.words(click.member) - click.words_before

    async def check(self, scenario: Scenario, click: Click, where: str) -> None:
        """The property, for one click."""
        answered = click.handle.initial is not None
        if answered:  # its word may still be on its way (a follow-up goes outside the outbox)
            async def made_or_told() -> bool:
                _, mine, words = await self._made_or_told(click)
                return bool(mine) or words > 0

            await self.until(made_or_told, f"{where}: the click made or its member told")
        else:
            click.handle.abandon()  # Discord showed the member it failed, as after any crash
        moves, mine, words = await self._made_or_told(click)
        assert len(mine) <= 1 and words <= 1, f"{where}: one click became {len(mine)} moves and {words} words"
        if answered:
            assert len(mine) + words == 1, f"{where}: an answered click became {len(mine)} moves and {words} words"
        else:
            assert len(mine) + words <= 1, f"{where}: an unanswered click became a move and a word"
        if scenario.strong_bot:
            bots = [move for move in moves if move[2] is None]
            assert len(bots) == len(mine), f"{where}: the strong bot moved {len(bots)} times for one turn"
        assert not twice(self.posts), f"{where}: a thread post twice: {twice(self.posts)}"
        for member in self.members:
            assert not twice(member.dms), f"{where}: a DM to {member.name} twice: {twice(member.dms)}"


def as_posted(message: SimMessage) -> str:
    """A message's text as it was first posted (before any edit)."""
    return text_of(message.history[0]) if message.history else message.text


def twice(messages: list[SimMessage]) -> list[tuple[str, tuple[str, ...]]]:
    """The bot's messages posted twice: the same text as first posted (a DM refreshed in place
    reads alike once done) with the same board (a move made again after a take-back reads
    alike, on the board of a later version). The words to press again are counted apart."""
    posted = [(as_posted(m), tuple(a.filename for a in m.attachments))
              for m in messages if m.from_bot and PRESS_AGAIN not in m.text]
    return [post for post in posted if posted.count(post) > 1]
