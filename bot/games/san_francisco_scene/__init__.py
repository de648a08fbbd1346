"""San Francisco Scene: buy, develop and deal your way around the Bay Area of 1977."""

from __future__ import annotations

from .bots import SceneBot
from .content import load_board
from .rules import GAME_ID, SanFranciscoScene

CONTENT = ("board", "cable_cars")


def make_game(content: dict) -> SanFranciscoScene:
    return SanFranciscoScene(load_board(content))


def make_bot(game: SanFranciscoScene) -> SceneBot:
    return SceneBot(game)


__all__ = ["CONTENT", "GAME_ID", "SanFranciscoScene", "SceneBot", "make_bot", "make_game"]
