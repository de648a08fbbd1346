"""Turn reminders: an idle game pings whoever it waits for, once per game version."""
from __future__ import annotations

import time

from bot.delivery.dispatcher import Dispatcher
from bot.delivery.reminders import Reminders
from bot.table.service import Member, Tables
from tests.host.test_tables import RecordingTransport
from tests.toy_game import GAME_ID

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")


async def test_idle_game_is_reminded_once_per_version(store):
    tables = Tables(store)
    transport = RecordingTransport()
    dispatcher = Dispatcher(store, transport)
    table = await tables.create(GAME_ID, ANN)
    await tables.join(table.id, BEN)
    await tables.start(table.id, ANN)
    await dispatcher.flush()
    now = [time.time()]
    reminders = Reminders(tables, idle_hours=12, clock=lambda: now[0])

    assert await reminders.remind_idle() == 0, "not idle yet"
    now[0] += 13 * 3600
    assert await reminders.remind_idle() == 1
    assert await reminders.remind_idle() == 0, "one reminder per version"
    await dispatcher.flush()
    reminder = transport.posts[-1]
    assert "waiting for Ann" in reminder.text
    assert reminder.turn[0]["user_id"] == ANN.id and reminder.turn[0]["choices"]

    table = await tables.act(table.id, ANN, "add:1")
    now[0] = time.time()
    assert await reminders.remind_idle() == 0, "the move reset the clock"
    now[0] += 13 * 3600
    assert await reminders.remind_idle() == 1


async def test_a_reminder_leaves_buttons_valid(store):
    tables = Tables(store)
    table = await tables.create(GAME_ID, ANN)
    await tables.join(table.id, BEN)
    table = await tables.start(table.id, ANN)
    reminders = Reminders(tables, idle_hours=0, clock=lambda: time.time() + 1)
    assert await reminders.remind_idle() == 1
    await tables.act(table.id, ANN, "add:2", version=table.record.version)


async def test_a_game_that_cannot_be_reminded_keeps_no_other_waiting(store, caplog):
    tables = Tables(store)
    games = []
    for _ in range(3):
        table = await tables.create(GAME_ID, ANN)
        await tables.join(table.id, BEN)
        games.append(await tables.start(table.id, ANN))
    note = tables.note

    def broken_for_the_first(table, text, **kwargs):
        if table.id == games[0].id:
            raise RuntimeError("a title's prompt failed")
        return note(table, text, **kwargs)

    tables.note = broken_for_the_first
    reminders = Reminders(tables, idle_hours=0, clock=lambda: time.time() + 1)
    assert await reminders.remind_idle() == 2
    assert f"reminding game {games[0].id} failed" in caplog.text
    tables.note = note
    assert await reminders.remind_idle() == 1, "and it is reminded once it can be"
