"""Fixtures the host tests share."""
from __future__ import annotations

import pytest

from bot import settings as settings_module
from bot.table.service import Tables
from tests.postgres import open_test_store


@pytest.fixture
async def store(store_kind, tmp_path):
    """A fresh store of each kind (a module may pin one with its own ``store_kind``)."""
    store = await open_test_store(store_kind, tmp_path)
    yield store
    await store.close()


@pytest.fixture
async def tables(store_kind, tmp_path):
    """The real table service on a fresh store of each kind (a test module may define its own)."""
    store = await open_test_store(store_kind, tmp_path)
    yield Tables(store)
    await store.close()


#: Every setting the bot reads from its environment.
SETTINGS = ("DISCORD_TOKEN", "MARQUEE_DB", "DEV_GUILD_ID", "REMINDER_HOURS", "LOG_LEVEL",
            "MARQUEE_GUILD_READY_TIMEOUT", "MARQUEE_API_BASE", "MARQUEE_GATEWAY_URL",
            "MARQUEE_SHARDS", "MARQUEE_SHARD_COUNT", "MARQUEE_LEASE_SECONDS",
            "MARQUEE_DRAWING_WORKERS", "MARQUEE_STRONG_BOTS", "MARQUEE_HTTP_PORT", "MARQUEE_HTTP_HOST", "MARQUEE_LOG_FORMAT",
            "MARQUEE_PUBLIC_URL", "MARQUEE_WEB_PORT", "MARQUEE_WEB_HOST",
            "MARQUEE_MEMBERS_INTENT", "MARQUEE_TRUSTED_PROXIES", "MARQUEE_TEST_OUTBOX_BASE_DELAY")


@pytest.fixture
def env(monkeypatch):
    """A clean environment (no .env file read either); returns a setter."""
    monkeypatch.setattr(settings_module, "load_dotenv", lambda *args, **kwargs: None)
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)

    def set_env(**values: str) -> None:
        for name, value in values.items():
            monkeypatch.setenv(name, value)

    return set_env
