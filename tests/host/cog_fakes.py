"""A small fake of what a title's cog touches of a Discord interaction: where it was used,
by whom, and what the cog answered (text, ephemeral or not, any controls)."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.app import MarqueeBot
from bot.settings import Settings
from bot.table.model import Table, TableError


@dataclass
class Said:
    text: str
    ephemeral: bool
    view: Any = None


@dataclass
class FakeInteraction:
    channel_id: int
    user_id: int
    said: list[Said] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.user = SimpleNamespace(id=self.user_id)
        self.response = SimpleNamespace(is_done=lambda: bool(self.said), send_message=self._send)
        self.followup = SimpleNamespace(send=self._send)

    async def _send(self, content: str, *, ephemeral: bool = False, view: Any = None, **_: Any) -> None:
        assert len(content) <= 2000
        self.said.append(Said(content, ephemeral, view))

    @property
    def text(self) -> str:
        return "\n".join(s.text for s in self.said)

    @property
    def ephemeral(self) -> bool:
        return all(s.ephemeral for s in self.said)


class FixedTables:
    """A table service that finds one given table in one thread (a scrambled state, say)."""

    def __init__(self, table: Table, thread: int) -> None:
        self._table, self._thread = table, thread

    async def table_in_thread(self, thread_id: int) -> Table:
        if thread_id != self._thread:
            raise TableError("There is no game in this thread.")
        return self._table


def registered_group(tmp_path: Path, extension: str, group: str) -> dict[str, Any]:
    """The command group a title's cog registers, as Discord would receive it."""
    async def main() -> dict[str, Any]:
        bot = MarqueeBot(Settings(token=None, database=tmp_path / "x.sqlite", dev_guild_id=None,
                                  log_level="INFO"))
        await bot.load_extension(extension)
        payload = bot.tree.get_command(group).to_dict(bot.tree)
        await bot.close()
        return payload

    return asyncio.run(main())


def described_commands(payload: dict[str, Any], looked_up: dict[str, str]) -> dict[str, Any]:
    """The group's commands by name, after checking what every title's commands share: a
    description (1–100 characters) on each command and option, an optional ``share``
    switch, and a required, autocompleted option for each look-up (``command: option``)."""
    commands = {c["name"]: c for c in payload["options"]}
    for command in commands.values():
        assert 0 < len(command["description"]) <= 100
        options = {o["name"]: o for o in command.get("options", [])}
        assert options["share"]["type"] == 5 and not options["share"].get("required")
        for option in options.values():
            assert 0 < len(option["description"]) <= 100
    for command, typed in looked_up.items():
        option = next(o for o in commands[command]["options"] if o["name"] == typed)
        assert option["required"] and option["autocomplete"]
    return commands
