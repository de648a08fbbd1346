"""What one seat privately knows, as Markdown for a DM or ``/game hand``, and the set-up DMs.

Everything here is that seat's own: loyalty (and, for communists, each other), the hand,
ghost cards it looked at, what it drew mid-job, and its notes on this movie and the last.
"""
from __future__ import annotations

from bot.engine import Event

from .content import Content
from .memory import notes_of
from .table import State, card_text, job_name, jobs_of
from .views import LOYALTY_NAMES, fellow_communists

GOALS = {
    "patriot": "Win four movies with a majority of patriot symbols before the communists do.",
    "communist": "Win four movies (three with 3 players) with a communist majority; ties are "
                 "yours. Keep your loyalty hidden.",
    "rising_star": "Keep it close: if a seventh movie is made and ends tied or within one "
                   "symbol, you alone win.",
}

EFFECTS = {"hearing": "if revealed, every die is re-rolled",
           "shake_up": "if revealed, every job is shuffled and dealt again"}

NOTE_TEXT = {
    "rejected": "you rejected the poster {poster}; only its corner symbol may be discussed",
    "added": "you added {card} to the movie",
    "composed": "as the Composer you added {card} to the movie",
    "composer_discarded": "as the Composer you discarded {card}",
    "discarded": "you discarded {card}",
    "cut": "as the Editor you cut {card}",
    "returned": "as the Editor you put {card} back (then a random card was cut)",
    "ghost": "a ghost card you had looked at, {card}, went into the movie",
}


def loyalty_lines(state: State, seat: int) -> list[str]:
    loyalty = state["loyalty"][seat]
    lines = [f"Your loyalty: **{LOYALTY_NAMES[loyalty]}**. {GOALS[loyalty]}"]
    if loyalty == "communist":
        fellows = fellow_communists(state, seat)
        lines.append("Your fellow communists: " + ", ".join(f"{{p{s}}}" for s in fellows) + "."
                     if fellows else "You are the only communist at the table.")
    return lines


def opening_events(state: State) -> list[Event]:
    """The “eyes closed” moment: each seat learns its loyalty, and the communists meet."""
    return [Event(line, to=(seat,)) for seat in range(state["players"])
            for line in loyalty_lines(state, seat)]


def private_summary(cx: Content, state: State, seat: int) -> str:
    parts = ["\n".join(loyalty_lines(state, seat))]
    jobs = jobs_of(state, seat)
    if jobs:
        parts.append("**Your job" + ("s" if len(jobs) > 1 else "") + "**: " + ", ".join(
            job_name(cx, j) + (" — performed this round" if j in state["performed"] else "")
            for j in jobs))
    hand = state["hands"][seat]
    parts.append(f"**Your hand** ({len(hand)}):\n" + "\n".join(
        f"• {_card_line(cx, card)}" for card in hand) if hand else "**Your hand** is empty.")
    seen = [(i + 1, g["card"]) for i, g in enumerate(state["ghosts"])
            if g["card"] and seat in g["seen"]]
    if seen:
        parts.append("**Ghost cards you have looked at**:\n" + "\n".join(
            f"• ghost card {n}: {_card_line(cx, card)}" for n, card in seen))
    in_hand = _in_progress(cx, state, seat)
    if in_hand:
        parts.append(in_hand)
    parts.extend(_movie_notes(cx, state, seat))
    return "\n\n".join(parts)


def _card_line(cx: Content, card_id: str) -> str:
    effect = EFFECTS.get(cx.cards[card_id].effect)
    return card_text(cx, card_id) + (f" — {effect}" if effect else "")


def _poster_text(cx: Content, poster_id: str) -> str:
    poster = cx.posters[poster_id]
    return f"*{poster.name}* ({poster.symbol} corner)"


def _in_progress(cx: Content, state: State, seat: int) -> str:
    """What this seat is holding mid-job: posters or cards drawn, the card it edits."""
    step, turn = state["step"], state["turn"] or {}
    if step and turn.get("seat") == seat:
        if step["kind"] == "screenwriter":
            return "**You drew the posters** " + " and ".join(
                _poster_text(cx, p) for p in step["drawn"]) + ": reveal one."
        if step["kind"] == "composer":
            return "**You drew** " + " and ".join(
                card_text(cx, c) for c in step["drawn"]) + ": add one to the movie."
    if state["phase"] == "editor" and state["editor"] == seat and state["editor_card"]:
        return f"**You are looking at** {card_text(cx, state['editor_card'])} from the movie."
    return ""


def _movie_notes(cx: Content, state: State, seat: int) -> list[str]:
    by_round: dict[int, list[str]] = {}
    for entry in notes_of(state, seat):
        key = "poster" if entry["kind"] == "rejected" else "card"
        thing = _poster_text(cx, entry["id"]) if key == "poster" else card_text(cx, entry["id"])
        by_round.setdefault(entry["round"], []).append(
            NOTE_TEXT[entry["kind"]].format(**{key: thing}))
    return [f"**What you know of movie {movie}**"
            + (" (in the making)" if movie == state["round"] and state["phase"] != "over" else "")
            + ":\n" + "\n".join(f"• {line[0].upper()}{line[1:]}." for line in lines)
            for movie, lines in sorted(by_round.items())]
