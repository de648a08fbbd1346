"""The lobby: its message and buttons, and the lobby options typed into /game new (what its
buttons do is in ``cogs/play.py``, with the other components)."""
from __future__ import annotations

import asyncio
import re
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot import controls
from bot.engine import Game
from bot.engine.language import ENGLISH, Words
from bot.games import registry
from bot.table.clock import CLOCK, HOST_OPTIONS
from bot.table.coach import table_mark
from bot.table.model import take_backs_allowed
from bot.table.service import Table, TableError, Tables
from bot.text import markdown_name
from cogs.coach import COACH_OPTION
from cogs.speech import host_words, words_for_game

TRUE_WORDS = {"yes", "true", "on", "1", "y"}
FALSE_WORDS = {"no", "false", "off", "0", "n"}
#: Longest options text accepted: Discord's max_length for the option, and checked again here.
MAX_OPTIONS_LENGTH = 200
# A value worth echoing back in code style; anything else is shown escaped (and clipped).
_PLAIN_TOKEN = re.compile(r"[A-Za-z0-9_.+-]{1,20}")


class OptionError(TableError, app_commands.AppCommandError):
    """Bad lobby options. Also an AppCommandError, so discord.py hands it from the transformer
    to the tree's error handler as it is (not wrapped), and the player reads the sentence."""


class LobbyOptions(app_commands.Transformer):
    """``/game new options:`` as typed → the chosen game's option values."""

    @property
    def max_value(self) -> int:
        return MAX_OPTIONS_LENGTH  # a string option's max_length on Discord

    async def transform(self, interaction: discord.Interaction, value: str) -> dict[str, Any]:
        # The game is another option of the same command; discord.py has it in the namespace.
        game_type = getattr(interaction.namespace, "game", None)
        return parse_options(game_type, value, words_for_game(interaction, game_type))


def offered_game(game_type: Any, words: Words = ENGLISH) -> Game:
    """The game ``game_type`` names, if it is one we host; a forged command may name any."""
    if not isinstance(game_type, str) or game_type not in registry.available():
        names = ", ".join(registry.game(g).name for g in registry.available())
        raise OptionError.verbatim(words.t("{typed} is not a game I host; choose one of: {games}.",
                                           typed=_shown(str(game_type), words), games=names))
    return registry.game(game_type)


def parse_options(game_type: Any, text: str | None, words: Words = ENGLISH) -> dict[str, Any]:
    """``"rounds=8, union_strike=yes"`` → typed values for the game's lobby options.

    Every value must be one the game lists, spelled plainly (``8``, not ``08`` or ``８``),
    so nothing but the game's own choices reaches it; anything else is refused with a
    sentence (in ``words``' language) that says what the game takes."""
    game = offered_game(game_type, words)
    text = text or ""
    if len(text) > MAX_OPTIONS_LENGTH:
        raise OptionError.verbatim(words.tn(
            "Lobby options are at most {most} characters; yours are {count}.",
            "Lobby options are at most {most} characters; yours are {count}.",
            len(text), most=MAX_OPTIONS_LENGTH))
    parts = re.sub(r"\s*=\s*", "=", text).replace(",", " ").split()
    # The host's own options (the turn clock) go with every game's.
    specs = {opt.name: opt for opt in (*game.options, *HOST_OPTIONS, COACH_OPTION)}
    chosen: dict[str, Any] = {}
    for part in parts:
        name, sep, raw = part.partition("=")
        name = _folded(name).replace("-", "_")
        if not sep:
            first = (*game.options, *HOST_OPTIONS)[0]
            raise OptionError.verbatim(words.t(
                "Write each option as name=value, like `{example}`; {typed} has no “=”.",
                example=f"{first.name}={_spelled(first.default)}", typed=_shown(part, words)))
        if name not in specs:
            raise OptionError.verbatim(words.t("{game} has no option called {typed}; its options are {options}.",
                                               game=game.name, typed=_shown(name, words),
                                               options=", ".join(specs)))
        if name in chosen:
            raise OptionError.verbatim(words.t("`{name}` is given twice; give each option once.", name=name))
        chosen[name] = _option_value(specs[name].choices, name, raw, words)
    return chosen


def _option_value(choices: tuple[Any, ...], name: str, raw: str, words: Words = ENGLISH) -> Any:
    """The choice ``raw`` spells: yes/no words for a switch, else a choice exactly as written."""
    word = _folded(raw)
    if all(isinstance(c, bool) for c in choices):  # a switch: any yes/no word
        if word in TRUE_WORDS | FALSE_WORDS:
            return word in TRUE_WORDS
        raise OptionError.verbatim(words.t("`{name}` is yes or no; not {typed}.",
                                           name=name, typed=_shown(raw, words)))
    by_spelling = {str(c).lower(): c for c in choices}
    if word in by_spelling:
        return by_spelling[word]
    spelled = [_spelled(c) for c in choices]
    listed = spelled[0] if len(spelled) == 1 else words.t(
        "{some} or {last}", some=", ".join(spelled[:-1]), last=spelled[-1])
    raise OptionError.verbatim(words.t("`{name}` is {listed}; not {typed}.",
                                       name=name, listed=listed, typed=_shown(raw, words)))


