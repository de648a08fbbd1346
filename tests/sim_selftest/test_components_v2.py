"""Components V2 (IS_COMPONENTS_V2 = 1 << 15) as the simulator checks it, by raw REST: the
spec's schemas plus the limits it cannot express, attachment:// names, and no switch between
V2 and content on edit."""

from __future__ import annotations

import json

import aiohttp

from tests.discord_sim.rules import COMPONENTS_V2_FLAG as V2

pytest_plugins = ["tests.discord_sim.plugin"]

PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + (4).to_bytes(4, "big") + (3).to_bytes(4, "big")
       + b"\x08\x02\x00\x00\x00")


def text(content: str) -> dict:
    return {"type": 10, "content": content}


def card(*components: dict, accent: int | None = 0xE69F00) -> dict:
    return {"type": 17, "accent_color": accent, "components": list(components)}


def gallery(*names: str) -> dict:
    return {"type": 12, "items": [{"media": {"url": f"attachment://{name}"}} for name in names]}


async def _send(sim, method: str, path: str, body: dict, files: dict[str, bytes] | None = None):
    headers = {"Authorization": f"Bot {sim.token}"}
    async with aiohttp.ClientSession() as session:
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for n, (name, data) in enumerate(files.items()):
                form.add_field(f"files[{n}]", data, filename=name, content_type="image/png")
            request = session.request(method, sim.api_base + path, headers=headers, data=form)
        else:
            request = session.request(method, sim.api_base + path, headers=headers, json=body)
        async with request as resp:
            return resp.status, await resp.json(content_type=None)


def rules_broken(sim) -> list[str]:
    return [violation.rule for violation in sim.take_violations()]


async def test_a_card_is_posted_shown_and_edited_with_its_picture(discord_sim):
    channel = discord_sim.default_channel
    path = f"/channels/{channel.id}/messages"
    body = {"flags": V2, "components": [card(text("Ann builds."), gallery("board-3.png"), text("▶ Bob"))]}
    status, sent = await _send(discord_sim, "POST", path, body, {"board-3.png": PNG})
    assert status == 200 and sent["flags"] == V2
    message = discord_sim.message_by_id(int(sent["id"]))
    media = sent["components"][0]["components"][1]["items"][0]["media"]
    [attachment] = message.attachments
    assert media["url"] == attachment.url and media["attachment_id"] == str(attachment.id)
    assert message.text == "Ann builds.\n▶ Bob" and message.media_attachments() == [attachment]

    edit = {"flags": V2, "components": [card(text("Ann builds twice."), gallery("board-3.png"))]}
    status, _ = await _send(discord_sim, "PATCH", f"{path}/{message.id}", edit)
    assert status == 200 and message.text == "Ann builds twice." and message.attachments == [attachment]

    for refused, rule in [
        ({"content": "plain now", "flags": 0}, "a message cannot switch between components v2 and content on edit"),
        ({"components": []}, "a components-v2 message keeps a component"),
        ({"flags": V2, "components": [card(gallery("board-4.png"))]},
         "a component's attachment:// names a file of the message"),
    ]:
        status, answer = await _send(discord_sim, "PATCH", f"{path}/{message.id}", refused)
        assert (status, answer["code"], rules_broken(discord_sim)) == (400, 50035, [rule])
    assert message.text == "Ann builds twice."


async def test_what_a_card_may_not_hold(discord_sim):
    path = f"/channels/{discord_sim.default_channel.id}/messages"
    for body, rule in [
        ({"flags": V2, "content": "hi", "components": [card(text("x"))]},
         "a components-v2 message has no content or embeds"),
        ({"flags": V2, "components": [card(*(text(str(n)) for n in range(40)))]},  # 41 with the container
         "at most 40 components in a components-v2 message"),
        ({"flags": V2, "components": [card(text("x" * 2000), text("y" * 2001))]},
         "at most 4000 characters across a message's text displays"),
        ({"flags": V2, "components": [card(gallery("board.png"))]},
         "a component's attachment:// names a file of the message"),
        ({"components": [card(text("x"))]}, "top-level components are action rows"),
    ]:
        status, answer = await _send(discord_sim, "POST", path, body)
        assert (status, answer["code"], rules_broken(discord_sim)) == (400, 50035, [rule]), body
    status, plain = await _send(discord_sim, "POST", path, {"content": "plain"})
    assert status == 200
    status, _ = await _send(discord_sim, "PATCH", f"{path}/{plain['id']}",
                            {"flags": V2, "components": [card(text("a card now"))]})
    assert status == 400 and rules_broken(discord_sim) == [
        "a message cannot switch between components v2 and content on edit"]
