"""A thread that refuses the bot (issue 26, point 4): locked by a moderator, or a permission
taken from the bot. The game holds its posts, its host is told once where the bot still may
speak (the parent channel, else a DM), and `/game resume` continues it once the thread takes
posts again, the held ones first. A finished game's thread is archived (tests/host)."""
from __future__ import annotations

import sqlite3

from .driver import Table, action_of, is_turn_post, move_controls, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

PAUSED = "is paused"


def game_row(db_path) -> tuple:
    db = sqlite3.connect(db_path)
    try:
        return db.execute("SELECT held IS NOT NULL, (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL"
                          " AND parked_at IS NOT NULL) FROM games").fetchone()
    finally:
        db.close()


async def a_new_post_due(table: Table, post):
    """Play on until the turn post offers only "End turn": its click makes the bot post anew
    (the moves before it edit the turn's post)."""
    while [action_of(c) for c in move_controls(post)] != ["end"]:
        post = await table.step(post)
    return post


async def locked_with_a_post_due(discord_sim, alice, bob):
    """Alice and Bob's table, its thread locked by a moderator just as a click makes the bot
    post anew: the thread, the table and the post clicked."""
    thread, _ = await open_table(discord_sim, alice, [alice, bob])
    table = Table(discord_sim, thread, [alice, bob])
    post = await a_new_post_due(table, await thread.wait_for_message(is_turn_post))
    discord_sim.lock_thread(thread)
    await table.click(table.pending(post), post, move_controls(post)[0])
    return thread, table, post


async def test_a_locked_thread_holds_the_game_until_the_host_resumes_it(
    discord_sim, marquee, db_path, alice, bob
):
    async with marquee(seed=1):
        thread, table, post = await locked_with_a_post_due(discord_sim, alice, bob)
        parent = discord_sim.default_channel
        notice = await parent.wait_for_message(lambda m: PAUSED in m.text, what="the host told")
        assert f"<@{alice.id}>" in notice.text and "`/game resume number:1`" in notice.text
        await discord_sim.wait_for(lambda: game_row(db_path) == (1, 1), what="the post held")

        refused = await (await bob.slash("game resume", number=1)).reply()
        assert refused.ephemeral and "Only the host" in refused.text
        still = await (await alice.slash("game resume", number=1)).reply()
        assert "still cannot post" in still.text and game_row(db_path) == (1, 1)

        discord_sim.lock_thread(thread, False)
        resumed = await (await alice.slash("game resume", number=1)).reply()
        assert "Game #1 continues: 1 held update" in resumed.text
        await thread.wait_for_message(lambda m: "**Alice** resumed the game" in m.text)
        await table.next_post(post)  # the post that was held, now in the thread
        await discord_sim.wait_for(lambda: game_row(db_path) == (0, 0), what="nothing held")
        await discord_sim.settle()
        assert len([m for m in parent.messages if PAUSED in m.text]) == 1, "told once"


async def test_a_held_game_whose_thread_was_deleted_meanwhile_ends_on_resume(
    discord_sim, marquee, db_path, alice, bob
):
    async with marquee(seed=1):
        thread, _, _ = await locked_with_a_post_due(discord_sim, alice, bob)
        await discord_sim.wait_for(lambda: game_row(db_path) == (1, 1), what="the post held")
    thread.deleted = True  # while the bot was away: no gateway event told it
    async with marquee(seed=1, commands=False):
        said = await (await alice.slash("game resume", number=1)).reply()
        assert said.ephemeral and "was deleted, so the game ended as abandoned" in said.text, said.text
        db = sqlite3.connect(db_path)
        try:
            assert db.execute("SELECT status FROM games").fetchone() == ("abandoned",)
        finally:
            db.close()


async def test_a_lost_permission_holds_the_game_and_the_host_hears_by_dm(
    discord_sim, marquee, db_path, alice, bob
):
    async with marquee(seed=1):
        thread, _ = await open_table(discord_sim, alice, [alice, bob])
        table = Table(discord_sim, thread, [alice, bob])
        post = await a_new_post_due(table, await thread.wait_for_message(is_turn_post))
        # The bot may no longer speak in the channel, nor in its threads.
        discord_sim.deny_bot(discord_sim.default_channel, "send_messages", "send_messages_in_threads")
        await table.click(table.pending(post), post, move_controls(post)[0])
        told = await alice.wait_for_dm(lambda m: PAUSED in m.text)
        assert "`/game resume number:1`" in told.text
        await discord_sim.wait_for(lambda: game_row(db_path) == (1, 1), what="the post held")


async def test_a_thread_archived_after_a_quiet_week_is_reopened_by_the_next_post(discord_sim, marquee, alice, bob):
    async with marquee(seed=1):
        thread, _ = await open_table(discord_sim, alice, [alice, bob])
        table = Table(discord_sim, thread, [alice, bob])
        post = await thread.wait_for_message(is_turn_post)
        discord_sim.advance_clock(7 * 24 * 3600)  # a week without a message: Discord archives it
        assert thread.archived
        await table.step(post)  # its post's edit is refused (archived): a new post reopens it
        assert not thread.archived


async def test_at_the_servers_thread_cap_finished_games_make_room_or_the_member_is_told(
    discord_sim, marquee, alice, bob, carol, dave
):
    discord_sim.guild.max_active_threads = 2
    async with marquee(seed=1):
        await (await alice.slash("game new", game="advance-to-boardwalk")).reply()
        over = await discord_sim.default_channel.wait_for_thread()
        await (await alice.slash("game abandon", channel=over)).reply()
        await (await bob.slash("game new", game="advance-to-boardwalk")).reply()
        made = await (await carol.slash("game new", game="advance-to-boardwalk")).reply()
        assert "Your table is ready" in made.text and over.archived, "the game over made room"
        full = await (await dave.slash("game new", game="advance-to-boardwalk")).reply()
        assert full.ephemeral and "as many active threads as Discord allows" in full.text
        assert len([t for t in discord_sim.guild.threads if not t.archived]) == 2
