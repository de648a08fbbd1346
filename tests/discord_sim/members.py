"""Members: the people in the simulated server, driven by the test.

``await alice.slash("game new", game="x")``, ``await bob.click("Join")``,
``await alice.select("Pick a film", values=["Casablanca"])``, ``await modal.submit(amount="300")``;
and what each was shown: ``alice.dms``, ``alice.ephemerals``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .commands import OptionBuilder, check_can_see, resolve_path
from .errors import SimUsageError
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    COMPONENT,
    MODAL_SUBMIT,
    SimInteraction,
    SimModal,
)
from .model import PRIVATE_THREAD, SimChannel, SimMessage, SimRole, SimUser
from .permissions import bits, effective

if TYPE_CHECKING:
    from .guilds import SimGuild
    from .server import DiscordSim

SELECT_KINDS = {3, 5, 6, 7, 8}


class SimMember:
    """A user as a member of one server. The same user in another server is another
    ``SimMember`` sharing the ``SimUser`` (and so the DM channel and ``dms_open``)."""

    def __init__(
        self, sim: DiscordSim, user: SimUser, *, guild: SimGuild, joined_at: str
    ) -> None:
        self.sim = sim
        self.user = user
        self.guild = guild
        self.joined_at = joined_at
        self.roles: list[SimRole] = []
        self.nick: str | None = None
        self.modals: list[SimModal] = []

    # --- identity and permissions -------------------------------------------------------
    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return self.user.mention

    @property
    def dm_channel(self) -> SimChannel | None:
        return self.user.dm_channel

    @property
    def dms_open(self) -> bool:
        return self.user.dms_open

    @dms_open.setter
    def dms_open(self, value: bool) -> None:
        self.user.dms_open = value

    @property
    def is_owner(self) -> bool:
        return self.guild.owner_id == self.id

    @property
    def permissions(self) -> int:
        guild = self.guild
        return effective(
            [guild.everyone.permissions, *(r.permissions for r in self.roles)],
            is_owner=self.is_owner,
        )

    def has_permissions(self, *names: str) -> bool:
        need = bits(*names)
        return self.permissions & need == need

    def add_role(self, role: SimRole) -> None:
        if role not in self.roles:
            self.roles.append(role)
            self.sim.member_updated(self)

    def remove_role(self, role: SimRole) -> None:
        if role in self.roles:
            self.roles.remove(role)
            self.sim.member_updated(self)

    def grant(self, *permission_names: str) -> SimRole:
        """Give the member a role carrying these permissions (``grant("manage_guild")``)."""
        role = self.guild.add_role(" + ".join(permission_names), *permission_names)
        self.add_role(role)
        return role

    def close_dms(self) -> None:
        """From now on the bot's DMs to this member fail with 403 / 50007, as on Discord."""
        self.dms_open = False

    def open_dms(self) -> None:
        self.dms_open = True

    def payload(self, *, with_permissions: bool = False) -> dict[str, Any]:
        data = {
            "user": self.user.payload(),
            "nick": self.nick,
            "avatar": None,
            "roles": [str(r.id) for r in self.roles],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data

    # --- what the member was shown ------------------------------------------------------
    @property
    def dms(self) -> list[SimMessage]:
        """Messages in this member's DM with the bot, oldest first."""
        return [] if self.dm_channel is None else self.dm_channel.messages

    @property
    def ephemerals(self) -> list[SimMessage]:
        """Ephemeral messages only this member saw, oldest first (edits apply in place)."""
        return [m for m in self.sim.all_messages() if self._shown_to_me(m) and not m.deleted]

    def _shown_to_me(self, msg: SimMessage) -> bool:
        """An ephemeral message for this member (in a DM: for this user, from any server)."""
        if msg.recipient is None:
            return False
        return msg.recipient is self or (msg.channel.is_dm and msg.recipient.user is self.user)

    async def wait_for_dm(
        self,
        predicate: Callable[[SimMessage], bool] | None = None,
        *,
        after: SimMessage | None = None,
        timeout: float | None = None,
    ) -> SimMessage:
        after_id = after.id if after else 0

        def find() -> SimMessage | None:
            return next(
                (m for m in self.dms if m.id > after_id and (predicate is None or predicate(m))),
                None,
            )

        return await self.sim.wait_for(find, what=f"a DM to {self.name}", timeout=timeout)

    async def wait_for_ephemeral(
        self,
        predicate: Callable[[SimMessage], bool] | None = None,
        *,
        after: SimMessage | None = None,
        timeout: float | None = None,
    ) -> SimMessage:
        after_id = after.id if after else 0

        def find() -> SimMessage | None:
            return next(
                (
                    m
                    for m in self.ephemerals
                    if m.id > after_id and not m.loading and (predicate is None or predicate(m))
                ),
                None,
            )

        return await self.sim.wait_for(
            find, what=f"an ephemeral message to {self.name}", timeout=timeout
        )

    # --- acting ---------------------------------------------------------------------------
    def _where(self, channel: SimChannel | None) -> SimChannel:
        channel = channel or self.guild.default_channel
        self._same_server(channel)
        if not self._sees(channel):
            raise SimUsageError(f"{self.name} cannot see #{channel.name}")
        return channel

    async def slash(
        self,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        channel: SimChannel | None = None,
        **kw_options: Any,
    ) -> SimInteraction:
        """Run ``/command`` (``"game new"`` for a subcommand) in ``channel`` (default: the
        member's server's first text channel; pass ``self.sim.dm_with(member)`` for a DM). Options go
        as keywords; use ``options={...}`` for an option literally named ``channel``."""
        channel = self._where(channel)
        data = self._command_data(command, {**(options or {}), **kw_options}, channel, focused=None)
        return self.sim.start_interaction(APPLICATION_COMMAND, self, channel, data)

    async def autocomplete(
        self,
        command: str,
        focused: str,
        typed: str,
        *,
        channel: SimChannel | None = None,
        **other_options: Any,
    ) -> list[dict]:
        """Type ``typed`` into option ``focused`` and return the choices the bot offers."""
        channel = self._where(channel)
        data = self._command_data(
            command, {**other_options, focused: typed}, channel, focused=focused
        )
        interaction = self.sim.start_interaction(AUTOCOMPLETE, self, channel, data)
        return await interaction.choices()

    def _command_data(
        self, command: str, values: dict[str, Any], channel: SimChannel, focused: str | None
    ) -> dict[str, Any]:
        head, *path = command.strip().lstrip("/").split()
        in_dm = channel.is_dm
        guild_id = None if in_dm else channel.guild.id
        cmd, scope = self.sim.commands.find(head, guild_id=guild_id, in_dm=in_dm)
        check_can_see(cmd, self, in_dm=in_dm)
        names, _leaf, schema = resolve_path(cmd, path)
        builder = OptionBuilder(self.sim, self, channel)
        options = builder.build(schema, values, where="/" + " ".join(names), focused=focused)
        for node in reversed(_walk_subs(cmd, names)):
            options = [{"name": node["name"], "type": node["type"], "options": options}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if options:
            data["options"] = options
        if builder.resolved:
            data["resolved"] = builder.resolved
        if scope is not None:
            data["guild_id"] = str(scope)
        return data

    def _visible_messages(self, channel: SimChannel | None) -> list[SimMessage]:
        """Newest first: what this member can see (a channel, or everything)."""
        if channel is not None:
            self._same_server(channel)
            if not self._sees(channel):
                raise SimUsageError(f"{self.name} cannot see #{channel.name}")
            pool = channel.messages + [m for m in self.ephemerals if m.channel is channel]
        else:
            pool = [
                m
                for m in self.sim.all_messages()
                if not m.deleted
                and (self._shown_to_me(m) or (not m.ephemeral and self._sees(m.channel)))
            ]
        return sorted(pool, key=lambda m: m.id, reverse=True)

    def _same_server(self, channel: SimChannel) -> None:
        if channel.guild is not None and channel.guild is not self.guild:
            raise SimUsageError(
                f"#{channel.name} is in {channel.guild.name!r}, not {self.guild.name!r}: act as "
                f"that server's member (guild.member({self.name!r}))"
            )

    def _sees(self, channel: SimChannel) -> bool:
        if channel.is_dm:
            return channel.recipient.user is self.user
        if channel.guild is not self.guild:
            return False
        if channel.type == PRIVATE_THREAD:
            return self.id in channel.member_ids or self.has_permissions("manage_threads")
        return True

    def _find(
        self, key: str, kinds: set[int], message: SimMessage | None, channel: SimChannel | None
    ) -> tuple[SimMessage, dict]:
        what = "select" if kinds == SELECT_KINDS else "button"
        pool = [message] if message is not None else self._visible_messages(channel)
        for msg in pool:
            self._same_server(msg.channel)
            if (msg.ephemeral and not self._shown_to_me(msg)) or not self._sees(msg.channel):
                raise SimUsageError(
                    f"{self.name} cannot see message {msg.id} in #{msg.channel.name}"
                )
            comp = msg.find_component(key, kinds=kinds)
            if comp is not None:
                return msg, comp
        seen = [
            (
                m.id,
                [
                    c.get("label") or c.get("placeholder") or c.get("custom_id")
                    for c in (m.buttons if what == "button" else m.selects)
                ],
            )
            for m in pool[:5]
        ]
        where = (
            f"message {message.id}"
            if message
            else (f"#{channel.name}" if channel else "anything they can see")
        )
        raise SimUsageError(
            f"{self.name} finds no {what} {key!r} in {where}; newest messages have {seen}"
        )

    async def click(
        self,
        label_or_custom_id: str,
        *,
        message: SimMessage | None = None,
        channel: SimChannel | None = None,
    ) -> SimInteraction:
        """Press a button, found by label or custom_id on ``message`` — or on the newest message
        having it in ``channel``, or anywhere this member can see."""
        msg, button = self._find(label_or_custom_id, {2}, message, channel)
        if button.get("disabled"):
            raise SimUsageError(f"button {label_or_custom_id!r} on message {msg.id} is disabled")
        if button.get("style") in (5, 6):
            raise SimUsageError(
                f"button {label_or_custom_id!r} is a link/premium button and sends no interaction"
            )
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return self.sim.start_interaction(COMPONENT, self, msg.channel, data, message=msg)

    async def select(
        self,
        placeholder_or_custom_id: str,
        values: Sequence[Any],
        *,
        message: SimMessage | None = None,
        channel: SimChannel | None = None,
    ) -> SimInteraction:
        """Choose ``values`` in a select (string options by value or label; members, roles or
        channels for the other select kinds)."""
        msg, select = self._find(placeholder_or_custom_id, SELECT_KINDS, message, channel)
        if select.get("disabled"):
            raise SimUsageError(f"select {placeholder_or_custom_id!r} is disabled")
        low, high = select.get("min_values", 1), select.get("max_values", 1)
        if not low <= len(values) <= high:
            raise SimUsageError(
                f"select {placeholder_or_custom_id!r} takes {low}–{high} values, got {len(values)}"
            )
        data: dict[str, Any] = {"custom_id": select["custom_id"], "component_type": select["type"]}
        data["values"], resolved = self._select_values(select, values, msg.channel)
        if resolved:
            data["resolved"] = resolved
        return self.sim.start_interaction(COMPONENT, self, msg.channel, data, message=msg)

    def _select_values(
        self, select: dict, values: Sequence[Any], channel: SimChannel
    ) -> tuple[list, dict]:
        if select["type"] == 3:
            chosen = []
            for value in values:
                option = next(
                    (
                        o
                        for o in select.get("options") or []
                        if value in (o.get("value"), o.get("label"))
                    ),
                    None,
                )
                if option is None:
                    offered = [o.get("label") for o in select.get("options") or []]
                    raise SimUsageError(
                        f"select {select.get('placeholder') or select['custom_id']!r} "
                        f"offers no {value!r}; it offers {offered}"
                    )
                chosen.append(option["value"])
            return chosen, {}
        builder = OptionBuilder(self.sim, self, channel)
        kind = {5: 6, 6: 8, 7: 9, 8: 7}[select["type"]]
        opt = {
            "name": select["custom_id"],
            "type": kind,
            "channel_types": select.get("channel_types"),
        }
        ids = [builder.value(opt, v, f"select {select['custom_id']!r}") for v in values]
        return ids, builder.resolved

    async def submit_modal(
        self, values: dict[str, Any] | None = None, *, modal: SimModal | None = None, **by_key: Any
    ) -> SimInteraction:
        """Fill in and submit ``modal`` (default: the last one shown to this member). Inputs are
        keyed by custom_id or label; required inputs must be given."""
        open_modals = [m for m in self.modals if not m.submitted]
        modal = modal or (open_modals[-1] if open_modals else None)
        if modal is None:
            raise SimUsageError(f"no open modal was shown to {self.name}")
        if modal.submitted:
            raise SimUsageError(f"modal {modal.title!r} was already submitted (Discord closed it)")
        given = {**(values or {}), **by_key}
        used: set[str] = set()
        components = []
        for field in modal.fields:
            key = next(
                (k for k in (field.get("custom_id"), field.get("label")) if k in given), None
            )
            value = given[key] if key is not None else None
            if key is not None:
                used.add(key)
            components.append(self._modal_component(field, value))
        unknown = set(given) - used
        if unknown:
            raise SimUsageError(
                f"modal {modal.title!r} has no inputs {sorted(unknown)}; "
                f"it has {[(f.get('custom_id'), f.get('label')) for f in modal.fields]}"
            )
        data = {"custom_id": modal.custom_id, "components": components}
        modal.submitted = True
        return self.sim.start_interaction(
            MODAL_SUBMIT, self, modal.interaction.channel, data, modal_of=modal.interaction
        )

    def _modal_component(self, field: dict, value: Any) -> dict:
        if field["type"] == 4:
            text = "" if value is None else str(value)
            if field.get("required", True) and not text:
                raise SimUsageError(
                    f"modal input {field.get('label') or field['custom_id']!r} is required"
                )
            low, high = field.get("min_length", 0), field.get("max_length", 4000)
            if text and not low <= len(text) <= high:
                raise SimUsageError(
                    f"modal input {field.get('label')!r} takes {low}–{high} characters"
                )
            inner = {"type": 4, "custom_id": field["custom_id"], "value": text}
            return {"type": 1, "components": [inner]}
        chosen = (
            [] if value is None else (list(value) if isinstance(value, (list, tuple)) else [value])
        )
        values, _ = self._select_values(field, chosen, self.guild.default_channel)
        return {
            "type": 18,
            "component": {"type": field["type"], "custom_id": field["custom_id"], "values": values},
        }

    async def say(self, channel: SimChannel, content: str) -> SimMessage:
        """Post an ordinary message (the bot gets MESSAGE_CREATE if it asked for it)."""
        return self.sim.member_message(self, self._where(channel), content)

    def join_thread(self, thread: SimChannel) -> None:
        self._same_server(thread)
        self.sim.add_thread_member(thread, self.id)

    def __repr__(self) -> str:
        return f"<SimMember {self.name} {self.id}>"


def _walk_subs(command: dict, names: list[str]) -> list[dict]:
    """The subcommand/group option nodes along ``names`` (excluding the command itself)."""
    nodes, node = [], command
    for name in names[1:]:
        node = next(o for o in node.get("options") or [] if o["name"] == name)
        nodes.append(node)
    return nodes