def _folded(typed: str) -> str:
    # Lower-case ASCII only: lower() folds a few other letters (the Kelvin sign) into ASCII ones.
    return typed.lower() if typed.isascii() else typed


def _spelled(value: Any) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def _shown(typed: str, words: Words = ENGLISH) -> str:
    """What the player typed, to quote back in a sentence without it restyling the reply."""
    if not typed:
        return words.t("nothing")
    return f"`{typed}`" if _PLAIN_TOKEN.fullmatch(typed) else f"“{markdown_name(typed[:24])}”"


def option_suggestions(game_type: str | None, typed: str) -> list[str]:
    """Completions for ``/game new options:``: what is typed, plus one more name=value."""
    if game_type not in registry.available() or len(typed) > MAX_OPTIONS_LENGTH:
        return []
    words = typed.replace(",", " ").split()
    finished = words if typed.endswith((" ", ",")) or not words else words[:-1]
    partial = "" if finished is words else words[-1].lower()
    chosen = {word.partition("=")[0].lower().replace("-", "_") for word in finished}
    suggestions = []
    for option in (*registry.game(game_type).options, *HOST_OPTIONS, COACH_OPTION):
        if option.name in chosen:
            continue
        for value in option.choices:
            shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            pair = f"{option.name}={shown}"
            if pair.startswith(partial):
                suggestions.append(" ".join([*finished, pair])[:100])
    return suggestions[:25]


def lobby_text(table: Table, words: Words | None = None) -> str:
    """The lobby as a message: in the table's language, unless ``words`` says otherwise."""
    words = words or host_words(table.language)
    game = registry.game(table.record.game_type)
    seats = "\n".join(f"{s.seat + 1}. {markdown_name(s.name)}{' 🤖' if s.is_bot else ''}"
                      for s in table.seats) or words.t("(nobody yet)")
    options = options_text(game, table.record.options, words)
    if clock := table.record.settings.get(CLOCK.name):
        options += " · " + words.t("Turn clock: {hours} h a decision", hours=clock)
    if not take_backs_allowed(table.record.settings):
        options += " · " + words.t("No take-backs")
    if mark := table_mark(table.record.settings, words.language):
        options += " · " + mark
    status = table.record.status
    state = (words.t("Join below; the host starts when the table is ready.") if status == "lobby"
             else words.t("The game has started.") if status == "running"
             else words.t("This lobby was closed.") if status == "abandoned"
             else words.t("This game is over."))
    return "\n".join([
        words.t("## {game} — game #{number}", game=game.name, number=table.id),
        words.t("Host: {host} · {least}–{most} players · Options: {options}", host=f"<@{table.record.host_id}>",
                least=game.min_players, most=game.max_players, options=options),
        words.t("**Seats ({taken}/{most})**", taken=len(table.seats), most=game.max_players),
        seats, f"-# {state}"])


def options_text(game: Game, chosen: dict[str, Any], words: Words = ENGLISH) -> str:
    """The options a host changed, as they would type them (``studio_order = yes``)."""
    changed = [f"{opt.name} = {_spelled(chosen[opt.name])}" for opt in game.options
               if chosen.get(opt.name, opt.default) != opt.default]
    return ", ".join(changed) or words.t("standard rules")


# One lock per game's lobby message while it is being redrawn (gone once nobody waits on it).
_redrawing: weakref.WeakValueDictionary[tuple[int, int], asyncio.Lock] = weakref.WeakValueDictionary()


async def redraw_lobby(tables: Tables, game_id: int, draw: Callable[[Table], Awaitable[Any]]) -> Table:
    """Redraw a game's lobby message as the lobby is now: ``draw`` edits it from a fresh read.

    Clicks at the same moment each redraw it. One at a time per game, each reading the lobby
    in its turn, the last edit Discord gets shows the last change; otherwise an answer worked
    out earlier could land later and show a seat list that has passed."""
    key = (id(tables), game_id)
    lock = _redrawing.get(key)
    if lock is None:
        lock = _redrawing[key] = asyncio.Lock()
    async with lock:
        table = await tables.table(game_id)
        await draw(table)
    return table


def lobby_rows(table: Table, *, strong: bool = True) -> list[controls.Row]:
    """The lobby's buttons while it is a lobby (drawn as components by ``cogs/play.py``);
    ``strong``: whether the host allows strong bots (off, no button offers one)."""
    if table.record.status != "lobby":
        return []
    gid = table.id
    words = host_words(table.language)
    rows: list[controls.Row] = [[
        controls.Button(controls.lobby_id(gid, "join"), words.t("Join"), "success"),
        controls.Button(controls.lobby_id(gid, "leave"), words.t("Leave"), "secondary"),
        controls.Button(controls.lobby_id(gid, "bot"), words.t("Add bot"), "secondary"),
        controls.Button(controls.lobby_id(gid, "unbot"), words.t("Remove bot"), "secondary"),
        controls.Button(controls.lobby_id(gid, "start"), words.t("Start"), "primary"),
    ]]
    if strong:  # a strong bot searches about a second a move (bot/engine/search.py); its name wears ★
        rows.append([controls.Button(controls.lobby_id(gid, "strongbot"), words.t("Add strong bot ★"), "secondary")])
    return rows
