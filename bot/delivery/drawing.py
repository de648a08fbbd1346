"""Pictures drawn in worker processes, so that drawing never holds up a move.

Drawing a board is pure Python and Pillow for 15-60 ms at a stretch. In a thread it holds
the interpreter lock most of that time, and every move being handled on the event loop
waits behind it (a move's p99 was 4.6 times worse while boards were drawn). A worker
process has an interpreter of its own.

A job is a function that can be found by name (``"rendering.billboard:render"``, or a
module-level function, which is named by its module and qualified name) and picklable
arguments; it returns bytes. Anything else, such as a lambda or a toy game's renderer made
inside a test, is drawn in a thread as before.

Workers are started by ``forkserver`` (``spawn`` where there is none), never forked from
this process: it runs an event loop, aiosqlite's thread and discord.py's, and a fork copies
their locks mid-use. The fork server imports the renderers once, and every worker forked
from it starts with them loaded. Workers run at a lower priority, so on a small machine the
moves (and the dispatcher) still get the CPU first and the drawing takes what is left.

A bot killed outright (SIGKILL, an OOM kill) leaves nothing behind: no helper process (the
fork server, multiprocessing's resource tracker, a worker) holds the bot's output, so
whoever reads it sees it end with the bot; each worker leaves when the bot is gone, and the
fork server and the tracker leave when the last of the bot and its workers has.

If the pool cannot start (no semaphores in a sandbox, no processes allowed) or keeps
breaking, pictures are drawn in a thread: slower moves, but every post still has its board.
So is a picture waiting while no worker has finished any for ``PATIENCE`` seconds (a machine
kept busy by other work leaves idle-class workers no CPU).

Two lanes share the workers. A post's pictures (and a strong bot's thinking, at most
``MARQUEE_STRONG_BOTS`` at once: bot/table/thinking.py) go to the pool at once, in order. What
a reader asks for (a game page's frames, ``/game board``) waits in a lane of its own until a
worker is free, ``READERS_AT_ONCE`` at most, and never makes a post wait behind more than the
frame a worker has begun: a small queue per reader, served in turn, where a newer picture of
the same topic (the same game, from the same address) drops the older ones still waiting, and
a picture whose reader has gone (the request cancelled, its connection closed) is dropped
before it is drawn (``Dropped``). Boards are kept by game, move and language (``board``), so
the board drawn for a post is the page's frame of that move: drawn once, whoever asks first.
"""
from __future__ import annotations

import asyncio
import importlib
import json
import logging
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Hashable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

log = logging.getLogger(__name__)

#: A job: ``"module:function"``, or a function that can be found by those names.
Job = str | Callable[..., bytes]

#: What the workers import before their first job (each renderer; the kit loads Pillow).
PRELOAD = ("rendering.kit",)
#: How much lower than the bot's the workers' scheduling priority is (Unix ``nice``).
NICENESS = 10
#: A pool that broke (a worker killed, out of memory say) is started again this many times
#: before the pictures go back to a thread for good.
MAX_RESTARTS = 3
#: Seconds the workers may go without finishing a picture, while they have some to draw,
#: before those waiting are drawn in a thread instead (or as well, if a worker has begun
#: one): workers in the idle class get no CPU at all while the machine is kept busy by other
#: work, and a post must not wait for the machine to go quiet. A long queue the workers are
#: getting through is no reason: drawn in the bot's process, its pictures would slow moves.
PATIENCE = 2.0
#: Readers' pictures drawn at once at most: on a small machine, a worker is left for posts.
READERS_AT_ONCE = 1
#: Pictures one reader may have waiting; past it, the oldest is dropped.
READER_WAITING = 2
#: Bytes of boards kept by game, move and language (a board is 40-130 kB).
FRAME_BYTES = 32 * 1024 * 1024
#: A job's arguments, or a coroutine function making them (only if the board is not kept).
Arguments = tuple[Any, ...] | Callable[[], Awaitable[tuple[Any, ...]]]


