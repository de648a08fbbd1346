"""Statistics, leaderboards and followers (bot/community/stats.py, bot/community/rating.py, V11).

Thirteen games are played through the table service on two servers, with bots, a shared win, a
seat a bot took over, an abandoned game and one still running; the statistics and leaderboards
they make are checked figure by figure. Followers are checked through the dispatcher: one DM a
turn, public lines only, none for players, none after the game ends or after /game unfollow.
"""
from __future__ import annotations

import asyncio
import random
import re

import pytest

from bot.community import stats as community
from bot.community.rating import NEWCOMER, Finish, places, ranked, rate
from bot.delivery.dispatcher import Dispatcher
from bot.delivery.outgoing import Posted
from bot.engine import Choice, Event, IllegalMove, Result
from bot.games.registry import GameKit, register
from bot.store import SQLiteStore
from bot.store.sqlite import MIGRATIONS
from bot.table.service import Member, TableError, Tables
from rendering.kit import canvas, draw_text, to_png
from tests import toy_game

ANN, BEN, CAT, DAN = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat"), Member(4, "Dan")
HERE, THERE = 100, 200  # two servers
BOT = "bot"
TWENTY_ONE = toy_game.GAME_ID


# -- a toy game that scores every seat ---------------------------------------------------

class Tally:
    """Each seat in turn names a score from 0 to 9 (and may first jot notes, as often as it
    likes, without ending its turn); the highest score wins, a tie is a shared win. Each seat
    has a lucky number only it is told, so a follower's DM can be checked for privacy."""

    id = "toy-tally"
    name = "Tally"
    min_players = 1
    max_players = 4
    options = ()

    def setup(self, players, options, rng):
        return {"scores": [None] * players, "turn": 0, "notes": 0,
                "lucky": [rng.randrange(100, 999) for _ in range(players)]}

    def pending(self, state):
        return set() if None not in state["scores"] else {state["turn"]}

    def legal(self, state, seat):
        if seat not in self.pending(state):
            return []
        return [Choice("note", "Jot a note"), *(Choice(f"score:{n}", f"Score {n}") for n in range(10))]

    def apply(self, state, seat, action, rng):
        if action == "note":
            state["notes"] += 1
            return [Event(f"{{p{seat}}} jots a note."),
                    Event(f"Your lucky number is {state['lucky'][seat]}.", to=(seat,))]
        kind, _, number = action.partition(":")
        if kind != "score" or number not in set("0123456789"):
            raise IllegalMove("Name a score from 0 to 9.")
        state["scores"][seat] = int(number)
        state["turn"] = seat + 1
        return [Event(f"{{p{seat}}} scores {number}.")]

    def view(self, state, seat):
        public = {"scores": state["scores"], "turn": state["turn"]}
        if seat is not None:
            public["lucky"] = state["lucky"][seat]
        return public

    def result(self, state):
        if None in state["scores"]:
            return None
        best = max(state["scores"])
        winners = tuple(seat for seat, score in enumerate(state["scores"]) if score == best)
        return Result(winners, dict(enumerate(state["scores"])),
                      " and ".join(f"{{p{seat}}}" for seat in winners) + f" win with {best}.")

    def prompt(self, state, seat):
        return "Name your score."

    def status(self, state):
        if self.result(state) is not None:
            return "All scores are in."
        return f"{{p{state['turn']}}} to score."

    def rules_summary(self):
        return "Name a score from 0 to 9 in turn; the highest wins."


class ScoresFive:
    def choose(self, state, seat, rng: random.Random):
        return "score:5"


def _render(view, image="board"):
    picture, draw = canvas(200, 60)
    draw_text(draw, (10, 10), " ".join(str(s) for s in view["scores"]), 20)
    return to_png(picture)


TALLY = Tally()
register(TALLY.id, GameKit(game=TALLY, bot=ScoresFive(), render=_render))


# -- playing games to a chosen end -----------------------------------------------------

async def lobby(tables: Tables, title: str, guild: int | None, players: list) -> int:
    """A lobby seated with ``players`` (members, or BOT) in this order, hosted by the first
    member; returns its game's id."""
    host = next(p for p in players if p != BOT)
    table = await tables.create(title, host, guild_id=guild, channel_id=guild, host_seated=False)
    for player in players:
        if player == BOT:
            await tables.add_bot(table.id, host)
        else:
            await tables.join(table.id, player)
    await tables.store.set_places(table.id, thread_id=1000 + table.id)
    return table.id


