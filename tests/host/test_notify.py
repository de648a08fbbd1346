"""/game notify: how each member hears that a game waits on them (a ping, a DM, both) and
their quiet hours, when pings are held until the hours end."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.delivery.countdowns import Timers
from bot.table.notify import BOTH, DM, NotifySettings, check_zone, next_up, parse_quiet_hours
from tests.host.test_quiet_posts import ANN, BEN, CAT, Discordish, Game, quiet_game  # noqa: F401 (an autouse fixture)
from tests.host.test_quiet_posts import GAME as BUILD_AND_VOTE

WARSAW = ZoneInfo("Europe/Warsaw")


def at(*when: int) -> float:
    return datetime(*when, tzinfo=WARSAW).timestamp()


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_quiet_hours_across_midnight_and_a_clock_change():
    night = NotifySettings(quiet_from=23 * 60, quiet_to=7 * 60 + 30, zone="Europe/Warsaw")
    assert night.quiet_until(at(2026, 11, 23, 23, 15)) == at(2026, 11, 24, 7, 30)
    assert night.quiet_until(at(2026, 11, 24, 3, 0)) == at(2026, 11, 24, 7, 30)
    assert night.quiet_until(at(2026, 11, 24, 7, 30)) is None
    assert night.quiet_until(at(2026, 11, 24, 12, 0)) is None
    # The night the clocks go back (Warsaw, 25 October 2026): the hours end at 07:30 local.
    assert night.quiet_until(at(2026, 10, 25, 1, 0)) == at(2026, 10, 25, 7, 30)
    lunch = NotifySettings(quiet_from=12 * 60, quiet_to=13 * 60, zone="UTC")
    assert lunch.quiet_until(datetime(2026, 1, 1, 12, 59, tzinfo=ZoneInfo("UTC")).timestamp()) is not None


@pytest.mark.parametrize("typed", ["soon", "25:00-07:00", "23:00", "7-7", "23:60-1", "２３-7"])
def test_bad_quiet_hours_get_a_sentence(typed):
    with pytest.raises(ValueError, match="quiet hours|Quiet hours"):
        parse_quiet_hours(typed)


def test_quiet_hours_and_zones_are_read_plainly():
    assert parse_quiet_hours("23:00-07:30") == (23 * 60, 7 * 60 + 30)
    assert parse_quiet_hours("23–7") == (23 * 60, 7 * 60)
    assert parse_quiet_hours("off") is None
    assert check_zone(" Europe/Warsaw ") == "Europe/Warsaw"
    with pytest.raises(ValueError, match="I don't know the time zone"):
        check_zone("Mars/Olympus")


async def test_a_member_who_wants_dms_gets_one_and_no_ping(store):
    await store.set_notify_settings(BEN.id, NotifySettings(DM))
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN]).start()
    await game.move(ANN, "end")  # Ben's turn now
    post = discord.thread()[-1]
    assert "Build or end your turn" in post.text and post.pings == []
    [dm] = [m for m in discord.messages.values() if m.channel == f"dm:{BEN.id}" and "Your move" in m.text]
    assert dm.text == "▶ Your move: Build or end your turn."


async def test_both_gets_a_ping_and_a_dm(store):
    await store.set_notify_settings(BEN.id, NotifySettings(BOTH))
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN]).start()
    await game.move(ANN, "end")
    assert discord.thread()[-1].pings == [BEN.id]
    assert any("Your move" in m.text for m in discord.messages.values() if m.channel == f"dm:{BEN.id}")


async def ben_asleep_from_eleven(store, clock):
    """Ann and Ben at a table at half past eleven, Warsaw time; Ben's quiet hours are 23–07."""
    await store.set_notify_settings(BEN.id, NotifySettings(quiet_from=23 * 60, quiet_to=7 * 60,
                                                           zone="Europe/Warsaw"))
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN], {"clock": 0}).start()  # its only timer: the held ping
    game.dispatcher.clock = clock
    return discord, game


async def test_a_ping_in_quiet_hours_is_held_until_they_end(store):
    clock = Clock(at(2026, 11, 23, 23, 30))
    discord, game = await ben_asleep_from_eleven(store, clock)
    timers = Timers(game.tables, clock=clock)
    await game.move(ANN, "end")
    assert discord.thread()[-1].pings == [], "no ping at half past eleven"
    assert await store.timers(game.id) == {"quiet:1:2": (at(2026, 11, 24, 7, 0), None)}
    clock.now = at(2026, 11, 24, 6, 59)
    assert await timers.fire_due() == 0
    clock.now = at(2026, 11, 24, 7, 0)
    assert await timers.fire_due() == 1
    await game.dispatcher.flush()
    held = discord.thread()[-1]
    assert "**Ben**, the game is waiting for you." in held.text and held.pings == [BEN.id]
    assert await timers.fire_due() == 0 and await store.timers(game.id) == {}


