"""Who a game page's reader is (issue 35): X-Forwarded-For is believed only from a trusted
proxy (MARQUEE_TRUSTED_PROXIES), read from the right past the trusted hops, and an IPv6
reader is its /64. Through the real listener where the peer can be loopback (aiohttp's test
server), with a request's peer set by hand where it cannot."""
from __future__ import annotations

import ipaddress

import pytest
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request

from bot.delivery.drawing import Drawing
from bot.settings import LOOPBACK
from bot.web.server import Pages, Readers, bucket_of
from tests.web.games import bot_game, open_pages

PROXY_NET = ipaddress.ip_network("10.0.0.0/8")
PROXIES = Readers([PROXY_NET, *LOOPBACK])


def asked(peer: str, *forwarded: str):
    """A request from ``peer``, with each of ``forwarded`` as an X-Forwarded-For header."""
    headers = [("X-Forwarded-For", value) for value in forwarded]
    return make_mocked_request("GET", "/g/x", headers=headers).clone(remote=peer)


@pytest.fixture
async def limited(tmp_path):
    """``serve(trusted)``: a client of pages allowing 3 requests a reader (no refill), the peer
    (loopback) a trusted proxy or not; and one game's page."""
    store, tables, links, _ = await open_pages(tmp_path / "readers.sqlite")
    table = await bot_game(tables, "san-francisco-scene", 2, moves=2)
    clients = []

    async def serve(trusted) -> TestClient:
        pages = Pages(store, Drawing.in_thread(), links, rate=0.0001, burst=3, trusted_proxies=trusted)
        client = TestClient(TestServer(pages.app()))
        await client.start_server()
        clients.append(client)
        return client

    yield serve, f"/g/{links.token(table.id)}"
    for client in clients:
        await client.close()
    await store.close()


async def statuses(client: TestClient, path: str, forwarded: list[str]) -> list[int]:
    return [(await client.get(path, headers={"X-Forwarded-For": hop})).status for hop in forwarded]


async def test_a_forged_header_from_an_untrusted_peer_is_ignored(limited):
    serve, page = limited
    client = await serve([PROXY_NET])  # the proxy is elsewhere: this machine is a reader like any
    rotating = [f"203.0.113.{n}" for n in range(6)]
    assert await statuses(client, page, rotating) == [200, 200, 200, 429, 429, 429]


async def test_a_trusted_proxy_is_believed_for_the_reader_it_forwards(limited):
    serve, page = limited
    client = await serve(LOOPBACK)
    # Readers the proxy saw: each its own bucket, one reader's burst spends nobody else's.
    assert await statuses(client, page, ["203.0.113.1"] * 4) == [200, 200, 200, 429]
    assert await statuses(client, page, ["203.0.113.2"]) == [200]
    # A reader writing its own X-Forwarded-For: the proxy appends what it saw, which is what counts.
    forged = [f"198.51.100.{n}, 203.0.113.1" for n in range(3)]
    assert await statuses(client, page, forged) == [429, 429, 429]
    assert await statuses(client, page, ["203.0.113.1, 203.0.113.2"]) == [200]  # 203.0.113.2's own


async def test_the_readers_of_one_ipv6_64_share_a_bucket(limited):
    serve, page = limited
    client = await serve(LOOPBACK)
    one_home = ["2001:db8:1:2::a", "2001:db8:1:2:ffff::1", "2001:db8:1:2:abcd:ef01:2345:6789", "2001:db8:1:2::b"]
    assert await statuses(client, page, one_home) == [200, 200, 200, 429]
    assert await statuses(client, page, ["2001:db8:1:3::a"]) == [200]  # the next /64: another home


def test_the_client_is_the_rightmost_hop_that_is_not_a_trusted_proxy():
    assert PROXIES.client(asked("10.0.0.5", "198.51.100.7, 203.0.113.9, 10.0.0.9")) == ipaddress.ip_address(
        "203.0.113.9")
    # Several headers are one list, in order.
    assert PROXIES.client(asked("10.0.0.5", "198.51.100.7", "203.0.113.9, 10.0.0.9")) == ipaddress.ip_address(
        "203.0.113.9")
    # Every hop a proxy of ours: the farthest asked (a health check from inside, say).
    assert PROXIES.client(asked("127.0.0.1", "10.0.0.3, 10.0.0.9")) == ipaddress.ip_address("10.0.0.3")
    # No header from a proxy: the proxy itself.
    assert PROXIES.client(asked("10.0.0.5")) == ipaddress.ip_address("10.0.0.5")


def test_an_untrusted_peer_is_the_client_whatever_it_forwards():
    for peer in ("203.0.113.9", "2001:db8::1", "11.0.0.1"):
        assert PROXIES.client(asked(peer, "10.0.0.1, 127.0.0.1")) == ipaddress.ip_address(peer)
    assert Readers([]).client(asked("127.0.0.1", "203.0.113.9")) == ipaddress.ip_address("127.0.0.1")


def test_hops_with_ports_and_ipv4_in_ipv6_are_read_and_garbage_stops_the_walk():
    assert PROXIES.client(asked("10.0.0.5", "203.0.113.9:51234")) == ipaddress.ip_address("203.0.113.9")
    assert PROXIES.client(asked("10.0.0.5", "[2001:db8::7]:443")) == ipaddress.ip_address("2001:db8::7")
    # A listener on :: sees IPv4 peers as ::ffff:a.b.c.d: still a proxy of 10.0.0.0/8.
    assert PROXIES.client(asked("::ffff:10.0.0.5", "203.0.113.9")) == ipaddress.ip_address("203.0.113.9")
    assert PROXIES.bucket(asked("::ffff:203.0.113.9")) == "203.0.113.9"
    # What is not an address is no client: the last hop that was one stands (here, a proxy).
    for junk in ("unknown", "", "203.0.113.9 (yes)", "1.2.3.4.5", "[::1"):
        assert PROXIES.client(asked("10.0.0.5", f"198.51.100.1, {junk}, 10.0.0.9")) == ipaddress.ip_address(
            "10.0.0.9"), junk


def test_a_bucket_is_an_ipv4_address_or_an_ipv6_64():
    assert bucket_of(ipaddress.ip_address("203.0.113.9")) == "203.0.113.9"
    assert bucket_of(ipaddress.ip_address("2001:db8:1:2:3:4:5:6")) == "2001:db8:1:2::/64"
    assert PROXIES.bucket(asked("10.0.0.5", "2001:db8:1:2::1")) == PROXIES.bucket(asked("2001:db8:1:2:9::9"))
