"""What each audience may see: the public table, and a seat's own secrets on top.

The public view never holds a card id, a loyalty (until the game is over), the movie's
contents, the ghosts' cards, the Screenwriter's rejected poster or the cut card.
"""
from __future__ import annotations

from typing import Any

from .content import Content
from .memory import notes_of
from .table import (
    State,
    die_name,
    goal,
    job_numbers,
    small_game,
    symbols_text,
    team_wins,
)

LOYALTY_NAMES = {"patriot": "Patriot", "communist": "Communist", "rising_star": "Rising Star"}


def card_face(cx: Content, card_id: str) -> dict[str, Any]:
    """A card as a view shows it once it may be seen: no id, just what is printed on it."""
    card = cx.cards[card_id]
    return {"name": card.name, "patriot": card.patriot, "communist": card.communist,
            "effect": card.effect, "symbols": symbols_text(card)}


def poster_face(cx: Content, poster_id: str | None) -> dict[str, Any] | None:
    if poster_id is None:
        return None
    poster = cx.posters[poster_id]
    return {"name": poster.name, "symbol": poster.symbol}


def public_view(cx: Content, state: State) -> dict[str, Any]:
    over = state["phase"] == "over"
    turn = state["turn"] or {}
    view: dict[str, Any] = {
        "game": "hollywood-1947",
        "players": state["players"],
        "options": dict(state["options"]),
        "phase": state["phase"],
        "round": state["round"],
        "turn_seat": turn.get("seat"),
        "turns_taken": turn.get("taken", 0),
        "jobs": [{"number": j, "name": cx.jobs[j].name, "holder": state["jobs"][str(j)],
                  "performed": j in state["performed"]} for j in job_numbers(state)],
        "removed_jobs": [{"number": j, "name": cx.jobs[j].name}
                         for j in sorted(state["removed_jobs"])],
        "dice": [{"id": d["id"], "seat": d["seat"], "star": d["star"],
                  "label": die_name(state, d)} for d in state["dice"]],
        "ghosts": [{"number": i + 1, "star": g["star"], "tokens": g["tokens"],
                    "has_card": g["card"] is not None} for i, g in enumerate(state["ghosts"])],
        "tokens_center": state["tokens_center"],
        "tokens": list(state["tokens"]),
        "token_round": list(state["token_round"]),
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "deck_size": len(state["deck"]),
        "discard_size": len(state["discard"]),
        "movie_size": len(state["movie"]) + (state["editor_card"] is not None),
        "poster": poster_face(cx, state["poster"]),
        "posters_left": len(state["posters"]),
        "posters_removed": len(state["posters_out"]),
        "films": [{"round": f["round"], "poster": poster_face(cx, f["poster"]),
                   "patriot": f["patriot"], "communist": f["communist"], "winner": f["winner"]}
                  for f in state["films"]],
        "score": {"patriot": team_wins(state, "patriot"),
                  "communist": team_wins(state, "communist")},
        "goal": {"patriot": goal(state, "patriot"), "communist": goal(state, "communist")},
        "rising_star_rule": cx.has_rising_star(state["players"]),
        "small_game": small_game(state),
        "editor": state["editor"],
        "composer_added": state["composer_added"],
        "step": _public_step(state),
        "post": _public_post(state),
        "premiere": _premiere(cx, state),
        "outcome": dict(state["outcome"]) if over else None,
        "loyalties": list(state["loyalty"]) if over else None,
    }
    return view


def _public_step(state: State) -> dict[str, Any] | None:
    """The public side of a turn in progress (never the cards or posters drawn)."""
    step = state["step"]
    if step is None:
        return None
    shown = {"kind": step["kind"]}
    for key in ("first", "from", "left", "job"):
        if key in step:
            shown[key] = step[key]
    return shown


def _public_post(state: State) -> dict[str, Any] | None:
    post = state["post"]
    if post is None or state["phase"] == "over":
        return None
    return {"union": post["union"], "owed": dict(post["owed"]),
            "token_queue": list(post["token_queue"])}


def _premiere(cx: Content, state: State) -> dict[str, Any] | None:
    last = state["last_premiere"]
    if last is None:
        return None
    return {"round": last["round"], "poster": poster_face(cx, last["poster"]),
            "cards": [card_face(cx, c) for c in last["cards"]],
            "patriot": last["patriot"], "communist": last["communist"],
            "winner": last["winner"], "hearing": last["hearing"], "shake_up": last["shake_up"]}


def fellow_communists(state: State, seat: int) -> list[int]:
    return [s for s, team in enumerate(state["loyalty"]) if team == "communist" and s != seat]


def private_view(cx: Content, state: State, seat: int) -> dict[str, Any]:
    view = public_view(cx, state)
    loyalty = state["loyalty"][seat]
    mine: dict[str, Any] = {
        "seat": seat,
        "loyalty": loyalty,
        "loyalty_name": LOYALTY_NAMES[loyalty],
        "hand": [dict(card_face(cx, c), id=c) for c in state["hands"][seat]],
        "ghost_cards": [
            {"number": i + 1, **card_face(cx, g["card"])}
            for i, g in enumerate(state["ghosts"]) if g["card"] and seat in g["seen"]],
    }
    if loyalty == "communist":
        mine["fellow_communists"] = fellow_communists(state, seat)
    mine["notes"] = [{"round": n["round"], "kind": n["kind"],
                      **(poster_face(cx, n["id"]) if n["kind"] == "rejected"
                         else card_face(cx, n["id"]))} for n in notes_of(state, seat)]
    step = state["step"]
    if step and state["turn"] and state["turn"]["seat"] == seat:
        if step["kind"] == "screenwriter":
            mine["drawn_posters"] = [poster_face(cx, p) for p in step["drawn"]]
        if step["kind"] == "composer":
            mine["drawn_cards"] = [dict(card_face(cx, c), id=c) for c in step["drawn"]]
    if state["rejected"] and state["rejected"][0] == seat:
        mine["rejected_poster_symbol"] = cx.posters[state["rejected"][1]].symbol
    if state["editor_card"] is not None and state["editor"] == seat:
        mine["editor_card"] = dict(card_face(cx, state["editor_card"]), id=state["editor_card"])
    view["you"] = mine
    return view
