"""Limits through the simulated Discord (issue 35): six `/game new` at once open no more lobbies
than a member may host, and every one of them is answered; a limit reached, on a command, a
click or a move, is an ephemeral sentence saying when to try again, never a failed
interaction."""

from __future__ import annotations

import asyncio
import re
import sqlite3

from bot.table.seating import MOST_LOBBIES_HOSTED
from cogs import cooldowns
from cogs.cooldowns import Limit

from .driver import PANEL, Table, is_turn_post, move_controls, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

SEED = 156  # Advance to Boardwalk; Alice goes first
LOBBIES_HOSTED = (f"You host {MOST_LOBBIES_HOSTED} lobbies that have not started; "
                  "start one or `/game abandon` one first.")


def too_many(what: str) -> re.Pattern[str]:
    return re.compile(rf"That is a lot of {re.escape(what)} at once: try again in \d+ seconds?\.")


def lobbies(db_path) -> int:
    db = sqlite3.connect(db_path)
    try:
        return db.execute("SELECT count(*) FROM games WHERE status = 'lobby'").fetchone()[0]
    finally:
        db.close()


async def test_six_game_new_at_once_open_no_more_lobbies_than_the_cap(discord_sim, marquee, db_path, alice):
    async with marquee(seed=SEED):
        asked = await asyncio.gather(*(alice.slash("game new", game="advance-to-boardwalk") for _ in range(6)))
        replies = [await interaction.reply() for interaction in asked]
        await discord_sim.settle()
    assert lobbies(db_path) == MOST_LOBBIES_HOSTED
    assert len(discord_sim.default_channel.threads) == MOST_LOBBIES_HOSTED, "no thread for a refused lobby"
    assert all(reply.ephemeral for reply in replies)
    texts = [reply.text for reply in replies]
    assert sum("Your table is ready" in text for text in texts) == MOST_LOBBIES_HOSTED
    refused = [text for text in texts if "Your table is ready" not in text]
    # Refused by the cap, or (the sixth in a minute) by `/game new`'s own limit.
    assert all(text == LOBBIES_HOSTED or too_many("`/game new`").fullmatch(text) for text in refused), refused
    assert LOBBIES_HOSTED in refused


async def test_a_limit_reached_is_a_sentence_on_a_command_a_click_and_a_move(
        discord_sim, marquee, monkeypatch, alice, bob):
    # Tighter than shipped, so a few clicks reach them; the shipped numbers are in LIMITS.
    monkeypatch.setitem(cooldowns.LIMITS, "panel", Limit(1, 30.0, "game hand"))
    monkeypatch.setitem(cooldowns.LIMITS, "move", Limit(1, 30.0))
    async with marquee(seed=SEED):
        thread, _ = await open_table(discord_sim, alice, [alice, bob])
        table = Table(discord_sim, thread, [alice, bob])
        post = await thread.wait_for_message(is_turn_post)

        for _ in range(cooldowns.LIMITS["status"].uses):
            status = await (await bob.slash("game status", channel=thread)).reply()
            assert status.attachment("board.png").data.startswith(b"\x89PNG")
        refused = await (await bob.slash("game status", channel=thread)).reply()
        assert refused.ephemeral and too_many("`/game status`").fullmatch(refused.text), refused.text

        await table.open_panel(bob, post)
        again = await (await bob.click(PANEL, message=post)).reply()
        assert again.ephemeral and too_many("`/game hand`").fullmatch(again.text), again.text

        # Bob's clicks on Alice's turn: the first is told it is not his turn, the next the limit.
        control = move_controls(post)[0]
        first, _ = await table.click(bob, post, control)
        assert "It is not your turn" in (await first.reply()).text
        second, _ = await table.click(bob, post, control)
        answer = await second.reply()
        assert answer.ephemeral and too_many("moves").fullmatch(answer.text), answer.text
        await discord_sim.settle()
        assert not any(i.failed for i in (first, second))
