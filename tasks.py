#!/usr/bin/env python3
"""Set-up and everyday commands, needing nothing but Python 3.11 and git.

    python3 tasks.py bot [args]     run the bot (offline demo when no token is set)
    python3 tasks.py test [args]    run the test suite
    python3 tasks.py bench          run the benchmarks
    python3 tasks.py i18n [domain]  bring the translation catalogues up to the source

Each command creates ./.venv and installs the project into it on first use, and
again whenever pyproject.toml changes, so a fresh clone needs no other step.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".marquee-installed"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def _requirements_hash() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_venv() -> None:
    """Create the virtualenv and install the project, unless already current."""
    wanted = _requirements_hash()
    if STAMP.exists() and STAMP.read_text() == wanted and PYTHON.exists():
        return
    if not PYTHON.exists():
        print("Creating a virtualenv in .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("Installing Marquee and its dependencies into .venv …", flush=True)
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(wanted)


def run(args: list[str]) -> int:
    return subprocess.call([str(PYTHON), *args], cwd=ROOT)


def main(argv: list[str]) -> int:
    command, rest = (argv[0], argv[1:]) if argv else ("help", [])
    if command == "bot":
        ensure_venv()
        return run(["-m", "bot", *rest])
    if command == "test":
        ensure_venv()
        return run(["-m", "pytest", *rest])
    if command == "bench":
        ensure_venv()
        return run(["-m", "tools.bench", *rest])
    if command == "i18n":
        ensure_venv()
        script = ("import sys; from bot.i18n import update_catalogues; "
                  "print(*update_catalogues(*sys.argv[1:]), sep=chr(10))")
        return run(["-c", script, *rest])
    print(__doc__)
    return 0 if command in {"help", "-h", "--help"} else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
