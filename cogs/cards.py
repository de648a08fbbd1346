"""Thread posts as components-V2 cards: one container coloured for the seat to act, holding
what happened and where the game stands in text displays, the board (and any other picture
of the move) in a media gallery, and the controls in action rows.

Discord's limits for such a message: 40 components in all, nested ones counted, and 4,000
characters across its text displays. A card holds its container, two text displays, two
galleries, a separator and at most the 5 rows of ``cogs.transport.turn_rows`` (25 buttons):
36 components at most. Text past
4,000 characters goes first, in cards of text alone, and the last card keeps the status,
the ▶ lines, the pictures and the controls whole.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot import controls
from bot.delivery.outgoing import Outgoing
from bot.text import split_text
from cogs.play import action_rows
from rendering.kit import GOLD, player_style

#: Discord's limit on the text of a V2 message, across its text displays.
CARD_TEXT = 4000
#: The most a card's standing (status and ▶ lines) takes of it, so the news keeps room. No
#: title comes near it (tests/host/test_games_fit_discord.py); past it, it is cut.
STANDING_MOST = 2000


def accent(message: Outgoing) -> int | None:
    """The colour of the seat the game waits on (gold once it is over); none while several
    decide at once."""
    if message.result is not None:
        return _rgb(GOLD)
    seats = {seat["seat"] for seat in message.turn}
    return _rgb(player_style(seats.pop()).colour) if len(seats) == 1 else None


def _rgb(colour: tuple[int, int, int]) -> int:
    red, green, blue = colour
    return red << 16 | green << 8 | blue


def fitted(standing: str) -> str:
    """The standing as a card shows it: whole, up to ``STANDING_MOST``."""
    return standing if len(standing) <= STANDING_MOST else standing[:STANDING_MOST - 1] + "…"


def card_texts(events: str, standing: str) -> list[str]:
    """The text of a post as cards: every card but the last holds events alone; the last
    ends with them and holds ``standing`` (status and ▶ lines) whole, within 4,000 characters
    across its text displays."""
    if len(events) + len(standing) <= CARD_TEXT:
        return [events]
    parts = split_text(events, CARD_TEXT)
    room = CARD_TEXT - len(standing)
    if len(parts[-1]) > room:
        parts[-1:] = split_text(parts[-1], room)
    return parts


def card(events: str, images: Sequence[str] = (), standing: str = "",
         rows: list[controls.Row] | None = None, colour: int | None = None,
         descriptions: Mapping[str, str] | None = None,
         beside: discord.ui.Item[Any] | None = None) -> discord.ui.LayoutView:
    """A card: what happened, the pictures (files of the message, by name, the board last,
    each with its description for screen readers: ``bot/table/describe.py``), where the game
    stands, then the controls below a line; ``beside``, a button of the host's own (the coach's
    💡 Hint), goes with the last row of controls."""
    items: list[discord.ui.Item[Any]] = []
    if events:
        items.append(discord.ui.TextDisplay(events))
    items += _galleries(images, descriptions or {})
    if standing:
        items.append(discord.ui.TextDisplay(standing))
    if rows:
        items.append(discord.ui.Separator())
        laid = action_rows(rows)
        if beside is not None:
            buttons = all(isinstance(getattr(child, "item", child), discord.ui.Button) for child in laid[-1].children)
            if buttons and len(laid[-1].children) < 5:  # a row holds five buttons, or one select
                laid[-1].add_item(beside)
            else:
                laid.append(discord.ui.ActionRow(beside))
        items += laid
    return _layout(items or [discord.ui.TextDisplay("…")], colour)  # a card is never empty


def without_controls(message: discord.Message, images: Sequence[str]) -> discord.ui.LayoutView:
    """The card ``message`` is, with its controls off: its text, pictures (with their
    descriptions) and colour kept in their order. Its gallery names its files again (Discord
    answered with their addresses)."""
    container = next((found for found in message.components
                      if isinstance(found, discord.components.Container)), None)
    items: list[discord.ui.Item[Any]] = []
    pictures = _galleries(images, _descriptions_of(container, images))
    for found in container.children if container is not None else []:
        if isinstance(found, discord.components.TextDisplay):
            items.append(discord.ui.TextDisplay(found.content))
        elif isinstance(found, discord.components.MediaGalleryComponent):
            items += pictures  # where the first gallery was
            pictures = []
    colour = container.accent_colour if container is not None else None
    return _layout(items or [discord.ui.TextDisplay("…")], colour.value if colour is not None else None)


def _galleries(images: Sequence[str], descriptions: Mapping[str, str]) -> list[discord.ui.MediaGallery[Any]]:
    """The board (the last picture) alone across the card, the move's other pictures (a
    reveal, a round's films) in a gallery above it: Discord puts a gallery's pictures side by
    side, which would make the board half as wide."""
    return [discord.ui.MediaGallery(*(discord.MediaGalleryItem(f"attachment://{name}",
                                                               description=descriptions.get(name) or None)
                                      for name in group))
            for group in (images[:-1], images[-1:]) if group]


def _descriptions_of(container: discord.components.Container | None, images: Sequence[str]) -> dict[str, str]:
    """The descriptions a card's galleries carry, by the file names they show, in order."""
    shown = [item.description for found in (container.children if container is not None else [])
             if isinstance(found, discord.components.MediaGalleryComponent) for item in found.items]
    return {name: text for name, text in zip(images, shown) if text}


def _layout(items: list[discord.ui.Item[Any]], colour: int | None) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*items, accent_colour=colour))
    return view
