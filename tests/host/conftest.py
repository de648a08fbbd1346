"""Fixtures the host tests share."""
from __future__ import annotations

import pytest

from bot.table.service import Tables
from tests.postgres import open_test_store


@pytest.fixture
async def tables(store_kind, tmp_path):
    """The real table service on a fresh store of each kind (a test module may define its own)."""
    store = await open_test_store(store_kind, tmp_path)
    yield Tables(store)
    await store.close()
