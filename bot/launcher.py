"""``python -m bot --shards 0,1/2/3 --shard-count 4``: one bot process per group of shards.

The processes share one PostgreSQL database and split the work by shard leases
(``bot/delivery/leases.py``), so the launcher only starts them, starts again one that stops (after
a pause that grows while it keeps stopping), and stops them all when it is stopped.
A process that dies loses nothing meanwhile: the others take its shards' games over.
"""
from __future__ import annotations

import ctypes
import logging
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

from bot.settings import Settings, child_environment

log = logging.getLogger(__name__)

#: Pauses before starting a stopped process again: doubling from the first to the last,
#: and back to the first once it has run a minute.
FIRST_PAUSE, LAST_PAUSE, STEADY_SECONDS = 1.0, 60.0, 60.0
#: How long stopping waits for the processes to close before killing them.
STOP_GRACE_SECONDS = 30.0
#: prctl(2): the signal a process gets when its parent dies.
PR_SET_PDEATHSIG = 1


@dataclass
class Child:
    shards: tuple[int, ...]
    process: subprocess.Popen | None = None
    started_at: float = 0.0
    pause: float = FIRST_PAUSE
    restart_at: float | None = None
    env: dict[str, str] = field(default_factory=dict)
    argv: tuple[str, ...] = (sys.executable, "-m", "bot")

    def start(self) -> None:
        # The launcher runs no threads, so a function before exec is safe here.
        self.process = subprocess.Popen(self.argv, env=self.env,
                                        preexec_fn=_end_with_the_launcher)  # noqa: PLW1509
        self.started_at, self.restart_at = time.monotonic(), None
        log.info("shards %s: process %d started", list(self.shards), self.process.pid)


def _end_with_the_launcher() -> None:
    """In the child, before it runs the bot: on Linux, be sent SIGTERM when the launcher
    dies, even killed outright, so a launcher started again never finds its old processes
    still running the same shards (Discord would drop one of the two sessions)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def own_port(settings: Settings, n: int) -> dict[str, str]:
    """The ``n``-th process's ports for /healthz and /metrics (bot/watch/health.py) and for the
    game pages (bot/web): the ones given plus ``n``, so that the processes never compete for
    one. Nothing for either that is off."""
    ports = {} if settings.http_port is None else {"MARQUEE_HTTP_PORT": str(settings.http_port + n)}
    if settings.public_url is not None:  # the game pages: the proxy spreads readers over them
        ports["MARQUEE_WEB_PORT"] = str(settings.web_port + n)
    return ports


def launch(groups: tuple[tuple[int, ...], ...], shard_count: int, *,
           argv: tuple[str, ...] = (sys.executable, "-m", "bot")) -> int:
    """Run a bot process (``argv``) per group until told to stop (SIGINT, SIGTERM); returns 0."""
    settings = Settings.from_env()  # as the command line read them: the children start from them
    children = []
    # The machine's CPUs are shared: each process draws boards in its share of them.
    workers = settings.drawing_workers or max(1, (os.cpu_count() or 1) // len(groups))
    for n, group in enumerate(groups):
        env = child_environment({"MARQUEE_SHARDS": ",".join(map(str, group)),
                                 "MARQUEE_SHARD_COUNT": str(shard_count), "MARQUEE_DRAWING_WORKERS": str(workers),
                                 **own_port(settings, n)})
        children.append(Child(group, env=env, argv=argv))
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for child in children:
        child.start()
    while not stopping:
        time.sleep(0.2)
        now = time.monotonic()
        for child in children:
            if child.restart_at is not None:
                if now >= child.restart_at:
                    child.start()
                continue
            process = child.process
            assert process is not None  # every child was started before the loop
            code = process.poll()
            if code is None:
                continue
            if now - child.started_at >= STEADY_SECONDS:
                child.pause = FIRST_PAUSE
            log.warning("shards %s: process %d stopped (exit %s); starting it again in %.0f s",
                        list(child.shards), process.pid, code, child.pause)
            child.restart_at = now + child.pause
            child.pause = min(child.pause * 2, LAST_PAUSE)
    running = [c.process for c in children if c.process and c.process.poll() is None]
    for process in running:
        process.terminate()
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for process in running:
        try:
            process.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
    return 0
