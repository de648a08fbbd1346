"""Lobby clicks at the same moment, through the simulated Discord: six members press Join
together, and a Join races the host's Start. Every seat the lobby message ever shows is a real
one, each member's answer matches what the bot stored, and nobody gets an error."""

from __future__ import annotations

import asyncio
import re
import sqlite3

from bot.games import registry
from tests.discord_sim.model import text_of

from .driver import PANEL, is_turn_post

pytest_plugins = ["tests.discord_sim.plugin"]

SEAT_LINE = re.compile(r"^\d+\. (.+?)(?: 🤖)?$", re.MULTILINE)


def seated(db_path, game_id: int) -> list[tuple[int | None, str]]:
    db = sqlite3.connect(db_path)
    try:
        return db.execute("SELECT user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)).fetchall()
    finally:
        db.close()


def game_row(db_path, game_id: int) -> tuple[str, int | None]:
    """(status, players the game was dealt for)."""
    db = sqlite3.connect(db_path)
    try:
        status, players = db.execute("SELECT status, json_extract(state, '$.players') FROM games WHERE id = ?",
                                     (game_id,)).fetchone()
        return status, players
    finally:
        db.close()


def names_shown(content: str) -> list[str]:
    """The seat list a version of the lobby message showed."""
    return SEAT_LINE.findall(content.split("**Seats", 1)[1])


async def open_lobby(sim, host, game: str):
    known = {t.id for t in sim.default_channel.threads}
    await (await host.slash("game new", game=game)).reply()
    thread = await sim.default_channel.wait_for_thread(lambda t: t.id not in known)
    lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
    game_id = int(re.search(r"game #(\d+)", lobby.text).group(1))
    return thread, lobby, game_id


async def test_six_simultaneous_joins_seat_up_to_the_limit_and_tell_the_rest(
    discord_sim, marquee, db_path, alice, bob, carol, dave
):
    joiners = [bob, carol, dave, *(discord_sim.add_member(name) for name in ("erin", "frank", "grace"))]
    rules = registry.game("hollywood-boulevard")  # six seats: Alice and five of the six
    async with marquee(seed=1):
        _, lobby, game_id = await open_lobby(discord_sim, alice, "hollywood-boulevard")
        clicks = await asyncio.gather(*(member.click("Join", message=lobby) for member in joiners))
        answers = [await click.response() for click in clicks]
        await discord_sim.settle()

        seats = seated(db_path, game_id)
        assert len(seats) == rules.max_players
        seated_ids = {user_id for user_id, _ in seats}
        refused = [m for m in joiners if m.id not in seated_ids]
        assert len(refused) == len(joiners) + 1 - rules.max_players
        for member, click, answer in zip(joiners, clicks, answers):
            joined_dms = [dm for dm in member.dms if "You joined" in dm.text]
            if member in refused:
                assert answer.ephemeral and answer.message.text == (
                    f"This game is full: {rules.name} seats at most {rules.max_players}."), answer.message.text
                assert not joined_dms, "only a member who got a seat is told they joined"
            else:
                assert answer.kind == "update message" and not click.followups
                assert len(joined_dms) == 1
        # Every version of the lobby message showed seats that were really taken, in order,
        # and the last one shows them all.
        final = [name for _, name in seats]
        for version in [*lobby.history, lobby.payload()]:
            shown = names_shown(text_of(version))
            assert shown == final[:len(shown)], (shown, final)
        assert names_shown(lobby.text) == final
        assert f"Seats ({rules.max_players}/{rules.max_players})" in lobby.text


async def test_a_join_racing_the_start_ends_in_a_consistent_game(
    discord_sim, marquee, db_path, report_figures, alice, bob, carol
):
    outcomes = []
    async with marquee(seed=1):
        # Join and Start at once, then Join a moment after Start: the deal takes Carol or not.
        for join_delay in [None, 0, 0.001, 0.002, 0.004]:
            thread, lobby, game_id = await open_lobby(discord_sim, alice, "advance-to-boardwalk")
            await (await bob.click("Join", message=lobby)).response()
            dms_before = len([dm for dm in carol.dms if "You joined" in dm.text])
            if join_delay is None:
                join, start = await asyncio.gather(carol.click("Join", message=lobby),
                                                   alice.click("Start", message=lobby))
            else:
                start = await alice.click("Start", message=lobby)
                await asyncio.sleep(join_delay)
                # Once the lobby is redrawn without buttons there is no Join to press.
                join = await carol.click("Join", message=lobby) if "Join" in lobby.button_labels else None
            started = await start.reply()
            joined = join and await join.response()
            await discord_sim.settle()

            status, players = game_row(db_path, game_id)
            seats = seated(db_path, game_id)
            assert status == "running" and players == len(seats)  # dealt for exactly its seats
            assert "The game has started." in started.text and not started.buttons
            assert names_shown(lobby.text) == [name for _, name in seats]  # the lobby says who plays
            carol_seated = carol.id in {user_id for user_id, _ in seats}
            new_dms = len([dm for dm in carol.dms if "You joined" in dm.text]) - dms_before
            if carol_seated:
                assert joined.kind == "update message" and not join.followups and new_dms == 1
            elif joined:
                assert joined.ephemeral and joined.message.text in (
                    "This game has just started; you can watch it here.",   # it started during her join
                    "This game is already running; you can watch it here.")  # before it, on the old message
                assert new_dms == 0
            outcomes.append("seated" if carol_seated else "watching" if joined else "no Join left")

            # Everyone seated can open their hand: the game has a place for each seat.
            post = await thread.wait_for_message(is_turn_post)
            for member in (alice, bob, carol) if carol_seated else (alice, bob):
                panel = await (await member.click(PANEL, message=post)).reply()
                assert "you are seat" in panel.text, panel.text
            await (await alice.slash("game abandon", channel=thread)).reply()
            await discord_sim.settle()
    report_figures("Carol, by round", ", ".join(outcomes))
