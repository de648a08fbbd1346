"""Several guilds on several gateway shards: each client is sent only its shards' guilds and
interactions, DMs go to shard 0, an interaction nobody serves fails at once, and killing one
bot process leaves the other's sessions working."""

from __future__ import annotations

import json
import re
import sys
import time

import discord
import pytest

from tests.discord_sim import DiscordSim, InteractionFailed, SimUsageError, shard_of
from tests.discord_sim.ids import DISCORD_EPOCH_MS
from tests.discord_sim.shards import process_shards

from .tiny_bot import ShardedTiny

pytest_plugins = ["tests.discord_sim.plugin"]

TINY = [sys.executable, "-m", "tests.sim_selftest.tiny_bot"]
ANSWERED_BY = re.compile(r"answered by pid (\d+) shards \[([\d, ]*)\]")


def one_guild_per_shard(sim: DiscordSim) -> list:
    return [sim.add_guild(f"Shard {k}", shard=(k, 4), members=("alice", "bob")) for k in range(4)]


def dispatched(sim: DiscordSim, shard: tuple[int, int]) -> list[tuple[str, dict]]:
    """Every event the session of ``shard`` was sent, in order."""
    session = sim.gateway.session_of_shard(shard)
    assert session is not None, f"no session for shard {shard}"
    frames = [json.loads(frame) for _, frame in session.backlog]
    return [(f["t"], f["d"]) for f in frames]


def guilds_created(sim: DiscordSim, shard: tuple[int, int]) -> set[int]:
    return {int(d["id"]) for event, d in dispatched(sim, shard) if event == "GUILD_CREATE"}


def logged_guilds(proc) -> set[tuple[int, int]]:
    """(guild id, shard) for each guild the tiny bot in ``proc`` said became available."""
    found = re.findall(r"guild (\d+) available on shard (\d+)", "\n".join(proc.output))
    return {(int(g), int(s)) for g, s in found}


def answered_by(text: str) -> tuple[int, list[int]]:
    found = ANSWERED_BY.search(text)
    assert found, text
    return int(found[1]), [int(s) for s in found[2].split(", ")]


async def test_guild_ids_land_on_their_shard_and_users_span_guilds(discord_sim, alice):
    guilds = one_guild_per_shard(discord_sim)
    assert [shard_of(g.id, 4) for g in guilds] == [0, 1, 2, 3]
    assert [g.shard(4) for g in guilds] == [0, 1, 2, 3]
    ids = [discord_sim.guild.id] + [g.id for g in guilds]
    assert ids == sorted(set(ids))  # snowflakes keep increasing
    assert abs((ids[-1] >> 22) + DISCORD_EPOCH_MS - time.time() * 1000) < 1000  # a real time
    assert discord_sim.guild_by_id(guilds[2].id) is guilds[2]
    assert discord_sim.guilds[0] is discord_sim.guild  # the first server stays the default

    elsewhere = guilds[2].member("alice")
    assert elsewhere is not alice and elsewhere.user is alice.user and elsewhere.guild is guilds[2]
    assert discord_sim.dm_with(elsewhere) is discord_sim.dm_with(alice)  # one user, one DM
    elsewhere.close_dms()
    assert not alice.dms_open
    assert guilds[2].owner.user is discord_sim.owner.user  # owner defaults to the first's
    assert [m.name for m in guilds[2].members] == ["olivia", "alice", "bob"]
    assert guilds[2].default_channel.name == "general"
    assert guilds[2].default_channel is not discord_sim.default_channel
    assert discord_sim.channel("general") is discord_sim.default_channel

    own = discord_sim.add_guild("Own", members=("erin",), channels=("lobby",), owner="erin")
    erin = own.member("erin")
    assert own.owner is erin and erin.is_owner and [m.name for m in own.members] == ["erin"]
    assert own.add_member(alice).user is alice.user and own.add_member("alice") is own["alice"]
    with pytest.raises(ValueError, match="not one of 4 shards"):
        discord_sim.add_guild("Nowhere", shard=(4, 4))
    with pytest.raises(SimUsageError, match=r"#general is in 'Shard 2', not 'Marquee Test'"):
        await alice.slash("demo where", channel=guilds[2].default_channel)


def test_process_shards_come_from_arguments_or_environment():
    assert process_shards(None, None, {}) == (None, {})
    told = {"MARQUEE_SHARDS": "2", "MARQUEE_SHARD_COUNT": "4"}
    assert process_shards([2], 4, {}) == (((2, 4),), told)
    assert process_shards(None, None, told) == (((2, 4),), told)
    with pytest.raises(ValueError, match="need a shard count"):
        process_shards([1], None, {})
    with pytest.raises(ValueError, match="not among 4 shards"):
        process_shards([4], 4, {})


