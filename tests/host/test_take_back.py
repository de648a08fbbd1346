"""Taking a move back through the table service (issue 29 point 1): the state restored and
logged so the log still replays, each refusal a sentence, the host's switch, the thread told
by an edit, and a take-back racing the next move across two processes: exactly one is made."""
from __future__ import annotations

import asyncio

import pytest

from bot.engine import new_game, play, replay, rng_for
from bot.engine.takeback import UNDO, NotTakenBack, check
from bot.games import registry
from bot.i18n import HOST, words
from bot.store import GameRecord, SeatRecord
from bot.table import history, take_back
from bot.table.service import Member, StaleMove, Table, TableError, Tables
from tests.postgres import open_test_store

ANN, BEN, EVE = Member(1, "Ann"), Member(2, "Ben"), Member(9, "Eve")
GAME = "hollywood-boulevard"
NOT_YOURS = ("The last move is {name}'s, not yours: only your own last move can be taken back, while nobody "
             "has moved since.")


@pytest.fixture
async def two(store_kind, tmp_path):
    """Two processes' table services on one database."""
    stores = [await open_test_store(store_kind, tmp_path) for _ in range(2)]
    yield [Tables(store) for store in stores]
    for store in stores:
        await store.close()


async def started(tables: Tables, **options) -> Table:
    table = await tables.create(GAME, ANN, options, seed=5)
    await tables.join(table.id, BEN)
    return await tables.start(table.id, ANN)


def mover(table: Table) -> tuple[Member, int]:
    seat = min(registry.game(GAME).pending(table.state))
    return (ANN, BEN)[seat], seat


def quiet_move(table: Table) -> str | None:
    """A move the pending seat may make and then take back, if it has one."""
    game = registry.game(GAME)
    _, seat = mover(table)
    for choice in game.legal(table.state, seat):
        if choice.template:
            continue
        after, _ = play(game, table.state, seat, choice.action)
        if {**after, "_move": table.state["_move"]} == table.state:
            continue  # what is chosen already: no move
        try:
            check(game, table.state, seat, choice.action, after)
        except NotTakenBack:
            continue
        return choice.action
    return None


def bot_move(table: Table) -> str:
    _, seat = mover(table)
    return registry.kit(GAME).bot.choose(table.state, seat, rng_for(5, table.state["_move"], "bot"))


async def test_a_move_taken_back_restores_the_state_and_the_log_replays_to_it(tables):
    table = await started(tables)
    member, seat = mover(table)
    action = quiet_move(table)
    moved = await tables.act(table.id, member, action)
    back = await tables.take_back(table.id, member, version=moved.record.version)
    assert back.state == table.state and back.record.version == moved.record.version + 1
    stored = await tables.table(table.id)
    assert stored.state == table.state
    log = await tables.log(table.id)
    assert log[-2:] == [(seat, action), (seat, UNDO)]
    assert replay(registry.game(GAME), 2, stored.record.options, stored.record.seed, log) == stored.state
    # The thread is told by an edit of the post the move left: the line, flagged as a take-back.
    items = await tables.store.unsent(limit=50)
    told = items[-1].payload
    assert told["take_back"] and told["text"].startswith(f"↩️ **{member.name}** took back: ")
    # The history shows the line at its own move number; the move stays in the log's count.
    lines = history.public_lines(registry.game(GAME), stored, log, words(HOST, "en"))
    assert lines[-1].startswith(f"`{len(log)}` ↩️ **{member.name}** took back: ")


async def test_each_refusal_is_a_sentence(tables):
    table = await started(tables)
    member, _ = mover(table)
    with pytest.raises(TableError, match="no move to take back"):
        await tables.take_back(table.id, member)
    with pytest.raises(TableError, match="not playing in this game"):
        await tables.take_back(table.id, EVE)
    moved = await tables.act(table.id, member, quiet_move(table))
    await tables.take_back(table.id, member)
    with pytest.raises(TableError, match="taken your last move back already"):
        await tables.take_back(table.id, member)
    moved = await tables.act(table.id, member, quiet_move(await tables.table(table.id)))
    other, _ = mover(moved)
    assert other != member
    with pytest.raises(TableError) as refused:
        await tables.take_back(table.id, other)
    assert str(refused.value) == NOT_YOURS.format(name=member.name)
    await tables.act(table.id, other, bot_move(moved))
    with pytest.raises(TableError) as refused:
        await tables.take_back(table.id, member)  # the next player has moved
    assert str(refused.value) == NOT_YOURS.format(name=other.name)
    # In Polish too.
    assert "Ben" in refused.value.worded(words(HOST, "pl")) != str(refused.value)


