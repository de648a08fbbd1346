"""Application commands: the set the bot synced, and turning a member's call into
interaction data typed the way the command declared its options."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from .errors import SimUsageError
from .model import SimChannel, SimRole, SimUser
from .permissions import missing

if TYPE_CHECKING:
    from .members import SimMember
    from .server import DiscordSim

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)
TYPE_NAMES = {
    3: "string",
    4: "integer",
    5: "boolean",
    6: "user",
    7: "channel",
    8: "role",
    9: "mentionable",
    10: "number",
    11: "attachment",
}


class CommandRegistry:
    """Synced commands by scope: ``None`` for global, a guild id for guild commands. A command
    keeps its id across syncs, as on Discord (same name and type → same id)."""

    def __init__(self, sim: DiscordSim) -> None:
        self.sim = sim
        self.scopes: dict[int | None, list[dict]] = {}
        self._ids: dict[tuple[int | None, int, str], int] = {}
        self.sync_count = 0

    def replace(self, scope: int | None, commands: list[dict]) -> list[dict]:
        stored = []
        for body in commands or []:
            kind = body.get("type", 1)
            key = (scope, kind, body["name"])
            if key not in self._ids:
                self._ids[key] = self.sim.ids.next()
            stored.append(self._stored(scope, body, self._ids[key]))
        self.scopes[scope] = stored
        self.sync_count += 1
        self.sim.notify()
        return stored

    def _stored(self, scope: int | None, body: dict, command_id: int) -> dict:
        data = copy.deepcopy(body)
        data.update(
            id=str(command_id),
            application_id=str(self.sim.application_id),
            type=body.get("type", 1),
            version=str(self.sim.ids.next()),
            description=body.get("description", ""),
            # Discord answers with the bit set as a string, whatever the request sent.
            default_member_permissions=None
            if body.get("default_member_permissions") is None
            else str(body["default_member_permissions"]),
            nsfw=body.get("nsfw", False),
        )
        data.setdefault("contexts", None if scope is None else [0])
        data.setdefault("integration_types", [0])
        if scope is not None:
            data["guild_id"] = str(scope)
        return data

    def all(self) -> list[dict]:
        return [c for cmds in self.scopes.values() for c in cmds]

    def names(self, scope: int | None = None) -> list[str]:
        return [c["name"] for c in self.scopes.get(scope, [])]

    def find(self, name: str, *, guild_id: int | None, in_dm: bool) -> tuple[dict, int | None]:
        scopes: list[int | None] = [] if in_dm else [guild_id]
        scopes.append(None)
        for scope in scopes:
            for cmd in self.scopes.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    if scope is None and in_dm and 1 not in (cmd.get("contexts") or [0, 1, 2]):
                        continue
                    return cmd, scope
        known = sorted({c["name"] for s in scopes for c in self.scopes.get(s, [])})
        where = "in a DM" if in_dm else "in the server"
        raise SimUsageError(f"no slash command /{name} {where}; synced: {known or 'none'}")


def resolve_path(command: dict, path: list[str]) -> tuple[list[str], dict, list[dict]]:
    """Walk 'game new' through groups and subcommands → (names, leaf, leaf options)."""
    names = [command["name"]]
    node = command
    for part in path:
        subs = [
            o
            for o in node.get("options") or []
            if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)
        ]
        match = next((o for o in subs if o["name"] == part), None)
        if match is None:
            raise SimUsageError(
                f"/{' '.join(names)} has no subcommand {part!r}; it has {[o['name'] for o in subs]}"
            )
        names.append(part)
        node = match
    leftovers = [
        o for o in node.get("options") or [] if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)
    ]
    if leftovers:
        raise SimUsageError(
            f"/{' '.join(names)} needs a subcommand: {[o['name'] for o in leftovers]}"
        )
    return names, node, [o for o in node.get("options") or []]


def check_can_see(command: dict, member: SimMember, *, in_dm: bool) -> None:
    """Discord hides a command from members lacking its default_member_permissions."""
    need = command.get("default_member_permissions")
    if need is None or in_dm:
        return
    lacking = missing(member.permissions, int(need))
    if lacking:
        raise SimUsageError(
            f"{member.name} cannot use /{command['name']}: Discord hides it from members "
            f"without {', '.join(lacking)}"
        )


class OptionBuilder:
    """Turns Python values into typed option payloads plus the ``resolved`` section."""

    def __init__(self, sim: DiscordSim, member: SimMember, channel: SimChannel) -> None:
        self.sim = sim
        self.member = member
        self.channel = channel
        self.resolved: dict[str, dict] = {}

    def _resolve(self, kind: str, key: int, payload: dict) -> None:
        self.resolved.setdefault(kind, {})[str(key)] = payload

    def build(
        self, schema: list[dict], values: dict[str, Any], *, where: str, focused: str | None = None
    ) -> list[dict]:
        by_name = {o["name"]: o for o in schema}
        unknown = sorted(set(values) - set(by_name))
        if unknown:
            raise SimUsageError(f"{where} has no option(s) {unknown}; it has {sorted(by_name)}")
        out = []
        for opt in schema:
            name = opt["name"]
            if name not in values or values[name] is None:
                if opt.get("required") and focused is None:
                    raise SimUsageError(
                        f"{where} needs option {name!r} ({TYPE_NAMES.get(opt['type'])})"
                    )
                continue
            if name == focused:
                out.append(
                    {"name": name, "type": opt["type"], "value": str(values[name]), "focused": True}
                )
                continue
            out.append(
                {"name": name, "type": opt["type"], "value": self.value(opt, values[name], where)}
            )
        return out

    def value(self, opt: dict, value: Any, where: str) -> Any:
        kind, name = opt["type"], f"{where} option {opt['name']!r}"
        if kind in (STRING, INTEGER, NUMBER):
            return self._scalar(opt, value, name)
        if kind == BOOLEAN:
            if not isinstance(value, bool):
                raise SimUsageError(f"{name} takes True/False, got {value!r}")
            return value
        if kind == USER or (kind == MENTIONABLE and not isinstance(value, SimRole)):
            return self._user(value, name)
        if kind == ROLE or kind == MENTIONABLE:
            if not isinstance(value, SimRole):
                raise SimUsageError(f"{name} takes a role, got {value!r}")
            self._resolve("roles", value.id, value.payload())
            return str(value.id)
        if kind == CHANNEL:
            return self._channel(opt, value, name)
        if kind == ATTACHMENT:
            return self._attachment(value, name)
        raise SimUsageError(f"{name} has an option type {kind} the simulator does not know")

    def _scalar(self, opt: dict, value: Any, name: str) -> Any:
        kind = opt["type"]
        choices = opt.get("choices") or []
        if choices:
            for choice in choices:
                if value == choice["value"] or value == choice["name"]:
                    return choice["value"]
            raise SimUsageError(
                f"{name} must be one of {[c['value'] for c in choices]}, got {value!r}"
            )
        if kind == STRING:
            if not isinstance(value, str):
                raise SimUsageError(f"{name} takes text, got {value!r}")
            low, high = opt.get("min_length", 0), opt.get("max_length", 6000)
            if not low <= len(value) <= high:
                raise SimUsageError(f"{name} takes {low}–{high} characters, got {len(value)}")
            return value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise SimUsageError(f"{name} takes a number, got {value!r}")
        if kind == INTEGER and not isinstance(value, int):
            raise SimUsageError(f"{name} takes a whole number, got {value!r}")
        low, high = opt.get("min_value"), opt.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise SimUsageError(f"{name} takes {low}…{high}, got {value}")
        return value

    def _user(self, value: Any, name: str) -> str:
        from .members import SimMember

        guild = self.channel.guild
        if isinstance(value, SimMember) and guild is not None and value.guild is not guild:
            # Discord offers the members of the server the command runs in.
            here = guild.member_by_id(value.id)
            if here is None:
                raise SimUsageError(f"{name}: {value.name} is not a member of {guild.name!r}")
            value = here
        if isinstance(value, SimMember):
            self._resolve("users", value.id, value.user.payload())
            member = value.payload(with_permissions=True)
            member.pop("user")
            self._resolve("members", value.id, member)
            return str(value.id)
        if isinstance(value, SimUser):
            self._resolve("users", value.id, value.payload())
            return str(value.id)
        raise SimUsageError(f"{name} takes a member, got {value!r}")

    def _channel(self, opt: dict, value: Any, name: str) -> str:
        if not isinstance(value, SimChannel) or value.guild is None:
            raise SimUsageError(f"{name} takes a server channel or thread, got {value!r}")
        if self.channel.guild is not None and value.guild is not self.channel.guild:
            raise SimUsageError(f"{name}: #{value.name} is in another server")
        allowed = opt.get("channel_types")
        if allowed and value.type not in allowed:
            raise SimUsageError(
                f"{name} takes channel types {allowed}, #{value.name} is type {value.type}"
            )
        payload = {k: v for k, v in value.payload().items() if k != "member"}
        payload["permissions"] = str(self.member.permissions)
        self._resolve("channels", value.id, payload)
        return str(value.id)

    def _attachment(self, value: Any, name: str) -> str:
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], bytes)):
            raise SimUsageError(f"{name} takes (filename, bytes), got {type(value).__name__}")
        attachment = self.sim.store_upload(value[0], value[1], channel=self.channel)
        self._resolve("attachments", attachment.id, attachment.payload())
        return str(attachment.id)