class Dropped(Exception):
    """A reader's picture that was not drawn: ``superseded`` by a newer one of theirs, or
    their reader ``gone``."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _here() -> bool:
    return True


@dataclass(frozen=True)
class Reader:
    """Who asks for a picture in the readers' lane: ``key`` one reader (an address, a member),
    ``topic`` what a newer picture replaces (a game), ``here`` whether they still wait."""

    key: Hashable
    topic: Hashable = None
    here: Callable[[], bool] = _here


@dataclass(eq=False)
class _Asked:
    """A reader's picture waiting for a worker."""

    name: str
    args: tuple[Any, ...]
    reader: Reader
    answer: asyncio.Future[bytes] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class Frames:
    """Boards by key, made once however many ask at the same moment, at most ``limit`` bytes
    of them (the least recently used go first)."""

    def __init__(self, limit: int) -> None:
        self.limit, self.size = limit, 0
        self.made = 0  # how many were made (the rest were found, or waited for)
        self._kept: OrderedDict[Hashable, bytes] = OrderedDict()
        self.making: dict[Hashable, asyncio.Future[bytes]] = {}

    def get(self, key: Hashable) -> bytes | None:
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
        return found

    def put(self, key: Hashable, picture: bytes) -> None:
        if len(picture) > self.limit:
            return
        old = self._kept.pop(key, None)
        self.size += len(picture) - (len(old) if old is not None else 0)
        self._kept[key] = picture
        while self.size > self.limit:
            _, dropped = self._kept.popitem(last=False)
            self.size -= len(dropped)


def frame(game_id: int, move: int, language: str) -> Hashable:
    """A board's key: the game, the move it stands after (0: as dealt), the table's language."""
    return game_id, move, language


def shaped(view: dict[str, Any]) -> dict[str, Any]:
    """A view as a post's board is drawn from it, stored as JSON (a tuple a list, a number key
    a string): a board drawn from either is the same, whichever was drawn first."""
    return json.loads(json.dumps(view))


def job_name(job: Job) -> str | None:
    """``module:qualname`` when a worker process can import the job by that name, else None."""
    if isinstance(job, str):
        return job
    module, qualname = getattr(job, "__module__", None), getattr(job, "__qualname__", "")
    if not module or module == "__main__" or "<" in qualname:
        return None  # a lambda, a closure, or a script a worker cannot import
    try:
        found = _resolve(f"{module}:{qualname}")
    except (ImportError, AttributeError):
        return None
    return f"{module}:{qualname}" if found is job else None


@cache
def _resolve(name: str) -> Callable[..., bytes]:
    module, _, qualname = name.partition(":")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def run_job(name: str, args: tuple[Any, ...]) -> bytes:
    """In a worker: draw one picture."""
    return _resolve(name)(*args)


def _start_worker(modules: tuple[str, ...]) -> None:
    # Started by ``spawn``, a worker would hold the bot's output pipes and keep them open
    # after the bot is killed (SIGKILL: no shutdown), so whoever reads them would never see
    # them end; a job's errors come back through its future, not its output.
    quiet = os.open(os.devnull, os.O_WRONLY)
    for stream in (1, 2):
        os.dup2(quiet, stream)
    os.close(quiet)
    threading.Thread(target=_leave_with_the_bot, name="leave-with-the-bot", daemon=True).start()
    _step_aside()
    for module in modules:
        importlib.import_module(module)


def _step_aside() -> None:
    """Drawing is background work: a worker runs when the bot's own process does not want
    the CPU (Linux's SCHED_IDLE), so a move is never kept waiting by a board; elsewhere at a
    lower priority (``nice``)."""
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            return
        except OSError:
            pass
    if hasattr(os, "nice"):
        try:
            os.nice(NICENESS)
        except OSError:  # not allowed here: same priority, still off the event loop
            pass


def _leave_with_the_bot() -> None:
    # A worker waiting for jobs never sees the bot die: it holds both ends of its job queue.
    # Nor would the fork server and the resource tracker: they leave once every process given
    # their pipes (the bot and each worker) has. The parent's sentinel is a pipe the bot keeps
    # open, which ends with it; the worker's own parent (``os.getppid``) is the fork server.
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)


def _warm() -> bytes:
    return b""


def renderer_modules() -> tuple[str, ...]:
    """Every hosted title's renderer, for the workers to import once."""
    from bot.games import registry

    return PRELOAD + tuple(f"rendering.{package}" for package in registry.PACKAGES.values())


def start_method() -> str:
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def start_helpers(method: str) -> None:
    """Start multiprocessing's helper processes now, with their output on /dev/null. They
    are started on first use otherwise, with this process's output, which they would keep
    open for as long as they run. Either is left alone if already running."""
    if os.name != "posix":
        return  # neither exists there
    from multiprocessing import forkserver, resource_tracker

    with _output_discarded():
        resource_tracker.ensure_running()  # for the pool's semaphores
        if method == "forkserver":
            forkserver.ensure_running()


