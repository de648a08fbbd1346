"""Payout, Blockbuster and Pay Upkeep.

Where the dice come from (the sheet's list, attached as the sheet implies):
  * each film: its card's dice, +1 if it is of the trending genre, +1 per Popularity Cube on
    each of its ☆ names, + the Insider Tips played on it;
  * the theatre as a whole: the advertising dice won, +1 per Parking Lot, Concessions and
    Air Conditioning chip. A theatre that screens no film rolls nothing.
Each Reroll chip rerolls one die showing 1, once (a rerolled 1 may use another chip).
"""
from __future__ import annotations

import json
import random
from typing import Any

from bot.engine import Choice, Event, IllegalMove

from .advertising import qualifying
from .common import (
    add_chips,
    chip,
    dollars,
    fields,
    label,
    pay,
    receive,
    screened_films,
    seat_tag,
    upkeep,
)
from .content import Content, Film

THEATRE_BOXES = ("parking", "concessions", "ac")


def _tip_dice(c: Content, state: dict, seat: int, films: list[Film]) -> dict[str, list[str]]:
    """film id -> names of the tip dice it gets (one entry per die)."""
    extra: dict[str, list[str]] = {film.id: [] for film in films}
    for kind_id in state["played"][seat]:
        kind = c.tips[kind_id]
        if kind.timing != "payout":
            continue
        targets = qualifying(kind, films)
        if not targets:
            continue
        if kind.split:
            for film in targets[:kind.dice]:
                extra[film.id].append(kind.name)
        else:
            # The dice go on the qualifying film with the fewest extra dice so far, so that
            # several tips spread over the programme the way a player would lay them.
            film = min(targets, key=lambda f: len(extra[f.id]))
            extra[film.id] += [kind.name] * kind.dice
    return extra


def _film_sources(c: Content, state: dict, film: Film, tip_names: list[str]) -> dict[str, int]:
    cubes = sum(len(state["cubes"].get(star, [])) for star in film.stars)
    return {"card": film.dice, "genre": int(film.genre == state["genre"]), "cubes": cubes,
            "tips": len(tip_names)}


def _roll(rng: random.Random, count: int) -> list[list[int]]:
    """Each die is the list of its faces: [1, 4] is a 1 rerolled into a 4."""
    return [[rng.randint(1, 6)] for _ in range(count)]


def _apply_rerolls(rng: random.Random, groups: list[list[list[int]]], rerolls: int) -> int:
    used = 0
    while used < rerolls:
        ones = [die for group in groups for die in group if die[-1] == 1]
        if not ones:
            break
        ones[0].append(rng.randint(1, 6))
        used += 1
    return used


def run(c: Content, state: dict, rng: random.Random) -> list[Event]:
    """Roll every player's dice, pay the income, find the Blockbuster."""
    players: list[dict[str, Any]] = []
    for seat in range(state["players"]):
        films = screened_films(c, state, seat)
        tip_dice = _tip_dice(c, state, seat, films)
        entries: list[dict[str, Any]] = []
        for film in films:
            sources = _film_sources(c, state, film, tip_dice[film.id])
            entries.append({"film": film.id, "title": film.title, "sources": sources,
                            "tips": tip_dice[film.id], "dice": _roll(rng, sum(sources.values()))})
        theatre_sources = {"advertising": state["ad_dice"][seat]}
        for box in THEATRE_BOXES:
            theatre_sources[box] = chip(state, seat, box) * c.sections[box].dice_per_chip
        if not films:
            theatre_sources = {key: 0 for key in theatre_sources}
        theatre = _roll(rng, sum(theatre_sources.values()))
        rerolls = _apply_rerolls(rng, [e["dice"] for e in entries] + [theatre], chip(state, seat, "reroll"))
        pips = sum(die[-1] for e in entries for die in e["dice"]) + sum(die[-1] for die in theatre)
        income = pips * c.rules.pip_value
        receive(state, seat, income)
        players.append({"seat": seat, "films": entries, "theatre": {"sources": theatre_sources, "dice": theatre},
                        "rerolls": rerolls, "pips": pips, "income": income})
    best = max(p["income"] for p in players)
    blockbusters = [p["seat"] for p in players if p["income"] == best] if best > 0 else []
    state["blockbusters"] = blockbusters
    # A finished record never changes: kept as JSON text so each move's state copy stays cheap.
    state["payout"] = json.dumps({"round": state["round"], "genre": state["genre"], "players": players,
                                  "blockbusters": blockbusters}, separators=(",", ":"))
    lines = ["Payout: " + ", ".join(f"{seat_tag(p['seat'])} {p['pips']} pips = {dollars(p['income'])}"
                                    for p in players) + "."]
    if blockbusters:
        lines.append("Blockbuster: " + " and ".join(seat_tag(s) for s in blockbusters)
                     + (" (a tie: all of them)" if len(blockbusters) > 1 else "") + ".")
    return [Event("\n".join(lines), image="payout")]


