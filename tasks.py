#!/usr/bin/env python3
"""Set-up and everyday commands, needing nothing but Python 3.11 and git.

    python3 tasks.py bot [args]     run the bot (offline demo when no token is set)
    python3 tasks.py test [args]    run the test suite
    python3 tasks.py check          run the linters CI runs (ruff, mypy)
    python3 tasks.py bench          run the benchmarks
    python3 tasks.py arena GAME     the strong bot against the normal one (tools/arena.py)
    python3 tasks.py i18n [domain]  bring the translation catalogues up to the source
    python3 tasks.py lock [args]    refresh both locks from pyproject.toml (uv);
                                    --upgrade moves every pin to the newest release
    python3 tasks.py vendor [...]   refresh vendor/discord-api/ (tools/vendor_discord_api.py)

Each command creates ./.venv and installs into it on first use, and again whenever
pyproject.toml or a lock changes, so a fresh clone needs no other step. `bot` installs what
running needs: the exact versions and hashes in requirements.lock, then Marquee itself
(editable, no deps). `test`, `check`, `bench` and `arena` add the development set
(requirements-dev.lock: the tests' and linters' tools) on top, leaving the first set as it is.
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
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
UV = BIN / ("uv.exe" if os.name == "nt" else "uv")
LOCK = ROOT / "requirements.lock"  # what running the bot needs
DEV_LOCK = ROOT / "requirements-dev.lock"  # what developing it adds: pyproject's "dev" group
# The pins' reason uv writes for what pyproject.toml's [build-system] asks for (read from a
# file of ours, BUILD_IN, since uv reads pyproject.toml's dependencies only).
BUILD_IN = VENV / "build-system.in"
BUILD_VIA = "marquee (pyproject.toml [build-system])"


@dataclass(frozen=True)
class InstallSet:
    """A set of pinned packages installed into .venv, current while its stamp holds the hash
    of the files it was installed from."""

    lock: Path
    stamp: Path
    sources: tuple[Path, ...]

    def wanted(self) -> str:
        digest = hashlib.sha256()
        for path in self.sources:
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        return digest.hexdigest()

    def current(self) -> bool:
        return self.stamp.exists() and self.stamp.read_text() == self.wanted()


RUNTIME = InstallSet(LOCK, VENV / ".marquee-runtime", (ROOT / "pyproject.toml", LOCK))
DEVELOPMENT = InstallSet(DEV_LOCK, VENV / ".marquee-dev", (ROOT / "pyproject.toml", LOCK, DEV_LOCK))


def _create_venv() -> None:
    if not PYTHON.exists():
        print("Creating a virtualenv in .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)


def _pip(*args: str) -> None:
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q",
                    *args], check=True)


def ensure_venv(*, develop: bool = False) -> None:
    """Create the virtualenv and install what running Marquee needs (and, to ``develop``, the
    development set on top), unless already current. The runtime set is never reinstalled
    for the development one: pip leaves what is already installed at its pin alone."""
    if PYTHON.exists() and RUNTIME.current() and (not develop or DEVELOPMENT.current()):
        return
    _create_venv()
    if not RUNTIME.current():
        print(f"Installing Marquee and what it needs to run ({LOCK.name}) into .venv …", flush=True)
        _pip("--require-hashes", "-r", str(LOCK))
        _remove_unlocked(develop=develop)
        # Built with the lock's setuptools, not whatever release is newest today.
        _pip("--no-deps", "--no-build-isolation", "-e", str(ROOT))
        RUNTIME.stamp.write_text(RUNTIME.wanted())
        DEVELOPMENT.stamp.unlink(missing_ok=True)  # pins it shares may have moved
    if develop and not DEVELOPMENT.current():
        print(f"Installing the development tools ({DEV_LOCK.name}) into .venv …", flush=True)
        _pip("--require-hashes", "-r", str(DEV_LOCK))
        _remove_unlocked(develop=True)
        DEVELOPMENT.stamp.write_text(DEVELOPMENT.wanted())


def _locked_names(*locks: Path) -> set[str]:
    return {_canonical(name) for lock in locks
            for name in re.findall(r"^([A-Za-z0-9][\w.-]*)==", lock.read_text(), re.MULTILINE)}


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _remove_unlocked(*, develop: bool) -> None:
    """Uninstall what an earlier lock installed and no lock pins now, so .venv holds what CI's
    holds (pip, uv and Marquee itself stay). The development set stays once installed, unless
    its own lock dropped it: running the bot after the tests does not uninstall pytest."""
    locked = _locked_names(LOCK, DEV_LOCK) if develop or DEVELOPMENT.stamp.exists() \
        else _locked_names(LOCK)
    listed = subprocess.run([str(PYTHON), "-m", "pip", "list", "--format=json",
                             "--disable-pip-version-check"],
                            check=True, capture_output=True, text=True).stdout
    unlocked = [package["name"] for package in json.loads(listed)
                if _canonical(package["name"]) not in locked | {"pip", "uv", "marquee"}]
    if unlocked:
        subprocess.run([str(PYTHON), "-m", "pip", "uninstall", "-y", "-q", *unlocked], check=True)


def lock(args: list[str]) -> int:
    """Resolve pyproject.toml with uv, for Python 3.11+ on any platform, into two hashed
    locks: its dependencies and build backend (requirements.lock), then its "dev" group on
    top, held to the first lock's pins wherever the two share a package (requirements-dev.lock)."""
    _create_venv()
    if not UV.exists():
        _pip("uv>=0.5")
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    BUILD_IN.write_text("\n".join(build) + "\n")
    build_in = BUILD_IN.relative_to(ROOT).as_posix()
    common = ["--universal", "--python-version", "3.11", "--generate-hashes",
              "--custom-compile-command", "python3 tasks.py lock", *args]
    code = subprocess.call([str(UV), "pip", "compile", "pyproject.toml", build_in,
                            "-o", LOCK.name, *common], cwd=ROOT)
    if code:
        return code
    LOCK.write_text(LOCK.read_text().replace(f"-r {build_in}", BUILD_VIA))
    return subprocess.call([str(UV), "pip", "compile", "--group", "pyproject.toml:dev",
                            "-c", LOCK.name, "-o", DEV_LOCK.name, *common], cwd=ROOT)


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
        if os.name == "posix":  # become the bot: a service manager's signals reach it directly
            os.chdir(ROOT)
            os.execv(PYTHON, [str(PYTHON), "-m", "bot", *rest])
        return run(["-m", "bot", *rest])
    if command == "test":
        ensure_venv(develop=True)
        return run(["-m", "pytest", *(rest or _whole_suite_args())])
    if command == "check":
        ensure_venv(develop=True)
        # Both run, so one pass shows every finding; the paths mypy checks are in pyproject.toml.
        ruff = run(["-m", "ruff", "check", "."])
        mypy = run(["-m", "mypy"])
        return ruff or mypy
    if command == "bench":
        ensure_venv(develop=True)
        return run(["-m", "tools.bench", *rest])
    if command == "arena":
        ensure_venv(develop=True)
        return run(["-m", "tools.arena", *rest])
    if command == "i18n":
        ensure_venv()
        script = ("import sys; from bot.i18n import update_catalogues; "
                  "print(*update_catalogues(*sys.argv[1:]), sep=chr(10))")
        return run(["-c", script, *rest])
    if command == "lock":
        return lock(rest)
    if command == "vendor":
        return subprocess.call([sys.executable, str(ROOT / "tools" / "vendor_discord_api.py"), *rest])
    print(__doc__)
    return 0 if command in {"help", "-h", "--help"} else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
