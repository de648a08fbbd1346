"""Small helpers over the Hollywood 1947 state: cards, dice, jobs, tokens and their names.

The state is a plain JSON dict (see ``rounds.setup`` for its shape). Seats are
written ``{pN}`` in every text so the host can put names in.
"""
from __future__ import annotations

import random
from typing import Any

from .content import Card, Content

State = dict[str, Any]

HAND_SIZE = 3
TOKENS = 4
WIN_MOVIES = 4
SEVENTH = 7
NO_SWAP_PLAYERS = 9  # "In a 9-player game, the job-swap action is unavailable."


# ----------------------------------------------------------------- players

def small_game(state: State) -> bool:
    """1–3 players: two dice and two jobs each, ghosts, two passes a round."""
    return state["players"] <= 3


def seats(state: State) -> range:
    return range(state["players"])


def clockwise_from(state: State, start: int) -> list[int]:
    n = state["players"]
    return [(start + i) % n for i in range(n)]


def option(state: State, name: str) -> bool:
    return bool(state["options"].get(name, False))


# -------------------------------------------------------------------- cards

def card_text(cx: Content, card_id: str) -> str:
    """“Bread Line (☭)” — a card's name and symbols, for labels and private events."""
    card = cx.cards[card_id]
    return f"{card.name} ({symbols_text(card)})"


def symbols_text(card: Card) -> str:
    marks = "⚑" * card.patriot + "☭" * card.communist
    return marks or "neutral"


def refill_deck(state: State, rng: random.Random) -> None:
    """The sheet's only way back for discards: when the deck runs out, they are shuffled in."""
    if not state["deck"] and state["discard"]:
        state["deck"] = state["discard"]
        state["discard"] = []
        rng.shuffle(state["deck"])


def draw_card(state: State, rng: random.Random) -> str | None:
    """The top card of the deck (index 0), reshuffling discards when it is empty."""
    refill_deck(state, rng)
    if not state["deck"]:
        return None
    return state["deck"].pop(0)


def draw_into_hand(state: State, seat: int, count: int, rng: random.Random) -> list[str]:
    drawn = []
    for _ in range(count):
        card = draw_card(state, rng)
        if card is None:
            break
        state["hands"][seat].append(card)
        drawn.append(card)
    return drawn


def cards_available(state: State) -> int:
    return len(state["deck"]) + len(state["discard"])


# --------------------------------------------------------------------- dice

def roll(rng: random.Random) -> bool:
    """An eight-sided die with four star faces and four blank ones: True is a star."""
    return rng.randrange(8) < 4


def die_by_id(state: State, die_id: str) -> dict[str, Any]:
    for die in all_dice(state):
        if die["id"] == die_id:
            return die
    raise KeyError(die_id)


def all_dice(state: State) -> list[dict[str, Any]]:
    """Players' dice, then the ghosts' dice (each ghost dict doubles as its die)."""
    return state["dice"] + state["ghosts"]


def die_name(state: State, die: dict[str, Any]) -> str:
    if "card" in die:
        return f"ghost card {int(die['id'][1:]) + 1}'s die"
    if small_game(state):
        return f"{{p{die['seat']}}}'s die {die['id'][-1].upper()}"
    return f"{{p{die['seat']}}}'s die"


def face(die: dict[str, Any]) -> str:
    return "★ star" if die["star"] else "blank"


def stars_of(state: State, seat: int) -> int:
    return sum(1 for die in state["dice"] if die["seat"] == seat and die["star"])


def reroll_all(state: State, rng: random.Random) -> None:
    for die in all_dice(state):
        die["star"] = roll(rng)


# --------------------------------------------------------------------- jobs

def job_numbers(state: State) -> list[int]:
    """Jobs in play, in number order (the Producer is out in 1–3 player games)."""
    return sorted(int(j) for j in state["jobs"])


def holder(state: State, job: int) -> int | None:
    return state["jobs"][str(job)]


def jobs_of(state: State, seat: int) -> list[int]:
    return [j for j in job_numbers(state) if state["jobs"][str(j)] == seat]


def center_jobs(state: State) -> list[int]:
    return [j for j in job_numbers(state) if state["jobs"][str(j)] is None]


def job_name(cx: Content, job: int) -> str:
    return f"{cx.jobs[job].name} ({job})"


def deal_jobs(state: State, rng: random.Random) -> None:
    """Shuffle every job in play and deal one (two in 1–3 player games) to each player."""
    numbers = job_numbers(state)
    rng.shuffle(numbers)
    per_seat = 2 if small_game(state) else 1
    for job in numbers:
        state["jobs"][str(job)] = None
    for i, job in enumerate(numbers[: per_seat * state["players"]]):
        state["jobs"][str(job)] = i % state["players"]


# ------------------------------------------------------------------ tokens

def recipient_name(state: State, who: str) -> str:
    """Token recipients are "p<seat>" or "g<ghost>"."""
    if who.startswith("g"):
        return f"ghost card {int(who[1:]) + 1}"
    return f"{{p{int(who[1:])}}}"


def recipients(state: State) -> list[str]:
    return [f"p{s}" for s in seats(state)] + [f"g{i}" for i in range(len(state["ghosts"]))]


def tokens_held(state: State, who: str) -> int:
    if who.startswith("g"):
        return state["ghosts"][int(who[1:])]["tokens"]
    return state["tokens"][int(who[1:])]


def add_tokens(state: State, who: str, amount: int) -> None:
    if who.startswith("g"):
        state["ghosts"][int(who[1:])]["tokens"] += amount
    else:
        state["tokens"][int(who[1:])] += amount


def last_token_round(state: State, who: str) -> int:
    if who.startswith("g"):
        return state["ghosts"][int(who[1:])]["token_round"]
    return state["token_round"][int(who[1:])]


def may_receive_token(state: State, who: str) -> bool:
    """The same player cannot receive a token in consecutive rounds."""
    return last_token_round(state, who) != state["round"] - 1


def give_token(state: State, who: str) -> None:
    add_tokens(state, who, 1)
    if who.startswith("g"):
        state["ghosts"][int(who[1:])]["token_round"] = state["round"]
    else:
        state["token_round"][int(who[1:])] = state["round"]


# ----------------------------------------------------------------- scoring

def team_wins(state: State, team: str) -> int:
    return sum(1 for film in state["films"] if film["winner"] in (team, "both"))


def goal(state: State, team: str) -> int:
    """Four movies win; with 3 players the communists need only three."""
    if team == "communist" and state["players"] == 3:
        return 3
    return WIN_MOVIES


def rising_star_rule(cx: Content, state: State) -> bool:
    """Whether a seventh movie decided by a symbol or less goes to the Rising Star."""
    return cx.has_rising_star(state["players"]) and "rising_star" in state["loyalty"]
