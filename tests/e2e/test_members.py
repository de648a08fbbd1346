"""A member's life (issue 26, point 5): with the members intent opted into
(MARQUEE_MEMBERS_INTENT=1), a member who leaves the server (or is removed) has their seats
handed to bots as `/game leave` does, the way back said in the thread, and leaves the lobbies
they joined. (Without the intent, the turn clock hands a silent seat over: tests/host.)"""
from __future__ import annotations

import sqlite3

from bot.settings import Settings

from .conftest import SeededBot
from .driver import is_turn_post, open_table

pytest_plugins = ["tests.discord_sim.plugin"]


async def test_a_member_who_leaves_the_server_has_their_seats_handed_to_bots(
    discord_sim, db_path, alice, bob, carol
):
    settings = Settings(token=discord_sim.token, database=db_path, dev_guild_id=discord_sim.guild.id,
                        log_level="INFO", members_intent=True, strong_bots=0)
    async with discord_sim.run_bot(SeededBot(settings, 1, guild_ready_timeout=0.05)):
        thread, _ = await open_table(discord_sim, alice, [alice, bob])
        await thread.wait_for_message(is_turn_post)
        await (await carol.slash("game new", game="advance-to-boardwalk")).reply()
        lobby_thread = await discord_sim.default_channel.wait_for_thread(lambda t: t is not thread)
        lobby = await lobby_thread.wait_for_message(lambda m: "Join" in m.button_labels)
        await (await bob.click("Join", message=lobby)).response()
        assert "Bob" in lobby.text

        discord_sim.remove_member(bob)
        said = await thread.wait_for_message(lambda m: "left the server" in m.text, what="the thread told")
        assert "**Bob** left the server" in said.text and "`/game rejoin`" in said.text
        await discord_sim.wait_for(lambda: "Bob" not in lobby.text, what="the lobby redrawn")
        await discord_sim.settle()
    db = sqlite3.connect(db_path)
    seats = db.execute("SELECT g.status, s.name, s.is_bot, s.former_user_id FROM seats s JOIN games g"
                       " ON g.id = s.game_id WHERE s.former_user_id = ? OR s.user_id = ?", (bob.id, bob.id)).fetchall()
    assert seats == [("running", "Bob (bot)", 1, bob.id)]
