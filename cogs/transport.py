"""Delivering outbox messages to Discord: thread posts with the board, DMs with secrets."""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
from collections.abc import Iterator
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot import controls
from bot.dispatch import Outgoing, Unavailable, Undeliverable
from bot.store import SeatRecord
from bot.tables import Table

from .ui import build_view

if TYPE_CHECKING:
    from bot.app import MarqueeBot

MESSAGE_LIMIT = 2000
NO_MENTIONS = discord.AllowedMentions.none()
# Refusals that stay refusals: the rest of 4xx. Not 401 (the bot's token: every request
# fails, the bot is down rather than this message), 408 or 429 (try again later).
RETRYABLE_CLIENT_ERRORS = {401, 408, 429}


def split_text(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Cut text into Discord-sized messages at line ends where possible."""
    chunks: list[str] = []
    current = ""
    for line in text.splitlines():
        if len(line) > limit:  # a line too long for any message is cut where it must be
            if current:
                chunks.append(current)
            pieces = [line[i:i + limit] for i in range(0, len(line), limit)]
            chunks.extend(pieces[:-1])
            current = pieces[-1]
        elif current and len(current) + len(line) + 1 > limit:
            chunks.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        chunks.append(current)
    # Discord trims blank lines at either end anyway; an all-blank chunk would be an empty message.
    return [c.strip("\n") for c in chunks if c.strip()] or [""]


def nonce(message: Outgoing, part: int) -> str | None:
    """Discord's idempotency key for part ``part`` of an outbox delivery (≤25 characters).
    discord.py sends it with ``enforce_nonce``: a repeat within minutes returns the first
    message, so redelivering after a crash between posting and marking sent posts nothing twice."""
    if not message.key:
        return None
    return hashlib.blake2s(f"{message.key}.{part}".encode(), digest_size=12).hexdigest()


@contextlib.contextmanager
def delivery_errors() -> Iterator[None]:
    """Discord's failures in the dispatcher's terms: refused for good, or unreachable for now."""
    try:
        yield
    except discord.HTTPException as error:  # DiscordServerError (5xx) included
        if 400 <= error.status < 500 and error.status not in RETRYABLE_CLIENT_ERRORS:
            raise Undeliverable(str(error)) from error
        raise Unavailable(str(error)) from error
    except (discord.RateLimited, aiohttp.ClientError, asyncio.TimeoutError) as error:
        raise Unavailable(f"{type(error).__name__}: {error}") from error


def turn_lines(message: Outgoing) -> list[str]:
    lines = []
    for seat in message.turn:
        who = f"<@{seat['user_id']}>" if seat.get("user_id") else f"Seat {seat['seat'] + 1}"
        if seat.get("is_bot"):
            continue
        lines.append(f"▶ {who}: {seat['prompt']}")
    return lines


def mentions(message: Outgoing) -> discord.AllowedMentions:
    """Exactly the members the post asks to act (its ▶ lines): never everyone or a role,
    nor someone whose ``<@id>`` happens to be quoted in the text."""
    users = [discord.Object(seat["user_id"]) for seat in message.turn
             if seat.get("user_id") and not seat.get("is_bot")]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


def turn_rows(message: Outgoing) -> list[controls.Row]:
    """The public controls: one player's public choices, or a panel button for many."""
    if message.result is not None:
        return []
    humans = [seat for seat in message.turn if not seat.get("is_bot")]
    panel = controls.Button(controls.panel_id(message.game_id), "My hand & options", "primary")
    if len(humans) == 1 and humans[0]["choices"]:
        rows, _ = controls.layout(message.game_id, message.version, humans[0]["choices"], rows=4)
        return [*rows, [panel]]
    return [[panel]]


class DiscordTransport:
    def __init__(self, bot: MarqueeBot) -> None:
        self.bot = bot

    async def _thread(self, table: Table) -> discord.abc.Messageable:
        channel_id = table.record.thread_id or table.record.channel_id
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        return channel  # type: ignore[return-value]

    async def post(self, table: Table, message: Outgoing) -> None:
        with delivery_errors():
            await self._post(table, message)

    async def _post(self, table: Table, message: Outgoing) -> None:
        channel = await self._thread(table)
        lines = [message.text] if message.text else []
        if message.result:
            # The game's last event usually states the result already: say it once.
            said = message.result in message.text
            lines.append("🏆 **Game over.**" + ("" if said else f" {message.result}"))
        elif message.status:
            lines.append(f"-# {message.status}")
        lines += turn_lines(message)
        chunks = split_text("\n".join(lines))
        pings = mentions(message)
        for n, chunk in enumerate(chunks[:-1]):
            await channel.send(chunk, allowed_mentions=pings, nonce=nonce(message, n))
        files = [discord.File(io.BytesIO(png), filename=name) for name, png in message.images]
        view = build_view(turn_rows(message))
        kwargs = {"files": files, "allowed_mentions": pings,
                  "nonce": nonce(message, len(chunks) - 1)}
        if view is not None:
            kwargs["view"] = view
        await channel.send(chunks[-1] or None, **kwargs)

    async def send_private(self, table: Table, seat: SeatRecord, message: Outgoing) -> bool:
        with delivery_errors():
            return await self._send_private(table, seat, message)

    async def _send_private(self, table: Table, seat: SeatRecord, message: Outgoing) -> bool:
        if seat.user_id is None:
            return True
        user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
        thread = f"<#{table.record.thread_id}>" if table.record.thread_id else f"game #{table.id}"
        text = f"{message.text}\n-# {thread}" if message.text else f"-# {thread}"
        view = None
        if message.turn:
            seat_turn = message.turn[0]
            text = f"{text}\n▶ {seat_turn['prompt']}"
            rows, _ = controls.layout(table.id, message.version, seat_turn["choices"])
            view = build_view(rows)
        chunks = split_text(text)
        try:
            for n, chunk in enumerate(chunks[:-1]):
                await user.send(chunk, allowed_mentions=NO_MENTIONS, nonce=nonce(message, n))
            kwargs = {"view": view} if view is not None else {}
            await user.send(chunks[-1], allowed_mentions=NO_MENTIONS, nonce=nonce(message, len(chunks) - 1),
                            **kwargs)
        except discord.Forbidden:
            return False
        return True

    async def notice(self, table: Table, text: str) -> None:
        with delivery_errors():
            channel = await self._thread(table)
            await channel.send(text[:MESSAGE_LIMIT], allowed_mentions=NO_MENTIONS)
