"""The gateway: HELLO, heartbeats, IDENTIFY → READY + GUILD_CREATE, RESUME with replay,
dispatches filtered by intents, and the faults a test can trigger (RECONNECT, a dropped
connection, an invalidated session).

Each session keeps every dispatch it was sent, so a client that resumes gets what it missed
(as Discord does). Frames go out through one writer per connection, so order is kept."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import Counter
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .shards import Shard

if TYPE_CHECKING:
    from .guilds import SimGuild
    from .server import DiscordSim

HELLO, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT = 10, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HEARTBEAT_ACK, DISPATCH = 8, 9, 11, 0

GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15


class Connection:
    def __init__(self, ws: web.WebSocketResponse, request: web.Request) -> None:
        self.ws = ws
        self.request = request
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.session: Session | None = None
        self.writer = asyncio.create_task(self._write(), name="discord-sim-gateway-writer")

    def send(self, payload: dict[str, Any] | str) -> None:
        self.queue.put_nowait(payload if isinstance(payload, str) else json.dumps(payload))

    async def _write(self) -> None:
        while True:
            frame = await self.queue.get()
            if frame is None or self.ws.closed:
                return
            try:
                await self.ws.send_str(frame)
            except (ConnectionError, RuntimeError):
                return


class Session:
    def __init__(self, *, intents: int, shard: tuple[int, int]) -> None:
        self.id = secrets.token_hex(16)
        self.intents = intents
        self.shard_id, self.shard_count = shard
        self.seq = 0
        self.backlog: list[tuple[int, str]] = []
        self.conn: Connection | None = None
        self.superseded = False
        self.ready_at: float | None = None
        self.resumes = 0
        self.replayed = 0  # dispatches re-sent on RESUME because the client never got them

    def has(self, intent: int) -> bool:
        return bool(self.intents & intent)

    def push(self, event: str, data: Any) -> None:
        self.seq += 1
        frame = json.dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data})
        self.backlog.append((self.seq, frame))
        if self.conn is not None:
            self.conn.send(frame)

    @property
    def shard(self) -> Shard:
        return (self.shard_id, self.shard_count)

    def covers(self, guild_id: int | None) -> bool:
        if guild_id is None:
            return self.shard_id == 0
        return (guild_id >> 22) % self.shard_count == self.shard_id


class Gateway:
    def __init__(self, sim: DiscordSim) -> None:
        self.sim = sim
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.identify_count = 0
        self.identifies_by_shard: Counter[Shard] = Counter()
        self.resume_count = 0
        self.heartbeats = 0

    # --- who is listening -----------------------------------------------------------------
    def current(self) -> list[Session]:
        return [s for s in self.sessions.values() if not s.superseded]

    def session_for(self, guild_id: int | None) -> Session | None:
        return next((s for s in self.current() if s.covers(guild_id)), None)

    def session_of_shard(self, shard: Shard) -> Session | None:
        return next((s for s in self.current() if s.shard == shard), None)

    @property
    def connected(self) -> bool:
        """Some session is connected and has been sent READY."""
        return any(s.conn is not None and s.ready_at for s in self.current())

    def shards_ready(self, shards: Collection[Shard]) -> bool:
        """Each of these shards has a current session, connected and sent READY."""
        sessions = [self.session_of_shard(shard) for shard in shards]
        return all(s is not None and s.conn is not None and s.ready_at for s in sessions)

    def forget_sessions(self, shards: Collection[Shard] | None = None) -> None:
        """Drop the sessions of these shards (default: every session), as Discord does once a
        killed process can never resume them: their guilds' events and interactions go nowhere."""
        for session in self.sessions.values():
            if shards is None or session.shard in shards:
                session.superseded = True
        self.sim.notify()

    def cut_sessions(self, shards: Collection[Shard] | None = None) -> None:
        """Forget these sessions (default: every session) and cut their connections at once,
        as a killed process's sockets close with it: for a test that stops a bot in its
        tracks without ending its process (tests/e2e/killable.py)."""
        for session in self.sessions.values():
            if (shards is None or session.shard in shards) and session.conn is not None:
                session.conn.queue.put_nowait(None)
                transport = session.conn.request.transport
                if transport is not None:
                    transport.abort()
        self.forget_sessions(shards)

    # --- dispatching ----------------------------------------------------------------------
    def dispatch(
        self,
        event: str,
        data: Any,
        *,
        guild_id: int | None,
        intent: int | None,
        redact_content: bool = False,
    ) -> bool:
        """Send ``event`` to the session serving ``guild_id`` if it asked for ``intent``.
        ``redact_content``: a member's message, whose text needs the MESSAGE_CONTENT intent.
        Returns False when no session would receive it."""
        session = self.session_for(guild_id)
        if session is None or (intent is not None and not session.has(intent)):
            return False
        if redact_content and not session.has(MESSAGE_CONTENT):
            data = dict(data, content="", embeds=[], attachments=[], components=[])
        session.push(event, data)
        return True

    def announce_guild(self, guild: SimGuild) -> bool:
        """GUILD_CREATE for a guild the bot just joined, to the session of its shard."""
        session = self.session_for(guild.id)
        if session is None or not session.has(GUILDS):
            return False
        payload = self.sim.guild_create_payload(guild, with_members=session.has(GUILD_MEMBERS))
        session.push("GUILD_CREATE", payload)
        return True

    # --- faults ---------------------------------------------------------------------------
    def _live(self) -> list[Connection]:
        return [s.conn for s in self.current() if s.conn is not None]

    def send_reconnect(self) -> int:
        conns = self._live()
        for conn in conns:
            conn.send({"op": RECONNECT, "d": None})
        return len(conns)

    def send_invalid_session(self, resumable: bool) -> int:
        conns = self._live()
        for conn in conns:
            conn.send({"op": INVALID_SESSION, "d": resumable})
        return len(conns)

    async def drop(self, code: int | None) -> int:
        conns = self._live()
        for conn in conns:
            if code is None:
                transport = conn.request.transport
                if transport is not None:
                    transport.abort()
            else:
                await conn.ws.close(code=code, message=b"closed by the simulator")
        return len(conns)

    async def close(self) -> None:
        for conn in list(self.connections):
            conn.queue.put_nowait(None)
            await conn.ws.close(code=1001)

    # --- the websocket --------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        if request.query.get("encoding", "json") != "json":
            self.sim.violate(
                "GATEWAY", "gateway encoding is json", f"asked for {request.query.get('encoding')}"
            )
            await ws.close(code=4002)
            return ws
        conn = Connection(ws, request)
        self.connections.add(conn)
        conn.send(
            {
                "op": HELLO,
                "d": {"heartbeat_interval": self.sim.heartbeat_interval_ms},
                "s": None,
                "t": None,
            }
        )
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                await self._receive(conn, json.loads(msg.data))
        finally:
            self.connections.discard(conn)
            conn.queue.put_nowait(None)
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
            self.sim.notify()
        return ws

    async def _receive(self, conn: Connection, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            conn.send({"op": HEARTBEAT_ACK, "d": None})
        elif op == IDENTIFY:
            await self._identify(conn, data or {})
        elif op == RESUME:
            await self._resume(conn, data or {})
        elif op in (PRESENCE, VOICE):
            pass
        elif op == REQUEST_MEMBERS:
            self._members_chunk(conn, data or {})
        else:
            self.sim.violate("GATEWAY", "known gateway opcode", f"op {op}")
            await conn.ws.close(code=4001)

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        if data.get("token") != self.sim.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(data.get("intents", 0))
        denied = intents & self.sim.privileged_intents_denied
        if denied:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard_id, shard_count = data.get("shard") or (0, 1)
        shard = (int(shard_id), int(shard_count))
        for old in self.current():
            if (old.shard_id, old.shard_count) == shard:
                old.superseded = True
        session = Session(intents=intents, shard=shard)
        self.sessions[session.id] = session
        session.conn = conn
        conn.session = session
        self.identify_count += 1
        self.identifies_by_shard[shard] += 1
        guilds = [g for g in self.sim.guilds if session.covers(g.id)]
        session.push(
            "READY",
            {
                "v": 10,
                "user": self.sim.bot_user.payload(),
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": self.sim.gateway_url,
                "shard": [session.shard_id, session.shard_count],
                "application": {"id": str(self.sim.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "user_settings": {},
                "geo_ordered_rtc_regions": [],
                "guild_join_requests": [],
            },
        )
        for guild in guilds:
            session.push(
                "GUILD_CREATE",
                self.sim.guild_create_payload(guild, with_members=session.has(GUILD_MEMBERS)),
            )
        session.ready_at = time.perf_counter()
        self.sim.notify()

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(data.get("session_id", ""))
        if data.get("token") != self.sim.token or session is None or session.superseded:
            conn.send({"op": INVALID_SESSION, "d": False})
            return
        if session.conn is not None and session.conn is not conn:
            session.conn.queue.put_nowait(None)
        last = int(data.get("seq") or 0)
        missed = [frame for seq, frame in session.backlog if seq > last]
        for frame in missed:
            conn.send(frame)
        session.replayed += len(missed)
        session.conn = conn
        conn.session = session
        session.resumes += 1
        self.resume_count += 1
        session.push("RESUMED", {"_trace": ["discord-sim"]})
        self.sim.notify()

    def _members_chunk(self, conn: Connection, data: dict[str, Any]) -> None:
        session = conn.session
        if session is None:
            return
        guild = self.sim.guild_by_id(int(data.get("guild_id") or 0))
        if guild is None or not session.covers(guild.id):
            return  # Discord ignores a request for a guild this shard does not serve
        members = self.sim.members_for_chunk(
            guild,
            query=data.get("query"),
            user_ids=data.get("user_ids"),
            limit=int(data.get("limit") or 0),
        )
        payload = {
            "guild_id": data.get("guild_id"),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            payload["nonce"] = data["nonce"]
        session.push("GUILD_MEMBERS_CHUNK", payload)
