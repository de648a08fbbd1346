"""What every button, select and panel does: moves, lobby clicks, private panels."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot import controls, registry
from bot.tables import Member, Table, TableError, choice_payload, name_seats

from .lobby import lobby_text, lobby_view
from .ui import build_view, reply

if TYPE_CHECKING:
    from bot.app import MarqueeBot


def member_of(interaction: discord.Interaction) -> Member:
    user = interaction.user
    can_manage = isinstance(user, discord.Member) and user.guild_permissions.manage_guild
    return Member(id=user.id, name=user.display_name, can_manage=can_manage)


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
