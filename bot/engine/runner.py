"""Running a game: set-up, one move, replay. The only door into a game's rules.

Randomness is derived from the game's seed and the move number, so the same
seed and the same action log always give the same state: that is how games are
replayed, debugged and checked after a crash.
"""
from __future__ import annotations

import copy
import hashlib
import marshal
import random
from collections.abc import Iterable
from typing import Any

from .protocol import (
    MAX_FILLED_ACTION_LENGTH,
    SYSTEM_SEAT,
    BadOption,
    Deadline,
    Event,
    Game,
    IllegalMove,
    NotOffered,
    State,
    offered,
)

#: Keys the engine keeps in every state, beside the game's own.
SEED_KEY = "_seed"
MOVE_KEY = "_move"
#: The action a take-back is logged as (``bot/engine/takeback.py``). No game offers it, so
#: ``play`` never accepts it; a replay drops it with the move it took back.
UNDO = "undo"


def copy_state(state: State) -> State:
    """An exact deep copy of a state, about four times as fast as ``copy.deepcopy``.

    A state is plain data (dicts, lists, strings, numbers, booleans, None, perhaps
    tuples and sets), which ``marshal`` copies keeping every type and every shared
    reference, as ``deepcopy`` does. A state holding anything else (an object of the
    game's own) is copied by ``deepcopy``, which marshal refuses with ValueError.
    """
    try:
        copied: State = marshal.loads(marshal.dumps(state))
    except ValueError:
        return copy.deepcopy(state)
    return copied


def rng_for(seed: int | str, move: int, salt: str = "") -> random.Random:
    """A generator that depends only on (seed, move, salt)."""
    digest = hashlib.sha256(f"{seed}:{move}:{salt}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


#: The option the host fills for a game that speaks several languages (``game.languages``):
#: each seat's language, from the player's Discord locale, for what only that seat reads.
SEAT_LANGUAGES = "seat_languages"


def resolve_options(game: Game, options: dict[str, Any] | None) -> dict[str, Any]:
    """The game's defaults overridden by ``options``; an unknown or bad value is refused."""
    chosen = {opt.name: opt.default for opt in game.options}
    for name, value in (options or {}).items():
        spoken = getattr(game, "languages", ())
        if name == SEAT_LANGUAGES and spoken:
            if not isinstance(value, list) or any(lang not in spoken for lang in value):
                raise BadOption("Each seat's language is one of {languages}.", languages=", ".join(spoken))
            chosen[name] = value
            continue
        spec = next((opt for opt in game.options if opt.name == name), None)
        if spec is None:
            raise BadOption("{game} has no option called “{name}”.", game=game.name, name=name)
        if value not in spec.choices:
            allowed = ", ".join(str(c) for c in spec.choices)
            raise BadOption("“{name}” can be {allowed}; not {value}.", name=name, allowed=allowed, value=value)
        chosen[name] = value
    return chosen


def new_game(game: Game, players: int, options: dict[str, Any] | None, seed: int) -> State:
    if not game.min_players <= players <= game.max_players:
        raise BadOption("{game} is for {least}–{most} players, not {count}.", game=game.name,
                        least=game.min_players, most=game.max_players, count=players)
    state = game.setup(players, resolve_options(game, options), rng_for(seed, 0))
    state[SEED_KEY] = seed
    state[MOVE_KEY] = 0
    return state


def deadlines(game: Game, state: State) -> list[Deadline]:
    """The game's running countdowns (none for games without any, or once it is over)."""
    listed = getattr(game, "deadlines", None)
    if listed is None or game.result(state) is not None:
        return []
    return list(listed(state))


def play(game: Game, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
    """Apply one move and return the new state and its events; ``state`` is untouched.

    The engine accepts only what the game offered: one of the seat's ``legal()``
    choices (or a filling of one), or for ``SYSTEM_SEAT`` a deadline's action.
    A game's parser is then a second line of defence, not the only one.
    """
    if game.result(state) is not None:
        raise NotOffered("This game is over.")
    if not isinstance(action, str) or not action or len(action) > MAX_FILLED_ACTION_LENGTH:
        raise NotOffered("That move is not one this game understands.")
    if seat == SYSTEM_SEAT:
        if action not in {d.action for d in deadlines(game, state)}:
            raise NotOffered("No deadline of this game is due with that move.")
    else:
        _check_offered(game, state, seat, action)
    move = state[MOVE_KEY] + 1
    new_state = copy_state(state)
    events = game.apply(new_state, seat, action, rng_for(state[SEED_KEY], move))
    new_state[MOVE_KEY] = move
    return new_state, list(events)


def _check_offered(game: Game, state: State, seat: int, action: str) -> None:
    choices = game.legal(state, seat)
    if offered(choices, action) is not None:
        return
    if not choices and seat not in game.pending(state):
        raise NotOffered("It is not your turn.")
    # Not on offer. The game's own refusal says why in the player's terms
    # ("You have $3,000; *Roman Holiday* costs $4,000"), so ask it on a copy;
    # whatever else happens there, the move is refused all the same.
    try:
        game.apply(copy_state(state), seat, action, rng_for(state[SEED_KEY], state[MOVE_KEY] + 1))
    except IllegalMove:
        raise
    except Exception:  # noqa: BLE001, S110 - a parser crashing on a forged move is a refusal too
        pass
    raise NotOffered("That is not one of the moves you can make now.")


def upgraded(game: Game, state: State) -> State:
    """``state``, saved by an earlier version of Marquee, brought to the shape today's rules
    read (the title's ``upgrade``, in place; a state already in shape is left as it is)."""
    upgrade = getattr(game, "upgrade", None)
    if upgrade is not None:
        upgrade(state)
    return state


def replay(
    game: Game, players: int, options: dict[str, Any] | None, seed: int,
    log: Iterable[tuple[int, str]],
) -> State:
    """Rebuild a state from its set-up and action log of (seat, action), take-backs included."""
    state = new_game(game, players, options, seed)
    for seat, action in effective(log):
        state, _ = play(game, state, seat, action)
    return state


def effective(log: Iterable[tuple[int, str]]) -> list[tuple[int, str]]:
    """The log without its take-backs and the moves they took back. It replays to the same
    states as the whole log: a take-back restores the state before its move exactly, its
    move counter included, so what follows draws the same randomness either way."""
    kept: list[tuple[int, str]] = []
    for seat, action in log:
        if action == UNDO:
            kept.pop()
        else:
            kept.append((seat, action))
    return kept
