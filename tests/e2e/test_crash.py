"""Scenario 3: the bot is SIGKILLed mid-game (as a crash or an OOM kill would end it) and
started again on the same SQLite file. Buttons sent by the dead process still work, a move
committed just before the crash is neither lost nor made twice, and the notifications it had
not delivered yet go out from the new process."""

from __future__ import annotations

import json
import sqlite3

from bot.engine import replay
from bot.games import registry
from tests.discord_sim.rules import COMPONENTS_V2_FLAG

from .driver import Table, action_of, is_turn_post, move_controls, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

THREAD_POSTS = "POST /channels/{channel_id}/messages"


def read(db_path, sql: str, *args) -> list[tuple]:
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def unsent(db_path) -> int:
    return read(db_path, "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")[0][0]


async def to_the_end_of_a_turn(table: Table, post):
    """Play on until the turn post offers only "End turn": its click passes the turn, so the
    bot makes a new post (the moves before it edit the turn's post)."""
    while [action_of(c) for c in move_controls(post)] != ["end"]:
        post = await table.step(post)
    return post


async def test_sigkill_and_restart_lose_no_move_and_no_message(
    discord_sim, bot_process, db_path, alice, bob, carol
):
    proc = await bot_process()  # python -m bot, on db_path
    thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
    table = Table(discord_sim, thread, [alice, bob, carol])
    post = await thread.wait_for_message(is_turn_post)
    assert post.flags & COMPONENTS_V2_FLAG  # a card: its buttons are routed after a restart too
    for _ in range(3):
        post = await table.step(post)

    # Crash 1, while idle: the newest post and its buttons came from the process that died.
    first_pid = proc.pid
    await proc.kill()
    await proc.start(commands=False)  # the commands did not change: no sync on restart
    assert proc.pid != first_pid
    panel = await table.open_panel(table.pending(post), post)  # old panel button: still works
    assert "you are seat" in panel.text
    post = await table.step(post)  # old move buttons: still work
    await discord_sim.wait_for(lambda: unsent(db_path) == 0, what="an empty outbox")

    # Crash 2, after a post reached Discord but before the outbox knew: the post is held back
    # for a second (a 429), meanwhile the test takes SQLite's write lock, so the bot posts and
    # then waits to mark the item sent — and dies there. The new process sends the item again
    # with the same nonce, and Discord (enforce_nonce) posts nothing twice.
    post = await to_the_end_of_a_turn(table, post)
    hold = discord_sim.rate_limit_next(THREAD_POSTS, retry_after=1.0, path_contains=str(thread.id))
    await table.click(table.pending(post), post, move_controls(post)[0])
    await discord_sim.wait_for(lambda: hold.fired, what="the held-back post")
    lock = sqlite3.connect(db_path, isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")
    try:
        posted = await table.next_post(post)
        await proc.kill()
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    assert unsent(db_path) >= 1
    await proc.start(commands=False)
    await discord_sim.wait_for(lambda: unsent(db_path) == 0, what="an empty outbox")
    assert [m for m in thread.messages if is_turn_post(m)][-1] is posted  # no second copy
    post = posted

    # Crash 3, between a move's commit and its post: Discord holds the post back (a 429 asking
    # for 30 s), the move is in the database, and then the process dies.
    post = await to_the_end_of_a_turn(table, post)
    moves_before = read(db_path, "SELECT COUNT(*) FROM actions")[0][0]
    hold = discord_sim.rate_limit_next(THREAD_POSTS, retry_after=30, path_contains=str(thread.id))
    await table.click(table.pending(post), post, move_controls(post)[0])
    await discord_sim.wait_for(lambda: hold.fired, what="the held-back post")
    assert read(db_path, "SELECT COUNT(*) FROM actions")[0][0] == moves_before + 1
    pending = read(db_path, "SELECT kind, payload FROM outbox WHERE sent_at IS NULL")
    await proc.kill()
    assert not any(is_turn_post(m) and m.id > post.id for m in thread.messages)

    await proc.start(commands=False)
    post = await table.next_post(post)  # delivered by the new process, from the outbox
    await discord_sim.wait_for(lambda: unsent(db_path) == 0, what="an empty outbox")
    for kind, payload in pending:  # every notification that was waiting arrived
        text = json.loads(payload)["text"]
        if kind == "private" and text:
            member = next(m for m in table.members if m.id == json.loads(payload)["user_id"])
            assert any(text in dm.text for dm in member.dms), text
        elif text:
            assert text.splitlines()[0] in post.text
    for _ in range(4):  # and the game goes on
        post = await table.step(post)
    await discord_sim.wait_for(lambda: unsent(db_path) == 0, what="an empty outbox")

    # The action log: one line per accepted move, contiguous, none twice, none lost.
    (game_id, version, seed, state), = read(db_path, "SELECT id, version, seed, state FROM games")
    log = read(db_path, "SELECT move, seat, action, user_id FROM actions WHERE game_id = ?"
               " ORDER BY move", game_id)
    assert [row[0] for row in log] == list(range(2, version + 1))  # version 1 is the deal
    assert len([row for row in log if row[3] is not None]) == table.clicks
    game = registry.game("advance-to-boardwalk")
    replayed = replay(game, 3, {}, seed, [(seat, action) for _, seat, action, _ in log])
    assert replayed == json.loads(state)  # the stored state is exactly the log's
    # Every board went out once: no post was lost or sent twice across the restarts.
    boards = [a.filename for m in thread.messages for a in m.attachments]
    assert len(boards) == len(set(boards))
    assert discord_sim.gateway.identify_count == 4
