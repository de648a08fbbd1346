"""Did anything only a player should see reach a public message?

The secrets of Advance to Boardwalk are the Fortune cards in hands. A card *kind* is secret
when a member was shown it privately (a DM or an ephemeral panel names it) and no card of that
kind ever left a hand during the game (playing or revealing a card makes its kind public).
Which cards left a hand comes from replaying the bot's SQLite action log with the rules, so it
does not trust anything the bot posted. Every public message — every version of it, its
embeds, components (labels, options and custom ids) and file names — and every thread name
must then be free of a secret kind's name, text and card ids.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from bot.engine import new_game
from bot.engine.takeback import replaying
from bot.games import registry
from tests.discord_sim import DiscordSim, SimMessage

GAME = "advance-to-boardwalk"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def message_strings(payload: dict[str, Any]) -> list[str]:
    """What anyone reading the message (or its JSON) can see: text, embeds, components, files."""
    return [
        payload.get("content") or "",
        *_strings(payload.get("embeds") or []),
        *_strings(payload.get("components") or []),
        *(a.get("filename", "") for a in payload.get("attachments") or []),
    ]


def _versions(message: SimMessage) -> list[dict[str, Any]]:
    return [*message.history, message.payload()]


def public_texts(sim: DiscordSim) -> list[tuple[SimMessage | None, str]]:
    found: list[tuple[SimMessage | None, str]] = [(None, t.name) for t in sim.threads]
    for message in sim.all_messages():
        if message.channel.is_dm or message.ephemeral:
            continue
        for version in _versions(message):
            found += [(message, text) for text in message_strings(version) if text]
    return found


def private_texts(sim: DiscordSim) -> list[str]:
    texts: list[str] = []
    for message in sim.all_messages():
        if message.channel.is_dm or message.ephemeral:
            for version in _versions(message):
                texts += message_strings(version)
    return texts


def cards_that_left_a_hand(db_path: str | Path) -> set[str]:
    """Card kinds (keys) played or revealed in any game of the database, by replaying its log."""
    game = registry.game(GAME)
    board = game.board
    left: set[str] = set()
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        games = db.execute(
            "SELECT id, options, seed FROM games WHERE game_type = ? AND state IS NOT NULL", (GAME,)
        ).fetchall()
        for game_id, options, seed in games:
            players = db.execute(
                "SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            log = db.execute(
                "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY move", (game_id,)
            ).fetchall()
            state = new_game(game, players, json.loads(options), seed)
            for entry in replaying(game, state, log):  # take-backs included
                before = Counter(card for hand in state["hands"] for card in hand)
                state = entry.state
                after = Counter(card for hand in state["hands"] for card in hand)
                left |= {board.card(card).key for card in before - after}
    finally:
        db.close()
    return left


def secret_kinds(sim: DiscordSim, db_paths: Iterable[str | Path]) -> dict[str, list[str]]:
    """Secret kind key → the strings that would give it away (name, text, card ids)."""
    board = registry.game(GAME).board
    kinds = {board.card(card).key: board.card(card) for card in board.deck}
    shown = "\n".join(private_texts(sim))
    left: set[str] = set()
    for path in db_paths:
        if Path(path).exists():
            left |= cards_that_left_a_hand(path)
    secrets: dict[str, list[str]] = {}
    for key, kind in kinds.items():
        if key in left or (kind.name not in shown and kind.text not in shown):
            continue
        ids = [card for card in board.deck if board.card(card).key == key]
        secrets[key] = [kind.name, kind.text, *(f":{card}" for card in ids)]
    return secrets


def assert_no_leaks(sim: DiscordSim, db_paths: Iterable[str | Path]) -> dict[str, list[str]]:
    """Fail with the message and the secret when a public message shows a card still in a hand.
    Returns the secrets checked (a scenario can assert there were some)."""
    secrets = secret_kinds(sim, db_paths)
    leaks = [
        f"{'thread name' if message is None else message!r} shows {needle!r} ({key}) in {text!r}"
        for message, text in public_texts(sim)
        for key, needles in secrets.items()
        for needle in needles
        if needle in text
    ]
    assert not leaks, "private hand contents in public:\n" + "\n".join(leaks)
    return secrets
