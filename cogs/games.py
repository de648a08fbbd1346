"""The /game commands and every game component: lobby, moves, private panels.

The cog is glue: it turns a Discord interaction into a call on the table
service (bot/tables.py) and the answer into an ephemeral reply or an edited
message. What a game allows lives in its rules; how a move is stored and
announced lives in the table service and the dispatcher.
"""
from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import controls, registry
from bot.tables import Member, Table, TableError, choice_payload, name_seats

from .ui import build_view, reply

if TYPE_CHECKING:
    from bot.app import MarqueeBot

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=registry.game(gid).name, value=gid) for gid in registry.available()][:25]
TRUE_WORDS = {"yes", "true", "on", "1", "y"}
FALSE_WORDS = {"no", "false", "off", "0", "n"}


def member_of(interaction: discord.Interaction) -> Member:
    user = interaction.user
    can_manage = isinstance(user, discord.Member) and user.guild_permissions.manage_guild
    return Member(id=user.id, name=user.display_name, can_manage=can_manage)


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


class GameInteractions:
    """What every button, select and command does, independent of how it was invoked."""

    def __init__(self, bot: MarqueeBot) -> None:
        self.bot = bot

    @property
    def tables(self):
        return self.bot.tables

    async def on_button(self, interaction: discord.Interaction, custom_id: str) -> None:
        _, kind, rest = custom_id.split(":", 2)
        if kind == "m":
            game, version, action = rest.split(":", 2)
            await self.on_move(interaction, int(game), int(version), action)
        elif kind == "p":
            await self.send_panel(interaction, game_id=int(rest))
        elif kind == "g":
            game, _version, page = rest.split(":")
            await self.turn_page(interaction, int(game), int(page))
        elif kind == "l":
            game, what = rest.split(":")
            await self.on_lobby(interaction, int(game), what)

    async def on_move(self, interaction: discord.Interaction, game_id: int, version: int, action: str) -> None:
        # Acknowledge at once (Discord drops an interaction unanswered after 3 s);
        # the move's outcome reaches the thread through the outbox.
        await interaction.response.defer(ephemeral=True, thinking=False)
        message = interaction.message
        # A click in a DM or a private panel is answered by refreshing that same
        # message, so one private decision stays one message.
        in_place = message is not None and (message.flags.ephemeral or message.guild is None)
        table = await self.tables.act(game_id, member_of(interaction), action, version=version,
                                      in_place=in_place)
        self.bot.dispatcher.wake()
        if in_place:
            text, view = await self.panel(interaction, table.id, preface="✓ Done.")
            await interaction.edit_original_response(content=text, view=view)
        elif message is not None:
            # The thread gets a fresh post; this one's buttons would only be stale now.
            await interaction.edit_original_response(view=None)

    async def on_lobby(self, interaction: discord.Interaction, game_id: int, what: str) -> None:
        member = member_of(interaction)
        steps = {"join": self.tables.join, "leave": self.tables.leave, "bot": self.tables.add_bot,
                 "unbot": self.tables.remove_bot, "start": self.tables.start}
        if what not in steps:
            raise TableError("That lobby button is not one I know.")
        table = await steps[what](game_id, member)
        await interaction.response.edit_message(content=lobby_text(table), view=lobby_view(table),
                                                allowed_mentions=discord.AllowedMentions.none())
        if what == "join":
            await self._check_dms(interaction, table)
        self.bot.dispatcher.wake()

    async def _check_dms(self, interaction: discord.Interaction, table: Table) -> None:
        """Secrets go by DM: tell a joining player now if theirs are closed (publicly, no content)."""
        try:
            await interaction.user.send(
                f"You joined **{registry.game(table.record.game_type).name}** (game #{table.id}). "
                "Your secrets for this game will arrive here.")
        except discord.Forbidden:
            # Said once: whoever records the closed DMs first (here, or the dispatcher
            # failing a DM at the same moment) tells the table.
            seat = table.seat_of(interaction.user.id)
            if seat is not None and await self.tables.store.set_dm_ok(table.id, seat, False):
                await interaction.followup.send(
                    f"I can't send direct messages to **{interaction.user.display_name}**. "
                    "They can still see their hand with `/game hand` or the **My hand & options** button.",
                    allowed_mentions=discord.AllowedMentions.none())

    async def send_panel(self, interaction: discord.Interaction, *, game_id: int | None = None,
                         page: int = 0, preface: str = "") -> None:
        """The player's secrets and every choice they have now, ephemerally."""
        if game_id is None:
            game_id = (await self.tables.table_in_thread(interaction.channel_id)).id
        text, view = await self.panel(interaction, game_id, page=page, preface=preface)
        await reply(interaction, text, view=view)

    async def turn_page(self, interaction: discord.Interaction, game_id: int, page: int) -> None:
        """Another page of a panel's controls, in the same message."""
        text, view = await self.panel(interaction, game_id, page=page)
        await interaction.response.edit_message(content=text, view=view)

    async def panel(self, interaction: discord.Interaction, game_id: int, *, page: int = 0,
                    preface: str = "") -> tuple[str, discord.ui.View | None]:
        table, seat, choices, summary = await self.tables.private_view(game_id, member_of(interaction))
        game = registry.game(table.record.game_type)
        state = table.record.state
        lines = [preface] if preface else []
        lines.append(f"**{game.name}**, game #{table.id} — you are seat {seat + 1}.")
        lines.append(summary)
        rows: list[controls.Row] = []
        if choices:
            lines.append(f"▶ {name_seats(game.prompt(state, seat), table.names())}")
            payload = [choice_payload(c, table.names()) for c in choices]
            rows, _ = controls.layout(table.id, table.record.version, payload, page=page)
        elif table.record.status == "running":
            lines.append("-# Nothing for you to do right now.")
        text = "\n".join(lines)
        return (text if len(text) <= 2000 else text[:1999] + "…"), build_view(rows)


