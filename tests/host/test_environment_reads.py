"""Every environment variable the bot reads goes through bot/settings.py (issue 35), where it
is checked and a bad value named in a sentence: read anywhere else, "abc" was a traceback at
start and "0" an outbox looking for work ~1,900 times a second (MARQUEE_OUTBOX_BASE_DELAY).

The source of the bot (bot/, cogs/, rendering/) is read as Python, not searched as text, so
a read is found however it is spelled: ``os.environ.get``, ``os.getenv``, ``environ[...]``,
``from os import environ``, ``os.environ.copy()``, ``{**os.environ}``, or dotenv. Only
writing a variable for the settings to read (``os.environ[name] = value``) is no read."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "cogs", "rendering")
SETTINGS = ROOT / "bot" / "settings.py"
#: Names that reach the environment: os's, posix's, and python-dotenv's.
ENVIRONMENT = {"environ", "environb", "getenv", "getenvb", "putenv", "unsetenv"}
DOTENV = "dotenv"


def environment_reads(source: str) -> list[tuple[int, str]]:
    """Where ``source`` touches the environment other than by writing one variable: (line, what)."""
    tree = ast.parse(source)
    written = {id(node.value) for node in ast.walk(tree)
               if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ENVIRONMENT and id(node) not in written:
            found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Name) and node.id in ENVIRONMENT and id(node) not in written:
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("os", "posix", DOTENV):
            names = [alias.name for alias in node.names]
            if node.module == DOTENV or ENVIRONMENT.intersection(names) or "*" in names:
                found.append((node.lineno, f"from {node.module} import {', '.join(names)}"))
        elif isinstance(node, ast.Import) and any(alias.name.split(".")[0] == DOTENV for alias in node.names):
            found.append((node.lineno, "import dotenv"))
    return sorted(found)


def sources() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def test_the_bot_reads_its_environment_in_settings_alone():
    reads = [f"{path.relative_to(ROOT)}:{line}: {what}" for path in sources() if path != SETTINGS
             for line, what in environment_reads(path.read_text(encoding="utf-8"))]
    assert not reads, ("read the environment through bot/settings.py (a checked setting, or a test-only "
                       "MARQUEE_TEST_… one):\n" + "\n".join(reads))


def test_the_scan_covers_the_bot_and_finds_settings_reads():
    assert len(sources()) > 100 and SETTINGS in sources()
    assert environment_reads(SETTINGS.read_text(encoding="utf-8")), "settings.py reads it: the scan must see that"


@pytest.mark.parametrize("read", [
    "import os\nos.environ.get('MARQUEE_X')",
    "import os\nos.environ['MARQUEE_X']",
    "import os\nos.getenv('MARQUEE_X', '1')",
    "import os\nos.environ.copy()",
    "import os\nenv = {**os.environ}",
    "import os\nfor name in os.environ: pass",
    "import os\n'MARQUEE_X' in os.environ",
    "import os as system\nsystem.environ.get('MARQUEE_X')",
    "from os import environ\nenviron['MARQUEE_X']",
    "from os import getenv",
    "from os import *",
    "import posix\nposix.environ[b'MARQUEE_X']",
    "import os\nos.environb[b'MARQUEE_X']",
    "from dotenv import dotenv_values",
    "import dotenv",
    "import os\nos.environ.pop('MARQUEE_X')",
    "import os\nos.environ.setdefault('MARQUEE_X', '1')",
    "import os\nos.environ['A'] = os.environ['B']",  # a write, of a read
])
def test_every_spelling_of_a_read_is_found(read):
    assert environment_reads(read), read


def test_writing_a_variable_for_the_settings_is_no_read():
    assert environment_reads("import os\nos.environ['MARQUEE_SHARDS'] = '0,1'") == []
