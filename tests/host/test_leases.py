"""Shard leases: which process looks after which games (bot/delivery/leases.py, bot/store/shards.py)."""
from __future__ import annotations

import asyncio
import os
import time

import pytest

from bot.delivery import leases as leases_module
from bot.delivery.leases import Leases, Plan, gone_from_this_machine, holder_name
from bot.store import SQLiteStore
from bot.store.shards import Lease, Shards, shard_of
from tests.postgres import open_test_store

TTL = 10.0


def plan(me: str, home: set[int], *, unclaimed: bool = False, gone: set[str] = frozenset()) -> Plan:
    return Plan(me, frozenset(home), 4, TTL, unclaimed, lambda holder: holder in gone)


def held(written: list[Lease], me: str, now: float) -> set[int]:
    return {lease.shard for lease in written if lease.holder == me and lease.expires_at > now}


def test_a_guild_s_shard_is_discord_s():
    guild = (123 << 22) | 77  # the shard is in the bits above the 22 of the timestamp's start
    assert shard_of(guild, 4) == 123 % 4 and shard_of(None, 4) == 0
    shards = Shards(4, frozenset({3}))
    assert shards.covers(guild) and not shards.covers(guild + (1 << 22))
    assert Shards.all().covers(guild) and Shards.all().sql("guild_id") == "1 = 1"
    assert Shards(4, frozenset()).sql("g.guild_id") == "1 = 0"
    assert Shards(4, frozenset({0, 2})).sql("g.guild_id") == "((COALESCE(g.guild_id, 0) >> 22) % 4) IN (0, 2)"


def test_each_process_takes_its_home_shards_and_no_other():
    a = plan("a", {0, 1}).decide({}, now=100)
    assert held(a, "a", 100) == {0, 1}
    found = {lease.shard: lease for lease in a}
    b = plan("b", {2}).decide(found, now=101)
    assert held(b, "b", 101) == {2}  # shard 3 nobody ever held: not taken before a lease's time


def test_a_lapsed_lease_is_taken_over_and_handed_back_when_its_home_returns():
    found = {2: Lease(2, "dead", expires_at=100)}
    taken = {lease.shard: lease for lease in plan("a", {0, 1}).decide(found, now=105)}
    assert taken[2].holder == "a" and taken[2].expires_at == 105 + TTL
    # Before it lapses, nobody takes it.
    assert 2 not in held(plan("a", {0, 1}).decide(found, now=99), "a", 99)
    # The home is back: it asks, the borrower lets go, the home takes it.
    asked = {lease.shard: lease for lease in plan("home", {2}).decide(taken, now=106)}
    assert asked[2].holder == "a" and asked[2].wanted_at == 106
    let_go = {lease.shard: lease for lease in plan("a", {0, 1}).decide(asked, now=107)}
    assert let_go[2].holder == "a" and let_go[2].expires_at == 107
    # A third process does not snatch it from the home that asked.
    assert 2 not in held(plan("c", {3}, unclaimed=True).decide(let_go, now=108), "c", 108)
    back = {lease.shard: lease for lease in plan("home", {2}).decide(let_go, now=108)}
    assert back[2].holder == "home" and back[2].expires_at == 108 + TTL


def test_a_holder_gone_from_this_machine_is_not_waited_for():
    found = {0: Lease(0, "dead", expires_at=1_000)}
    assert held(plan("b", {0}, gone={"dead"}).decide(found, now=100), "b", 100) == {0}
    assert held(plan("b", {0}).decide(found, now=100), "b", 100) == set()
    me = holder_name()
    assert not gone_from_this_machine(me)  # this very process
    name, _, where = me.rpartition("@")
    host, pid, started, instance = name.split(":")
    assert gone_from_this_machine(f"{host}:999999999:{started}:{instance}@{where}")  # no such pid
    assert gone_from_this_machine(f"{host}:{pid}:{int(started) + 1}:{instance}@{where}")  # pid reused
    assert not gone_from_this_machine(f"{host}:999999999:{started}:{instance}@elsewhere")
    assert not gone_from_this_machine("elsewhere.example:1:1")  # named the old way: waits for its lapse


def test_unclaimed_shards_are_taken_once_the_homes_had_their_time():
    written = plan("a", {0, 1}, unclaimed=True).decide({}, now=100)
    assert held(written, "a", 100) == {0, 1, 2, 3}


@pytest.fixture
async def store(tmp_path):
    store = await SQLiteStore.open(tmp_path / "games.sqlite")
    yield store
    await store.close()


@pytest.fixture
async def any_store(store_kind, tmp_path):
    store = await open_test_store(store_kind, tmp_path)
    yield store
    await store.close()


def container(monkeypatch, pid: int, namespace: str) -> None:
    """Make this process look like one in another container: the same host name (socket's),
    its own pid namespace, where its pid is ``pid``."""
    monkeypatch.setattr(os, "getpid", lambda: pid)
    monkeypatch.setattr(leases_module, "_pid_namespace", lambda: namespace, raising=False)
    monkeypatch.setattr(leases_module, "_started", lambda pid: "4242", raising=False)


