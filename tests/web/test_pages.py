"""The game pages without a browser (issue 27): the link, what a wrong one gets, the
headers, the rate limit, the language, the boards as ``/game board move:N`` draws them,
and the link in the thread's first post."""
from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.games import registry
from bot.launcher import own_port
from bot.settings import Settings
from bot.table import history
from bot.web.cache import Kept
from bot.web.links import Links, stored_secret
from bot.web.server import HEADERS
from tests.web.games import HOST, PUBLIC_URL, bot_game, open_pages


@pytest.fixture
async def served(tmp_path):
    store, tables, links, pages = await open_pages(tmp_path / "pages.sqlite", rate=1000, burst=1000)
    client = TestClient(TestServer(pages.app()))
    await client.start_server()
    yield store, tables, links, pages, client
    await client.close()
    await store.close()


def test_a_link_is_its_game_alone_and_a_changed_one_is_nobodys():
    links = Links(b"k" * 32, PUBLIC_URL + "/")
    token = links.token(42)
    assert links.url(42) == f"{PUBLIC_URL}/g/{token}"
    assert links.game_of(token) == 42
    tag = token.split("-", 1)[1]
    for wrong in (f"43-{tag}", token[:-1] + ("A" if token[-1] != "A" else "B"), token + "x", "42", f"042-{tag}",
                  "", "../42"):
        assert links.game_of(wrong) is None, wrong
    assert Links(b"j" * 32, PUBLIC_URL).game_of(token) is None  # another bot's secret


async def test_every_process_makes_the_same_links_from_the_store(tmp_path):
    store, _, first, _ = await open_pages(tmp_path / "one.sqlite")
    try:
        assert Links(await stored_secret(store), PUBLIC_URL).token(7) == first.token(7)
    finally:
        await store.close()


async def test_the_page_shows_the_game_with_its_headers_and_wrong_links_get_a_404(served):
    _store, tables, links, _pages, client = served
    table = await bot_game(tables, "san-francisco-scene", 2, moves=12)
    token = links.token(table.id)
    answer = await client.get(f"/g/{token}")
    page = await answer.text()
    assert answer.status == 200
    for name, value in HEADERS.items():
        assert answer.headers[name] == value
    assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
    status = registry.game("san-francisco-scene").status(table.state)
    assert 'data-moves="12"' in page and f'src="{token}/board/12.png"' in page
    assert "Bot Ada" in page and status.split("{")[0][:20] in page
    for path in (f"/g/{token[:-2]}xy", f"/g/{table.id + 1}-{token.split('-')[1]}", "/g/", "/", "/games",
                 f"/g/{token}/board/13.png", f"/g/{token}/log/9", f"/g/{token}/summary.png", "/static/x.js"):
        wrong = await client.get(path)
        assert wrong.status == 404, path
        assert "There is no game page at this address." in await wrong.text()
        assert wrong.headers["X-Frame-Options"] == "DENY"
    lobby = await tables.create("billboard", HOST, seed=3, host_seated=False)
    assert (await client.get(f"/g/{links.token(lobby.id)}")).status == 404  # nothing dealt yet


async def test_boards_are_drawn_once_a_move_the_way_game_board_draws_them(served):
    store, tables, links, pages, client = served
    table = await bot_game(tables, "advance-to-boardwalk", 2, moves=15)
    token = links.token(table.id)
    kit = registry.kit("advance-to-boardwalk")
    for move in (0, 1, 15):
        kept = await store.checkpoint(table.id, move, move)
        expected = await pages.drawing.draw(kit.render, history.view_at(kit.game, table, kept), "board")
        answers = await asyncio.gather(*(client.get(f"/g/{token}/board/{move}.png") for _ in range(3)))
        assert {await a.read() for a in answers} == {expected}
        assert answers[0].content_type == "image/png"
    assert pages.kept.made == 3  # three boards, each drawn once for its three readers


async def test_the_page_is_built_once_a_version_and_follows_the_game(served):
    _store, tables, links, pages, client = served
    pages.fresh = 0.0  # every request reads the store
    table = await bot_game(tables, "billboard", 3, moves=5)
    token = links.token(table.id)
    first = await (await client.get(f"/g/{token}")).read()
    assert await (await client.get(f"/g/{token}")).read() == first
    made = pages.kept.made
    await tables.run_bots(table.id, limit=1)
    assert (await (await client.get(f"/g/{token}/version")).text()) == str(table.record.version + 1)
    later = await (await client.get(f"/g/{token}")).text()
    assert 'data-moves="6"' in later and pages.kept.made == made + 1


