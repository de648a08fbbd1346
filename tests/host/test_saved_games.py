"""A game running in a community's database when Marquee is updated plays on: the table
service brings each state it reads to today's shape (``bot.engine.upgraded``). Here a San
Francisco Scene game as 0.1.0 stored it (one rent claim, since made a list) is put in the
store under a running game, and a new process plays it to its end."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.table.service import Member, Tables
from tests.postgres import open_test_store, sqlite_only

SAVES = Path(__file__).parents[1] / "games" / "saves" / "0.1.0.json"
GAME = "san-francisco-scene"
ANN = Member(1, "Ann")


@sqlite_only
async def test_a_game_saved_by_0_1_0_plays_on_after_the_update(store, store_kind, tmp_path):
    [save, *_] = [item for item in json.loads(SAVES.read_text())["games"][GAME] if item["state"].get("claim")]
    tables = Tables(store)
    table = await tables.create(GAME, ANN)
    for _ in range(save["players"] - 1):
        await tables.add_bot(table.id, ANN)
    await tables.start(table.id, ANN)
    db = sqlite3.connect(tmp_path / "games.sqlite")  # the database as 0.1.0 left it
    with db:
        db.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(save["state"]), table.id))
    db.close()
    await store.close()

    store = await open_test_store(store_kind, tmp_path)  # the updated bot starts
    try:
        tables = Tables(store)
        await tables.hand_to_bot(table.id, ANN)
        await tables.run_bots(table.id)
        after = await tables.table(table.id)
        assert after.record.status == "finished" and "claims" in after.record.state
    finally:
        await store.close()
