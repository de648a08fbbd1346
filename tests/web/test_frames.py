"""A game page's boards and the thread's (issue 37): the board a post drew is the page's frame
for that move, drawn once; a frame the drawing pool dropped (its reader asked for a newer one,
or left) is answered so the browser asks again and keeps nothing; a reader is gone once their
connection is closing."""
from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request

from bot.delivery.dispatcher import Dispatcher
from bot.delivery.drawing import Dropped
from bot.delivery.outgoing import Outgoing, Posted
from bot.table.notices import Moments
from bot.table.service import Tables
from bot.web.server import Pages
from tests.web.games import bot_game, open_pages


class Thread:
    """A transport that keeps every picture posted, by file name."""

    def __init__(self) -> None:
        self.pictures: dict[str, bytes] = {}
        self.posts = 0

    async def post(self, table: Any, message: Outgoing) -> Posted:
        self.pictures.update(message.images)
        self.posts += 1
        return Posted(channel_id=1, message_id=self.posts)

    async def edit(self, table: Any, posted: Posted, message: Outgoing) -> Posted:
        self.pictures.update(message.images)
        return posted

    async def send_private(self, table: Any, seat: Any, message: Outgoing) -> bool:
        return True

    async def notice(self, table: Any, text: str) -> None:
        return None


@pytest.fixture
async def served(tmp_path):
    store, _, links, pages = await open_pages(tmp_path / "frames.sqlite", rate=1000, burst=1000)
    moments = Moments()
    thread = Thread()
    dispatcher = Dispatcher(store, thread, drawing=pages.drawing, moments=moments)
    tables = Tables(store, autoplay_bots=False, moments=moments)
    client = TestClient(TestServer(pages.app()))
    await client.start_server()
    yield tables, links, pages, dispatcher, thread, client
    await client.close()
    await store.close()


async def test_a_posts_board_is_the_pages_frame_drawn_once(served):
    tables, links, pages, dispatcher, thread, client = served
    table = await bot_game(tables, "hollywood-boulevard", 3, moves=6)
    await dispatcher.flush()
    version = max(int(name.split("-")[1].split(".")[0]) for name in thread.pictures if name.startswith("board-"))
    posted = thread.pictures[f"board-{version}.png"]
    drawn = pages.drawing.frames.made
    answer = await client.get(f"/g/{links.token(table.id)}/board/{version - 1}.png")  # the move that post showed
    assert answer.status == 200 and await answer.read() == posted
    assert pages.drawing.frames.made == drawn, "the page drew no board: the post's was kept"
    earlier = await client.get(f"/g/{links.token(table.id)}/board/0.png")  # a move no post here drew
    assert earlier.status == 200 and pages.drawing.frames.made == drawn + 1


async def test_a_frame_the_pool_dropped_is_asked_for_again_and_not_kept(served, monkeypatch):
    tables, links, pages, _dispatcher, _thread, client = served
    table = await bot_game(tables, "advance-to-boardwalk", 2, moves=3)

    async def superseded(*args: Any, **kwargs: Any) -> bytes:
        raise Dropped("superseded")

    monkeypatch.setattr(pages.drawing, "board", superseded)
    answer = await client.get(f"/g/{links.token(table.id)}/board/2.png")
    assert answer.status == 503
    assert answer.headers["Cache-Control"] == "no-store" and answer.headers["Retry-After"] == "1"
    monkeypatch.undo()
    again = await client.get(f"/g/{links.token(table.id)}/board/2.png")
    assert again.status == 200 and again.content_type == "image/png"


def test_a_reader_whose_connection_closes_is_gone():
    transport = mock.Mock()
    transport.is_closing.return_value = False
    request = make_mocked_request("GET", "/g/1-x/board/2.png", transport=transport)
    pages = mock.Mock(readers=mock.Mock(bucket=lambda request: "203.0.113.9"))
    reader = Pages._reader(pages, request, 1)
    assert reader.here() and reader.topic == 1
    transport.is_closing.return_value = True
    assert not reader.here()
