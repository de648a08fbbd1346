"""The arena: how much better the strong bot plays than the normal one.

    python3 tasks.py arena GAME --players N --games K --hero strong --rest normal

plays K seeded games, the hero's seat rotating with the seed, and the same K seeds again with
a normal bot in the hero's seat; prints both win shares, their difference with a 95 % interval
(paired by seed), and the hero's decision time p50/p99. A tie shares the win among the tied;
in Hollywood 1947 a team's win counts whole for each of its members (and the output says so).
A budget in samples (``--samples``) makes the run repeatable; ``--seconds`` thinks by the clock.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bot.engine import deadlines, new_game, play, rng_for
from bot.engine.search import Budget
from bot.games import registry

#: Titles where a side wins together: each member's win counts whole.
TEAM_TITLES = ("hollywood-1947",)
#: A shared machine: at most this many worker processes.
MAX_WORKERS = 2


@dataclass(frozen=True)
class Match:
    game_id: str
    players: int
    seed: int
    hero: str
    rest: str
    budget: Budget


def _bots(game_id: str, budget: Budget) -> dict[str, registry.SeatBot]:
    normal, strong = registry.bots(game_id, budget=budget)
    return {registry.NORMAL: normal, registry.STRONG: strong}


_CACHE: dict[tuple[str, Budget], dict[str, registry.SeatBot]] = {}


def play_one(match: Match, hero_level: str) -> tuple[float, list[float]]:
    """One game: the hero seat's share of the win, and its decision times (seconds)."""
    key = (match.game_id, match.budget)
    bots = _CACHE.setdefault(key, _bots(*key))
    game = registry.game(match.game_id)
    hero_seat = match.seed % match.players
    state = new_game(game, match.players, None, match.seed)
    times: list[float] = []
    while (result := game.result(state)) is None:
        pending = game.pending(state)
        if not pending:
            state, _ = play(game, state, -1, deadlines(game, state)[0].action)
            continue
        seat = min(pending)
        rng = rng_for(match.seed, state["_move"], f"bot{seat}")
        if seat == hero_seat:
            started = time.perf_counter()
            action = bots[hero_level].choose(state, seat, rng)
            times.append(time.perf_counter() - started)
        else:
            action = bots[match.rest].choose(state, seat, rng)
        state, _ = play(game, state, seat, action)
    if hero_seat not in result.winners:
        return 0.0, times
    share = 1.0 if match.game_id in TEAM_TITLES else 1.0 / len(result.winners)
    return share, times


def paired(match: Match) -> tuple[float, float, list[float]]:
    """The hero's share with the hero level, then with a normal bot, on the same seed."""
    share, times = play_one(match, match.hero)
    baseline, _ = play_one(match, registry.NORMAL)
    return share, baseline, times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def report(game_id: str, players: int, args: argparse.Namespace,
           outcomes: list[tuple[float, float, list[float]]]) -> str:
    heroes = [o[0] for o in outcomes]
    bases = [o[1] for o in outcomes]
    diffs = [h - b for h, b in zip(heroes, bases, strict=True)]
    times = [t for o in outcomes for t in o[2]]
    n = len(diffs)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else float("inf")
    lines = [
        (f"{game_id}, {players} players, {n} games (seeds {args.seed}–{args.seed + n - 1}), "
        f"hero {args.hero} vs rest {args.rest}; budget {_budget_text(args)}"),
        f"  hero ({args.hero}) win share   {statistics.fmean(heroes):6.1%}",
        f"  normal in that seat win share {statistics.fmean(bases):6.1%}",
        f"  difference {mean:+.1%}  95% interval [{mean - half:+.1%}, {mean + half:+.1%}]",
        (f"  hero decision time p50 {percentile(times, 0.5) * 1000:.0f} ms, "
        f"p99 {percentile(times, 0.99) * 1000:.0f} ms ({len(times)} decisions)"),
    ]
    if game_id in TEAM_TITLES:
        lines.append("  (a team's win counts as a win for each of its members)")
    return "\n".join(lines)


def _budget_text(args: argparse.Namespace) -> str:
    depth = args.depth or "the title's"
    if args.seconds:
        return f"{args.seconds} s a decision (at most {args.samples} samples), depth {depth}"
    return f"{args.samples} samples a decision, depth {depth}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tasks.py arena", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=registry.available())
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--hero", choices=registry.LEVELS, default=registry.STRONG)
    parser.add_argument("--rest", choices=registry.LEVELS, default=registry.NORMAL)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--samples", type=int, default=8, help="samples a strong decision")
    parser.add_argument("--depth", type=int, default=None, help="moves a playout looks ahead "
                        "(default: the title's own)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="think by the clock (not repeatable); default: samples only")
    parser.add_argument("--workers", type=int, default=1, help=f"processes, at most {MAX_WORKERS}")
    args = parser.parse_args(argv)
    budget = Budget(samples=args.samples, seconds=args.seconds, depth=args.depth)
    matches = [Match(args.game, args.players, args.seed + k, args.hero, args.rest, budget)
               for k in range(args.games)]
    workers = max(1, min(args.workers, MAX_WORKERS))
    if workers == 1:
        outcomes = [paired(match) for match in matches]
    else:
        with ProcessPoolExecutor(workers) as pool:
            outcomes = list(pool.map(paired, matches))
    print(report(args.game, args.players, args, outcomes))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
