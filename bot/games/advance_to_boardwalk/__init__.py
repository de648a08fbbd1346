"""Advance to Boardwalk: build hotel units on a 1930s boardwalk; own the most value."""

from __future__ import annotations

from .bots import BoardwalkBot
from .content import load_board
from .rules import GAME_ID, AdvanceToBoardwalk

CONTENT = ("board", "fortune")


def make_game(content: dict) -> AdvanceToBoardwalk:
    return AdvanceToBoardwalk(load_board(content))


def make_bot(game: AdvanceToBoardwalk) -> BoardwalkBot:
    return BoardwalkBot(game)


__all__ = ["CONTENT", "GAME_ID", "AdvanceToBoardwalk", "BoardwalkBot", "make_bot", "make_game"]
