"""What a click does: every button, select and form of a game, each a typed ``DynamicItem``
with its behaviour in its callback (as in discord.py's ``examples/views/dynamic_counter.py``).

Every component's custom id (``bot/controls.py``) carries the game, the version it was drawn
at and what it does, so a button on a week-old message still works after any number of
restarts, and nothing is registered per message. There is one class per kind of custom id,
each with its own pattern: discord.py dispatches a click to the class whose pattern matches
the whole id, and the class turns the match into typed fields. An id that fits no pattern
(forged, or cut short) is never dispatched.

Moves, amounts and subsets, the lobby's buttons and the private panel are here together
because each draws the others' components: a move's answer is the panel, the panel's
controls are these items. Amounts and subsets name a template ("bid:{}"): their bounds and
options are read from the game again at each step (click, pick, submit), so they are the
game's current ones, whatever the message was drawn with.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Iterator
from typing import Any

import discord

from bot import controls, steps
from bot.engine import Choice
from bot.games import registry
from bot.table.model import no_more_moves
from bot.table.notices import legal_in
from bot.table.service import StaleMove, Table, TableError, choice_payload, name_seats
from bot.table.take_back import take_backs_left
from bot.text import markdown_name
from cogs.answers import member_of, reply, report_unexpected
from cogs.clicks import committed_then_answered
from cogs.cooldowns import allowed, limit_of, limited
from cogs.forms import AmountFormModal, submitted_text
from cogs.lobby import lobby_rows, lobby_text, redraw_lobby
from cogs.protocols import game_bot
from cogs.speech import client_language, host_words, remember, words_at, words_for

log = logging.getLogger(__name__)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


# -- the kinds of component ------------------------------------------------------------


class _Typed:
    """What every kind shares: discord.py rebuilds it from the clicked item and the match
    of its pattern, and the class reads its typed fields from that match (every kind names
    its game; most the version it was drawn at; amounts and subsets their action template)."""

    game_id: int
    version: int
    action_template: str  # ("template" is the DynamicItem's pattern)

    def __init__(self, item: Any, match: re.Match[str]) -> None:
        super().__init__(item)  # type: ignore[call-arg]  # the DynamicItem's, next in line
        fields = match.groupdict()
        self.game_id = int(fields["game"])
        if "version" in fields:
            self.version = int(fields["version"])
        if "template" in fields:
            self.action_template = fields["template"]

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /
    ) -> Any:
        return cls(item, match)


@limited("move")
class MoveButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.MOVE):
    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item, match)
        self.action = match["action"]

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, on_move(interaction, self.game_id, self.version, self.action))


@limited("move")
class MoveSelect(_Typed, discord.ui.DynamicItem[discord.ui.Select], template=controls.SELECT):
    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction, on_move(interaction, self.game_id, self.version, self.item.values[0])
        )


@limited("move")
class AmountButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.AMOUNT):
    """Opens the form that asks for an amount (also the "Try again" after a bad one)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction,
            open_amount_form(interaction, self.game_id, self.version, self.action_template),
        )


@limited("move")
class SubsetSelect(_Typed, discord.ui.DynamicItem[discord.ui.Select], template=controls.SUBSET):
    """One select of a subset's options; a pick redraws the message with it marked."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction,
            pick_subset(interaction, self.game_id, self.version, self.action_template, self),
        )

    def mark_picks(self) -> None:
        """Mark what was just picked here, so the redrawn message keeps it."""
        for option in self.item.options:
            option.default = option.value in self.item.values


@limited("move")
class ConfirmButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.CONFIRM):
    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction,
            confirm_subset(interaction, self.game_id, self.version, self.action_template),
        )


@limited("move")
class PickerButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.PICKER):
    """A subset whose selects did not fit its message: they open in a message of their own."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction,
            open_subset_picker(interaction, self.game_id, self.version, self.action_template),
        )


@limited("panel")
class PanelButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.PANEL):
    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, send_panel(interaction, game_id=self.game_id))


