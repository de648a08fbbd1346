"""Fixtures for any test: a PostgreSQL server, the kinds of store a test runs against, and
the guard that fails a test reaching beside the checkout (tests/checkout_guard.py)."""
from __future__ import annotations

import pytest

from tests import checkout_guard, postgres


def pytest_configure(config: pytest.Config) -> None:
    checkout_guard.install()


@pytest.fixture(autouse=True)
def _nothing_read_beside_the_checkout():
    """A test (or what it starts) that opens, lists or runs anything beside the checkout fails:
    a clone has nothing there."""
    checkout_guard.taken()  # what collection or another fixture did is not this test's
    yield
    if reached := checkout_guard.taken():
        pytest.fail("reached outside the checkout (a clone has nothing there; vendor what the "
                    "tests need):\n" + "\n".join(reached[:10]), pytrace=False)


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
