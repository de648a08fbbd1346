"""Hollywood 1947 — the game object the engine drives (see bot/engine/protocol.py)."""
from __future__ import annotations

import random
from typing import Any

from bot.engine import Choice, Event, IllegalMove, Option, Result

from . import post, production, rounds, take_back
from . import tally as chart
from .content import Content
from .help import RULES_SUMMARY
from .summary import opening_events, private_summary
from .table import State, job_name, jobs_of, team_wins
from .views import private_view, public_view

OPTIONS = (
    Option("handpick_jobs", "Handpick Jobs: the first seat removes jobs from the game before "
           "they are dealt (at least one job per player stays).", False, (False, True)),
    Option("justice_served", "Justice Served: in the 7th movie no card comes from the deck and "
           "none is cut at random (the Composer and the Editor still may).", False, (False, True)),
    Option("random_loyalties", "Random Loyalties: loyalties are dealt at random from all nine, "
           "so nobody knows how many of each team there are.", False, (False, True)),
    Option("studio_order", "Studio Order: turns follow the job numbers, not the seats; a job "
           "swapped later can mean a second turn, or none.", False, (False, True)),
    Option("union_strike", "Union Strike: under a neutral poster, players with stars may add "
           "any number of cards (0–3) to the movie.", False, (False, True)),
)

POST_PHASES = ("stars", "tokens", "editor")
#: A run-out's move in a phase, and in a step of a job being performed (always on offer there).
RUN_OUTS = {"handpick": "deal", "tokens": "keep", "editor": "edit:return"}
STEP_RUN_OUTS = {"producer_new": "end", "reroll": "stop"}


