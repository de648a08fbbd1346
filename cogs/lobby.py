"""The lobby: its message and buttons, and the lobby options typed into /game new."""
from __future__ import annotations

from typing import Any

import discord

from bot import controls, registry
from bot.tables import Table, TableError

from .ui import build_view

TRUE_WORDS = {"yes", "true", "on", "1", "y"}
FALSE_WORDS = {"no", "false", "off", "0", "n"}


def parse_options(game_type: str, text: str | None) -> dict[str, Any]:
    """``"rounds=8, union_strike=yes"`` → typed values for the game's lobby options."""
    game = registry.game(game_type)
    specs = {opt.name: opt for opt in game.options}
    chosen: dict[str, Any] = {}
    for part in (text or "").replace(",", " ").split():
        name, sep, raw = part.partition("=")
        name = name.strip().lower().replace("-", "_")
        if not sep or name not in specs:
            known = ", ".join(f"`{n}`" for n in specs) or "none"
            raise TableError(f"I don't understand the option “{part}”. {game.name} options: {known} (write name=value).")
        default = specs[name].default
        if isinstance(default, bool):
            if raw.lower() not in TRUE_WORDS | FALSE_WORDS:
                raise TableError(f"Option `{name}` is yes or no, not “{raw}”.")
            chosen[name] = raw.lower() in TRUE_WORDS
        elif isinstance(default, int):
            if not raw.lstrip("-").isdigit():
                raise TableError(f"Option `{name}` takes a number, not “{raw}”.")
            chosen[name] = int(raw)
        else:
            chosen[name] = raw
    return chosen


def option_suggestions(game_type: str | None, typed: str) -> list[str]:
    """Completions for ``/game new options:``: what is typed, plus one more name=value."""
    if game_type not in registry.available():
        return []
    words = typed.replace(",", " ").split()
    finished = words if typed.endswith((" ", ",")) or not words else words[:-1]
    partial = "" if finished is words else words[-1].lower()
    chosen = {word.partition("=")[0].lower().replace("-", "_") for word in finished}
    suggestions = []
    for option in registry.game(game_type).options:
        if option.name in chosen:
            continue
        for value in option.choices:
            shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            pair = f"{option.name}={shown}"
            if pair.startswith(partial):
                suggestions.append(" ".join([*finished, pair])[:100])
    return suggestions[:25]


def lobby_text(table: Table) -> str:
    game = registry.game(table.record.game_type)
    seats = "\n".join(f"{s.seat + 1}. {s.name}{' 🤖' if s.is_bot else ''}" for s in table.seats) or "(nobody yet)"
    options = ", ".join(f"{k} = {v}" for k, v in table.record.options.items()) or "standard rules"
    state = {"lobby": "Join below; the host starts when the table is ready.",
             "running": "The game has started.", "abandoned": "This lobby was closed.",
             "finished": "This game is over."}[table.record.status]
    return (f"## {game.name} — game #{table.id}\nHost: <@{table.record.host_id}> · "
            f"{game.min_players}–{game.max_players} players · Options: {options}\n"
            f"**Seats ({len(table.seats)}/{game.max_players})**\n{seats}\n-# {state}")


def lobby_view(table: Table) -> discord.ui.View | None:
    if table.record.status != "lobby":
        return None
    gid = table.id
    return build_view([[
        controls.Button(controls.lobby_id(gid, "join"), "Join", "success"),
        controls.Button(controls.lobby_id(gid, "leave"), "Leave", "secondary"),
        controls.Button(controls.lobby_id(gid, "bot"), "Add bot", "secondary"),
        controls.Button(controls.lobby_id(gid, "unbot"), "Remove bot", "secondary"),
        controls.Button(controls.lobby_id(gid, "start"), "Start", "primary"),
    ]])
