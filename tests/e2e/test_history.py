"""A game's past through the simulated Discord: ``/game board move:N`` shows exactly the board
the thread was posted after move N (replayed, not stored), a move out of range gets a
sentence; once everyone has left and the bots have finished the game, the thread gets the
summary picture, and ``/game history`` pages through the whole game, newest page first, with
◀ ▶ buttons that turn it in place."""

from __future__ import annotations

import re

from .driver import Table, is_turn_post, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

SEED = 156
BOARD = re.compile(r"^board-(\d+)\.png$")
PAGE = re.compile(r"^\*\*History of Advance to Boardwalk #\d+\*\*, page (\d+) of (\d+)$")


async def test_board_after_a_move_summary_and_history_pages(discord_sim, marquee, alice, bob, report_figures):
    async with marquee(seed=SEED) as bot:
        thread, _ = await open_table(discord_sim, alice, [alice, bob])
        table = Table(discord_sim, thread, [alice, bob])
        post = await thread.wait_for_message(is_turn_post)
        for _ in range(12):  # a few turns: each new turn's post carries a board
            post = await table.step(post)
        await discord_sim.settle()

        # Each post's board is named after its version: move N made version N + 1.
        posted = [(int(match[1]) - 1, attachment) for message in thread.messages
                  for attachment in message.attachments if (match := BOARD.match(attachment.filename))]
        assert len(posted) >= 3
        for move, attachment in posted[-3:]:
            shown = await (await bob.slash("game board", channel=thread, move=move)).reply()
            assert shown.ephemeral and shown.text.startswith(f"The board after move {move} of ")
            assert shown.attachment("board.png").data == attachment.data, f"the board after move {move}"

        moves = int(re.search(r"of (\d+)\.", shown.text)[1])
        refused = await (await alice.slash("game board", channel=thread, move=moves + 50)).reply()
        assert refused.ephemeral
        assert refused.text == f"This game has had {moves} moves so far: choose a move from 0 to {moves}."

        # Both leave: their bots play the game out, and the summary follows the last post. (The
        # bot paces a bot-only game, a move a minute: here it is played out at once.)
        await (await alice.slash("game leave", channel=thread)).reply()
        await (await bob.slash("game leave", channel=thread)).reply()
        await bot.tables.run_bots((await bot.tables.table_in_thread(thread.id)).id)
        bot.dispatcher.wake()
        summary = await thread.wait_for_message(
            lambda m: any(a.filename == "summary.png" for a in m.attachments), what="the summary", timeout=60)
        assert summary.text.startswith("📊 **Final scores**: Property value")
        assert "🏆 **Alice (bot)**" in summary.text or "🏆 **Bob (bot)**" in summary.text
        assert summary.attachment("summary.png").data.startswith(b"\x89PNG")
        assert not summary.buttons and not summary.selects, "the game is over: nothing to click"
        assert "🏆 **Game over.**" in thread.messages[thread.messages.index(summary) - 1].text

        opened = await alice.slash("game history", channel=thread)
        page = await opened.reply()
        heading, *lines = page.text.splitlines()
        number, count = map(int, PAGE.fullmatch(heading).groups())
        assert page.ephemeral and number == count > 1, "the newest page comes first"
        assert len(page.text) <= 2000 and "wins with" in page.text
        assert [b["label"] for b in page.buttons] == ["◀ Older", "Newer ▶"]
        assert [b.get("disabled", False) for b in page.buttons] == [False, True]
        older = await (await alice.click("◀ Older", message=page)).reply()
        assert older.id == page.id, "turned in place"
        assert PAGE.fullmatch(older.text.splitlines()[0])[1] == str(count - 1)
        first_moves = [int(line[1:].split("`")[0]) for line in older.text.splitlines()[1:] if line.startswith("`")]
        last_moves = [int(line[1:].split("`")[0]) for line in lines if line.startswith("`")]
        assert max(first_moves) < min(last_moves), "older moves on the page before"
        newer = await (await alice.click("Newer ▶", message=older)).reply()
        assert newer.text == "\n".join([heading, *lines])
        report_figures("history pages", count)