class Hollywood1947:
    id = "hollywood-1947"
    name = "Hollywood 1947"
    min_players = 1
    max_players = 9
    options = OPTIONS
    # The end-of-game chart's figures and each player's notable ones, from public views.
    tally, notables = staticmethod(chart.tally), staticmethod(chart.notables)
    # Which moves a player may take back (bot/engine/takeback.py).
    can_take_back = staticmethod(take_back.can_take_back)

    def __init__(self, content: Content):
        self.content = content

    # ------------------------------------------------------------- protocol

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> State:
        return rounds.setup(self.content, players, options, rng)

    def pending(self, state: State) -> set[int]:
        phase = state["phase"]
        if phase == "handpick":
            return {0}
        if phase == "production":
            return {state["turn"]["seat"]}
        if phase in POST_PHASES:
            return post.pending(state)
        return set()

    def next_seat(self, state: State) -> int | None:
        """Who plays after the seat to move now: the next turn of production, the next token
        holder in Post; None where a round's deal or a premiere decides."""
        phase = state["phase"]
        if phase == "production":
            return rounds.turn_after(state)
        if phase in POST_PHASES:
            return post.next_token_holder(state)
        return None

    def legal(self, state: State, seat: int) -> list[Choice]:
        if seat not in self.pending(state):
            return []
        phase = state["phase"]
        if phase == "handpick":
            return [Choice(a, label, group, style="primary" if a == "deal" else "secondary")
                    for a, label, group in rounds.handpick_choices(self.content, state)]
        if phase == "production":
            return production.choices(self.content, state, seat)
        return post.choices(self.content, state, seat)

    def run_out(self, state: State, seat: int) -> str | None:
        """What a run-out of the turn clock takes (NOTES.md, "The turn clock"): the turn's
        pass, ending the turn rather than performing a new job, stopping after one reroll,
        keeping your tokens, adding no more cards in a Union Strike, the Editor putting the
        card back (as an Editor who does not edit), the handpicked jobs dealt as they stand.
        A choice the job or the stars force (which poster, which card, whom) has no neutral
        answer: None, the bot."""
        if seat not in self.pending(state):
            return None
        phase = state["phase"]
        if phase == "production":
            step = state["step"]
            return "pass" if step is None else STEP_RUN_OUTS.get(step["kind"])
        if phase == "stars":
            return "done" if state["post"]["union"] else None
        return RUN_OUTS.get(phase)

    def apply(self, state: State, seat: int, action: str, rng: random.Random) -> list[Event]:
        phase = state["phase"]
        if phase == "handpick":
            return rounds.apply_handpick(self.content, state, action, rng)
        if phase == "production":
            return production.apply(self.content, state, seat, action, rng)
        if phase in POST_PHASES:
            return post.apply(self.content, state, seat, action, rng)
        raise IllegalMove("This game is over.")

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return public_view(self.content, state)
        return private_view(self.content, state, seat)

    def result(self, state: State) -> Result | None:
        outcome = state["outcome"]
        if outcome is None:
            return None
        patriots, communists = team_wins(state, "patriot"), team_wins(state, "communist")
        scores = {seat: {"patriot": patriots, "communist": communists}[loyalty]
                  if loyalty != "rising_star" else int(outcome["team"] == "rising_star")
                  for seat, loyalty in enumerate(state["loyalty"])}
        return Result(tuple(outcome["winners"]), scores, post.end_summary(state))

    def opening_events(self, state: State) -> list[Event]:
        """The “eyes closed” moment: each seat's loyalty, and the communists meet.

        ``setup`` cannot return events, so the host sends these once, right after it.
        """
        return opening_events(state)

    def private_summary(self, state: State, seat: int) -> str:
        """What only ``seat`` knows now (Markdown, for a DM or ``/game hand``)."""
        return private_summary(self.content, state, seat)

    def prompt(self, state: State, seat: int) -> str:
        phase = state["phase"]
        if phase == "over" or seat not in self.pending(state):
            return "Nothing to do right now."
        if phase == "handpick":
            return "Remove any jobs you want out of this game, then deal the jobs."
        if phase == "stars":
            if state["post"]["union"]:
                return "Union Strike: add any number of cards face down to the movie, then stop."
            left = state["post"]["owed"][str(seat)]
            return f"Your star{'s' if left > 1 else ''} showing: add {left} card" \
                   f"{'s' if left > 1 else ''} face down to the movie."
        if phase == "tokens":
            held = state["tokens"][seat]
            return f"You hold {held} token{'s' if held > 1 else ''}: spend one to add a card, " \
                   "or keep them."
        if phase == "editor":
            return "You are editing: cut the card you drew, or put it back into the movie."
        return _production_prompt(self.content, state, seat)

    def status(self, state: State) -> str:
        score = (f"Patriots {team_wins(state, 'patriot')} – "
                 f"Communists {team_wins(state, 'communist')}")
        phase = state["phase"]
        if phase == "handpick":
            return "Setting up — {p0} is handpicking the jobs."
        if phase == "over":
            return f"Game over — {score}."
        movie = f"Movie {state['round']}"
        if phase == "production":
            seat = state["turn"]["seat"]
            jobs = ", ".join(self.content.jobs[j].name for j in jobs_of(state, seat))
            return f"{movie} · Production — {{p{seat}}}'s turn ({jobs or 'no job'}) · {score}"
        who = ", ".join(f"{{p{s}}}" for s in sorted(self.pending(state)))
        return f"{movie} · Post — waiting for {who} · {score}"

    def rules_summary(self) -> str:
        return RULES_SUMMARY


def _production_prompt(cx: Content, state: State, seat: int) -> str:
    step = state["step"]
    if step is None:
        return "Your turn: perform your job, swap it with the center, reroll up to two dice, " \
               "or pass."
    kind = step["kind"]
    if kind == "producer":
        if step["first"] is None:
            return "Choose the first job card to swap."
        return f"Choose the job card to swap with the {job_name(cx, step['first'])}."
    if kind == "gaffer":
        return f"Gaffer: choose a die to reroll ({step['left']} left)."
    if kind == "discard":
        return f"Discard {step['left']} more card{'s' if step['left'] > 1 else ''}."
    return {
        "screenwriter": "Choose which poster to reveal; the other leaves the game face down.",
        "producer_new": "You may perform your new job right away, or end your turn.",
        "director": "Choose who gets a token.",
        "reroll": "Choose a second die to reroll, or stop.",
        "reshoot": "Choose the player who discards their hand and draws three.",
        "composer": "Choose the card to add to the movie; the other is discarded.",
    }[kind]
