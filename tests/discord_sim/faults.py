"""Faults on demand: a 429 with retry_after, or any Discord error, on a chosen route, once,
a number of times, or for a while (an outage)."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from aiohttp import web

from .http_util import error_response, json_response


@dataclass
class Fault:
    route: str  # "POST /channels/{channel_id}/messages", as the spec spells it
    status: int
    body: dict
    headers: dict[str, str] = field(default_factory=dict)
    path_contains: str | None = None
    times: int = 1
    fired: int = 0

    def matches(self, route: str, path: str) -> bool:
        return (
            self.fired < self.times
            and route == self.route
            and (self.path_contains is None or self.path_contains in path)
        )

    def lift(self) -> None:
        """End an outage: requests go through again. One that no request met still counts
        as armed but never triggered."""
        self.times = max(self.fired, 1)

    def response(self) -> web.Response:
        self.fired += 1
        if self.status == 429:
            return json_response(self.body, 429, self.headers)
        return error_response(self.status, self.body["code"], self.body["message"])


class Faults:
    def __init__(self) -> None:
        self.armed: list[Fault] = []

    def _check(self, route: str) -> None:
        method, _, path = route.partition(" ")
        if method not in {"GET", "POST", "PUT", "PATCH", "DELETE"} or not path.startswith("/"):
            raise ValueError(
                f"route must look like 'POST /channels/{{channel_id}}/messages', got {route!r}"
            )

    def rate_limit(
        self,
        route: str,
        retry_after: float = 0.25,
        *,
        is_global: bool = False,
        times: int = 1,
        path_contains: str | None = None,
    ) -> Fault:
        """The next ``times`` requests on ``route`` get a 429 with ``retry_after`` (seconds);
        discord.py waits that long and retries. Headers are Discord's (``Via`` included:
        without it discord.py takes a 429 for a Cloudflare ban and gives up)."""
        self._check(route)
        headers = {
            "Via": "1.1 google",
            "Retry-After": str(max(1, round(retry_after))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": f"{retry_after:.3f}",
            "X-RateLimit-Bucket": "sim-" + route.replace(" ", "-"),
            "X-RateLimit-Scope": "shared" if not is_global else "global",
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": is_global,
        }
        fault = Fault(route, 429, body, headers, path_contains, times)
        self.armed.append(fault)
        return fault

    def fail(
        self,
        route: str,
        status: int,
        code: int,
        message: str,
        *,
        times: int = 1,
        path_contains: str | None = None,
    ) -> Fault:
        """The next ``times`` requests on ``route`` fail with this Discord error, e.g.
        ``fail("POST /channels/{channel_id}/threads", 403, 50013, "Missing Permissions")``."""
        self._check(route)
        fault = Fault(route, status, {"message": message, "code": code}, {}, path_contains, times)
        self.armed.append(fault)
        return fault

    def outage(
        self,
        route: str,
        status: int = 503,
        *,
        path_contains: str | None = None,
    ) -> Fault:
        """Every request on ``route`` fails with this 5xx until ``fault.lift()``: Discord down
        for a while. discord.py itself retries a 500, 502, 504 or 524 (five tries, 1 + 2n s
        apart: 25 s per request); a 503 it raises at once, to the bot's own retrying."""
        message = "upstream connect error or disconnect/reset before headers"
        return self.fail(
            route, status, 0, message, times=sys.maxsize, path_contains=path_contains
        )

    def take(self, route: str, path: str) -> Fault | None:
        for fault in self.armed:
            if fault.matches(route, path):
                return fault
        return None

    @property
    def unfired(self) -> list[Fault]:
        return [f for f in self.armed if f.fired < f.times]
