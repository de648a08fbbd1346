"""Delivering outbox messages to Discord: thread posts with the board, DMs with secrets."""
from __future__ import annotations

import contextlib
import hashlib
import io
import re
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from typing import Any

import aiohttp
import discord

from bot import controls
from bot.delivery.outgoing import Blocked, Gone, Outgoing, Posted, Unavailable, Undeliverable
from bot.engine.language import ENGLISH, Words
from bot.games import registry
from bot.i18n import HOST, words
from bot.store.base import SeatRecord
from bot.table import describe
from bot.table.notices import public_view_at
from bot.table.service import Table
from bot.text import MESSAGE_LIMIT, split_text
from cogs import cards, coach, hint
from cogs.play import build_view

NO_MENTIONS = discord.AllowedMentions.none()
# Refusals that stay refusals: the rest of 4xx. Not 401 (the bot's token: every request
# fails, the bot is down rather than this message), 408 or 429 (try again later).
RETRYABLE_CLIENT_ERRORS = {401, 408, 429}
#: Discord's code for a channel (a game's thread) that no longer exists.
UNKNOWN_CHANNEL = 10003
#: Discord's codes for a channel the bot may no longer post in: Missing Access, Missing
#: Permissions, and a locked thread (Thread is locked; 50083 when archived and locked).
BLOCKED_CODES = {50001, 50013, 160005, 50083}
#: A move control's custom id (bot/controls.py): "mq:<kind>:<game>:<version>:…".
VERSIONED_ID = re.compile(r"mq:[a-zA-Z]:\d+:(\d+)(?::|$)")


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
        if error.status == 404 and error.code == UNKNOWN_CHANNEL:
            raise Gone(str(error)) from error
        if error.status == 403 and error.code in BLOCKED_CODES:
            raise Blocked(str(error)) from error
        if 400 <= error.status < 500 and error.status not in RETRYABLE_CLIENT_ERRORS:
            raise Undeliverable(str(error)) from error
        raise Unavailable(str(error)) from error
    except (TimeoutError, discord.RateLimited, aiohttp.ClientError) as error:
        raise Unavailable(f"{type(error).__name__}: {error}") from error


def said(message: Outgoing) -> Words:
    """The words the transport adds to a message, in the message's language."""
    return words(HOST, message.language)


def turn_lines(message: Outgoing) -> list[str]:
    lines = []
    for seat in message.turn:
        who = f"<@{seat['user_id']}>" if seat.get("user_id") else said(message).t(
            "Seat {seat}", seat=seat["seat"] + 1)
        if seat.get("is_bot"):
            continue
        lines.append(f"▶ {who}: {seat['prompt']}")
    return lines


def mentions(message: Outgoing) -> discord.AllowedMentions:
    """Exactly the members the post pings (the dispatcher's choice: those it newly asks to
    act who did not just move; by default everyone its ▶ lines ask): never everyone or a
    role, nor someone whose ``<@id>`` happens to be quoted in the text."""
    if message.pings is None:
        ids = [seat["user_id"] for seat in message.turn if seat.get("user_id") and not seat.get("is_bot")]
    else:
        ids = message.pings
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(i) for i in ids])


def decided_line(decided: tuple[int, int], words: Words = ENGLISH) -> str:
    done, asked = decided
    return words.tn("✅ {count} of {asked} has decided.", "✅ {count} of {asked} have decided.", done,
                    asked=asked)


def post_text(message: Outgoing) -> str:
    """A thread post's text: what happened, then where the game stands and whom it waits on."""
    return "\n".join(part for part in (message.text, standing_text(message)) if part)


def standing_text(message: Outgoing) -> str:
    """Where the game stands and whom it waits on (a card shows it below the board)."""
    lines = []
    if message.result:
        # The game's last event usually states the result already: say it once.
        over = said(message).t("🏆 **Game over.**")
        lines.append(over if message.result in message.text else f"{over} {message.result}")
    else:
        if message.decided:
            lines.append(decided_line(message.decided, said(message)))
        if message.status:
            lines.append(f"-# {message.status}")
    lines += turn_lines(message)
    return "\n".join(lines)


def turn_rows(message: Outgoing) -> list[controls.Row]:
    """The public controls: one player's public choices, or a panel button for many."""
    if message.result is not None:
        return []
    humans = [seat for seat in message.turn if not seat.get("is_bot")]
    panel = controls.Button(controls.panel_id(message.game_id), said(message).t("My hand & options"), "primary")
    if len(humans) == 1 and humans[0]["choices"]:
        rows, _ = controls.layout(message.game_id, message.version, humans[0]["choices"], rows=4,
                                  words=said(message))
        return [*rows, [panel]]
    return [[panel]]


def picture_kind(name: str) -> str:
    """What a post's file shows, from its name ("board-12.png", "bids-7.png", "summary.png")."""
    return name.removesuffix(".png").rsplit("-", 1)[0]


