"""A leaderboard read from the store's rank index (V18) is the whole board ranked in Python
(``rating.ranked``), for boards of any ratings: its best rows, every member's place and how many
it rates, and the answer ``/game leaderboard`` and ``/game stats`` give from them."""
from __future__ import annotations

from itertools import count

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.community import stats as community
from bot.community.rating import Rating, ranked
from bot.store import SQLiteStore, postgres_community, sqlite_community
from bot.store.standings import ALL_TITLES, Standing, Standings
from bot.table.service import Tables
from tests.host.test_community import ANN, BEN, CAT, HERE, play_tally

REPEATABLE = settings(derandomize=True, database=None, max_examples=40, deadline=None,
                      suppress_health_check=[HealthCheck.function_scoped_fixture])
#: Each example's board is a server of its own in the one store a test opens.
SERVERS = count(1000)

# Few distinct values, so that ordinals, games and both tie often; ids of several lengths, so
# that their order as text (the last tie-break) is not their order as numbers.
mus = st.one_of(st.sampled_from([25.0, 30.0, 25.0 + 1e-12, 18.5]), st.floats(-40, 90, allow_nan=False))
sigmas = st.one_of(st.sampled_from([25 / 3, 2.0, 10 / 3]), st.floats(0.01, 12, allow_nan=False))
member_ids = st.one_of(st.integers(1, 40), st.integers(95, 130), st.integers(10**17, 10**17 + 30))
entries = st.tuples(mus, sigmas, st.integers(1, 4), st.integers(0, 3))
boards = st.dictionaries(member_ids, entries, max_size=40)


async def _write(store, scope: int, board: dict[int, tuple[float, float, int, int]]) -> dict[int, Rating]:
    """The ratings of ``board`` on a server's leaderboard, as finished games leave them (with
    how many members each band of ordinals holds)."""
    ratings = {member: Rating(mu, sigma, games, min(wins, games)) for member, (mu, sigma, games, wins) in board.items()}
    standings = Standings()
    for member, rating in ratings.items():
        standings.rate(scope, ALL_TITLES, member, Standing(f"M{member}", rating))
    await _written(store, standings)
    return ratings


async def _written(store, standings: Standings) -> None:
    if isinstance(store, SQLiteStore):
        await store._transaction(lambda db: sqlite_community._write(db, standings))
    else:
        async with store.transaction() as db:
            await postgres_community._write(db, standings)


@REPEATABLE
@given(board=boards)
async def test_the_rank_index_reads_what_ranking_the_whole_board_gives(store, board):
    scope = next(SERVERS)
    whole = [member for member, _ in ranked(await _write(store, scope, board))]

    for top in (0, 1, 3, 15, len(whole) + 1):
        _, best = await store.board(scope, ALL_TITLES, top)
        assert [entry.member_id for entry in best] == whole[:top]
    for place, member in enumerate(whole, 1):
        found = await store.board_place(scope, ALL_TITLES, member)
        assert found is not None
        assert (found.place, found.rated, found.entry.member_id) == (place, len(whole), member)
    assert await store.board_place(scope, ALL_TITLES, 7_777) is None, "an id no board here rates"


@REPEATABLE
@given(board=boards, reader=member_ids)
async def test_the_leaderboard_and_stats_answer_as_the_whole_board_ranked(store, board, reader):
    scope = next(SERVERS)
    whole = [member for member, _ in ranked(await _write(store, scope, board))]

    shown = await community.leaderboard(store, scope, None, reader=reader, shown=5)
    wanted = whole[:5] + ([reader] if reader in whole[5:] else [])
    assert [(s.place, s.member_id) for s in shown.standings] == [(whole.index(m) + 1, m) for m in wanted]
    stats = await community.member_stats(store, reader, scope)
    if reader in whole:
        assert (stats.place, stats.rated) == (whole.index(reader) + 1, len(whole))
    else:
        assert (stats.place, stats.rating) == (None, None)


async def test_a_place_counts_the_members_a_game_that_finished_since_added(store):
    """How many a board rates is counted again once a game has finished there, not before."""
    tables = Tables(store)
    await play_tally(tables, HERE, [ANN, BEN], [7, 3])
    assert (await community.member_stats(store, ANN.id, HERE)).rated == 2
    assert (await community.member_stats(store, BEN.id, HERE)).rated == 2, "counted once, read again"
    await play_tally(tables, HERE, [CAT, BEN], [9, 1])
    cat = await community.member_stats(store, CAT.id, HERE)
    assert cat.rated == 3 and cat.place is not None


async def test_v20_counts_the_bands_of_the_ratings_kept_before(store):
    """An existing database: V20 makes the bands from the ratings already kept, on each band's
    edge as Python puts it (ordinals of whole quarters, and below zero)."""
    scope = next(SERVERS)
    board = {member: (mu, sigma, 2, 1) for member, (mu, sigma) in enumerate(
        [(0.75, 0.25), (0.0, 0.0), (-0.25, 0.0), (3.0, 1.0), (-7.5, 2.5), (25.0, 25 / 3), (30.1, 0.03)], 1)}
    whole = [member for member, _ in ranked(await _write(store, scope, board))]
    async with store.transaction() as db:
        await db.execute("DROP TABLE rank_bands")
        await db.execute("DELETE FROM schema_version WHERE version = 20")
    await store.migrate()
    places = [(await store.board_place(scope, ALL_TITLES, member)).place for member in whole]
    assert places == list(range(1, len(whole) + 1))
