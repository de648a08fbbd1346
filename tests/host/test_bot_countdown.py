"""Nothing waits on a bot for ever (issue 36, part 3): a game waiting on a bot has a countdown
of its own (``clock.BOT_WAIT``), started afresh by every move, which the process holding the
game's shard fires if no bot has moved by then: a process that was thinking for a strong bot
(the one that took the member's click) may have stopped. Reminders ask a game's bots again when
it has waited on them for hours, and /healthz says a game is stuck on a bot. Strong bots think
off the interaction path: a start (as a move, a take-back) is answered while they think."""
from __future__ import annotations

import time

from bot.delivery.countdowns import Timers
from bot.delivery.reminders import Reminders
from bot.store.shards import Shards
from bot.table import clock
from bot.table.service import Member, Tables
from bot.table.thinking import Thinking
from bot.watch.health import STUCK_SECONDS, Watch
from bot.watch.metrics import Metrics
from tests.e2e import relay_game
from tests.postgres import open_test_store

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")


class Clock:
    """Now, turned by hand (from the real time: the store dates a game's last move itself)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def bot_countdowns(countdowns: dict[str, tuple[float, float | None]]) -> dict[str, float]:
    return {key: due for key, (due, _) in countdowns.items() if key.startswith(clock.BOT_WAIT)}


async def with_a_strong_bot(tables: Tables, *, seats=(ANN,)) -> int:
    table = await tables.create(relay_game.GAME_ID, ANN)
    for member in seats[1:]:
        await tables.join(table.id, member)
    await tables.add_bot(table.id, ANN, "strong")
    table = await tables.start(table.id, ANN)
    return table.id


async def test_a_game_left_waiting_on_a_strong_bot_is_moved_by_its_shard_s_holder(store_kind, tmp_path):
    """The process that took Ann's click stops while its bot thinks; the other, holding the
    game's shard, asks the bot again once the countdown is due, and the bot moves once."""
    now = Clock()
    clicked_here, owner = [await open_test_store(store_kind, tmp_path) for _ in range(2)]
    try:
        thinker = Tables(clicked_here, clock=now, thinking=Thinking(limit=1))
        game_id = await with_a_strong_bot(thinker)
        await thinker.act(game_id, ANN, "step")
        due = bot_countdowns(await thinker.countdowns(game_id))
        assert list(due.values()) == [now.now + clock.BOT_WAIT_SECONDS], "started by Ann's move"
        await thinker.stop_answering()  # its process stops while the strong bot thinks

        other = Tables(owner, clock=now, thinking=Thinking(limit=1), shards=lambda: Shards.all())
        timers = Timers(other, clock=now)
        assert await timers.fire_due() == 0, "not due yet: the bot may still be thinking elsewhere"
        now.now += clock.BOT_WAIT_SECONDS
        await timers.fire_due()
        assert bot_countdowns(await owner.timers(game_id)), "started again, until the bot moves"
        await other.bots_settled()
        game = await owner.game(game_id)
        assert [(seat, action, user) for seat, action, user in
                [await owner.action_at(game_id, move) for move in range(2, game.version + 1)]] == [
            (0, "step", ANN.id), (1, "step", None)]
        assert not bot_countdowns(await owner.timers(game_id)), "the bot's move ended it"
        assert await timers.fire_due() == 0
    finally:
        for store in (clicked_here, owner):
            await store.close()


async def test_the_countdown_starts_afresh_with_each_move_and_goes_when_a_member_is_asked(store):
    now = Clock()
    tables = Tables(store, clock=now, thinking=Thinking(limit=1))
    table = await tables.create(relay_game.GAME_ID, ANN)
    await tables.add_bot(table.id, ANN)  # a normal bot: answers within the move
    await tables.add_bot(table.id, ANN, "strong")
    game_id = (await tables.start(table.id, ANN)).id
    await tables.act(game_id, ANN, "step")  # the normal bot steps at once; the strong one is asked
    first = bot_countdowns(await tables.countdowns(game_id))
    now.now += 5
    await tables.bots_settled()
    assert not bot_countdowns(await tables.countdowns(game_id)), "Ann is asked: no bot to wait on"
    now.now += 5
    await tables.act(game_id, ANN, "step")
    second = bot_countdowns(await tables.countdowns(game_id))
    assert second and second.keys() != first.keys(), "keyed by the move: a new countdown"
    await tables.bots_settled()


async def test_a_start_is_answered_while_its_strong_bot_thinks_of_its_opening_move(store):
    tables = Tables(store, thinking=Thinking(limit=1))
    table = await tables.create(relay_game.GAME_ID, ANN, host_seated=False)
    await tables.add_bot(table.id, ANN, "strong")  # seat 0: it opens
    await tables.join(table.id, BEN)
    started = await tables.start(table.id, ANN)
    assert started.record.version == 1, "answered before the bot moved"
    await tables.bots_settled()
    assert (await tables.table(table.id)).record.version == 2


async def test_reminders_ask_the_bots_of_a_game_stuck_on_one(store):
    now = Clock()
    tables = Tables(store, clock=now, thinking=Thinking(limit=1))
    game_id = await with_a_strong_bot(tables)
    await tables.act(game_id, ANN, "step")
    await tables.stop_answering()  # nothing moved the bot, nor fired its countdown
    reminders = Reminders(tables, idle_hours=1, clock=lambda: now.now + 2 * 3600)
    assert await reminders.remind_idle() == 0, "no member to remind"
    await tables.bots_settled()
    assert (await tables.table(game_id)).record.version == 3, "the bot moved"


async def test_healthz_says_a_game_is_stuck_on_a_bot(store):
    now = Clock()
    tables = Tables(store, clock=now, thinking=Thinking(limit=1))
    game_id = await with_a_strong_bot(tables)
    await tables.act(game_id, ANN, "step")
    await tables.stop_answering()
    await store.mark_sent(item.id for item in await store.unsent())  # posted: only the bot is late
    watch = Watch(store, Metrics(), clock=lambda: now.now)
    problem = await watch.problem()
    assert problem is None or not problem.startswith("a game is stuck on a bot")
    now.now += STUCK_SECONDS + 60
    problem = await watch.problem()
    assert problem is not None and problem.startswith("a game is stuck on a bot: it has waited"), problem
