"""``/game learn`` through the simulated Discord (issue 39, part 1): a member opens a practice
table, plays the whole game by clicks against bots, and the game counts nowhere: not in
``/game stats``, not on ``/game leaderboard``, not in the standings the store keeps."""

from __future__ import annotations

import sqlite3

import pytest

from tests.discord_sim.model import SimMessage

from .driver import GAME_OVER, TURN_LINE, Table, is_turn_post, moment

pytest_plugins = ["tests.discord_sim.plugin"]

SEED = 156


class LearnersTable(Table):
    """The driver's table, at a table of one member and bots: while the bots play, the
    member's turn post is edited to show them (no ▶ line pings anyone), so the next post is
    the one that asks the member again, or ends the game."""

    async def next_post(self, after: SimMessage, timeout: float | None = None,
                        seen: tuple | None = None) -> SimMessage:
        seen = seen or self.seen or moment(after)

        def asks_again() -> SimMessage | None:
            posts = [m for m in self.thread.messages if is_turn_post(m)]
            post = posts[-1] if posts else None
            if post is None or moment(post) == seen:
                return None
            over = GAME_OVER in post.text
            return post if over or (TURN_LINE.search(post.text) and (post.buttons or post.selects)) else None

        return await self.sim.wait_for(asks_again, timeout=timeout, what="the member's next turn post")


def _counted(db_path) -> dict[str, int]:
    db = sqlite3.connect(db_path)
    try:
        return {table: db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                for table in ("member_records", "member_titles", "ratings", "boards")}
    finally:
        db.close()


async def test_a_member_learns_a_game_alone_with_bots_and_it_counts_nowhere(discord_sim, marquee, db_path, alice):
    async with marquee(seed=SEED):
        reply = await (await alice.slash("game learn", game="advance-to-boardwalk")).reply()
        assert reply.ephemeral and "Your practice table is ready in" in reply.text
        assert "you and 3 bots, unrated, with the coach on" in reply.text
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: "Practice table: unrated" in m.text)
        await discord_sim.wait_for(lambda: "The game has started." in lobby.text, what="the lobby to show the start")
        assert not lobby.buttons, "nobody else joins a practice table"
        status = await (await alice.slash("game status", channel=thread)).reply()
        assert "Practice table: unrated, the coach is on" in status.text

        shown_tour = await thread.wait_for_message(lambda m: "A short tour of Advance to Boardwalk" in m.text)
        assert "**The boardwalk**" in shown_tour.text and "**Watch**" in shown_tour.text
        first = await thread.wait_for_message(is_turn_post, what="the first turn post")
        assert thread.messages.index(shown_tour) < thread.messages.index(first), "the tour comes first"
        assert "🎓 **The coach:** what each choice does" in first.text, "the post explains its choices"
        panel = await (await alice.slash("game hand", channel=thread)).reply()
        assert panel.ephemeral and "🎓 **The coach:** what each choice does" in panel.text

        hint = await (await alice.click("💡 Hint", message=first)).reply()
        assert hint.ephemeral and "The strong bot would play the first of these" in hint.text, hint.text
        assert " % of " in hint.text and "sampled game" in hint.text
        await thread.wait_for_message(lambda m: m.text == "💡 **Alice** asked the coach for a hint.",
                                      what="the thread told of the hint")
        again = await (await alice.slash("game hint", channel=thread)).reply()
        assert again.ephemeral and "You have had this decision's hint" in again.text

        table = LearnersTable(discord_sim, thread, [alice])
        await table.step(first)
        guided = await thread.wait_for_message(lambda m: "🎓 **Your move 1 of your first 3:** **Alice**" in m.text,
                                               what="the coach's word after Alice's first decision")
        assert "Why: " in guided.text
        result = await table.play_to_end()
        assert GAME_OVER in result.text
        assert "Your move" not in result.text, "the guide speaks after the first decisions only"

        stats = await (await alice.slash("game stats")).reply()
        assert "Advance to Boardwalk" not in str(stats.embeds)
        board = await (await alice.slash("game leaderboard")).reply()
        assert "No finished game on this server yet." in board.text
    db = sqlite3.connect(db_path)
    try:
        assert db.execute("SELECT status FROM games").fetchall() == [("finished",)]
    finally:
        db.close()
    assert _counted(db_path) == {"member_records": 0, "member_titles": 0, "ratings": 0, "boards": 0}


#: Titles the driver's generic clicks play to their end (Hollywood Boulevard's sealed bids and
#: Billboard's forms need their own plans: tests/e2e/test_hollywood_boulevard.py, test_billboard.py).
PLAYED_THROUGH = {"hollywood-1947", "san-francisco-scene"}


@pytest.mark.parametrize("title", ["hollywood-boulevard", "hollywood-1947", "san-francisco-scene", "billboard"])
async def test_every_title_opens_a_practice_table(discord_sim, marquee, db_path, alice, title):
    async with marquee(seed=SEED):
        reply = await (await alice.slash("game learn", game=title)).reply()
        assert reply.ephemeral and "Your practice table is ready in" in reply.text
        thread = await discord_sim.default_channel.wait_for_thread()
        await thread.wait_for_message(lambda m: "Practice table: unrated" in m.text)
        table = LearnersTable(discord_sim, thread, [alice])
        if title in PLAYED_THROUGH:
            assert GAME_OVER in (await table.play_to_end()).text
        else:
            await thread.wait_for_message(is_turn_post, what="the first turn post")
    assert _counted(db_path)["member_records"] == 0