async def play_tally(tables: Tables, guild: int | None, players: list, scores: list[int | None]) -> int:
    """A game of Tally to its end: each member names their score (a bot names 5)."""
    game_id = await lobby(tables, TALLY.id, guild, players)
    await tables.start(game_id, next(p for p in players if p != BOT))
    while (table := await tables.table(game_id)).record.status == "running":
        seat = table.record.state["turn"]
        await tables.act(game_id, players[seat], f"score:{scores[seat]}")
    return game_id


async def play_21(tables: Tables, guild: int | None, first: Member, second: Member, winner: Member) -> int:
    """A game of Twenty-one won by ``winner``: the loser always adds 1; the winner adds 3,
    or 2 rather than leave the loser one short of 21, and takes 21 when it is in reach."""
    game_id = await lobby(tables, TWENTY_ONE, guild, [first, second])
    await tables.start(game_id, first)
    while (table := await tables.table(game_id)).record.status == "running":
        state = table.record.state
        mover = (first, second)[state["turn"]]
        room = 21 - state["total"]
        add = 1 if mover != winner else room if room <= 3 else 2 if room - 3 == 1 else 3
        await tables.act(game_id, mover, f"add:{add}")
    return game_id


async def thirteen_games(tables: Tables, here: int = HERE, there: int = THERE,
                         players: tuple[Member, ...] = (ANN, BEN, CAT, DAN)) -> dict[str, int]:
    """Ten finished games ``here`` (one a bot took a seat in halfway), three ``there``, one
    abandoned and one running here; returns the ids of those the tests look at again."""
    ann, ben, cat, dan = players
    await play_tally(tables, here, [ann, ben], [7, 3])                 # 1 Ann
    await play_tally(tables, here, [ann, ben, BOT], [4, 8, None])      # 2 Ben, the bot, Ann
    await play_21(tables, here, ann, cat, cat)                         # 3 Cat
    await play_tally(tables, here, [ann, ben, cat], [6, 6, 2])         # 4 Ann and Ben share it
    await play_21(tables, here, ben, ann, ann)                         # 5 Ann
    await play_tally(tables, here, [ann, cat, BOT], [9, 1, None])      # 6 Ann, the bot, Cat
    await play_tally(tables, here, [dan, BOT], [3, None])              # 7 the bot beats Dan
    await play_21(tables, here, cat, ben, cat)                         # 8 Cat
    await play_tally(tables, here, [ann, ben], [8, 2])                 # 9 Ann
    left = await lobby(tables, TALLY.id, here, [ben, cat])             # 10 Cat; Ben left, a bot scored 5
    await tables.start(left, ben)
    await tables.hand_to_bot(left, ben)
    await tables.act(left, cat, "score:7")
    await play_tally(tables, there, [ann, dan], [2, 9])                # 11 Dan
    await play_21(tables, there, dan, ann, dan)                        # 12 Dan
    await play_tally(tables, there, [ben, dan], [5, 5])                # 13 Ben and Dan share it
    abandoned = await lobby(tables, TALLY.id, here, [ann, ben])
    await tables.start(abandoned, ann)
    await tables.act(abandoned, ann, "score:9")
    await tables.abandon(abandoned, ann)
    running = await lobby(tables, TALLY.id, here, [ann, cat])
    await tables.start(running, ann)
    await tables.act(running, ann, "score:9")
    return {"left": left, "abandoned": abandoned, "running": running}



def figures(board: community.Leaderboard) -> list[tuple[int, str, float, int, int]]:
    return [(s.place, s.name, round(s.rating.ordinal, 2), s.rating.games, s.rating.wins)
            for s in board.standings]


# -- the rating (pure) -----------------------------------------------------------------

def test_places_put_winners_first_then_scores_else_a_tie():
    assert places(4, [1], {0: 5, 1: 9, 2: 5, 3: 2}) == (1, 0, 1, 2)
    assert places(3, [0, 2], {}) == (0, 1, 0), "a shared win; no scores: the rest tied"
    # The winner by a tie-break keeps first place though another seat scored as much.
    assert places(3, [2], {0: 40, 1: 10, 2: 40}) == (1, 2, 0)
    assert places(3, [0], {0: "patriots", 1: "communists", 2: 1}) == (0, 1, 1), "no numbers: tied"
    assert places(3, [0], {0: 3, 1: 2}) == (0, 1, 1), "a seat without a score: tied"
    assert places(2, [0], {0: True, 1: False}) == (0, 1)


