"""A clone stands alone: the suite needs nothing beside the checkout.

Two ways. Every test of every run is watched by tests/checkout_guard.py (tests/conftest.py
fails a test that opens, lists or runs anything in the checkout's parent folder outside the
checkout). And here the checkout's files are copied into a folder with nothing beside them,
and the parts of the suite that read the project's own files the most (the simulated Discord,
which reads Discord's OpenAPI description; whole games through a bot process; the locks; the
bot's pre-start check) run there, from another working folder: a path found from the
working folder, or from beside the checkout, fails there as it would in a fresh clone.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import checkout_guard

ROOT = Path(__file__).resolve().parent.parent
#: The parts run in the lone copy: about 40 s on two cores.
PARTS = ["tests/sim_selftest", "tests/e2e/test_full_game.py", "tests/e2e/test_crash.py",
         "tests/test_lock.py", "tests/host/test_bot_check.py"]
PROOF = '''\
"""Written by tests/test_stands_alone.py: the code under test is the copy's own."""
import os
from pathlib import Path

import bot
import tests


def test_the_code_under_test_is_the_lone_copy():
    copy = Path(os.environ["MARQUEE_LONE_COPY"])
    assert Path(bot.__file__).resolve().is_relative_to(copy)
    assert Path(tests.__file__).resolve().is_relative_to(copy)
    assert Path.cwd() != copy and not Path.cwd().is_relative_to(copy)
'''


def checkout_files() -> list[str]:
    """The checkout's files as a clone has them (and any new ones not yet committed)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout
    return [name for name in os.fsdecode(listed).split("\0") if name and (ROOT / name).is_file()]


def lone_copy(into: Path) -> Path:
    copy = into / "alone" / "marquee"
    for name in checkout_files():
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, copy / name)
    (copy / "tests" / "test_lone_copy_proof.py").write_text(PROOF)
    return copy


def test_a_read_beside_the_checkout_is_caught(tmp_path, monkeypatch):
    """The guard itself, on a sibling of its own: a file opened there (present or not), a folder
    listed there and a program run from there are each reported; the checkout's own are not."""
    if not checkout_guard.install():
        pytest.skip("the checkout is at the file system's root: nothing can be beside it")
    sibling = tmp_path / "shared"
    (sibling / "discord-api").mkdir(parents=True)
    monkeypatch.setattr(checkout_guard, "_BESIDE", checkout_guard._prefixes(sibling))
    spec = sibling / "discord-api" / "openapi.json"
    with pytest.raises(FileNotFoundError):
        spec.read_bytes()
    os.listdir(sibling)
    subprocess.run(["true"], cwd=sibling, check=True)
    assert not checkout_guard.beside_the_checkout(ROOT / "vendor" / "discord-api" / "openapi.json")
    (ROOT / "pyproject.toml").read_bytes()
    assert checkout_guard.taken() == [f"open {spec}", f"os.listdir {sibling}", f"subprocess.Popen {sibling}"]


def test_what_is_beside_this_checkout_is_watched():
    """Where this checkout has a sibling (the shared reference folder on a developer's machine and in CI),
    it is among the watched folders."""
    if not checkout_guard.install():
        pytest.skip("the checkout is at the file system's root: nothing can be beside it")
    shared = ROOT.parent / "shared"
    if not shared.is_dir():
        pytest.skip("nothing named shared beside this checkout (as in a fresh clone)")
    assert checkout_guard.beside_the_checkout(shared / "discord-api" / "openapi.json")


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed: the copy is made from git's list of files")
def test_the_suite_runs_in_a_copy_with_nothing_beside_it(tmp_path):
    copy = lone_copy(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("PYTEST_", "MARQUEE_", "DISCORD_"))}
    env["MARQUEE_LONE_COPY"] = str(copy)
    done = subprocess.run(
        # Its own scratch folder: pytest prunes the oldest of the ones it shares by default.
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-x", "-rs",
         f"--basetemp={tmp_path / 'scratch'}",
         *(str(copy / part) for part in [*PARTS, "tests/test_lone_copy_proof.py"])],
        cwd=elsewhere, env=env, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    summary = re.findall(r"^=* ?(\d+ passed.*?) ?=*$", done.stdout, re.MULTILINE)
    assert summary and "failed" not in summary[-1] and "error" not in summary[-1], done.stdout[-2000:]
    assert not list(elsewhere.iterdir()), "the suite wrote into the working folder"
