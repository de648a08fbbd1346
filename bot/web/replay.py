"""The offline demo's page (``python3 tasks.py bot demo …``): the game it played as one
``index.html`` that opens from disk, with its boards beside it (``boards/<move>.png``), its
whole log inside it, and the page's style and script inlined. The same page the bot serves,
built from public views and public lines only; nothing is fetched, nothing polls."""
from __future__ import annotations

import asyncio
from pathlib import Path

from bot.games import registry
from bot.i18n import HOST, words
from bot.store.base import Store
from bot.table import history
from bot.table.model import Table
from bot.web import build, html, story
from bot.web.server import STATIC
from rendering import summary as summary_picture


async def write_replay(store: Store, game_id: int, out: Path) -> Path:
    """Write ``index.html`` and ``boards/`` for the game into ``out``; the page's path."""
    found = await store.game_with_seats(game_id)
    assert found is not None and found[0].state is not None, "a dealt game"
    table = Table(*found)
    kit = registry.kit(table.record.game_type)
    game, said = kit.game, words(HOST, table.language)
    moves = (await store.checkpoint(game_id, 0, 0)).moves
    named = await build.seats(store, table, moves)
    boards = out / "boards"
    boards.mkdir(parents=True, exist_ok=True)
    chapters: list[str] = []
    steps: list[html.Move] = []
    for number in range(history.chapters(moves)):
        first, last = history.chapter_span(number)
        kept = await store.checkpoint(game_id, max(first - 1, 0), last)
        steps = await asyncio.to_thread(story.chapter, game, table, kept, first, said, named)
        chapters.append(html.chapter(number, steps))
        for step in history.rebuilt(game, table, kept):
            if step.move >= first:
                view = {**game.view(step.state, None), "names": table.names()}
                png = await asyncio.to_thread(kit.render, view, "board")
                (boards / f"{step.move}.png").write_bytes(png)
    over = table.record.result is not None and history.summarises(game)
    if over:
        found_summary = history.summary(game, table, await store.actions(game_id), said)
        (out / "summary.png").write_bytes(await asyncio.to_thread(summary_picture.render, found_summary.picture))
    places = html.Places(board="boards/{n}.png", summary="summary.png" if over else None,
                         style=f"<style>\n{(STATIC / 'page.css').read_text()}</style>",
                         script=f"<script>\n{(STATIC / 'page.js').read_text()}</script>")
    page = html.page(said, f"{game.name} #{table.id}", story.standing(game, table, table.state, moves, said, named),
                     [], reversed(chapters), None, table.record.version, places, 0, alt=steps[-1].alt if steps else "")
    path = out / "index.html"
    path.write_text(page, encoding="utf-8")
    return path
