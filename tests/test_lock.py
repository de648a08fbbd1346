"""The two locks agree with pyproject.toml. requirements.lock (what running the bot needs)
pins everything pyproject.toml's dependencies and build backend ask for; requirements-dev.lock
(what developing adds, installed on top) pins its "dev" dependency group; each pin at a
version its range admits, with hashes, and nothing no longer asked for still pinned. A package
in both locks has one version and the same hashes in each, and nothing only a developer needs
reaches the runtime lock. ``python3 tasks.py lock`` brings both up to pyproject.toml; uv's
``# via`` comments say why each pin is there."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"
DEV_LOCK = ROOT / "requirements-dev.lock"
#: What uv writes as the reason for a pin pyproject.toml asks for: "marquee (pyproject.toml)",
#: "marquee (pyproject.toml:dev)" for a dependency group's, and tasks.py's
#: "marquee (pyproject.toml [build-system])" for the build backend.
FROM_PYPROJECT = "marquee (pyproject.toml"
#: uv's reason for a pin the runtime lock holds the development lock to.
HELD_BY_RUNTIME = "-c requirements.lock"
REFRESH = "run `python3 tasks.py lock` to bring the locks up to pyproject.toml"


@dataclass
class Pin:
    requirement: Requirement
    hashes: list[str] = field(default_factory=list)
    via: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return canonicalize_name(self.requirement.name)

    @property
    def version(self) -> str:
        (spec,) = self.requirement.specifier
        return spec.version


def read_lock(text: str) -> list[Pin]:
    """The lock's entries: ``name==version [; marker] \\``, its ``--hash`` lines, then
    ``# via parent`` or ``# via`` with one ``#   parent`` line each."""
    pins: list[Pin] = []
    for line in text.splitlines():
        stripped = line.strip().removesuffix("\\").strip()
        if not stripped or (line.startswith("#") and not pins):
            continue  # the header
        if not line[0].isspace():
            pins.append(Pin(Requirement(stripped)))
        elif stripped.startswith("--hash="):
            pins[-1].hashes.append(stripped.removeprefix("--hash="))
        elif stripped.startswith("# via"):
            pins[-1].via += [stripped.removeprefix("# via").strip()] if stripped != "# via" else []
        elif stripped.startswith("#"):
            pins[-1].via.append(stripped.removeprefix("#").strip())
    return pins


def group(pyproject: dict, name: str) -> list[str]:
    """A dependency group's requirements (PEP 735), its included groups' with them."""
    found: list[str] = []
    for entry in pyproject.get("dependency-groups", {})[name]:
        found += group(pyproject, entry["include-group"]) if isinstance(entry, dict) else [entry]
    return found


def wanted(pyproject: dict, group_name: str | None = None) -> list[Requirement]:
    """What a lock must pin for pyproject.toml: the dependencies and the build backend's, or
    one dependency group's."""
    texts = group(pyproject, group_name) if group_name else [
        *pyproject["project"]["dependencies"], *pyproject["build-system"]["requires"]]
    return [Requirement(text) for text in texts]


def disagreements(pyproject: dict, lock: str, group_name: str | None = None) -> list[str]:
    pins = read_lock(lock)
    by_name: dict[str, list[Pin]] = {}
    for pin in pins:
        by_name.setdefault(pin.name, []).append(pin)
    problems = []
    for pin in pins:
        if len(pin.requirement.specifier) != 1 or next(iter(pin.requirement.specifier)).operator != "==":
            problems.append(f"{pin.requirement}: not pinned to one version")
        elif not pin.hashes:
            problems.append(f"{pin.requirement}: no hashes")
    asked = wanted(pyproject, group_name)
    for requirement in asked:
        found = by_name.get(canonicalize_name(requirement.name), [])
        if not found:
            problems.append(f"{requirement}: asked for by pyproject.toml, not in the lock")
        for pin in found:
            if not requirement.specifier.contains(pin.version, prereleases=True):
                problems.append(f"{requirement}: pyproject.toml's range does not admit the lock's "
                                f"{pin.name}=={pin.version}")
    names = {canonicalize_name(requirement.name) for requirement in asked}
    for pin in pins:
        if not pin.via:
            problems.append(f"{pin.name}: pinned with no reason (`# via`)")
        for reason in pin.via:
            if reason == HELD_BY_RUNTIME:
                continue  # a pin both locks share (test_shared_pins_agree)
            if reason.startswith(FROM_PYPROJECT):
                if pin.name not in names:
                    problems.append(f"{pin.name}: pinned for pyproject.toml, which no longer asks for it")
            elif canonicalize_name(reason) not in by_name:
                problems.append(f"{pin.name}: pinned for {reason}, which is not in the lock")
    return problems


def pyproject_toml() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_the_runtime_lock_pins_what_running_needs_and_nothing_else() -> None:
    problems = disagreements(pyproject_toml(), LOCK.read_text())
    assert not problems, f"{REFRESH}:\n" + "\n".join(problems)


