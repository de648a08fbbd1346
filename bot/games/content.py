"""Loading game content: TOML under data/<game>/, read once at start.

Kept outside bot/engine and bot/games so the rules stay free of I/O: a game is
built from content that was already loaded (see bot.registry).
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parents[2] / "data"


def load_content(game_id: str, names: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """``{name: data/<game_id>/<name>.toml}`` for each name."""
    content = {}
    for name in names:
        with open(DATA_DIR / game_id / f"{name}.toml", "rb") as handle:
            content[name] = tomllib.load(handle)
    return content