async def test_two_containers_with_one_host_name_keep_their_own_leases(any_store, monkeypatch):
    """Two processes whose host names are the same and whose pids mean nothing to each other
    (each container numbers its own): neither is judged gone, so neither takes the other's
    shards, at any renewal. Named by host and pid alone, each took the other's every time."""
    monotonic = [0.0]
    with monkeypatch.context() as patch:
        container(patch, 999_999_991, "pid:[4026531001]")
        first = Leases(any_store, home=[0], count=2, ttl=TTL, monotonic=lambda: monotonic[0])
    with monkeypatch.context() as patch:
        container(patch, 999_999_992, "pid:[4026531002]")
        second = Leases(any_store, home=[1], count=2, ttl=TTL, monotonic=lambda: monotonic[0])
    assert first.plan.me != second.plan.me
    assert first.plan.me.split(":")[0] == second.plan.me.split(":")[0]  # one host name
    for renewal in range(4):
        # Each renewal is judged in the renewing process's own container.
        with monkeypatch.context() as patch:
            container(patch, 999_999_991, "pid:[4026531001]")
            await first.renew()
        with monkeypatch.context() as patch:
            container(patch, 999_999_992, "pid:[4026531002]")
            await second.renew()
        assert (first.current().held, second.current().held) == ({0}, {1}), f"renewal {renewal}"
        monotonic[0] += TTL / 3


async def test_expiry_is_judged_by_the_databases_clock(any_store, monkeypatch):
    """A process whose own clock is an hour fast takes only the lease lapsed by the database's
    clock, and writes its own lease to last a lease's time by that clock."""
    await any_store.renew_leases(3, lambda found, now: [Lease(1, "lapsed", now - 1), Lease(2, "alive", now + 600)])
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 3600)  # this process's clock is wrong
    monotonic = [0.0]
    leases = Leases(any_store, home=[0], count=3, ttl=TTL, monotonic=lambda: monotonic[0])
    monotonic[0] += TTL  # it has run a lease's time: it may take what lapsed
    assert await leases.renew() == {0, 1}
    found: dict[int, Lease] = {}
    await any_store.renew_leases(3, lambda leases_found, now: found.update(leases_found) or [])
    assert found[2].holder == "alive"
    assert found[0].expires_at - found[2].expires_at < TTL - 600 + 60  # by the database's clock, not an hour on


async def test_leases_in_the_store_split_the_shards_and_follow_a_process_that_stops(store):
    clock = [1000.0]
    first = Leases(store, home=[0, 1], count=4, ttl=TTL, clock=lambda: clock[0], holder="first")
    second = Leases(store, home=[2, 3], count=4, ttl=TTL, clock=lambda: clock[0], holder="second")
    assert await first.renew() == {0, 1} and await second.renew() == {2, 3}
    clock[0] += TTL / 2
    assert await first.renew() == frozenset()  # renewed: nothing new
    clock[0] += TTL / 2 + 1  # second stopped renewing; first takes its shards over
    assert await first.renew() == {2, 3} and first.current().held == {0, 1, 2, 3}
    assert second.current().held == frozenset()  # its last renewal is too old to trust
    assert await second.renew() == frozenset()  # back: it asks for its shards
    assert await first.renew() == frozenset() and first.current().held == {0, 1}
    assert await second.renew() == {2, 3}
    await second.release()
    assert await first.renew() == {2, 3}


async def test_the_store_filters_work_by_shard(store):
    guilds = {shard: (shard << 22) | 5 for shard in range(4)}
    ids = {}
    for shard, guild in guilds.items():
        ids[shard] = await store.create_game("toy", {}, 1, host_id=1, guild_id=guild, channel_id=9)
    mine = Shards(4, frozenset({1, 3}))
    async with store.transaction() as db:
        await db.execute("UPDATE games SET status = 'running', updated_at = 0, version = 1")
        await db.executemany("INSERT INTO timers (game_id, key, due_at) VALUES (?, 'deadline:x', 5)",
                             [(i,) for i in ids.values()])
        await db.executemany("INSERT INTO outbox (game_id, kind, payload, created_at) VALUES (?, 'thread', '{}', 0)",
                             [(i,) for i in ids.values()])
    wanted = {ids[1], ids[3]}
    assert set(await store.running_game_ids(mine)) == wanted
    assert {item.game_id for item in await store.unsent(10, shards=mine)} == wanted
    assert {game for game, *_ in await store.due_timers(10, shards=mine)} == wanted
    assert set(await store.idle_games(10, shards=mine)) == wanted
    assert await store.next_timer(Shards(4, frozenset())) is None
    assert len(await store.unsent(10)) == 4  # every game's, by default


async def test_a_takeover_that_fails_is_tried_again_at_the_next_renewal(store):
    clock = [1000.0]
    leases = Leases(store, home=[0], count=2, ttl=0.03, clock=lambda: clock[0], holder="me")
    await store.renew_leases(2, lambda found, now: [Lease(1, "gone", expires_at=0.0)])
    told: list[frozenset[int]] = []

    async def taken(shards: frozenset[int]) -> None:
        told.append(shards)
        if len(told) == 1:
            raise RuntimeError("the database went away while resuming")

    running = asyncio.create_task(leases.run_forever(taken))
    try:
        for _ in range(200):
            clock[0] += 0.01
            await asyncio.sleep(0.005)
            if len(told) >= 2:
                break
    finally:
        running.cancel()
    assert told[:2] == [frozenset({0, 1}), frozenset({0, 1})]
