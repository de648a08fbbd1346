"""Interactions as the test sees them: a handle per click, slash command or modal submit.

The handle records what the bot answered (the initial callback, the @original message, the
follow-ups) and lets the test await each with a timeout."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import InteractionFailed
from .model import EPHEMERAL, SimChannel, SimMessage, walk_components

if TYPE_CHECKING:
    from .members import SimMember
    from .server import DiscordSim

APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CALLBACK_NAMES = {
    1: "pong",
    4: "channel message",
    5: "deferred channel message",
    6: "deferred update",
    7: "update message",
    8: "autocomplete result",
    9: "modal",
}
# Which callback types Discord accepts for each interaction type.
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {4, 5, 9},
    COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}
TOKEN_LIFETIME_S = 15 * 60
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


@dataclass
class InitialResponse:
    """The bot's first answer to an interaction (its callback)."""

    type: int
    at: float
    message: SimMessage | None = None
    modal: SimModal | None = None
    choices: list[dict] | None = None

    @property
    def kind(self) -> str:
        return CALLBACK_NAMES.get(self.type, str(self.type))

    @property
    def ephemeral(self) -> bool:
        return bool(self.message and self.message.flags & EPHEMERAL)


@dataclass
class SimModal:
    """A modal the bot showed a member. ``fields`` lists its inputs in order."""

    member: SimMember
    interaction: SimInteraction
    custom_id: str
    title: str
    components: list[dict]
    fields: list[dict] = field(default_factory=list)
    submitted: bool = False  # Discord closes a modal once it is submitted

    @classmethod
    def from_data(cls, member: SimMember, interaction: SimInteraction, data: dict) -> SimModal:
        modal = cls(
            member,
            interaction,
            data["custom_id"],
            data.get("title", ""),
            data.get("components") or [],
        )
        for comp in data.get("components") or []:
            label = comp.get("label") if comp.get("type") == 18 else None
            for inner in walk_components([comp]):
                if inner.get("type") in (4, 3, 5, 6, 7, 8) and inner.get("custom_id"):
                    modal.fields.append(dict(inner, label=inner.get("label") or label))
        return modal

    def field(self, key: str) -> dict:
        for f in self.fields:
            if key in (f.get("custom_id"), f.get("label")):
                return f
        raise KeyError(key)

    async def submit(self, values: dict[str, Any] | None = None, **by_key: Any) -> SimInteraction:
        """Fill the inputs (keyed by custom_id or label) and press Submit."""
        return await self.member.submit_modal({**(values or {}), **by_key}, modal=self)


