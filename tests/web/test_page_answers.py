"""Headers everywhere, versions nowhere (issue 38, point 5): aiohttp's own answers to a
malformed request, which pass no middleware, carry the pages' security headers too, and no
answer names the Python or aiohttp version it comes from."""
from __future__ import annotations

import asyncio

import aiohttp

from bot.web.server import HEADERS
from tests.web.games import bot_game, open_pages

MALFORMED = (b"GET /g/x HTTP/1.1\r\nHost: x\r\nBroken header without a colon\r\n\r\n",
             b"GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n",
             b"NOT-A-METHOD\r\n\r\n")


async def raw_answer(port: int, request: bytes) -> tuple[int, dict[str, str]]:
    """Send ``request`` as bytes and read the answer's status and headers."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(request)
    await writer.drain()
    head = (await reader.read(65536)).decode("latin-1").split("\r\n\r\n", 1)[0].split("\r\n")
    writer.close()
    status = int(head[0].split()[1])
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in head[1:])}
    return status, headers


def versionless(headers: dict[str, str]) -> bool:
    server = headers.get("server", "")
    return "python" not in server.lower() and "aiohttp" not in server.lower() and not any(c.isdigit() for c in server)


async def test_every_answer_carries_the_headers_and_names_no_version(tmp_path):
    store, tables, links, pages = await open_pages(tmp_path / "answers.sqlite", rate=1000, burst=1000)
    await pages.start("127.0.0.1", 0)
    try:
        for request in MALFORMED:
            status, headers = await raw_answer(pages.port, request)
            assert status == 400, request
            for name, value in HEADERS.items():
                assert headers.get(name.lower()) == value, (request, name)
            assert versionless(headers), headers
        table = await bot_game(tables, "san-francisco-scene", 2, moves=2)
        async with aiohttp.ClientSession() as session:
            for path in (f"/g/{links.token(table.id)}", "/g/nothing", "/static/page.css"):
                async with session.get(f"http://127.0.0.1:{pages.port}{path}") as answer:
                    assert answer.headers["X-Frame-Options"] == "DENY", path
                    assert versionless({k.lower(): v for k, v in answer.headers.items()}), path
    finally:
        await pages.stop()
        await store.close()
