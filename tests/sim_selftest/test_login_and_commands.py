"""Login, READY, the guild as the bot sees it, command sync, and slash commands."""

from __future__ import annotations

import pytest

from tests.discord_sim import SimUsageError

pytest_plugins = ["tests.discord_sim.plugin"]


async def test_bot_logs_in_and_sees_the_guild(discord_sim, tiny):
    guild = tiny.get_guild(discord_sim.guild.id)
    assert tiny.user.id == discord_sim.bot_user.id and tiny.user.bot
    assert tiny.application_id == discord_sim.application_id
    assert guild is not None and guild.owner_id == discord_sim.owner.id
    assert {c.name for c in guild.text_channels} == {"general", "games"}
    assert {m.name for m in guild.members} == {"olivia", "alice", "bob", "carol", "dave", "Marquee"}
    assert guild.chunked  # member_count matched the members sent: no chunk request needed
    await tiny.wait_until_ready()  # on_ready fired (guild_ready_timeout was lowered)


async def test_commands_are_synced_to_the_guild_with_typed_options(discord_sim, tiny):
    assert discord_sim.commands.names(discord_sim.guild.id) == ["demo", "moderate"]
    assert discord_sim.commands.names(None) == []  # the global set was cleared by the sync
    demo = discord_sim.commands.scopes[discord_sim.guild.id][0]
    start = next(o for o in demo["options"] if o["name"] == "start")
    assert start["type"] == 1
    assert [(o["name"], o["type"], o.get("required", False)) for o in start["options"]] == [
        ("name", 3, True),
        ("seats", 4, False),
        ("private", 5, False),
    ]
    fetched = await tiny.tree.fetch_commands(guild=tiny.get_guild(discord_sim.guild.id))
    assert [c.name for c in fetched] == ["demo", "moderate"] and str(fetched[0].id) == demo["id"]
    moderate = discord_sim.commands.scopes[discord_sim.guild.id][1]
    assert moderate["default_member_permissions"] == "32"  # manage_guild


async def test_slash_subcommand_answers_in_the_channel_and_opens_a_thread(discord_sim, tiny, alice):
    games = discord_sim.channel("games")
    handle = await alice.slash("demo start", name="Lobby 1", seats=3, channel=games)
    response = await handle.response()
    assert response.kind == "channel message" and not response.ephemeral
    reply = await handle.reply()
    thread = games.threads[0]
    assert reply.text == f"Started game 1 in {thread.mention}" and reply in games.messages
    assert reply.interaction is handle and reply.type == 20
    assert thread.name == "Lobby 1" and thread.parent is games and thread.type == 11
    lobby = await thread.wait_for_message()
    assert lobby.text == "Game 1: 0 joined (3 seats)" and lobby.button_labels == ["Join"]
    # The bot's cache learned the thread from THREAD_CREATE.
    assert tiny.get_guild(discord_sim.guild.id).get_thread(thread.id).name == "Lobby 1"


async def test_member_mistakes_are_caught_before_reaching_the_bot(discord_sim, tiny, alice):
    with pytest.raises(SimUsageError, match="needs option 'name'"):
        await alice.slash("demo start")
    with pytest.raises(SimUsageError, match="takes 2…6, got 9"):
        await alice.slash("demo start", name="x", seats=9)
    with pytest.raises(SimUsageError, match="takes a number, got '3'"):
        await alice.slash("demo start", name="x", seats="3")
    with pytest.raises(SimUsageError, match="takes a whole number"):
        await alice.slash("demo start", name="x", seats=3.5)
    with pytest.raises(SimUsageError, match="has no subcommand 'nope'"):
        await alice.slash("demo nope")
    with pytest.raises(SimUsageError, match="needs a subcommand"):
        await alice.slash("demo")
    with pytest.raises(SimUsageError, match=r"no slash command /game"):
        await alice.slash("game new")
    with pytest.raises(SimUsageError, match="must be one of"):
        await alice.slash("demo broken", flaw="ugly")
    assert discord_sim.interactions == {}


async def test_default_member_permissions_hide_a_command_until_granted(
    discord_sim, tiny, alice, guild_owner
):
    with pytest.raises(SimUsageError, match="without manage_guild"):
        await alice.slash("moderate")
    owner_reply = await (await guild_owner.slash("moderate")).reply()
    assert owner_reply.text == "moderation ok" and owner_reply.ephemeral
    alice.grant("manage_guild")
    assert alice.has_permissions("manage_guild")
    reply = await (await alice.slash("moderate")).reply()
    assert reply.text == "moderation ok" and reply in alice.ephemerals


async def test_the_bot_checks_permissions_from_the_interaction_member(
    discord_sim, tiny, bob, guild_owner
):
    refused = await (await bob.slash("demo admin")).reply()
    assert refused.text == "You need Manage Server." and refused.recipient is bob
    assert (await (await guild_owner.slash("demo admin")).reply()).text == "admin ok"
    role = discord_sim.add_role("Moderator", "manage_guild", "kick_members")
    bob.add_role(role)
    assert (await (await bob.slash("demo admin")).reply()).text == "admin ok"
    # The bot heard of the role and of Bob's new roles through the gateway.
    await discord_sim.settle()
    member = tiny.get_guild(discord_sim.guild.id).get_member(bob.id)
    assert member.guild_permissions.manage_guild and role.id in [r.id for r in member.roles]


async def test_autocomplete_returns_the_bots_choices(tiny, bob):
    choices = await bob.autocomplete("demo find", "film", "ve")
    assert choices == [{"name": "Vertigo", "value": "Vertigo"}]
    reply = await (await bob.slash("demo find", film="Vertigo")).reply()
    assert reply.text == "Found Vertigo" and reply.recipient is bob


async def test_subcommand_groups_and_entity_options(discord_sim, tiny, alice, bob):
    seated = await (await alice.slash("demo table seat", number=3)).reply()
    assert seated.text == "alice sits at 3"
    games = discord_sim.channel("games")
    role = discord_sim.add_role("Players")
    reply = await (await alice.slash("demo table invite", who=bob, where=games, role=role)).reply()
    year = bob.joined_at[:4]
    assert reply.text == f"Bob (joined {year}) invited to #games ({games.id}) as Players"
    with pytest.raises(SimUsageError, match="takes a member"):
        await alice.slash("demo table invite", who="bob", where=games)
    await (await alice.slash("demo start", name="T")).reply()
    with pytest.raises(SimUsageError, match="takes channel types"):  # a thread is not a TextChannel
        await alice.slash("demo table invite", who=bob, where=discord_sim.channel("T"))
