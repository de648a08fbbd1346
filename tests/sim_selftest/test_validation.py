"""Spec validation and Discord's documented rules: violations are recorded with route and rule,
and the bot gets the error Discord would give."""

from __future__ import annotations

import aiohttp
import pytest

pytest_plugins = ["tests.discord_sim.plugin"]


async def test_a_101_char_custom_id_is_a_violation_and_a_400(discord_sim, tiny, alice):
    reply = await (await alice.slash("demo broken", flaw="long custom_id")).reply()
    assert reply.text == "rejected: 400 50035"
    [violation] = discord_sim.take_violations()
    assert violation.route == "POST /channels/{channel_id}/messages"
    assert violation.rule == "request body matches Discord's schema"
    assert (
        violation.detail
        == "body.components[0].components[0].custom_id is 101 characters long (maxLength 100)"
    )
    assert [m for m in discord_sim.default_channel.bot_messages if m.content == "broken"] == []


async def test_content_over_2000_breaks_a_documented_rule(discord_sim, tiny, alice):
    reply = await (await alice.slash("demo broken", flaw="long content")).reply()
    assert reply.text == "rejected: 400 50035"
    [violation] = discord_sim.take_violations()
    assert (violation.rule, violation.detail) == (
        "content ≤ 2000 characters",
        "content has 2001 characters",
    )


async def _raw(sim, method, path, **kw):
    headers = kw.pop("headers", {"Authorization": f"Bot {sim.token}"})
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, sim.api_base + path, headers=headers, **kw) as resp,
    ):
        return resp.status, resp.headers.get("Content-Type"), await resp.json(content_type=None)


async def test_a_second_initial_response_is_refused(discord_sim, tiny, bob):
    handle = await bob.slash("demo find", film="Vertigo")
    await handle.reply()
    status, _, body = await _raw(
        discord_sim,
        "POST",
        f"/interactions/{handle.id}/{handle.token}/callback",
        json={"type": 4, "data": {"content": "again"}},
        headers={},
    )
    assert (status, body["code"]) == (400, 40060)
    [violation] = discord_sim.take_violations()
    assert violation.rule == "exactly one initial response per interaction"


async def test_an_answer_after_3_seconds_is_too_late(discord_sim, tiny, carol):
    discord_sim.expect_error("Ignoring exception in command 'slow'")
    handle = await carol.slash("demo slow", seconds=0.1)
    discord_sim.advance_clock(3.5)  # as if the bot had taken 3.6 s
    await discord_sim.wait_for(lambda: discord_sim.violations, what="the late answer")
    [violation] = discord_sim.take_violations()
    assert violation.rule == "first interaction response within 3 s"
    await discord_sim.wait_for(lambda: discord_sim.expected_errors, what="the bot's NotFound")
    assert "Unknown interaction" in discord_sim.expected_errors[0]
    handle.abandon()


async def test_follow_ups_after_15_minutes_are_refused(discord_sim, tiny, dave):
    handle = await dave.slash("demo find", film="Vertigo")
    await handle.reply()
    discord_sim.advance_clock(15 * 60 + 1)
    status, _, body = await _raw(
        discord_sim,
        "POST",
        f"/webhooks/{discord_sim.application_id}/{handle.token}?wait=true",
        json={"content": "late"},
        headers={},
    )
    assert (status, body["code"]) == (401, 50027)
    assert [v.rule for v in discord_sim.take_violations()] == [
        "follow-ups within 15 min of the interaction"
    ]


async def test_unknown_routes_and_missing_auth(discord_sim):
    status, content_type, body = await _raw(
        discord_sim, "GET", f"/guilds/{discord_sim.guild.id}/bans"
    )
    assert (status, content_type, body["message"]) == (404, "application/json", "404: Not Found")
    assert (await _raw(discord_sim, "GET", "/no/such/thing"))[0] == 404
    assert (await _raw(discord_sim, "GET", "/users/@me", headers={}))[0] == 401
    assert [(v.route, v.rule) for v in discord_sim.take_violations()] == [
        ("GET /guilds/{guild_id}/bans", "route not simulated"),
        ("GET /no/such/thing", "route not in Discord's API"),
        ("GET /users/@me", "requests carry 'Authorization: Bot <token>'"),
    ]


async def test_rest_answers_are_exactly_application_json(discord_sim):
    status, content_type, body = await _raw(discord_sim, "GET", "/users/@me")
    assert (status, content_type, body["id"]) == (
        200,
        "application/json",
        str(discord_sim.bot_user.id),
    )


async def test_wrong_callback_type_for_the_interaction(discord_sim, tiny, alice):
    # A slash command cannot be answered with "update message" (there is no message to update).
    handle = await alice.slash("demo slow", seconds=0.3)
    status, _, body = await _raw(
        discord_sim,
        "POST",
        f"/interactions/{handle.id}/{handle.token}/callback",
        json={"type": 7, "data": {"content": "x"}},
        headers={},
    )
    assert (status, body["code"]) == (400, 50035)
    assert [v.rule for v in discord_sim.take_violations()] == ["callback type fits the interaction"]
    assert (await handle.reply()).text == "done"  # the bot's own answer still counts


@pytest.mark.parametrize("route", ["POST /channels/{channel_id}/messages", "GET /users/@me"])
async def test_armed_faults_match_routes_by_template(discord_sim, route):
    fault = discord_sim.fail_next(route, 500, 0, "500: Internal Server Error")
    assert (
        discord_sim.faults.take(route, "/x") is fault
        and discord_sim.faults.take("GET /other", "/x") is None
    )
    fault.fired = 1  # consumed here, so teardown does not report it unfired
