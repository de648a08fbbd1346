"""``python -m bot outbox``: the operator's view of what the bot gave up sending.

Items Discord refused for good, or that could not be prepared, are parked by the
dispatcher (``bot/delivery/dispatcher.py``); this lists them by game with the last error, and
puts them back in the queue, where a running bot picks them up within seconds.
"""
from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

from bot.store import open_store


def outbox_command(argv: list[str], database: Path | str) -> int:
    """``python -m bot outbox``: list parked items by game; ``retry ID… | --all`` unparks."""
    parser = argparse.ArgumentParser(prog="python -m bot outbox",
                                     description="Outbox items the bot gave up on: list them, or send them again.")
    commands = parser.add_subparsers(dest="command")
    retry = commands.add_parser("retry", help="put parked items back in the queue (a running bot "
                                              "sends them within seconds)")
    retry.add_argument("ids", nargs="*", type=int, metavar="ID")
    retry.add_argument("--all", action="store_true", help="every parked item")
    args = parser.parse_args(argv)
    if args.command == "retry" and bool(args.ids) == args.all:
        parser.error("retry takes item ids or --all")
    return asyncio.run(_outbox(database, args.ids if args.command == "retry" and not args.all else None,
                               retry=args.command == "retry"))


async def _outbox(database: Path | str, ids: list[int] | None, *, retry: bool) -> int:
    store = await open_store(database)
    try:
        if retry:
            count = await store.unpark(ids)
            missing = 0 if ids is None else len(set(ids)) - count
            print(f"Unparked {count} item(s)" + (f"; {missing} id(s) given were not parked" if missing else "")
                  + ("; a running bot sends them within seconds." if count else "."))
            return 1 if missing else 0
        parked = await store.parked()
        if not parked:
            print("Nothing is parked.")
        for game_id in dict.fromkeys(i.game_id for i in parked):
            record = await store.game(game_id)
            where = (f"{record.game_type}, {record.status}, thread {record.thread_id or '-'}"
                     if record else "deleted")
            print(f"game #{game_id} ({where})")
            for item in (i for i in parked if i.game_id == game_id):
                version = item.payload.get("version")
                at = time.strftime("%Y-%m-%d %H:%M %Z", time.localtime(item.parked_at or 0))
                what = "post" if item.kind == "thread" else f"DM to seat {item.payload.get('seat', 0) + 1}"
                print(f"  {item.id}: {what}{f' for move {version}' if version else ''}, parked {at}"
                      f" after {item.attempts} attempt(s): {item.last_error}")
        return 0
    finally:
        await store.close()
