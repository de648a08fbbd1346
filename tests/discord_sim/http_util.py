"""HTTP plumbing shared by the REST routes: Discord-shaped JSON replies and errors, body
parsing (JSON or multipart with payload_json + files[n]), and the middleware that counts,
authenticates, injects faults and validates every request against the spec and the rules."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import rules

if TYPE_CHECKING:
    from .server import DiscordSim

API_PREFIX = "/api/v10"

# Typed keys where aiohttp has them (3.9+/3.11+); plain strings work everywhere else.
_AppKey = getattr(web, "AppKey", None)
_RequestKey = getattr(web, "RequestKey", None)
SIM: Any = _AppKey("sim", object) if _AppKey else "sim"
ROUTE: Any = _RequestKey("route", str) if _RequestKey else "route"
BODY: Any = _RequestKey("body", object) if _RequestKey else "body"
UPLOADS: Any = _RequestKey("uploads", list) if _RequestKey else "uploads"
_FILE_FIELD = re.compile(r"^files\[(\d+)\]$")


@dataclass
class Upload:
    index: int
    filename: str
    data: bytes
    content_type: str | None


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    # Exactly "application/json": with a charset suffix discord.py reads the body as text.
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def error_response(
    status: int, code: int, message: str, errors: dict | None = None
) -> web.Response:
    body: dict[str, Any] = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return json_response(body, status)


def no_content() -> web.Response:
    return web.Response(status=204)


def route_of(request: web.Request) -> str:
    return request.get(ROUTE) or f"{request.method} {request.path}"


def reject(
    request: web.Request, status: int, code: int, message: str, *, rule: str, detail: str = ""
) -> web.Response:
    """Answer as Discord would and record the violation against the route."""
    sim: DiscordSim = request.app[SIM]
    sim.violate(route_of(request), rule, detail or message)
    return error_response(status, code, message)


async def read_body(request: web.Request) -> tuple[Any, list[Upload], str]:
    media = request.content_type
    if media == "multipart/form-data":
        body: Any = None
        uploads: list[Upload] = []
        reader = await request.multipart()
        async for part in reader:
            name = part.name or ""
            match = _FILE_FIELD.match(name)
            if name == "payload_json":
                body = json.loads(await part.text())
            elif match:
                uploads.append(
                    Upload(
                        int(match.group(1)),
                        part.filename or f"file{match.group(1)}",
                        bytes(await part.read()),
                        part.headers.get("Content-Type"),
                    )
                )
        return body, uploads, media
    raw = await request.read()
    if not raw:
        return None, [], media
    if media != "application/json":
        return raw.decode(errors="replace"), [], media
    return json.loads(raw), [], media


def _message_rules(body: Any) -> list[rules.Problem]:
    return rules.message_problems(body)


def _callback_rules(body: Any) -> list[rules.Problem]:
    if not isinstance(body, dict):
        return []
    data = body.get("data") or {}
    kind = body.get("type")
    if kind in (4, 7):
        return rules.message_problems(data)
    if kind == 9:
        return rules.modal_problems(data)
    if kind == 8:
        return rules.choices_problems(data)
    return []


def _thread_rules(body: Any) -> list[rules.Problem]:
    return (
        rules.message_problems(body.get("message"))
        if isinstance(body, dict) and body.get("message")
        else []
    )


RULES_BY_ROUTE: dict[str, Callable[[Any], list[rules.Problem]]] = {
    "POST /channels/{channel_id}/messages": _message_rules,
    "PATCH /channels/{channel_id}/messages/{message_id}": _message_rules,
    "POST /webhooks/{webhook_id}/{webhook_token}": _message_rules,
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original": _message_rules,
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": _message_rules,
    "POST /interactions/{interaction_id}/{interaction_token}/callback": _callback_rules,
    "POST /channels/{channel_id}/threads": _thread_rules,
    "PUT /applications/{application_id}/commands": rules.command_problems,
    "PUT /applications/{application_id}/guilds/{guild_id}/commands": rules.command_problems,
}
# Routes authenticated by the interaction token in the URL, not by the bot token.
TOKEN_ROUTES = ("/interactions/", "/webhooks/")


def _upload_problems(body: Any, uploads: list[Upload], *, creating: bool = True) -> list[rules.Problem]:
    problems: list[rules.Problem] = []
    if len(uploads) > 10:
        problems.append(("at most 10 files per message", f"{len(uploads)} files"))
    from .interactions import ATTACHMENT_SIZE_LIMIT

    for upload in uploads:
        if len(upload.data) > ATTACHMENT_SIZE_LIMIT:
            problems.append(
                (
                    "files ≤ the attachment size limit",
                    f"{upload.filename} is {len(upload.data)} bytes",
                )
            )
    message = (
        body.get("data") if isinstance(body, dict) and "type" in body and "data" in body else body
    )
    if isinstance(message, dict):
        names = {u.filename for u in uploads}
        names |= {
            a.get("filename") for a in message.get("attachments") or [] if isinstance(a, dict)
        }
        for i, embed in enumerate(message.get("embeds") or []):
            for key in ("image", "thumbnail"):
                url = ((embed or {}).get(key) or {}).get("url") or ""
                if url.startswith("attachment://") and url[13:] not in names:
                    files = sorted(n for n in names if n)
                    detail = f"embeds[{i}].{key} names {url[13:]!r}; files: {files}"
                    problems.append(("an embed's attachment:// names a file sent with it", detail))
        if creating and (message.get("flags") or 0) & rules.COMPONENTS_V2_FLAG:
            problems += rules.attachment_problems(message.get("components"), names)
    return problems


def edit_refused(request: web.Request, msg: Any, body: Any, uploads: list[Upload]) -> web.Response | None:
    """Discord's 400 for an edit this message cannot take (a switch between components V2 and
    content, or a V2 picture naming a file the message will not have); None when it can."""
    body = body or {}
    if not isinstance(body, dict):
        return None
    if "attachments" in body and body["attachments"] is not None:
        kept = {a.filename for a in msg.attachments
                if str(a.id) in {str(k.get("id")) for k in body["attachments"] if isinstance(k, dict)}}
        kept |= {k.get("filename") for k in body["attachments"] if isinstance(k, dict) and k.get("filename")}
    else:
        kept = {a.filename for a in msg.attachments}
    kept |= {u.filename for u in uploads}
    problems = rules.edit_problems(msg.flags, body, kept)
    if not problems:
        return None
    sim: DiscordSim = request.app[SIM]
    for rule, detail in problems:
        sim.violate(route_of(request), rule, detail)
    errors = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": f"{r}: {d}"} for r, d in problems]}
    return error_response(400, 50035, "Invalid Form Body", errors)


def _not_already_reported(
    found: list[rules.Problem], schema: list[rules.Problem]
) -> list[rules.Problem]:
    """Drop a rule problem when the schema already complained about the same field."""
    schema_paths = [detail.split(" ")[0] for _, detail in schema]
    return [
        (rule, detail)
        for rule, detail in found
        if not any(p.endswith("." + detail.split(" ")[0]) for p in schema_paths)
    ]


def make_middleware(sim: DiscordSim) -> Callable[..., Awaitable[web.StreamResponse]]:
    @web.middleware
    async def middleware(
        request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ):
        if not request.path.startswith(API_PREFIX + "/"):
            return await handler(request)
        path = request.path[len(API_PREFIX) :]
        op = sim.spec.operation(request.method, path)
        request[ROUTE] = route = op.route if op else f"{request.method} {path}"
        sim.stats.count_request(route)
        sim.touch()
        response = await _checked(request, handler, op, route, path)
        sim.trace(f"bot → {route}: {response.status}")
        sim.touch()
        return response

    async def _checked(
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
        op: Any,
        route: str,
        path: str,
    ) -> web.StreamResponse:
        if (
            not path.startswith(TOKEN_ROUTES)
            and request.headers.get("Authorization") != f"Bot {sim.token}"
        ):
            return reject(
                request,
                401,
                0,
                "401: Unauthorized",
                rule="requests carry 'Authorization: Bot <token>'",
            )

        fault = sim.faults.take(route, path)
        if fault is not None:
            return fault.response()

        if request.match_info.http_exception is not None:
            rule = "route not simulated" if op is not None else "route not in Discord's API"
            return reject(
                request, 404, 0, "404: Not Found", rule=rule, detail=f"{request.method} {path}"
            )

        try:
            body, uploads, media = await read_body(request)
        except (ValueError, UnicodeDecodeError) as exc:
            return reject(
                request,
                400,
                50109,
                "The request body contains invalid JSON.",
                rule="valid JSON body",
                detail=str(exc),
            )
        request[BODY], request[UPLOADS] = body, uploads

        problems: list[tuple[str, str]] = []
        if op is not None and body is not None:
            problems += [
                ("request body matches Discord's schema", e)
                for e in sim.spec.body_errors(op, body, media)
            ]
        if op is not None and op.route in RULES_BY_ROUTE and body is not None:
            problems += _not_already_reported(RULES_BY_ROUTE[op.route](body), problems)
        if uploads or isinstance(body, dict):
            # An edit's pictures may name the files the message keeps: checked by the edit.
            creating = request.method == "POST" and not (
                isinstance(body, dict) and body.get("type") == 7 and "/callback" in path)
            problems += _upload_problems(body, uploads, creating=creating)
        if problems:
            for rule, detail in problems:
                sim.violate(route, rule, detail)
            errors = {
                "_errors": [
                    {"code": "BASE_TYPE_INVALID", "message": f"{r}: {d}"} for r, d in problems
                ]
            }
            return error_response(400, 50035, "Invalid Form Body", errors)
        return await handler(request)

    return middleware