@limited("panel")
class PageButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.PAGE):
    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item, match)
        self.page = int(match["page"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, turn_page(interaction, self.game_id, self.page))


@limited("lobby")
class LobbyButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.LOBBY):
    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item, match)
        self.what = match["what"]

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, on_lobby(interaction, self.game_id, self.what))


@limited("undo")
class UndoButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.UNDO):
    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, on_undo(interaction, self.game_id, self.version))


BUTTON_KINDS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveButton,
    UndoButton,
    AmountButton,
    ConfirmButton,
    PickerButton,
    PanelButton,
    PageButton,
    LobbyButton,
)
SELECT_KINDS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (MoveSelect, SubsetSelect)
#: What the bot registers (``add_dynamic_items``) so clicks on any message find their class.
COMPONENTS = BUTTON_KINDS + SELECT_KINDS


def kind_of(custom_id: str) -> type[discord.ui.DynamicItem[Any]] | None:
    """The class a click on ``custom_id`` is dispatched to; None for an id no kind takes."""
    return next(
        (kind for kind in COMPONENTS if kind.__discord_ui_compiled_template__.fullmatch(custom_id)),
        None,
    )


def component(control: controls.Button | controls.Select, row: int | None) -> discord.ui.DynamicItem[Any]:
    """The typed item for one control of a layout (by the same pattern that dispatches it);
    ``row`` None for one that goes in an action row of a components-V2 layout."""
    item: discord.ui.Button | discord.ui.Select
    if isinstance(control, controls.Select):
        item = discord.ui.Select(
            custom_id=control.custom_id,
            placeholder=control.placeholder,
            row=row,
            min_values=control.min_values,
            max_values=control.max_values,
            options=[
                discord.SelectOption(value=value, label=label, description=description or None)
                for value, label, description in control.options
            ],
        )
        kinds = SELECT_KINDS
    else:
        item = discord.ui.Button(
            label=control.label,
            custom_id=control.custom_id,
            row=row,
            style=STYLES.get(control.style, discord.ButtonStyle.secondary),
        )
        kinds = BUTTON_KINDS
    for kind in kinds:
        match = kind.__discord_ui_compiled_template__.fullmatch(control.custom_id)
        if match is not None:
            return kind(item, match)  # type: ignore[call-arg, arg-type]  # each kind's __init__ takes (item, match)
    raise ValueError(f"no kind of component takes the custom id {control.custom_id!r}")


def build_view(rows: list[controls.Row]) -> discord.ui.View | None:
    """A discord.py view from a layout; ``None`` when there is nothing to click."""
    if not rows:
        return None
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(rows):
        for control in [row] if isinstance(row, controls.Select) else row:
            view.add_item(component(control, number))
    return view


def action_rows(rows: list[controls.Row]) -> list[discord.ui.ActionRow[Any]]:
    """A layout as the action rows of a components-V2 message: the same typed items, so a
    click on a card is dispatched by its custom id as a click on any other message."""
    return [discord.ui.ActionRow(*(component(control, None)
                                   for control in ([row] if isinstance(row, controls.Select) else row)))
            for row in rows]


def lobby_view(table: Table, *, strong: bool = True) -> discord.ui.View | None:
    """The lobby's buttons, while it is a lobby (a lobby posted before cards: see lobby_message)."""
    return build_view(lobby_rows(table, strong=strong))


def lobby_card(table: Table, *, buttons: bool = True, strong: bool = True) -> discord.ui.LayoutView:
    """The lobby as a components-V2 card: its text, and its buttons while it is a lobby
    (``strong``: whether the host allows strong bots, so one may be added)."""
    rows = action_rows(lobby_rows(table, strong=strong)) if buttons else []
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(discord.ui.TextDisplay(lobby_text(table)), *rows))
    return view


def lobby_message(table: Table, *, card: bool = True, strong: bool = True) -> dict[str, Any]:
    """What an edit of the lobby's message sends: a card, or for a lobby posted before
    cards (a message cannot switch between the two), its text and buttons."""
    if card:
        return {"view": lobby_card(table, strong=strong)}
    return {"content": lobby_text(table), "view": lobby_view(table, strong=strong)}


