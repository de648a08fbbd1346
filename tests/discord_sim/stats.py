"""Throughput and latency of the bot under the harness."""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field


@dataclass
class SimStats:
    """``latencies``: seconds from dispatching an interaction to its initial callback.
    ``visible_latencies``: to the first message the member could read (after a deferral, the
    edit or follow-up). ``per_second``: answered interactions per second of wall time between
    the first dispatch and the last answer."""

    dispatched: int = 0
    answered: int = 0
    latencies: list[float] = field(default_factory=list)
    visible_latencies: list[float] = field(default_factory=list)
    requests: Counter = field(default_factory=Counter)
    first_dispatch: float | None = None
    last_answer: float | None = None

    def count_request(self, route: str) -> None:
        self.requests[route] += 1

    def record_dispatch(self, at: float) -> None:
        self.dispatched += 1
        if self.first_dispatch is None:
            self.first_dispatch = at

    def record_answer(self, dispatched_at: float, at: float) -> None:
        self.answered += 1
        self.latencies.append(at - dispatched_at)
        self.last_answer = at

    def record_visible(self, dispatched_at: float, at: float) -> None:
        self.visible_latencies.append(at - dispatched_at)

    def reset(self) -> None:
        """Start measuring afresh (e.g. after warm-up)."""
        self.__dict__.update(SimStats().__dict__)

    @staticmethod
    def _ms(values: list[float], q: float) -> float | None:
        if not values:
            return None
        if q == 0.5:
            return statistics.median(values) * 1000
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    @property
    def median_ms(self) -> float | None:
        return self._ms(self.latencies, 0.5)

    @property
    def p95_ms(self) -> float | None:
        return self._ms(self.latencies, 0.95)

    @property
    def median_visible_ms(self) -> float | None:
        return self._ms(self.visible_latencies, 0.5)

    @property
    def per_second(self) -> float | None:
        if not self.answered or self.first_dispatch is None or self.last_answer is None:
            return None
        span = self.last_answer - self.first_dispatch
        return self.answered / span if span > 0 else None

    def summary(self) -> str:
        def fmt(value: float | None, unit: str) -> str:
            return "n/a" if value is None else f"{value:.1f}{unit}"

        return (
            f"{self.answered}/{self.dispatched} interactions answered, "
            f"{fmt(self.per_second, '/s')}, "
            f"median {fmt(self.median_ms, ' ms')}, p95 {fmt(self.p95_ms, ' ms')}, "
            f"median to visible {fmt(self.median_visible_ms, ' ms')}, "
            f"{sum(self.requests.values())} REST requests"
        )

    def __str__(self) -> str:
        return self.summary()
