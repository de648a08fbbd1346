"""Buttons (DynamicItem), selects, modals, ephemeral replies, DMs, deferrals and files."""

from __future__ import annotations

import aiohttp
import pytest

from tests.discord_sim import SimUsageError

from .tiny_bot import tiny_png

pytest_plugins = ["tests.discord_sim.plugin"]


async def _lobby(sim, member, name="Lobby"):
    await (await member.slash("demo start", name=name)).reply()
    thread = sim.channel(name)
    return thread, await thread.wait_for_message()


async def test_dynamic_button_click_updates_the_message(discord_sim, tiny, alice, bob):
    thread, lobby = await _lobby(discord_sim, alice)
    first = await bob.click("Join", channel=thread)
    response = await first.response()
    assert response.kind == "update message" and response.message is lobby
    assert lobby.text.startswith("Game 1: 1 joined (last: bob")
    assert lobby.history[0]["content"] == "Game 1: 0 joined (4 seats)"
    # By custom_id, on a given message; the member behind the click is Alice now.
    second = await alice.click("tiny:join:1", message=lobby)
    assert (await second.reply()).text.startswith("Game 1: 2 joined (last: alice")
    assert first.latency is not None and first.latency > 0  # measured (speed is the bench's)


async def test_clicking_what_is_not_there_fails_in_the_test(discord_sim, tiny, alice):
    thread, lobby = await _lobby(discord_sim, alice)
    with pytest.raises(SimUsageError, match="finds no button 'Leave'"):
        await alice.click("Leave", channel=thread)
    lobby.components[0]["components"][0]["disabled"] = True
    with pytest.raises(SimUsageError, match="is disabled"):
        await alice.click("Join", message=lobby)


async def test_select_offers_and_updates(discord_sim, tiny, carol):
    await (await carol.slash("demo pick")).reply()
    with pytest.raises(SimUsageError, match="offers no 'Stalker'"):
        await carol.select("Pick a film", values=["Stalker"])
    with pytest.raises(SimUsageError, match="takes 1–1 values"):
        await carol.select("Pick a film", values=["Vertigo", "Metropolis"])
    handle = await carol.select(
        "Pick a film", values=["Vertigo"]
    )  # by label; the bot gets the value
    reply = await handle.reply()
    assert reply.text == "carol picked vertigo" and reply.components == []


async def test_modal_is_shown_and_submitted(discord_sim, tiny, dave):
    handle = await dave.slash("demo bid")
    modal = await handle.modal()
    assert modal.title == "Your bid"
    assert [(f["label"], f.get("required", True)) for f in modal.fields] == [
        ("Amount", True),
        ("Note", False),
    ]
    with pytest.raises(SimUsageError, match="'Amount' is required"):
        await modal.submit(Note="hi")
    with pytest.raises(SimUsageError, match="takes 0–6 characters"):
        await modal.submit(Amount="1234567")
    submitted = await modal.submit(Amount="300")
    reply = await submitted.reply()
    assert (
        reply.text == "Bid 300 (no note)"
        and reply in dave.ephemerals
        and reply not in reply.channel.messages
    )
    with pytest.raises(SimUsageError, match="already submitted"):
        await modal.submit(Amount="400")
    await (await dave.slash("demo bid")).modal()
    again = await dave.submit_modal(
        {"tiny:amount": "450", "Note": "final"}
    )  # the open modal, by custom_id
    assert (await again.reply()).text == "Bid 450 (final)"


async def test_ephemeral_reply_and_dm(discord_sim, tiny, alice, bob):
    reply = await (await alice.slash("demo secret")).reply()
    assert reply.text == "Sent you a DM." and reply.ephemeral and reply.recipient is alice
    assert reply not in discord_sim.default_channel.messages and reply not in bob.ephemerals
    dm = await alice.wait_for_dm()
    assert dm.text == "psst: the secret is 42" and alice.dms == [dm] and bob.dms == []


async def test_closed_dms_get_403_50007_and_the_bot_copes(discord_sim, tiny, carol):
    carol.close_dms()
    reply = await (await carol.slash("demo secret")).reply()
    assert reply.text == "I couldn't DM you (code 50007) — your DMs are closed."
    assert carol.dms == [] and discord_sim.dm_refusals == [carol]
    assert discord_sim.violations == []  # a refused DM is Discord's answer, not a bot mistake


async def test_deferred_reply_then_followup_with_a_png(discord_sim, tiny, alice):
    handle = await alice.slash("demo picture")
    response = await handle.response()
    assert response.kind == "deferred channel message" and response.message.loading
    reply = await handle.reply()
    assert (
        reply is response.message and not reply.loading
    )  # the first follow-up fills the 'thinking' message
    board = reply.attachment("board.png")
    assert (
        board.data == tiny_png()
        and board.content_type == "image/png"
        and (board.width, board.height) == (4, 3)
    )
    assert reply.embeds[0]["image"]["url"] == board.url  # attachment:// resolved, as on Discord
    async with aiohttp.ClientSession() as session, session.get(board.url) as resp:
        assert await resp.read() == tiny_png()


async def test_member_messages_reach_the_bot_with_intents_respected(discord_sim, tiny, alice):
    general = discord_sim.default_channel
    await alice.say(general, "hello there")
    await alice.say(general, f"{discord_sim.bot_user.mention} hi bot")
    await discord_sim.settle()
    seen = [m.content for m in tiny.messages_seen if m.author.id == alice.id]
    # The tiny bot lacks the privileged MESSAGE_CONTENT intent: only a mention keeps the text.
    assert seen == ["", f"{discord_sim.bot_user.mention} hi bot"]


async def test_attachment_option_is_uploaded_and_resolved(discord_sim, tiny, bob):
    # The tiny bot has no attachment option, so check the resolved payload the simulator builds.
    from tests.discord_sim.commands import OptionBuilder

    builder = OptionBuilder(discord_sim, bob, discord_sim.default_channel)
    value = builder.value({"name": "file", "type": 11}, ("notes.txt", b"abc"), "/x")
    resolved = builder.resolved["attachments"][value]
    assert resolved["filename"] == "notes.txt" and resolved["size"] == 3
    async with aiohttp.ClientSession() as session, session.get(resolved["url"]) as resp:
        assert await resp.read() == b"abc"
