"""Channel, thread, DM and webhook routes as an unmodified discord.py bot uses them."""

from __future__ import annotations

import pytest

from tests.discord_sim import SimUsageError

pytest_plugins = ["tests.discord_sim.plugin"]


async def test_tour_of_channel_thread_and_webhook_routes(discord_sim, tiny, alice):
    general = discord_sim.default_channel
    handle = await alice.slash("demo tour")
    response = await handle.response()
    assert response.kind == "deferred channel message" and response.ephemeral
    reply = await handle.reply()
    assert reply.text == "tour: 1 in history, fetched 'Topic of the day (edited)', 2 in thread"
    assert reply.recipient is alice and not reply.loading

    [topic] = general.messages
    assert (
        topic.content == "Topic of the day (edited)"
        and topic.history[0]["content"] == "Topic of the day"
    )
    assert topic.pinned and topic.reactions == {"\N{GAME DIE}": {discord_sim.bot_user.id}}
    thread = topic.thread
    assert thread.id == topic.id and thread.name == "Topic thread" and thread.parent is general
    assert thread.archived and thread.locked and alice in thread.members
    assert thread.messages == []  # "scratch" was deleted
    assert [m.deleted for m in thread._messages] == [True]

    gone = await handle.followup(1)  # sent after the first follow-up was edited
    extra = handle.followups[0]
    assert extra.text == "extra (edited)" and extra in alice.ephemerals
    await discord_sim.wait_for(lambda: gone.deleted, what="the deleted follow-up")
    assert gone not in general.messages


async def test_deferred_update_then_edit_original(discord_sim, tiny, carol, bob):
    question = await (await carol.slash("demo pick")).reply()
    assert [s["placeholder"] for s in question.selects] == [
        "Pick a film"
    ] and question.button_labels == ["Refresh"]
    handle = await bob.click("Refresh")
    assert (await handle.response()).kind == "deferred update"
    edited = await handle.reply()
    assert edited is question and edited.text == "Which film? (refreshed by bob)"
    assert (
        await (await carol.select("tiny:film", values=["metropolis"])).reply()
    ).text == "carol picked metropolis"


async def test_deleted_original_response(discord_sim, tiny, dave):
    reply = await (await dave.slash("demo vanish")).reply()
    await discord_sim.wait_for(lambda: reply.deleted, what="the deletion")
    assert reply not in discord_sim.default_channel.messages


async def test_buttons_in_a_dm_carry_the_user_not_a_member(discord_sim, tiny, alice):
    await (await alice.slash("demo secret")).reply()
    dm = await alice.wait_for_dm()
    handle = await alice.click("Reveal")
    assert "guild_id" not in handle.payload() and handle.payload()["user"]["id"] == str(alice.id)
    reply = await handle.reply()
    assert reply.text == "revealed to alice in DMChannel" and alice.dms == [dm, reply]
    with pytest.raises(SimUsageError, match="no slash command /demo in a DM"):
        await alice.slash("demo find", film="x", channel=discord_sim.dm_with(alice))


async def test_private_threads_are_seen_by_their_members_only(discord_sim, tiny, alice, bob):
    await (await alice.slash("demo start", name="Secret lobby", private=True)).reply()
    thread = discord_sim.channel("Secret lobby")
    assert thread.type == 12 and thread.members == [alice]
    await thread.wait_for_message()
    with pytest.raises(SimUsageError, match="bob cannot see #Secret lobby"):
        await bob.click("Join", channel=thread)
    with pytest.raises(SimUsageError, match="bob finds no button 'Join' in anything they can see"):
        await bob.click("Join")
    assert (await (await alice.click("Join", channel=thread)).reply()).text.startswith(
        "Game 1: 1 joined"
    )
    bob.grant("manage_threads")
    assert (await (await bob.click("Join", channel=thread)).reply()).text.startswith(
        "Game 1: 2 joined"
    )


async def test_slash_inside_a_thread(discord_sim, tiny, bob):
    await (await bob.slash("demo start", name="Here")).reply()
    thread = discord_sim.channel("Here")
    reply = await (await bob.slash("demo find", film="Vertigo", channel=thread)).reply()
    assert reply.channel is thread and reply.recipient is bob


async def test_member_chunk_request_is_answered(discord_sim, tiny):
    members = await tiny.get_guild(discord_sim.guild.id).chunk()
    assert sorted(m.name for m in members) == sorted(
        ["Marquee", "olivia", "alice", "bob", "carol", "dave"]
    )
