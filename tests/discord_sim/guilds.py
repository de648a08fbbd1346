"""Servers: each ``SimGuild`` holds its roles, channels and members. The first one made is the
simulator's default (``sim.guild``); ``sim.add_guild`` adds more, optionally on a chosen
gateway shard. Changes go through the simulator, which tells the bot's session for that
guild's shard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .ids import snowflake_iso
from .model import TEXT, SimChannel, SimRole, SimUser
from .permissions import EVERYONE_DEFAULT
from .shards import shard_of

if TYPE_CHECKING:
    from .members import SimMember
    from .server import DiscordSim


class SimGuild:
    def __init__(self, sim: DiscordSim, *, id: int, name: str) -> None:
        self.sim = sim
        self.id = id
        self.name = name
        self.owner_id: int = 0
        self.roles: dict[int, SimRole] = {id: SimRole(id, "@everyone", EVERYONE_DEFAULT, 0)}
        self.channels: list[SimChannel] = []
        self.members: list[SimMember] = []
        # Discord's cap on a server's active (not archived) threads, 1,000; a test lowers it.
        self.max_active_threads = 1000

    # --- what a test reads --------------------------------------------------------------
    @property
    def everyone(self) -> SimRole:
        return self.roles[self.id]

    @property
    def owner(self) -> SimMember:
        found = self.member_by_id(self.owner_id)
        assert found is not None, f"the owner of {self.name!r} is not a member"
        return found

    @property
    def default_channel(self) -> SimChannel:
        return next(c for c in self.channels if c.type == TEXT and not c.deleted)

    @property
    def threads(self) -> list[SimChannel]:
        return [t for t in self.sim.threads if t.guild is self and not t.deleted]

    def channel(self, name: str) -> SimChannel:
        for c in self.channels + self.threads:
            if c.name == name and not c.deleted:
                return c
        raise KeyError(f"no channel or thread named {name!r} in {self.name!r}")

    def member(self, name: str) -> SimMember:
        for m in self.members:
            if m.name == name:
                return m
        raise KeyError(
            f"no member named {name!r} in {self.name!r}; members: {[m.name for m in self.members]}"
        )

    def __getitem__(self, name: str) -> SimMember:
        return self.member(name)

    def member_by_id(self, user_id: int) -> SimMember | None:
        return next((m for m in self.members if m.id == user_id), None)

    def member_count(self) -> int:
        return len(self.members) + 1  # the bot is a member too

    def shard(self, shard_count: int) -> int:
        """The shard this guild's events go to when the bot runs ``shard_count`` shards."""
        return shard_of(self.id, shard_count)

    # --- changes (the bot is told) ------------------------------------------------------
    def add_member(
        self, name_or_user: str | SimUser | SimMember, *, dms_open: bool | None = None
    ) -> SimMember:
        """A new member (GUILD_MEMBER_ADD). An existing user (by name, ``SimUser`` or another
        guild's ``SimMember``) joins as themselves: one user, one DM channel."""
        return self.sim.add_member(name_or_user, guild=self, dms_open=dms_open)

    def add_role(self, name: str, *permission_names: str) -> SimRole:
        return self.sim.add_role(name, *permission_names, guild=self)

    def add_channel(self, name: str) -> SimChannel:
        return self.sim.add_channel(name, guild=self)

    # --- JSON ---------------------------------------------------------------------------
    def payload(self, *, members_payload: list[dict], threads: list[dict]) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "safety_alerts_channel_id": None,
            "joined_at": snowflake_iso(self.id),
            "large": False,
            "unavailable": False,
            "member_count": self.member_count(),
            "voice_states": [],
            "members": members_payload,
            "channels": [c.payload() for c in self.channels if not c.deleted],
            "threads": threads,
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def __repr__(self) -> str:
        return f"<SimGuild {self.name!r} {self.id}>"