class Games(commands.Cog):
    """Hosting: /game new, join, leave, start, status, hand, rules, history, abandon."""

    game = app_commands.Group(name="game", description="Host and play board games in threads")

    def __init__(self, bot: MarqueeBot) -> None:
        self.bot = bot
        self.actions = bot.game_interactions

    async def _table_here(self, interaction: discord.Interaction) -> Table:
        return await self.bot.tables.table_in_thread(interaction.channel_id)

    @game.command(name="new", description="Open a lobby for a game in a new thread here")
    @app_commands.describe(game="Which game to play",
                           options="Lobby options as name=value, e.g. rounds=8 (see /game rules)")
    @app_commands.choices(game=GAME_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str, options: str | None = None) -> None:
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            raise TableError("Use `/game new` in a server text channel: each game gets its own thread there.")
        chosen = parse_options(game, options)
        await interaction.response.defer(ephemeral=True, thinking=True)
        member = member_of(interaction)
        table = await self.bot.tables.create(game, member, chosen, guild_id=interaction.guild_id,
                                             channel_id=channel.id)
        name = f"{registry.game(game).name} #{table.id}"
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=10080)
        except discord.HTTPException:
            await self.bot.tables.abandon(table.id, member)  # no thread, no table: close the lobby
            raise
        await self.bot.tables.store.set_places(table.id, thread_id=thread.id)
        message = await thread.send(lobby_text(table), view=lobby_view(table),
                                    allowed_mentions=discord.AllowedMentions.none())
        await self.bot.tables.store.set_places(table.id, lobby_message_id=message.id)
        await interaction.followup.send(f"Your table is ready in {thread.mention}. Invite players to join there.",
                                        ephemeral=True)

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Suggest the chosen game's lobby options as name=value, keeping what is typed."""
        return [app_commands.Choice(name=text, value=text)
                for text in option_suggestions(getattr(interaction.namespace, "game", None), current)]

    async def _lobby_change(self, interaction: discord.Interaction, step) -> None:
        table = await self._table_here(interaction)
        table = await step(table.id, member_of(interaction))
        await interaction.response.send_message(lobby_text(table), allowed_mentions=discord.AllowedMentions.none())
        await self._refresh_lobby(table)
        self.bot.dispatcher.wake()

    async def _refresh_lobby(self, table: Table) -> None:
        if not (table.record.thread_id and table.record.lobby_message_id):
            return
        try:
            thread = self.bot.get_channel(table.record.thread_id) or await self.bot.fetch_channel(table.record.thread_id)
            message = thread.get_partial_message(table.record.lobby_message_id)
            await message.edit(content=lobby_text(table), view=lobby_view(table),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("could not refresh the lobby of game %s: %s", table.id, error)

    @game.command(name="join", description="Take a seat at this thread's game")
    async def join(self, interaction: discord.Interaction) -> None:
        await self._lobby_change(interaction, self.bot.tables.join)
        await self.actions._check_dms(interaction, await self._table_here(interaction))

    @game.command(name="leave", description="Give up your seat (once the game has started, a bot takes it over)")
    async def leave(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        if table.record.status == "running":
            await interaction.response.defer(ephemeral=True, thinking=True)  # bots may move at once
            await self.bot.tables.hand_to_bot(table.id, member_of(interaction))
            await interaction.followup.send("You have left this game; a bot plays your seat from now on.")
            return
        await self._lobby_change(interaction, self.bot.tables.leave)

    @game.command(name="substitute", description="Let a bot play a quiet player's seat (host or Manage Server)")
    @app_commands.describe(seat="The seat number to hand to a bot (see /game status)")
    async def substitute(self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 9]) -> None:
        table = await self._table_here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # bots may move at once
        await self.bot.tables.hand_to_bot(table.id, member_of(interaction), seat - 1)
        await interaction.followup.send(f"Seat {seat} is now played by a bot.")

    @game.command(name="start", description="Start this thread's game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self._lobby_change(interaction, self.bot.tables.start)

    @game.command(name="status", description="Where this thread's game stands, with the board")
    async def status(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_kit = registry.kit(table.record.game_type)
        if table.record.state is None:
            await interaction.followup.send(lobby_text(table), ephemeral=True)
            return
        state = table.record.state
        view = {**game_kit.game.view(state, None), "names": table.names()}
        png = await asyncio.to_thread(game_kit.render, view, "board")
        seats = " · ".join(f"{s.seat + 1}. {s.name}" for s in table.seats)
        text = f"{name_seats(game_kit.game.status(state), table.names())}\n-# Seats: {seats}"
        if table.record.result:
            text = f"Game over. {name_seats(table.record.result.get('summary', ''), table.names())}"
        await interaction.followup.send(text, file=discord.File(io.BytesIO(png), "board.png"), ephemeral=True)

    @game.command(name="hand", description="Your secrets and choices in this game (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.actions.send_panel(interaction)

    @game.command(name="rules", description="The rules of this thread's game, or of any game")
    @app_commands.describe(game="A game to read about (default: this thread's)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        game_type = game or (await self._table_here(interaction)).record.game_type
        rules = registry.game(game_type)
        options = "\n".join(f"- `{o.name}` ({', '.join(map(str, o.choices))}; default {o.default}): {o.description}"
                            for o in rules.options)
        text = rules.rules_summary() + (f"\n\n**Lobby options** (`/game new options:`)\n{options}" if options else "")
        await reply(interaction, text[:2000])
        for start in range(2000, len(text), 2000):
            await interaction.followup.send(text[start:start + 2000], ephemeral=True)

    @game.command(name="history", description="The latest things that happened in this game")
    async def history(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        lines = await self.bot.tables.store.public_log(table.id, limit=25)
        text = "\n".join(lines) or "Nothing has happened yet."
        await reply(interaction, text[-1990:])

    @game.command(name="abandon", description="End this thread's game without a result (host or Manage Server)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        table = await self.bot.tables.abandon(table.id, member_of(interaction))
        await interaction.response.send_message("This game has been abandoned.")
        await self._refresh_lobby(table)
        self.bot.dispatcher.wake()


async def setup(bot: MarqueeBot) -> None:
    await bot.add_cog(Games(bot))
