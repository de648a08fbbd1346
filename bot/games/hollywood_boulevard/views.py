"""What players see: the public view (no hands, no sealed bids, no secret rolls, no deck
order), a seat's private additions, the one-line status and each seat's prompt."""
from __future__ import annotations

import copy
import json

from .common import capacity, dollars, hours, minutes_used, seat_tag, upkeep
from .content import Content, Film, slug

GAME_ID = "hollywood-boulevard"


def film_dict(film: Film) -> dict:
    return {
        "id": film.id, "title": film.title, "year": film.year, "directors": list(film.directors),
        "cast": list(film.cast), "colour": film.colour, "process": film.process, "genre": film.genre,
        "minutes": film.minutes, "price": film.price, "dice": film.dice,
        "specials": list(film.specials), "country": film.country, "stars": list(film.stars),
        "starred": [name for name in (*film.cast, *film.directors) if _slug_in(name, film.stars)],
    }


def _slug_in(name: str, star_ids: tuple[str, ...]) -> bool:
    return slug(name) in star_ids


def board_dict(c: Content) -> dict:
    """The printed board: names, numbers and costs (public, never changes)."""
    return {
        "genres": [{"id": g.id, "name": g.name, "roll": g.roll}
                   for g in sorted(c.genres.values(), key=lambda g: g.roll)],
        "boxes": [{"id": b.id, "name": b.name, "die": b.die} for b in c.boxes.values()],
        "sections": [{"id": s.id, "name": s.name, "top": s.top, "cost": s.cost, "per_chip": s.per_chip,
                      "max_chips": s.max_chips, "loan": s.loan, "equipment": list(s.equipment)}
                     for s in c.sections.values()],
        "equipment": [{"id": e.id, "name": e.name, "cost": e.cost, "section": e.section,
                       "second_deck_only": e.second_deck_only} for e in c.equipment.values()],
        "actors": [{"id": s.id, "name": s.name} for s in c.stars.values() if s.track == "actor"],
        "directors": [{"id": s.id, "name": s.name} for s in c.stars.values() if s.track == "director"],
    }


def public_view(c: Content, state: dict, board: dict) -> dict:
    players = state["players"]
    screens = state["screens"]
    view = {
        "game": GAME_ID, "players": players, "round": state["round"], "rounds": state["rounds"],
        "deck": state["deck_number"], "switch_after": state["switch_after"], "phase": state["phase"],
        "start": state["start"], "cash": list(state["cash"]), "bank": state["bank"],
        "chips": [dict(chips) for chips in state["chips"]],
        "loans": [chips.get("loan", 0) for chips in state["chips"]],
        "upkeep": [upkeep(c, state, seat) for seat in range(players)],
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "tip_deck": len(state["tips"]["deck"]), "tip_discard": len(state["tips"]["discard"]),
        "film_deck": len(c.decks[state["deck_number"] - 1]) - state["dealt"],
        "markers": [list(spots) for spots in state["spots"]],
        "last_spots": [list(spots) for spots in state["last_spots"]],
        "placing": state["queue"][0] if state["phase"] == "place" and state["queue"] else None,
        "cubes": {star: list(seats) for star, seats in state["cubes"].items()},
        "genre": state["genre"], "agency": state["agency"],
        "genre_hidden": bool(state["secret"]["preview"]) and state["phase"] in ("genre", "pick", "screen"),
        "agency_hidden": bool(state["secret"]["agency"]) and state["phase"] in ("genre", "pick", "screen"),
        "array": [dict(film_dict(c.films[f]), owner=state["owner"].get(f)) for f in state["array"]],
        "screened": [list(films) for films in state["screened"]],
        "screen_time": [{"used": minutes_used(c, state, s), "capacity": capacity(c, state, s)}
                        for s in range(players)],
        "picker": state["picker"] if state["phase"] == "pick" else None,
        "picking_done": list(state["picking_done"]),
        "advertising_done": [screen["done"] for screen in screens] if state["phase"] == "screen" else [],
        "played": [[c.tips[k].name for k in kinds] for kinds in state["played"]],
        "blockbuster_waiting": list(state["blockbuster_waiting"]),
        "reveal": json.loads(state["reveal"]) if state["reveal"] else None,
        "payout": json.loads(state["payout"]) if state["payout"] else None,
        "scores": list(state["scores"]) if state["scores"] else None,
        "board": copy.deepcopy(board),
    }
    return view