# --- Blockbuster ----------------------------------------------------------------------------

def starred_films(c: Content, state: dict, seat: int) -> list[Film]:
    return [film for film in screened_films(c, state, seat) if film.stars]


def _place_cubes(c: Content, state: dict, seat: int, film: Film) -> Event:
    for star in film.stars:
        state["cubes"].setdefault(star, []).append(seat)
    names = ", ".join(c.stars[s].name for s in film.stars)
    return Event(f"Blockbuster: {seat_tag(seat)} places Popularity Cubes for *{film.title}*: {names}.")


def begin_blockbuster(c: Content, state: dict) -> list[Event]:
    """Blockbusters with one starred film place at once; those with a choice are asked."""
    events: list[Event] = []
    state["blockbuster_waiting"] = []
    if state["round"] == state["rounds"]:
        return events  # the sheet: no cubes after the last payout
    for seat in state["blockbusters"]:
        films = starred_films(c, state, seat)
        if len(films) == 1:
            events.append(_place_cubes(c, state, seat, films[0]))
        elif films:
            state["blockbuster_waiting"].append(seat)
        else:
            events.append(Event(f"{seat_tag(seat)} has no ☆ names on their films: no Popularity Cubes."))
    if state["blockbuster_waiting"]:
        state["phase"] = "blockbuster"
    return events


def blockbuster_legal(c: Content, state: dict, seat: int) -> list[Choice]:
    if state["phase"] != "blockbuster" or seat not in state["blockbuster_waiting"]:
        return []
    return [Choice(f"cubes:{film.id}",
                   label(f"{film.title}: ☆ " + ", ".join(c.stars[s].name for s in film.stars)),
                   group="blockbuster", style="primary")
            for film in starred_films(c, state, seat)]


def blockbuster_apply(c: Content, state: dict, seat: int, action: str) -> list[Event]:
    if seat not in state["blockbuster_waiting"]:
        raise IllegalMove("You have no Popularity Cubes to place.")
    refusal = "Choose one of the films you screened this round."
    film_id, = fields(action, "cubes", 1, refusal)
    film = c.films.get(film_id)
    if film is None or film.id not in state["screened"][seat]:
        raise IllegalMove(refusal)
    if not film.stars:
        raise IllegalMove(f"*{film.title}* has no ☆ names on the board.")
    state["blockbuster_waiting"].remove(seat)
    return [_place_cubes(c, state, seat, film)]


# --- Upkeep ---------------------------------------------------------------------------------

def pay_upkeep(c: Content, state: dict) -> list[Event]:
    """$1,000 plus $1,000 a chip. Who cannot pay takes a Credit Union loan first (our rule:
    the sheet is silent); the new loan's chip is first charged next round."""
    parts, events = [], []
    loan = c.sections["loan"].loan
    for seat in range(state["players"]):
        due = upkeep(c, state, seat)
        forced = 0
        while state["cash"][seat] < due:
            receive(state, seat, loan)
            add_chips(state, seat, "loan", 1)
            forced += 1
        pay(state, seat, due)
        parts.append(f"{seat_tag(seat)} {dollars(due)}")
        if forced:
            events.append(Event(f"{seat_tag(seat)} cannot pay upkeep and must take {forced} Credit Union "
                                f"loan{'s' * (forced > 1)} of {dollars(loan)}."))
    return [*events, Event("Upkeep paid: " + ", ".join(parts) + ".")]
