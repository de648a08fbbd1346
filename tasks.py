#!/usr/bin/env python3
"""Set-up and everyday commands, needing nothing but Python 3.11 and git.

    python3 tasks.py bot [args]     run the bot (offline demo when no token is set)
    python3 tasks.py test [args]    run the test suite
    python3 tasks.py check          run the linters CI runs (ruff, mypy)
    python3 tasks.py bench          run the benchmarks
    python3 tasks.py arena GAME     the strong bot against the normal one (tools/arena.py)
    python3 tasks.py i18n [domain]  bring the translation catalogues up to the source
    python3 tasks.py lock [args]    refresh requirements.lock from pyproject.toml (uv);
                                    --upgrade moves every pin to the newest release

Each command creates ./.venv and installs into it on first use, and again whenever
pyproject.toml or requirements.lock changes, so a fresh clone needs no other step: the
exact versions and hashes in requirements.lock, then Marquee itself (editable, no deps).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".marquee-installed"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
UV = BIN / ("uv.exe" if os.name == "nt" else "uv")
LOCK = ROOT / "requirements.lock"
# The pins' reason uv writes for what pyproject.toml's [build-system] asks for (read from a
# file of ours, BUILD_IN, since uv reads pyproject.toml's dependencies only).
BUILD_IN = VENV / "build-system.in"
BUILD_VIA = "marquee (pyproject.toml [build-system])"


def _requirements_hash() -> str:
    digest = hashlib.sha256()
    for path in (ROOT / "pyproject.toml", LOCK):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _create_venv() -> None:
    if not PYTHON.exists():
        print("Creating a virtualenv in .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)


def _pip(*args: str) -> None:
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q",
                    *args], check=True)


def ensure_venv() -> None:
    """Create the virtualenv and install the lock and the project, unless already current."""
    wanted = _requirements_hash()
    if STAMP.exists() and STAMP.read_text() == wanted and PYTHON.exists():
        return
    _create_venv()
    print(f"Installing Marquee and its dependencies ({LOCK.name}) into .venv …", flush=True)
    _pip("--require-hashes", "-r", str(LOCK))
    _remove_unlocked()
    # Built with the lock's setuptools, not whatever release is newest today.
    _pip("--no-deps", "--no-build-isolation", "-e", str(ROOT))
    STAMP.write_text(wanted)


def _remove_unlocked() -> None:
    """Uninstall what an earlier lock installed and this one no longer pins, so .venv holds
    what CI's holds (pip, uv and Marquee itself stay)."""
    def canonical(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()

    pinned = re.findall(r"^([A-Za-z0-9][\w.-]*)==", LOCK.read_text(), re.MULTILINE)
    locked = {canonical(name) for name in pinned}
    listed = subprocess.run([str(PYTHON), "-m", "pip", "list", "--format=json",
                             "--disable-pip-version-check"],
                            check=True, capture_output=True, text=True).stdout
    unlocked = [package["name"] for package in json.loads(listed)
                if canonical(package["name"]) not in locked | {"pip", "uv", "marquee"}]
    if unlocked:
        subprocess.run([str(PYTHON), "-m", "pip", "uninstall", "-y", "-q", *unlocked], check=True)


def lock(args: list[str]) -> int:
    """Resolve pyproject.toml's dependencies, every extra and the build backend with uv,
    for Python 3.11+ on any platform, and write each pin with its hashes to the lock."""
    _create_venv()
    if not UV.exists():
        _pip("uv>=0.5")
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    BUILD_IN.write_text("\n".join(build) + "\n")
    build_in = BUILD_IN.relative_to(ROOT).as_posix()
    code = subprocess.call(
        [str(UV), "pip", "compile", "pyproject.toml", build_in, "--all-extras",
         "--universal", "--python-version", "3.11", "--generate-hashes",
         "--custom-compile-command", "python3 tasks.py lock", "-o", LOCK.name, *args],
        cwd=ROOT)
    if code == 0:
        LOCK.write_text(LOCK.read_text().replace(f"-r {build_in}", BUILD_VIA))
    return code


def _whole_suite_args() -> list[str]:
    """The whole suite spreads over the machine's cores (at most 4: each worker starts its own
    PostgreSQL server); given arguments, pytest runs exactly as asked."""
    workers = min(4, os.cpu_count() or 1)
    return ["-n", str(workers)] if workers > 1 else []


def run(args: list[str]) -> int:
    return subprocess.call([str(PYTHON), *args], cwd=ROOT)


def main(argv: list[str]) -> int:
    command, rest = (argv[0], argv[1:]) if argv else ("help", [])
    if command == "bot":
        ensure_venv()
        return run(["-m", "bot", *rest])
    if command == "test":
        ensure_venv()
        return run(["-m", "pytest", *(rest or _whole_suite_args())])
    if command == "check":
        ensure_venv()
        # Both run, so one pass shows every finding; the paths mypy checks are in pyproject.toml.
        ruff = run(["-m", "ruff", "check", "."])
        mypy = run(["-m", "mypy"])
        return ruff or mypy
    if command == "bench":
        ensure_venv()
        return run(["-m", "tools.bench", *rest])
    if command == "arena":
        ensure_venv()
        return run(["-m", "tools.arena", *rest])
    if command == "i18n":
        ensure_venv()
        script = ("import sys; from bot.i18n import update_catalogues; "
                  "print(*update_catalogues(*sys.argv[1:]), sep=chr(10))")
        return run(["-c", script, *rest])
    if command == "lock":
        return lock(rest)
    print(__doc__)
    return 0 if command in {"help", "-h", "--help"} else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
