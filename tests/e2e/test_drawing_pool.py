"""The bot (``python -m bot``) draws its boards in a pool of worker processes, and a bot killed
outright (SIGKILL, as a crash or an OOM kill ends it) leaves nothing behind: no process it
started holds its output, which ends with the bot, and every one of them (the fork server,
multiprocessing's resource tracker, the workers) is gone within seconds."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from .driver import is_turn_post, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")

FORK_SERVER = "multiprocessing.forkserver import main"
RESOURCE_TRACKER = "multiprocessing.resource_tracker import main"
#: How long the helpers are given to leave once the bot is dead.
LEAVING_SECONDS = 5.0


@dataclass(frozen=True)
class Started:
    """A process as /proc shows it; its start time tells it from a later one with its pid."""

    pid: int
    parent: int
    start_time: int
    command: str


def read_stat(pid: int) -> tuple[str, int, int] | None:
    """State, parent pid and start time; None once the process is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()  # the name, in brackets, may hold spaces
    return fields[0], int(fields[1]), int(fields[19])


def running() -> list[Started]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        stat = read_stat(int(entry.name))
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if stat is not None:
            found.append(Started(int(entry.name), stat[1], stat[2], command))
    return found


def descendants(root: int) -> list[Started]:
    """Every process ``root`` started, and the ones they started, and so on."""
    everyone = running()
    found: list[Started] = []
    parents = {root}
    while children := [p for p in everyone if p.parent in parents and p not in found]:
        found += children
        parents = {p.pid for p in children}
    return found


def has_ended(process: Started) -> bool:
    stat = read_stat(process.pid)
    # A zombie has ended (its files are closed); only its parent, now init, has not reaped it.
    return stat is None or stat[2] != process.start_time or stat[0] in "ZX"


def files_held(pid: int) -> set[str]:
    folder = Path(f"/proc/{pid}/fd")
    held = set()
    for fd in folder.iterdir():
        try:
            held.add(os.readlink(fd))
        except OSError:  # closed meanwhile
            continue
    return held


async def test_a_killed_bot_leaves_no_process_behind_and_its_output_ends(
    discord_sim, bot_process, alice, bob, carol
):
    proc = await bot_process()
    thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
    post = await thread.wait_for_message(is_turn_post)
    assert [a.filename for a in post.attachments], "the first turn's post shows the board"

    bot_pid = proc.pid
    assert bot_pid is not None
    helpers = descendants(bot_pid)
    fork_servers = [p for p in helpers if FORK_SERVER in p.command and p.parent == bot_pid]
    assert len(fork_servers) == 1, helpers
    workers = [p for p in helpers if p.parent == fork_servers[0].pid]
    assert workers, "the pool's workers are running"
    assert any(RESOURCE_TRACKER in p.command for p in helpers), helpers
    assert not any("drawn in a thread" in line for line in proc.output), proc.tail()

    output = os.readlink(f"/proc/{bot_pid}/fd/1")
    assert output.startswith("pipe:"), output
    for helper in helpers:
        assert output not in files_held(helper.pid), f"{helper} holds the bot's output"

    began = time.monotonic()
    try:
        try:  # kill() returns once the bot's output has ended (its reader met EOF)
            await asyncio.wait_for(proc.kill(), timeout=LEAVING_SECONDS)
        except TimeoutError:
            pytest.fail(f"the bot's output did not end within {LEAVING_SECONDS} s of its death")
        while (left := [p for p in helpers if not has_ended(p)]) and \
                time.monotonic() - began < LEAVING_SECONDS:
            await asyncio.sleep(0.05)
        assert not left, f"still running {LEAVING_SECONDS} s after the bot was killed: {left}"
    finally:  # a failure leaves no stray processes to the next tests
        for helper in helpers:
            if not has_ended(helper):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(helper.pid, signal.SIGKILL)
