"""Per-member limits on every command and every click, declared where each is defined.

Each slash command and each kind of component says which limit it counts against with
``@limited(name)``: on a command it is one of discord.py's app-command checks, on a
component class (a ``DynamicItem``, the amount form) its ``interaction_check``. A command or
a component without one is refused by ``tests/host/test_declared_limits.py``, which walks every
registered command and every component class, so the next one added cannot forget it.

A member may use each limit a number of times in any window of seconds (a burst, as turning
pages or clicking through a turn is quick), then waits; whoever goes faster gets an ephemeral
sentence saying when to try again, never a failed interaction, and no work is done for them.
Moves are counted too, generously: no member clicking through a turn is ever slowed (see
``LIMITS``). Limits are kept in memory, per bot: a restart forgets them, which costs nothing
worth remembering.
"""
from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.table.model import TableError
from cogs.answers import reply
from cogs.speech import words_for

T = TypeVar("T")


@dataclass(frozen=True)
class Limit:
    """At most ``uses`` in any ``seconds``. ``command``: the slash command a click counted
    here stands for, named in its refusal (none: the limit's own sentence says what)."""

    uses: int
    seconds: float
    command: str | None = None


#: What each limit allows one member. Windows are short, so a refusal never asks for more than
#: a minute's patience.
LIMITS: dict[str, Limit] = {
    # Every move: a button, a select, a subset's picks and confirmation, an amount's form and
    # its submit. 60 in any 30 seconds is two a second for half a minute, faster than anyone
    # clicks who reads each answer (every click waits for Discord's round trip and the post's
    # edit). The longest run of one seat's moves in 20 seeded games of each title is 12 (San
    # Francisco Scene; 5 to 9 in the others), a few dozen clicks at most with forms and subsets:
    # a turn clicked through never meets the limit. What it stops is a script hammering the
    # pipeline, the drawing pool and the thread.
    "move": Limit(60, 30.0),
    # Take-backs are budgeted per game besides (bot/table/take_back.py); this spaces them.
    "undo": Limit(5, 60.0),
    # Opening a lobby makes a thread; the caps on lobbies (bot/table/seating.py) do the rest.
    "new": Limit(5, 60.0, "game new"),
    # Joining, leaving, bots and the start of a lobby, by button or command.
    "lobby": Limit(20, 60.0),
    # A running game's seats changing hands, abandoning, resuming: each is news for the thread.
    "seat": Limit(6, 60.0, "game leave"),
    # A member's own hand and choices (the panel and its pages).
    "panel": Limit(30, 60.0, "game hand"),
    "status": Limit(4, 10.0, "game status"),
    "history": Limit(12, 10.0, "game history"),  # pages turned by ◀ ▶ count too
    "board": Limit(4, 10.0, "game board"),
    "stats": Limit(6, 20.0, "game stats"),  # a few members' figures, one after another
    "leaderboard": Limit(6, 20.0, "game leaderboard"),  # a title's board, then another's
    "rules": Limit(10, 60.0, "game rules"),
    # A title's look-ups (/boardwalk card, /hw1947 job, …), several while reading a rule.
    "lookup": Limit(30, 60.0),
    # How a member hears of their turn, and the games they follow.
    "settings": Limit(10, 60.0, "game notify"),
}


def too_many(name: str, wait: int, command: str | None = None) -> TableError:
    """The refusal of one more use of limit ``name`` for ``wait`` seconds: the command used
    (``command``, else the one the limit stands for) named, or what the limit counts."""
    command = command or LIMITS[name].command
    if command is not None:
        return TableError.counted("That is a lot of `/{command}` at once: try again in {count} second.",
                                  "That is a lot of `/{command}` at once: try again in {count} seconds.",
                                  wait, command=command)
    if name == "move":
        return TableError.counted("That is a lot of moves at once: try again in {count} second.",
                                  "That is a lot of moves at once: try again in {count} seconds.", wait)
    if name == "undo":
        return TableError.counted("That is a lot of take-backs at once: try again in {count} second.",
                                  "That is a lot of take-backs at once: try again in {count} seconds.", wait)
    if name == "lobby":
        return TableError.counted("That is a lot of lobby changes at once: try again in {count} second.",
                                  "That is a lot of lobby changes at once: try again in {count} seconds.", wait)
    return TableError.counted("That is a lot at once: try again in {count} second.",
                              "That is a lot at once: try again in {count} seconds.", wait)


