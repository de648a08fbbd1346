"""Faults on demand: 429s, RECONNECT, dropped connections, invalidated sessions."""

from __future__ import annotations

pytest_plugins = ["tests.discord_sim.plugin"]


async def test_429_on_a_channel_route_is_waited_out_and_retried(discord_sim, tiny, alice):
    fault = discord_sim.rate_limit_next("POST /channels/{channel_id}/messages", retry_after=0.3)
    handle = await alice.slash("demo start", name="Patience")
    await handle.reply()
    lobby = await discord_sim.channel("Patience").wait_for_message()
    assert fault.fired == 1 and lobby.button_labels == ["Join"]
    assert (
        discord_sim.stats.requests["POST /channels/{channel_id}/messages"] == 2
    )  # the 429, then the retry


async def test_429_on_the_interaction_callback_is_retried_too(discord_sim, tiny, bob):
    fault = discord_sim.rate_limit_next(
        "POST /interactions/{interaction_id}/{interaction_token}/callback", retry_after=0.2
    )
    reply = await (await bob.slash("demo find", film="Vertigo")).reply()
    assert reply.text == "Found Vertigo" and fault.fired == 1


async def test_reconnect_opcode_leads_to_resume(discord_sim, tiny, alice):
    await discord_sim.reconnect_gateway()
    await discord_sim.wait_for(lambda: tiny.resumed == 1, what="on_resumed in the bot")
    assert discord_sim.gateway.identify_count == 1
    reply = await (await alice.slash("demo find", film="Stalker")).reply()
    assert reply.text == "Found Stalker"


async def test_events_missed_while_disconnected_are_replayed_on_resume(discord_sim, tiny):
    await discord_sim.gateway.drop(None)  # cut the TCP connection, no close frame
    erin = discord_sim.add_member("erin")  # GUILD_MEMBER_ADD while the bot is away
    await discord_sim.wait_for(
        lambda: discord_sim.gateway.resume_count == 1 and discord_sim.gateway.connected,
        what="the resume",
    )
    await discord_sim.wait_for(lambda: tiny.resumed == 1, what="on_resumed in the bot")
    assert tiny.get_guild(discord_sim.guild.id).get_member(erin.id).name == "erin"
    assert discord_sim.gateway.current()[0].replayed >= 1


async def test_closed_connection_is_resumed_and_interactions_flow(discord_sim, tiny, carol):
    await discord_sim.drop_gateway(code=4000)
    thread_reply = await (await carol.slash("demo start", name="After")).reply()
    assert thread_reply.text.startswith("Started game 1")


async def test_invalid_session_makes_the_bot_identify_afresh(discord_sim, tiny, dave):
    await discord_sim.invalidate_session()
    assert discord_sim.gateway.identify_count == 2 and len(discord_sim.gateway.current()) == 1
    assert (
        await (await dave.slash("demo find", film="Nosferatu")).reply()
    ).text == "Found Nosferatu"


async def test_a_chosen_error_on_a_route(discord_sim, tiny, alice):
    fault = discord_sim.fail_next(
        "POST /users/@me/channels", 403, 50007, "Cannot send messages to this user"
    )
    reply = await (await alice.slash("demo secret")).reply()
    assert fault.fired == 1 and "your DMs are closed" in reply.text
