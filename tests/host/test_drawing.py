"""Pictures are drawn in worker processes (bot/delivery/drawing.py): every title's board comes back as
the same PNG drawn in this process; a job's own error reaches the caller; a dead worker, a
pool that cannot start, a job no worker can import or a worker given no CPU falls back to a
thread; closing stops
the workers; the pool's helper processes hold none of this process's output (a bot killed
outright: tests/e2e/test_drawing_pool.py). And the dispatcher delivers several games at once,
each in its own order.

One small pool serves the whole module: a worker starts in about half a second."""
from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import time
from concurrent.futures import Executor, Future
from pathlib import Path

import pytest

from bot.delivery import drawing as drawing_module
from bot.delivery.dispatcher import Dispatcher
from bot.delivery.drawing import Drawing, job_name
from bot.games import registry
from bot.table.service import Member, Tables
from tests.postgres import open_test_store
from tests.toy_game import GAME_ID

VIEWS = Path(__file__).resolve().parents[1] / "rendering" / "views"
ANN, BEN = Member(1, "Ann"), Member(2, "Ben")


def worker_pid() -> bytes:
    return str(os.getpid()).encode()


def refuse(reason: str) -> bytes:
    raise ValueError(reason)


def slow_in_a_worker() -> bytes:
    """Stands for a worker the machine gives no CPU: in a worker it answers after two seconds,
    in this process (the thread) at once."""
    if multiprocessing.parent_process() is not None:
        time.sleep(2)
        return b"drawn in a worker"
    return b"drawn in a thread"


def die_in_a_worker() -> bytes:
    """Kills the worker process it runs in; in this process (the thread fallback) it answers."""
    if multiprocessing.parent_process() is not None:
        os._exit(3)
    return b"drawn in a thread"


class Holder:
    @staticmethod
    def nested() -> bytes:
        return b"found by its qualified name"


#: For the tests of where a picture is drawn: the workers' own, however long a busy machine
#: (the other tests) leaves them without CPU, never a thread's for being slow.
UNHURRIED = 3600.0


@pytest.fixture(scope="module")
def pool():
    drawing = Drawing.start(workers=1, modules=("rendering.kit",))
    drawing.patience = UNHURRIED
    assert drawing.in_processes
    yield drawing
    asyncio.run(drawing.close())


def test_jobs_are_named_where_a_worker_can_import_them():
    assert job_name(worker_pid) == f"{__name__}:worker_pid"
    assert job_name(Holder.nested) == f"{__name__}:Holder.nested"
    assert job_name("rendering.billboard:render") == "rendering.billboard:render"
    assert job_name(registry.kit("billboard").render) == "rendering.billboard:render"
    assert job_name(lambda: b"") is None

    def local() -> bytes:
        return b""

    assert job_name(local) is None


async def test_every_title_draws_the_same_board_in_a_worker(pool):
    for game_id, package in registry.PACKAGES.items():
        fixture = next(p for p in sorted(VIEWS.glob(f"{game_id}/*.json")))
        view = json.loads(fixture.read_text(encoding="utf-8"))
        render = registry.kit(game_id).render
        image = "table" if package == "hollywood_1947" else "board"
        drawn = await pool.draw(render, view, image)
        assert drawn[:8] == b"\x89PNG\r\n\x1a\n", game_id
        assert drawn == render(view, image), f"{game_id}: the worker drew another picture"
    assert int(await pool.draw(worker_pid)) != os.getpid(), "drawn in another process"


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle scheduling only")
async def test_workers_draw_only_when_the_bot_does_not_want_the_cpu(pool):
    pid = int(await pool.draw(worker_pid))
    assert pid != os.getpid() and os.sched_getscheduler(pid) == os.SCHED_IDLE
    assert os.sched_getscheduler(0) != os.SCHED_IDLE  # the bot itself keeps its priority


def test_the_pools_helpers_hold_none_of_this_processs_output(pool):
    """The fork server and the resource tracker are started with their output on /dev/null
    (they outlive a bot killed outright, until its workers have gone), and this process's own
    output is put back as it was."""
    if not Path("/proc/self/fd").exists():
        pytest.skip("reads /proc")
    ours = {fd: os.readlink(f"/proc/self/fd/{fd}") for fd in (1, 2)}
    drawing_module.start_helpers(drawing_module.start_method())
    assert {fd: os.readlink(f"/proc/self/fd/{fd}") for fd in (1, 2)} == ours
    helpers = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if parent == os.getpid() and b"multiprocessing." in command:
            helpers.append(stat.parent)
    assert helpers, "a resource tracker, and a fork server where there is one"
    for helper in helpers:
        assert [os.readlink(helper / "fd" / str(fd)) for fd in (1, 2)] == [os.devnull] * 2


async def test_a_jobs_own_error_reaches_the_caller_and_the_pool_goes_on(pool):
    with pytest.raises(ValueError, match="no room on the board"):
        await pool.draw(refuse, "no room on the board")
    assert await pool.draw(Holder.nested) == b"found by its qualified name"
    assert pool.in_processes


async def test_a_job_no_worker_can_import_is_drawn_in_a_thread(pool):
    marker = b"a closure"
    assert await pool.draw(lambda: marker) == marker


async def test_a_dead_worker_is_replaced_and_its_picture_drawn_in_a_thread():
    drawing = Drawing.start(workers=1, modules=())
    drawing.patience = UNHURRIED
    try:
        before = int(await drawing.draw(worker_pid))
        assert await drawing.draw(die_in_a_worker) == b"drawn in a thread"
        assert drawing.in_processes, "a new pool took over"
        assert int(await drawing.draw(worker_pid)) not in (before, os.getpid())
    finally:
        await drawing.close()