class SimInteraction:
    """One interaction, from dispatch to the last follow-up."""

    def __init__(
        self,
        sim: DiscordSim,
        *,
        id: int,
        token: str,
        type: int,
        member: SimMember,
        channel: SimChannel,
        data: dict[str, Any],
        message: SimMessage | None = None,
        modal_of: SimInteraction | None = None,
    ) -> None:
        self.sim = sim
        self.id = id
        self.token = token
        self.type = type
        self.member = member
        self.channel = channel
        self.data = data
        self.message = message  # the message holding the clicked component
        self.modal_of = modal_of  # for a modal submit: the interaction that opened the modal
        self.created_at = sim.now()
        self.dispatched_at = time.perf_counter()
        self.responded_at: float | None = None
        self.first_message_at: float | None = None
        self.initial: InitialResponse | None = None
        self.original: SimMessage | None = None  # what @original points at
        self.followups: list[SimMessage] = []
        self.original_filled = False
        self.abandoned = False
        self.failure: str | None = None  # why it reached no bot ("This interaction failed")

    def abandon(self) -> None:
        """The test expects this interaction to go unanswered (it provoked that on purpose)."""
        self.abandoned = True

    # --- facts --------------------------------------------------------------------------
    @property
    def in_guild(self) -> bool:
        return self.channel.guild is not None

    @property
    def failed(self) -> bool:
        return self.failure is not None

    def _reached_the_bot(self) -> None:
        if self.failure is not None:
            raise InteractionFailed(
                f"This interaction failed: {self.describe()} reached no bot; {self.failure}"
            )

    @property
    def source_message(self) -> SimMessage | None:
        """The message a component (or a modal opened from one) belongs to."""
        return self.message or (self.modal_of.message if self.modal_of else None)

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the initial callback."""
        return None if self.responded_at is None else self.responded_at - self.dispatched_at

    def expired(self) -> bool:
        return self.sim.now() - self.created_at > TOKEN_LIFETIME_S

    def mark_visible(self) -> None:
        if self.first_message_at is None:
            self.first_message_at = time.perf_counter()

    def describe(self) -> str:
        what = {
            APPLICATION_COMMAND: "/" + self.command_path,
            COMPONENT: f"component {self.data.get('custom_id')!r}",
            AUTOCOMPLETE: f"autocomplete /{self.command_path}",
            MODAL_SUBMIT: f"modal {self.data.get('custom_id')!r}",
        }[self.type]
        return f"{self.member.name}'s {what} (interaction {self.id})"

    @property
    def command_path(self) -> str:
        parts = [self.data.get("name", "")]
        options = self.data.get("options") or []
        while options and options[0].get("type") in (1, 2):
            parts.append(options[0]["name"])
            options = options[0].get("options") or []
        return " ".join(parts)

    # --- awaiting the bot ---------------------------------------------------------------
    async def response(self, timeout: float | None = None) -> InitialResponse:
        """The initial callback (whatever its type)."""
        self._reached_the_bot()
        return await self.sim.wait_for(
            lambda: self.initial, what=f"a response to {self.describe()}", timeout=timeout
        )

    async def reply(self, timeout: float | None = None) -> SimMessage:
        """The reply the member sees: the original response once it is no longer 'thinking'
        (after a deferral, once the bot has edited it or sent its first follow-up); for a
        component update, the updated message."""
        self._reached_the_bot()

        def find() -> SimMessage | None:
            if self.initial is None or self.original is None:
                return None
            if self.initial.type in (4, 7):
                return self.original
            return self.original if self.original_filled else None

        return await self.sim.wait_for(
            find, what=f"the reply to {self.describe()}", timeout=timeout
        )

    async def followup(self, index: int = 0, timeout: float | None = None) -> SimMessage:
        self._reached_the_bot()
        return await self.sim.wait_for(
            lambda: self.followups[index] if len(self.followups) > index else None,
            what=f"follow-up #{index} to {self.describe()}",
            timeout=timeout,
        )

    async def modal(self, timeout: float | None = None) -> SimModal:
        response = await self.response(timeout)
        if response.modal is None:
            raise AssertionError(
                f"{self.describe()} was answered with {response.kind}, not a modal"
            )
        return response.modal

    async def choices(self, timeout: float | None = None) -> list[dict]:
        response = await self.response(timeout)
        if response.choices is None:
            raise AssertionError(
                f"{self.describe()} was answered with {response.kind}, not choices"
            )
        return response.choices

    # --- JSON ---------------------------------------------------------------------------
    def metadata_payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.member.user.payload(),
            "authorizing_integration_owners": self._owners(),
        }
        if self.type == APPLICATION_COMMAND:
            data["name"] = self.command_path
            data["command_type"] = 1
        if self.type == COMPONENT and self.message is not None:
            data["interacted_message_id"] = str(self.message.id)
        if self.original is not None and self.type != COMPONENT:
            data["original_response_message_id"] = str(self.original.id)
        return data

    def _owners(self) -> dict[str, str]:
        return {"0": str(self.channel.guild.id)} if self.in_guild else {"1": str(self.member.id)}

    def payload(self) -> dict[str, Any]:
        sim = self.sim
        data: dict[str, Any] = {
            "id": str(self.id),
            "application_id": str(sim.application_id),
            "type": self.type,
            "token": self.token,
            "version": 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "data": self.data,
            "channel_id": str(self.channel.id),
            # A test may set ``member.locale`` or ``guild.preferred_locale`` (a Polish client, server).
            "locale": getattr(self.member, "locale", "en-US"),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": self._owners(),
            "app_permissions": str(sim.bot_permissions),
        }
        channel = self.channel.payload()
        if self.in_guild:
            guild = self.channel.guild
            locale = getattr(guild, "preferred_locale", "en-US")
            data["guild_id"] = str(guild.id)
            data["guild"] = {"id": str(guild.id), "locale": locale, "features": []}
            data["guild_locale"] = locale
            data["member"] = self.member.payload(with_permissions=True)
            channel["permissions"] = str(self.member.permissions)
            data["context"] = 0
        else:
            data["user"] = self.member.user.payload()
            data["context"] = 1
        data["channel"] = channel
        source = self.source_message
        if self.type == COMPONENT or (self.type == MODAL_SUBMIT and source is not None):
            data["message"] = source.payload()
        return data
