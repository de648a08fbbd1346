"""A bot in a child process: start it with the simulator's env, SIGKILL it, restart it, and
wait until it is ready (IDENTIFY → READY and, by default, its commands synced).

The child's output is kept (``output``) and scanned: a line naming ERROR/CRITICAL or starting a
traceback is reported to the simulator as a bot error, exactly like an in-process ERROR record."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .logcheck import ANSI_ESCAPE, ERROR_LINE, TRACEBACK_LINE
from .shards import process_shards

if TYPE_CHECKING:
    from .server import DiscordSim

REPO_ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    def __init__(
        self,
        sim: DiscordSim,
        argv: Sequence[str] | None = None,
        *,
        db_path: str | os.PathLike,
        cwd: str | os.PathLike = REPO_ROOT,
        env: dict[str, str] | None = None,
        commands: bool = True,
        ready_timeout: float = 20.0,
        shards: Sequence[int] | None = None,
        shard_count: int | None = None,
    ) -> None:
        self.sim = sim
        self.argv = list(argv or [sys.executable, "-m", "bot"])
        self.db_path = str(db_path)
        self.cwd = str(cwd)
        self.extra_env = dict(env or {})
        # The shards it runs (``shards=(2,), shard_count=4``, or MARQUEE_SHARDS and
        # MARQUEE_SHARD_COUNT in ``env``): it is ready when each has identified, and its kill
        # forgets only their sessions. Unsaid: it is the only bot, and its kill forgets all.
        self.shards, told = process_shards(shards, shard_count, self.extra_env)
        self.extra_env.update(told)
        self.commands = commands
        self.ready_timeout = ready_timeout
        self.output: list[str] = []
        self.starts = 0
        self._proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.returncode is None

    def tail(self, lines: int = 30) -> str:
        return "\n".join(self.output[-lines:])

    async def start(self, *, commands: bool | None = None) -> BotProcess:
        """Spawn the bot and wait until it is connected (and has synced, unless told not to)."""
        if self.running:
            raise RuntimeError("the bot process is already running")
        mark = self.sim.bot_mark()
        env = {
            **os.environ,
            **self.sim.bot_env(self.db_path),
            "PYTHONUNBUFFERED": "1",
            **self.extra_env,
        }
        self._proc = await asyncio.create_subprocess_exec(
            *self.argv,
            cwd=self.cwd,
            env=env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,
        )
        self.starts += 1
        self.output.append(f"--- start #{self.starts}: pid {self._proc.pid}: {' '.join(self.argv)}")
        self._reader = asyncio.create_task(self._read(self._proc), name="discord-sim-bot-output")
        wait_commands = self.commands if commands is None else commands
        await self.sim.wait_for_bot(
            after=mark,
            commands=wait_commands,
            shards=self.shards,
            timeout=self.ready_timeout,
            alive=self._check_alive,
        )
        return self

    def _check_alive(self) -> None:
        if self._proc is not None and self._proc.returncode is not None:
            raise AssertionError(
                f"the bot process exited with code {self._proc.returncode} before it was "
                f"ready; its output:\n{self.tail()}"
            )

    async def _read(self, proc: asyncio.subprocess.Process) -> None:
        """Keep every line; report each error line together with the traceback under it."""
        assert proc.stdout is not None
        block: list[str] = []
        while True:
            try:
                wait = 0.1 if block else None  # a traceback arrives in one burst
                raw = await asyncio.wait_for(proc.stdout.readline(), timeout=wait)
            except TimeoutError:
                block = self._report(proc, block)
                continue
            if not raw:
                self._report(proc, block)
                return
            line = ANSI_ESCAPE.sub("", raw.decode(errors="replace").rstrip("\n"))
            self.output.append(line)
            if block and TRACEBACK_LINE.match(line):
                block.append(line)
                continue
            block = self._report(proc, block)
            if ERROR_LINE.search(line):
                block = [line]

    def _report(self, proc: asyncio.subprocess.Process, block: list[str]) -> list[str]:
        if block:
            self.sim.report_error(f"[bot pid {proc.pid}] " + "\n".join(block))
        return []

    async def kill(self) -> None:
        """SIGKILL, as a crash or an OOM kill would; the sessions it held are forgotten."""
        await self._end(signal.SIGKILL)

    async def stop(self, grace: float = 5.0) -> None:
        """SIGTERM, then SIGKILL after ``grace`` seconds."""
        await self._end(signal.SIGTERM, grace)

    async def _end(self, sig: int, grace: float = 0.0) -> None:
        proc = self._proc
        if proc is None:
            return
        if proc.returncode is None:
            proc.send_signal(sig)
            try:
                await asyncio.wait_for(proc.wait(), timeout=grace or 10.0)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        if self._reader is not None:
            await self._reader
        self.output.append(f"--- pid {proc.pid} ended with {proc.returncode}")
        self.sim.gateway.forget_sessions(self.shards)
        self._proc = None

    async def restart(self, *, commands: bool | None = None) -> BotProcess:
        await self.kill()
        return await self.start(commands=commands)