def test_ratings_are_replayed_in_order_and_deterministic():
    games = [Finish(("ann", "ben", None), (0, 1, 2)), Finish(("ben", "cat"), (0, 1)),
             Finish(("ann", "cat"), (1, 0))]
    first, again = rate(games), rate(list(games))
    assert first == again
    assert set(first) == {"ann", "ben", "cat"}, "a bot's seat is nobody's rating"
    # One win each; Ben's other game was a second place, above a bot, and he beat Cat.
    assert [(p, r.games, r.wins) for p, r in ranked(first)] == [("ben", 2, 1), ("cat", 2, 1), ("ann", 2, 1)]
    # The same results in the other order: Ann's loss to Cat came first, and weighs less.
    assert [p for p, _ in ranked(rate(reversed(games)))] == ["ben", "ann", "cat"]
    assert rate([Finish(("ann",), (0,))]) == {}, "a game alone ranks nobody"


def test_a_tie_moves_equals_alike_and_a_strong_opponent_counts_more():
    tied = rate([Finish(("ann", "ben", "cat"), (0, 0, 1))])
    assert tied["ann"] == tied["ben"] and tied["ann"].wins == 1
    assert tied["cat"].mu < NEWCOMER.mu < tied["ann"].mu
    strong = rate([Finish(("ben", "x"), (0, 1)), Finish(("ben", "x"), (0, 1)), Finish(("ann", "ben"), (0, 1))])
    newcomer = rate([Finish(("ann", "ben"), (0, 1))])
    assert strong["ann"].mu - NEWCOMER.mu > newcomer["ann"].mu - NEWCOMER.mu
    assert newcomer["ann"].ordinal > 0 > newcomer["ben"].ordinal, "μ − 3σ, the conservative figure"


# -- statistics and leaderboards after thirteen games ----------------------------------

async def test_statistics_per_server_and_everywhere(store):
    tables = Tables(store)
    await thirteen_games(tables)

    ann = await community.member_stats(store, ANN.id, HERE)
    assert (ann.name, ann.played, ann.won, ann.streak) == ("Ann", 7, 5, 4)
    assert [(t.game_type, t.played, t.won) for t in ann.titles] == [(TALLY.id, 5, 4), (TWENTY_ONE, 2, 1)]
    assert ann.favourite == TALLY.id
    assert (ann.place, ann.rated, round(ann.rating.ordinal, 2)) == (1, 4, 7.9)

    # Ben's last game was played out by the bot that took his seat: still his loss.
    ben = await community.member_stats(store, BEN.id, HERE)
    assert (ben.name, ben.played, ben.won, ben.streak, ben.place) == ("Ben", 7, 2, -4, 4)
    cat = await community.member_stats(store, CAT.id, HERE)
    assert (cat.played, cat.won, cat.streak, cat.favourite) == (5, 3, 2, TALLY.id)
    assert [(t.game_type, t.played, t.won) for t in cat.titles] == [(TALLY.id, 3, 1), (TWENTY_ONE, 2, 2)]
    dan = await community.member_stats(store, DAN.id, HERE)
    assert (dan.played, dan.won, dan.streak, dan.place) == (1, 0, -1, 3), "lost to a bot"

    # The other server, then every server (one's own record, from a DM): no leaderboard place.
    there = await community.member_stats(store, DAN.id, THERE)
    assert (there.played, there.won, there.streak, there.place) == (3, 3, 3, 1)
    everywhere = await community.member_stats(store, ANN.id, None, everywhere=True)
    assert (everywhere.played, everywhere.won, everywhere.streak) == (9, 5, -2)
    assert [(t.game_type, t.played, t.won) for t in everywhere.titles] == [(TALLY.id, 6, 4), (TWENTY_ONE, 3, 1)]
    assert everywhere.rating is None and everywhere.place is None

    nobody = await community.member_stats(store, 99, HERE)
    assert (nobody.name, nobody.played, nobody.titles, nobody.favourite, nobody.rating) == (None, 0, [], None, None)


