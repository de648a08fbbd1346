"""Practice tables (``/game learn``) and tables with the coach let in are unrated (issue 39,
part 1): played to their end through the table service on both stores, they count in no
statistics, streak, rating or leaderboard, while a rated game beside them counts as ever."""
from __future__ import annotations

from bot.community import stats as community
from bot.community.practice import COACH, PRACTICE, coached, rated
from bot.delivery.outgoing import Outgoing
from bot.i18n import HOST, words
from bot.store.base import Checkpoint
from bot.table import practice
from bot.table.service import Member, Tables
from bot.web import story
from cogs.coach import seat_explanations, with_explanations
from cogs.lobby import lobby_text, parse_options
from cogs.speech import host_words
from tests.host.test_community import BOT, TALLY, play_tally
from tests.web.test_page_secrets import PLACES

ADA = Member(7, "Ada")
HERE = 100


async def _play_to_the_end(tables: Tables, game_id: int, member: Member, score: int) -> None:
    while (table := await tables.table(game_id)).record.status == "running":
        assert table.record.state["turn"] == table.seat_of(member.id), "bots move by themselves"
        await tables.act(game_id, member, f"score:{score}")


async def test_a_practice_table_is_the_member_and_bots_with_the_coach_on(store):
    tables = Tables(store)
    table = await practice.open_practice(tables, TALLY.id, ADA, guild_id=HERE, channel_id=HERE, seed=1)
    assert [s.user_id for s in table.seats] == [ADA.id, None, None, None]
    assert all(s.is_bot for s in table.seats[1:])
    assert table.record.settings[PRACTICE] and coached(table.record.settings)
    assert not rated(table.record.settings)
    assert table.record.settings["clock"] == 0, "nobody waits on a learner"
    assert "Practice table: unrated" in lobby_text(table)
    assert "Stół treningowy: bez rankingu" in lobby_text(table, host_words("pl"))


async def test_practice_and_coached_games_count_for_nobody(store):
    tables = Tables(store)
    learning = await practice.open_practice(tables, TALLY.id, ADA, guild_id=HERE, channel_id=HERE, seed=2)
    await tables.start(learning.id, ADA)
    await _play_to_the_end(tables, learning.id, ADA, 9)
    options = parse_options(TALLY.id, "coach=yes")
    assert options == {COACH: True}
    coached_lobby = await practice.open_unrated(tables, TALLY.id, ADA, {}, {COACH: True},
                                                guild_id=HERE, channel_id=HERE, seed=3)
    await tables.add_bot(coached_lobby.id, ADA)
    await tables.start(coached_lobby.id, ADA)
    await _play_to_the_end(tables, coached_lobby.id, ADA, 9)
    assert (await tables.table(learning.id)).record.status == "finished"
    assert (await tables.table(coached_lobby.id)).record.status == "finished"

    for everywhere in (False, True):
        nothing = await community.member_stats(store, ADA.id, HERE, everywhere=everywhere)
        assert (nothing.played, nothing.won, nothing.streak, nothing.rating) == (0, 0, 0, None)
    board = await community.leaderboard(store, HERE, reader=ADA.id)
    assert (board.games, board.standings) == (0, [])
    assert (await community.leaderboard(store, HERE, TALLY.id)).games == 0

    await play_tally(tables, HERE, [ADA, BOT], [9, None])  # a rated game beside them counts as ever
    counted = await community.member_stats(store, ADA.id, HERE)
    assert (counted.played, counted.won, counted.streak) == (1, 1, 1)
    board = await community.leaderboard(store, HERE)
    assert board.games == 1 and [s.name for s in board.standings] == ["Ada"]


async def test_the_games_page_says_a_practice_table_is_unrated(store):
    tables = Tables(store)
    learning = await practice.open_practice(tables, TALLY.id, ADA, guild_id=HERE, channel_id=HERE, seed=4)
    table = await tables.start(learning.id, ADA)
    rated_game = await tables.table(await play_tally(tables, HERE, [ADA, BOT], [9, None]))
    kept = Checkpoint(moves=0, base=0, state=table.state, tail=[])
    for shown, marked in ((table, True), (rated_game, False)):
        page = story.page(TALLY, shown, kept, {}, words(HOST, "en"), PLACES, 5)
        assert ("Practice table: unrated, the coach is on" in page) is marked


async def test_only_a_coached_tables_post_explains_its_public_choices(store):
    tables = Tables(store)
    learning = await tables.start((await practice.open_practice(
        tables, TALLY.id, ADA, guild_id=HERE, channel_id=HERE, seed=5)).id, ADA)
    rated_game = await tables.table(await play_tally(tables, HERE, [ADA, BOT], [9, None]))
    turn = [{"seat": 0, "user_id": ADA.id, "is_bot": False, "prompt": "Build.",
             "choices": [{"action": "build:shelburne", "label": "Build on The Shelburne ($4M) — $4M left"}]},
            {"seat": 1, "user_id": None, "is_bot": True, "prompt": "Build.",
             "choices": [{"action": "end", "label": "End turn without playing a card"}]}]
    message = Outgoing(learning.id, "advance-to-boardwalk", 2, "news", turn=turn)
    assert with_explanations(rated_game, message, "standing") == "standing"
    assert with_explanations(object(), message, "standing") == "standing", "a test's stand-in table"
    coached = with_explanations(learning, message, "standing").splitlines()
    assert coached[:2] == ["standing", "🎓 **The coach:** what each choice does"]
    assert coached[2].startswith("- **Build on The Shelburne ($4M) — $4M left**: Places one hotel unit")
    assert len(coached) == 3, "a bot seat's choices are not explained"
    assert seat_explanations(rated_game, ADA.id, "en") == ""