async def test_a_picture_no_worker_draws_in_time_is_drawn_in_a_thread():
    drawing = Drawing.start(workers=1, modules=())
    drawing.patience = 0.3
    try:
        assert await drawing.warm()
        # The one worker begins the first picture and does not finish it in time; the second
        # waits behind it. Each is drawn in a thread once the patience is spent: the answers
        # say where they were drawn, so no clock is needed to tell the fallback happened.
        first, second = await asyncio.gather(drawing.draw(slow_in_a_worker), drawing.draw(worker_pid))
        assert first == b"drawn in a thread" and int(second) == os.getpid()
        assert drawing.in_processes, "the pool is kept: it is slow, not broken"
    finally:
        await drawing.close()


class HandCranked(Executor):
    """A pool whose workers finish a picture when the test says so."""

    def __init__(self, *args, **kwargs) -> None:
        self.jobs: list[Future] = []

    def submit(self, function, *args, **kwargs) -> Future:
        self.jobs.append(Future())
        return self.jobs[-1]

    def finish(self, job: int) -> None:
        self.jobs[job].set_running_or_notify_cancel()
        self.jobs[job].set_result(b"drawn in a worker")


def in_a_thread() -> bytes:
    return b"drawn in a thread"


def hand_cranked(monkeypatch, patience: float, pictures: int):
    """A drawing on a hand-cranked pool, its pool, and ``pictures`` given to it at once."""
    monkeypatch.setattr(drawing_module, "ProcessPoolExecutor", HandCranked)
    drawing = Drawing.start(workers=1, modules=())
    drawing.patience = patience
    return drawing, drawing._pool, [asyncio.ensure_future(drawing.draw(in_a_thread)) for _ in range(pictures)]


async def test_a_long_queue_the_workers_get_through_stays_theirs(monkeypatch):
    _, pool, pictures = hand_cranked(monkeypatch, 1.0, 5)
    for job in range(5):  # one every 0.3 s: 1.5 s in all, more than the patience
        await asyncio.sleep(0.3)
        pool.finish(job)
    assert await asyncio.gather(*pictures) == [b"drawn in a worker"] * 5


async def test_pictures_waiting_on_workers_that_finish_nothing_are_drawn_in_a_thread(monkeypatch):
    drawing, pool, pictures = hand_cranked(monkeypatch, 0.3, 3)
    await asyncio.sleep(0)  # each is given to the pool
    pool.jobs[0].set_running_or_notify_cancel()  # a worker took the first, then got no CPU
    assert await asyncio.gather(*pictures) == [b"drawn in a thread"] * 3
    assert [job.cancelled() for job in pool.jobs] == [False, True, True]
    pool.jobs[0].set_result(b"drawn in a worker")  # late: not wanted
    assert drawing.in_processes


async def test_a_pool_that_cannot_start_draws_in_a_thread(monkeypatch, caplog):
    def no_semaphores(*args, **kwargs):
        raise OSError(38, "Function not implemented")

    monkeypatch.setattr(drawing_module, "ProcessPoolExecutor", no_semaphores)
    drawing = Drawing.start(workers=2)
    assert not drawing.in_processes
    assert "drawn in a thread" in caplog.text
    assert not await drawing.warm()
    assert int(await drawing.draw(worker_pid)) == os.getpid()
    await drawing.close()


async def test_closing_stops_the_workers():
    drawing = Drawing.start(workers=1, modules=())
    drawing.patience = UNHURRIED
    assert await drawing.warm()
    pid = int(await drawing.draw(worker_pid))
    await drawing.close()
    assert not drawing.in_processes
    for _ in range(100):  # a worker is reaped by the fork server, just after it exits
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        await asyncio.sleep(0.01)
    else:
        pytest.fail(f"worker {pid} still running after close")
    assert int(await drawing.draw(worker_pid)) == os.getpid(), "after closing, in a thread"


class SlowDiscord:
    """Every post takes a while to arrive; records how many were on their way at once."""

    def __init__(self) -> None:
        self.on_the_way = 0
        self.most_at_once = 0
        self.posts: list[tuple[int, int]] = []  # (game id, version), in order of arrival

    async def post(self, table, message):
        self.on_the_way += 1
        self.most_at_once = max(self.most_at_once, self.on_the_way)
        await asyncio.sleep(0.02)
        self.on_the_way -= 1
        self.posts.append((table.id, message.version))

    async def send_private(self, table, seat, message):
        return True

    async def notice(self, table, text):
        pass


async def test_several_games_are_delivered_at_once_each_in_its_order(store_kind, tmp_path):
    store = await open_test_store(store_kind, tmp_path)
    try:
        tables, discord_ = Tables(store), SlowDiscord()
        games = []
        for _ in range(5):
            table = await tables.create(GAME_ID, ANN)
            await tables.join(table.id, BEN)
            games.append(await tables.start(table.id, ANN))
        dispatcher = Dispatcher(store, discord_, games_at_once=3)
        await dispatcher.flush()
        for table in games:  # a second post per game, once the first is out
            member = BEN if table.record.state["turn"] else ANN
            await tables.act(table.id, member, "add:1")
        await dispatcher.flush()
    finally:
        await store.close()
    assert discord_.most_at_once == 3, "bounded, and more than one at a time"
    for table in games:
        versions = [version for game, version in discord_.posts if game == table.id]
        assert len(versions) == 2 and versions == sorted(versions), "a game's posts keep their order"
