"""Settings from the environment (and a .env file beside the project, if present)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Settings:
    token: str | None
    database: Path
    dev_guild_id: int | None
    log_level: str
    reminder_hours: float = 12.0
    # Set only by the simulated Discord in tests: where the REST API and gateway are.
    api_base: str | None = None
    gateway_url: str | None = None
    guild_ready_timeout: float | None = None

    @classmethod
    def from_env(cls) -> "Settings":
        load_dotenv(ROOT / ".env")
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        database = Path(os.environ.get("MARQUEE_DB") or ROOT / "var" / "marquee.sqlite")
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database=database if database.is_absolute() else ROOT / database,
            dev_guild_id=int(guild) if guild else None,
            log_level=os.environ.get("LOG_LEVEL", "INFO").upper(),
            reminder_hours=float(os.environ.get("REMINDER_HOURS") or 12),
            api_base=os.environ.get("MARQUEE_API_BASE") or None,
            gateway_url=os.environ.get("MARQUEE_GATEWAY_URL") or None,
            guild_ready_timeout=float(os.environ["MARQUEE_GUILD_READY_TIMEOUT"])
            if os.environ.get("MARQUEE_GUILD_READY_TIMEOUT") else None,
        )