async def test_a_button_for_an_earlier_move_and_a_move_that_revealed_something_are_refused(tables):
    table = await started(tables)
    member, _ = mover(table)
    first = await tables.act(table.id, member, quiet_move(table))
    with pytest.raises(StaleMove, match="no longer the last one"):  # a button for an older move of theirs
        await tables.take_back(table.id, member, version=first.record.version - 1)
    # Play on until a move of Ann's that revealed something (a roll, a tip drawn): it stands.
    table = await tables.table(table.id)
    for _ in range(200):
        member, seat = mover(table)
        action = bot_move(table)
        game = registry.game(GAME)
        after, _ = play(game, table.state, seat, action)
        try:
            check(game, table.state, seat, action, after)
        except NotTakenBack as refusal:
            await tables.act(table.id, member, action)
            if (await tables.table(table.id)).record.status != "running":
                break
            with pytest.raises(TableError) as refused:
                await tables.take_back(table.id, member)
            assert str(refused.value) == refusal.message
            return
        table = await tables.act(table.id, member, action)
    pytest.fail("no move that reveals something in 200")


async def test_the_host_can_turn_take_backs_off(tables):
    table = await started(tables, takebacks=False)
    member, _ = mover(table)
    await tables.act(table.id, member, quiet_move(table))
    with pytest.raises(TableError, match="turned take-backs off"):
        await tables.take_back(table.id, member)


async def test_take_backs_across_kept_states_replay_and_rebuild_exactly(tables, monkeypatch):
    """Moves taken back and made again, some at the moves whose states are kept: every
    move's board is rebuilt from its checkpoint as the whole log replays it."""
    monkeypatch.setattr(take_back, "TAKE_BACKS_PER_GAME", 1000)  # more than a game allows, on purpose
    table = await started(tables)
    game = registry.game(GAME)
    for _ in range(30):
        member, _ = mover(table)
        action = quiet_move(table) or bot_move(table)
        moved = await tables.act(table.id, member, action)
        if quiet_move(table) == action:
            await tables.take_back(table.id, member)
            moved = await tables.act(table.id, member, action)
        table = moved
        if table.record.status != "running":
            break
    log = await tables.log(table.id)
    assert sum(action == UNDO for _, action in log) >= 10
    stored = await tables.table(table.id)
    assert replay(game, 2, stored.record.options, stored.record.seed, log) == stored.state
    deal = new_game(game, 2, stored.record.options, stored.record.seed)
    for move in range(len(log) + 1):
        kept = await tables.checkpoint(table.id, move, move)
        expected = history.state_after(game, stored, log, move) if move else deal
        assert history.view_at(game, stored, kept) == {**game.view(expected, None), "names": stored.names()}


async def test_a_take_back_racing_the_next_move_across_two_processes_ends_with_one(two):
    a, b = two
    for _ in range(3):
        table = await started(a)
        member, _ = mover(table)
        moved = await a.act(table.id, member, quiet_move(table))
        other, _ = mover(moved)
        done = await asyncio.gather(a.take_back(table.id, member), b.act(table.id, other, bot_move(moved)),
                                    return_exceptions=True)
        refused = [result for result in done if isinstance(result, Exception)]
        assert len(refused) == 1 and isinstance(refused[0], TableError), done
        log = await a.log(table.id)
        assert (log[-1][1] == UNDO) == (refused[0] is done[1])
        stored = await a.table(table.id)
        assert replay(registry.game(GAME), 2, stored.record.options, stored.record.seed, log) == stored.state


def test_a_taken_back_move_counts_for_nothing_in_the_summary():
    """The end-of-game figures (tally, notables) come from the moves that stood: a game with
    moves taken back and made again sums up as the same game without those take-backs."""
    game = registry.game(GAME)
    kit = registry.kit(GAME)
    state, log, plain = new_game(game, 2, {}, 5), [], []
    took_back = 0
    while game.result(state) is None:
        seat = min(game.pending(state))
        action = kit.bot.choose(state, seat, rng_for(5, state["_move"], "bot"))
        after, _ = play(game, state, seat, action)
        try:
            check(game, state, seat, action, after)
            log += [(seat, action), (seat, UNDO)]  # a misclick taken back, then the move made
            took_back += 1
        except NotTakenBack:
            pass
        log.append((seat, action))
        plain.append((seat, action))
        state = after
    assert took_back > 10
    record = GameRecord(7, GAME, "finished", {}, 5, state, len(log) + 1, {}, 1, None, None, None, None, None)
    table = Table(record, [SeatRecord(seat, None, name, True, True) for seat, name in enumerate(["Ann", "Ben"])])
    said = words(HOST, "en")
    assert history.summary(game, table, log, said) == history.summary(game, table, plain, said)


async def test_a_take_back_does_not_restart_the_movers_clock(tables):
    """The decision is put back to the mover as of their move (a move puts its maker's next
    decision to them), not as of the take-back: taking back later buys no time."""
    now = [1_000_000.0]
    tables.clock = lambda: now[0]
    table = await started(tables)
    member, seat = mover(table)
    now[0] += 3600
    moved = await tables.act(table.id, member, quiet_move(table))
    now[0] += 1800  # the take-back comes half an hour after the move
    back = await tables.take_back(table.id, member, version=moved.record.version)
    assert back.record.seat_asked[seat] == moved.record.seat_asked[seat] == 1_003_600.0
