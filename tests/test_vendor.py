"""vendor/discord-api/ holds Discord's OpenAPI description with its licence and upstream
version, and ``python3 tasks.py vendor --from DIR`` refreshes it whole (or not at all)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tools import vendor_discord_api as vendor

VENDORED = Path(__file__).resolve().parent.parent / "vendor" / "discord-api"


def test_the_vendored_description_names_its_licence_and_upstream_commit():
    assert "MIT License" in (VENDORED / "LICENSE").read_text()
    assert re.fullmatch(r"[0-9a-f]{40} .+", (VENDORED / "VERSION").read_text().strip())
    spec = json.loads((VENDORED / "openapi.json").read_text())
    assert spec["openapi"].startswith("3.1") and "/channels/{channel_id}/messages" in spec["paths"]


def upstream(folder: Path, *, spec: dict | None = None, licence: str = "MIT License\n") -> Path:
    folder.mkdir()
    (folder / "openapi.json").write_text(json.dumps(spec or {"openapi": "3.1.0", "paths": {}}))
    (folder / "LICENSE").write_text(licence)
    (folder / "VERSION").write_text("0123456789abcdef0123456789abcdef01234567 2026-11-01T00:00:00Z\n")
    return folder


def test_a_refresh_from_a_folder_replaces_the_three_files(tmp_path):
    into = tmp_path / "vendor" / "discord-api"
    into.mkdir(parents=True)
    (into / "README.md").write_text("kept")
    version = vendor.refresh(vendor._from_folder(upstream(tmp_path / "new")), into)
    assert version.startswith("0123456789abcdef")
    assert sorted(path.name for path in into.iterdir()) == ["LICENSE", "README.md", "VERSION", "openapi.json"]
    assert (into / "README.md").read_text() == "kept"


@pytest.mark.parametrize(("spec", "licence", "said"), [
    ({"swagger": "2.0", "paths": {}}, "MIT License\n", "not an OpenAPI 3.1 description"),
    (None, "All rights reserved\n", "not the MIT licence"),
])
def test_a_refresh_that_would_break_the_simulator_changes_nothing(tmp_path, spec, licence, said):
    into = tmp_path / "vendor"
    into.mkdir()
    (into / "openapi.json").write_text("old")
    with pytest.raises(ValueError, match=said):
        vendor.refresh(vendor._from_folder(upstream(tmp_path / "new", spec=spec, licence=licence)), into)
    assert [path.name for path in into.iterdir()] == ["openapi.json"]
    assert (into / "openapi.json").read_text() == "old"


def test_the_command_says_what_it_did_or_why_not(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(vendor, "VENDORED", tmp_path / "into")
    assert vendor.main(["--from", str(upstream(tmp_path / "new"))]) == 0
    assert "is now discord/discord-api-spec at 0123456789abcdef" in capsys.readouterr().out
    assert (tmp_path / "into" / "LICENSE").read_text() == "MIT License\n"
    assert vendor.main(["--from", str(tmp_path / "missing")]) == 1
    assert "Could not read" in capsys.readouterr().err
    assert vendor.main(["--frm"]) == 2
