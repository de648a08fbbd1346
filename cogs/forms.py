"""The amount form: a modal with one short input whose label states the bounds.

Modals are not DynamicItems: its submit comes back through the bot's ``on_interaction``
(``cogs/play.py``, ``route_modal_submit``), matched by the form's own pattern.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import controls
from bot.engine.language import ENGLISH, Words
from cogs.cooldowns import limited


@limited("move")  # its submit makes the move (cogs/play.py, route_modal_submit)
class AmountFormModal(discord.ui.Modal):
    """The form asking for an amount: one short input whose label states the bounds."""

    template = re.compile(controls.AMOUNT_FORM)

    def __init__(
        self, game_id: int, version: int, choice: dict[str, Any], words: Words = ENGLISH
    ) -> None:
        form = controls.amount_form(choice, words)
        super().__init__(
            title=form.title,
            timeout=None,
            custom_id=controls.amount_form_id(game_id, version, choice["action"]),
        )
        self.add_item(
            discord.ui.Label(
                text=form.label,
                component=discord.ui.TextInput(
                    custom_id=controls.AMOUNT_INPUT,
                    placeholder=form.placeholder,
                    min_length=1,
                    max_length=32,
                ),
            )
        )
        # Not kept in memory awaiting its submit (that would not survive a restart): the
        # submit is routed by its custom id, like every component's click.
        self.stop()


def submitted_text(components: list[dict[str, Any]], custom_id: str) -> str:
    """The value of input ``custom_id`` in a modal submit (inside action rows or labels)."""
    for component_data in components:
        inner = component_data.get("components") or (
            [component_data["component"]] if "component" in component_data else []
        )
        if inner:
            found = submitted_text(inner, custom_id)
            if found:
                return found
        elif component_data.get("custom_id") == custom_id:
            return str(component_data.get("value") or "")
    return ""
