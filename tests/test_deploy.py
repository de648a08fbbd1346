"""deploy/marquee.service, the systemd unit a host installs: systemd itself finds nothing wrong
with it (where systemd-analyze is installed), and it does what the README promises: reads
.env, checks the settings and migrates before each start, restarts on failure, and stops the
bot by SIGTERM with time to hand its games over."""
from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "deploy" / "marquee.service"
INSTALLED_AT = "/opt/marquee"


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # systemd's keys are cased
    parser.read_string(UNIT.read_text())
    return parser


def test_the_unit_restarts_on_failure_reads_env_and_checks_before_each_start():
    service = unit()["Service"]
    assert service["WorkingDirectory"] == INSTALLED_AT
    assert service["EnvironmentFile"] == f"{INSTALLED_AT}/.env"
    assert service["ExecStartPre"].endswith("python3 tasks.py bot check --offline")
    assert service["ExecStart"].endswith("python3 tasks.py bot")
    assert service["Restart"] == "on-failure"
    assert service["KillSignal"] == "SIGTERM"
    assert service["ReadWritePaths"] == INSTALLED_AT  # .venv, var/ (the SQLite file) and out/
    assert unit()["Install"]["WantedBy"] == "multi-user.target"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_finds_nothing_wrong_with_the_unit(tmp_path):
    """The unit as installed in this checkout (its paths must exist for systemd to verify it)."""
    installed = tmp_path / "marquee.service"
    installed.write_text(UNIT.read_text().replace(INSTALLED_AT, str(ROOT)).replace("User=marquee", "User=root")
                         .replace("Group=marquee", "Group=root"))
    done = subprocess.run(["systemd-analyze", "verify", str(installed)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr
