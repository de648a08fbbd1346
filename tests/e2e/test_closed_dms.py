"""Scenario 2: a member whose DMs are closed joins, learns their hand with /game hand, and plays
a whole game; the thread says their DMs failed without saying what was in them."""

from __future__ import annotations

import json
import sqlite3

from bot.games import registry

from .driver import GAME_OVER, Table, open_table
from .leaks import assert_no_leaks

pytest_plugins = ["tests.discord_sim.plugin"]

SHORT_GAME = 122  # two players; Dave plays a Fortune card with targets


async def test_member_with_closed_dms_plays_a_whole_game(
    discord_sim, marquee, db_path, alice, dave
):
    dave.close_dms()
    async with marquee(seed=SHORT_GAME):
        thread, _lobby = await open_table(discord_sim, alice, [alice, dave])
        notices = [m for m in thread.bot_messages if "direct messages to **Dave**" in m.text]
        assert notices, [m.text for m in thread.bot_messages]
        assert dave in discord_sim.dm_refusals and not dave.dms

        hand = await (await dave.slash("game hand", channel=thread)).reply()
        assert hand.ephemeral and hand.recipient is dave and hand not in thread.messages
        stored, = sqlite3.connect(db_path).execute("SELECT state FROM games").fetchone()
        state = json.loads(stored)
        board = registry.game("advance-to-boardwalk").board
        held = [board.card(card).name for card in state["hands"][1]]
        assert "Your Fortune cards (2)" in hand.text and all(f"*{n}*" in hand.text for n in held)

        table = Table(discord_sim, thread, [alice, dave])
        result = await table.play_to_end()
    assert GAME_OVER in result.text
    assert table.cards_played.get(dave.name)
    assert table.private_clicks[dave.name] >= 2  # the card, then its target, in his panel
    assert not dave.dms  # nothing ever reached Dave's closed DMs …
    [notice] = [m for m in thread.bot_messages if "can't send direct messages to" in m.text]  # told once …
    assert "/game hand" in notice.text and not any(n in notice.text for n in held)  # … no content
    [pointer] = [m for m in thread.bot_messages if "can't send you direct messages" in m.text]  # at start
    assert "**My hand & options**" in pointer.text and not any(n in pointer.text for n in held)
    assert sqlite3.connect(db_path).execute("SELECT status FROM games").fetchone() == ("finished",)
    assert assert_no_leaks(discord_sim, [db_path])  # something secret was there to leak