# -- what a click does ------------------------------------------------------------------


async def on_move(
    interaction: discord.Interaction, game_id: int, version: int, action: str
) -> None:
    message = interaction.message
    # A click in a DM or a private panel is answered by refreshing that same
    # message with what the move told the player and their next choices: one
    # private decision stays one message, and no DM repeats what it shows.
    in_place = message is not None and (message.flags.ephemeral or message.guild is None)
    bot = game_bot(interaction)
    move = bot.tables.act(game_id, member_of(interaction), action, version=version, in_place=in_place)
    # Answered once the move is committed, or recorded and answered first when it is slow
    # (cogs/clicks.py). A thread post's move reaches the thread through the outbox; a DM's or
    # the panel's is shown in that message, refreshed below.
    moved = await committed_then_answered(interaction, bot.tables.store, bot.instance, game_id, version, move,
                                          in_place=in_place or message is None)
    bot.dispatcher.wake()
    if in_place:
        # A move that may be taken back gets an Undo button on this, the mover's own
        # confirmation. A click on the thread's post has none (the post shows the move;
        # a message more a click would be noise): /game undo takes it back.
        undo = moved.record.version if moved.undoable else None
        done = "\n".join(filter(None, (words_at(interaction, moved).t("✓ Done."), moved.told)))
        await refresh(interaction, moved.id, preface=done, undo=undo)
    # A thread post's controls are the dispatcher's to change: it edits this turn's
    # post or clears it when the next one goes out. Stripping them here as well
    # could land after its edit and leave the turn with no buttons.


