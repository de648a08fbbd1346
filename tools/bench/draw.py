"""The drawing targets of ``python3 tasks.py bench`` (issue 13), each against its floor.

- A move's p99 while the dispatcher draws boards in worker processes, against its p99 while
  it draws nothing (a stand-in returns a blank picture at once); moves in a thread, today's
  way before the pool, are shown beside them. The p99 of 600 moves is their sixth slowest,
  which moves by half from one run to the next here: the two are run in turn three times and
  each one's median p99 is kept.
- Board pictures: the time to encode them and their size against full-colour PNGs (level 6,
  Billboard's level 3), the encoder before the palette; the slowest board against 60 ms.
- Posts keeping up with 50 moves a second across 200 games: the p99 from a move's commit
  to its post against the 1-second budget, with Discord answering each post in 50 ms.
  The dispatcher of before (one game at a time, drawing in a thread) is shown beside it.
"""
from __future__ import annotations

import asyncio
import io
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from PIL import Image

from bot.delivery.dispatcher import GAMES_AT_ONCE, Dispatcher
from bot.delivery.drawing import Drawing, Job
from bot.delivery.outgoing import Outgoing, Posted
from bot.engine import new_game, play, rng_for
from bot.games import registry
from bot.store import SQLiteStore
from bot.store.base import Store
from bot.table.notices import Moments
from bot.table.service import Member, Tables
from tools.bench.target import Target

#: Discord's answer to a post, as the transport in these runs waits it out.
DISCORD_ANSWERS_IN = 0.05
BOARD_BUDGET_MS = 60.0
POST_BUDGET_S = 1.0
MOVE_P99_GOAL = 1.5
#: Runs of each, with and without drawing, taken in turn: their median p99 is compared.
P99_ROUNDS = 3
ENCODE_GOAL = 1 / 1.5
SIZE_GOAL = 1 / 2

Report = Callable[[str], None]


def hosted() -> list[str]:
    return [g for g in registry.available() if g in registry.PACKAGES]


def players_for(game_id: str) -> int:
    game = registry.game(game_id)
    return min(max(game.min_players, 4), game.max_players)


# ------------------------------------------------------------------ pictures

def views(game_id: str, moves: tuple[int, ...] = (0, 40, 400)) -> list[dict[str, Any]]:
    """Public views of a seeded bot game after ``moves`` moves (or at its end)."""
    kit = registry.kit(game_id)
    players = players_for(game_id)
    state = new_game(kit.game, players, None, 1)
    taken, played = [], 0
    names = [f"Player {i + 1}" for i in range(players)]
    for wanted in moves:
        while played < wanted and kit.game.result(state) is None:
            seat = min(kit.game.pending(state))
            action = kit.bot.choose(state, seat, rng_for(1, state["_move"], "b"))
            state, _ = play(kit.game, state, seat, action)
            played += 1
        taken.append({**kit.game.view(state, None), "names": names})
    return taken


@contextmanager
def pictures_kept(kept: list[Image.Image]) -> Iterator[None]:
    """While inside, renderers hand their picture to ``kept`` instead of encoding it."""
    def keep(image: Image.Image) -> bytes:
        kept.append(image)
        return b""

    modules: list[Any] = [m for name, m in list(sys.modules.items())
                          if name.startswith("rendering.") and hasattr(m, "to_png")]
    saved = [m.to_png for m in modules]
    for module in modules:
        module.to_png = keep
    try:
        yield
    finally:
        for module, to_png in zip(modules, saved):
            module.to_png = to_png


