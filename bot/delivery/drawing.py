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
"""
from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from functools import cache
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
        """Pictures given to the workers and not yet back (drawn or waiting for a worker)."""
        return self._drawing

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

    async def draw(self, job: Job, *args: Any) -> bytes:
        """Run ``job(*args)``, off the event loop; its exceptions are raised here."""
        name = job_name(job)
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
        if not self._drawing:
            self._progress = time.monotonic()
        self._drawing += 1
        in_worker = asyncio.wrap_future(future)
        in_worker.add_done_callback(self._returned)
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

    def _returned(self, picture: asyncio.Future[bytes]) -> None:
        self._drawing -= 1
        if not picture.cancelled():  # taken back from the queue is no progress
            self._progress = time.monotonic()

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
        next start, from the outbox)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
