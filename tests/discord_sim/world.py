"""The simulated world's state and every change to it, each change mirrored to the bot as the
gateway event Discord would send (MESSAGE_CREATE, THREAD_CREATE, GUILD_MEMBER_UPDATE…)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

from .gateway import DIRECT_MESSAGES, GUILD_MEMBERS, GUILD_MESSAGES, GUILDS, Gateway
from .guilds import SimGuild
from .http_util import Upload
from .ids import SnowflakeFactory, iso_now
from .interactions import SimInteraction
from .members import SimMember
from .model import DM, TEXT, SimAttachment, SimChannel, SimMessage, SimRole, SimUser
from .permissions import ALL, bits

if TYPE_CHECKING:
    from .server import DiscordSim

_MENTION = re.compile(r"<@!?(\d+)>")


class World:
    """State only; ``DiscordSim`` adds the server, the waits and the checks."""

    base_url: str
    gateway: Gateway

    def __init__(
        self,
        *,
        guild_name: str,
        channels: tuple[str, ...],
        members: tuple[str, ...],
        owner: str,
        bot_name: str,
        guild_shard: tuple[int, int] | None = None,
    ) -> None:
        self.ids = SnowflakeFactory()
        self.application_id = self.ids.next()
        self.bot_user = SimUser(self.application_id, bot_name, bot=True)
        self.bot_permissions = ALL
        self.bot_joined_at = iso_now()
        self.guilds: list[SimGuild] = []
        self._users: dict[str, SimUser] = {}  # by name: one user, however many servers
        self._channels: dict[int, SimChannel] = {}
        self._messages: dict[int, SimMessage] = {}
        self.threads: list[SimChannel] = []
        self.attachments: dict[int, SimAttachment] = {}
        self.interactions: dict[int, SimInteraction] = {}
        self._tokens: dict[str, SimInteraction] = {}
        self.failed_interactions: list[SimInteraction] = []
        self.dm_refusals: list[SimMember] = []
        # Nonces of the bot's messages (enforce_nonce): nonce → (sim time sent, message).
        self.nonces: dict[str, tuple[float, SimMessage]] = {}
        self.guild = self._create_guild(
            guild_name, shard=guild_shard, owner=owner, members=members, channels=channels
        )
        self.owner = self.guild.owner

    @property
    def _sim(self) -> DiscordSim:
        """This world as the simulator it always is (model objects hold the full simulator)."""
        return cast("DiscordSim", self)

    # hooks provided by DiscordSim
    def notify(self) -> None: ...
    def trace(self, line: str) -> None: ...

    # --- guilds -----------------------------------------------------------------------------
    def add_guild(
        self,
        name: str,
        *,
        shard: tuple[int, int] | None = None,
        members: tuple[str, ...] = (),
        channels: tuple[str, ...] = ("general",),
        owner: str | None = None,
    ) -> SimGuild:
        """Another server with the bot in it. ``shard=(k, n)``: its id puts it on shard ``k``
        of ``n``. Members named like an existing user are that user (DMs included); the owner
        defaults to the first server's. A bot already connected gets GUILD_CREATE."""
        guild = self._create_guild(
            name,
            shard=shard,
            owner=self.owner.user if owner is None else owner,
            members=members,
            channels=channels,
        )
        if self.gateway.announce_guild(guild):
            self.trace(f"gateway → bot: GUILD_CREATE {name!r}")
        self.notify()
        return guild

    def _create_guild(
        self,
        name: str,
        *,
        shard: tuple[int, int] | None,
        owner: str | SimUser,
        members: tuple[str, ...],
        channels: tuple[str, ...],
    ) -> SimGuild:
        guild_id = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = SimGuild(self._sim, id=guild_id, name=name)
        self.guilds.append(guild)
        guild.owner_id = self.add_member(owner, guild=guild, announce=False).id
        for member_name in members:
            self.add_member(member_name, guild=guild, announce=False)
        for channel_name in channels:
            self.add_channel(channel_name, guild=guild, announce=False)
        return guild

    def guild_by_id(self, guild_id: int) -> SimGuild | None:
        return next((g for g in self.guilds if g.id == guild_id), None)

    # --- lookups (the first server first) ---------------------------------------------------
    @property
    def default_channel(self) -> SimChannel:
        return self.guild.default_channel

    @property
    def members(self) -> list[SimMember]:
        """The first server's members."""
        return self.guild.members

    def channel(self, name: str) -> SimChannel:
        for c in [c for g in self.guilds for c in g.channels] + self.threads:
            if c.name == name and not c.deleted:
                return c
        raise KeyError(f"no channel or thread named {name!r}")

    def member(self, name: str) -> SimMember:
        """The member of that name in the first server (or else the first server having one)."""
        for guild in self.guilds:
            for m in guild.members:
                if m.name == name:
                    return m
        raise KeyError(f"no member named {name!r}; members: {[m.name for m in self.members]}")

    def __getitem__(self, name: str) -> SimMember:
        return self.member(name)

    def channel_by_id(self, channel_id: int) -> SimChannel | None:
        return self._channels.get(channel_id)

    def message_by_id(self, message_id: int) -> SimMessage | None:
        return self._messages.get(message_id)

    def member_by_id(self, user_id: int, guild: SimGuild | None = None) -> SimMember | None:
        """The member with that user id in ``guild`` (default: in any server, the first first)."""
        for g in [guild] if guild is not None else self.guilds:
            found = g.member_by_id(user_id)
            if found is not None:
                return found
        return None

    def user_by_id(self, user_id: int) -> SimUser | None:
        if user_id == self.bot_user.id:
            return self.bot_user
        member = self.member_by_id(user_id)
        return member.user if member else None

    def interaction_by_token(self, token: str) -> SimInteraction | None:
        return self._tokens.get(token)

    def all_messages(self) -> list[SimMessage]:
        return sorted(self._messages.values(), key=lambda m: m.id)

    def mentioned_members(self, content: str, guild: SimGuild | None = None) -> list[SimMember]:
        found = [self.member_by_id(int(x), guild) for x in _MENTION.findall(content or "")]
        return [m for m in found if m is not None]

    def member_count(self) -> int:
        return self.guild.member_count()

    @property
    def latest_thread(self) -> SimChannel | None:
        live = [t for t in self.threads if not t.deleted]
        return live[-1] if live else None

    # --- gateway helpers ------------------------------------------------------------------
    def _dispatch(
        self,
        event: str,
        data: Any,
        *,
        guild_id: int | None,
        intent: int | None,
        redact_content: bool = False,
    ) -> None:
        if self.gateway.dispatch(
            event, data, guild_id=guild_id, intent=intent, redact_content=redact_content
        ):
            self.trace(f"gateway → bot: {event}")

    def bot_member_payload(self) -> dict[str, Any]:
        return {
            "user": self.bot_user.payload(),
            "nick": None,
            "avatar": None,
            "roles": [],
            "joined_at": self.bot_joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
            "premium_since": None,
        }

    def guild_create_payload(self, guild: SimGuild, *, with_members: bool) -> dict[str, Any]:
        members = [self.bot_member_payload()]
        if with_members:
            members += [m.payload() for m in guild.members]
        threads = [
            t.payload(for_user_id=self.bot_user.id)
            for t in guild.threads
            if not t.deleted and not t.archived
        ]
        return guild.payload(members_payload=members, threads=threads)

    def members_for_chunk(
        self, guild: SimGuild, *, query: str | None, user_ids: list | None, limit: int
    ) -> list[dict]:
        everyone = [(self.bot_user, self.bot_member_payload())] + [
            (m.user, m.payload()) for m in guild.members
        ]
        if user_ids:
            wanted = {int(u) for u in user_ids}
            everyone = [e for e in everyone if e[0].id in wanted]
        elif query:
            everyone = [e for e in everyone if e[0].name.lower().startswith(query.lower())]
        return [p for _, p in everyone][: limit or None]

    # --- people, roles, channels ------------------------------------------------------------
    def add_member(
        self,
        name_or_user: str | SimUser | SimMember,
        *,
        guild: SimGuild | None = None,
        dms_open: bool | None = None,
        announce: bool = True,
    ) -> SimMember:
        """A member of ``guild`` (default: the first server). A name already taken by a user
        means that user; one already in ``guild`` is returned as is."""
        guild = guild or self.guild
        if isinstance(name_or_user, SimMember):
            name_or_user = name_or_user.user
        if isinstance(name_or_user, SimUser):
            user = name_or_user
        else:
            user = self._users.get(name_or_user) or SimUser(self.ids.next(), name_or_user)
        self._users.setdefault(user.name, user)
        if dms_open is not None:
            user.dms_open = dms_open
        existing = guild.member_by_id(user.id)
        if existing is not None:
            return existing
        member = SimMember(self._sim, user, guild=guild, joined_at=iso_now())
        guild.members.append(member)
        if announce:
            self._dispatch(
                "GUILD_MEMBER_ADD",
                member.payload() | {"guild_id": str(guild.id)},
                guild_id=guild.id,
                intent=GUILD_MEMBERS,
            )
            self.notify()
        return member

    def remove_member(self, member: SimMember) -> None:
        """The member leaves their server, or is kicked or banned (GUILD_MEMBER_REMOVE: only
        to a bot with the members intent)."""
        member.guild.members.remove(member)
        self._dispatch(
            "GUILD_MEMBER_REMOVE",
            {"guild_id": str(member.guild.id), "user": member.payload()["user"]},
            guild_id=member.guild.id,
            intent=GUILD_MEMBERS,
        )
        self.notify()

    def add_role(self, name: str, *permission_names: str, guild: SimGuild | None = None) -> SimRole:
        guild = guild or self.guild
        role = SimRole(self.ids.next(), name, bits(*permission_names), len(guild.roles))
        guild.roles[role.id] = role
        self._dispatch(
            "GUILD_ROLE_CREATE",
            {"guild_id": str(guild.id), "role": role.payload()},
            guild_id=guild.id,
            intent=GUILDS,
        )
        return role

    def member_updated(self, member: SimMember) -> None:
        self._dispatch(
            "GUILD_MEMBER_UPDATE",
            member.payload() | {"guild_id": str(member.guild.id)},
            guild_id=member.guild.id,
            intent=GUILD_MEMBERS,
        )
        self.notify()

    def add_channel(
        self, name: str, *, guild: SimGuild | None = None, announce: bool = True
    ) -> SimChannel:
        guild = guild or self.guild
        channel = SimChannel(
            self._sim,
            id=self.ids.next(),
            type=TEXT,
            name=name,
            guild=guild,
            position=len(guild.channels),
        )
        guild.channels.append(channel)
        self._channels[channel.id] = channel
        if announce:
            self._dispatch("CHANNEL_CREATE", channel.payload(), guild_id=guild.id, intent=GUILDS)
            self.notify()
        return channel

    def dm_with(self, member: SimMember) -> SimChannel:
        """The DM channel between the bot and ``member``'s user (opened on first use)."""
        user = member.user
        if user.dm_channel is None:
            user.dm_channel = SimChannel(
                self._sim,
                id=self.ids.next(),
                type=DM,
                name=f"dm-{member.name}",
                recipient=member,
            )
            self._channels[user.dm_channel.id] = user.dm_channel
        return user.dm_channel

    def update_channel(self, channel: SimChannel, body: dict[str, Any]) -> None:
        for key in ("name", "topic", "position", "rate_limit_per_user"):
            if key in body:
                setattr(channel, key, body[key])
        self._dispatch(
            "CHANNEL_UPDATE", channel.payload(), guild_id=channel.guild.id, intent=GUILDS
        )
        self.notify()

    # --- threads ----------------------------------------------------------------------------
    def create_thread(
        self,
        parent: SimChannel,
        body: dict[str, Any],
        *,
        kind: int,
        starter: SimMessage | None = None,
    ) -> SimChannel:
        thread = SimChannel(
            self._sim,
            id=starter.id if starter else self.ids.next(),
            type=kind,
            name=body.get("name") or "thread",
            guild=parent.guild,
            parent=parent,
            owner_id=self.bot_user.id,
        )
        thread.auto_archive_duration = body.get("auto_archive_duration") or 1440
        thread.invitable = (
            body.get("invitable", True) if body.get("invitable") is not None else True
        )
        thread.rate_limit_per_user = body.get("rate_limit_per_user") or 0
        thread.member_ids[self.bot_user.id] = iso_now()
        self._channels[thread.id] = thread
        self.threads.append(thread)
        if starter is not None:
            starter.thread = thread
        self._dispatch(
            "THREAD_CREATE",
            thread.payload(for_user_id=self.bot_user.id) | {"newly_created": True},
            guild_id=thread.guild.id,
            intent=GUILDS,
        )
        self.notify()
        return thread

    def update_thread(self, thread: SimChannel, body: dict[str, Any]) -> None:
        for key in ("name", "locked", "auto_archive_duration", "invitable", "rate_limit_per_user"):
            if body.get(key) is not None:
                setattr(thread, key, body[key])
        if body.get("archived") is not None and body["archived"] != thread.archived:
            thread.archived = body["archived"]
            thread.archive_timestamp = iso_now()
        self._dispatch("THREAD_UPDATE", thread.payload(), guild_id=thread.guild.id, intent=GUILDS)
        self.notify()

    def lock_thread(self, thread: SimChannel, locked: bool = True) -> None:
        """A moderator locks (or unlocks) a thread: the bot may no longer post in it."""
        self.update_thread(thread, {"locked": locked})

    def auto_archive(self, *threads: SimChannel) -> None:
        """What Discord does to a thread left quiet for its auto-archive duration (a week at
        most): archived, out of the guild's active threads, reopened by a new message."""
        for thread in threads:
            self.update_thread(thread, {"archived": True})

    def deny_bot(self, channel: SimChannel, *permissions: str) -> None:
        """Take permissions from the bot in ``channel`` and its threads (an overwrite), by
        name: "send_messages", "send_messages_in_threads", "view_channel"."""
        channel.bot_denied |= set(permissions)

    def allow_bot(self, channel: SimChannel, *permissions: str) -> None:
        channel.bot_denied -= set(permissions)

    def delete_channel(self, channel: SimChannel) -> None:
        channel.deleted = True
        if channel.is_thread:
            self._dispatch(
                "THREAD_DELETE",
                {
                    "id": str(channel.id),
                    "guild_id": str(channel.guild.id),
                    "parent_id": str(channel.parent.id),
                    "type": channel.type,
                },
                guild_id=channel.guild.id,
                intent=GUILDS,
            )
        elif not channel.is_dm:
            self._dispatch(
                "CHANNEL_DELETE", channel.payload(), guild_id=channel.guild.id, intent=GUILDS
            )
        self.notify()

    def thread_member_payload(
        self, thread: SimChannel, user_id: int, with_member: bool
    ) -> dict[str, Any]:
        data = thread.thread_member_payload(user_id)
        if with_member:
            member = self.member_by_id(user_id, thread.guild)
            data["member"] = member.payload() if member else self.bot_member_payload()
        return data

    def add_thread_member(self, thread: SimChannel, user_id: int) -> None:
        if user_id in thread.member_ids:
            return
        thread.member_ids[user_id] = iso_now()
        self._thread_members_event(thread, user_id, added=True)

    def remove_thread_member(self, thread: SimChannel, user_id: int) -> None:
        if thread.member_ids.pop(user_id, None) is not None:
            self._thread_members_event(thread, user_id, added=False)

    def _thread_members_event(self, thread: SimChannel, user_id: int, *, added: bool) -> None:
        data: dict[str, Any] = {
            "id": str(thread.id),
            "guild_id": str(thread.guild.id),
            "member_count": min(len(thread.member_ids), 50),
        }
        if added:
            data["added_members"] = [self.thread_member_payload(thread, user_id, True)]
        else:
            data["removed_member_ids"] = [str(user_id)]
        # Without GUILD_MEMBERS, Discord only tells the bot about itself joining or leaving.
        intent = GUILDS if user_id == self.bot_user.id else GUILD_MEMBERS
        self._dispatch("THREAD_MEMBERS_UPDATE", data, guild_id=thread.guild.id, intent=intent)
        self.notify()

    # --- messages ---------------------------------------------------------------------------
    def store_upload(
        self,
        filename: str,
        data: bytes,
        *,
        channel: SimChannel,
        content_type: str | None = None,
        description: str | None = None,
    ) -> SimAttachment:
        attachment_id = self.ids.next()
        url = f"{self.base_url}/attachments/{channel.id}/{attachment_id}/{filename}"
        attachment = SimAttachment(
            attachment_id,
            filename,
            data,
            content_type=content_type,
            description=description,
            url=url,
        )
        self.attachments[attachment_id] = attachment
        return attachment

    def _uploads_to_attachments(
        self, body: dict, uploads: list[Upload], channel: SimChannel
    ) -> list[SimAttachment]:
        described = {
            str(a.get("id")): a for a in body.get("attachments") or [] if isinstance(a, dict)
        }
        out = []
        for upload in uploads:
            meta = described.get(str(upload.index), {})
            out.append(
                self.store_upload(
                    meta.get("filename") or upload.filename,
                    upload.data,
                    channel=channel,
                    content_type=upload.content_type,
                    description=meta.get("description"),
                )
            )
        return out

    def create_message(
        self,
        channel: SimChannel,
        author: SimUser,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        recipient: SimMember | None = None,
        interaction: SimInteraction | None = None,
        message_type: int = 0,
        webhook_id: int | None = None,
    ) -> SimMessage:
        msg = SimMessage(
            self._sim,
            id=self.ids.next(),
            channel=channel,
            author=author,
            recipient=recipient,
            interaction=interaction,
            message_type=message_type,
            webhook_id=webhook_id,
        )
        msg.apply(body, self._uploads_to_attachments(body, uploads, channel), editing=False)
        if isinstance(body.get("message_reference"), dict):
            msg.reference = body["message_reference"]
            msg.type = 19 if message_type == 0 else message_type
        channel._messages.append(msg)
        channel.total_sent += 1
        channel.last_activity = self.now()  # type: ignore[attr-defined]  # the DiscordSim's clock
        self._messages[msg.id] = msg
        if channel.is_thread:
            for member in self.mentioned_members(msg.text, channel.guild):
                self.add_thread_member(channel, member.id)
        if not msg.ephemeral:
            self._message_event("MESSAGE_CREATE", msg)
        if recipient is None and interaction is None and author is self.bot_user:
            self.trace(f"bot posted in #{channel.name}: {msg.text[:60]!r}")
        self.notify()
        return msg

    def edit_message(self, msg: SimMessage, body: dict[str, Any], uploads: list[Upload]) -> None:
        msg.apply(body, self._uploads_to_attachments(body, uploads, msg.channel), editing=True)
        if not msg.ephemeral:
            self._message_event("MESSAGE_UPDATE", msg)
        self.notify()

    def delete_message(self, msg: SimMessage) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                data["guild_id"] = str(msg.channel.guild.id)
            self._dispatch(
                "MESSAGE_DELETE",
                data,
                guild_id=self._guild_id_of(msg.channel),
                intent=self._message_intent(msg.channel),
            )
        self.notify()

    def member_message(self, member: SimMember, channel: SimChannel, content: str) -> SimMessage:
        return self.create_message(channel, member.user, {"content": content}, [])

    def _guild_id_of(self, channel: SimChannel) -> int | None:
        return None if channel.is_dm else channel.guild.id

    @staticmethod
    def _message_intent(channel: SimChannel) -> int:
        return DIRECT_MESSAGES if channel.is_dm else GUILD_MESSAGES

    def _message_event(self, event: str, msg: SimMessage) -> None:
        data = msg.payload()
        from_member = not msg.from_bot
        if from_member and msg.channel.guild is not None:
            member = self.member_by_id(msg.author.id, msg.channel.guild)
            if member is not None:
                data["member"] = {k: v for k, v in member.payload().items() if k != "user"}
        mentions_bot = (
            self.bot_user.mention in msg.content or f"<@!{self.bot_user.id}>" in msg.content
        )
        redact = from_member and not msg.channel.is_dm and not mentions_bot
        self._dispatch(
            event,
            data,
            guild_id=self._guild_id_of(msg.channel),
            intent=self._message_intent(msg.channel),
            redact_content=redact,
        )