async def test_leaderboards_per_server_and_title_without_bots_or_abandoned_games(store):
    tables = Tables(store)
    await thirteen_games(tables)

    here = await community.leaderboard(store, HERE)
    assert here.games == 10, "the abandoned and the running game count for nobody"
    assert figures(here) == [(1, "Ann", 7.9, 7, 5), (2, "Cat", 5.04, 5, 3), (3, "Dan", -1.83, 1, 0),
                             (4, "Ben", -3.48, 7, 2)]
    tally = await community.leaderboard(store, HERE, TALLY.id)
    assert tally.games == 7
    assert figures(tally) == [(1, "Ann", 7.12, 5, 4), (2, "Cat", -0.01, 3, 1), (3, "Ben", -1.19, 5, 2),
                              (4, "Dan", -1.83, 1, 0)]
    assert figures(await community.leaderboard(store, HERE, TWENTY_ONE)) == [
        (1, "Cat", 6.16, 2, 2), (2, "Ann", 1.64, 2, 1), (3, "Ben", -3.38, 2, 0)]

    there = await community.leaderboard(store, THERE)
    assert there.games == 3
    assert figures(there) == [(1, "Dan", 6.41, 3, 3), (2, "Ben", 1.32, 1, 1), (3, "Ann", -3.12, 2, 0)]
    assert (await community.leaderboard(store, 300)).standings == []


async def test_games_finished_before_the_migration_keep_their_order(tmp_path):
    """V11 numbers the games already finished by when they ended; later ones follow.
    (SQLite only: it undoes V11 in SQLite's SQL; test_postgres_store.py has PostgreSQL's.)"""
    path = tmp_path / "old.sqlite"
    store = await SQLiteStore.open(path)
    tables = Tables(store)
    first = await play_tally(tables, HERE, [ANN, BEN], [1, 2])
    second = await play_tally(tables, HERE, [ANN, BEN], [3, 2])
    async with store.transaction() as db:
        await db.execute("DELETE FROM finishes")
        await db.execute("DELETE FROM schema_version WHERE version = 11")
        await db.execute("DROP TRIGGER game_finished")
        await db.execute("DROP TABLE finishes")
        await db.execute("DROP TABLE follows")
        await db.execute("DROP INDEX games_by_guild")
        await db.execute("DROP INDEX seats_by_former_user")
        await db.execute("UPDATE games SET updated_at = 50 WHERE id = ?", (second,))
        await db.execute("UPDATE games SET updated_at = 60 WHERE id = ?", (first,))
    await store.migrate()
    third = await play_tally(tables, HERE, [ANN, BEN], [5, 1])
    assert [g.id for g in await store.finished_games(HERE)] == [second, first, third]
    await store.close()


async def everything_shown(store) -> list:
    """Every figure /game stats and /game leaderboard show after ``thirteen_games``."""
    shown: list = []
    for member in (ANN, BEN, CAT, DAN):
        for guild in (HERE, THERE):
            shown.append(await community.member_stats(store, member.id, guild))
        shown.append(await community.member_stats(store, member.id, None, everywhere=True))
    for guild in (HERE, THERE):
        for title in (None, TALLY.id, TWENTY_ONE):
            shown.append(await community.leaderboard(store, guild, title))
    return shown


async def test_v14_adds_the_games_finished_before_it_with_the_same_figures(store):
    """An existing database: V14 makes the standings from the games already finished, in
    finishing order, and they show what they showed; later games add to them as they end."""
    tables = Tables(store)
    await thirteen_games(tables)
    before = await everything_shown(store)
    async with store.transaction() as db:
        for table in ("member_records", "member_titles", "ratings", "boards", "snapshots"):
            await db.execute(f"DROP TABLE {table}")
        await db.execute("DELETE FROM schema_version WHERE version = 14")
    assert await store.migrate() == max(int(p.name[1:].split("__")[0]) for p in MIGRATIONS.glob("V*__*.sql"))
    assert await everything_shown(store) == before
    await play_tally(tables, HERE, [ANN, DAN], [1, 9])
    dan = await community.member_stats(store, DAN.id, HERE)
    assert (dan.played, dan.won, dan.streak) == (2, 1, 1)
    assert (await community.leaderboard(store, HERE)).games == 11