async def test_in_process_shard_clients_each_get_their_guilds_and_interactions(discord_sim):
    guilds = one_guild_per_shard(discord_sim)
    low = ShardedTiny(shard_ids=[0, 1], shard_count=4, guild_ready_timeout=0.05)
    high = ShardedTiny(shard_ids=[2, 3], shard_count=4, sync=False, guild_ready_timeout=0.05)
    low_shards, high_shards = [(0, 4), (1, 4)], [(2, 4), (3, 4)]
    async with (
        discord_sim.run_bot(low, shards=low_shards),
        discord_sim.run_bot(high, shards=high_shards, commands=False),
    ):
        await low.wait_until_ready()  # the sessions were sent READY; the clients read it all
        await high.wait_until_ready()
        for client, shards in ((low, low_shards), (high, high_shards)):
            expected = {g.id for g in discord_sim.guilds if (g.shard(4), 4) in shards}
            assert {g.id for g in client.guilds} == expected
            assert {g.shard_id for g in client.guilds} <= {k for k, _ in shards}
            for shard in shards:  # READY, then GUILD_CREATE for that shard's guilds only
                assert dispatched(discord_sim, shard)[0][0] == "READY"
                assert guilds_created(discord_sim, shard) == {
                    g.id for g in discord_sim.guilds if g.shard(4) == shard[0]
                }

        for k, guild in enumerate(guilds):
            handle = await guild.member("bob").slash("demo where")
            reply = await handle.reply()
            assert handle.payload()["guild_id"] == str(guild.id)
            assert reply.text.endswith(f"guild {guild.id} is on shard {k}")
            assert answered_by(reply.text)[1] == ([0, 1] if k < 2 else [2, 3])
            got_it = [
                s
                for s in low_shards + high_shards
                if any(
                    event == "INTERACTION_CREATE" and d["id"] == str(handle.id)
                    for event, d in dispatched(discord_sim, s)
                )
            ]
            assert got_it == [(k, 4)]

        # Guild-scoped REST routes and events work for any guild, routed by its shard.
        far = guilds[2]
        assert (await high.fetch_guild(far.id)).name == "Shard 2"
        cached = high.get_guild(far.id)
        assert [c.name for c in await cached.fetch_channels()] == ["general"]
        assert (await cached.fetch_member(far["alice"].id)).name == "alice"
        with pytest.raises(discord.NotFound):
            await cached.fetch_member(discord_sim.member("carol").id)  # not in this server
        assert [v.rule for v in discord_sim.take_violations()] == ["known member id"]
        await (await far["alice"].slash("demo start", name="Far table")).reply()
        table = far.channel("Far table")
        assert table.guild is far and far.threads == [table]
        assert [t.id for t in await cached.active_threads()] == [table.id]
        joined = await (await far["bob"].click("Join", message=table.last_message)).reply()
        assert joined.text.startswith("Game 1: 1 joined (last: bob")
        mods = far.add_role("Mods", "manage_guild")
        await discord_sim.wait_for(lambda: cached.get_role(mods.id), what="the role created")
        shard_of_event = {
            s: [e for e, _ in dispatched(discord_sim, s)] for s in low_shards + high_shards
        }
        assert [s for s, events in shard_of_event.items() if "THREAD_CREATE" in events] == [(2, 4)]
        assert [s for s, events in shard_of_event.items() if "GUILD_ROLE_CREATE" in events] == [
            (2, 4)
        ]
        high.tree.copy_global_to(guild=discord.Object(far.id))
        await high.tree.sync(guild=discord.Object(far.id))  # guild commands, in any guild
        assert discord_sim.commands.names(far.id) == ["demo", "moderate"]
        in_far = await far["bob"].slash("demo where")
        assert in_far.data["guild_id"] == str(far.id)  # the guild command was the one used
        await in_far.reply()
        with pytest.raises(SimUsageError, match="not a member of 'Shard 2'"):
            await far["bob"].slash(
                "demo table invite", who=discord_sim.member("carol"), where=far.default_channel
            )

        # The DM the shard-3 client sent: its button's click comes to shard 0's client.
        dm = await guilds[3]["bob"].wait_for_dm(lambda m: "shards [2, 3]" in m.text)
        click = await discord_sim.member("bob").click("Who answers?", message=dm)
        assert "guild_id" not in click.payload()
        assert answered_by((await click.reply()).text)[1] == [0, 1]

        late = discord_sim.add_guild("Late", shard=(3, 4))  # the bot is invited: GUILD_CREATE
        await discord_sim.wait_for(lambda: high.get_guild(late.id), what="Late in the cache")
        assert low.get_guild(late.id) is None and late.id in guilds_created(discord_sim, (3, 4))
        await discord_sim.settle(quiet=0.05)  # the DMs sent after each answer


