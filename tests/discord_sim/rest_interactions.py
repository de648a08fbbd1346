"""REST: interaction callbacks (types 4–9) and the interaction webhook (follow-ups, @original)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .http_util import BODY, SIM, UPLOADS, edit_refused, json_response, no_content, reject
from .interactions import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    CALLBACK_NAMES,
    InitialResponse,
    SimInteraction,
    SimModal,
)
from .model import EPHEMERAL, LOADING, SimMessage

if TYPE_CHECKING:
    from .server import DiscordSim


def _sim(request: web.Request) -> DiscordSim:
    return request.app[SIM]


async def callback(request: web.Request) -> web.Response:
    sim = _sim(request)
    inter = sim.interactions.get(int(request.match_info["interaction_id"]))
    if inter is None or inter.token != request.match_info["interaction_token"]:
        return reject(
            request, 404, 10062, "Unknown interaction", rule="callback names a live interaction"
        )
    if inter.initial is not None:
        return reject(
            request,
            400,
            40060,
            "Interaction has already been acknowledged.",
            rule="exactly one initial response per interaction",
            detail=f"{inter.describe()} was already answered with {inter.initial.kind}",
        )
    waited = sim.now() - inter.created_at
    if waited > sim.limits.initial_response_s:
        return reject(
            request,
            404,
            10062,
            "Unknown interaction",
            rule="first interaction response within 3 s",
            detail=f"{inter.describe()} answered after {waited:.2f} s",
        )
    body = request[BODY] or {}
    kind = body.get("type")
    if kind not in ALLOWED_CALLBACKS[inter.type]:
        return reject(
            request,
            400,
            50035,
            "Invalid Form Body",
            rule="callback type fits the interaction",
            detail=f"{CALLBACK_NAMES.get(kind, kind)} is not an answer to {inter.describe()}",
        )
    if kind in (6, 7) and inter.source_message is None:
        return reject(
            request,
            400,
            50035,
            "Invalid Form Body",
            rule="update only a component's message",
            detail=f"{inter.describe()} has no message to update",
        )
    data: dict[str, Any] = body.get("data") or {}
    response = InitialResponse(type=kind, at=time.perf_counter())
    if kind == 4:
        response.message = inter.original = _reply(
            sim, inter, data, request[UPLOADS], loading=False
        )
        inter.original_filled = True
    elif kind == 5:
        response.message = inter.original = _reply(sim, inter, data, [], loading=True)
    elif kind == 6:
        inter.original = inter.source_message
    elif kind == 7:
        target = inter.source_message
        refused = edit_refused(request, target, data, request[UPLOADS])
        if refused is not None:
            return refused
        sim.edit_message(target, data, request[UPLOADS])
        response.message = inter.original = target
        inter.original_filled = True
    elif kind == 8:
        response.choices = list(data.get("choices") or [])
    elif kind == 9:
        response.modal = SimModal.from_data(inter.member, inter, data)
        inter.member.modals.append(response.modal)
    sim.record_answer(inter, response)
    if request.query.get("with_response") not in ("1", "true", "True"):
        return no_content()
    return json_response(_callback_payload(inter, response))


def _reply(
    sim: DiscordSim, inter: SimInteraction, data: dict, uploads: list, *, loading: bool
) -> SimMessage:
    flags = data.get("flags") or 0
    body = dict(data)
    if loading:
        body = {"content": "", "flags": (flags & EPHEMERAL) | LOADING}
    ephemeral = bool(flags & EPHEMERAL)
    return sim.create_message(
        inter.channel,
        sim.bot_user,
        body,
        uploads,
        recipient=inter.member if ephemeral else None,
        interaction=inter,
        message_type=20 if inter.type == APPLICATION_COMMAND else 19,
        webhook_id=sim.application_id,
    )


def _callback_payload(inter: SimInteraction, response: InitialResponse) -> dict[str, Any]:
    msg = response.message
    payload: dict[str, Any] = {
        "interaction": {
            "id": str(inter.id),
            "type": inter.type,
            "activity_instance_id": None,
            "response_message_id": str(msg.id) if msg else None,
            "response_message_loading": bool(msg and msg.loading),
            "response_message_ephemeral": bool(msg and msg.ephemeral),
        },
        "resource": {"type": response.type},
    }
    if msg is not None:
        payload["resource"]["message"] = msg.payload()
    return payload


def _webhook_interaction(request: web.Request) -> SimInteraction | web.Response:
    sim = _sim(request)
    inter = sim.interaction_by_token(request.match_info["webhook_token"])
    if request.match_info["webhook_id"] != str(sim.application_id) or inter is None:
        return reject(
            request, 404, 10015, "Unknown Webhook", rule="interaction webhook is app id + token"
        )
    if inter.expired():
        return reject(
            request,
            401,
            50027,
            "Invalid Webhook Token",
            rule="follow-ups within 15 min of the interaction",
            detail=inter.describe(),
        )
    if inter.initial is None:
        return reject(
            request,
            404,
            10015,
            "Unknown Webhook",
            rule="follow-ups come after the initial response",
            detail=inter.describe(),
        )
    return inter


def _target(request: web.Request, inter: SimInteraction) -> SimMessage | web.Response:
    raw = request.match_info.get("message_id", "@original")
    if raw == "@original":
        msg = inter.original
    else:
        candidates = [m for m in [inter.original, *inter.followups] if m is not None]
        msg = next((m for m in candidates if str(m.id) == raw), None)
    if msg is None or msg.deleted:
        return reject(
            request,
            404,
            10008,
            "Unknown Message",
            rule="webhook message belongs to the interaction",
            detail=f"{raw} for {inter.describe()}",
        )
    return msg


async def followup(request: web.Request) -> web.Response:
    sim = _sim(request)
    inter = _webhook_interaction(request)
    if isinstance(inter, web.Response):
        return inter
    body = request[BODY] or {}
    original = inter.original
    if (
        inter.initial.type == 5
        and original is not None
        and original.loading
        and not inter.original_filled
    ):
        # After a deferred reply, Discord turns the first follow-up into the 'thinking' message.
        original.flags &= ~LOADING
        sim.edit_message(original, body, request[UPLOADS])
        inter.original_filled = True
        sim.record_visible(inter)
        msg = original
    else:
        ephemeral = bool((body.get("flags") or 0) & EPHEMERAL)
        msg = sim.create_message(
            inter.channel,
            sim.bot_user,
            body,
            request[UPLOADS],
            recipient=inter.member if ephemeral else None,
            interaction=inter,
            message_type=19,
            webhook_id=sim.application_id,
        )
        inter.followups.append(msg)
        sim.record_visible(inter)
    if request.query.get("wait") in ("true", "1", "True"):
        return json_response(msg.payload())
    return no_content()


async def get_webhook_message(request: web.Request) -> web.Response:
    inter = _webhook_interaction(request)
    if isinstance(inter, web.Response):
        return inter
    msg = _target(request, inter)
    return msg if isinstance(msg, web.Response) else json_response(msg.payload())


async def edit_webhook_message(request: web.Request) -> web.Response:
    sim = _sim(request)
    inter = _webhook_interaction(request)
    if isinstance(inter, web.Response):
        return inter
    msg = _target(request, inter)
    if isinstance(msg, web.Response):
        return msg
    if not msg.loading:  # a 'thinking' message takes whatever fills it
        refused = edit_refused(request, msg, request[BODY], request[UPLOADS])
        if refused is not None:
            return refused
    msg.flags &= ~LOADING
    sim.edit_message(msg, request[BODY] or {}, request[UPLOADS])
    if msg is inter.original:
        inter.original_filled = True
    sim.record_visible(inter)
    return json_response(msg.payload())


async def delete_webhook_message(request: web.Request) -> web.Response:
    sim = _sim(request)
    inter = _webhook_interaction(request)
    if isinstance(inter, web.Response):
        return inter
    msg = _target(request, inter)
    if isinstance(msg, web.Response):
        return msg
    sim.delete_message(msg)
    return no_content()


def add_routes(router: web.UrlDispatcher, prefix: str) -> None:
    router.add_post(
        prefix + "/interactions/{interaction_id}/{interaction_token}/callback", callback
    )
    w = prefix + "/webhooks/{webhook_id}/{webhook_token}"
    router.add_post(w, followup)
    router.add_get(w + "/messages/@original", get_webhook_message)
    router.add_patch(w + "/messages/@original", edit_webhook_message)
    router.add_delete(w + "/messages/@original", delete_webhook_message)
    router.add_get(w + "/messages/{message_id}", get_webhook_message)
    router.add_patch(w + "/messages/{message_id}", edit_webhook_message)
    router.add_delete(w + "/messages/{message_id}", delete_webhook_message)
