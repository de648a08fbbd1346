"""Scenario 1: three members play a whole game of Advance to Boardwalk by clicking."""

from __future__ import annotations

import sqlite3

from bot.engine import new_game
from bot.games import registry

from .driver import GAME_OVER, Table, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

SHORT_GAME = 156  # a seed whose game ends in 7 turns with every member playing a card


async def test_three_members_play_a_whole_game_by_clicks(
    discord_sim, marquee, db_path, alice, bob, carol, report_figures
):
    async with marquee(seed=SHORT_GAME):
        thread, lobby = await open_table(discord_sim, alice, [alice, bob, carol])
        assert [line for line in lobby.text.splitlines() if line[:2] in ("1.", "2.", "3.")] == [
            "1. Alice", "2. Bob", "3. Carol"]
        game = registry.game("advance-to-boardwalk")
        dealt = new_game(game, 3, {}, SHORT_GAME)["hands"]
        for seat, member in enumerate((alice, bob, carol)):  # each hand arrived by DM
            dm = await member.wait_for_dm(lambda m: "Your Fortune cards (2)" in m.text)
            assert all(f"*{game.board.card(card).name}*" in dm.text for card in dealt[seat])
        table = Table(discord_sim, thread, [alice, bob, carol])
        discord_sim.stats.reset()
        result = await table.play_to_end()
        stats = discord_sim.stats
        print(stats)
    assert GAME_OVER in result.text and " win" in result.text
    assert result.attachments and result.attachments[0].data.startswith(b"\x89PNG")
    db = sqlite3.connect(db_path)
    status, = db.execute("SELECT status FROM games").fetchone()
    by_user = dict(db.execute("SELECT user_id, COUNT(*) FROM actions GROUP BY user_id").fetchall())
    assert status == "finished"
    assert set(by_user) == {alice.id, bob.id, carol.id}  # no bot seat: every move was a click
    assert sum(by_user.values()) == table.clicks
    assert all(table.cards_played.get(m.name) for m in (alice, bob, carol)), table.cards_played
    report_figures("moves", table.clicks)
    report_figures("interactions_per_second", round(stats.per_second, 1))
    report_figures("median_click_to_response_ms", round(stats.median_ms, 1))
    report_figures("median_click_to_visible_ms", round(stats.median_visible_ms, 1))
    report_figures("median_click_to_next_board_post_ms", round(table.median_post_ms, 1))
    report_figures("median_click_to_turn_post_edited_ms", round(table.median_edit_ms, 1))
    report_figures("posts_and_edits", f"{len(table.post_latencies)} new turn posts, "
                                      f"{len(table.edit_latencies)} edits of the turn's post")
    report_figures("stats", str(stats))
