"""The bot's figures, for Prometheus to scrape from /metrics (``bot/watch/health.py`` serves them).

One registry per bot, not the library's global one: two bots in one process (as tests run
them) count apart. What is counted as it happens is an instrument here — moves by title and
how long each took, Discord's failed answers by status (seen on discord.py's own HTTP session
through an aiohttp trace) — and what is a state is read when scraped: the drawing queue and
the leases held from memory, the outbox and the countdowns from the store in one short read
(``Store.vitals``), given here by ``observe`` just before the page is written. When that
read fails, its gauges are left out of the page rather than shown stale, and
``marquee_store_up`` says 0.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily

from bot.store.base import Vitals

#: What ``generate_latest`` writes: Prometheus's text format, version 0.0.4.
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
#: A move is 1–3 ms on SQLite (README, Speed); the buckets reach far past that, to a
#: database under load.
MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: Discord's failures that are no answer at all (refused connection, reset, timeout).
NO_ANSWER = "connection"


class Metrics:
    """The instruments of one bot, in a registry of its own (``render`` writes the page)."""

    def __init__(self, games: Iterable[str] = ()) -> None:
        self.registry = CollectorRegistry()
        self.moves = Counter(
            "marquee_moves", "Moves committed through the table service, by title: players', "
            "bots' and the clocks' alike", ["game"], registry=self.registry)
        for game in games:  # every title shows from the start, at 0
            self.moves.labels(game)
        self.move_seconds = Histogram(
            "marquee_move_seconds", "Seconds to decide a move and commit it (rules, then the "
            "durable transaction)", buckets=MOVE_BUCKETS, registry=self.registry)
        self.discord_errors = Counter(
            "marquee_discord_errors", "Discord's answers of 400 and above to the bot's requests, "
            f"by HTTP status ({NO_ANSWER!r}: no answer at all)", ["status"], registry=self.registry)
        self.drawing_queue = Gauge(
            "marquee_drawing_queue", "Pictures given to the drawing workers and not yet back",
            registry=self.registry)
        self.leases_held = Gauge(
            "marquee_leases_held", "Shards whose games this process looks after (their outbox, "
            "countdowns, reminders and bots)", registry=self.registry)
        self._stored = _Stored()
        self.registry.register(self._stored)

    def moved(self, game: str, seconds: float) -> None:
        """A move of ``game`` was committed, ``seconds`` after it was begun (``Tables``)."""
        self.moves.labels(game).inc()
        self.move_seconds.observe(seconds)

    def watch(self, *, drawing_queue: Callable[[], float], leases_held: Callable[[], float]) -> None:
        """Where the gauges kept in memory are read, at each scrape."""
        self.drawing_queue.set_function(drawing_queue)
        self.leases_held.set_function(leases_held)

    def observe(self, vitals: Vitals | None, now: float | None = None) -> None:
        """The store's answer for the page about to be written (None: it did not answer)."""
        self._stored.vitals, self._stored.now = vitals, time.time() if now is None else now

    def render(self) -> bytes:
        return generate_latest(self.registry)

    def trace_config(self) -> aiohttp.TraceConfig:
        """For discord.py's HTTP session (``http_trace``): counts each failed answer of
        Discord's, including those discord.py retries by itself, by status."""
        config = aiohttp.TraceConfig()

        async def answered(session: object, context: object, params: aiohttp.TraceRequestEndParams) -> None:
            if params.response.status >= 400:
                self.discord_errors.labels(str(params.response.status)).inc()

        async def unanswered(session: object, context: object,
                             params: aiohttp.TraceRequestExceptionParams) -> None:
            if isinstance(params.exception, (aiohttp.ClientError, OSError, TimeoutError)):
                self.discord_errors.labels(NO_ANSWER).inc()

        config.on_request_end.append(answered)
        config.on_request_exception.append(unanswered)
        return config


class _Stored:
    """The gauges read from the store, as of the last ``Metrics.observe``."""

    def __init__(self) -> None:
        self.vitals: Vitals | None = None
        self.now = 0.0

    def describe(self) -> list:
        return []  # nothing to check names against at registration: these names are fixed

    def collect(self) -> Iterator[GaugeMetricFamily]:
        vitals = self.vitals
        yield GaugeMetricFamily("marquee_store_up", "1 when the store answered this scrape's "
                                "read (within its time limit), else 0", value=int(vitals is not None))
        if vitals is None:
            return
        yield GaugeMetricFamily("marquee_outbox_items", "Posts and DMs waiting to be sent (parked "
                                "ones aside)", value=vitals.outbox)
        oldest = max(0.0, self.now - vitals.oldest_at) if vitals.oldest_at is not None else 0.0
        yield GaugeMetricFamily("marquee_outbox_oldest_seconds", "Age of the oldest post or DM "
                                "waiting to be sent (0 when none waits)", value=oldest)
        yield GaugeMetricFamily("marquee_outbox_parked_items", "Posts and DMs given up on, for the "
                                "operator (python -m bot outbox)", value=vitals.parked)
        yield GaugeMetricFamily("marquee_timers_due", "Countdowns and clock warnings whose time "
                                "has come, not yet fired", value=vitals.timers_due)
