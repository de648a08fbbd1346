"""Hollywood Boulevard: 1954 theatre owners place markers, pick films, advertise and roll."""
from __future__ import annotations

from .bots import BoulevardBot
from .content import load
from .rules import GAME_ID, HollywoodBoulevard

CONTENT = ("board", "first_deck", "second_deck", "tips")


def make_game(content: dict) -> HollywoodBoulevard:
    return HollywoodBoulevard(load(content))


def make_bot(game: HollywoodBoulevard) -> BoulevardBot:
    return BoulevardBot(game)


__all__ = ["CONTENT", "GAME_ID", "BoulevardBot", "HollywoodBoulevard", "make_bot", "make_game"]
