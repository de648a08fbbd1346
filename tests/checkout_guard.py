"""The suite reads nothing beside the checkout: an audit hook (PEP 578) that notes every file
opened, folder listed or program started in a folder beside the checkout (where a sibling such
as the shared reference folder is found on a developer's machine and is missing from a clone).
tests/conftest.py fails the test that did it.

Watched are the entries of the checkout's parent folder present when the hook is installed,
except scratch space the suite may use wherever the checkout is kept (the system's temporary
folder, pytest's, Python's own installation) and hidden ones (a home folder's caches). Audit
hooks cannot be removed, so ``install`` adds the hook once per process; it is called for every
audited event, so it returns at once for all but the few it watches."""
from __future__ import annotations

import os
import site
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Events whose first argument is a path read or listed.
_PATH_EVENTS = frozenset({"open", "os.listdir", "os.scandir", "glob.glob", "shutil.copytree",
                          "shutil.copyfile", "os.chdir"})
_PROGRAM_EVENT = "subprocess.Popen"  # (executable, args, cwd, env)

_installed = False
_outside: list[str] = []


def _prefixes(*paths: str | Path) -> tuple[str, ...]:
    found: set[str] = set()
    for path in paths:
        for form in (os.path.abspath(path), os.path.realpath(path)):
            found.add(form.rstrip(os.sep) + os.sep)
    return tuple(sorted(found))


def _watched_siblings() -> tuple[str, ...]:
    """The entries beside the checkout, less scratch space: a sibling that is, or holds, the
    temporary folder or a Python installation (a checkout kept in /tmp, or beside /usr), and
    pytest's and tempfile's own folders and hidden ones."""
    scratch = _prefixes(tempfile.gettempdir(), sys.prefix, sys.base_prefix, sys.exec_prefix,
                        site.getuserbase())
    siblings = []
    for entry in ROOT.parent.iterdir():
        if entry.name.startswith((".", "pytest-of-", "tmp")) or entry.resolve() == ROOT:
            continue
        if any(place.startswith(_prefixes(entry)) for place in scratch):
            continue
        siblings.append(entry)
    return _prefixes(*siblings) if siblings else ()


_BESIDE: tuple[str, ...] = ()


def beside_the_checkout(path: object) -> bool:
    """Whether ``path`` (a str, bytes or path-like; relative ones from the working folder) is
    in a watched folder beside the checkout."""
    if isinstance(path, int) or path is None:  # a file descriptor
        return False
    try:
        text = os.fsdecode(os.fspath(path))  # type: ignore[arg-type]
    except TypeError:
        return False
    return bool(_BESIDE) and (os.path.abspath(text) + os.sep).startswith(_BESIDE)


def _audit(event: str, args: tuple) -> None:
    if event in _PATH_EVENTS:
        if args and beside_the_checkout(args[0]):
            _outside.append(f"{event} {args[0]!s}")
    elif event == _PROGRAM_EVENT:
        _, argv, cwd, _ = args
        named = [cwd, *(argv if isinstance(argv, (list, tuple)) else [argv])]
        for path in named:
            if isinstance(path, (str, bytes, os.PathLike)) and os.path.isabs(os.fsdecode(path)) \
                    and beside_the_checkout(path):
                _outside.append(f"{event} {path!s}")


def install() -> bool:
    """Watch this process from now on; False where the checkout's parent is the file system's
    root (the system itself would be beside it: nothing is watched)."""
    global _installed, _BESIDE
    if ROOT.parent == Path(ROOT.anchor):
        return False
    if not _installed:
        _BESIDE = _watched_siblings()
        sys.addaudithook(_audit)
        _installed = True
    return True


def taken() -> list[str]:
    """What was reached beside the checkout since the last call."""
    found = list(_outside)
    del _outside[: len(found)]
    return found