def full_colour_png(image: Image.Image, game_id: str) -> bytes:
    """How pictures were encoded before the palette."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=False, compress_level=3 if game_id == "billboard" else 6)
    return buffer.getvalue()


def median_ms(times: int, work: Callable[..., object], *args: Any) -> float:
    spent = []
    for _ in range(times):
        begun = time.perf_counter()
        work(*args)
        spent.append(time.perf_counter() - begun)
    return statistics.median(spent) * 1000


def picture_targets(report: Report, times: int = 5) -> list[Target]:
    from rendering import kit

    encode = {"before": 0.0, "now": 0.0}
    size = {"before": 0, "now": 0}
    slowest, which = 0.0, ""
    for game_id in hosted():
        render = registry.kit(game_id).render
        for number, view in enumerate(views(game_id)):
            board_ms = median_ms(times, render, view)
            if board_ms > slowest:
                slowest, which = board_ms, f"{game_id} #{number}"
            kept: list[Image.Image] = []
            with pictures_kept(kept):
                render(view)
            picture = kept[-1]
            encode["before"] += median_ms(times, full_colour_png, picture, game_id)
            encode["now"] += median_ms(times, kit.to_png, picture)
            size["before"] += len(full_colour_png(picture, game_id))
            size["now"] += len(kit.to_png(picture))
    pictures = 3 * len(hosted())
    report(f"pictures: {pictures} boards; slowest {which}; full colour {size['before'] / pictures / 1024:.0f} KiB "
           f"and {encode['before'] / pictures:.1f} ms a board, palette {size['now'] / pictures / 1024:.0f} KiB "
           f"and {encode['now'] / pictures:.1f} ms")
    return [
        Target("board encoding time (vs full colour)", encode["now"] / pictures,
               encode["before"] / pictures, "ms", ENCODE_GOAL),
        Target("board PNG size (vs full colour)", size["now"] / pictures / 1024,
               size["before"] / pictures / 1024, "KiB", SIZE_GOAL),
        Target("slowest board, drawn and encoded (vs budget)", slowest, BOARD_BUDGET_MS, "ms", 1.0),
    ]


# ------------------------------------------------------------------ the pipeline under drawing

BLANK_PNG = b"\x89PNG\r\n\x1a\n"


class NoDrawing(Drawing):
    """The floor: a post's pictures cost nothing."""

    async def draw(self, job: Job, *args: Any) -> bytes:
        return BLANK_PNG


class Discord:
    """Answers every message after ``DISCORD_ANSWERS_IN`` (0 for no wait)."""

    def __init__(self, answers_in: float = 0.0) -> None:
        self.answers_in = answers_in
        self.messages = 0

    async def _answer(self) -> Posted:
        if self.answers_in:
            await asyncio.sleep(self.answers_in)
        self.messages += 1
        return Posted(channel_id=1, message_id=self.messages)

    async def post(self, table: Any, message: Outgoing) -> Posted:
        return await self._answer()

    async def edit(self, table: Any, posted: Posted, message: Outgoing) -> Posted:
        await self._answer()
        return posted

    async def send_private(self, table: Any, seat: Any, message: Outgoing) -> bool:
        await self._answer()
        return True

    async def notice(self, table: Any, text: str) -> None:
        await self._answer()


async def seated(tables: Tables, store: Store, games: int) -> list[int]:
    """``games`` running bot games, every title in turn; their first posts counted as sent."""
    host = Member(0, "Host")
    ids = []
    titles = hosted()
    for number in range(games):
        game_id = titles[number % len(titles)]
        table = await tables.create(game_id, host, seed=number, host_seated=False)
        for _ in range(players_for(game_id)):
            await tables.add_bot(table.id, host)
        await tables.start(table.id, host)
        ids.append(table.id)
    while items := await store.unsent(limit=1000):
        await store.mark_sent(item.id for item in items)
    return ids


async def timed_bot_moves(tables: Tables, ids: list[int], moves: int) -> list[float]:
    """One bot move at a time across the games ``ids``, in turn, until ``moves`` were made or
    every game is over: each move's seconds. A game that is over leaves ``ids``."""
    latencies: list[float] = []
    turn = 0
    while len(latencies) < moves and ids:
        game_id = ids[turn % len(ids)]
        begun = time.perf_counter()
        if await tables.run_bots(game_id, limit=1):
            latencies.append(time.perf_counter() - begun)
            turn += 1
        else:
            ids.remove(game_id)  # over
    return latencies


async def moves_while_drawing(drawing: Drawing, games: int, moves: int) -> tuple[float, list[float]]:
    """Bot moves one after another across ``games`` games while the dispatcher posts (and
    draws) what they say: moves a second, and each move's latency."""
    with tempfile.TemporaryDirectory() as folder:
        store = await SQLiteStore.open(Path(folder) / "bench.sqlite")
        moments = Moments()
        dispatcher = Dispatcher(store, Discord(), drawing=drawing, moments=moments)
        tables = Tables(store, notify=dispatcher.wake, autoplay_bots=False, moments=moments)
        ids = await seated(tables, store, games)
        posting = asyncio.create_task(dispatcher.run_forever())
        started = time.perf_counter()
        latencies = await timed_bot_moves(tables, ids, moves)
        elapsed = time.perf_counter() - started
        posting.cancel()
        await asyncio.gather(posting, return_exceptions=True)
        await store.close()
    return len(latencies) / elapsed, latencies