async def test_statistics_read_kept_rows_not_games_and_never_wait_on_a_move(store, monkeypatch):
    tables = Tables(store)
    await thirteen_games(tables)

    async def never(*args, **kwargs):
        raise AssertionError("statistics read no finished games")

    monkeypatch.setattr(store, "finished_games", never)
    read: list[str] = []
    if isinstance(store, SQLiteStore):  # every statement the commands run, as SQLite runs it
        await store._run(lambda db: db.set_trace_callback(read.append))
        await store._lock.acquire()  # a move's transaction, holding the store's lock
    try:
        ann = await asyncio.wait_for(community.member_stats(store, ANN.id, HERE), 5)
        board = await asyncio.wait_for(community.leaderboard(store, HERE, TALLY.id), 5)
    finally:
        if isinstance(store, SQLiteStore):
            store._lock.release()
            await store._run(lambda db: db.set_trace_callback(None))
    assert (ann.played, ann.place) == (7, 1) and board.games == 7
    tables_read = {name for sql in read for name in re.findall(r"\b(?:FROM|JOIN)\s+(\w+)", sql)}
    assert tables_read <= {"member_records", "member_titles", "ratings", "boards"}, tables_read
    assert tables_read or not isinstance(store, SQLiteStore), "the trace saw the reads"


# -- followers -----------------------------------------------------------------------

class Inbox:
    """A transport that keeps posts, counts edits and files DMs by member; it says where
    each post went, so the dispatcher edits a turn's post while the turn goes on."""

    def __init__(self, closed=()):
        self.posts = []
        self.edits = 0
        self.dms: dict[int, list[str]] = {}
        self.closed = set(closed)

    async def post(self, table, message):
        self.posts.append(message)
        return Posted(table.id, len(self.posts), 1, bool(message.turn))

    async def edit(self, table, posted, message):
        self.edits += 1
        return posted

    async def clear_controls(self, table, posted):
        pass

    async def send_private(self, table, seat, message):
        if seat.user_id in self.closed:
            return False
        self.dms.setdefault(seat.user_id, []).append(message.text)
        return True

    async def notice(self, table, text):
        pass

    def follows(self, member: Member) -> list[str]:
        """The follower DMs a member got (a player's own DMs say no game's name first)."""
        return [text for text in self.dms.get(member.id, []) if text.startswith("**Tally** #")]


async def test_a_follower_gets_one_dm_a_turn_of_public_lines_until_the_end(store):
    tables, inbox = Tables(store), Inbox()
    dispatcher = Dispatcher(store, inbox)
    game_id = await lobby(tables, TALLY.id, HERE, [ANN, BEN])
    await community.follow(store, await tables.table(game_id), CAT.id, "en")  # from the lobby on
    await tables.start(game_id, ANN)
    await dispatcher.flush()
    assert inbox.follows(CAT) == [f"**Tally** #{game_id}:\n**Tally** begins: Ann, Ben.\n-# **Ann** to score."]

    # Ann's notes go on her turn: the turn's post is edited, and nobody following hears yet.
    for _ in range(2):
        await tables.act(game_id, ANN, "note")
        await dispatcher.flush()
    assert inbox.edits == 2 and len(inbox.follows(CAT)) == 1
    assert "Your lucky number" in inbox.dms[ANN.id][-1], "Ann was told hers in private"

    # A reminder is no turn: no DM for it.
    table = await tables.table(game_id)
    assert await store.add_reminder(game_id, table.record.version, tables.note(table, "⏰ Still Ann's turn."))
    await dispatcher.flush()
    assert len(inbox.follows(CAT)) == 1

    await tables.act(game_id, ANN, "score:7")  # Ben's turn: a new post, and Cat's second DM
    await dispatcher.flush()
    assert inbox.follows(CAT)[1] == "\n".join([
        f"**Tally** #{game_id}:", "**Ann** jots a note.", "**Ann** jots a note.", "⏰ Still Ann's turn.",
        "**Ann** scores 7.", "-# **Ben** to score."])
    await community.follow(store, await tables.table(game_id), DAN.id, "en")  # from this moment on

    await tables.act(game_id, BEN, "score:2")
    await dispatcher.flush()
    ending = ["**Ben** scores 2.", "🏆 **Ann** win with 7.", "The game has ended, so you follow it no more."]
    assert inbox.follows(CAT)[2] == "\n".join([f"**Tally** #{game_id}:", *ending])
    assert inbox.follows(DAN) == ["\n".join([f"**Tally** #{game_id}:", *ending])]
    assert len(inbox.follows(CAT)) == 3, "one DM a turn: the start, Ben's turn, the end"
    assert not any("lucky" in text for text in inbox.dms[CAT.id]), "nothing private"
    assert not inbox.follows(ANN) and not inbox.follows(BEN), "players hear from the game as players"
    assert await store.followed_games(CAT.id) == [] and await store.followed_games(DAN.id) == []


