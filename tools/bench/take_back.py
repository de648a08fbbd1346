"""What a take-back costs (issue 29), beside its floor measured in the same run.

    .venv/bin/python -m tools.bench.take_back [--games N]

Per title, over bot games: how many of the players' moves could be taken back, the median
time to ask (``bot.engine.takeback.check``: the move made again on a copy, as the Undo button
of a move made in place asks) against the median of the move itself (``play``, the floor);
then, through the table service on SQLite, the median take-back (the state before the move
rebuilt from the kept state nearest, checked, committed) against the median move committed.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.engine import deadlines, new_game, play, rng_for
from bot.engine.takeback import NotTakenBack, check
from bot.games import registry
from bot.store import SQLiteStore
from bot.table.service import Member, Tables


def rules(game_id: str, players: int, games: int) -> tuple[int, int, float, float]:
    """(players' moves, of them take-back-able, median play ms, median check ms)."""
    kit = registry.kit(game_id)
    moves, quiet, plays, checks = 0, 0, [], []
    for seed in range(games):
        state = new_game(kit.game, players, None, seed)
        while kit.game.result(state) is None:
            pending = sorted(kit.game.pending(state))
            if not pending:
                state, _ = play(kit.game, state, -1, deadlines(kit.game, state)[0].action)
                continue
            seat = pending[0]
            action = kit.bot.choose(state, seat, rng_for(seed, state["_move"], "bot"))
            begun = time.perf_counter()
            after, _ = play(kit.game, state, seat, action)
            plays.append(time.perf_counter() - begun)
            begun = time.perf_counter()
            try:
                check(kit.game, state, seat, action, after)
                quiet += 1
            except NotTakenBack:
                pass
            checks.append(time.perf_counter() - begun)
            moves += 1
            state = after
    return moves, quiet, statistics.median(plays) * 1000, statistics.median(checks) * 1000


async def pipeline(game_id: str, players: int, games: int) -> tuple[int, float, float]:
    """(take-backs made, median move ms, median take-back ms) through Tables on SQLite: human
    seats moved by their bot policy, each take-back-able move taken back and made again."""
    kit = registry.kit(game_id)
    members = [Member(n + 1, f"P{n + 1}") for n in range(players)]
    moved, undone = [], []
    with tempfile.TemporaryDirectory() as folder:
        store = await SQLiteStore.open(Path(folder) / "bench.sqlite")
        tables = Tables(store)
        for seed in range(games):
            table = await tables.create(game_id, members[0], seed=seed)
            for member in members[1:]:
                await tables.join(table.id, member)
            table = await tables.start(table.id, members[0])
            while table.record.status == "running":
                pending = sorted(kit.game.pending(table.state))
                if not pending:
                    break  # a countdown's turn: the bench plays no clock
                seat = pending[0]
                action = kit.bot.choose(table.state, seat, rng_for(seed, table.state["_move"], "bot"))
                before = table.state
                begun = time.perf_counter()
                table = await tables.act(table.id, members[seat], action)
                moved.append(time.perf_counter() - begun)
                try:
                    check(kit.game, before, seat, action, table.state)
                except NotTakenBack:
                    continue
                begun = time.perf_counter()
                await tables.take_back(table.id, members[seat])
                undone.append(time.perf_counter() - begun)
                table = await tables.act(table.id, members[seat], action)
        await store.close()
    return len(undone), statistics.median(moved) * 1000, statistics.median(undone) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    print(f"{'game':22} {'moves':>6} {'quiet':>6} {'play ms':>8} {'check ms':>9} "
          f"{'taken back':>11} {'move ms':>8} {'take-back ms':>13}")
    for game_id in registry.available():
        game = registry.game(game_id)
        players = min(max(game.min_players, 3), game.max_players)
        moves, quiet, play_ms, check_ms = rules(game_id, players, args.games)
        undone, move_ms, undo_ms = asyncio.run(pipeline(game_id, players, max(1, args.games // 2)))
        print(f"{game_id:22} {moves:6} {quiet:6} {play_ms:8.2f} {check_ms:9.2f} "
              f"{undone:11} {move_ms:8.2f} {undo_ms:13.2f}", flush=True)


if __name__ == "__main__":
    main()
