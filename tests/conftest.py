"""Fixtures for any test: a PostgreSQL server, and the kinds of store a test runs against."""
from __future__ import annotations

import pytest

from tests import postgres


@pytest.fixture(scope="session")
def postgres_cluster():
    """A throwaway PostgreSQL server for this test process (each xdist worker has its own)."""
    try:
        cluster = postgres.Cluster.start()
    except postgres.Unavailable as missing:
        pytest.skip(str(missing))
    postgres.running = cluster
    yield cluster
    postgres.running = None
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_kind(request):
    """Run the test against each store: ``open_test_store(store_kind, tmp_path)``."""
    if request.param == "postgresql":
        request.getfixturevalue("postgres_cluster")
    return request.param


@pytest.fixture(autouse=True)
def _test_databases_emptied_after():
    """The databases a test opened (``open_test_store``, ``Cluster.database_for``) are emptied
    for the next test once it is over."""
    yield
    if postgres.running is not None:
        postgres.running.retire()
