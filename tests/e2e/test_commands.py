"""The /game commands around a running game: status, rules, history, hand, and abandon (by the
host or someone with Manage Server; refused for other members)."""

from __future__ import annotations

import sqlite3

from .driver import Table, is_turn_post, move_controls, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

SEED = 156


def statuses(db_path) -> list[str]:
    db = sqlite3.connect(db_path)
    try:
        return [status for status, in db.execute("SELECT status FROM games ORDER BY id")]
    finally:
        db.close()


async def test_status_rules_history_and_abandon(discord_sim, marquee, db_path, alice, bob, carol):
    async with marquee(seed=SEED):
        thread, _lobby = await open_table(discord_sim, alice, [alice, bob, carol])
        table = Table(discord_sim, thread, [alice, bob, carol])
        post = await thread.wait_for_message(is_turn_post)
        post = await table.step(post)  # Alice builds once

        status = await (await bob.slash("game status", channel=thread)).reply()
        assert status.ephemeral and "Turn 1 — **Alice** is building in Red" in status.text
        board = status.attachment("board.png")
        assert board.data.startswith(b"\x89PNG") and board.width >= 1000

        rules = await (await carol.slash("game rules", channel=thread)).reply()
        assert rules.ephemeral and rules.text.startswith("**Advance to Boardwalk**")
        assert "Fortune cards" in rules.text and len(rules.text) <= 2000
        anywhere = await (await carol.slash("game rules", game="advance-to-boardwalk")).reply()
        assert anywhere.ephemeral and anywhere.text == rules.text  # from the channel, by name
        long = await carol.slash("game rules", game="hollywood-1947")  # rules + options > 2000
        first = await long.reply()
        await long.followup(0)
        await discord_sim.settle()
        parts = [first, *long.followups]
        assert all(part.ephemeral for part in parts)
        assert "`union_strike`" in "\n".join(part.text for part in parts)
        assert all(part.text == part.text.strip() for part in parts), "cut at line ends"

        history = await (await bob.slash("game history", channel=thread)).reply()
        assert history.ephemeral
        lines = history.text.splitlines()
        assert lines[0].startswith("**History of Advance to Boardwalk #") and lines[0].endswith("page 1 of 1")
        assert lines[1] == "`0` **Advance to Boardwalk** begins: Alice, Bob, Carol."
        assert any(line.startswith("`1` **Alice** builds on") for line in lines), lines

        refusal = await bob.slash("game abandon", channel=thread)
        refused = await refusal.reply()
        assert refused.ephemeral and "Only the host or someone with Manage Server" in refused.text
        await discord_sim.settle()
        assert not refusal.followups, "a refusal is said once, not by every error handler"
        assert statuses(db_path)[0] == "running"

        done = await (await alice.slash("game abandon", channel=thread)).reply()
        assert not done.ephemeral and "abandoned" in done.text
        await thread.wait_for_message(lambda m: "Game abandoned by **Alice**" in m.text)
        assert statuses(db_path)[0] == "abandoned"
        # The last turn post's buttons now say the game is over instead of moving.
        late = await alice.click(move_controls(post)[0][0]["custom_id"], message=post)
        assert "abandoned; no more moves" in (await late.reply()).text

        # Someone with Manage Server may close another host's game.
        await (await carol.slash("game new", game="advance-to-boardwalk")).reply()
        second = await discord_sim.default_channel.wait_for_thread(lambda t: t is not thread)
        second_lobby = await second.wait_for_message(lambda m: "Join" in m.button_labels)
        with_rights = await (await bob.slash("game abandon", channel=second)).reply()
        assert "Only the host" in with_rights.text
        bob.grant("manage_guild")
        closed = await (await bob.slash("game abandon", channel=second)).reply()
        assert "abandoned" in closed.text and not closed.ephemeral
        await discord_sim.wait_for(lambda: "This lobby was closed." in second_lobby.text,
                                   what="the closed lobby")
        assert not second_lobby.buttons
        assert statuses(db_path) == ["abandoned", "abandoned"]


