"""Bot levels where players meet bots: the lobby's strong bot wears ★ and thinks through the
host's thinker; a seat handed over plays strong when the host allows strong bots; a strong
bot whose turn comes while every thinker is busy, or on a host without strong bots, plays
its move at the normal level."""
from __future__ import annotations

import pytest

from bot.engine import new_game
from bot.engine.search import Budget
from bot.games import registry
from bot.table import thinking as thinking_module
from bot.table.service import Member, TableError, Tables
from bot.table.thinking import Thinking, is_strong
from cogs.lobby import lobby_rows

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")
GAME = "advance-to-boardwalk"
TINY = Budget(samples=1, seconds=None, depth=2, candidates=2)


class Counting(Thinking):
    """A thinker that counts the strong decisions it makes."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit=limit, budget=TINY)
        self.strong_moves = 0

    async def choose(self, game_type, state, seat, seed, salt, *, strong):
        before = self.thinking
        if strong and self.thinking < self.limit:
            self.strong_moves += 1
        move = await super().choose(game_type, state, seat, seed, salt, strong=strong)
        assert self.thinking == before
        return move


@pytest.fixture
def store_kind():
    """These tests are about the table service, not the store: SQLite alone is enough."""
    return "sqlite"


async def test_the_lobby_seats_a_strong_bot_that_plays_through_the_thinker(store):
    thinking = Counting(limit=1)
    tables = Tables(store, thinking=thinking)
    table = await tables.create(GAME, ANN)
    await tables.add_bot(table.id, ANN, "strong")
    table = await tables.add_bot(table.id, ANN)
    assert [s.name for s in table.seats] == ["Ann", "Bot Ada ★", "Bot Bix"]
    assert [is_strong(s) for s in table.seats] == [False, True, False]
    await tables.start(table.id, ANN)
    table = await tables.hand_to_bot(table.id, ANN)
    await tables.bots_settled()  # its first move, thought out in the background
    await tables.run_bots(table.id)  # (a game only bots play is paced: played out at once here)
    assert (await tables.table(table.id)).record.status == "finished"
    assert table.seats[0].name == "Ann (bot ★)" and is_strong(table.seats[0])
    assert thinking.strong_moves > 10


async def test_without_strong_bots_the_lobby_says_so_and_hand_overs_play_normal(store):
    tables = Tables(store)  # no thinker: strong bots are off
    table = await tables.create(GAME, ANN)
    with pytest.raises(TableError, match="Strong bots are turned off here"):
        await tables.add_bot(table.id, ANN, "strong")
    await tables.join(table.id, BEN)
    await tables.start(table.id, ANN)
    table = await tables.hand_to_bot(table.id, BEN)
    assert table.seats[1].name == "Ben (bot)" and not is_strong(table.seats[1])


async def test_a_strong_bot_plays_normal_while_every_thinker_is_busy(monkeypatch):
    thinking = Thinking(limit=1, budget=TINY)
    called = []
    monkeypatch.setattr(thinking_module, "strong_move", lambda *args: called.append(args) or b"x")
    state = new_game(registry.game(GAME), 3, None, 4)
    seat = min(registry.game(GAME).pending(state))
    thinking.thinking = 1  # the one thinker is busy
    move = await thinking.choose(GAME, state, seat, 4, "bot", strong=True)
    assert not called and move in {c.action for c in registry.game(GAME).legal(state, seat)}
    thinking.thinking = 0
    assert await thinking.choose(GAME, state, seat, 4, "bot", strong=True) == "x" and called


async def test_the_lobby_offers_a_strong_bot_only_where_the_host_allows_them(store):
    table = await Tables(store).create(GAME, ANN)
    steps = [[control.custom_id.rsplit(":", 1)[-1] for control in row] for row in lobby_rows(table)]
    assert steps == [["join", "leave", "bot", "unbot", "start"], ["strongbot"]]
    assert "strongbot" not in str([[c.custom_id for c in row] for row in lobby_rows(table, strong=False)])