class Throttled(TableError, app_commands.CheckFailure):
    """A limit reached: a sentence for the member (``TableError``) that discord.py's command
    tree hands to its error handler as a failed check, before the command's body runs."""

    @classmethod
    def of(cls, refusal: TableError) -> Throttled:
        throttled = cls(refusal.message, **refusal.values)
        throttled.plural, throttled.count = refusal.plural, refusal.count
        return throttled


class Cooldowns:
    """When each member last used each limit (the last ``uses`` times)."""

    def __init__(self, limits: dict[str, Limit] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = LIMITS if limits is None else limits
        self.clock = clock
        self._used: dict[tuple[int, str], list[float]] = {}

    def check(self, member_id: int, name: str, command: str | None = None) -> None:
        """Count this use, or refuse it (``Throttled``) with when the member may try again."""
        limit = self.limits[name]
        now = self.clock()
        recent = [at for at in self._used.get((member_id, name), []) if now - at < limit.seconds]
        if len(recent) >= limit.uses:
            wait = max(1, round(limit.seconds - (now - recent[0])))
            raise Throttled.of(too_many(name, wait, command))
        recent.append(now)
        self._used[(member_id, name)] = recent
        if len(self._used) > 10_000:  # forget members who have gone quiet
            self._used = {key: times for key, times in self._used.items()
                          if now - times[-1] < max(lim.seconds for lim in self.limits.values())}


_per_bot: weakref.WeakKeyDictionary[discord.Client, Cooldowns] = weakref.WeakKeyDictionary()


def check(interaction: discord.Interaction, name: str) -> None:
    """Count limit ``name`` for the member behind ``interaction`` (``Throttled`` if too many)."""
    cooldowns = _per_bot.get(interaction.client)
    if cooldowns is None:
        cooldowns = _per_bot[interaction.client] = Cooldowns()
    command = interaction.command.qualified_name if isinstance(interaction.command, app_commands.Command) else None
    cooldowns.check(interaction.user.id, name, command)


async def allowed(interaction: discord.Interaction, name: str) -> bool:
    """For a click or a form: whether it is within limit ``name``; when not, the member has
    been told when to try again (ephemerally, in their words) and nothing else is done."""
    try:
        check(interaction, name)
    except Throttled as refusal:
        await reply(interaction, refusal.worded(await words_for(interaction)))
        return False
    return True


def limited(name: str) -> Callable[[T], T]:
    """Declare that a slash command, or a kind of component, counts against limit ``name``.

    On a command's callback (under ``@group.command``): a check run before its body, whose
    refusal the tree's error handler words. On a component class (``DynamicItem``, the amount
    form): its ``interaction_check``, which answers a refusal itself."""
    if name not in LIMITS:
        raise ValueError(f"no limit called {name!r}: one of {', '.join(LIMITS)}")

    def declare(target: T) -> T:
        if isinstance(target, type):
            return _on_component(target, name)
        return _on_command(target, name)

    return declare


def limit_of(declared: Any) -> str | None:
    """The limit a command (``app_commands.Command`` or context menu) or a component class
    declared with ``limited``; None when it declared none."""
    if isinstance(declared, type):
        return getattr(declared, "__limit__", None)
    return next((check.__limit__ for check in getattr(declared, "checks", ()) if hasattr(check, "__limit__")),
                None)


def _on_command(callback: T, name: str) -> T:
    def within(interaction: discord.Interaction) -> bool:
        check(interaction, name)
        return True

    within.__limit__ = name  # type: ignore[attr-defined]  # what limit_of reads
    return app_commands.check(within)(callback)


def _on_component(kind: T, name: str) -> T:
    async def interaction_check(self: Any, interaction: discord.Interaction, /) -> bool:
        return await allowed(interaction, name)

    setattr(kind, "__limit__", name)  # noqa: B010  # what limit_of reads
    setattr(kind, "interaction_check", interaction_check)  # noqa: B010  # discord.py runs it before the callback
    return kind