async def test_a_missing_permission_is_explained_not_silent(discord_sim, marquee, db_path, alice):
    async with marquee(seed=SEED):
        discord_sim.fail_next("POST /channels/{channel_id}/threads", 403, 50013, "Missing Permissions")
        answer = await (await alice.slash("game new", game="advance-to-boardwalk")).reply()
        assert answer.ephemeral and "missing a permission" in answer.text
        assert "Create Public Threads" in answer.text
        await discord_sim.settle()
        assert statuses(db_path) == ["abandoned"], "the lobby without a thread is closed"


async def test_lobby_options_autocomplete_for_the_chosen_game(discord_sim, marquee, alice):
    async with marquee(seed=SEED):
        offered = await alice.autocomplete("game new", "options", "rou", game="hollywood-boulevard")
        assert [choice["value"] for choice in offered] == ["rounds=4", "rounds=6", "rounds=8"]


async def test_leaving_a_running_game_hands_the_seat_to_a_bot(discord_sim, marquee, db_path, alice, bob, carol):
    async with marquee(seed=SEED):
        thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
        await thread.wait_for_message(is_turn_post)
        left = await (await bob.slash("game leave", channel=thread)).reply()
        assert left.ephemeral and "a bot plays your seat" in left.text
        await thread.wait_for_message(lambda m: "**Bob** left the game" in m.text)
        status = await (await carol.slash("game status", channel=thread)).reply()
        assert "2. Bob (bot)" in status.text
        refused = await (await carol.slash("game substitute", channel=thread, seat=1)).reply()
        assert "Only the host or someone with Manage Server" in refused.text
        await discord_sim.settle()


async def test_notify_settings_are_answered_and_kept(discord_sim, marquee, db_path, alice):
    async with marquee(seed=SEED):
        shown = await (await alice.slash("game notify")).reply()
        assert shown.ephemeral and shown.text.startswith("When a game waits on you: a ping in the game's thread.")
        zones = await alice.autocomplete("game notify", "timezone", "warsaw")
        assert "Europe/Warsaw" in [choice["value"] for choice in zones]
        kept = await (await alice.slash("game notify", how="both", quiet="23:00-07:30",
                                        timezone="Europe/Warsaw")).reply()
        assert kept.ephemeral and "a ping in the thread and a DM" in kept.text
        assert "Quiet hours 23:00–07:30 (Europe/Warsaw)" in kept.text
        bad = await (await alice.slash("game notify", quiet="soon")).reply()
        assert bad.ephemeral and bad.text.startswith("Write quiet hours as from-to")
    row = sqlite3.connect(db_path).execute(
        "SELECT notify, quiet_from, quiet_to, zone FROM member_settings").fetchall()
    assert row == [("both", 23 * 60, 7 * 60 + 30, "Europe/Warsaw")]


async def test_a_member_who_may_not_open_threads_is_told_before_a_lobby_opens(discord_sim, marquee, db_path, alice):
    from tests.discord_sim.permissions import bits

    everyone = discord_sim.guild.everyone
    everyone.permissions &= ~bits("create_public_threads")
    async with marquee(seed=SEED):
        answer = await (await alice.slash("game new", game="advance-to-boardwalk")).reply()
        assert answer.ephemeral and "can't open threads in this channel" in answer.text, answer.text
        await discord_sim.settle()
        assert statuses(db_path) == [], "no lobby was opened"


async def test_a_member_hosts_three_lobbies_at_most(discord_sim, marquee, db_path, alice):
    async with marquee(seed=SEED):
        for _ in range(3):
            await (await alice.slash("game new", game="advance-to-boardwalk")).reply()
        answer = await (await alice.slash("game new", game="advance-to-boardwalk")).reply()
        assert answer.ephemeral and answer.text.startswith("You host 3 lobbies that have not started"), answer.text
        await discord_sim.settle()
        assert statuses(db_path) == ["lobby"] * 3
