"""Bot games in a real SQLite store, and the game pages serving them (tests/web)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.delivery.drawing import Drawing
from bot.store import SQLiteStore
from bot.table.service import Member, Table, Tables
from bot.web.links import Links, stored_secret
from bot.web.server import Pages

HOST = Member(1, "Host")
PUBLIC_URL = "https://marquee.example.org"


async def open_pages(path: Path, **options: Any) -> tuple[SQLiteStore, Tables, Links, Pages]:
    """A store, its table service posting page links, and the pages (drawn in a thread)."""
    store = await SQLiteStore.open(path)
    tables = Tables(store, autoplay_bots=False)
    links = Links(await stored_secret(store), PUBLIC_URL)
    tables.page_link = links.url
    return store, tables, links, Pages(store, Drawing.in_thread(), links, **options)


async def bot_game(tables: Tables, title: str, players: int, moves: int | None = None,
                   options: dict[str, Any] | None = None, seed: int = 1) -> Table:
    """A game of ``players`` bots, ``moves`` moves in (None: played out)."""
    table = await tables.create(title, HOST, options, seed=seed, host_seated=False)
    for _ in range(players):
        await tables.add_bot(table.id, HOST)
    await tables.start(table.id, HOST)
    await tables.run_bots(table.id, limit=10_000 if moves is None else moves)
    return await tables.table(table.id)