class DiscordTransport:
    def __init__(self, bot: discord.Client) -> None:  # only the client's own lookups are used
        self.bot = bot

    async def descriptions(self, table: Table, message: Outgoing, images: tuple[str, ...]) -> dict[str, str]:
        """Each picture's description (alt text, ``bot/table/describe.py``) in the table's
        language: the board as the card tells it (whose turn, the scores of the board's
        public view, what is on offer, the news); another picture as what it is and the news."""
        game = registry.game(message.game_type)
        title, told = f"{game.name} #{message.game_id}", said(message)
        found = {}
        for name in images:
            kind = picture_kind(name)
            if kind == "board":
                known = isinstance(table, Table)  # (a test's stand-in may carry no game)
                view = await self._public_view(table, message.version) if known else None
                names = table.names() if known else []
                found[name] = describe.board(describe.Moment(
                    title, max(message.version - 1, 0), message.status, message.result or None,
                    describe.scores(game, view, names, told) if view is not None else "",
                    tuple(message.text.splitlines()), describe.asked_in(message.turn, names)), told)
            else:
                found[name] = describe.picture(title, describe.picture_name(kind, told),
                                               message.text.splitlines(), told)
        return found

    async def _public_view(self, table: Table, version: int) -> dict[str, Any] | None:
        """The public view the board of ``version`` was drawn from: the bot's store and its
        dispatcher's kept states, as the dispatcher drew it (None without a store)."""
        store = getattr(self.bot, "store", None)
        if store is None and table.record.version != version:
            return None
        moments = getattr(getattr(self.bot, "dispatcher", None), "moments", None)
        log = partial(store.actions, table.id) if store is not None else None
        return await public_view_at(table, version, log, moments)

    async def _thread(self, table: Table) -> discord.abc.Messageable:
        channel_id = table.record.thread_id or table.record.channel_id
        # None only for a game opened outside Discord (the tests', whose stand-in bot takes it).
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)  # type: ignore[arg-type]
        return channel  # type: ignore[return-value]

    async def post(self, table: Table, message: Outgoing) -> Posted | None:
        with delivery_errors():
            return await self._post(table, message)

    async def _post(self, table: Table, message: Outgoing) -> Posted | None:
        """A card (cogs/cards.py); text too long for one goes first, in cards of its own."""
        channel = await self._thread(table)
        pings = mentions(message)
        standing = cards.fitted(await coach.coached_standing(getattr(self.bot, "store", None), table, message,
                                                           standing_text(message)))
        colour = cards.accent(message)
        texts = cards.card_texts(message.text, standing)
        for n, text in enumerate(texts[:-1]):
            await channel.send(view=cards.card(text, colour=colour), allowed_mentions=pings,
                               nonce=nonce(message, n))  # type: ignore[arg-type]  # send() takes None; its overloads don't
        names = tuple(name for name, _ in message.images)
        described = await self.descriptions(table, message, names)
        files = [discord.File(io.BytesIO(png), filename=name, description=described[name])
                 for name, png in message.images]
        rows = turn_rows(message)
        sent = await channel.send(view=cards.card(texts[-1], names, standing, rows, colour, described,
                                                  hint.hint_beside(table, message)), files=files,
                                  allowed_mentions=pings, nonce=nonce(message, len(texts) - 1))  # type: ignore[arg-type]  # as above
        return _posted(sent, len(texts), bool(rows), card=True, images=names)

    async def edit(self, table: Table, posted: Posted, message: Outgoing) -> Posted | None:
        if posted.card:
            return await self._edit_card(table, posted, message)
        # A post from before cards: edited as it was made (a message cannot switch).
        chunks = split_text(post_text(message))
        if len(chunks) > 1 or posted.parts > 1:
            return None  # no longer one message: the dispatcher posts anew
        view = build_view(turn_rows(message))
        target = self.bot.get_partial_messageable(posted.channel_id).get_partial_message(posted.message_id)
        with delivery_errors():
            try:
                # An edit never notifies anyone; its ▶ lines were pinged when the post was made.
                await target.edit(content=chunks[0], view=view, allowed_mentions=NO_MENTIONS)
            except discord.NotFound:
                return None  # deleted
        return Posted(posted.channel_id, posted.message_id, 1, view is not None)

    async def _edit_card(self, table: Table, posted: Posted, message: Outgoing) -> Posted | None:
        """The card shows ``message`` instead; its gallery names the files it already has, so
        the board stays with it, described as the card now tells it."""
        standing = cards.fitted(await coach.coached_standing(getattr(self.bot, "store", None), table, message,
                                                           standing_text(message)))
        texts = cards.card_texts(message.text, standing)
        if len(texts) > 1 or posted.parts > 1:
            return None  # no longer one card: the dispatcher posts anew
        rows = turn_rows(message)
        described = await self.descriptions(table, message, posted.images)
        view = cards.card(texts[0], posted.images, standing, rows, cards.accent(message), described,
                          hint.hint_beside(table, message))
        target = self.bot.get_partial_messageable(posted.channel_id).get_partial_message(posted.message_id)
        with delivery_errors():
            try:
                # An edit never notifies anyone; its ▶ lines were pinged when the post was made.
                await target.edit(view=view, allowed_mentions=NO_MENTIONS)
            except discord.NotFound:
                return None  # deleted
        return replace(posted, parts=1, controls=bool(rows))

    async def clear_controls(self, table: Table, posted: Posted) -> None:
        channel = self.bot.get_partial_messageable(posted.channel_id)
        with delivery_errors():
            if posted.card:
                # A card is sent whole: read what it shows, and send it back without controls.
                message = await channel.fetch_message(posted.message_id)
                await message.edit(view=cards.without_controls(message, posted.images),
                                   allowed_mentions=NO_MENTIONS)
            else:
                await channel.get_partial_message(posted.message_id).edit(view=None)

    async def controls_version(self, table: Table, posted: Posted) -> int | None:
        channel = self.bot.get_partial_messageable(posted.channel_id)
        with delivery_errors():
            try:
                message = await channel.fetch_message(posted.message_id)
            except discord.NotFound:
                return None
        versions = [int(match.group(1)) for row in message.components for item in getattr(row, "children", [])
                    if (match := VERSIONED_ID.match(getattr(item, "custom_id", None) or ""))]
        return min(versions, default=None)

    async def send_private(self, table: Table, seat: SeatRecord, message: Outgoing) -> Posted | bool:
        with delivery_errors():
            return await self._send_private(table, seat, message)

    async def _send_private(self, table: Table, seat: SeatRecord, message: Outgoing) -> Posted | bool:
        if seat.user_id is None:
            return True
        user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
        thread = f"<#{table.record.thread_id}>" if table.record.thread_id else said(message).t(
            "game #{number}", number=table.id)
        text = f"{message.text}\n-# {thread}" if message.text else f"-# {thread}"
        view = None
        if message.turn:
            seat_turn = message.turn[0]
            text = f"{text}\n▶ {seat_turn['prompt']}"
            rows, _ = controls.layout(table.id, message.version, seat_turn["choices"], words=said(message))
            view = build_view(rows)
        chunks = split_text(text)
        try:
            for n, chunk in enumerate(chunks[:-1]):
                await user.send(chunk, allowed_mentions=NO_MENTIONS, nonce=nonce(message, n))  # type: ignore[arg-type]  # as above
            kwargs: dict[str, Any] = {"view": view} if view is not None else {}
            sent = await user.send(chunks[-1], allowed_mentions=NO_MENTIONS,
                                   nonce=nonce(message, len(chunks) - 1), **kwargs)  # type: ignore[arg-type]  # as above
        except discord.Forbidden:
            return False
        # A DM with controls is remembered, so they come off once they no longer apply.
        posted = _posted(sent, len(chunks), True) if view is not None else None
        return posted or True

    async def notice(self, table: Table, text: str) -> None:
        with delivery_errors():
            channel = await self._thread(table)
            await channel.send(text[:MESSAGE_LIMIT], allowed_mentions=NO_MENTIONS)

    async def tell_host(self, table: Table, text: str) -> bool:
        """Say ``text`` to the game's host where the thread cannot: in the thread's parent
        channel, pinging them, else by DM. False when neither takes it."""
        host = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(table.record.host_id)])
        if table.record.channel_id is not None:
            try:
                channel = self.bot.get_channel(table.record.channel_id) or await self.bot.fetch_channel(
                    table.record.channel_id)
                await channel.send(f"<@{table.record.host_id}> {text}"[:MESSAGE_LIMIT],  # type: ignore[union-attr]
                                   allowed_mentions=host)
                return True
            except discord.HTTPException:
                pass  # the parent refuses the bot as well: the host's DMs are left
        try:
            user = self.bot.get_user(table.record.host_id) or await self.bot.fetch_user(table.record.host_id)
            await user.send(text[:MESSAGE_LIMIT], allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            return False
        return True

    async def archive(self, table: Table) -> None:
        """Archive a finished game's thread: it leaves the server's active threads (of which
        Discord allows a limited number), and a later post reopens it."""
        if table.record.thread_id is None:
            return
        with delivery_errors():
            channel = await self._thread(table)
            if isinstance(channel, discord.Thread) and not channel.archived:
                await channel.edit(archived=True)


def _posted(sent: discord.Message | None, parts: int, controls: bool, *, card: bool = False,
            images: tuple[str, ...] = ()) -> Posted | None:
    """Where a sent message went (None if the channel did not say, as a test double may not)."""
    if not isinstance(sent, discord.Message):
        return None
    return Posted(sent.channel.id, sent.id, parts, controls, card, images)
