"""Caps without gaps (issue 35, part 4): the lobby caps are counted where a lobby is made, in
its own transaction, so lobbies opened at once never pass them, on either store and from
several processes; and a member hosts at most so many running games on a server, counted
where a game starts."""
from __future__ import annotations

import asyncio

import pytest

from bot.table.model import Member, Table, TableError
from bot.table.seating import MOST_LOBBIES_HOSTED, MOST_LOBBIES_IN_CHANNEL, MOST_RUNNING_HOSTED
from bot.table.service import Tables
from tests.postgres import open_test_store
from tests.toy_game import GAME_ID

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")
SERVER, CHANNEL = 500, 501
LOBBIES_HOSTED = (f"You host {MOST_LOBBIES_HOSTED} lobbies that have not started; "
                  "start one or `/game abandon` one first.")
RUNNING_HOSTED = (f"You host {MOST_RUNNING_HOSTED} running games on this server, the most one member may; "
                  "once one ends (or you `/game abandon` one), you can start another.")


@pytest.fixture
async def two(store_kind, tmp_path):
    """Two processes' table services on one database."""
    stores = [await open_test_store(store_kind, tmp_path) for _ in range(2)]
    yield [Tables(store) for store in stores]
    for store in stores:
        await store.close()


def outcomes(results: list) -> tuple[list[Table], list[str]]:
    """The lobbies made and the sentences of those refused (nothing else may come back)."""
    unexpected = [r for r in results if not isinstance(r, (Table, TableError))]
    assert not unexpected, unexpected
    return ([r for r in results if isinstance(r, Table)],
            sorted(str(r) for r in results if isinstance(r, TableError)))


async def lobbies_of(tables: Tables, host: Member) -> int:
    return (await tables.store.open_lobbies(host.id, None))[0]


async def test_six_lobbies_opened_at_once_make_only_as_many_as_the_cap(two):
    a, b = two
    opened = await asyncio.gather(*((a, b)[n % 2].create(GAME_ID, ANN, guild_id=SERVER, channel_id=CHANNEL)
                                    for n in range(6)), return_exceptions=True)
    made, refused = outcomes(opened)
    assert len(made) == MOST_LOBBIES_HOSTED == await lobbies_of(a, ANN)
    assert refused == [LOBBIES_HOSTED] * (6 - MOST_LOBBIES_HOSTED)
    await a.abandon(made[0].id, ANN)  # room again
    await b.create(GAME_ID, ANN, guild_id=SERVER, channel_id=CHANNEL)


async def test_a_channel_holds_only_its_cap_of_lobbies_however_many_open_at_once(two):
    hosts = [Member(100 + n, f"Member {n}") for n in range(MOST_LOBBIES_IN_CHANNEL + 3)]
    opened = await asyncio.gather(*((two[n % 2]).create(GAME_ID, host, guild_id=SERVER, channel_id=CHANNEL)
                                    for n, host in enumerate(hosts)), return_exceptions=True)
    made, refused = outcomes(opened)
    assert len(made) == MOST_LOBBIES_IN_CHANNEL
    full = f"This channel has {MOST_LOBBIES_IN_CHANNEL} lobbies waiting for players; join one, or open yours elsewhere."
    assert refused == [full] * 3
    await two[0].create(GAME_ID, hosts[-1], guild_id=SERVER, channel_id=CHANNEL + 1)  # another channel


async def running(tables: Tables, host: Member, server: int = SERVER) -> Table:
    table = await tables.create(GAME_ID, host, {"clock": 0}, guild_id=server, channel_id=CHANNEL)
    await tables.join(table.id, BEN if host != BEN else ANN)
    return await tables.start(table.id, host)


async def test_a_member_hosts_only_so_many_running_games_on_a_server(two):
    a, b = two
    games = [await running(a, ANN) for _ in range(MOST_RUNNING_HOSTED)]
    with pytest.raises(TableError) as refused:  # no lobby that could never start
        await a.create(GAME_ID, ANN, guild_id=SERVER, channel_id=CHANNEL)
    assert str(refused.value) == RUNNING_HOSTED
    await running(a, ANN, SERVER + 1)  # another server counts apart
    await running(a, BEN)  # and so does another host

    await a.abandon(games[0].id, ANN)  # one ends: room for one more lobby and one more start
    lobbies = [await a.create(GAME_ID, ANN, guild_id=SERVER, channel_id=CHANNEL) for _ in range(2)]
    for lobby in lobbies:
        await a.join(lobby.id, BEN)
    started = await asyncio.gather(a.start(lobbies[0].id, ANN), b.start(lobbies[1].id, ANN),
                                   return_exceptions=True)
    made, refused_now = outcomes(started)
    assert len(made) == 1 and refused_now == [RUNNING_HOSTED], "two starts at once: the cap holds"
    assert await a.store.running_hosted(ANN.id, SERVER) == MOST_RUNNING_HOSTED


async def test_lobby_room_answers_at_once_with_the_same_sentence(store):
    tables = Tables(store)
    for _ in range(MOST_RUNNING_HOSTED):
        await running(tables, ANN)
    with pytest.raises(TableError) as refused:
        await tables.lobby_room(ANN.id, CHANNEL, SERVER)
    assert str(refused.value) == RUNNING_HOSTED
    assert refused.value.count == MOST_RUNNING_HOSTED


async def test_games_on_no_server_are_not_capped(store):
    """The caps are a community's: the offline demo and the benchmarks open games on no server."""
    tables = Tables(store)
    for _ in range(MOST_LOBBIES_HOSTED + 1):
        await tables.create(GAME_ID, ANN, channel_id=CHANNEL)
    await tables.lobby_room(ANN.id, CHANNEL, None)
