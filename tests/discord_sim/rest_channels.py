"""REST: channels, messages, threads and thread members, DMs, reactions, pins, typing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from .http_util import (
    BODY,
    SIM,
    UPLOADS,
    edit_refused,
    error_response,
    json_response,
    no_content,
    reject,
)
from .model import DM, PRIVATE_THREAD, PUBLIC_THREAD, TEXT, SimChannel, SimMessage

if TYPE_CHECKING:
    from .server import DiscordSim

#: How long Discord remembers a nonce for ``enforce_nonce`` ("the past few minutes"; it does not
#: say how many, so the simulator keeps the short end).
NONCE_WINDOW_S = 2 * 60


def _sim(request: web.Request) -> DiscordSim:
    return request.app[SIM]


def _channel(request: web.Request) -> SimChannel | web.Response:
    channel = _sim(request).channel_by_id(int(request.match_info["channel_id"]))
    if channel is not None and channel.deleted:
        # Expected on Discord: a channel or thread someone deleted (while the bot was away,
        # or before its event arrived) answers 404 Unknown Channel. Not a violation.
        return error_response(404, 10003, "Unknown Channel")
    if channel is None:
        return reject(
            request,
            404,
            10003,
            "Unknown Channel",
            rule="known channel id",
            detail=f"channel {request.match_info['channel_id']}",
        )
    return channel


def _message(request: web.Request, channel: SimChannel) -> SimMessage | web.Response:
    msg = _sim(request).message_by_id(int(request.match_info["message_id"]))
    if msg is None or msg.deleted or msg.channel is not channel or msg.ephemeral:
        return reject(
            request,
            404,
            10008,
            "Unknown Message",
            rule="known message id in that channel",
            detail=f"message {request.match_info['message_id']} in #{channel.name}",
        )
    return msg


def _channel_message(request: web.Request) -> SimMessage | web.Response:
    """The message a route names, in the channel it names (or Discord's 404 for either)."""
    channel = _channel(request)
    return channel if isinstance(channel, web.Response) else _message(request, channel)


# --- messages ---------------------------------------------------------------------------------
async def create_message(request: web.Request) -> web.Response:
    sim = _sim(request)
    channel = _channel(request)
    if isinstance(channel, web.Response):
        return channel
    if channel.is_dm and not channel.recipient.dms_open:
        # Expected on Discord (closed DMs); not a violation — the bot must handle it.
        sim.dm_refusals.append(channel.recipient)
        return error_response(403, 50007, "Cannot send messages to this user")
    denied = channel.bot_denied | (channel.parent.bot_denied if channel.parent else set())
    if "view_channel" in denied:
        return error_response(403, 50001, "Missing Access")
    if ("send_messages_in_threads" if channel.is_thread else "send_messages") in denied:
        return error_response(403, 50013, "Missing Permissions")
    if channel.is_thread and channel.locked:
        # Expected: a moderator locks a thread whenever they like; the bot learns it here.
        return error_response(403, 160005, "Thread is locked")
    if channel.is_thread and channel.archived:
        sim.update_thread(channel, {"archived": False})
    body = request[BODY] or {}
    if not (
        body.get("content")
        or body.get("embeds")
        or body.get("components")
        or request[UPLOADS]
        or body.get("sticker_ids")
        or body.get("poll")
    ):
        return reject(
            request, 400, 50006, "Cannot send an empty message", rule="a message is not empty"
        )
    nonce = body.get("nonce")
    if nonce is not None and body.get("enforce_nonce"):
        # Discord: a nonce seen from the same author in the past few minutes returns that
        # message and creates none (how a sender makes a retried create idempotent).
        sent_at, earlier = sim.nonces.get(str(nonce), (None, None))
        if earlier is not None and sim.now() - sent_at <= NONCE_WINDOW_S and not earlier.deleted:
            sim.trace(f"nonce {nonce!r} seen before: message {earlier.id} returned, none created")
            return json_response(earlier.payload())
    msg = sim.create_message(channel, sim.bot_user, body, request[UPLOADS])
    if nonce is not None:
        sim.nonces[str(nonce)] = (sim.now(), msg)
    return json_response(msg.payload())


async def list_messages(request: web.Request) -> web.Response:
    channel = _channel(request)
    if isinstance(channel, web.Response):
        return channel
    limit = max(1, min(100, int(request.query.get("limit", "50"))))
    visible = channel.messages
    if "before" in request.query:
        visible = [m for m in visible if m.id < int(request.query["before"])]
    if "after" in request.query:
        visible = [m for m in visible if m.id > int(request.query["after"])][:limit]
    if "around" in request.query:
        pivot = int(request.query["around"])
        older = [m for m in visible if m.id <= pivot][-(limit // 2 + 1) :]
        newer = [m for m in visible if m.id > pivot][: limit - len(older)]
        visible = older + newer
    newest_first = sorted(visible, key=lambda m: m.id, reverse=True)[:limit]
    return json_response([m.payload() for m in newest_first])


async def get_message(request: web.Request) -> web.Response:
    msg = _channel_message(request)
    return msg if isinstance(msg, web.Response) else json_response(msg.payload())


async def edit_message(request: web.Request) -> web.Response:
    sim = _sim(request)
    msg = _channel_message(request)
    if isinstance(msg, web.Response):
        return msg
    if not msg.from_bot:
        return reject(
            request,
            403,
            50005,
            "Cannot edit a message authored by another user",
            rule="a bot edits only its own messages",
        )
    if msg.channel.is_thread and msg.channel.archived:
        # Expected on Discord (a thread archived by its inactivity, or by a moderator): an
        # edit does not unarchive it, unlike a new message. Not a violation.
        return error_response(400, 50083, "Thread is archived")
    refused = edit_refused(request, msg, request[BODY], request[UPLOADS])
    if refused is not None:
        return refused
    sim.edit_message(msg, request[BODY] or {}, request[UPLOADS])
    return json_response(msg.payload())


async def delete_message(request: web.Request) -> web.Response:
    sim = _sim(request)
    msg = _channel_message(request)
    if isinstance(msg, web.Response):
        return msg
    if msg.channel.is_dm and not msg.from_bot:
        return reject(
            request,
            403,
            50003,
            "Cannot execute action on a DM channel",
            rule="a bot deletes only its own DM messages",
        )
    sim.delete_message(msg)
    return no_content()


async def typing(request: web.Request) -> web.Response:
    channel = _channel(request)
    return channel if isinstance(channel, web.Response) else no_content()


async def put_reaction(request: web.Request) -> web.Response:
    msg = _channel_message(request)
    if isinstance(msg, web.Response):
        return msg
    msg.reactions.setdefault(request.match_info["emoji_name"], set()).add(_sim(request).bot_user.id)
    return no_content()


async def delete_own_reaction(request: web.Request) -> web.Response:
    msg = _channel_message(request)
    if isinstance(msg, web.Response):
        return msg
    msg.reactions.get(request.match_info["emoji_name"], set()).discard(_sim(request).bot_user.id)
    return no_content()


async def pin(request: web.Request) -> web.Response:
    msg = _channel_message(request)
    if isinstance(msg, web.Response):
        return msg
    msg.pinned = request.method == "PUT"
    _sim(request).notify()
    return no_content()


async def list_pins(request: web.Request) -> web.Response:
    channel = _channel(request)
    if isinstance(channel, web.Response):
        return channel
    return json_response([m.payload() for m in reversed(channel.messages) if m.pinned])


# --- channels and threads -----------------------------------------------------------------------
async def get_channel(request: web.Request) -> web.Response:
    sim = _sim(request)
    channel = _channel(request)
    return (
        channel
        if isinstance(channel, web.Response)
        else json_response(channel.payload(for_user_id=sim.bot_user.id))
    )


async def edit_channel(request: web.Request) -> web.Response:
    sim = _sim(request)
    channel = _channel(request)
    if isinstance(channel, web.Response):
        return channel
    body = request[BODY] or {}
    if channel.is_thread:
        sim.update_thread(channel, body)
    elif channel.type == TEXT:
        sim.update_channel(channel, body)
    else:
        return reject(
            request,
            400,
            50024,
            "Cannot execute action on this channel type",
            rule="DMs cannot be edited",
        )
    return json_response(channel.payload(for_user_id=sim.bot_user.id))


async def delete_channel(request: web.Request) -> web.Response:
    sim = _sim(request)
    channel = _channel(request)
    if isinstance(channel, web.Response):
        return channel
    payload = channel.payload()
    sim.delete_channel(channel)
    return json_response(payload)


async def create_thread(request: web.Request) -> web.Response:
    sim = _sim(request)
    parent = _channel(request)
    if isinstance(parent, web.Response):
        return parent
    if parent.type != TEXT:
        return reject(
            request,
            400,
            50024,
            "Cannot execute action on this channel type",
            rule="threads start in a text channel",
            detail=f"#{parent.name} is type {parent.type}",
        )
    body = request[BODY] or {}
    kind = body.get("type") or PRIVATE_THREAD
    if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
        return reject(
            request,
            400,
            50035,
            "Invalid Form Body",
            rule="a text-channel thread is type 11 or 12",
            detail=f"type {kind}",
        )
    active = [t for t in parent.guild.threads if not t.archived]
    if len(active) >= parent.guild.max_active_threads:
        # Expected: a busy server can be at the cap; the bot must cope (archive, or say so).
        return error_response(400, 160006, "Maximum number of active threads reached")
    thread = sim.create_thread(parent, body, kind=kind)
    return json_response(thread.payload(for_user_id=sim.bot_user.id), 201)


async def create_thread_from_message(request: web.Request) -> web.Response:
    sim = _sim(request)
    parent = _channel(request)
    if isinstance(parent, web.Response):
        return parent
    msg = _message(request, parent)
    if isinstance(msg, web.Response):
        return msg
    if msg.thread is not None:
        return reject(
            request,
            400,
            160004,
            "A thread has already been created for this message",
            rule="one thread per message",
        )
    if parent.type != TEXT:
        return reject(
            request,
            400,
            50024,
            "Cannot execute action on this channel type",
            rule="threads start in a text channel",
        )
    active = [t for t in parent.guild.threads if not t.archived]
    if len(active) >= parent.guild.max_active_threads:
        # Expected: a busy server can be at the cap; the bot must cope (archive, or say so).
        return error_response(400, 160006, "Maximum number of active threads reached")
    thread = sim.create_thread(parent, request[BODY] or {}, kind=PUBLIC_THREAD, starter=msg)
    return json_response(thread.payload(for_user_id=sim.bot_user.id), 201)


def _thread(request: web.Request) -> SimChannel | web.Response:
    channel = _channel(request)
    if isinstance(channel, web.Response):
        return channel
    if not channel.is_thread:
        return reject(
            request,
            400,
            50024,
            "Cannot execute action on this channel type",
            rule="thread-member routes take a thread",
        )
    return channel


def _user_id(request: web.Request, thread: SimChannel) -> int | None:
    """The bot, or a member of the thread's server."""
    sim = _sim(request)
    raw = request.match_info.get("user_id", "@me")
    user_id = sim.bot_user.id if raw == "@me" else int(raw)
    return user_id if user_id == sim.bot_user.id or thread.guild.member_by_id(user_id) else None


async def add_thread_member(request: web.Request) -> web.Response:
    sim = _sim(request)
    thread = _thread(request)
    if isinstance(thread, web.Response):
        return thread
    user_id = _user_id(request, thread)
    if user_id is None:
        return reject(request, 404, 10013, "Unknown User", rule="known member id")
    if thread.archived:
        return reject(
            request, 400, 50083, "Thread is archived", rule="no members added to an archived thread"
        )
    sim.add_thread_member(thread, user_id)
    return no_content()


async def remove_thread_member(request: web.Request) -> web.Response:
    sim = _sim(request)
    thread = _thread(request)
    if isinstance(thread, web.Response):
        return thread
    user_id = _user_id(request, thread)
    if user_id is None:
        return reject(request, 404, 10013, "Unknown User", rule="known member id")
    sim.remove_thread_member(thread, user_id)
    return no_content()


async def get_thread_member(request: web.Request) -> web.Response:
    sim = _sim(request)
    thread = _thread(request)
    if isinstance(thread, web.Response):
        return thread
    user_id = _user_id(request, thread)
    if user_id is None or user_id not in thread.member_ids:
        return reject(request, 404, 10013, "Unknown User", rule="member of the thread")
    return json_response(
        sim.thread_member_payload(thread, user_id, request.query.get("with_member") == "true")
    )


async def list_thread_members(request: web.Request) -> web.Response:
    sim = _sim(request)
    thread = _thread(request)
    if isinstance(thread, web.Response):
        return thread
    with_member = request.query.get("with_member") == "true"
    return json_response(
        [sim.thread_member_payload(thread, uid, with_member) for uid in thread.member_ids]
    )


# --- DMs ----------------------------------------------------------------------------------------
async def open_dm(request: web.Request) -> web.Response:
    sim = _sim(request)
    body = request[BODY] or {}
    member = sim.member_by_id(int(body.get("recipient_id") or 0))
    if member is None:
        return reject(
            request, 400, 50033, "Invalid Recipient(s)", rule="DM a member of a shared server"
        )
    channel = sim.dm_with(member)
    assert channel.type == DM
    return json_response(channel.payload())


def add_routes(router: web.UrlDispatcher, prefix: str) -> None:
    c = prefix + "/channels/{channel_id}"
    router.add_post(c + "/messages", create_message)
    router.add_get(c + "/messages", list_messages)
    router.add_get(c + "/messages/pins", list_pins)
    router.add_put(c + "/messages/pins/{message_id}", pin)
    router.add_delete(c + "/messages/pins/{message_id}", pin)
    router.add_get(c + "/messages/{message_id}", get_message)
    router.add_patch(c + "/messages/{message_id}", edit_message)
    router.add_delete(c + "/messages/{message_id}", delete_message)
    router.add_post(c + "/messages/{message_id}/threads", create_thread_from_message)
    router.add_put(c + "/messages/{message_id}/reactions/{emoji_name}/@me", put_reaction)
    router.add_delete(c + "/messages/{message_id}/reactions/{emoji_name}/@me", delete_own_reaction)
    router.add_get(c + "/pins", list_pins)
    router.add_put(c + "/pins/{message_id}", pin)
    router.add_delete(c + "/pins/{message_id}", pin)
    router.add_post(c + "/typing", typing)
    router.add_post(c + "/threads", create_thread)
    router.add_get(c + "/thread-members", list_thread_members)
    router.add_put(c + "/thread-members/@me", add_thread_member)
    router.add_delete(c + "/thread-members/@me", remove_thread_member)
    router.add_get(c + "/thread-members/{user_id}", get_thread_member)
    router.add_put(c + "/thread-members/{user_id}", add_thread_member)
    router.add_delete(c + "/thread-members/{user_id}", remove_thread_member)
    router.add_get(c, get_channel)
    router.add_patch(c, edit_channel)
    router.add_delete(c, delete_channel)
    router.add_post(prefix + "/users/@me/channels", open_dm)
