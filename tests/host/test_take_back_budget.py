"""The take-back budget (issue 35, part 3): a player takes back at most TAKE_BACKS_PER_GAME
moves a game. The next is refused with a sentence saying so, the Undo button is no longer
offered, and the count is the store's, so another process, a restart or a hand-over and
rejoin does not reset it.

Which moves may be taken back is the engine's (tests/host/test_take_back.py); here every move
of the toy game may, so that only the budget decides."""
from __future__ import annotations

import pytest

from bot.table import take_back
from bot.table.model import Member, TableError
from bot.table.service import Tables
from tests.postgres import open_test_store
from tests.toy_game import GAME_ID

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")
BUDGET = take_back.TAKE_BACKS_PER_GAME
SPENT = f"You have taken back {BUDGET} moves this game, the most a game allows, so this one stands."


@pytest.fixture(autouse=True)
def every_move_may_be_taken_back(monkeypatch):
    monkeypatch.setattr(take_back, "check", lambda game, before, seat, action, after: None)


async def test_a_player_takes_back_only_so_many_moves_a_game(tables):
    table = await tables.create(GAME_ID, ANN, {"clock": 0})
    await tables.join(table.id, BEN)
    await tables.start(table.id, ANN)
    for n in range(BUDGET):
        moved = await tables.act(table.id, ANN, "add:1", in_place=True)
        assert moved.undoable, "an Undo button while the budget lasts"
        back = await tables.take_back(table.id, ANN, version=moved.record.version)
        assert take_back.take_backs_left(back, 0) == BUDGET - n - 1
    moved = await tables.act(table.id, ANN, "add:1", in_place=True)
    assert not moved.undoable, "no Undo button once the budget is spent"
    with pytest.raises(TableError) as refused:
        await tables.take_back(table.id, ANN)
    assert str(refused.value) == SPENT
    assert refused.value.plural is not None, "counted: worded in the count's form in every language"
    # Ben's budget is his own.
    await tables.act(table.id, BEN, "add:2")
    await tables.take_back(table.id, BEN)
    assert [seat.take_backs for seat in (await tables.table(table.id)).seats] == [BUDGET, 1]


async def test_the_count_outlives_a_restart_and_a_rejoin(store_kind, tmp_path):
    first = Tables(await open_test_store(store_kind, tmp_path))
    table = await first.create(GAME_ID, ANN, {"clock": 0})
    await first.join(table.id, BEN)
    await first.start(table.id, ANN)
    for _ in range(BUDGET):
        await first.act(table.id, ANN, "add:1")
        await first.take_back(table.id, ANN)
    await first.store.close()
    again = Tables(await open_test_store(store_kind, tmp_path), autoplay_bots=False)
    try:
        await again.hand_to_bot(table.id, ANN)
        await again.rejoin(table.id, ANN)
        await again.act(table.id, ANN, "add:1")
        with pytest.raises(TableError, match="the most a game allows"):
            await again.take_back(table.id, ANN)
    finally:
        await again.store.close()
