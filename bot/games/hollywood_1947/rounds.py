"""Set-up, the Handpick Jobs step, and the start of each round (turn order, poster, ghosts)."""
from __future__ import annotations

import random
from typing import Any

from bot.engine import Event, IllegalMove

from .actions import parse
from .content import Content
from .memory import forget_old
from .table import (
    HAND_SIZE,
    NO_SWAP_PLAYERS,
    TOKENS,
    State,
    center_jobs,
    clockwise_from,
    deal_jobs,
    draw_card,
    draw_into_hand,
    job_name,
    job_numbers,
    option,
    roll,
    small_game,
)

GHOSTS_BY_PLAYERS = {1: 3, 2: 2, 3: 1}
PRODUCER = 2
SCREENWRITER = 1


def setup(cx: Content, players: int, options: dict[str, Any], rng: random.Random) -> State:
    small = players <= 3
    jobs = [j for j in sorted(cx.jobs) if not (small and j == PRODUCER)]
    cards = [c.id for c in cx.cards.values() if not (players == 2 and c.two_player_removed)]
    removed_cards = [c.id for c in cx.cards.values() if players == 2 and c.two_player_removed]
    posters = [p.id for p in cx.posters.values() if not (players == 2 and p.two_player_removed)]
    rng.shuffle(cards)
    rng.shuffle(posters)
    state: State = {
        "players": players,
        "options": dict(options),
        "phase": "production",
        "round": 0,
        "loyalty": deal_loyalties(cx, players, bool(options.get("random_loyalties")), rng),
        "jobs": {str(j): None for j in jobs},
        "removed_jobs": [],
        "hands": [[] for _ in range(players)],
        "deck": cards,
        "discard": [],
        "removed_cards": removed_cards,
        "movie": [],
        "editor_card": None,
        "dice": [],
        "ghosts": [],
        "tokens_center": TOKENS,
        "tokens": [0] * players,
        "token_round": [-1] * players,
        "posters": posters,
        "posters_out": [p.id for p in cx.posters.values() if p.id not in posters],
        "poster": None,
        "rejected": [],
        "films": [],
        "turn": None,
        "performed": [],
        "step": None,
        "editor": None,
        "composer_added": False,
        "post": None,
        "last_premiere": None,
        "outcome": None,
        "notes": [[] for _ in range(players)],
    }
    for seat in range(players):
        draw_into_hand(state, seat, HAND_SIZE, rng)
        for letter in ("ab" if small else "a"):
            die_id = f"{seat}{letter}" if small else str(seat)
            state["dice"].append({"id": die_id, "seat": seat, "star": roll(rng)})
    for i in range(GHOSTS_BY_PLAYERS.get(players, 0)):
        state["ghosts"].append({"id": f"g{i}", "card": draw_card(state, rng), "star": roll(rng),
                                "tokens": 0, "token_round": -1, "seen": []})
    if options.get("handpick_jobs") and len(jobs) > jobs_needed(state):
        state["phase"] = "handpick"
        return state
    deal_jobs(state, rng)
    start_round(cx, state, rng, [])
    return state


def deal_loyalties(cx: Content, players: int, random_deal: bool, rng: random.Random) -> list[str]:
    """The deal table by player count, or (Random Loyalties) any `players` of the nine cards.

    Random Loyalties keeps the Rising Star out of the player counts that have none,
    so the seventh movie is scored the same way whatever was dealt.
    """
    if random_deal:
        pool = [team for team, count in cx.loyalty_cards.items() for _ in range(count)
                if team != "rising_star" or cx.has_rising_star(players)]
        rng.shuffle(pool)
        return pool[:players]
    deal = [team for team, count in cx.deal[players].items() for _ in range(count)]
    rng.shuffle(deal)
    return deal


def jobs_needed(state: State) -> int:
    return state["players"] * (2 if small_game(state) else 1)


# ------------------------------------------------------------ Handpick Jobs

def handpick_choices(cx: Content, state: State) -> list[tuple[str, str, str]]:
    """(action, label, group) for the first seat, who handpicks the jobs for the table."""
    choices = []
    if len(state["jobs"]) > jobs_needed(state):
        for job in job_numbers(state):
            choices.append((f"drop:{job}", f"Remove the {job_name(cx, job)}", "drop"))
    for job in sorted(state["removed_jobs"]):
        choices.append((f"keep:{job}", f"Put the {job_name(cx, job)} back", "keep"))
    choices.append(("deal", f"Deal these {len(state['jobs'])} jobs and start", "deal"))
    return choices


HANDPICK_SHAPES = {"deal": "", "drop": "n", "keep": "n"}


