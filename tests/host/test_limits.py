"""Limits a community expects: lobbies per host and per channel, and cooldowns on the
commands that cost the most, each answered with a sentence."""
from __future__ import annotations

import pytest

from bot.table.model import Member, TableError
from bot.table.seating import MOST_LOBBIES_HOSTED, MOST_LOBBIES_IN_CHANNEL
from bot.table.service import Tables
from cogs.cooldowns import Cooldowns, Limit
from tests.toy_game import GAME_ID

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")
SERVER = 77


async def test_open_lobbies_counts_only_games_not_started(store):
    tables = Tables(store)
    first = await tables.create(GAME_ID, ANN, channel_id=10)
    await tables.create(GAME_ID, ANN, channel_id=11)
    await tables.create(GAME_ID, BEN, channel_id=10)
    assert await store.open_lobbies(ANN.id, 10) == (2, 2)
    assert await store.open_lobbies(BEN.id, 11) == (1, 1)
    await tables.join(first.id, BEN)
    await tables.start(first.id, ANN)
    assert await store.open_lobbies(ANN.id, 10) == (1, 1)
    assert await store.open_lobbies(ANN.id, None) == (1, 0)


async def test_a_host_may_keep_only_a_few_lobbies_open(store):
    tables = Tables(store)
    for n in range(MOST_LOBBIES_HOSTED):
        await tables.lobby_room(ANN.id, 100 + n, SERVER)
        await tables.create(GAME_ID, ANN, channel_id=100 + n)
    with pytest.raises(TableError) as refused:
        await tables.lobby_room(ANN.id, 999, SERVER)
    assert str(refused.value) == (f"You host {MOST_LOBBIES_HOSTED} lobbies that have not started; "
                                  "start one or `/game abandon` one first.")
    await tables.lobby_room(BEN.id, 999, SERVER)  # another member may


async def test_a_channel_holds_only_so_many_lobbies(store):
    tables = Tables(store)
    for n in range(MOST_LOBBIES_IN_CHANNEL):
        await tables.create(GAME_ID, Member(100 + n, f"M{n}"), channel_id=7)
    with pytest.raises(TableError, match=f"This channel has {MOST_LOBBIES_IN_CHANNEL} lobbies waiting"):
        await tables.lobby_room(ANN.id, 7, SERVER)
    await tables.lobby_room(ANN.id, 8, SERVER)


def test_a_cooldown_allows_a_burst_then_says_when_to_ask_again():
    now = [0.0]
    cooldowns = Cooldowns({"history": Limit(3, 10.0)}, clock=lambda: now[0])
    for _ in range(3):
        cooldowns.check(ANN.id, "history")
    cooldowns.check(BEN.id, "history")  # each member counts apart
    now[0] = 4.0
    with pytest.raises(TableError) as refused:
        cooldowns.check(ANN.id, "history")
    assert str(refused.value) == "That is a lot of `/game history` at once: try again in 6 seconds."
    now[0] = 10.5  # the first use is out of the window
    cooldowns.check(ANN.id, "history")