async def test_an_address_asking_too_fast_gets_a_429_page(tmp_path):
    store, tables, links, pages = await open_pages(tmp_path / "busy.sqlite", rate=0.001, burst=3)
    try:
        table = await bot_game(tables, "san-francisco-scene", 2, moves=2)
        async with TestClient(TestServer(pages.app())) as client:
            statuses = [(await client.get(f"/g/{links.token(table.id)}")).status for _ in range(4)]
            assert statuses == [200, 200, 200, 429]
            refused = await client.get(f"/g/{links.token(table.id)}")
            assert refused.headers["Retry-After"] and "Too many requests" in await refused.text()
            # Behind a proxy on this machine, each reader is counted by the address it forwards.
            other = await client.get(f"/g/{links.token(table.id)}", headers={"X-Forwarded-For": "203.0.113.9"})
            assert other.status == 200
    finally:
        await store.close()


async def test_a_polish_table_gets_a_polish_page_and_a_finished_game_its_summary(served):
    _store, tables, links, _pages, client = served
    table = await bot_game(tables, "billboard", 3, options={"language": "pl"})
    assert table.record.result is not None
    token = links.token(table.id)
    page = await (await client.get(f"/g/{token}")).text()
    assert '<html lang="pl">' in page and "Przebieg gry" in page and "Powtórka" in page
    assert "The story so far" not in page
    assert f'src="{token}/summary.png"' in page
    summary = await client.get(f"/g/{token}/summary.png")
    assert summary.status == 200 and (await summary.read()).startswith(b"\x89PNG")
    older = await client.get(f"/g/{token}/log/0")
    assert older.status == 200 and 'data-move="0"' in await older.text()


async def test_the_link_is_posted_once_when_the_game_starts(served):
    store, tables, links, _pages, _client = served
    table = await bot_game(tables, "san-francisco-scene", 2, moves=3)
    texts = [str(item.payload) for item in await store.unsent(limit=1000) if item.game_id == table.id]
    assert sum(links.url(table.id) in text for text in texts) == 1


def test_each_process_of_several_serves_pages_on_its_own_port():
    served = Settings(token=None, database=":memory:", dev_guild_id=None, log_level="INFO", public_url=PUBLIC_URL)
    assert own_port(replace(served, web_port=8200), 2) == {"MARQUEE_WEB_PORT": "8202"}
    assert own_port(served, 1) == {"MARQUEE_WEB_PORT": "8081"}
    assert own_port(replace(served, public_url=None, web_port=8200), 1) == {}  # pages off


async def test_any_process_serves_any_game_from_the_shared_store(tmp_path):
    """Two processes on one database: the game moved by one is served, as it stands, by the other."""
    path = tmp_path / "shared.sqlite"
    store, tables, links, _ = await open_pages(path)
    other_store, _, other_links, other_pages = await open_pages(path, fresh=0.0)
    try:
        assert other_links.token(5) == links.token(5)  # the same secret, from the store
        table = await bot_game(tables, "hollywood-boulevard", 2, moves=4, options={"rounds": 4})
        async with TestClient(TestServer(other_pages.app())) as client:
            assert 'data-moves="4"' in await (await client.get(f"/g/{links.token(table.id)}")).text()
            await tables.run_bots(table.id, limit=1)
            assert 'data-moves="5"' in await (await client.get(f"/g/{links.token(table.id)}")).text()
    finally:
        await other_store.close()
        await store.close()


async def test_what_the_pages_keep_is_bounded_and_each_thing_made_once():
    kept = Kept(limit=10)
    made: list[str] = []

    async def make(key: str) -> bytes:
        made.append(key)
        await asyncio.sleep(0)
        return key.encode() * 4

    assert await asyncio.gather(*(kept.get_or_make("a", lambda: make("a")) for _ in range(5))) == [b"aaaa"] * 5
    await kept.get_or_make("b", lambda: make("b"))
    await kept.get_or_make("c", lambda: make("c"))  # 12 bytes: "a", the least recently used, goes
    assert made == ["a", "b", "c"] and kept.get("a") is None and kept.size <= 10 and len(kept) == 2