def test_the_development_lock_pins_the_dev_group_and_nothing_else() -> None:
    problems = disagreements(pyproject_toml(), DEV_LOCK.read_text(), "dev")
    assert not problems, f"{REFRESH}:\n" + "\n".join(problems)


def test_shared_pins_agree_and_no_tool_reaches_the_runtime_lock() -> None:
    runtime = {pin.name: pin for pin in read_lock(LOCK.read_text())}
    development = {pin.name: pin for pin in read_lock(DEV_LOCK.read_text())}
    for name in runtime.keys() & development.keys():
        assert (runtime[name].version, sorted(runtime[name].hashes)) == \
            (development[name].version, sorted(development[name].hashes)), f"{name}: {REFRESH}"
        assert HELD_BY_RUNTIME in development[name].via, f"{name}: not held to the runtime pin"
    for tool in ("pytest", "mypy", "ruff", "playwright", "hypothesis", "jsonschema"):
        assert tool not in runtime and tool in development, tool


# -- the check itself, on a small lock --------------------------------------------------------

PYPROJECT = {
    "project": {"dependencies": ["discord.py>=2.4,<3", "orjson>=3.9"]},
    "dependency-groups": {"test": ["pytest>=8"], "dev": [{"include-group": "test"}]},
    "build-system": {"requires": ["setuptools>=68"]},
}
HASH = "    --hash=sha256:" + "0" * 64
LOCK_TEXT = f"""\
# This file was autogenerated by uv via the following command:
#    python3 tasks.py lock
aiohttp==3.14.5 \\
{HASH}
    # via
    #   discord-py
    #   yarl
discord-py==2.7.1 \\
{HASH} \\
{HASH}
    # via marquee (pyproject.toml)
orjson==3.13.0 \\
{HASH}
    # via marquee (pyproject.toml)
setuptools==84.2.1 \\
{HASH}
    # via marquee (pyproject.toml [build-system])
"""
DEV_LOCK_TEXT = f"""\
# This file was autogenerated by uv via the following command:
#    python3 tasks.py lock
iniconfig==2.3.1 \\
{HASH}
    # via pytest
pytest==9.2.0 \\
{HASH}
    # via marquee (pyproject.toml:dev)
"""


def test_a_lock_that_agrees_passes() -> None:
    pins = read_lock(LOCK_TEXT)
    assert [(pin.name, pin.version, len(pin.hashes)) for pin in pins] == [
        ("aiohttp", "3.14.5", 1), ("discord-py", "2.7.1", 2), ("orjson", "3.13.0", 1),
        ("setuptools", "84.2.1", 1)]
    assert pins[0].via == ["discord-py", "yarl"]
    # yarl is not in this lock: the one reason too many
    assert disagreements(PYPROJECT, LOCK_TEXT) == ["aiohttp: pinned for yarl, which is not in the lock"]
    agreeing = LOCK_TEXT.replace("    #   yarl\n", "")
    assert disagreements(PYPROJECT, agreeing) == []
    assert disagreements(PYPROJECT, DEV_LOCK_TEXT, "dev") == []


def test_a_pin_out_of_range_a_missing_one_and_a_stale_one_are_named() -> None:
    agreeing = LOCK_TEXT.replace("    #   yarl\n", "")
    old = agreeing.replace("discord-py==2.7.1", "discord-py==3.0.0")
    assert disagreements(PYPROJECT, old) == [
        "discord.py<3,>=2.4: pyproject.toml's range does not admit the lock's discord-py==3.0.0"]
    asks_more = {**PYPROJECT, "project": {"dependencies": ["discord.py>=2.4,<3", "orjson>=3.9", "Babel>=2.14"]}}
    assert disagreements(asks_more, agreeing) == ["Babel>=2.14: asked for by pyproject.toml, not in the lock"]
    asks_less = {**PYPROJECT, "project": {"dependencies": ["discord.py>=2.4,<3"]}}
    assert disagreements(asks_less, agreeing) == [
        "orjson: pinned for pyproject.toml, which no longer asks for it"]
    unhashed = agreeing.replace(f"orjson==3.13.0 \\\n{HASH}\n", "orjson==3.13.0\n")
    assert disagreements(PYPROJECT, unhashed) == ["orjson==3.13.0: no hashes"]


def test_a_development_tool_in_the_runtime_lock_is_named() -> None:
    agreeing = LOCK_TEXT.replace("    #   yarl\n", "")
    with_pytest = agreeing + DEV_LOCK_TEXT.split("lock\n", 1)[1].replace("(pyproject.toml:dev)", "(pyproject.toml)")
    assert disagreements(PYPROJECT, with_pytest) == [
        "pytest: pinned for pyproject.toml, which no longer asks for it"]
    assert disagreements(PYPROJECT, agreeing, "dev") == [
        "pytest>=8: asked for by pyproject.toml, not in the lock",
        "discord-py: pinned for pyproject.toml, which no longer asks for it",
        "orjson: pinned for pyproject.toml, which no longer asks for it",
        "setuptools: pinned for pyproject.toml, which no longer asks for it"]
