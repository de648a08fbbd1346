"""Discord components for Marquee: persistent by construction, typed by kind.

Every component is a ``DynamicItem`` whose custom id (see ``bot/controls.py``)
carries the game, the version it was drawn at and what it does, so a button on a
week-old message still works after any number of restarts, and nothing is
registered per message. There is one class per kind of custom id, each with its
own pattern: discord.py dispatches a click to the class whose pattern matches the
whole id, the class turns the match into typed fields, and its callback calls one
handler of ``GameInteractions`` (cogs/interactions.py). An id that fits no pattern
(forged, or cut short) is never dispatched.

The amount form is a modal; modals are not DynamicItems, so its submit comes
back through the bot's ``on_interaction`` (``route_modal_submit``), parsed by
the form's own pattern in the same way.
"""
from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import discord

from bot import controls
from bot.engine.language import ENGLISH, Words
from bot.tables import StaleMove, TableError

from .protocols import game_bot
from .speech import remember, words_for

if TYPE_CHECKING:
    from .interactions import GameInteractions

log = logging.getLogger(__name__)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def handlers(interaction: discord.Interaction) -> GameInteractions:
    return game_bot(interaction).game_interactions


# -- the kinds of component ------------------------------------------------------------

class _Typed:
    """What every kind shares: discord.py rebuilds it from the clicked item and the match
    of its pattern, and the class reads its typed fields from that match."""

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(item, match)  # type: ignore[call-arg]


class MoveButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.MOVE):
    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id, self.version, self.action = int(match["game"]), int(match["version"]), match["action"]

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, handlers(interaction).on_move(interaction, self.game_id, self.version, self.action))


class MoveSelect(_Typed, discord.ui.DynamicItem[discord.ui.Select], template=controls.SELECT):
    def __init__(self, item: discord.ui.Select, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id, self.version = int(match["game"]), int(match["version"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, handlers(interaction).on_move(
            interaction, self.game_id, self.version, self.item.values[0]))


class AmountButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.AMOUNT):
    """Opens the form that asks for an amount (also the "Try again" after a bad one)."""

    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id, self.version = int(match["game"]), int(match["version"])
        self.action_template = match["template"]  # ("template" is the DynamicItem's pattern)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, handlers(interaction).open_amount_form(
            interaction, self.game_id, self.version, self.action_template))


class SubsetSelect(_Typed, discord.ui.DynamicItem[discord.ui.Select], template=controls.SUBSET):
    """One select of a subset's options; a pick redraws the message with it marked."""

    def __init__(self, item: discord.ui.Select, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id, self.version = int(match["game"]), int(match["version"])
        self.action_template = match["template"]

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, handlers(interaction).pick_subset(
            interaction, self.game_id, self.version, self.action_template, self))

    def mark_picks(self) -> None:
        """Mark what was just picked here, so the redrawn message keeps it."""
        for option in self.item.options:
            option.default = option.value in self.item.values


class ConfirmButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.CONFIRM):
    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id, self.version = int(match["game"]), int(match["version"])
        self.action_template = match["template"]

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, handlers(interaction).confirm_subset(
            interaction, self.game_id, self.version, self.action_template))


class PickerButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.PICKER):
    """A subset whose selects did not fit its message: they open in a message of their own."""

    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id, self.version = int(match["game"]), int(match["version"])
        self.action_template = match["template"]

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, handlers(interaction).open_subset_picker(
            interaction, self.game_id, self.version, self.action_template))


class PanelButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.PANEL):
    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id = int(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, handlers(interaction).send_panel(interaction, game_id=self.game_id))


class PageButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.PAGE):
    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id, self.page = int(match["game"]), int(match["page"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, handlers(interaction).turn_page(interaction, self.game_id, self.page))


class LobbyButton(_Typed, discord.ui.DynamicItem[discord.ui.Button], template=controls.LOBBY):
    def __init__(self, item: discord.ui.Button, match: re.Match[str]) -> None:
        super().__init__(item)
        self.game_id, self.what = int(match["game"]), match["what"]

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, handlers(interaction).on_lobby(interaction, self.game_id, self.what))


BUTTON_KINDS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveButton, AmountButton, ConfirmButton, PickerButton, PanelButton, PageButton, LobbyButton)
SELECT_KINDS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (MoveSelect, SubsetSelect)
#: What the bot registers (``add_dynamic_items``) so clicks on any message find their class.
COMPONENTS = BUTTON_KINDS + SELECT_KINDS


