"""Shared set-up for the Billboard tests: the game built as the registry builds it (with
its catalogues), short cuts to a given position, and the invariants every move keeps."""
from __future__ import annotations

import copy
import json
import random
from itertools import pairwise
from typing import Any

import bot.games.billboard as bb
from bot.engine import SYSTEM_SEAT, IllegalMove, new_game, play, rng_for
from bot.games import registry
from bot.games.billboard.content import DECK_SIZES
from bot.games.billboard.prices import highest

GAME = bb.make_game(registry.game_content("billboard"))
BOT = registry.bots(bb.GAME_ID, GAME)[0]  # the normal bot as the host drives it
C = GAME.content
CONTRACTS = sum(DECK_SIZES.values())


def new(players: int = 3, seed: int = 1, **options: Any) -> dict:
    """A new game, still in the draft."""
    return new_game(GAME, players, options, seed)


def act(state: dict, seat: int, action: str) -> tuple[dict, list]:
    return play(GAME, state, seat, action)


def actions(state: dict, seat: int) -> list[str]:
    return [choice.action for choice in GAME.legal(state, seat)]


def texts(events: list) -> list[str]:
    return [event.text for event in events]


def public(events: list) -> str:
    return "\n".join(event.text for event in events if event.to is None)


def board(players: int = 3, seed: int = 1, holdings: dict[int, list[str]] | None = None,
          cash: int = 15, **options: Any) -> dict:
    """A game past its draft, seat 0 to play round 1: each seat owns the billboards listed
    for it (the bank paid back nothing: money is set to ``cash`` and the bank adjusted so
    money stays conserved)."""
    state = new(players, seed, **options)
    for seat, ids in (holdings or {}).items():
        for billboard_id in ids:
            assert state["owner"][billboard_id] is None, billboard_id
            state["owner"][billboard_id] = seat
    state["bank"] += players * (C.starting_money - cash)
    state.update(money=[cash] * players, phase="turn", turn=0, start=0, used=[], traded=[],
                 step=None, draft_passed=list(range(players)))
    return state


def pile(state: dict, agency: str, cards: list[str]) -> dict:
    """Move ``cards`` on top of an agency's pile from wherever they were face down."""
    for deck in state["decks"].values():
        for card in cards:
            if card in deck:
                deck.remove(card)
    for other in state["agencies"].values():
        other["pile"] = [c for c in other["pile"] if c not in cards]
    state["agencies"][agency]["pile"] = cards + state["agencies"][agency]["pile"]
    return state


def card(**area: Any) -> str:
    """The id of a contract with exactly this area (``districts``, ``excluded``, ``values``)."""
    for contract in C.contracts.values():
        if all(getattr(contract, key) == value for key, value in area.items()):
            return contract.id
    raise LookupError(area)


def drive(state: dict, seat: int, steps: list[str]) -> tuple[dict, list]:
    """Play several actions by one seat; the events of all of them."""
    events: list = []
    for action in steps:
        state, more = act(state, seat, action)
        events += more
    return state, events


def fill(state: dict, seat: int, template: str, value: Any) -> str:
    """The action that fills the seat's offered template with ``value``."""
    choice = next(c for c in GAME.legal(state, seat) if c.action == template)
    return choice.fill(value)


def money_total(state: dict) -> int:
    return state["bank"] + sum(state["money"]) + sum(state["locked"])


def invariant(state: dict, total: int) -> None:
    """Money and billboards conserved, every contract somewhere once, prices in order."""
    assert money_total(state) == total, "money created or lost"
    assert min(state["money"]) >= 0 and min(state["locked"]) >= 0 and state["bank"] >= 0
    bids = [0] * state["players"]
    for company_id, company in state["companies"].items():
        if company["bid"] is not None:
            bids[company["bid"]["seat"]] += company["bid"]["price"]
            assert company["owner"] is None
        if company["owner"] is None:
            held = sum(C.billboards[b].value for b, o in state["owner"].items() if o == company_id)
            assert held == company["value"], f"{company_id}'s value is off"
    assert bids == state["locked"], "locked money differs from the bids standing"
    assert set(state["owner"]) == set(C.billboards), "a billboard appeared or vanished"
    for billboard_id, owner in state["owner"].items():
        if isinstance(owner, str):
            assert state["companies"][owner]["owner"] is None, "a bought company still holds billboards"
        else:
            assert owner is None or 0 <= owner < state["players"]
    for billboard_id in state["ads"]:
        assert isinstance(state["owner"][billboard_id], int), "an ad on a billboard nobody holds"
    assert len(set(state["ads"])) == len(state["ads"])
    cards = [c for deck in state["decks"].values() for c in deck]
    cards += [c for a in state["agencies"].values() for c in a["pile"]]
    cards += state["discard"] + state["won"]
    if state["auction"] is not None:
        cards.append(state["auction"]["contract"])
    assert sorted(cards) == sorted(C.contracts), "a contract appeared or vanished"
    prices = state["prices"]
    assert all(a < b for a, b in pairwise(prices)), prices
    assert all(v <= p <= highest(v, C.max_price) for v, p in enumerate(prices, 1)), prices


def face_down(state: dict) -> set[str]:
    return {c for deck in state["decks"].values() for c in deck} | \
        {c for a in state["agencies"].values() for c in a["pile"]}


def strings(value: Any) -> set[str]:
    """Every string inside a view (keys and values)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in strings(v)}
    if isinstance(value, (list, tuple)):
        return {s for v in value for s in strings(v)}
    return set()


def bot_game(players: int, seed: int, options: dict | None = None, check=None) -> tuple[dict, list]:
    """A whole bot game through the engine; ``check(state)`` after every move. Returns the
    final state and the action log (deadlines are never due: bots answer at once)."""
    state = new_game(GAME, players, options or {}, seed)
    log: list[tuple[int, str]] = []
    while GAME.result(state) is None:
        assert len(log) < 5000, "the bot game did not finish"
        pending = sorted(GAME.pending(state))
        assert len(pending) == 1, pending
        seat = pending[0]
        action = BOT.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
        state, _ = play(GAME, state, seat, action)  # refused unless legal() offered it
        log.append((seat, action))
        if check:
            check(state)
    return state, log


def time_out(state: dict) -> tuple[dict, list]:
    """The asked seat's deadline passes."""
    return play(GAME, state, SYSTEM_SEAT, "timeout")


def round_trips(state: dict) -> bool:
    return json.loads(json.dumps(state)) == state


def refused(state: dict, seat: int, action: str) -> str:
    """The game's own refusal of ``action`` (a sentence), leaving the state untouched."""
    trial = copy.deepcopy(state)
    try:
        GAME.apply(trial, seat, action, random.Random(0))
    except IllegalMove as refusal:
        assert trial == state, f"{action[:40]!r} changed the state before it was refused"
        return str(refusal)
    raise AssertionError(f"{action!r} was taken")
