"""The game pages' listener (``MARQUEE_WEB_PORT``; on when ``MARQUEE_PUBLIC_URL`` is set).

    /g/<token>                 the page (bot/web/html.py), cached per game version
    /g/<token>/board/<n>.png   the board after move n: drawn once by the drawing pool, kept
    /g/<token>/summary.png     the end-of-game summary picture, once the game is over
    /g/<token>/log/<c>         a chapter of the log, for the page to load older moves
    /g/<token>/version         the game's version, which the page polls to update itself
    /static/page.css, page.js

Anything else, a tampered token, a game not dealt yet: a plain 404 page. Nothing lists games.
Every answer carries a content security policy (the page's own script and styles only, no
framing), no referrer and no sniffing (aiohttp's own error answers too), and names no software
version; each reader may ask ``rate`` times a second (bursts of ``burst``), beyond which it
gets a 429 page. A reader is an IPv4 address or an IPv6 /64 (what
one home or one host is given), found through the trusted proxies' X-Forwarded-For (``Readers``). Everything is read from the store, so any process
of a several-process deployment serves any game; what a process keeps is bounded in memory.
"""
from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path

from aiohttp import hdrs, web

from bot.delivery.drawing import Drawing, Dropped, Reader, frame, shaped
from bot.games import registry
from bot.i18n import HOST, words
from bot.settings import LOOPBACK
from bot.store.base import Checkpoint, Store
from bot.table import history
from bot.table.model import Table
from bot.watch.listen import listen
from bot.web import build, html
from bot.web.cache import Kept
from bot.web.links import Links

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")
#: Requests a second an address may make, and in a burst (a page and its pictures take a few).
RATE, BURST = 10.0, 60
#: Bytes of boards, summaries, pages and log chapters kept in memory.
KEPT_BYTES = 64 * 1024 * 1024
#: Seconds a game read from the store stands for the game (how late a page can be). A page
#: rebuilt takes the interpreter for milliseconds: once a second per game being read, it was
#: enough to show in a move's p99 (tools/bench/web.py, 1.2-1.4×); every three, it is not (~1.0×).
FRESH = 3.0
#: Seconds between the page's looks for a new move.
POLL_SECONDS = 5.0
#: The addresses remembered for rate limiting (the quietest are forgotten first).
ADDRESSES = 10_000
#: The games whose last read is remembered (``FRESH``), the least recently asked forgotten first.
GAMES_KEPT = 256
HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                                "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
}
#: What every answer says of the software answering: no name of Python's or aiohttp's version.
SERVER = "Marquee"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Headed(web.Request):
    """A request whose every answer carries ``HEADERS`` and ``SERVER``: aiohttp's own answers
    (a malformed request's 400, which no middleware sees) as well as the pages'."""

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        response.headers.update(HEADERS)
        response.headers[hdrs.SERVER] = SERVER
        await super()._prepare_hook(response)


class NotFound(Exception):
    """No page here: a tampered or unknown link, a game not dealt, a move not made."""


class Limiter:
    """A token bucket per reader (``Readers.bucket``)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, address: str) -> bool:
        now = self.clock()
        tokens, then = self._buckets.pop(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if len(self._buckets) >= ADDRESSES:  # forget the longest quiet (dicts keep order of use)
            del self._buckets[next(iter(self._buckets))]
        self._buckets[address] = (tokens - 1 if tokens >= 1 else tokens, now)
        return tokens >= 1


Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
#: The IPv6 prefix counted as one reader: a home, a phone or a server is given a /64 at least,
#: so counting single IPv6 addresses would give one reader 2**64 buckets.
IPV6_READER_PREFIX = 64
# A hop some proxies write with its port: 203.0.113.9:51234, [2001:db8::1]:443.
_WITH_PORT = re.compile(r"\[(?P<v6>[0-9A-Fa-f:.]+)\](?::\d+)?|(?P<v4>[0-9.]+):\d+")


class Readers:
    """Who asks: the client a request comes from, as one rate-limit bucket.

    The peer is the client unless it is a trusted proxy (``trusted``: MARQUEE_TRUSTED_PROXIES).
    Then X-Forwarded-For is read from the right, where each proxy appends the address it saw,
    past the hops that are trusted proxies too: the first one that is not is the client.
    Whatever stands to its left was written by the client and is never believed."""

    def __init__(self, trusted: Sequence[Network]) -> None:
        self.trusted = tuple(trusted)

    def bucket(self, request: web.Request) -> str:
        client = self.client(request)
        return bucket_of(client) if client is not None else request.remote or ""

    def client(self, request: web.Request) -> Address | None:
        client = self._peer(request)
        if client is None or not self._trusts(client):
            return client
        for hop in reversed(_hops(request)):
            address = _address(hop)
            if address is None:  # not an address: the hops beyond it cannot be read either
                return client
            client = address
            if not self._trusts(address):
                return client
        return client  # every hop a trusted proxy: the farthest one asked

    def _peer(self, request: web.Request) -> Address | None:
        return _address(request.remote or "")

    def _trusts(self, address: Address) -> bool:
        return any(address in network for network in self.trusted)


def bucket_of(address: Address) -> str:
    """The rate limit's key for a client: an IPv4 address alone, an IPv6 address by its /64."""
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((address, IPV6_READER_PREFIX), strict=False))
    return str(address)


