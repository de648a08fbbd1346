"""An HTTP listener for whoever runs the bot (``MARQUEE_HTTP_PORT``; off unless set):

- ``/healthz``: 200 ``ok`` while the bot is connected to Discord's gateway, its store answers,
  its outbox is moving and none of its games has waited long on a bot's move; else 503 and
  one line saying which is not (plain text), for a process manager's or a load balancer's
  health check, or an alert.
- ``/metrics``: the bot's figures in Prometheus's text format (``bot/watch/metrics.py``).

It binds loopback unless told otherwise (``MARQUEE_HTTP_HOST``): neither page needs a
password, and neither says anything of a game or a player. Both read the store once, with a
time limit, without waiting on a transaction, so asking does not slow the bot down, and an
answer never waits long on a store that hangs.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from aiohttp import web

from bot.store.base import Store, Vitals
from bot.store.shards import Shards
from bot.watch.listen import listen
from bot.watch.metrics import CONTENT_TYPE, Metrics

log = logging.getLogger(__name__)

#: The outbox is stuck when its oldest item has waited this long, or one waits out a backoff
#: this much longer: a post, over ten minutes late. A game is stuck on a bot when it has
#: waited this long for a bot's move (a strong decision takes about a second).
STUCK_SECONDS = 600.0
#: How long either page waits for the store before saying it did not answer.
STORE_SECONDS = 2.0


class Watch:
    """What the two pages say, read when asked, and the listener that serves them."""

    def __init__(self, store: Store, metrics: Metrics, *, connected: Callable[[], bool] = lambda: True,
                 shards: Callable[[], Shards | None] = lambda: None, clock: Callable[[], float] = time.time,
                 stuck_after: float = STUCK_SECONDS, store_seconds: float = STORE_SECONDS) -> None:
        self.store = store
        self.metrics = metrics
        self.connected = connected  # the gateway's connection (the bot's, MarqueeBot.connected)
        self.shards = shards        # whose games this process looks after (bot/delivery/leases.py)
        self.clock = clock
        self.stuck_after = stuck_after
        self.store_seconds = store_seconds
        self._runner: web.AppRunner | None = None
        self.port: int | None = None  # where it listens, once started

    async def vitals(self) -> tuple[Vitals | None, str | None]:
        """The store's one read for either page, or why there is none (in one line)."""
        try:
            found = await asyncio.wait_for(self.store.vitals(self.clock(), self.shards()), self.store_seconds)
        except TimeoutError:
            return None, f"the store did not answer within {self.store_seconds:g} s"
        except Exception as error:  # noqa: BLE001 - whatever the store raised, the page says it in a line
            return None, f"the store does not answer: {_one_line(error)}"
        return found, None

    async def problem(self) -> str | None:
        """Why the bot is not healthy, in one line; None when it is."""
        if not self.connected():
            return "not connected to Discord's gateway"
        vitals, problem = await self.vitals()
        if vitals is None:
            return problem
        now = self.clock()
        if vitals.oldest_at is not None and now - vitals.oldest_at >= self.stuck_after:
            return (f"the outbox is stuck: its oldest item has waited {now - vitals.oldest_at:.0f} s "
                    f"({vitals.outbox} waiting)")
        if vitals.next_attempt_at is not None and vitals.next_attempt_at - now >= self.stuck_after:
            return (f"the outbox is stuck: an item waits {vitals.next_attempt_at - now:.0f} s more "
                    "before it is tried again")
        if vitals.bot_waiting_since is not None and now - vitals.bot_waiting_since >= self.stuck_after:
            return (f"a game is stuck on a bot: it has waited {now - vitals.bot_waiting_since:.0f} s "
                    "for a bot's move")
        return None

    async def figures(self) -> bytes:
        """The /metrics page."""
        vitals, problem = await self.vitals()
        if problem is not None:
            log.warning("/metrics without the store's figures: %s", problem)
        self.metrics.observe(vitals, self.clock())
        return self.metrics.render()

    # -- the listener ------------------------------------------------------------------

    async def start(self, host: str, port: int) -> None:
        """Listen on ``host``:``port`` (0: any free port; ``port`` says which was taken)."""
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        self._runner, self.port = await listen(app, host, port)
        log.info("health and metrics on http://%s:%d/healthz and /metrics",
                 f"[{host}]" if ":" in host else host, self.port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _healthz(self, request: web.Request) -> web.Response:
        problem = await self.problem()
        if problem is None:
            return web.Response(text="ok\n")
        return web.Response(status=503, text=problem + "\n")

    async def _metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=await self.figures(), headers={"Content-Type": CONTENT_TYPE})


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}"[:300] if text else type(error).__name__