async def test_an_interaction_for_a_shard_nobody_serves_fails_at_once(discord_sim, alice):
    guilds = one_guild_per_shard(discord_sim)
    high = ShardedTiny(shard_ids=[2, 3], shard_count=4, guild_ready_timeout=0.05)
    async with discord_sim.run_bot(high, shards=[(2, 4), (3, 4)]):
        served = await (await guilds[2]["alice"].slash("demo where")).reply()
        assert answered_by(served.text)[1] == [2, 3]

        lost = await guilds[1]["alice"].slash("demo where")
        assert lost.failed and lost.id not in discord_sim.interactions
        with pytest.raises(InteractionFailed, match=r"no bot session serves shard 1 of 4"):
            await lost.reply()
        with pytest.raises(InteractionFailed, match="This interaction failed"):
            await lost.response()

        dm = await alice.wait_for_dm(lambda m: "shards [2, 3]" in m.text)
        in_dm = await alice.click("Who answers?", message=dm)
        with pytest.raises(InteractionFailed, match="shard 0, where DMs go"):
            await in_dm.reply()
        assert discord_sim.failed_interactions == [lost, in_dm]
        await discord_sim.settle(quiet=0.05)

    # Nothing was kept: a client that connects later is never sent them.
    low = ShardedTiny(shard_ids=[0, 1], shard_count=4, sync=False, guild_ready_timeout=0.05)
    async with discord_sim.run_bot(low, shards=[(0, 4), (1, 4)], commands=False):
        events = dispatched(discord_sim, (0, 4)) + dispatched(discord_sim, (1, 4))
        assert [e for e, _ in events if e == "INTERACTION_CREATE"] == []
        reply = await (await guilds[1]["alice"].slash("demo where")).reply()
        assert answered_by(reply.text)[1] == [0, 1]
        await alice.wait_for_dm(lambda m: "shards [0, 1]" in m.text)
    with pytest.raises(InteractionFailed, match="no bot session is connected"):
        await (await alice.slash("demo where")).reply()


async def test_two_processes_split_the_shards_and_one_survives_the_others_kill(
    discord_sim, bot_process
):
    guilds = one_guild_per_shard(discord_sim)
    everywhere = {"DEV_GUILD_ID": ""}  # global commands: usable in every guild and in DMs
    low = await bot_process(TINY, env=everywhere, shards=(0, 1), shard_count=4)
    high = await bot_process(TINY, env=everywhere, shards=(2, 3), shard_count=4, commands=False)
    assert discord_sim.gateway.identifies_by_shard == {(0, 4): 1, (1, 4): 1, (2, 4): 1, (3, 4): 1}
    assert discord_sim.commands.names(None) == ["demo", "moderate"]

    for proc, mine in ((low, (0, 1)), (high, (2, 3))):
        expected = {(g.id, g.shard(4)) for g in discord_sim.guilds if g.shard(4) in mine}
        count = len(expected)
        await discord_sim.wait_for(
            lambda proc=proc, count=count: len(logged_guilds(proc)) >= count,
            what=f"pid {proc.pid} to log its guilds",
        )
        assert logged_guilds(proc) == expected

    async def where(guild) -> tuple[int, list[int]]:
        return answered_by((await (await guild["bob"].slash("demo where")).reply()).text)

    assert [await where(g) for g in guilds] == [
        (low.pid, [0, 1]), (low.pid, [0, 1]), (high.pid, [2, 3]), (high.pid, [2, 3])
    ]
    dm = await guilds[2]["bob"].wait_for_dm(lambda m: f"pid {high.pid}" in m.text)
    click = await guilds[2]["bob"].click("Who answers?", message=dm)
    assert answered_by((await click.reply()).text) == (low.pid, [0, 1])

    await high.kill()
    assert {s.shard for s in discord_sim.gateway.current()} == {(0, 4), (1, 4)}
    assert await where(guilds[0]) == (low.pid, [0, 1])  # the survivor is untouched
    lost = await guilds[3]["bob"].slash("demo where")
    with pytest.raises(InteractionFailed, match="no bot session serves shard 3 of 4"):
        await lost.reply()

    await high.start()
    assert discord_sim.gateway.identifies_by_shard[(3, 4)] == 2
    assert await where(guilds[3]) == (high.pid, [2, 3])
    assert discord_sim.gateway.identifies_by_shard[(0, 4)] == 1  # low never reconnected
