"""What every button, select, form and panel does: moves, amounts, subsets, lobby clicks,
private panels. Each handler takes the typed fields its component's custom id carried."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import controls
from bot.engine import Choice
from bot.games import registry
from bot.table.model import no_more_moves
from bot.table.service import Member, StaleMove, Table, TableError, choice_payload, name_seats
from bot.text import markdown_name
from cogs.lobby import lobby_text, lobby_view, redraw_lobby
from cogs.speech import client_language, host_words, words_at
from cogs.ui import AmountFormModal, SubsetSelect, build_view, reply

if TYPE_CHECKING:
    from cogs.protocols import GameBot

log = logging.getLogger(__name__)


def member_of(interaction: discord.Interaction) -> Member:
    user = interaction.user
    can_manage = isinstance(user, discord.Member) and user.guild_permissions.manage_guild
    return Member(id=user.id, name=user.display_name, can_manage=can_manage)


class GameInteractions:
    """What every button, select and command does, independent of how it was invoked."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @property
    def tables(self):
        return self.bot.tables

    async def on_move(self, interaction: discord.Interaction, game_id: int, version: int, action: str) -> None:
        # Acknowledge at once (Discord drops an interaction unanswered after 3 s);
        # the move's outcome reaches the thread through the outbox.
        await interaction.response.defer(ephemeral=True, thinking=False)
        message = interaction.message
        # A click in a DM or a private panel is answered by refreshing that same
        # message with what the move told the player and their next choices: one
        # private decision stays one message, and no DM repeats what it shows.
        in_place = message is not None and (message.flags.ephemeral or message.guild is None)
        moved = await self.tables.act(game_id, member_of(interaction), action, version=version,
                                      in_place=in_place)
        self.bot.dispatcher.wake()
        if in_place:
            done = "\n".join(filter(None, (words_at(interaction, moved).t("✓ Done."), moved.told)))
            text, view = await self.panel(interaction, moved.id, preface=done)
            await interaction.edit_original_response(content=text, view=view)
        # A thread post's controls are the dispatcher's to change: it edits this turn's
        # post or clears it when the next one goes out. Stripping them here as well
        # could land after its edit and leave the turn with no buttons.

    async def on_lobby(self, interaction: discord.Interaction, game_id: int, what: str) -> None:
        member = member_of(interaction)
        if what == "start":
            # Starting deals the game and lets bot seats make their opening moves, which can
            # outlast Discord's 3 seconds: acknowledge first, then redraw the lobby.
            await interaction.response.defer()
            await self.tables.start(game_id, member)
            await redraw_lobby(self.tables, game_id, lambda table: interaction.edit_original_response(
                content=lobby_text(table), view=lobby_view(table), allowed_mentions=discord.AllowedMentions.none()))
            self.bot.dispatcher.wake()
            return
        steps = {"join": self.tables.join, "leave": self.tables.leave, "bot": self.tables.add_bot,
                 "unbot": self.tables.remove_bot}
        table = await steps[what](game_id, member)  # ``what`` is one of them: LobbyButton's pattern says so
        # The change is made before the click is answered, so whoever clicks next (Start) finds it;
        # the answer is the lobby as it is by then, which has the change in it.
        await redraw_lobby(self.tables, game_id, lambda now: interaction.response.edit_message(
            content=lobby_text(now), view=lobby_view(now), allowed_mentions=discord.AllowedMentions.none()))
        if what == "join":
            await self._check_dms(interaction, table)
        self.bot.dispatcher.wake()

    # -- amounts and subsets: controls that name a template ("bid:{}") --------------------
    # The bounds and options are read from the game again at each step (click, pick,
    # submit), so they are the game's current ones, whatever the message was drawn with.

    async def offered(self, interaction: discord.Interaction, game_id: int, version: int, template: str,
                      kind: str) -> tuple[Choice, dict[str, Any]]:
        """The clicker's choice ``template`` (``kind``: "amount" or "subset") as the game offers it now."""
        table = await self.tables.table(game_id)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("You are not playing in this game, so you cannot move for a seat in it.")
        if table.record.status != "running":
            raise no_more_moves(table.record.status)
        if version < table.record.seat_epochs.get(seat, 0):
            raise StaleMove("That control is from an earlier moment of this game and no longer applies. "
                            "Here is what you can do now:", game_id)
        choices = registry.game(table.record.game_type).legal(table.record.state, seat)
        choice = next((c for c in choices if c.action == template and getattr(c, kind) is not None), None)
        if choice is None:
            raise StaleMove("That choice is not open to you now. Here is what you can do:", game_id)
        return choice, choice_payload(choice, table.names(), words_at(interaction, table))

    async def open_amount_form(self, interaction: discord.Interaction, game_id: int, version: int,
                               template: str) -> None:
        _, payload = await self.offered(interaction, game_id, version, template, "amount")
        said = words_at(interaction, await self.tables.table(game_id))
        await interaction.response.send_modal(AmountFormModal(game_id, version, payload, said))

    async def submit_amount(self, interaction: discord.Interaction, game_id: int, version: int,
                            template: str, typed: str) -> None:
        choice, payload = await self.offered(interaction, game_id, version, template, "amount")
        said = words_at(interaction, await self.tables.table(game_id))
        try:
            number = controls.read_amount(typed, payload["amount"], said)
        except ValueError as problem:
            # Discord does not let a form's submit open another form: say what was wrong,
            # with a button that opens the form again.
            again = controls.Button(controls.amount_id(game_id, version, template), said.t("Try again"), "primary")
            await reply(interaction, str(problem), view=build_view([[again]]))
            return
        await self.on_move(interaction, game_id, version, choice.fill(number))

    async def open_subset_picker(self, interaction: discord.Interaction, game_id: int, version: int,
                                 template: str) -> None:
        """A subset whose selects did not fit its message, in an ephemeral message of its own."""
        _, payload = await self.offered(interaction, game_id, version, template, "subset")
        said = words_at(interaction, await self.tables.table(game_id))
        subset = payload["subset"]
        text = said.t("**{label}**: pick {how_many}, then confirm.", label=payload["label"],
                      how_many=controls.how_many(subset["min"], subset["max"], said))
        if len(subset["options"]) > controls.MAX_SUBSET_OPTIONS:
            text += "\n-# " + said.t("Only the first {count} options fit here.", count=controls.MAX_SUBSET_OPTIONS)
        await reply(interaction, text, view=build_view(controls.subset_rows(game_id, version, payload, words=said)))

    async def pick_subset(self, interaction: discord.Interaction, game_id: int, version: int, template: str,
                          select: SubsetSelect) -> None:
        """Redraw the message with this select's picks marked: the picks live in the message."""
        await self.offered(interaction, game_id, version, template, "subset")  # only its player picks
        select.mark_picks()
        view = select.view
        assert view is not None  # discord.py rebuilt it from the message for this click
        view.stop()  # a copy that only redraws the message: its items are dispatched by custom id
        await interaction.response.edit_message(view=view)

    async def confirm_subset(self, interaction: discord.Interaction, game_id: int, version: int,
                             template: str) -> None:
        choice, payload = await self.offered(interaction, game_id, version, template, "subset")
        picked = picks_on(interaction.message, game_id, version, template)
        assert choice.subset is not None
        on_offer = {value for value, _ in choice.subset.options}
        gone = [label for value, label in picked if value not in on_offer]
        if gone:
            raise TableError("No longer on offer: {options}. Pick again.", options=", ".join(gone))
        said = words_at(interaction, await self.tables.table(game_id))
        problem = controls.subset_problem(len(picked), payload["subset"], said)
        if problem:
            raise TableError.verbatim(problem)
        await self.on_move(interaction, game_id, version, choice.fill(value for value, _ in picked))

    async def _check_dms(self, interaction: discord.Interaction, table: Table) -> None:
        """Secrets go by DM: tell a joining player now if theirs are closed (publicly, no content)."""
        if table.seat_of(interaction.user.id) is None:
            return  # only a member who did get a seat is told they joined
        try:
            await interaction.user.send(words_at(interaction, table).t(
                "You joined **{game}** (game #{number}). Your secrets for this game will arrive here.",
                game=registry.game(table.record.game_type).name, number=table.id))
        except discord.Forbidden:
            # Said once: whoever records the closed DMs first (here, or the dispatcher
            # failing a DM at the same moment) tells the table. Read again: while the DM was
            # tried, others may have left the lobby, and seats renumber.
            seat = (await self.tables.table(table.id)).seat_of(interaction.user.id)
            if seat is not None and await self.tables.dms_closed(table.id, seat):
                await interaction.followup.send(host_words(table.language).t(
                    "I can't send direct messages to **{name}**. They can still see their hand with "
                    "`/game hand` or the **My hand & options** button.",
                    name=markdown_name(interaction.user.display_name)),
                    allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            # Discord is having trouble (a 5xx): the join stands; the first DM of the game,
            # sent through the outbox with retries, will find out about closed DMs instead.
            log.warning("the joining DM to %s failed: %s", interaction.user.id, error)

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
        table, seat, choices, summary = await self.tables.private_view(
            game_id, member_of(interaction), client_language(interaction))
        said = words_at(interaction, table)
        game = registry.game(table.record.game_type)
        state = table.record.state
        head = [preface] if preface else []
        head.append(said.t("**{game}**, game #{number} — you are seat {seat}.", game=game.name,
                           number=table.id, seat=seat + 1))
        tail: list[str] = []
        rows: list[controls.Row] = []
        if choices:
            tail.append(f"▶ {name_seats(game.prompt(state, seat), table.names())}")
            payload = [choice_payload(c, table.names(), said) for c in choices]
            rows, _ = controls.layout(table.id, table.record.version, payload, page=page, words=said)
        elif table.record.status == "running":
            tail.append("-# " + said.t("Nothing for you to do right now."))
        # Too long for one message: the summary gives way first (the "My hand" button shows
        # it again), so what the move told them and what they are asked stay whole.
        room = 2000 - len("\n".join([*head, "", *tail]))
        if len(summary) > room:
            summary = summary[:max(room - 1, 0)] + "…"
        text = "\n".join([*head, summary, *tail])
        return (text if len(text) <= 2000 else text[:1999] + "…"), build_view(rows)


def picks_on(message: discord.Message | None, game_id: int, version: int, template: str) -> list[tuple[str, str]]:
    """The options marked picked (value, label) in the message's selects of one subset."""
    picked: list[tuple[str, str]] = []
    for row in message.components if message is not None else []:
        for item in getattr(row, "children", []):
            match = SubsetSelect.__discord_ui_compiled_template__.fullmatch(getattr(item, "custom_id", None) or "")
            if match and (int(match["game"]), int(match["version"]), match["template"]) == (game_id, version, template):
                picked += [(option.value, option.label) for option in item.options if option.default]
    return picked
