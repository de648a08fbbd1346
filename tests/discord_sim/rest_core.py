"""REST: login (users/@me, the application), gateway discovery, command sync, guild reads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from .http_util import BODY, SIM, json_response, reject

if TYPE_CHECKING:
    from .guilds import SimGuild
    from .server import DiscordSim


def _sim(request: web.Request) -> DiscordSim:
    return request.app[SIM]


async def get_me(request: web.Request) -> web.Response:
    return json_response(
        _sim(request).bot_user.payload() | {"verified": True, "mfa_enabled": False}
    )


async def get_application(request: web.Request) -> web.Response:
    sim = _sim(request)
    return json_response(
        {
            "id": str(sim.application_id),
            "name": sim.bot_user.name,
            "icon": None,
            "description": "Simulated application",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": sim.owner.user.payload(),
            "team": None,
            "flags": 0,
            "bot": sim.bot_user.payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "install_params": None,
            "integration_types_config": {"0": {}},
        }
    )


async def get_user(request: web.Request) -> web.Response:
    sim = _sim(request)
    user = sim.user_by_id(int(request.match_info["user_id"]))
    if user is None:
        return reject(request, 404, 10013, "Unknown User", rule="known user id")
    return json_response(user.payload())


async def get_gateway(request: web.Request) -> web.Response:
    return json_response({"url": _sim(request).gateway_url})


async def get_gateway_bot(request: web.Request) -> web.Response:
    return json_response(
        {
            "url": _sim(request).gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }
    )


def _check_app(request: web.Request) -> web.Response | None:
    sim = _sim(request)
    if request.match_info["application_id"] != str(sim.application_id):
        return reject(
            request,
            403,
            50001,
            "Missing Access",
            rule="application id is the bot's own",
            detail=f"got {request.match_info['application_id']}, the app is {sim.application_id}",
        )
    guild_id = request.match_info.get("guild_id")
    if guild_id is not None and _known_guild(sim, guild_id) is None:
        return reject(
            request,
            403,
            50001,
            "Missing Access",
            rule="guild id is a guild the bot is in",
            detail=f"guild {guild_id}",
        )
    return None


def _scope(request: web.Request) -> int | None:
    guild_id = request.match_info.get("guild_id")
    return None if guild_id is None else int(guild_id)


async def put_commands(request: web.Request) -> web.Response:
    bad = _check_app(request)
    if bad is not None:
        return bad
    stored = _sim(request).commands.replace(_scope(request), request[BODY] or [])
    return json_response(stored)


async def get_commands(request: web.Request) -> web.Response:
    bad = _check_app(request)
    if bad is not None:
        return bad
    return json_response(_sim(request).commands.scopes.get(_scope(request), []))


def _known_guild(sim: DiscordSim, raw_id: str) -> SimGuild | None:
    return sim.guild_by_id(int(raw_id)) if raw_id.isdigit() else None


def _guild(request: web.Request) -> SimGuild | web.Response:
    guild = _known_guild(_sim(request), request.match_info["guild_id"])
    if guild is None:
        return reject(request, 404, 10004, "Unknown Guild", rule="known guild id")
    return guild


async def get_guild(request: web.Request) -> web.Response:
    guild = _guild(request)
    if isinstance(guild, web.Response):
        return guild
    data = guild.payload(members_payload=[], threads=[])
    for key in (
        "members",
        "channels",
        "threads",
        "presences",
        "voice_states",
        "joined_at",
        "large",
        "unavailable",
        "member_count",
        "stage_instances",
        "guild_scheduled_events",
        "soundboard_sounds",
    ):
        data.pop(key, None)
    if request.query.get("with_counts") in ("true", "1"):
        data["approximate_member_count"] = guild.member_count()
        data["approximate_presence_count"] = 0
    return json_response(data)


async def get_guild_channels(request: web.Request) -> web.Response:
    guild = _guild(request)
    if isinstance(guild, web.Response):
        return guild
    return json_response([c.payload() for c in guild.channels if not c.deleted])


async def get_guild_roles(request: web.Request) -> web.Response:
    guild = _guild(request)
    if isinstance(guild, web.Response):
        return guild
    return json_response([r.payload() for r in guild.roles.values()])


async def get_guild_member(request: web.Request) -> web.Response:
    guild = _guild(request)
    if isinstance(guild, web.Response):
        return guild
    sim = _sim(request)
    user_id = int(request.match_info["user_id"])
    if user_id == sim.bot_user.id:
        return json_response(sim.bot_member_payload())
    member = guild.member_by_id(user_id)
    if member is None:
        return reject(request, 404, 10007, "Unknown Member", rule="known member id")
    return json_response(member.payload())


async def list_guild_members(request: web.Request) -> web.Response:
    guild = _guild(request)
    if isinstance(guild, web.Response):
        return guild
    sim = _sim(request)
    limit = int(request.query.get("limit", "1"))
    after = int(request.query.get("after", "0"))
    everyone = [sim.bot_member_payload()] + [m.payload() for m in guild.members]
    everyone = sorted(
        (m for m in everyone if int(m["user"]["id"]) > after), key=lambda m: int(m["user"]["id"])
    )
    return json_response(everyone[:limit])


async def get_active_threads(request: web.Request) -> web.Response:
    guild = _guild(request)
    if isinstance(guild, web.Response):
        return guild
    sim = _sim(request)
    threads = [t for t in guild.threads if not t.archived]
    members = [
        t.thread_member_payload(sim.bot_user.id) for t in threads if sim.bot_user.id in t.member_ids
    ]
    return json_response({"threads": [t.payload() for t in threads], "members": members})


def add_routes(router: web.UrlDispatcher, prefix: str) -> None:
    router.add_get(prefix + "/users/@me", get_me)
    router.add_get(prefix + "/oauth2/applications/@me", get_application)
    router.add_get(prefix + "/applications/@me", get_application)
    router.add_get(prefix + "/gateway", get_gateway)
    router.add_get(prefix + "/gateway/bot", get_gateway_bot)
    router.add_put(prefix + "/applications/{application_id}/commands", put_commands)
    router.add_get(prefix + "/applications/{application_id}/commands", get_commands)
    router.add_put(
        prefix + "/applications/{application_id}/guilds/{guild_id}/commands", put_commands
    )
    router.add_get(
        prefix + "/applications/{application_id}/guilds/{guild_id}/commands", get_commands
    )
    router.add_get(prefix + "/guilds/{guild_id}", get_guild)
    router.add_get(prefix + "/guilds/{guild_id}/channels", get_guild_channels)
    router.add_get(prefix + "/guilds/{guild_id}/roles", get_guild_roles)
    router.add_get(prefix + "/guilds/{guild_id}/members", list_guild_members)
    router.add_get(prefix + "/guilds/{guild_id}/members/{user_id}", get_guild_member)
    router.add_get(prefix + "/guilds/{guild_id}/threads/active", get_active_threads)
    router.add_get(prefix + "/users/{user_id}", get_user)