@contextmanager
def _output_discarded() -> Iterator[None]:
    """This process's fds 1 and 2 point at /dev/null meanwhile (a child inherits them).
    What another thread writes to them in those few milliseconds is lost."""
    import fcntl

    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    # Copies kept above 2: with one of 1 and 2 closed, a plain dup could land on it.
    saved = {fd: fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 3) for fd in (1, 2) if _is_open(fd)}
    quiet = os.open(os.devnull, os.O_WRONLY)  # may itself be 1 or 2, if closed: as good
    try:
        for fd in saved:
            os.dup2(quiet, fd)
        yield
    finally:
        for fd, copy in saved.items():
            os.dup2(copy, fd)
            os.close(copy)
        os.close(quiet)


def _is_open(fd: int) -> bool:
    import fcntl

    try:
        fcntl.fcntl(fd, fcntl.F_GETFD)
    except OSError:  # a daemon can run without output
        return False
    return True


class Drawing:
    """Draws pictures for the event loop: in a pool of worker processes once ``start``
    has made one, otherwise (or if the pool fails) in a thread."""

    def __init__(self) -> None:
        self._pool: Executor | None = None
        self._workers = 0
        self._modules: tuple[str, ...] = ()
        self._restarts = 0
        self.patience = PATIENCE
        self._drawing = 0  # pictures given to the pool and not yet back
        self._progress = 0.0  # when the pool last finished one (or was given one, idle)
        self._reading = 0  # readers' pictures given to the pool and not yet back
        self._waiting: OrderedDict[Hashable, deque[_Asked]] = OrderedDict()  # by reader, in turn
        self._asked_for: dict[Hashable, _Asked] = {}  # a waiting reader's board, by its key
        self.frames = Frames(FRAME_BYTES)

    @classmethod
    def in_thread(cls) -> Drawing:
        return cls()

    @classmethod
    def start(cls, workers: int | None = None, modules: Iterable[str] | None = None) -> Drawing:
        """A pool of ``workers`` processes (one per CPU unless told), each importing
        ``modules`` (every renderer unless told) as it starts. Workers start on the first
        jobs (``warm`` starts them all at once); a pool that cannot even be made draws in a
        thread."""
        drawing = cls()
        drawing._workers = workers or os.cpu_count() or 1
        drawing._modules = tuple(renderer_modules() if modules is None else modules)
        drawing._pool = drawing._new_pool()
        return drawing

    @property
    def in_processes(self) -> bool:
        return self._pool is not None

    @property
    def queued(self) -> int:
        """Pictures given to the workers and not yet back (drawn or waiting for a worker), and
        readers' pictures waiting for a worker."""
        return self._drawing + sum(len(asked) for asked in self._waiting.values())

    def _new_pool(self) -> Executor | None:
        method = start_method()
        try:
            context = multiprocessing.get_context(method)
            if method == "forkserver":
                # Imported once by the fork server; every worker forked from it has them.
                context.set_forkserver_preload(list(self._modules))
            start_helpers(method)
            return ProcessPoolExecutor(self._workers, mp_context=context, initializer=_start_worker,
                                       initargs=(self._modules,))
        except (OSError, ImportError, ValueError) as error:
            log.warning("pictures are drawn in a thread: no process pool (%s)", error)
            return None

    async def warm(self) -> bool:
        """Start every worker now rather than on the first posts; whether the pool works
        (if not, pictures are drawn in a thread from now on)."""
        if self._pool is None:
            return False
        await asyncio.gather(*(self.draw(f"{__name__}:_warm") for _ in range(self._workers)))
        return self._pool is not None

    async def draw(self, job: Job, *args: Any, reader: Reader | None = None) -> bytes:
        """Run ``job(*args)``, off the event loop; its exceptions are raised here. For a
        ``reader``, in the readers' lane (``Dropped`` if it is not drawn after all)."""
        name = job_name(job)
        if reader is not None and self._pool is not None and name is not None:
            return await self._for_reader(_Asked(name, args, reader))
        return await self._at_once(job, name, args)

    async def board(self, key: Hashable, job: Job, args: Arguments, reader: Reader | None = None) -> bytes:
        """The board ``key`` names (``frame``): kept, or being drawn for someone else, or drawn
        now by ``job`` (for a post at once; for a ``reader`` in their lane, until a post asks
        for it too). ``args`` may be a coroutine function making them, called only to draw."""
        while (making := self.frames.making.get(key)) is not None:
            if reader is None:
                self._promote(key)
            try:
                return await asyncio.shield(making)
            except (asyncio.CancelledError, Dropped):
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise  # this caller was cancelled, not the drawing it waited for
                # whoever was drawing it gave up (their reader left): another goes, maybe this one
        found = self.frames.get(key)
        if found is not None:
            return found
        making = self.frames.making[key] = asyncio.get_running_loop().create_future()
        try:
            ready = args if isinstance(args, tuple) else await args()
            if reader is not None and self._pool is not None and job_name(job) is not None:
                asked = self._asked_for[key] = _Asked(str(job_name(job)), ready, reader)
                picture = await self._for_reader(asked)
            else:
                picture = await self.draw(job, *ready)
        except BaseException as error:
            if isinstance(error, asyncio.CancelledError):
                making.cancel()
            else:
                making.set_exception(error)
                making.exception()  # retrieved: a failure nobody else waited for is not logged
            raise
        finally:
            del self.frames.making[key]
            self._asked_for.pop(key, None)
        making.set_result(picture)
        self.frames.made += 1
        self.frames.put(key, picture)
        return picture

    def _promote(self, key: Hashable) -> None:
        """A post wants the board a reader is waiting for: it is drawn at once, as a post's."""
        asked = self._asked_for.pop(key, None)
        if asked is None or asked.answer.done():
            return
        waiting = self._waiting.get(asked.reader.key)
        if waiting is not None and asked in waiting:
            waiting.remove(asked)
            self._tidy(asked.reader.key)
            drawn = asyncio.ensure_future(self._at_once(asked.name, asked.name, asked.args))
            drawn.add_done_callback(partial(_settle, asked.answer))

    async def _for_reader(self, asked: _Asked) -> bytes:
        """A reader's picture: in their queue until a worker is free and it is their turn."""
        waiting = self._waiting.setdefault(asked.reader.key, deque())
        for older in [a for a in waiting if asked.reader.topic is not None and a.reader.topic == asked.reader.topic]:
            waiting.remove(older)
            _drop(older, "superseded")
        while len(waiting) >= READER_WAITING:
            _drop(waiting.popleft(), "superseded")
        waiting.append(asked)
        self._next_for_readers()
        try:
            return await asyncio.shield(asked.answer)
        except asyncio.CancelledError:  # the reader gave up: not drawn, if not begun
            if asked in waiting:
                waiting.remove(asked)
                self._tidy(asked.reader.key)
            asked.answer.cancel()
            raise

    def _next_for_readers(self) -> None:
        """Give the readers' pictures their turns while workers are free. A reader's picture
        waits for a worker, never drawn in a thread for patience's sake: here, it would slow
        the moves."""
        while (pool := self._pool) is not None and self._drawing < self._workers and self._reading < READERS_AT_ONCE:
            asked = self._next_asked()
            if asked is None:
                return
            try:
                in_worker = self._given(pool.submit(run_job, asked.name, asked.args))
            except (OSError, RuntimeError) as error:  # no worker could start; or shut down
                self._failed(pool, error)
                self._in_thread(asked)
                continue
            self._reading += 1
            in_worker.add_done_callback(partial(self._read, asked, pool))

    def _next_asked(self) -> _Asked | None:
        """The oldest picture of the reader whose turn it is, skipping readers who have gone."""
        while self._waiting:
            reader, waiting = next(iter(self._waiting.items()))
            asked = waiting.popleft()
            self._waiting.move_to_end(reader)  # the next reader's turn next
            self._tidy(reader)
            if asked.answer.done():
                continue
            if not asked.reader.here():
                _drop(asked, "gone")
                continue
            return asked
        return None

    def _read(self, asked: _Asked, pool: Executor, done: asyncio.Future[bytes]) -> None:
        self._reading -= 1
        if not done.cancelled() and isinstance(done.exception(), BrokenProcessPool):  # a worker died
            self._failed(pool, done.exception() or BrokenProcessPool())
            self._in_thread(asked)
        else:
            _settle(asked.answer, done)
        self._next_for_readers()

    def _in_thread(self, asked: _Asked) -> None:
        """A reader's picture the pool could not take: drawn in a thread after all."""
        drawn = asyncio.ensure_future(asyncio.to_thread(_resolve(asked.name), *asked.args))
        drawn.add_done_callback(partial(_settle, asked.answer))

    def _tidy(self, reader: Hashable) -> None:
        if not self._waiting.get(reader):
            self._waiting.pop(reader, None)

    async def _at_once(self, job: Job, name: str | None, args: tuple[Any, ...]) -> bytes:
        """``job`` given to the pool now (drawn in a thread without one, or once it broke)."""
        pool = self._pool
        if pool is not None and name is not None:
            try:
                future = pool.submit(run_job, name, args)
            except (OSError, RuntimeError) as error:  # no worker could start; or shut down
                self._failed(pool, error)
            else:
                try:
                    return await self._patiently(future, _resolve(name), args)
                except BrokenProcessPool as error:  # a worker died; the job's own errors pass
                    self._failed(pool, error)
        function = _resolve(name) if name is not None else job
        assert callable(function)
        return await asyncio.to_thread(function, *args)

    async def _patiently(self, future: Future[bytes], function: Callable[..., bytes],
                         args: tuple[Any, ...]) -> bytes:
        """The worker's picture; or, when the workers have finished none for ``patience``
        seconds, the picture drawn in a thread (whichever is done first, if a worker has
        begun it)."""
        in_worker = self._given(future)
        while (wait := self._progress + self.patience - time.monotonic()) > 0:
            done, _ = await asyncio.wait([in_worker], timeout=wait)
            if done:
                return in_worker.result()
        if future.cancel():  # no worker has taken it up
            log.info("the drawing workers finished nothing for %.1f s: drawn in a thread", self.patience)
            return await asyncio.to_thread(function, *args)
        in_thread = asyncio.ensure_future(asyncio.to_thread(function, *args))
        done, _ = await asyncio.wait([in_worker, in_thread], return_when=asyncio.FIRST_COMPLETED)
        first = in_worker if in_worker in done else in_thread
        for other in (in_worker, in_thread):
            if other is not first:  # its answer, or its error, is not wanted
                other.add_done_callback(lambda f: f.cancelled() or f.exception())
        return first.result()

    def _given(self, future: Future[bytes]) -> asyncio.Future[bytes]:
        """A job given to the pool, counted until it is back."""
        if not self._drawing:
            self._progress = time.monotonic()
        self._drawing += 1
        in_worker = asyncio.wrap_future(future)
        in_worker.add_done_callback(self._returned)
        return in_worker

    def _returned(self, picture: asyncio.Future[bytes]) -> None:
        self._drawing -= 1
        if not picture.cancelled():  # taken back from the queue is no progress
            self._progress = time.monotonic()
        self._next_for_readers()

    def _failed(self, broken: Executor, error: BaseException) -> None:
        """The pool failed: start another, unless it keeps failing (or is being closed)."""
        if self._pool is not broken:
            return  # already replaced by another job that met the same failure, or closed
        broken.shutdown(wait=False, cancel_futures=True)
        self._restarts += 1
        if self._restarts > MAX_RESTARTS:
            log.error("pictures are drawn in a thread from now on: the pool failed %d times (%s)",
                      self._restarts, error)
            self._pool = None
            return
        log.warning("the drawing pool failed (%s); starting another", error)
        self._pool = self._new_pool()

    async def close(self) -> None:
        """Stop the workers; a picture being drawn is given up (its post is retried at the
        next start, from the outbox), and readers' pictures waiting are dropped."""
        for waiting in self._waiting.values():
            for asked in waiting:
                _drop(asked, "gone")
        self._waiting.clear()
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


def _drop(asked: _Asked, why: str) -> None:
    if not asked.answer.done():
        asked.answer.set_exception(Dropped(why))
        asked.answer.exception()  # retrieved: a reader who left is not an error to log


def _settle(answer: asyncio.Future[bytes], done: asyncio.Future[bytes]) -> None:
    """Pass a picture drawn (or its error) to whoever waits for it, if anyone still does."""
    if answer.done():
        if not done.cancelled():
            done.exception()  # nobody wants it now: not an error to log
        return
    if done.cancelled():
        answer.cancel()
    elif done.exception() is not None:
        answer.set_exception(done.exception())  # type: ignore[arg-type]
    else:
        answer.set_result(done.result())
