"""The offline demo: a whole game played by bots through the real host and store.

    python -m bot demo advance-to-boardwalk --players 4 --seed 1 --out out/demo

Every move goes through the table service, is committed to a real SQLite file
and leaves the outbox through the dispatcher, exactly as on Discord; only the
transport differs: messages become a transcript and board images PNG files. It also
writes the game's page (bot/web) as ``index.html``, which opens from disk and replays it.
"""
from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

from bot.delivery.dispatcher import Dispatcher
from bot.delivery.outgoing import Outgoing, Posted
from bot.games import registry
from bot.store import SQLiteStore
from bot.store.base import SeatRecord
from bot.table.service import Member, Table, Tables
from bot.web.replay import write_replay

DEMO_HOST = Member(id=0, name="Demo host")


class FileTransport:
    """Writes what would be posted on Discord into a folder."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.transcript = (out / "transcript.md").open("w", encoding="utf-8")
        self.images: list[Path] = []
        self.posts = 0
        self.edits = 0

    def close(self) -> None:
        self.transcript.close()

    def _write(self, text: str) -> None:
        self.transcript.write(text.rstrip() + "\n\n")
        self.transcript.flush()

    async def post(self, table: Table, message: Outgoing) -> Posted:
        lines = [f"### Move {message.version}", message.text] if message.text else [f"### Move {message.version}"]
        for filename, png in message.images:
            path = self.out / f"{len(self.images) + 1:04d}-{filename}"
            path.write_bytes(png)
            self.images.append(path)
            lines.append(f"![{filename}]({path.name})")
        self._write("\n".join(lines + self._standing(table, message)))
        self.posts += 1
        return Posted(channel_id=table.id, message_id=self.posts, controls=message.result is None)

    async def edit(self, table: Table, posted: Posted, message: Outgoing) -> Posted:
        """The transcript is a log: an edit of the turn's post is written as its added lines."""
        lines = [f"### Move {message.version} (the same post, edited)"]
        if message.added:
            lines.append(message.added)
        self._write("\n".join(lines + self._standing(table, message)))
        self.edits += 1
        return posted

    async def clear_controls(self, table: Table, posted: Posted) -> None:
        pass  # nothing in a transcript can be clicked

    @staticmethod
    def _standing(table: Table, message: Outgoing) -> list[str]:
        """Who has decided, whom the game waits on and on what, or the result."""
        lines = []
        if message.decided:
            lines.append(f"({message.decided[0]} of {message.decided[1]} decided)")
        for seat in message.turn:
            # As the thread shows it: the public choices only (the rest, however many, are
            # behind the "My hand & options" button).
            options = ", ".join(c["label"] for c in seat["choices"][:6])
            lines.append(f"→ {table.seats[seat['seat']].name}: {seat['prompt']} [{options}]")
        if message.result:
            lines.append(f"**Result:** {message.result}")
        return lines

    async def send_private(self, table: Table, seat: SeatRecord, message: Outgoing) -> bool:
        self._write(f"_(private to {seat.name})_ {message.text}")
        return True

    async def notice(self, table: Table, text: str) -> None:
        self._write(text)


async def run_demo(game_id: str, players: int, seed: int, out: Path, *, quiet: bool = False) -> str:
    out.mkdir(parents=True, exist_ok=True)
    database = out / "demo.sqlite"
    for stale in (database, out / "demo.sqlite-wal", out / "demo.sqlite-shm"):
        stale.unlink(missing_ok=True)
    store = await SQLiteStore.open(database)
    transport = FileTransport(out)
    dispatcher = Dispatcher(store, transport)
    tables = Tables(store, autoplay_bots=False)
    started = time.perf_counter()
    try:
        table = await tables.create(game_id, DEMO_HOST, seed=seed, host_seated=False)
        for _ in range(players):
            await tables.add_bot(table.id, DEMO_HOST)
        await tables.start(table.id, DEMO_HOST)
        await dispatcher.flush()
        moves = 0
        while await tables.run_bots(table.id, limit=1):
            moves += 1
            await dispatcher.flush()
        table = await tables.table(table.id)
        page = await write_replay(store, table.id, out)  # the game's page, to open from disk
    finally:
        transport.close()
        await store.close()
    elapsed = time.perf_counter() - started
    result = table.record.result or {}
    names = table.names()
    winners = ", ".join(names[w] for w in result.get("winners", [])) or "nobody"
    if not quiet:
        print(f"{registry.game(game_id).name}: {moves} moves by {players} bots in {elapsed:.1f}s; "
              f"{transport.posts} posts ({transport.edits} edits), {len(transport.images)} images "
              f"and transcript.md in {out}; its page, to open in a browser: {page}")
    return f"Result: {winners} won. {_plain(result.get('summary', ''), names)}"


def _plain(text: str, names: list[str]) -> str:
    from bot.table.service import name_seats

    return name_seats(text, names).replace("**", "")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot demo", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=registry.available())
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("out/demo"))
    args = parser.parse_args(argv)
    game = registry.game(args.game)
    players = args.players or min(max(game.min_players, 4), game.max_players)
    if not game.min_players <= players <= game.max_players:
        parser.error(f"{game.name} is for {game.min_players}–{game.max_players} players.")
    print(asyncio.run(run_demo(args.game, players, args.seed, args.out)))
    return 0
