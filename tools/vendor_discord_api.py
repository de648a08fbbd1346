"""Refresh the vendored copy of Discord's OpenAPI description (vendor/discord-api/).

    python3 tasks.py vendor                 the newest commit of discord/discord-api-spec
    python3 tasks.py vendor COMMIT          a given commit (or branch, or tag)
    python3 tasks.py vendor --from DIR      a folder holding openapi.json, LICENSE and VERSION

The simulated Discord (tests/discord_sim) checks every request the bot sends against this
description. It is kept inside the project, with its MIT licence and the upstream commit it
was taken from (VERSION: "<commit sha> <commit date>"), so a clone needs nothing beside it.
Standard library only: tasks.py runs it before any virtualenv exists.
"""
from __future__ import annotations

import json
import shutil
import sys
import urllib.request
from pathlib import Path

VENDORED = Path(__file__).resolve().parents[1] / "vendor" / "discord-api"
UPSTREAM = "discord/discord-api-spec"
FILES = {"openapi.json": "specs/openapi.json", "LICENSE": "LICENSE"}


def _get(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "marquee-vendor"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return bytes(response.read())


def _from_upstream(ref: str) -> dict[str, bytes]:
    commit = json.loads(_get(f"https://api.github.com/repos/{UPSTREAM}/commits/{ref}"))
    sha, date = commit["sha"], commit["commit"]["committer"]["date"]
    got = {name: _get(f"https://raw.githubusercontent.com/{UPSTREAM}/{sha}/{path}")
           for name, path in FILES.items()}
    got["VERSION"] = f"{sha} {date}\n".encode()
    return got


def _from_folder(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in (*FILES, "VERSION")}


def _checked(files: dict[str, bytes]) -> dict[str, bytes]:
    """Refuse what would break the simulator: not an OpenAPI 3.1 description, or no licence."""
    spec = json.loads(files["openapi.json"])
    if not str(spec.get("openapi", "")).startswith("3.1") or "paths" not in spec:
        raise ValueError("openapi.json is not an OpenAPI 3.1 description with paths")
    if b"MIT License" not in files["LICENSE"]:
        raise ValueError("LICENSE is not the MIT licence the description is published under")
    return files


def refresh(files: dict[str, bytes], into: Path | None = None) -> str:
    """Write the checked files into ``into`` (the vendored folder); the VERSION line written."""
    into = into or VENDORED
    into.mkdir(parents=True, exist_ok=True)
    staging = into.with_name(into.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    for name, content in _checked(files).items():
        (staging / name).write_bytes(content)
    for name in files:  # each file replaced whole; README.md and the rest stay
        (staging / name).replace(into / name)
    staging.rmdir()
    return files["VERSION"].decode().strip()


def main(argv: list[str]) -> int:
    if argv[:1] == ["--from"] and len(argv) == 2:
        source, fetch = argv[1], lambda: _from_folder(Path(argv[1]))
    elif len(argv) <= 1 and not any(arg.startswith("-") for arg in argv):
        ref = argv[0] if argv else "main"
        source, fetch = f"{UPSTREAM} at {ref}", lambda: _from_upstream(ref)
    else:
        print(__doc__)
        return 2
    try:
        files = fetch()
    except OSError as error:
        print(f"Could not read {source}: {error}", file=sys.stderr)
        return 1
    try:
        version = refresh(files)
    except (ValueError, KeyError) as problem:
        print(f"Not vendored: {problem}", file=sys.stderr)
        return 1
    print(f"vendor/discord-api/ is now {UPSTREAM} at {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
