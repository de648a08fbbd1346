"""Hollywood 1947: patriots and hidden communists make movies in a paranoid studio."""
from __future__ import annotations

from typing import Any

from .bots import Hollywood1947Bot
from .content import load
from .rules import Hollywood1947

GAME_ID = "hollywood-1947"
CONTENT = ("jobs", "loyalties", "propaganda", "posters")


def make_game(content: dict[str, dict[str, Any]]) -> Hollywood1947:
    return Hollywood1947(load(content))


def make_bot(game: Hollywood1947) -> Hollywood1947Bot:
    return Hollywood1947Bot(game)
