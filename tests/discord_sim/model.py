"""The simulated server's state: users, roles, channels, threads, messages, attachments.

Each object knows how to render itself as the JSON Discord would send for it, and offers the
read-side helpers tests use (``message.text``, ``message.buttons``, ``channel.messages``)."""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .ids import iso_now, snowflake_iso

if TYPE_CHECKING:
    from .interactions import SimInteraction
    from .members import SimMember
    from .server import DiscordSim

EPHEMERAL = 1 << 6
LOADING = 1 << 7

TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREAD_TYPES = {PUBLIC_THREAD, PRIVATE_THREAD, 10}


class SimUser:
    def __init__(
        self, id: int, name: str, *, bot: bool = False, global_name: str | None = None
    ) -> None:
        self.id = id
        self.name = name
        self.bot = bot
        self.global_name = global_name or name.capitalize()
        # A user has one DM channel with the bot, whichever servers they share with it.
        self.dm_channel: SimChannel | None = None
        self.dms_open = True

    def payload(self) -> dict[str, Any]:
        data = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<SimUser {self.name} {self.id}>"


class SimRole:
    def __init__(self, id: int, name: str, permissions: int, position: int) -> None:
        self.id = id
        self.name = name
        self.permissions = permissions
        self.position = position

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }

    def __repr__(self) -> str:
        return f"<SimRole {self.name}>"


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    return None


class SimAttachment:
    """A file as uploaded: the bytes are kept, and served back at ``url``."""

    def __init__(
        self,
        id: int,
        filename: str,
        data: bytes,
        *,
        content_type: str | None,
        description: str | None,
        url: str,
    ) -> None:
        self.id = id
        self.filename = filename
        self.data = data
        self.description = description
        self.url = url
        size = _png_size(data)
        if content_type in (None, "application/octet-stream") and size:
            content_type = "image/png"
        self.content_type = content_type or "application/octet-stream"
        self.width, self.height = size if size else (None, None)

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        data = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description:
            data["description"] = self.description
        if self.width is not None:
            data["width"], data["height"] = self.width, self.height
        return data

    def __repr__(self) -> str:
        return f"<SimAttachment {self.filename} {self.size} bytes>"


def walk_components(components: Iterable[dict] | None) -> Iterable[dict]:
    for comp in components or []:
        yield comp
        yield from walk_components(comp.get("components"))
        if isinstance(comp.get("component"), dict):
            yield from walk_components([comp["component"]])
        if isinstance(comp.get("accessory"), dict):
            yield from walk_components([comp["accessory"]])


def text_of(payload: dict[str, Any]) -> str:
    """What a reader reads of a message payload (a version in ``SimMessage.history``, say):
    its content, or a components-V2 message's text displays, one block."""
    parts = [payload["content"]] if payload.get("content") else []
    parts += [
        comp["content"]
        for comp in walk_components(payload.get("components"))
        if comp.get("type") == 10 and comp.get("content")
    ]
    return "\n".join(parts)


