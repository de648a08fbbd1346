"""How the bot meets Discord, through the simulated Discord: the command tree is synced only
when it changed (or on demand), closing waits for every interaction in flight (slash
commands, autocomplete and clicks alike), and a forged custom id never reaches a handler."""

from __future__ import annotations

import asyncio
import sys

import discord

from bot.app import MarqueeBot, sync_once
from bot.settings import Settings
from bot.table.service import TableError

pytest_plugins = ["tests.discord_sim.plugin"]

PUT_COMMANDS = "PUT /applications/{application_id}/guilds/{guild_id}/commands"


def settings_for(sim, db_path) -> Settings:
    return Settings(token=sim.token, database=db_path, dev_guild_id=sim.guild.id, log_level="INFO")


class BotWithAnotherCommand(MarqueeBot):
    """The bot after an update that added a command."""

    async def setup_hook(self) -> None:
        @self.tree.command(name="ping", description="Is the bot there?")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong", ephemeral=True)

        await super().setup_hook()


async def test_commands_are_synced_when_they_change_and_on_demand(discord_sim, db_path, alice):
    settings = settings_for(discord_sim, db_path)

    def puts() -> int:
        return discord_sim.stats.requests[PUT_COMMANDS]

    async with discord_sim.run_bot(MarqueeBot(settings, guild_ready_timeout=0.05)):
        pass
    assert puts() == 1
    # A restart with the same commands: no PUT (the bot is ready without a sync).
    async with discord_sim.run_bot(MarqueeBot(settings, guild_ready_timeout=0.05), commands=False):
        rules = await (await alice.slash("game rules", game="advance-to-boardwalk")).reply()
        assert rules.text.startswith("**Advance to Boardwalk**")  # the commands synced first still work
    assert puts() == 1
    # An update that changes the tree syncs it at start.
    async with discord_sim.run_bot(BotWithAnotherCommand(settings, guild_ready_timeout=0.05)):
        assert (await (await alice.slash("ping")).reply()).text == "pong"
    assert puts() == 2
    # `python -m bot sync` syncs whatever the stored hash says, and needs no gateway.
    identifies = discord_sim.gateway.identify_count
    with discord_sim.discord_py_pointed_here():
        await sync_once(settings)
    assert puts() == 3 and discord_sim.gateway.identify_count == identifies


async def test_closing_waits_for_every_interaction_in_flight(discord_sim, db_path, alice, bob, monkeypatch):
    bot = MarqueeBot(settings_for(discord_sim, db_path), guild_ready_timeout=0.05)
    async with discord_sim.run_bot(bot):
        # Autocomplete is counted while it runs (the games cog is loaded as an extension).
        games_cog = sys.modules["cogs.games"]
        seen_in_flight = []

        def suggestions(game, typed):
            seen_in_flight.append(bot._in_flight)
            return ["rounds=4"]

        monkeypatch.setattr(games_cog, "option_suggestions", suggestions)
        await alice.autocomplete("game new", "options", "rou", game="hollywood-boulevard")
        assert seen_in_flight == [1]

        # A slash command and a click, each held in its handler until the test lets go.
        gate = asyncio.Event()

        async def held(*_args, **_kwargs):
            await gate.wait()
            raise TableError("Held, then answered.")

        bot.tables.table_in_thread = held  # what /game history reads first
        bot.tables.join = held  # what the lobby's Join button calls
        lobby = discord_sim.create_message(discord_sim.default_channel, discord_sim.bot_user, {
            "content": "A lobby", "components": [{"type": 1, "components": [
                {"type": 2, "style": 3, "label": "Join", "custom_id": "mq:l:1:join"}]}]}, [])
        slash = await alice.slash("game history")
        click = await bob.click("Join", message=lobby)
        await discord_sim.wait_for(lambda: bot._in_flight == 2, what="both interactions in their handlers")
        closing = asyncio.create_task(bot.close())
        await asyncio.sleep(0.3)
        assert not closing.done(), "closing waits for the interactions being handled"
        gate.set()
        await closing
        assert (await slash.reply()).text == "Held, then answered."
        assert (await click.reply()).text == "Held, then answered."


class Recorder:
    """Stands in for the table service and notes every use of it."""

    def __init__(self, real) -> None:
        self.real, self.used = real, []

    def __getattr__(self, name):
        self.used.append(name)
        return getattr(self.real, name)


FORGED = ["mq:m:x:1:a", "mq:m:1:²:a", "mq:m:١:1:a", "mq:l:1:explode", "mq:g:1:1:-1", "mq:p:x",
          "mq:m:1:1:" + "a" * 65, "mq:m:" + "9" * 19 + ":1:a", "mq:a:1:1:bid", "mq:u:1:1:9:pick:{}",
          "mq:c:1:1:pick:{}{}", "mq:M:1:1:a"]


async def test_a_forged_custom_id_never_reaches_the_table_service(discord_sim, db_path, bob):
    bot = MarqueeBot(settings_for(discord_sim, db_path), guild_ready_timeout=0.05)
    async with discord_sim.run_bot(bot):
        recorder = Recorder(bot.tables)
        bot.tables = recorder
        rows = [FORGED[i:i + 5] for i in range(0, len(FORGED), 5)] + [["mq:l:999:join"]]
        planted = discord_sim.create_message(discord_sim.default_channel, discord_sim.bot_user, {
            "content": "Forged", "components": [{"type": 1, "components": [
                {"type": 2, "style": 2, "label": f"b{n}", "custom_id": custom_id} for n, custom_id in enumerate(row)]}
                for row in rows]}, [])
        for custom_id in FORGED:
            (await bob.click(custom_id, message=planted)).abandon()  # no kind takes it: never answered
        await discord_sim.settle(quiet=0.3)
        assert recorder.used == []
        # A well-formed id does reach it (and is refused there, in a sentence).
        refused = await (await bob.click("mq:l:999:join", message=planted)).reply()
        assert refused.ephemeral and refused.text == "There is no game #999."
        assert recorder.used


async def test_start_is_acknowledged_before_the_bots_make_their_opening_moves(discord_sim, marquee, alice):
    async with marquee(seed=156) as bot:
        answered_when_bots_moved = []
        bots_reply = bot.tables.bots_reply

        async def watched(game_id, *args, **kwargs):
            answered_when_bots_moved.append(start.initial is not None)
            return await bots_reply(game_id, *args, **kwargs)

        bot.tables.bots_reply = watched
        threads = []
        for how in ("button", "command"):
            await (await alice.slash("game new", game="advance-to-boardwalk")).reply()
            thread = await discord_sim.default_channel.wait_for_thread(lambda t: t not in threads)
            threads.append(thread)
            lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
            await (await alice.click("Add bot", message=lobby)).reply()
            if how == "button":
                start = await alice.click("Start", message=lobby)
                assert (await start.response()).kind == "deferred update"
            else:
                start = await alice.slash("game start", channel=thread)
                assert (await start.response()).kind == "deferred channel message"
                assert (await start.reply()).ephemeral
            await discord_sim.wait_for(lambda lobby=lobby: "The game has started." in lobby.text and not lobby.buttons,
                                       what="the lobby redrawn")
        assert answered_when_bots_moved == [True, True]
