"""The launcher: a process per group of shards, started again when one stops, all stopped together."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Each child writes "<shards> <pid>" to a file of its own and waits to be stopped.
CHILD = ("import os, pathlib, signal, time\n"
         "folder = pathlib.Path(os.environ['OUT'])\n"
         "(folder / 'tmp').mkdir(exist_ok=True)\n"
         "written = folder / 'tmp' / str(os.getpid())\n"
         "written.write_text(' '.join(os.environ[name] for name in\n"
         "                           ('MARQUEE_SHARDS', 'MARQUEE_SHARD_COUNT', 'MARQUEE_DRAWING_WORKERS')))\n"
         "os.replace(written, folder / str(os.getpid()))  # whole, or not there\n"
         "signal.signal(signal.SIGTERM, lambda *a: os._exit(0))\n"
         "while True: time.sleep(0.1)\n")

LAUNCHER = ("import sys; import bot.launcher as l\n"
            "l.FIRST_PAUSE = 0.1\n"
            "l.launch(((0, 1), (2,), (3,)), 4, argv=(sys.executable, '-c', sys.argv[1]))\n")


def children(folder: Path) -> dict[int, str]:
    return {int(path.name): path.read_text() for path in folder.iterdir() if path.name.isdigit()}


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"


def wait_until(check, timeout: float = 15.0):
    deadline = time.monotonic() + timeout
    while not (found := check()):
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)
    return found


def launch(folder: Path) -> subprocess.Popen:
    """The launcher, its children writing to ``folder`` (and left to share out the CPUs)."""
    env = {k: v for k, v in os.environ.items() if k != "MARQUEE_DRAWING_WORKERS"}
    return subprocess.Popen([sys.executable, "-c", LAUNCHER, CHILD], cwd=ROOT,
                            env={**env, "OUT": str(folder), "PYTHONPATH": str(ROOT)})


def test_a_process_per_group_started_again_when_it_dies_and_all_stopped_together(tmp_path):
    launcher = launch(tmp_path)
    try:
        first = wait_until(lambda: len(children(tmp_path)) == 3 and children(tmp_path))
        workers = max(1, (os.cpu_count() or 1) // 3)  # the CPUs shared among the three
        assert sorted(first.values()) == [f"0,1 4 {workers}", f"2 4 {workers}", f"3 4 {workers}"]
        (dead, shards), = [(pid, s) for pid, s in first.items() if s.startswith("2 ")]
        os.kill(dead, signal.SIGKILL)
        again = wait_until(lambda: [pid for pid, s in children(tmp_path).items() if s == shards and pid != dead])
        assert len(again) == 1 and alive(again[0])
        launcher.send_signal(signal.SIGTERM)
        assert launcher.wait(timeout=15) == 0
        running = [pid for pid in children(tmp_path) if pid != dead]
        assert not [pid for pid in running if alive(pid)]
    finally:
        launcher.kill()


def test_the_processes_end_with_a_launcher_killed_outright(tmp_path):
    launcher = launch(tmp_path)
    try:
        started = wait_until(lambda: len(children(tmp_path)) == 3 and children(tmp_path))
        launcher.kill()
        launcher.wait(timeout=15)
        wait_until(lambda: not [pid for pid in started if alive(pid)])
    finally:
        launcher.kill()
        for pid in children(tmp_path):
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
