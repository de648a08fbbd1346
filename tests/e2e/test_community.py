"""Issue 14 through the simulated Discord: /game stats and /game leaderboard over thirteen games
played on two servers (tests/host/test_community.py seeds them into the bot's database before it
starts), and a member following a game of Advance to Boardwalk by DM (/game follow, /game unfollow)."""

from __future__ import annotations

import time

from bot.store import SQLiteStore
from bot.table.service import Member, Tables
from tests.discord_sim.model import text_of
from tests.host.test_community import thirteen_games

from .driver import Table, is_turn_post, open_table
from .leaks import secret_kinds

pytest_plugins = ["tests.discord_sim.plugin"]

ANOTHER_SERVER = 555
SEED = 156


async def seed(db_path, sim, alice, bob, carol, dave) -> None:
    """The games as if played before: results stored, every post long delivered."""
    store = await SQLiteStore.open(db_path)
    try:
        players = tuple(Member(m.id, name) for m, name in
                        ((alice, "Alice"), (bob, "Bob"), (carol, "Carol"), (dave, "Dave")))
        await thirteen_games(Tables(store), sim.guild.id, ANOTHER_SERVER, players)
        async with store.transaction() as db:
            await db.execute("UPDATE outbox SET sent_at = ?", (time.time(),))
    finally:
        await store.close()


def fields(message) -> dict[str, str]:
    return {field["name"]: field["value"] for field in message.embeds[0]["fields"]}


async def test_stats_and_leaderboards_after_a_dozen_games(discord_sim, marquee, db_path,
                                                          alice, bob, carol, dave, guild_owner):
    await seed(db_path, discord_sim, alice, bob, carol, dave)
    async with marquee():
        mine = await (await alice.slash("game stats")).reply()
        assert mine.ephemeral and mine.embeds[0]["title"] == "📊 Alice"
        assert mine.embeds[0]["description"] == (
            "On this server.\n**Tally**: 5 games, 4 won\n**Twenty-one**: 2 games, 1 won")
        assert fields(mine) == {"Played": "7", "Won": "5 (71%)", "Current streak": "4 wins in a row",
                                "Favourite game": "Tally", "Rating": "7.9 (place 1 of 4)"}
        # Bob's last game was played out by the bot that took his seat: still his.
        bobs = await (await carol.slash("game stats", member=bob)).reply()
        assert bobs.embeds[0]["title"] == "📊 Bob"
        assert fields(bobs) == {"Played": "7", "Won": "2 (29%)", "Current streak": "4 losses in a row",
                                "Favourite game": "Tally", "Rating": "-3.5 (place 4 of 4)"}
        nobody = await (await carol.slash("game stats", member=guild_owner)).reply()
        assert nobody.embeds[0]["description"] == "On this server.\nNo finished games yet."

        board = await (await carol.slash("game leaderboard")).reply()
        embed = board.embeds[0]
        assert board.ephemeral and embed["title"] == "🏆 Leaderboard: all games"
        # The bots that played (and beat Dave) are not ranked; the abandoned game counts for nobody.
        assert embed["description"].splitlines() == [
            "` 1.` **Alice** · 7.9 · 7 games, 5 won",
            "` 2.` **Carol** · 5 · 5 games, 3 won",
            "` 3.` **Dave** · -1.8 · 1 game, 0 won",
            "` 4.` **Bob** · -3.5 · 7 games, 2 won"]
        assert embed["footer"]["text"].startswith("Rating: Weng–Lin (openskill), shown as μ − 3σ")
        assert embed["footer"]["text"].endswith(
            "From 10 finished games on this server; bots play in them but are not ranked.")

        offered = await carol.autocomplete("game leaderboard", "game", "twen")
        assert [choice["value"] for choice in offered] == ["toy-21"]
        one_game = await (await carol.slash("game leaderboard", game="toy-21")).reply()
        assert one_game.embeds[0]["title"] == "🏆 Leaderboard: Twenty-one"
        assert one_game.embeds[0]["description"].splitlines() == [
            "` 1.` **Carol** · 6.2 · 2 games, 2 won",
            "` 2.` **Alice** · 1.6 · 2 games, 1 won",
            "` 3.` **Bob** · -3.4 · 2 games, 0 won"]
        none_yet = await (await carol.slash("game leaderboard", game="advance-to-boardwalk")).reply()
        assert none_yet.text == "No finished game of Advance to Boardwalk on this server yet."
        unknown = await (await carol.slash("game leaderboard", game="chess")).reply()
        assert unknown.ephemeral and unknown.text.startswith("“chess” is not a game I host.")
        await discord_sim.settle()


async def test_following_a_game_by_dm_once_a_turn(discord_sim, marquee, db_path, alice, bob, dave):
    async with marquee(seed=SEED):
        thread, _ = await open_table(discord_sim, alice, [alice, bob])
        table = Table(discord_sim, thread, [alice, bob])
        post = await thread.wait_for_message(is_turn_post)

        playing = await (await alice.slash("game follow", channel=thread)).reply()
        assert playing.ephemeral and playing.text.startswith("You play in this game")
        nowhere = await (await dave.slash("game follow")).reply()
        assert nowhere.text.startswith("There is no game in this thread.")
        followed = await (await dave.slash("game follow", channel=thread)).reply()
        assert followed.ephemeral and followed.text.startswith("You follow **Advance to Boardwalk** #1 now")
        again = await (await dave.slash("game follow", channel=thread)).reply()
        assert again.text.startswith("You follow this game already")

        before = {message.id for message in thread.messages}
        for _ in range(15):
            post = await table.step(post)
        await discord_sim.settle()
        turns = [m for m in thread.bot_messages if m.id not in before and is_turn_post(m)]
        follows = [m for m in dave.dms if m.text.startswith("**Advance to Boardwalk** #1:")]
        assert len(turns) >= 3 and len(follows) == len(turns), "one DM for each turn's post"
        # Each line is the thread's (a post as it was, edits included), and no card in a hand.
        said = "\n".join(text_of(version) for message in thread.messages
                         for version in [*message.history, message.payload()])
        for dm in follows:
            *news, link = dm.text.splitlines()[1:]
            assert link == f"-# <#{thread.id}>" and all(line in said for line in news), dm.text
        for key, needles in secret_kinds(discord_sim, [db_path]).items():
            assert not any(needle in dm.text for dm in follows for needle in needles), key

        done = await (await dave.slash("game unfollow", channel=thread)).reply()
        assert done.ephemeral and done.text == "You no longer follow game #1."
        for _ in range(6):
            post = await table.step(post)
        await discord_sim.settle()
        assert len([m for m in dave.dms if m.text.startswith("**Advance to Boardwalk** #1:")]) == len(follows)
        not_following = await (await dave.slash("game unfollow", number=1)).reply()
        assert not_following.text == "You do not follow game #1."
