"""Shared set-up for the Hollywood Boulevard tests: the game, its bot, and short cuts that
drive a game to a given phase through the real protocol (engine.play)."""
from __future__ import annotations

import copy
import random
from functools import cache

import bot.games.hollywood_boulevard as hb
from bot import controls
from bot.engine import new_game, play
from bot.games import registry
from bot.games.content import load_content
from bot.games.hollywood_boulevard.content import load
from bot.table.service import choice_payload

GAME = hb.make_game(load_content(hb.GAME_ID, hb.CONTENT))
BOT = registry.bots(hb.GAME_ID, GAME)[0]  # the normal bot as the host drives it
C = GAME.content


@cache
def raw_content() -> dict:
    return load_content(hb.GAME_ID, hb.CONTENT)


def fresh_content():
    """A freshly loaded content object (for tests that break the TOML on purpose)."""
    return load(copy.deepcopy(raw_content()))


def new(players: int = 3, rounds: int = 6, seed: int = 1, start: int | None = 0) -> dict:
    """A new game; ``start`` fixes the start player (and the placement queue) for the test."""
    state = new_game(GAME, players, {"rounds": rounds}, seed)
    if start is not None:
        state["start"] = start
        state["queue"] = [[(start + i) % players, 0] for i in range(players)]
    return state


def act(state: dict, seat: int, action: str) -> tuple[dict, list]:
    return play(GAME, state, seat, action)


def film(title: str) -> str:
    return next(f.id for f in C.films.values() if f.title == title)


def star(name: str) -> str:
    return next(s.id for s in C.stars.values() if s.name == name)


def actions(state: dict, seat: int) -> list[str]:
    return [choice.action for choice in GAME.legal(state, seat)]


def stars_in_turn(state: dict) -> list[str]:
    """A distinct actor-star placement per seat, clear of last round's spots."""
    names = [s.id for s in C.stars.values() if s.track == "actor"]
    return [f"place:star:{names[(state['round'] * 7 + i) % len(names)]}" for i in range(state["players"])]


def place_all(state: dict, wishes: dict[int, str] | None = None) -> dict:
    """Every pending placer places: the wished action, else a star of their own."""
    wishes = dict(wishes or {})
    defaults = stars_in_turn(state)
    while state["phase"] == "place":
        seat, _marker = state["queue"][0]
        action = wishes.pop(seat, None) or defaults[seat]
        state, _ = act(state, seat, action)
    return state


def with_array(state: dict, titles: list[str]) -> dict:
    """Replace this round's array by the named films (placed at its front)."""
    ids = [film(t) for t in titles]
    state["array"] = ids + [f for f in state["array"] if f not in ids][: C.rules.array_size - len(ids)]
    return state


class Loaded(random.Random):
    """A generator whose first ``randint`` rolls are given (then it rolls as seeded)."""

    def __init__(self, first: list[int], seed: int = 0):
        super().__init__(seed)
        self.first = list(first)

    def randint(self, a: int, b: int) -> int:
        return self.first.pop(0) if self.first else super().randint(a, b)


def preview_roll(dice: list[int], seed: int = 5) -> tuple[dict, list]:
    """Two players: {p0} on the Preview House rolls ``dice`` behind the screen when {p1}
    places the last marker. Returns the state and that move's events."""
    state = new(2, seed=seed)
    state, _ = act(state, 0, "place:preview")
    state = copy.deepcopy(state)
    events = GAME.apply(state, 1, stars_in_turn(state)[1], Loaded(dice))
    state["_move"] += 1  # as engine.play would
    return state, events


def look(state: dict, genre: str = "epic") -> dict:
    """The Preview House holder's private step: note the roll (or, on snake eyes, name ``genre``)."""
    if state["phase"] == "genre":
        seat = state["secret"]["preview"]["seat"]
        offered = actions(state, seat)
        state, _ = act(state, seat, f"genre:{genre}" if f"genre:{genre}" in offered else offered[0])
    return state


def to_pick(state: dict, wishes: dict[int, str] | None = None) -> dict:
    state = look(place_all(state, wishes))
    assert state["phase"] == "pick", state["phase"]
    return state


def stop_picking(state: dict) -> dict:
    while state["phase"] == "pick":
        state, _ = act(state, state["picker"], "done")
    return state


def to_screen(state: dict, picks: dict[int, list[str]] | None = None, wishes=None) -> dict:
    """Deal the titles into the array, place (stars), pick them in turn order, then stop."""
    state = with_array(state, [t for titles in (picks or {}).values() for t in titles])
    state = to_pick(state, wishes)
    queue = {seat: [film(t) for t in titles] for seat, titles in (picks or {}).items()}
    while state["phase"] == "pick":
        seat = state["picker"]
        if queue.get(seat):
            state, _ = act(state, seat, f"pick:{queue[seat].pop(0)}")
        else:
            state, _ = act(state, seat, "done")
    assert state["phase"] == "screen", state["phase"]
    return state


def confirm_all(state: dict, bids: dict[int, list[str]] | None = None) -> tuple[dict, list]:
    """Each seat sets the given bid/tip actions and confirms; returns the state after the
    screens came down and the events of that last move."""
    events: list = []
    for seat in range(state["players"]):
        for action in (bids or {}).get(seat, []):
            state, _ = act(state, seat, action)
    for seat in range(state["players"]):
        state, events = act(state, seat, "bids:confirm")
    return state, events


def money_total(state: dict) -> int:
    return state["bank"] + sum(state["cash"])


NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def discord(choices, rows: int = controls.MAX_ROWS) -> tuple[dict[str, list[str]], list[str], int]:
    """What the host draws from these choices: selects (placeholder → option labels), button
    labels, and how many pages. ``rows=4`` is a thread post (its fifth row is the panel
    button); 5 is a DM or the "My hand & options" panel."""
    layout, pages = controls.layout(1, 1, [choice_payload(c, NAMES) for c in choices], rows=rows)
    selects = {row.placeholder: [label for _value, label, _desc in row.options]
               for row in layout if isinstance(row, controls.Select)}
    buttons = [button.label for row in layout if not isinstance(row, controls.Select) for button in row]
    return selects, buttons, pages