async def test_a_held_ping_is_dropped_when_the_member_moved_meanwhile(store):
    clock = Clock(at(2026, 11, 23, 23, 30))
    discord, game = await ben_asleep_from_eleven(store, clock)
    await game.move(ANN, "end")
    await game.move(BEN, "end")  # Ben could not sleep
    posts = len(discord.thread())
    clock.now = at(2026, 11, 24, 7, 0)
    assert await Timers(game.tables, clock=clock).fire_due() == 0
    await game.dispatcher.flush()
    assert len(discord.thread()) == posts and await store.timers(game.id) == {}


def heads_ups(discord: Discordish, member) -> list[str]:
    return [m.text for m in discord.messages.values() if m.channel == f"dm:{member.id}" and "You are next" in m.text]


async def test_you_are_next_by_dm_once_a_turn(store):
    await store.set_notify_settings(CAT.id, NotifySettings(DM, next_up=True))
    assert (await store.notify_settings([CAT.id]))[CAT.id].next_up
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN, CAT]).start()
    assert heads_ups(discord, CAT) == []  # Ann is first; after her comes Ben
    await game.move(ANN, "end")  # Ben's turn: Cat comes after him
    assert heads_ups(discord, CAT) == [f"⏭️ You are next in **Build and vote** #{game.id}: Ben is to move now."]
    await game.move(BEN, "build")  # the same turn goes on: nothing more
    assert len(heads_ups(discord, CAT)) == 1
    await game.move(BEN, "end")  # Cat's turn: hers is the ordinary turn DM
    await game.move(CAT, "end")  # everyone votes at once: nobody is "next"
    for member in (ANN, BEN, CAT):
        await game.move(member, "vote:yes")
    assert len(heads_ups(discord, CAT)) == 1 and heads_ups(discord, BEN) == []  # Ann's turn; Ben did not ask
    await game.move(ANN, "end")  # Ben's again: a new turn, a new heads-up
    assert len(heads_ups(discord, CAT)) == 2


async def test_you_are_next_as_a_ping_and_not_in_quiet_hours(store):
    await store.set_notify_settings(CAT.id, NotifySettings(next_up=True))
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN, CAT]).start()
    await game.move(ANN, "end")
    post = discord.thread()[-1]
    assert f"<@{CAT.id}>, you are next." in post.text and post.pings == [BEN.id, CAT.id]
    assert heads_ups(discord, CAT) == []
    await store.set_notify_settings(CAT.id, NotifySettings(BOTH, quiet_from=0, quiet_to=0, next_up=True))
    await store.set_notify_settings(ANN.id, NotifySettings(BOTH, quiet_from=0, quiet_to=23 * 60 + 59,
                                                           zone="UTC", next_up=True))
    await game.move(BEN, "end")  # Cat's turn: Ann is next, but it is her quiet hours
    assert heads_ups(discord, ANN) == [] and "you are next" not in discord.thread()[-1].text


def test_next_up_takes_the_games_word_and_guesses_by_seat_order_without_it():
    assert next_up([1], {0}, 4) == 2  # a game without next_seat: the seat on the left
    assert next_up([3], {2}, 4) == 0
    assert next_up([1], {0}, 4, hint=3) == 3  # the game says who comes next
    assert next_up([1], {0}, 4, hint=None) is None  # the game cannot tell: nobody is told
    assert next_up([1], {0}, 4, hint=1) is None  # never the seat to move itself
    # Its other rules hold either way: one seat to move, the turn just passed to it, 3+ seats.
    for hint in (3, None):
        assert next_up([1, 2], {0}, 4, hint=hint) is None
        assert next_up([1], {1}, 4, hint=hint) is None
    assert next_up([1], {0}, 2, hint=0) is None


async def test_you_are_next_follows_the_games_next_seat(store, monkeypatch):
    for member in (ANN, CAT):
        await store.set_notify_settings(member.id, NotifySettings(DM, next_up=True))
    # Turns that go right to left by the rules: after Ben comes Ann, not Cat.
    monkeypatch.setattr(BUILD_AND_VOTE, "next_seat", lambda state: (state["turn"] - 1) % 3, raising=False)
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN, CAT]).start()
    assert heads_ups(discord, ANN) == [] and len(heads_ups(discord, CAT)) == 1  # Ann first, Cat after her
    await game.move(ANN, "end")  # Ben's turn
    assert len(heads_ups(discord, ANN)) == 1 and len(heads_ups(discord, CAT)) == 1
    monkeypatch.setattr(BUILD_AND_VOTE, "next_seat", lambda state: None, raising=False)
    await game.move(BEN, "end")  # Cat's turn, and the game cannot tell who follows her
    assert len(heads_ups(discord, ANN)) == 1 and len(heads_ups(discord, CAT)) == 1
