"""The bot's SQLite file, read as an observer by end-to-end scenarios (one game in it)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.engine import Game, new_game
from bot.engine.takeback import replaying


class Database:
    def __init__(self, path: Path, game: Game) -> None:
        self.path = path
        self.rules = game

    def query(self, sql: str, *args) -> list[tuple]:
        db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        try:
            return db.execute(sql, args).fetchall()
        finally:
            db.close()

    def game(self) -> tuple[int, dict, str]:
        version, state, status = self.query("SELECT version, state, status FROM games")[0]
        return version, json.loads(state), status

    def quiet(self) -> bool:
        """Every notification delivered and no bot seat left to move."""
        if self.query("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")[0][0]:
            return False
        _version, state, status = self.game()
        bots = {seat for seat, in self.query("SELECT seat FROM seats WHERE is_bot = 1")}
        return status != "running" or not bots & self.rules.pending(state)

    def seats(self) -> dict[int, tuple[int | None, str]]:
        """Seat → (Discord user id or None for a bot, name)."""
        return {seat: (uid, name) for seat, uid, name in
                self.query("SELECT seat, user_id, name FROM seats ORDER BY seat")}

    def humans(self) -> dict[int, int]:
        """Seat → Discord user id of the members seated (bots have none)."""
        return dict(self.query("SELECT seat, user_id FROM seats WHERE is_bot = 0"))

    def log(self) -> list[tuple[int, str, int | None]]:
        return self.query("SELECT seat, action, user_id FROM actions ORDER BY move")

    def states(self) -> dict[int, dict]:
        """The game's state at every version, by replaying its action log with the rules."""
        options, seed = self.query("SELECT options, seed FROM games")[0]
        state = new_game(self.rules, len(self.seats()), json.loads(options), seed)
        states = {1: state}
        rows = self.query("SELECT move, seat, action FROM actions ORDER BY move")
        for (move, _, _), entry in zip(rows, replaying(self.rules, state, [(s, a) for _, s, a in rows]),
                                       strict=True):
            states[move] = entry.state  # a take-back's: the state before the move it took back
        return states
