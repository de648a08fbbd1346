"""Scenarios 4 and 5, and stale buttons: clicks the game must refuse, clearly and privately,
without changing anything — and two clicks at once that must make exactly one move."""

from __future__ import annotations

import sqlite3

from .driver import PANEL, Table, action_of, is_turn_post, moment, move_controls, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

SEED = 156  # Alice goes first: Red, $9M; she holds Expansion and Zoning Variance


def game_row(db_path) -> tuple[int, int]:
    """(version, number of logged moves) of the only game."""
    db = sqlite3.connect(db_path)
    try:
        version, = db.execute("SELECT version FROM games").fetchone()
        moves, = db.execute("SELECT COUNT(*) FROM actions").fetchone()
        return version, moves
    finally:
        db.close()


async def refusal(handle) -> str:
    """The ephemeral sentence a refused click gets (its answer: a move is refused before the
    click is answered)."""
    answer = await handle.reply()
    assert answer.ephemeral and answer.recipient is handle.member, answer.text
    return answer.text


async def test_outsiders_and_out_of_turn_clicks_are_refused_privately(
    discord_sim, marquee, db_path, alice, bob, carol, dave
):
    async with marquee(seed=SEED):
        thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
        table = Table(discord_sim, thread, [alice, bob, carol])
        post = await thread.wait_for_message(is_turn_post)
        assert table.pending(post) is alice
        build = move_controls(post)[0][0]["custom_id"]
        before = game_row(db_path)

        text = await refusal(await dave.click(build, message=post))
        assert "not playing in this game" in text
        text = await refusal(await bob.click(build, message=post))
        assert "Alice" in text and "turn" in text, text
        panel = await (await dave.click(PANEL, message=post)).reply()
        assert panel.ephemeral and "not playing in this game" in panel.text

        await discord_sim.settle()
        assert game_row(db_path) == before
        assert post.buttons and move_controls(post)[0][0]["custom_id"] == build  # untouched
        assert [m for m in thread.messages if is_turn_post(m)][-1] is post  # nothing posted
        # … and the button still works for the player whose turn it is.
        await table.click(alice, post, move_controls(post)[0])
        await table.next_post(post)
        assert game_row(db_path)[1] == before[1] + 1


async def test_two_clicks_on_one_button_make_one_move(
    discord_sim, marquee, db_path, alice, bob, carol
):
    async with marquee(seed=SEED):
        thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
        table = Table(discord_sim, thread, [alice, bob, carol])
        post = await thread.wait_for_message(is_turn_post)
        build = move_controls(post)[0][0]["custom_id"]
        version, moves = game_row(db_path)

        # Alice and Bob press the same button at the same moment. These clicks bypass the
        # driver, so the post's look before them is taken here: the bot may have edited it
        # by the time the answers are read.
        seen = moment(post)
        first, second = await alice.click(build, message=post), await bob.click(build, message=post)
        await first.response()
        text = await refusal(second)
        assert "Alice" in text and "turn" in text, text
        post = await table.next_post(post, seen=seen)
        assert game_row(db_path) == (version + 1, moves + 1)

        # Alice double-clicks: two interactions for one button, in flight together.
        build = move_controls(post)[0][0]["custom_id"]
        seen = moment(post)
        first = await alice.click(build, message=post)
        second = await alice.click(build, message=post)
        answers = [await first.response(), await second.response()]
        # One is made, and answered by updating the post; the other refused, privately,
        # saying what to do now.
        assert sorted(a.kind for a in answers) == ["channel message", "update message"]
        await table.next_post(post, seen=seen)
        [refused] = [a.message for a in answers if a.kind == "channel message"]
        assert refused.ephemeral
        assert game_row(db_path) == (version + 2, moves + 2)
        text = refused.text
        assert "counts once" in text or "no longer applies" in text or "yours was not made" in text, text
        assert "Build on" in " ".join(b.get("label", "") for b in refused.buttons)


async def test_stale_buttons_say_what_changed_instead_of_acting(
    discord_sim, marquee, db_path, alice, bob, carol
):
    async with marquee(seed=SEED):
        thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
        table = Table(discord_sim, thread, [alice, bob, carol])
        post = await thread.wait_for_message(is_turn_post)

        # Alice opens her panel, then builds on the thread post instead: the panel's buttons
        # are from an earlier moment now (the post itself is redrawn with the new one's).
        panel = await table.open_panel(alice, post)
        built = move_controls(post)[0]
        old = next(c for c in move_controls(panel)
                   if action_of(c).startswith("build:") and action_of(c) != action_of(built))
        await table.click(alice, post, built)
        post = await table.next_post(post)
        before = game_row(db_path)
        assert all(f":{before[0]}:" in comp["custom_id"] for comp, _ in move_controls(post))

        stale = await alice.click(old[0]["custom_id"], message=panel)
        answer = await stale.reply()  # refused before any answer: the refusal is the answer
        assert answer.ephemeral and "earlier moment" in answer.text
        assert "Turn 1" in answer.text and "$" in answer.text  # where the game stands now
        assert move_controls(answer)  # and what she can do now
        await discord_sim.settle()
        assert game_row(db_path) == before

        # A stale button in an older private panel (a stale DM button is in the Hollywood
        # Boulevard scenario): Alice opens two panels, plays a card in the second, then
        # clicks the first.
        done = next(c for c in move_controls(post) if action_of(c) == "done")
        await table.click(alice, post, done)
        post = await table.next_post(post)
        first = await table.open_panel(alice, post)
        second = await table.open_panel(alice, post)
        card = next(c for c in move_controls(second) if action_of(c).startswith("card:"))
        handle, _ = await table.click(alice, second, card)
        await handle.reply()
        await discord_sim.settle()
        before = game_row(db_path)
        stale = await alice.click(move_controls(first)[0][0]["custom_id"], message=first)
        answer = await stale.reply()
        # Her own same move was the last one made: she is told it counted once.
        assert ("earlier moment" in answer.text or "counts once" in answer.text) and "back" in [
            action_of(c) for c in move_controls(answer)]
        await discord_sim.settle()
        assert game_row(db_path) == before