class SimMessage:
    """A message as Discord stores it. Mutable: edits update it and keep ``history``."""

    def __init__(
        self,
        sim: DiscordSim,
        *,
        id: int,
        channel: SimChannel,
        author: SimUser,
        recipient: SimMember | None = None,
        interaction: SimInteraction | None = None,
        message_type: int = 0,
        webhook_id: int | None = None,
    ) -> None:
        self.sim = sim
        self.id = id
        self.channel = channel
        self.author = author
        self.recipient = recipient  # the only member who sees an ephemeral message
        self.interaction = interaction
        self.type = message_type
        self.webhook_id = webhook_id
        self.timestamp = snowflake_iso(id)
        self.edited_timestamp: str | None = None
        self.content = ""
        self.embeds: list[dict] = []
        self.components: list[dict] = []
        self.attachments: list[SimAttachment] = []
        self.flags = 0
        self.pinned = False
        self.deleted = False
        self.thread: SimChannel | None = None
        self.reactions: dict[str, set[int]] = {}
        self.reference: dict | None = None
        self.history: list[dict[str, Any]] = []

    # --- read helpers -------------------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred reply ('Bot is thinking…') not yet filled in."""
        return bool(self.flags & LOADING)

    @property
    def from_bot(self) -> bool:
        return self.author.id == self.sim.bot_user.id

    @property
    def text(self) -> str:
        """Content plus every embed's visible text, one block, for easy ``in`` asserts."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(embed[key])
            for field in embed.get("fields") or []:
                parts.append(f"{field.get('name', '')}: {field.get('value', '')}")
            if (embed.get("author") or {}).get("name"):
                parts.append(embed["author"]["name"])
            if (embed.get("footer") or {}).get("text"):
                parts.append(embed["footer"]["text"])
        for comp in walk_components(self.components):
            if comp.get("type") == 10 and comp.get("content"):
                parts.append(comp["content"])
        return "\n".join(parts)

    @property
    def buttons(self) -> list[dict]:
        return [c for c in walk_components(self.components) if c.get("type") == 2]

    @property
    def selects(self) -> list[dict]:
        return [c for c in walk_components(self.components) if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def button_labels(self) -> list[str]:
        return [b.get("label") or "" for b in self.buttons]

    def find_component(self, key: str, *, kinds: set[int]) -> dict | None:
        """The component whose custom_id, label or placeholder is ``key``."""
        candidates = [c for c in walk_components(self.components) if c.get("type") in kinds]
        for field in ("custom_id", "label", "placeholder"):
            for comp in candidates:
                if comp.get(field) == key:
                    return comp
        return None

    def attachment(self, filename: str) -> SimAttachment:
        for att in self.attachments:
            if att.filename == filename:
                return att
        raise KeyError(
            f"no attachment {filename!r} on message {self.id}: "
            f"{[a.filename for a in self.attachments]}"
        )

    # --- write side (used by the REST layer) -------------------------------------------
    def apply(self, body: dict[str, Any], new_files: list[SimAttachment], *, editing: bool) -> None:
        """Apply a create/edit body. On edits, fields left out keep their value, and an
        ``attachments`` list says which existing attachments stay (by id)."""
        if editing:
            self.history.append(self.payload())
            self.edited_timestamp = iso_now()
        if "content" in body or not editing:
            self.content = body.get("content") or ""
        if "embeds" in body or not editing:
            self.embeds = [dict(e, type=e.get("type", "rich")) for e in body.get("embeds") or []]
        if "components" in body or not editing:
            self.components = body.get("components") or []
        if not editing:
            self.flags = body.get("flags") or 0
        elif body.get("flags") is not None:
            # Ephemeral-ness and the 'thinking' state are not the sender's to change by edit.
            fixed = EPHEMERAL | LOADING
            self.flags = (body["flags"] & ~fixed) | (self.flags & fixed)
        if editing and "attachments" in body and body["attachments"] is not None:
            keep_ids = {str(a.get("id")) for a in body["attachments"]}
            self.attachments = [a for a in self.attachments if str(a.id) in keep_ids]
        self.attachments += new_files
        self._resolve_embed_attachments()
        self._resolve_media()

    def _resolve_media(self) -> None:
        """A V2 component's ``attachment://name`` as Discord returns it: the file's own url,
        size and id (the sender names it again by ``attachment://`` when it edits)."""
        by_name = {a.filename: a for a in self.attachments}
        for comp in walk_components(self.components):
            media = [item.get("media") for item in comp.get("items") or [] if isinstance(item, dict)]
            media += [comp.get("media"), comp.get("file")]
            for found in media:
                url = (found or {}).get("url") or ""
                if url.startswith("attachment://") and url[13:] in by_name:
                    att = by_name[url[13:]]
                    found.update(url=att.url, proxy_url=att.url, width=att.width, height=att.height,
                                 content_type=att.content_type, attachment_id=str(att.id))

    def media_attachments(self) -> list[SimAttachment]:
        """The files a V2 message's components show, in order (what a reader sees of them)."""
        by_url = {a.url: a for a in self.attachments}
        shown = []
        for comp in walk_components(self.components):
            if comp.get("type") == 12:
                shown += [by_url[url] for item in comp.get("items") or []
                          if (url := ((item or {}).get("media") or {}).get("url")) in by_url]
        return shown

    def undescribed_pictures(self) -> list[str]:
        """The pictures a reader with a screen reader could not hear: each image attachment
        without a ``description`` (alt text), and each media gallery item without one, by name."""
        missing = [a.filename for a in self.attachments if a.content_type.startswith("image/") and not a.description]
        for comp in walk_components(self.components):
            if comp.get("type") == 12:
                missing += [((item or {}).get("media") or {}).get("url", "?") for item in comp.get("items") or []
                            if not (item or {}).get("description")]
        return missing

    def _resolve_embed_attachments(self) -> None:
        by_name = {a.filename: a for a in self.attachments}
        for embed in self.embeds:
            for key in ("image", "thumbnail"):
                media = embed.get(key)
                url = (media or {}).get("url", "")
                if url.startswith("attachment://") and url[13:] in by_name:
                    att = by_name[url[13:]]
                    embed[key] = dict(
                        media, url=att.url, proxy_url=att.url, width=att.width, height=att.height
                    )

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [m.user.payload() for m in self.sim.mentioned_members(self.text)],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "pinned": self.pinned,
            "type": self.type,
            "flags": self.flags,
            "components": self.components,
        }
        if self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction.metadata_payload()
        if self.thread is not None:
            data["thread"] = self.thread.payload()
        return data

    def __repr__(self) -> str:
        what = self.content[:40] or (self.embeds[0].get("title") if self.embeds else "") or ""
        return f"<SimMessage {self.id} in {self.channel.name!r}: {what!r}>"