async def posts_at_a_pace(drawing: Drawing, games_at_once: int, *, games: int, rate: float,
                          seconds: float, drain: float = 20.0) -> tuple[float, list[float], int]:
    """Moves at ``rate`` a second across ``games`` games for ``seconds``; the rate reached,
    each thread item's time from commit to sent (items still unsent ``drain`` seconds after
    the last move count with the time they had waited), and how many were left unsent."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite"
        store = await SQLiteStore.open(path)
        moments = Moments()
        dispatcher = Dispatcher(store, Discord(DISCORD_ANSWERS_IN), drawing=drawing,
                                games_at_once=games_at_once, moments=moments)
        tables = Tables(store, notify=dispatcher.wake, autoplay_bots=False, moments=moments)
        ids = await seated(tables, store, games)
        posting = asyncio.create_task(dispatcher.run_forever())
        since = time.time()
        begun = time.perf_counter()
        made = 0
        for number in range(int(rate * seconds)):
            wait = begun + number / rate - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            made += await tables.run_bots(ids[number % len(ids)], limit=1)
        reached = made / (time.perf_counter() - begun)
        deadline = time.perf_counter() + drain
        while await store.unsent(limit=1) and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
        ended = time.time()
        posting.cancel()
        await asyncio.gather(posting, return_exceptions=True)
        await store.close()
        with sqlite3.connect(path) as db:
            rows = db.execute("SELECT created_at, sent_at FROM outbox WHERE kind = 'thread' AND created_at >= ?",
                              (since,)).fetchall()
    waits = sorted((sent if sent is not None else ended) - created for created, sent in rows)
    return reached, waits, sum(sent is None for _, sent in rows)


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


async def pipeline_targets(report: Report, *, games: int = 20, moves: int = 600,
                           post_games: int = 200, rate: float = 50.0, seconds: float = 10.0) -> list[Target]:
    pool = Drawing.start()
    try:
        if not await pool.warm():
            report("no process pool could start here: the pool's figures are drawn in a thread")
        p99s: dict[str, list[float]] = {}
        kinds = (("no drawing", NoDrawing()), ("thread", Drawing.in_thread()), ("pool", pool))
        for round_ in range(P99_ROUNDS):
            for name, drawing in kinds:
                if name == "thread" and round_:
                    continue  # the way before: once is enough to see it
                rate_, latencies = await moves_while_drawing(drawing, games, moves)
                p99s.setdefault(name, []).append(p99(latencies) * 1000)
                report(f"moves while drawing, {name:10}: {rate_:5.0f} moves/s, p50 "
                       f"{statistics.median(latencies) * 1000:5.1f} ms, p99 {p99s[name][-1]:5.1f} ms")
        runs = {name: statistics.median(found) for name, found in p99s.items()}
        posts = {}
        for name, drawing, at_once in (("before", Drawing.in_thread(), 1), ("now", pool, GAMES_AT_ONCE)):
            reached, waits, left = await posts_at_a_pace(drawing, at_once, games=post_games, rate=rate,
                                                         seconds=seconds)
            posts[name] = p99(waits)
            report(f"posts at {rate:.0f} moves/s over {post_games} games, {name:6}: {reached:4.1f} moves/s made, "
                   f"{len(waits)} posts, commit to sent p50 {statistics.median(waits):.2f} s, "
                   f"p99 {posts[name]:.2f} s, {left} unsent after {seconds:.0f} s + 20 s")
    finally:
        await pool.close()
    return [
        Target(f"move p99 while boards are drawn (vs none drawn; median of {P99_ROUNDS} runs)", runs["pool"], runs["no drawing"], "ms",
               MOVE_P99_GOAL),
        Target("  the same, drawn in a thread (before)", runs["thread"], runs["no drawing"], "ms", MOVE_P99_GOAL),
        Target(f"commit-to-post p99, {rate:.0f} moves/s, {post_games} games (vs budget)", posts["now"],
               POST_BUDGET_S, "s", 1.0),
        Target("  the same, one game at a time, in a thread (before)", posts["before"], POST_BUDGET_S, "s", 1.0),
    ]


def targets(report: Report = print) -> list[Target]:
    found = picture_targets(report)
    return found + asyncio.run(pipeline_targets(report))
