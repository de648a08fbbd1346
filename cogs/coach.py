"""The coach on Discord (issue 39): the lobby option that lets it in, ``/game learn``'s words,
and the coach's answers (the ``coach`` gettext domain, like ``bot/table/coach.py``).

Which tables are unrated is ``bot/community/practice.py``'s; opening them is
``bot/table/practice.py``'s; the slash commands are declared in ``cogs/games.py``.
"""
from __future__ import annotations

from discord.app_commands import locale_str

from bot.community.practice import COACH, PRACTICE, coached
from bot.delivery.outgoing import Outgoing
from bot.engine import Option
from bot.games import registry
from bot.store.base import Store
from bot.table.coach import coach_words, explained, guide_line
from bot.table.model import Table
from bot.table.notices import name_seats
from cogs.translator import command_name

#: The lobby option that lets the coach in (``/game new options:coach=yes``): off by default,
#: and a table that has it is unrated. ``/game rules`` words it with ``coach_option_line``.
COACH_OPTION = Option(COACH, "Let the coach explain every choice and give hints; the table is then unrated",
                      False, (True, False))

#: ``/game learn``'s name and words (declared in ``cogs/games.py``), in the coach's catalogue.
LEARN = command_name("learn")
LEARN_DESCRIPTION = locale_str("Learn a game at a practice table: you and bots, unrated, with a coach")
LEARN_GAME = locale_str("Which game to learn")
#: ``/game hint``'s.
HINT = command_name("hint")
HINT_DESCRIPTION = locale_str("The strong bot's best moves for your decision, privately (tables with the coach)")


def coach_option_line(language: str) -> str:
    """``/game rules``' line for the lobby option that lets the coach in."""
    return coach_words(language).t(
        "- `coach` (yes, no; default no): let the coach explain every choice and give hints at this "
        "table; the game is then unrated")


def practice_ready(language: str, thread: str, bots: int) -> str:
    """The member's answer to ``/game learn``."""
    return coach_words(language).tn(
        "Your practice table is ready in {thread}: you and {count} bot, unrated, with the coach on.",
        "Your practice table is ready in {thread}: you and {count} bots, unrated, with the coach on.",
        bots, thread=thread)


def with_explanations(table: object, message: Outgoing, standing: str) -> str:
    """A turn post's standing (status and ▶ lines) at a table with the coach, followed by the
    coach's lines for the choices the post offers: its public ones only, as everyone reads the
    post (private choices are the panel's). Elsewhere, and once the game is over, as it was."""
    if message.result is not None or not isinstance(table, Table) or not coached(table.record.settings):
        return standing
    offered = [choice for seat in message.turn if not seat.get("is_bot") for choice in seat.get("choices", [])]
    lines = explained(message.game_type, offered, message.language)
    return "\n".join([standing, *lines]) if lines else standing


def seat_explanations(table: Table, user_id: int, language: str) -> str:
    """The coach's lines for every choice a member's seat has now, private ones included, for
    their own panel (``/game hand``) at a table with the coach; empty elsewhere."""
    seat = table.seat_of(user_id)
    if table.record.status != "running" or seat is None or not coached(table.record.settings):
        return ""
    game, names = registry.game(table.record.game_type), table.names()
    offered = [{"action": choice.action, "label": name_seats(choice.label, names, bold=False)}
               for choice in game.legal(table.state, seat)]
    return "\n".join(explained(table.record.game_type, offered, language))


async def coached_standing(store: Store | None, table: object, message: Outgoing, standing: str) -> str:
    """A turn post's standing at a table with the coach: the coach's explanations of its
    choices below it and, at a practice table, after each of the learner's first decisions,
    a line above it saying what happened and why (from the log up to the post's version)."""
    standing = with_explanations(table, message, standing)
    if store is None or not isinstance(table, Table) or not table.record.settings.get(PRACTICE):
        return standing
    learners = {seat.seat: seat.name for seat in table.seats if seat.user_id is not None}
    log = await store.actions(table.id, until=message.version)
    line = guide_line(message.game_type, log, learners, message.text, message.language)
    return f"{line}\n{standing}" if line else standing