def kind_of(custom_id: str) -> type[discord.ui.DynamicItem[Any]] | None:
    """The class a click on ``custom_id`` is dispatched to; None for an id no kind takes."""
    return next((kind for kind in COMPONENTS if kind.__discord_ui_compiled_template__.fullmatch(custom_id)), None)


def component(control: controls.Button | controls.Select, row: int) -> discord.ui.DynamicItem[Any]:
    """The typed item for one control of a layout (by the same pattern that dispatches it)."""
    item: discord.ui.Button | discord.ui.Select
    if isinstance(control, controls.Select):
        item = discord.ui.Select(
            custom_id=control.custom_id, placeholder=control.placeholder, row=row,
            min_values=control.min_values, max_values=control.max_values,
            options=[discord.SelectOption(value=value, label=label, description=description or None)
                     for value, label, description in control.options])
        kinds = SELECT_KINDS
    else:
        item = discord.ui.Button(label=control.label, custom_id=control.custom_id, row=row,
                                 style=STYLES.get(control.style, discord.ButtonStyle.secondary))
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


# -- the amount form ------------------------------------------------------------------

class AmountFormModal(discord.ui.Modal):
    """The form asking for an amount: one short input whose label states the bounds."""

    template = re.compile(controls.AMOUNT_FORM)

    def __init__(self, game_id: int, version: int, choice: dict[str, Any], words: Words = ENGLISH) -> None:
        form = controls.amount_form(choice, words)
        super().__init__(title=form.title, timeout=None,
                         custom_id=controls.amount_form_id(game_id, version, choice["action"]))
        self.add_item(discord.ui.Label(text=form.label, component=discord.ui.TextInput(
            custom_id=controls.AMOUNT_INPUT, placeholder=form.placeholder, min_length=1, max_length=32)))
        # Not kept in memory awaiting its submit (that would not survive a restart): the
        # submit is routed by its custom id, like every component's click.
        self.stop()


def submitted_text(components: list[dict[str, Any]], custom_id: str) -> str:
    """The value of input ``custom_id`` in a modal submit (inside action rows or labels)."""
    for component_data in components:
        inner = component_data.get("components") or (
            [component_data["component"]] if "component" in component_data else [])
        if inner:
            found = submitted_text(inner, custom_id)
            if found:
                return found
        elif component_data.get("custom_id") == custom_id:
            return str(component_data.get("value") or "")
    return ""


async def route_modal_submit(interaction: discord.Interaction) -> None:
    """Hand an amount form's submit to its handler; any other interaction is not ours here."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data: Any = interaction.data or {}
    match = AmountFormModal.template.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return
    typed = submitted_text(data.get("components") or [], controls.AMOUNT_INPUT)
    await guarded(interaction, handlers(interaction).submit_amount(
        interaction, int(match["game"]), int(match["version"]), match["template"], typed))


# -- answering ---------------------------------------------------------------------------

async def reply(interaction: discord.Interaction, content: str, *, view: discord.ui.View | None = None) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    kwargs: dict[str, Any] = {"content": content[:2000], "ephemeral": True}
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


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
        await handlers(interaction).send_panel(interaction, game_id=error.game_id, preface=error.worded(said))
    except TableError as error:
        await reply(interaction, error.worded(await words_for(interaction)))
    except discord.Forbidden as error:
        # Usually a permission the server did not give the bot (threads, attachments).
        log.warning("Discord refused: %s", error)
        try:
            said = await words_for(interaction)
            await reply(interaction, said.t(
                "Discord did not let me do that here: I may be missing a permission (Send Messages, "
                "Create Public Threads, Send Messages in Threads, Attach Files). Ask a server admin "
                "to check my role."))
        except discord.HTTPException:
            pass
    except discord.NotFound as error:  # the interaction or message is gone; nobody to tell
        log.warning("Discord refused a reply: %s", error)
    except Exception:  # noqa: BLE001 (anything else is logged and answered with a reference)
        await report_unexpected(interaction)


async def report_unexpected(interaction: discord.Interaction) -> None:
    reference = secrets.token_hex(3)
    log.exception("unexpected error (ref %s) handling an interaction from user %s", reference, interaction.user.id)
    try:
        said = await words_for(interaction)
    except Exception:  # noqa: BLE001 - the store may be what failed: say it in English
        said = ENGLISH
    try:
        await reply(interaction, said.t("Something went wrong on my side (reference `{reference}`). "
                                        "Your game is safe: check the thread for its state and try again.",
                                        reference=reference))
    except discord.HTTPException:
        pass