async def test_follow_refusals_and_the_limit(store):
    tables = Tables(store, caps=None)  # eleven lobbies of one host in one channel, to follow
    running = await lobby(tables, TALLY.id, HERE, [ANN, BEN])
    await tables.start(running, ANN)
    table = await tables.table(running)
    with pytest.raises(TableError, match="You play in this game"):
        await community.follow(store, table, ANN.id, "en")
    await community.follow(store, table, CAT.id, "en")
    with pytest.raises(TableError, match="You follow this game already"):
        await community.follow(store, table, CAT.id, "en")
    finished = await play_tally(tables, HERE, [ANN, BEN], [1, 2])
    with pytest.raises(TableError, match="This game is over"):
        await community.follow(store, await tables.table(finished), CAT.id, "en")
    await tables.abandon(running, ANN)
    with pytest.raises(TableError, match="This game was abandoned"):
        await community.follow(store, await tables.table(running), DAN.id, "en")

    # Ten games at most; one that ended (the abandoned one) no longer counts.
    lobbies = [await lobby(tables, TALLY.id, HERE, [ANN]) for _ in range(community.MOST_FOLLOWED + 1)]
    for game_id in lobbies[:-1]:
        await community.follow(store, await tables.table(game_id), CAT.id, "en")
    assert await store.followed_games(CAT.id) == lobbies[:-1]
    with pytest.raises(TableError, match="You follow 10 games already") as refused:
        await community.follow(store, await tables.table(lobbies[-1]), CAT.id, "en")
    assert refused.value.count == 10
    await community.unfollow(store, lobbies[0], CAT.id)
    await community.follow(store, await tables.table(lobbies[-1]), CAT.id, "en")
    with pytest.raises(TableError, match=f"You do not follow game #{lobbies[0]}"):
        await community.unfollow(store, lobbies[0], CAT.id)


async def test_unfollowing_closed_dms_and_joining_end_the_dms(store):
    tables, inbox = Tables(store), Inbox(closed=[DAN.id])
    dispatcher = Dispatcher(store, inbox)
    game_id = await lobby(tables, TALLY.id, HERE, [ANN, BEN])
    for member in (CAT, DAN, 5):
        await community.follow(store, await tables.table(game_id), getattr(member, "id", member), "pl")
    await tables.join(game_id, CAT)  # following, then playing: a player's DMs only
    await tables.start(game_id, ANN)
    await dispatcher.flush()
    assert not inbox.follows(CAT) and CAT.id in inbox.dms
    assert await store.followed_games(DAN.id) == [], "closed DMs: Dan follows no more"
    assert inbox.dms[5] == [f"**Tally** #{game_id}:\n**Tally** begins: Ann, Ben, Cat.\n-# **Ann** to score."]

    await community.unfollow(store, game_id, 5)
    await tables.act(game_id, ANN, "score:3")
    await dispatcher.flush()
    assert len(inbox.dms[5]) == 1


async def test_a_long_turn_is_cut_to_its_newest_lines_in_the_follower_language(store):
    tables, inbox = Tables(store), Inbox()
    dispatcher = Dispatcher(store, inbox)
    game_id = await lobby(tables, TALLY.id, HERE, [ANN, BEN])
    await tables.start(game_id, ANN)
    await dispatcher.flush()
    await community.follow(store, await tables.table(game_id), CAT.id, "pl")
    for _ in range(100):
        await tables.act(game_id, ANN, "note")
    await tables.act(game_id, ANN, "score:4")
    await dispatcher.flush()
    text, = inbox.dms[CAT.id]
    lines = text.splitlines()
    assert lines[0] == f"**Tally** #{game_id}:"
    # 101 lines happened; the newest that fit in 1,500 characters are the score and 70 notes.
    assert lines[1] == "… (30 wcześniejszych linijek w wątku)"
    assert lines[-2:] == ["**Ann** scores 4.", "-# **Ben** to score."]
    assert lines[2:-2] == ["**Ann** jots a note."] * 70