class SimChannel:
    """A text channel, a thread, or a DM with one member."""

    def __init__(
        self,
        sim: DiscordSim,
        *,
        id: int,
        type: int,
        name: str,
        guild: Any = None,
        parent: SimChannel | None = None,
        owner_id: int | None = None,
        recipient: SimMember | None = None,
        position: int = 0,
    ) -> None:
        self.sim = sim
        self.id = id
        self.type = type
        self.name = name
        self.guild = guild
        self.parent = parent
        self.owner_id = owner_id
        self.recipient = recipient
        self.position = position
        self.topic: str | None = None
        self.archived = False
        self.locked = False
        # Permissions taken from the bot in this channel (a moderator's overwrite), by name;
        # a thread also has its parent's (``World.deny_bot``).
        self.bot_denied: set[str] = set()
        self.invitable = True
        self.auto_archive_duration = 1440
        self.rate_limit_per_user = 0
        self.member_ids: dict[int, str] = {}  # thread members: user id → join timestamp
        self.created_timestamp = snowflake_iso(id)
        self.archive_timestamp = self.created_timestamp
        self.last_activity = sim.now()  # the sim's clock at its last message (auto-archiving)
        self.deleted = False
        self._messages: list[SimMessage] = []
        self.total_sent = 0

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    # --- what a test reads --------------------------------------------------------------
    @property
    def messages(self) -> list[SimMessage]:
        """Messages everyone in the channel sees (no ephemerals, nothing deleted), oldest first."""
        return [m for m in self._messages if not m.deleted and not m.ephemeral]

    @property
    def bot_messages(self) -> list[SimMessage]:
        return [m for m in self.messages if m.from_bot]

    @property
    def last_message(self) -> SimMessage | None:
        visible = self.messages
        return visible[-1] if visible else None

    @property
    def threads(self) -> list[SimChannel]:
        return [t for t in self.sim.threads if t.parent is self and not t.deleted]

    @property
    def members(self) -> list[Any]:
        """Thread members (members only; the bot is left out)."""
        members = self.guild.members if self.guild is not None else []
        return [m for m in members if m.id in self.member_ids]

    async def wait_for_message(
        self,
        predicate: Callable[[SimMessage], bool] | None = None,
        *,
        after: SimMessage | int | None = None,
        timeout: float | None = None,
        what: str | None = None,
    ) -> SimMessage:
        """The first visible message (optionally newer than ``after``) matching ``predicate``,
        already here or yet to come."""
        after_id = after.id if isinstance(after, SimMessage) else (after or 0)

        def find() -> SimMessage | None:
            for m in self.messages:
                if m.id > after_id and not m.loading and (predicate is None or predicate(m)):
                    return m
            return None

        return await self.sim.wait_for(
            find, what=what or f"a message in #{self.name}", timeout=timeout
        )

    async def wait_for_thread(
        self, predicate: Callable[[SimChannel], bool] | None = None, *, timeout: float | None = None
    ) -> SimChannel:
        def find() -> SimChannel | None:
            for t in self.threads:
                if predicate is None or predicate(t):
                    return t
            return None

        return await self.sim.wait_for(find, what=f"a thread under #{self.name}", timeout=timeout)

    # --- JSON ---------------------------------------------------------------------------
    def last_message_id(self) -> str | None:
        return str(self._messages[-1].id) if self._messages else None

    def thread_member_payload(self, user_id: int) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "user_id": str(user_id),
            "join_timestamp": self.member_ids[user_id],
            "flags": 0,
        }

    def payload(self, *, for_user_id: int | None = None) -> dict[str, Any]:
        if self.is_dm:
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": self.last_message_id(),
                "recipients": [self.recipient.user.payload()],
                "flags": 0,
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "last_message_id": self.last_message_id(),
            "rate_limit_per_user": self.rate_limit_per_user,
            "flags": 0,
            "parent_id": str(self.parent.id) if self.parent else None,
        }
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=len(self._messages),
                member_count=min(len(self.member_ids), 50),
                total_message_sent=self.total_sent,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.archive_timestamp,
                    "locked": self.locked,
                    "invitable": self.invitable,
                    "create_timestamp": self.created_timestamp,
                },
            )
            if for_user_id is not None and for_user_id in self.member_ids:
                data["member"] = self.thread_member_payload(for_user_id)
        else:
            data.update(
                position=self.position,
                permission_overwrites=[],
                topic=self.topic,
                nsfw=False,
                default_auto_archive_duration=1440,
                default_thread_rate_limit_per_user=0,
            )
        return data

    def __repr__(self) -> str:
        return f"<SimChannel #{self.name} {self.id} type={self.type}>"