async def on_undo(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """Take back the move that made ``version``; the private message clicked shows the
    player's choices again (the thread's post is edited back through the outbox). Answered
    as a move is (cogs/clicks.py): a take-back is one."""
    bot = game_bot(interaction)
    take_back = bot.tables.take_back(game_id, member_of(interaction), version=version, in_place=True)
    table = await committed_then_answered(interaction, bot.tables.store, bot.instance, game_id, version, take_back,
                                          in_place=True)
    bot.dispatcher.wake()
    await refresh(interaction, table.id, preface=taken_back(interaction, table))


async def refresh(interaction: discord.Interaction, game_id: int, *, preface: str, undo: int | None = None) -> None:
    """The clicked DM or panel, after its move: what the move told the player, and their choices now."""
    text, view = await panel(interaction, game_id, preface=preface, undo=undo)
    await interaction.edit_original_response(content=text, view=view)
    steps.reached(steps.PANEL_REFRESHED)


def taken_back(interaction: discord.Interaction, table: Table) -> str:
    """What the member who took a move back is told: done, and how many more they may."""
    said = words_at(interaction, table)
    seat = table.seat_of(interaction.user.id)
    left = take_backs_left(table, seat) if seat is not None else 0
    if not left:
        return said.t("↩️ Taken back. That was your last take-back in this game.")
    return said.tn("↩️ Taken back. You may take back {count} more move in this game.",
                   "↩️ Taken back. You may take back {count} more moves in this game.", left)


async def on_lobby(interaction: discord.Interaction, game_id: int, what: str) -> None:
    """Join, leave, add or remove a bot, or start: the lobby message is redrawn to show it."""
    tables, member = game_bot(interaction).tables, member_of(interaction)
    if what == "start":
        # Starting deals the game and lets bot seats make their opening moves, which can
        # outlast Discord's 3 seconds: recorded and acknowledged first (cogs/clicks.py; a
        # lobby's controls are drawn at version 0), then the lobby is redrawn.
        bot = game_bot(interaction)
        await committed_then_answered(interaction, tables.store, bot.instance, game_id, 0, tables.start(game_id, member),
                                      in_place=True, patience=0)
        card = is_card(interaction.message)
        await redraw_lobby(
            tables,
            game_id,
            lambda table: interaction.edit_original_response(
                **lobby_message(table, card=card, strong=tables.thinking.strong_bots), allowed_mentions=discord.AllowedMentions.none()
            ),
        )
        game_bot(interaction).dispatcher.wake()
        return
    steps = {
        "join": tables.join,
        "leave": tables.leave,
        "bot": tables.add_bot,
        "strongbot": lambda game_id, member: tables.add_bot(game_id, member, registry.STRONG),
        "unbot": tables.remove_bot,
    }
    table = await steps[what](
        game_id, member
    )  # ``what`` is one of them: LobbyButton's pattern says so
    # The change is made before the click is answered, so whoever clicks next (Start) finds it;
    # the answer is the lobby as it is by then, which has the change in it.
    card = is_card(interaction.message)
    await redraw_lobby(
        tables,
        game_id,
        lambda now: interaction.response.edit_message(
            **lobby_message(now, card=card, strong=tables.thinking.strong_bots), allowed_mentions=discord.AllowedMentions.none()
        ),
    )
    if what == "join":
        await check_dms(interaction, table)
    game_bot(interaction).dispatcher.wake()


# -- amounts and subsets: controls that name a template ("bid:{}") --------------------
# The bounds and options are read from the game again at each step (click, pick,
# submit), so they are the game's current ones, whatever the message was drawn with.


async def offered(
    interaction: discord.Interaction, game_id: int, version: int, template: str, kind: str
) -> tuple[Choice, dict[str, Any]]:
    """The clicker's choice ``template`` (``kind``: "amount" or "subset") as the game offers it now."""
    table = await game_bot(interaction).tables.table(game_id)
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise TableError("You are not playing in this game, so you cannot move for a seat in it.")
    if table.record.status != "running":
        raise no_more_moves(table.record.status)
    if version < table.record.seat_epochs.get(seat, 0):
        raise StaleMove(
            "That control is from an earlier moment of this game and no longer applies. "
            "Here is what you can do now:",
            game_id,
        )
    # Worded in the clicker's language, as the host's words around it are: one language a form.
    said = words_at(interaction, table)
    choices = legal_in(registry.game(table.record.game_type), table.state, seat, said.language)
    choice = next(
        (c for c in choices if c.action == template and getattr(c, kind) is not None), None
    )
    if choice is None:
        raise StaleMove("That choice is not open to you now. Here is what you can do:", game_id)
    return choice, choice_payload(choice, table.names(), said)


async def open_amount_form(
    interaction: discord.Interaction, game_id: int, version: int, template: str
) -> None:
    _, payload = await offered(interaction, game_id, version, template, "amount")
    said = words_at(interaction, await game_bot(interaction).tables.table(game_id))
    await interaction.response.send_modal(AmountFormModal(game_id, version, payload, said))


async def submit_amount(
    interaction: discord.Interaction, game_id: int, version: int, template: str, typed: str
) -> None:
    choice, payload = await offered(interaction, game_id, version, template, "amount")
    said = words_at(interaction, await game_bot(interaction).tables.table(game_id))
    try:
        number = controls.read_amount(typed, payload["amount"], said)
    except ValueError as problem:
        # Discord does not let a form's submit open another form: say what was wrong,
        # with a button that opens the form again.
        again = controls.Button(
            controls.amount_id(game_id, version, template), said.t("Try again"), "primary"
        )
        await reply(interaction, str(problem), view=build_view([[again]]))
        return
    await on_move(interaction, game_id, version, choice.fill(number))


async def open_subset_picker(
    interaction: discord.Interaction, game_id: int, version: int, template: str
) -> None:
    """A subset whose selects did not fit its message, in an ephemeral message of its own."""
    _, payload = await offered(interaction, game_id, version, template, "subset")
    said = words_at(interaction, await game_bot(interaction).tables.table(game_id))
    subset = payload["subset"]
    text = said.t(
        "**{label}**: pick {how_many}, then confirm.",
        label=payload["label"],
        how_many=controls.how_many(subset["min"], subset["max"], said),
    )
    if len(subset["options"]) > controls.MAX_SUBSET_OPTIONS:
        text += "\n-# " + said.t(
            "Only the first {count} options fit here.", count=controls.MAX_SUBSET_OPTIONS
        )
    await reply(
        interaction,
        text,
        view=build_view(controls.subset_rows(game_id, version, payload, words=said)),
    )


async def pick_subset(
    interaction: discord.Interaction,
    game_id: int,
    version: int,
    template: str,
    select: SubsetSelect,
) -> None:
    """Redraw the message with this select's picks marked: the picks live in the message."""
    await offered(interaction, game_id, version, template, "subset")  # only its player picks
    select.mark_picks()
    view = select.view
    assert view is not None  # discord.py rebuilt it from the message for this click
    view.stop()  # a copy that only redraws the message: its items are dispatched by custom id
    await interaction.response.edit_message(view=view)


async def confirm_subset(
    interaction: discord.Interaction, game_id: int, version: int, template: str
) -> None:
    choice, payload = await offered(interaction, game_id, version, template, "subset")
    picked = picks_on(interaction.message, game_id, version, template)
    assert choice.subset is not None
    on_offer = {value for value, _ in choice.subset.options}
    gone = [label for value, label in picked if value not in on_offer]
    if gone:
        raise TableError("No longer on offer: {options}. Pick again.", options=", ".join(gone))
    said = words_at(interaction, await game_bot(interaction).tables.table(game_id))
    problem = controls.subset_problem(len(picked), payload["subset"], said)
    if problem:
        raise TableError.verbatim(problem)
    await on_move(interaction, game_id, version, choice.fill(value for value, _ in picked))


async def check_dms(interaction: discord.Interaction, table: Table) -> None:
    """Secrets go by DM: tell a joining player now if theirs are closed (publicly, no content)."""
    if table.seat_of(interaction.user.id) is None:
        return  # only a member who did get a seat is told they joined
    try:
        await interaction.user.send(
            words_at(interaction, table).t(
                "You joined **{game}** (game #{number}). Your secrets for this game will arrive here.",
                game=registry.game(table.record.game_type).name,
                number=table.id,
            )
        )
    except discord.Forbidden:
        # Said once: whoever records the closed DMs first (here, or the dispatcher
        # failing a DM at the same moment) tells the table. Read again: while the DM was
        # tried, others may have left the lobby, and seats renumber.
        seat = (await game_bot(interaction).tables.table(table.id)).seat_of(interaction.user.id)
        if seat is not None and await game_bot(interaction).tables.dms_closed(table.id, seat):
            await interaction.followup.send(
                host_words(table.language).t(
                    "I can't send direct messages to **{name}**. They can still see their hand with "
                    "`/game hand` or the **My hand & options** button.",
                    name=markdown_name(interaction.user.display_name),
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
    except discord.HTTPException as error:
        # Discord is having trouble (a 5xx): the join stands; the first DM of the game,
        # sent through the outbox with retries, will find out about closed DMs instead.
        log.warning("the joining DM to %s failed: %s", interaction.user.id, error)


async def send_panel(
    interaction: discord.Interaction,
    *,
    game_id: int | None = None,
    page: int = 0,
    preface: str = "",
) -> None:
    """The player's secrets and every choice they have now, ephemerally."""
    if game_id is None:
        game_id = (await game_bot(interaction).tables.table_in_thread(interaction.channel_id)).id
    text, view = await panel(interaction, game_id, page=page, preface=preface)
    await reply(interaction, text, view=view)


async def turn_page(interaction: discord.Interaction, game_id: int, page: int) -> None:
    """Another page of a panel's controls, in the same message."""
    text, view = await panel(interaction, game_id, page=page)
    await interaction.response.edit_message(content=text, view=view)


async def panel(
    interaction: discord.Interaction, game_id: int, *, page: int = 0, preface: str = "",
    undo: int | None = None,
) -> tuple[str, discord.ui.View | None]:
    """``undo``: the version of the move just made, when it may be taken back (an Undo button,
    if a row is left)."""
    table, seat, choices, summary = await game_bot(interaction).tables.private_view(
        game_id, member_of(interaction), client_language(interaction)
    )
    said = words_at(interaction, table)
    game = registry.game(table.record.game_type)
    state = table.state
    head = [preface] if preface else []
    head.append(
        said.t(
            "**{game}**, game #{number} — you are seat {seat}.",
            game=game.name,
            number=table.id,
            seat=seat + 1,
        )
    )
    tail: list[str] = []
    rows: list[controls.Row] = []
    if choices:
        tail.append(f"▶ {name_seats(game.prompt(state, seat), table.names())}")
        payload = [choice_payload(c, table.names(), said) for c in choices]
        rows, _ = controls.layout(table.id, table.record.version, payload, page=page, words=said)
    elif table.record.status == "running":
        tail.append("-# " + said.t("Nothing for you to do right now."))
    if undo is not None and len(rows) < controls.MAX_ROWS:
        rows.append(controls.undo_row(table.id, undo, said))
    # Too long for one message: the summary gives way first (the "My hand" button shows
    # it again), so what the move told them and what they are asked stay whole.
    room = 2000 - len("\n".join([*head, "", *tail]))
    if len(summary) > room:
        summary = summary[: max(room - 1, 0)] + "…"
    text = "\n".join([*head, summary, *tail])
    return (text if len(text) <= 2000 else text[:1999] + "…"), build_view(rows)


def picks_on(
    message: discord.Message | None, game_id: int, version: int, template: str
) -> list[tuple[str, str]]:
    """The options marked picked (value, label) in the message's selects of one subset."""
    picked: list[tuple[str, str]] = []
    for item in walk(message.components if message is not None else []):
        match = SubsetSelect.__discord_ui_compiled_template__.fullmatch(
            getattr(item, "custom_id", None) or ""
        )
        if match and (int(match["game"]), int(match["version"]), match["template"]) == (
            game_id,
            version,
            template,
        ):
            picked += [(option.value, option.label) for option in item.options if option.default]
    return picked


def walk(components: list[Any]) -> Iterator[Any]:
    """A message's components and all they hold (a card's container, its action rows)."""
    for found in components:
        yield found
        yield from walk(getattr(found, "children", []))


def is_card(message: discord.Message | None) -> bool:
    """Whether a message is a components-V2 card (its edits must be cards too)."""
    return message is not None and message.flags.components_v2


# -- the amount form's submit, and answering ------------------------------------------


async def route_modal_submit(interaction: discord.Interaction) -> None:
    """Hand an amount form's submit to its handler; any other interaction is not ours here."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data: Any = interaction.data or {}
    match = AmountFormModal.template.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return
    limit = limit_of(AmountFormModal)
    assert limit is not None  # declared on the form's class
    if not await allowed(interaction, limit):
        return
    typed = submitted_text(data.get("components") or [], controls.AMOUNT_INPUT)
    await guarded(
        interaction,
        submit_amount(
            interaction, int(match["game"]), int(match["version"]), match["template"], typed
        ),
    )


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a handler; expected refusals become ephemeral sentences (in the member's language),
    the rest a reference."""
    async with game_bot(interaction).handling():
        await remember(interaction)
        await _answer(interaction, work)


async def _answer(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    try:
        await work
    except StaleMove as error:
        # By the game's id: a stale click may come from a DM, where no thread names the game.
        said = await words_for(interaction, error.game_id)
        await send_panel(interaction, game_id=error.game_id, preface=error.worded(said))
    except TableError as error:
        await reply(interaction, error.worded(await words_for(interaction)))
    except discord.Forbidden as error:
        # Usually a permission the server did not give the bot (threads, attachments).
        log.warning("Discord refused: %s", error)
        try:
            said = await words_for(interaction)
            await reply(
                interaction,
                said.t(
                    "Discord did not let me do that here: I may be missing a permission (Send Messages, "
                    "Create Public Threads, Send Messages in Threads, Attach Files). Ask a server admin "
                    "to check my role."
                ),
            )
        except discord.HTTPException:
            pass
    except discord.NotFound as error:  # the interaction or message is gone; nobody to tell
        log.warning("Discord refused a reply: %s", error)
    except Exception:  # noqa: BLE001 (anything else is logged and answered with a reference)
        await report_unexpected(interaction)
