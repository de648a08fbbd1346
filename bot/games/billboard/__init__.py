"""Billboard: Kraków, 2009 — billboard networks, market prices and advertising contracts."""
from __future__ import annotations

from .bots import BillboardBot
from .content import load
from .rules import Billboard
from .views import GAME_ID

CONTENT = ("board", "contracts", "scoring")
#: Billboard speaks through gettext: data/locale/<language>/LC_MESSAGES/billboard.po
DOMAIN = "billboard"


def make_game(content: dict) -> Billboard:
    return Billboard(load(content))


def make_bot(game: Billboard) -> BillboardBot:
    return BillboardBot(game)


__all__ = ["CONTENT", "DOMAIN", "GAME_ID", "Billboard", "BillboardBot", "make_bot", "make_game"]
