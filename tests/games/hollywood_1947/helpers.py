"""Shared set-ups for the Hollywood 1947 tests: a loaded game, and ways to rig a table."""
from __future__ import annotations

import random
from typing import Any

from bot.engine import new_game, play
from bot.games import hollywood_1947 as H
from bot.games import registry
from bot.games.content import load_content
from bot.games.hollywood_1947.rounds import start_round

GAME = H.make_game(load_content("hollywood-1947", H.CONTENT))
BOT = registry.bots(H.GAME_ID, GAME)[0]  # the normal bot as the host drives it
CX = GAME.content


def fresh(players: int, seed: int = 1, **options: Any) -> dict[str, Any]:
    return new_game(GAME, players, options, seed)


def act(state: dict[str, Any], seat: int, action: str) -> tuple[dict[str, Any], list]:
    return play(GAME, state, seat, action)


def actions(state: dict[str, Any], seat: int) -> set[str]:
    return {choice.action for choice in GAME.legal(state, seat)}


def card_ids(key: str) -> list[str]:
    return sorted(c for c in CX.cards if c.rsplit("-", 1)[0] == key)


def restart(state: dict[str, Any], jobs: dict[int, int | None] | None = None,
            seed: int = 0) -> dict[str, Any]:
    """Start the current round over, optionally with the jobs dealt as given {job: seat}."""
    if state["poster"] is not None:
        state["posters"].insert(0, state["poster"])
        state["poster"] = None
    if jobs is not None:
        state["jobs"] = {str(j): jobs.get(j) for j in sorted(int(k) for k in state["jobs"])}
    state["round"] -= 1
    start_round(CX, state, random.Random(seed), [])
    return state


def _take(state: dict[str, Any], card: str) -> None:
    """Lift a card out of wherever it is (deck, discard, a hand, a ghost, the movie)."""
    for pile in [state["deck"], state["discard"], state["movie"], *state["hands"]]:
        if card in pile:
            pile.remove(card)
            return
    for ghost in state["ghosts"]:
        if ghost["card"] == card:
            ghost["card"] = state["deck"].pop()
            return
    raise AssertionError(f"{card} is nowhere")


def give_hand(state: dict[str, Any], seat: int, cards: list[str]) -> None:
    """Rig a hand: its old cards go to the bottom of the deck, the named ones come in."""
    old = state["hands"][seat]
    state["hands"][seat] = []
    state["deck"].extend(old)
    for card in cards:
        _take(state, card)
        state["hands"][seat].append(card)


def stack_deck(state: dict[str, Any], cards: list[str]) -> None:
    """Put the named cards on top of the deck, in order (first is drawn first)."""
    for card in cards:
        _take(state, card)
    state["deck"][0:0] = cards


def set_dice(state: dict[str, Any], stars: dict[str, bool]) -> None:
    for die in state["dice"] + state["ghosts"]:
        if die["id"] in stars:
            die["star"] = stars[die["id"]]


def all_blank(state: dict[str, Any]) -> None:
    for die in state["dice"] + state["ghosts"]:
        die["star"] = False


def pass_round(state: dict[str, Any]) -> dict[str, Any]:
    """Everyone passes until this round's production ends."""
    movie = state["round"]
    while state["phase"] == "production" and state["round"] == movie:
        state, _ = act(state, state["turn"]["seat"], "pass")
    return state


def card_total(state: dict[str, Any]) -> int:
    """Every propaganda card, wherever it is, including cards held mid-action."""
    total = (len(state["deck"]) + len(state["discard"]) + len(state["movie"])
             + sum(len(h) for h in state["hands"]) + len(state["removed_cards"])
             + sum(1 for g in state["ghosts"] if g["card"]))
    total += state["editor_card"] is not None
    step = state["step"]
    if step and step["kind"] == "composer":
        total += len(step["drawn"])
    return total


def texts(events: list) -> str:
    return "\n".join(e.text for e in events)


def public_texts(events: list) -> str:
    return "\n".join(e.text for e in events if e.to is None)