def apply_handpick(cx: Content, state: State, action: str, rng: random.Random) -> list[Event]:
    verb, fields = parse(action, HANDPICK_SHAPES)
    if verb == "deal":
        deal_jobs(state, rng)
        names = ", ".join(cx.jobs[j].name for j in job_numbers(state))
        events = [Event(f"Jobs in this game: {names}. They are dealt face up.")]
        state["phase"] = "production"
        start_round(cx, state, rng, events)
        return events
    (job,) = fields
    if verb == "drop":
        if str(job) not in state["jobs"]:
            raise IllegalMove(f"Job {job} is not in this game to remove.")
        if len(state["jobs"]) <= jobs_needed(state):
            raise IllegalMove(f"Every player needs a job: keep at least {jobs_needed(state)}.")
        del state["jobs"][str(job)]
        state["removed_jobs"].append(job)
        return [Event(f"{{p0}} removed the {job_name(cx, job)} from this game.")]
    if job not in state["removed_jobs"]:
        raise IllegalMove(f"Job {job} was not removed.")
    state["removed_jobs"].remove(job)
    state["jobs"][str(job)] = None
    state["jobs"] = {str(j): None for j in sorted(int(k) for k in state["jobs"])}
    return [Event(f"{{p0}} put the {job_name(cx, job)} back into this game.")]


# ------------------------------------------------------------- round start

def start_round(cx: Content, state: State, rng: random.Random, events: list[Event]) -> None:
    """Begin a movie: fresh production, ghost dice re-rolled, poster maybe revealed, first turn."""
    state["round"] += 1
    forget_old(state)
    state["performed"] = []
    state["editor"] = None
    state["composer_added"] = False
    state["step"] = None
    state["post"] = None
    state["poster"] = None
    state["rejected"] = []
    if state["round"] > 1:
        for ghost in state["ghosts"]:  # "At the start of each round you must re-roll"
            ghost["star"] = roll(rng)
    if not screenwriter_possible(state):
        reveal_top_poster(cx, state, events)
    state["turn"] = {"order": turn_order(state), "index": 0, "cursor": 0, "seat": None, "taken": 0,
                     "spent": [], "swapped_in": []}
    if option(state, "studio_order"):
        state["turn"]["order"] = []
    first = next_turn_seat(state)
    state["turn"]["seat"] = first
    events.append(Event(f"Movie {state['round']}: production begins with {{p{first}}}."))


def screenwriter_possible(state: State) -> bool:
    """The Screenwriter can only write on the round's first turn, with two posters to draw."""
    if str(SCREENWRITER) not in state["jobs"] or state["jobs"][str(SCREENWRITER)] is None:
        return False
    return len(state["posters"]) >= 2


def reveal_top_poster(cx: Content, state: State, events: list[Event]) -> None:
    poster = cx.posters[state["posters"].pop(0)]
    state["poster"] = poster.id
    events.append(Event(f"The genre for movie {state['round']} is *{poster.name}* "
                        f"({poster.symbol} corner), revealed from the top of the poster deck."))


def turn_order(state: State) -> list[int]:
    """From the holder of the lowest job, clockwise; twice around in 1–3 player games."""
    lowest = next(s for j in job_numbers(state) if (s := state["jobs"][str(j)]) is not None)
    order = clockwise_from(state, lowest)
    return order * 2 if small_game(state) else order


def next_turn_seat(state: State) -> int | None:
    """Who plays the next turn, or None when production is over.

    Clockwise play walks the order fixed at the round's start. Studio Order walks
    the job numbers: whoever holds the next number *now* plays, so a later job
    taken from the center gives a second turn, and a player whose later job the
    Producer took gets none. A number whose turn the Producer already used (by
    taking that job from a player mid-turn) calls no turn of its own.
    """
    turn = state["turn"]
    if option(state, "studio_order"):
        spent = turn.get("spent", [])
        for job in job_numbers(state):
            who = state["jobs"][str(job)]
            if job > turn["cursor"] and who is not None and job not in spent:
                turn["cursor"] = job
                return who
        return None
    if turn["index"] < len(turn["order"]):
        return turn["order"][turn["index"]]
    return None


def turn_after(state: State) -> int | None:
    """Who plays the production turn after the one now, in the order fixed at the round's
    start; None after the round's last turn (Post follows), and under Studio Order, where a
    job taken mid-turn can change who holds the next number."""
    if option(state, "studio_order"):
        return None
    turn = state["turn"]
    later = [seat for seat in turn["order"][turn["index"] + 1:] if seat != turn["seat"]]
    return later[0] if later else None


def advance_turn(cx: Content, state: State, rng: random.Random, events: list[Event]) -> bool:
    """End the current turn. Returns False when production is over (Post comes next)."""
    turn = state["turn"]
    state["step"] = None
    turn["taken"] += 1
    if state["poster"] is None:  # the Screenwriter did not write on the first turn
        reveal_top_poster(cx, state, events)
    if not option(state, "studio_order"):
        turn["index"] += 1
    turn["seat"] = next_turn_seat(state)
    return turn["seat"] is not None


def center_swap_allowed(state: State) -> bool:
    return state["players"] < NO_SWAP_PLAYERS and bool(center_jobs(state))

