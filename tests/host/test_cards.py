"""Cards (cogs/cards.py) within Discord's limits for components V2, checked by the simulated
Discord's own checks (its OpenAPI description and rules), and a post from before cards
edited as it was made."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord

from bot.delivery.outgoing import Outgoing, Posted
from cogs import cards
from cogs.transport import DiscordTransport, post_text, standing_text, turn_rows
from tests.discord_sim import rules
from tests.discord_sim.spec import Operation, load_spec

CREATE = Operation("POST", "/channels/{channel_id}/messages")
EDIT = Operation("PATCH", "/channels/{channel_id}/messages/{message_id}")


def busiest_turn(events: str) -> Outgoing:
    """A turn with all a card can hold: a long status, 20 public choices in four rows of five
    and the panel button's row, ten pictures."""
    choices = [{"action": f"build:{n}", "label": f"Lot {n}, Boardwalk — $9M left", "group": "abcd"[n % 4]}
               for n in range(20)]
    return Outgoing(game_id=10**12, game_type="advance-to-boardwalk", version=10**6, text=events,
                    images=[(f"picture-{n}.png", b"") for n in range(10)],
                    turn=[{"seat": 5, "user_id": 10**17, "prompt": "Build or pass. " * 20, "choices": choices}],
                    status="Turn 99 — " + "a status that goes on and on, " * 12)


def body(view: discord.ui.LayoutView) -> dict[str, Any]:
    return {"flags": rules.COMPONENTS_V2_FLAG, "components": view.to_components()}


def problems(found: dict[str, Any], operation: Operation = CREATE) -> list[Any]:
    return [*load_spec().body_errors(operation, found), *rules.message_problems(found)]


def shown(found: dict[str, Any]) -> tuple[int, str]:
    """How many components a message holds (nested ones counted) and its text displays' text."""
    everything = list(rules._walk(found["components"], "components"))
    return len(everything), "\n".join(c["content"] for _, c in everything if c.get("type") == 10)


def test_the_busiest_turn_fits_one_card_whole():
    message = busiest_turn("Ann builds on lot 3. " * 150)  # 3,150 characters of events
    texts = cards.card_texts(message.text, standing_text(message))
    assert texts == [message.text], "it fits one card: nothing is cut or moved"
    rows = turn_rows(message)
    assert [len(row) for row in rows] == [5, 5, 5, 5, 1]
    found = body(cards.card(texts[0], [name for name, _ in message.images], standing_text(message), rows,
                            cards.accent(message)))
    count, text = shown(found)
    assert problems(found) == [] and count <= 40 and len(text) <= 4000
    assert text == post_text(message)  # every line whole, in the order of a plain post


def test_text_past_4000_characters_goes_first_in_cards_of_its_own():
    message = busiest_turn("\n".join(f"Line {n}: Ann builds on lot {n} and pays $1M to the bank." for n in range(200)))
    standing = standing_text(message)
    texts = cards.card_texts(message.text, standing)
    assert len(texts) == 4 and "\n".join(texts) == message.text  # 11,500 characters, cut at line ends only
    assert all(len(text) <= 4000 for text in texts) and len(texts[-1]) + len(standing) <= 4000
    sent: list[dict[str, Any]] = []

    class Channel:
        id = 5

        async def send(self, **kwargs: Any) -> None:
            sent.append(body(kwargs["view"]))

    transport = DiscordTransport(SimpleNamespace(get_channel=lambda _: Channel()))
    table = SimpleNamespace(record=SimpleNamespace(thread_id=5, channel_id=4))
    asyncio.run(transport.post(table, message))  # type: ignore[arg-type]
    assert len(sent) == 4 and all(problems(found) == [] for found in sent)
    assert not any(c.get("type") == 1 for found in sent[:-1] for _, c in rules._walk(found["components"], ""))
    assert shown(sent[-1])[1].endswith(standing)  # the status and ▶ lines stay whole, with the controls


class Message:
    """A message as the transport reaches it: edited, or read first (a card)."""

    def __init__(self, payload: list[dict[str, Any]] | None = None) -> None:
        self.edits: list[dict[str, Any]] = []
        self.components = [discord.components._component_factory(c) for c in payload or []]

    async def edit(self, **kwargs: Any) -> None:
        self.edits.append(kwargs)


def transport_on(message: Message) -> DiscordTransport:
    async def fetch_message(_id: int) -> Message:
        return message

    channel = SimpleNamespace(get_partial_message=lambda _id: message, fetch_message=fetch_message)
    return DiscordTransport(SimpleNamespace(get_partial_messageable=lambda _id: channel))


def test_a_post_from_before_cards_is_edited_and_cleared_as_it_was_made():
    message, turn = Message(), busiest_turn("Ann builds on lot 3.")
    transport = transport_on(message)
    edited = asyncio.run(transport.edit(None, Posted(5, 6), turn))  # type: ignore[arg-type]
    asyncio.run(transport.clear_controls(None, Posted(5, 6)))  # type: ignore[arg-type]
    first, cleared = message.edits
    assert first["content"] == post_text(turn) and isinstance(first["view"], discord.ui.View)
    assert cleared == {"view": None} and edited == Posted(5, 6, 1, True)


def test_a_card_keeps_its_pictures_when_edited_and_when_its_controls_come_off():
    turn = busiest_turn("Ann builds on lot 3.")
    posted = Posted(5, 6, card=True, images=("array-4.png", "board-4.png"))
    drawn = body(cards.card(turn.text, posted.images, standing_text(turn), turn_rows(turn), cards.accent(turn)))
    message = Message(drawn["components"])
    transport = transport_on(message)
    edited = asyncio.run(transport.edit(None, posted, turn))  # type: ignore[arg-type]
    asyncio.run(transport.clear_controls(None, posted))  # type: ignore[arg-type]
    first, cleared = (body(edit["view"]) for edit in message.edits)
    assert edited == Posted(5, 6, 1, True, True, posted.images) and "content" not in message.edits[0]
    for found in (first, cleared):
        assert problems(found, EDIT) == []
        assert rules.attachment_problems(found["components"], set(posted.images)) == []
        assert [url for _, url in rules.media_urls(found["components"])] == [
            "attachment://array-4.png", "attachment://board-4.png"]
    assert not any(c.get("type") in (1, 2, 3) for _, c in rules._walk(cleared["components"], ""))
    assert shown(cleared)[1] == shown(drawn)[1] and cleared["components"][0]["accent_color"] == cards.accent(turn)