def _hops(request: web.Request) -> list[str]:
    """X-Forwarded-For's addresses in order, the header given once or several times."""
    return [hop.strip() for header in request.headers.getall("X-Forwarded-For", []) for hop in header.split(",")]


def _address(text: str) -> Address | None:
    """An address as a peer or a hop gives it (a port after it allowed); IPv4 written in IPv6
    (::ffff:10.0.0.2, from a listener on ::) is taken as the IPv4 address it is."""
    found = _WITH_PORT.fullmatch(text)
    if found:
        text = found["v6"] or found["v4"]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


class Pages:
    """The game pages of one process: its caches, its limits and its listener."""

    def __init__(self, store: Store, drawing: Drawing, links: Links, *, rate: float = RATE, burst: int = BURST,
                 kept_bytes: int = KEPT_BYTES, fresh: float = FRESH, poll_seconds: float = POLL_SECONDS,
                 clock: Callable[[], float] = time.monotonic, trusted_proxies: Sequence[Network] = LOOPBACK) -> None:
        self.store, self.drawing, self.links = store, drawing, links
        self.limiter = Limiter(rate, burst, clock)
        self.readers = Readers(trusted_proxies)
        self.kept = Kept(kept_bytes)
        self.fresh, self.poll_seconds, self.clock = fresh, poll_seconds, clock
        self._tables: dict[int, tuple[float, Table]] = {}
        self._static = {name: (STATIC / name).read_bytes() for name in ("page.css", "page.js")}
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    # -- the listener ------------------------------------------------------------------

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        app.router.add_get("/g/{token}", self._page)
        app.router.add_get("/g/{token}/board/{move:[0-9]{1,6}}.png", self._board)
        app.router.add_get("/g/{token}/summary.png", self._summary)
        app.router.add_get("/g/{token}/log/{chapter:[0-9]{1,6}}", self._chapter)
        app.router.add_get("/g/{token}/version", self._version)
        app.router.add_get("/static/{name:page\\.(?:css|js)}", self._file)
        return app

    async def start(self, host: str, port: int) -> None:
        app = self.app()
        self._runner, self.port = await listen(app, host, port)
        # Set before the loop runs again, so before any connection is taken.
        assert self._runner.server is not None
        self._runner.server.request_factory = partial(app._make_request, _cls=Headed)
        log.info("game pages on %s (listening on %s port %d)", self.links.base_url, host, self.port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The rate limit first, then the answer (or the 404 page), with the headers on all."""
        if not self.limiter.allow(self.readers.bucket(request)):
            response: web.StreamResponse = self._refusal(429)
            response.headers["Retry-After"] = "5"
        else:
            try:
                response = await handler(request)
            except (NotFound, web.HTTPNotFound, web.HTTPMethodNotAllowed):
                response = self._refusal(404)
        response.headers.update(HEADERS)
        response.headers[hdrs.SERVER] = SERVER
        return response

    @staticmethod
    def _refusal(status: int) -> web.Response:
        return web.Response(status=status, text=html.refusal(words(HOST, "en"), status, style=""),
                            content_type="text/html", headers={"Cache-Control": "no-store"})

    # -- what is read from the store ----------------------------------------------------

    async def _table(self, request: web.Request) -> Table:
        """The game the link names, as read from the store at most ``fresh`` seconds ago."""
        game_id = self.links.game_of(request.match_info["token"])
        if game_id is None:
            raise NotFound
        now = self.clock()
        read = self._tables.get(game_id)
        if read is None or now - read[0] >= self.fresh:
            found = await self.store.game_with_seats(game_id)
            if found is None or found[0].state is None:
                raise NotFound
            read = (now, Table(*found))
        self._tables.pop(game_id, None)
        self._tables[game_id] = read  # the most recently asked last
        if len(self._tables) > GAMES_KEPT:
            del self._tables[next(iter(self._tables))]
        return read[1]

    # -- the answers --------------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.Response:
        table = await self._table(request)
        token = request.match_info["token"]

        async def make() -> bytes:
            game = registry.game(table.record.game_type)
            kept = await self._newest_chapter(table.id, max(table.record.version - 1, 0))
            countdowns = await self.store.timers(table.id)
            over = table.record.result is not None and history.summarises(game)
            places = html.Places(board=f"{token}/board/{{n}}.png", summary=f"{token}/summary.png" if over else None,
                                 log=f"{token}/log/{{c}}", version=f"{token}/version")
            named = await build.seats(self.store, table, kept.moves)
            return await asyncio.to_thread(build.page, table, kept, countdowns, places, self.poll_seconds, named)

        body = await self.kept.get_or_make(("page", table.id, table.record.version), make)
        return web.Response(body=body, content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-cache"})

    async def _newest_chapter(self, game_id: int, moves: int) -> Checkpoint:
        """The checkpoint of the log's newest chapter as of ``moves`` moves: the page shows the
        game as it was read, even if a move has been made since."""
        first, _ = history.chapter_span(history.chapters(moves) - 1)
        kept = await self.store.checkpoint(game_id, max(first - 1, 0), moves)
        if kept.moves <= moves:
            return kept
        return replace(kept, moves=moves)

    async def _board(self, request: web.Request) -> web.Response:
        """The board after a move: the one the thread's post of that move drew, when this
        process drew it (``Drawing.board``), else drawn in the readers' lane; kept with what
        the pages served."""
        table = await self._table(request)
        move = int(request.match_info["move"])
        kit = registry.kit(table.record.game_type)

        async def view() -> tuple[dict[str, object], str]:
            kept = await self.store.checkpoint(table.id, move, move)
            if move > kept.moves:
                raise NotFound
            return shaped(await asyncio.to_thread(history.view_at, kit.game, table, kept)), "board"

        async def draw() -> bytes:
            return await self.drawing.board(frame(table.id, move, table.language), kit.render, view,
                                            reader=self._reader(request, table.id))

        try:
            return _png(await self.kept.get_or_make(("board", table.id, move), draw))
        except Dropped:
            return _dropped()

    def _reader(self, request: web.Request, topic: object) -> Reader:
        """The reader asking, for the drawing pool's readers' lane: one address (``Readers``),
        whose newer picture of the same game replaces an older one still waiting, and who is
        gone once the connection is closed."""
        return Reader(("page", self.readers.bucket(request)), topic,
                      lambda: request.transport is not None and not request.transport.is_closing())

    async def _summary(self, request: web.Request) -> web.Response:
        table = await self._table(request)
        game = registry.game(table.record.game_type)
        if table.record.result is None or not history.summarises(game):
            raise NotFound

        async def draw() -> bytes:
            actions = await self.store.actions(table.id)
            found = await asyncio.to_thread(history.summary, game, table, actions, words(HOST, table.language))
            return await self.drawing.draw("rendering.summary:render", found.picture,  # as the thread's
                                           reader=self._reader(request, ("summary", table.id)))

        try:
            return _png(await self.kept.get_or_make(("summary", table.id), draw))
        except Dropped:
            return _dropped()

    async def _chapter(self, request: web.Request) -> web.Response:
        table = await self._table(request)
        number = int(request.match_info["chapter"])
        moves = max(table.record.version - 1, 0)
        if number >= history.chapters(moves):
            raise NotFound

        async def make() -> bytes:
            first, last = history.chapter_span(number)
            kept = await self.store.checkpoint(table.id, max(first - 1, 0), last)
            named = await build.seats(self.store, table, moves)
            return await asyncio.to_thread(build.chapter, table, kept, number, named)

        # A chapter is the same for good once the log has gone past it.
        whole = number < history.chapters(moves) - 1
        key = ("chapter", table.id, number, None if whole else table.record.version)
        return web.Response(body=await self.kept.get_or_make(key, make), content_type="text/html",
                            charset="utf-8", headers={"Cache-Control": "no-cache"})

    async def _version(self, request: web.Request) -> web.Response:
        table = await self._table(request)
        return web.Response(text=str(table.record.version), headers={"Cache-Control": "no-store"})

    async def _file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        kind = "text/css" if name.endswith(".css") else "text/javascript"
        return web.Response(body=self._static[name], content_type=kind, charset="utf-8",
                            headers={"Cache-Control": "max-age=3600"})


def _png(body: bytes) -> web.Response:
    # The board after a move never changes: a reader's browser keeps it.
    return web.Response(body=body, content_type="image/png", headers={"Cache-Control": "max-age=86400, immutable"})


def _dropped() -> web.Response:
    """A picture not drawn because its reader asked for a newer one or left (what a reader
    still there may ask again for)."""
    return web.Response(status=503, text="superseded", headers={"Retry-After": "1", "Cache-Control": "no-store"})
