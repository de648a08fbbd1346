"""The drawing pool's two lanes (bot/delivery/drawing.py): a post's pictures go to the workers
at once; a reader's wait until a worker is free, in turns, and are dropped when superseded by
the same reader's newer picture or when the reader has gone; a board is drawn once, whoever
asks for it (a post or a page). On a pool whose workers finish a job when the test says so."""
from __future__ import annotations

import asyncio
from concurrent.futures import Executor, Future

import pytest

from bot.delivery import drawing as drawing_module
from bot.delivery.drawing import Drawing, Dropped, Reader, frame

UNHURRIED = 60.0  # seconds: no picture is drawn in a thread for want of progress here


def picture(label: str) -> bytes:
    """A job a worker could import: the picture of ``label``."""
    return label.encode()


class HandCranked(Executor):
    """A pool whose workers finish a job when the test says so; it keeps what it was given."""

    def __init__(self, *args, **kwargs) -> None:
        self.given: list[str] = []
        self.jobs: list[Future] = []

    def submit(self, function, *args, **kwargs) -> Future:
        _name, (label, *_) = args
        self.given.append(label)
        self.jobs.append(Future())
        return self.jobs[-1]

    def finish(self, label: str) -> None:
        job = self.jobs[self.given.index(label)]
        job.set_running_or_notify_cancel()
        job.set_result(picture(label))


@pytest.fixture
def drawing(monkeypatch):
    monkeypatch.setattr(drawing_module, "ProcessPoolExecutor", HandCranked)
    drawing = Drawing.start(workers=1, modules=())
    drawing.patience = UNHURRIED
    return drawing


def asked(drawing: Drawing, label: str, reader: Reader | None = None) -> asyncio.Task[bytes]:
    return asyncio.ensure_future(drawing.draw(picture, label, reader=reader))


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_posts_go_to_the_workers_at_once_and_readers_when_one_is_free(drawing):
    pool = drawing._pool
    first = asked(drawing, "post 1")
    page = asked(drawing, "frame", Reader("address"))
    second = asked(drawing, "post 2")
    await settle()
    assert pool.given == ["post 1", "post 2"], "the frame waits: the one worker has posts"
    pool.finish("post 1")
    await settle()
    assert pool.given == ["post 1", "post 2"], "a post still in the pool: no worker is free"
    pool.finish("post 2")
    await settle()
    assert pool.given == ["post 1", "post 2", "frame"]
    pool.finish("frame")
    assert await asyncio.gather(first, second, page) == [b"post 1", b"post 2", b"frame"]


async def test_a_readers_superseded_frame_is_never_drawn(drawing):
    pool = drawing._pool
    post = asked(drawing, "post")
    older = asked(drawing, "move 4", Reader("address", topic="game 1"))
    other_game = asked(drawing, "game 2, move 9", Reader("address", topic="game 2"))
    await settle()
    newer = asked(drawing, "move 5", Reader("address", topic="game 1"))
    with pytest.raises(Dropped, match="superseded"):
        await older
    pool.finish("post")
    await settle()
    for label in ("game 2, move 9", "move 5"):
        pool.finish(label)
        await settle()
    assert await asyncio.gather(post, other_game, newer) == [b"post", b"game 2, move 9", b"move 5"]
    assert "move 4" not in pool.given, "the superseded frame never reached a worker"


async def test_a_reader_may_have_a_few_frames_waiting_the_oldest_dropped_past_them(drawing):
    pool = drawing._pool
    post = asked(drawing, "post")
    frames = [asked(drawing, f"frame {n}", Reader("address")) for n in range(drawing_module.READER_WAITING + 1)]
    await settle()
    with pytest.raises(Dropped, match="superseded"):
        await frames[0]
    pool.finish("post")
    for n in range(1, len(frames)):
        await settle()
        pool.finish(f"frame {n}")
    assert await asyncio.gather(post, *frames[1:]) == [b"post"] + [f"frame {n}".encode() for n in range(1, 3)]
    assert "frame 0" not in pool.given


async def test_a_disconnected_readers_queued_frames_are_dropped(drawing):
    pool = drawing._pool
    connected = {"yes": True}
    post = asked(drawing, "post")
    frames = [asked(drawing, f"frame {n}", Reader("address", here=lambda: connected["yes"])) for n in range(2)]
    staying = asked(drawing, "another reader's", Reader("another address"))
    await settle()
    connected["yes"] = False  # the reader closed the page: its connection is gone
    pool.finish("post")
    await settle()
    pool.finish("another reader's")
    for frame_asked in frames:
        with pytest.raises(Dropped, match="gone"):
            await frame_asked
    assert await asyncio.gather(post, staying) == [b"post", b"another reader's"]
    assert pool.given == ["post", "another reader's"], "neither of the gone reader's frames was drawn"


async def test_a_frame_whose_request_was_cancelled_is_not_drawn(drawing):
    pool = drawing._pool
    post = asked(drawing, "post")
    page = asked(drawing, "frame", Reader("address"))
    await settle()
    page.cancel()
    pool.finish("post")
    await settle()
    assert await post == b"post" and page.cancelled()
    assert pool.given == ["post"]
    assert drawing.queued == 0


async def test_readers_take_turns(drawing):
    pool = drawing._pool
    post = asked(drawing, "post")
    pages = [asked(drawing, label, Reader(address))
             for label, address in (("A 1", "a"), ("A 2", "a"), ("B 1", "b"))]
    await settle()
    for label in ("post", "A 1", "B 1", "A 2"):
        pool.finish(label)
        await settle()
    await asyncio.gather(post, *pages)
    assert pool.given == ["post", "A 1", "B 1", "A 2"], "one reader's second frame after the other's first"


async def test_a_posts_board_is_the_pages_frame_drawn_once(drawing):
    pool = drawing._pool
    key = frame(7, 12, "en")
    posted = asyncio.ensure_future(drawing.board(key, picture, ("board 12",)))
    await settle()
    pool.finish("board 12")
    assert await posted == b"board 12"
    assert await drawing.board(key, picture, ("board 12",), reader=Reader("address", topic=7)) == b"board 12"
    assert pool.given == ["board 12"] and drawing.frames.made == 1, "the page's frame was the post's"
    in_polish = asyncio.ensure_future(drawing.board(frame(7, 12, "pl"), picture, ("plansza 12",),
                                                    reader=Reader("address")))
    await settle()
    pool.finish("plansza 12")
    assert await in_polish == b"plansza 12", "another language, another board"


async def test_a_post_asking_for_a_frame_a_reader_waits_for_draws_it_at_once(drawing):
    pool = drawing._pool
    key = frame(7, 13, "en")
    busy = asked(drawing, "another post")
    page = asyncio.ensure_future(drawing.board(key, picture, ("board 13",), reader=Reader("address", topic=7)))
    await settle()
    assert pool.given == ["another post"], "the frame waits for a free worker"
    posted = asyncio.ensure_future(drawing.board(key, picture, ("board 13",)))
    await settle()
    assert pool.given == ["another post", "board 13"], "a post's board goes at once, the frame with it"
    newer = asked(drawing, "move 14", Reader("address", topic=7))  # supersedes nothing a post wants
    pool.finish("board 13")
    assert await asyncio.gather(page, posted) == [b"board 13", b"board 13"]
    assert drawing.frames.made == 1
    pool.finish("another post")
    await settle()
    pool.finish("move 14")
    assert await asyncio.gather(busy, newer) == [b"another post", b"move 14"]
