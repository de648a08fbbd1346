"""Issue 29 through the simulated Discord: a move taken back by command and by the Undo button
on the mover's private confirmation, the thread's post edited back rather than a new one; and
"you're next" by DM, once a turn."""

from __future__ import annotations

import sqlite3

from .driver import Table, is_turn_post, move_controls, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

SEED = 156  # Advance to Boardwalk; Alice goes first and builds


def log_of(db_path) -> list[tuple[int, str]]:
    db = sqlite3.connect(db_path)
    try:
        return db.execute("SELECT seat, action FROM actions ORDER BY move").fetchall()
    finally:
        db.close()


def turn_posts(thread) -> list:
    return [m for m in thread.messages if is_turn_post(m)]


async def test_a_move_taken_back_by_command_and_by_button(discord_sim, marquee, db_path, alice, bob, carol):
    async with marquee(seed=SEED):
        thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
        table = Table(discord_sim, thread, [alice, bob, carol])
        post = await thread.wait_for_message(is_turn_post)
        assert table.pending(post) is alice
        moves = len(log_of(db_path))

        # Alice builds from the thread's post, then takes it back with /game undo.
        await table.click(alice, post, move_controls(post)[0])
        post = await table.next_post(post)
        posts = len(turn_posts(thread))
        undone = await (await alice.slash("game undo", channel=thread)).reply()
        assert undone.ephemeral and undone.text.startswith("↩️ Taken back.")
        await discord_sim.wait_for(lambda: "↩️ **Alice** took back: " in turn_posts(thread)[-1].text,
                                   what="the post edited back")
        assert len(turn_posts(thread)) == posts, "edited, not a new post"
        assert [action for _, action in log_of(db_path)[moves:]][-1] == "undo"

        # Bob may not take Alice's move back, nor one of his own he never made.
        refused = await (await bob.slash("game undo", channel=thread)).reply()
        assert refused.ephemeral and "The last move is Alice's, not yours" in refused.text

        # Alice builds again, from her private panel this time: its confirmation has an Undo button.
        await discord_sim.settle()
        post = turn_posts(thread)[-1]
        panel = await table.open_panel(alice, post)
        build = next(c for c in panel.buttons if c.get("custom_id", "").startswith("mq:m:")
                     and c["custom_id"].split(":", 4)[4].startswith("build:"))
        clicked = await alice.click(build["custom_id"], message=panel)
        await clicked.response()
        await discord_sim.wait_for(lambda: "↩️ Undo" in panel.button_labels, what="the Undo button")
        assert panel.text.startswith("✓ Done.")
        before = len(log_of(db_path))
        await (await alice.click("↩️ Undo", message=panel)).response()
        await discord_sim.wait_for(lambda: panel.text.startswith("↩️ Taken back."), what="the panel refreshed")
        assert "↩️ Undo" not in panel.button_labels
        log = log_of(db_path)
        assert len(log) == before + 1 and log[-1][1] == "undo"
        await discord_sim.settle()
        assert len(turn_posts(thread)) == posts
        assert turn_posts(thread)[-1].text.count("took back") == 2


async def test_you_are_next_by_dm_once_a_turn(discord_sim, marquee, db_path, alice, bob, carol):
    async with marquee(seed=SEED):
        said = await (await carol.slash("game notify", how="dm", options={"next": True})).reply()
        assert "You also hear when you are next" in said.text
        thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
        table = Table(discord_sim, thread, [alice, bob, carol])
        post = await thread.wait_for_message(is_turn_post)

        def heads_ups() -> list:
            return [m for m in carol.dms if "You are next" in m.text]

        while table.pending(post) is alice:  # Alice's turn: after her comes Bob, not Carol
            post = await table.step(post)
        assert table.pending(post) is bob
        await discord_sim.wait_for(lambda: heads_ups(), what="Carol's heads-up")
        assert "Bob is to move now" in heads_ups()[0].text
        while table.pending(post) is bob:
            post = await table.step(post)
        await discord_sim.settle()
        assert len(heads_ups()) == 1, "once a turn"
