"""Fixtures the host tests share."""
from __future__ import annotations

import pytest

from bot.store import Store
from bot.tables import Tables


@pytest.fixture
async def tables(tmp_path):
    """The real table service on a fresh SQLite file (a test module may define its own)."""
    store = await Store.open(tmp_path / "games.sqlite")
    yield Tables(store)
    await store.close()
