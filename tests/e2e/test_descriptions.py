"""A board you can hear, through the simulated Discord (issue 38, point 4): every picture the
bot posts in a game's thread (each turn card's board and the move's other pictures, the
summary) and in answers (``/game board``, ``/game status``) carries a description, as an
attachment's and as a media gallery item's (``SimMessage.undescribed_pictures``); Discord's
1,024 characters are checked on every request against its OpenAPI description."""
from __future__ import annotations

import pytest

from bot.table.describe import LIMIT
from tests.discord_sim import DiscordSim

from .test_cards import gallery, open_with_bots, status_of

pytest_plugins = ["tests.discord_sim.plugin"]


@pytest.mark.parametrize("game", ["hollywood-boulevard", "billboard"])
async def test_every_picture_posted_in_a_whole_game_is_described(discord_sim: DiscordSim, marquee, db_path, alice,
                                                                  game):
    async with marquee(seed=5) as bot:
        thread, lobby = await open_with_bots(discord_sim, alice, game)
        await thread.wait_for_message(lambda m: m is not lobby and m.from_bot)
        answers = [await (await alice.slash("game board", channel=thread, move=1)).reply(),
                   await (await alice.slash("game status", channel=thread)).reply()]
        await (await alice.slash("game leave", channel=thread)).reply()
        await bot.tables.run_bots((await bot.tables.table_in_thread(thread.id)).id)
        bot.dispatcher.wake()
        await discord_sim.wait_for(lambda: status_of(db_path) == "finished", what="the game to end", timeout=60)
        await thread.wait_for_message(lambda m: "summary.png" in gallery(m), timeout=30)
        await discord_sim.settle(quiet=0.3)
    pictured = [m for m in thread.bot_messages if m.attachments] + answers
    assert len(pictured) > 3
    for message in pictured:
        assert message.undescribed_pictures() == [], message.text[:80]
        assert all(0 < len(a.description) <= LIMIT for a in message.attachments)
    boards = [a.description for m in pictured for a in m.attachments if a.filename.startswith("board")]
    assert boards and all(", the board after move " in text for text in boards)
