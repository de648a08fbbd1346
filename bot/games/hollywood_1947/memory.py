"""What a seat alone has seen of the movies: kept for the movie in progress and the last one.

Face-down play makes these facts private (the cards you added, what the Editor cut, the
Screenwriter's rejected poster). Each note is ``{"round", "kind", "id"}`` in
``state["notes"][seat]``; the private view and ``private_summary`` read them, the public
view never does. States saved before notes existed simply start with none.
"""
from __future__ import annotations

from .table import State


def note(state: State, seat: int, kind: str, item: str) -> None:
    notes = state.setdefault("notes", [[] for _ in range(state["players"])])
    notes[seat].append({"round": state["round"], "kind": kind, "id": item})


def notes_of(state: State, seat: int) -> list[dict]:
    return state.get("notes", [[]] * state["players"])[seat]


def forget_old(state: State) -> None:
    """At a round's start keep only the last movie's notes (and this one's, none yet)."""
    if "notes" not in state:
        state["notes"] = [[] for _ in range(state["players"])]
    keep_from = state["round"] - 1
    state["notes"] = [[n for n in seat_notes if n["round"] >= keep_from]
                      for seat_notes in state["notes"]]