def private_view(c: Content, state: dict, board: dict, seat: int) -> dict:
    view = public_view(c, state, board)
    view["you"] = seat
    view["hand"] = [{"id": k, "name": c.tips[k].name, "text": c.tips[k].text} for k in state["hands"][seat]]
    if state["phase"] == "screen":
        view["my_screen"] = copy.deepcopy(state["screens"][seat])
    preview, agency = state["secret"]["preview"], state["secret"]["agency"]
    if preview and preview["seat"] == seat:
        view["my_preview_roll"] = dict(preview)
    if agency and agency["seat"] == seat:
        view["my_agency_roll"] = dict(agency)
    return view


# --- status and prompts ---------------------------------------------------------------------

def status(c: Content, state: dict) -> str:
    head = f"Round {state['round']}/{state['rounds']}"
    phase = state["phase"]
    if phase == "over":
        return "Game over — " + ", ".join(f"{seat_tag(s)} {dollars(v)}" for s, v in enumerate(state["scores"]))
    if phase == "place":
        seat, marker = state["queue"][0]
        return f"{head} — {seat_tag(seat)} places {'their manager' if marker else 'a marker'}"
    if phase == "genre":
        holder = state["secret"]["preview"]["seat"]
        return f"{head} — {seat_tag(holder)} looks at the Preview House roll behind their screen"
    if phase == "pick":
        return f"{head} — {seat_tag(state['picker'])} picks a film"
    if phase == "screen":
        waiting = [seat_tag(s) for s, screen in enumerate(state["screens"]) if not screen["done"]]
        return f"{head} — advertising behind the screens; waiting for {', '.join(waiting)}"
    placing = ", ".join(seat_tag(s) for s in state["blockbuster_waiting"])
    return f"{head} — Blockbuster: {placing} places Popularity Cubes"


def prompt(c: Content, state: dict, seat: int) -> str:
    phase = state["phase"]
    cash = dollars(state["cash"][seat])
    if phase == "place" and state["queue"] and state["queue"][0][0] == seat:
        who = "your manager" if state["queue"][0][1] else "your Player Marker"
        return f"Place {who} on a board section or a star (you have {cash}); you may remove chips first."
    preview = state["secret"]["preview"]
    if phase == "genre" and preview["seat"] == seat:
        dice = " + ".join(map(str, preview["dice"]))
        if preview["genre"] is None:
            return f"Snake eyes ({dice}) at the Preview House: choose the genre that trends this round."
        return (f"Behind your screen you rolled {dice}: {c.genres[preview['genre']].name} trends this "
                "round. Note it to start the film picks (the table learns it when the screens come down).")
    if phase == "pick" and state["picker"] == seat:
        left = capacity(c, state, seat) - minutes_used(c, state, seat)
        return f"Pick a film from the array (you have {cash} and {hours(left)} of screen time), or stop."
    if phase == "screen" and state["screens"][seat]["done"]:
        return "You have confirmed your bids; you may still change them until everyone has confirmed."
    if phase == "screen":
        spent = dollars(sum(state["screens"][seat]["bids"].values()) * c.rules.pip_value)
        return (f"Set advertising bids (0–6 pips a box, $1,000 a pip; {spent} of your {cash} so far), "
                "play Insider Tips, then press Done.")
    if phase == "blockbuster" and seat in state["blockbuster_waiting"]:
        return "Blockbuster! Choose one of your films: a Popularity Cube goes on each of its ☆ names."
    return "Nothing to do right now."

