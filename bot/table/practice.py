"""Tables someone learns at: a practice table (``/game learn``) and a lobby the host opened
with the coach let in (``coach=yes``). Both are unrated (``bot/community/practice.py``).

The marks are host settings, stored with the game beside the turn clock, so every process,
the store's standings and the coach read them from the game itself. A lobby is opened as
``Tables.create`` opens one, with those marks among its settings; a practice table then seats
bots to a usual number of players, and the member starts it when its thread is ready.
"""
from __future__ import annotations

from typing import Any

from bot.community.practice import COACH, PRACTICE
from bot.engine import SEAT_LANGUAGES, BadOption, resolve_options
from bot.games import registry
from bot.store.base import Crowded, SeatRecord
from bot.table import clock as timers
from bot.table.model import LANGUAGE_OPTION, Member, Table, TableError
from bot.table.seating import default_language, too_crowded
from bot.table.service import Tables

#: How many play at a practice table, the member included, where the title allows it: enough
#: for the game's interplay (auctions, majorities, a team), few enough to follow each bot.
PRACTICE_PLAYERS = 4
#: A practice table's host settings: no turn clock (nobody waits on a learner), take-backs
#: allowed, the coach on, unrated.
PRACTICE_SETTINGS: dict[str, Any] = {timers.CLOCK.name: 0, PRACTICE: True, COACH: True}


def practice_players(game_type: str) -> int:
    game = registry.game(game_type)
    return max(game.min_players, min(game.max_players, PRACTICE_PLAYERS))


async def open_unrated(tables: Tables, game_type: str, host: Member, options: dict[str, Any],
                       marks: dict[str, Any], *, guild_id: int | None, channel_id: int | None,
                       guild_locale: object = None, seed: int | None = None) -> Table:
    """A lobby, as ``Tables.create`` opens one (the same caps, options and language), with
    ``marks`` among its host settings."""
    if game_type not in registry.available():
        raise TableError("“{game}” is not a game I host. Try one of: {offered}.",
                         game=game_type, offered=", ".join(registry.available()))
    game = registry.game(game_type)
    options = dict(options)
    options.pop(SEAT_LANGUAGES, None)
    language = default_language(game, guild_locale)
    if language is not None:
        options.setdefault(LANGUAGE_OPTION, language)
    settings = {opt.name: options.pop(opt.name, opt.default) for opt in timers.HOST_OPTIONS} | marks
    try:
        chosen = resolve_options(game, options)
    except BadOption as error:
        raise TableError(error.message, **error.values) from None
    try:
        game_id = await tables.store.create_game(
            # The service's own seed source (the demo's and the tests' fixed seeds), as its create uses.
            game_type, chosen, tables._seed_source() if seed is None else seed, host.id,
            guild_id, channel_id, settings=settings, caps=tables.caps if guild_id is not None else None)
    except Crowded as refused:
        raise too_crowded(refused) from None
    await tables.store.set_seats(game_id, [SeatRecord(0, host.id, host.name, False, True)], expected=[])
    return await tables.table(game_id)


async def open_practice(tables: Tables, game_type: str, member: Member, *, guild_id: int | None,
                        channel_id: int | None, guild_locale: object = None, seed: int | None = None) -> Table:
    """A practice table of ``game_type``: ``member`` and normal bots, the coach on, unrated;
    a lobby still, for the caller to start once its thread is there."""
    table = await open_unrated(tables, game_type, member, {}, dict(PRACTICE_SETTINGS), guild_id=guild_id,
                               channel_id=channel_id, guild_locale=guild_locale, seed=seed)
    for _ in range(practice_players(game_type) - 1):
        table = await tables.add_bot(table.id, member)
    return table
