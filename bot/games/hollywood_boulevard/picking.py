"""Pick Films phase: one film per pick, clockwise, until nobody can (or will) take another.

Actions on the picker's turn:
    pick:<film-id>   take a film from the array, paying its price to the bank
    tip:<kind>       play a film-pick Insider Tip (Sneak Preview, Studio Discount, Late Show)
    done             stop picking films for this round
"""
from __future__ import annotations

from functools import lru_cache

from bot.engine import Choice, Event, IllegalMove

from .common import (
    capacity,
    choice,
    clockwise,
    dollars,
    fields,
    hours,
    label,
    minutes_used,
    owns,
    pay,
    pick_effect,
    seat_tag,
    set_pick_effect,
)
from .content import SPECIAL_NAMES, Content, Film

DONE_LABEL = "Stop picking films this round"
FILMS_GROUP = "Pick a film (price, dice, running time, genre)"
TIPS_GROUP = "Play a film pick tip"


def begin(c: Content, state: dict) -> list[Event]:
    """The Distribution Agency holder picks first, else the start player; then clockwise."""
    state["phase"] = "pick"
    holder = next((seat for seat, spots in enumerate(state["spots"]) if "distribution" in spots), None)
    first = state["start"] if holder is None else holder
    state["pick_order"] = clockwise(first, state["players"])
    state["picking_done"] = [False] * state["players"]
    state["picker"] = None
    _next_picker(c, state, after=None)
    who = "the Distribution Agency" if holder is not None else "the start player"
    if state["picker"] is None:
        return [Event("Nobody can afford or fit a film this round.")]
    return [Event(f"Pick Films: {seat_tag(state['picker'])} picks first ({who}).", image="array")]


def finished(state: dict) -> bool:
    return state["phase"] == "pick" and state["picker"] is None


# --- what a seat may pick -------------------------------------------------------------------

def _price(state: dict, seat: int, film: Film) -> int:
    return max(0, film.price - pick_effect(state, seat, "discount"))


def film_problem(c: Content, state: dict, seat: int, film: Film) -> str | None:
    """Why ``seat`` may not pick ``film`` now, in the player's terms (None if it may)."""
    left = _time_left(c, state, seat)
    obstacle = _obstacle(state, seat, film, left)
    if obstacle is None:
        return None
    if obstacle == "array":
        return f"*{film.title}* is not in this round's array."
    if obstacle == "owner":
        return f"*{film.title}* was already picked by {seat_tag(state['owner'][film.id])}."
    if obstacle == "format":
        item = c.equipment[film.format]
        return f"*{film.title}* is a {SPECIAL_NAMES[film.format]} film; you need the {item.name} first."
    if obstacle == "price":
        return f"You have {dollars(state['cash'][seat])}; *{film.title}* costs {dollars(_price(state, seat, film))}."
    return f"*{film.title}* runs {hours(film.minutes)}; you have {hours(left)} of screen time left."


def _obstacle(state: dict, seat: int, film: Film, left: int) -> str | None:
    """What keeps ``seat``, with ``left`` minutes of screen time, from picking ``film``:
    "array", "owner", "format", "price" or "time" (the first that does), or None. Worded
    only when a player is refused (``film_problem``): ``legal`` asks of every film."""
    if film.id not in state["array"]:
        return "array"
    if state["owner"].get(film.id) is not None:
        return "owner"
    if film.format and not owns(state, seat, film.format):
        return "format"
    if _price(state, seat, film) > state["cash"][seat]:
        return "price"
    if film.minutes > left:
        return "time"
    return None


def _time_left(c: Content, state: dict, seat: int) -> int:
    return capacity(c, state, seat) - minutes_used(c, state, seat)


def _pick_tips(c: Content, state: dict, seat: int) -> list[str]:
    """Film-pick tips this seat may play now (in hand, not yet played this round, not active)."""
    playable = []
    for kind_id in dict.fromkeys(state["hands"][seat]):
        kind = c.tips[kind_id]
        if kind.timing != "pick" or kind_id in state["played"][seat]:
            continue
        if kind.effect == "pick_again" and pick_effect(state, seat, "again"):
            continue
        playable.append(kind_id)
    return playable


def can_pick(c: Content, state: dict, seat: int) -> bool:
    """Some film in the array fits this seat's cash, time and equipment — counting the
    discount and extra time its film-pick tips in hand could add."""
    if state["picking_done"][seat]:
        return False
    tips = {c.tips[k].effect: c.tips[k].amount for k in _pick_tips(c, state, seat)}
    cash = state["cash"][seat] + tips.get("discount", 0) + pick_effect(state, seat, "discount")
    left = capacity(c, state, seat) + tips.get("extra_time", 0) - minutes_used(c, state, seat)
    for film_id in state["array"]:
        film = c.films[film_id]
        if film_id in state["owner"] or film.minutes > left or film.price > cash:
            continue
        if film.format and not owns(state, seat, film.format):
            continue
        return True
    return False


def _next_picker(c: Content, state: dict, after: int | None) -> None:
    """Hand the pick to the next seat clockwise that still can; mark the others done."""
    order = state["pick_order"]
    start = 0 if after is None else (order.index(after) + 1)
    for step in range(len(order)):
        seat = order[(start + step) % len(order)]
        if can_pick(c, state, seat):
            state["picker"] = seat
            return
        state["picking_done"][seat] = True
    state["picker"] = None


#: The most films a picker takes before handing on: one, and one more for a Sneak Preview.
MOST_PICKS_A_TURN = 2


def next_picker(c: Content, state: dict) -> int | None:
    """Who picks after the picker now: the next seat clockwise that surely still can. Only
    what the table sees counts (cash, time, equipment, not the Insider Tips in hand): the
    seats before it must be done picking, and it must fit more films than the picker can
    take now. None when that is not sure."""
    order = state["pick_order"]
    now = order.index(state["picker"])
    for step in range(1, len(order)):
        seat = order[(now + step) % len(order)]
        if state["picking_done"][seat]:
            continue
        left = _time_left(c, state, seat)
        fitting = [f for f in state["array"] if _obstacle(state, seat, c.films[f], left) is None]
        return seat if len(fitting) > MOST_PICKS_A_TURN else None
    return None


# --- choices and moves ----------------------------------------------------------------------

def film_label(c: Content, film: Film, price: int) -> str:
    return _film_label(film, c.genres[film.genre].name, price)


@lru_cache(maxsize=4096)
def _film_label(film: Film, genre: str, price: int) -> str:
    extras = [SPECIAL_NAMES[s] for s in film.specials if s != "foreign"]
    text = (f"{film.title} — {dollars(price)}, {film.dice} dice, {hours(film.minutes)}, "
            f"{genre}")
    return label(text + (f", {'/'.join(extras)}" if extras else ""))


def legal(c: Content, state: dict, seat: int) -> list[Choice]:
    if state["picker"] != seat:
        return []
    result = []
    left = _time_left(c, state, seat)
    for film_id in state["array"]:
        film = c.films[film_id]
        if _obstacle(state, seat, film, left) is None:
            result.append(choice(f"pick:{film_id}", film_label(c, film, _price(state, seat, film)),
                                 group=FILMS_GROUP, style="primary"))
    for kind_id in _pick_tips(c, state, seat):
        kind = c.tips[kind_id]
        result.append(Choice(f"tip:{kind_id}", label(f"Play {kind.name}: {kind.text.split(': ', 1)[-1]}"),
                             group=TIPS_GROUP, private=True))
    result.append(Choice("done", DONE_LABEL, group="done", style="danger"))
    return result


def _play_tip(c: Content, state: dict, seat: int, kind_id: str) -> list[Event]:
    kind = c.tips.get(kind_id)
    if kind is None:
        raise IllegalMove("There is no such Insider Tip.")
    if kind_id not in state["hands"][seat]:
        raise IllegalMove(f"You hold no {kind.name} card.")
    if kind.timing != "pick":
        raise IllegalMove(f"{kind.name} is not played during film picks.")
    if kind_id in state["played"][seat]:
        raise IllegalMove(f"You have already played a {kind.name} this round; one of each kind a round.")
    if kind.effect == "pick_again" and pick_effect(state, seat, "again"):
        raise IllegalMove("Your Sneak Preview is already waiting for your next pick.")
    state["hands"][seat].remove(kind_id)
    state["tips"]["discard"].append(kind_id)
    state["played"][seat].append(kind_id)
    if kind.effect == "pick_again":
        set_pick_effect(state, seat, "again", True)
    elif kind.effect == "discount":
        set_pick_effect(state, seat, "discount", pick_effect(state, seat, "discount") + kind.amount)
    else:
        set_pick_effect(state, seat, "time", pick_effect(state, seat, "time") + kind.amount)
    return [Event(f"{seat_tag(seat)} plays {kind.name}: {_public_effect(kind)}.")]


def _public_effect(kind) -> str:
    """A played film-pick tip, told to the table (the card's own text says "you")."""
    if kind.effect == "pick_again":
        return "they pick another film right after their next pick"
    if kind.effect == "discount":
        return f"their next film this round costs {dollars(kind.amount)} less"
    return f"+{kind.amount} minutes of running time for them this round"


def apply(c: Content, state: dict, seat: int, action: str) -> list[Event]:
    if state["picker"] != seat:
        raise IllegalMove("It is not your pick.")
    if action == "done":
        state["picking_done"][seat] = True
        _next_picker(c, state, after=seat)
        return [Event(f"{seat_tag(seat)} stops picking films this round.")]
    if action.startswith("tip:"):
        kind_id, = fields(action, "tip", 1, "There is no such Insider Tip.")
        return _play_tip(c, state, seat, kind_id)
    if not action.startswith("pick:"):
        raise IllegalMove("Pick a film from the array, play a film-pick tip, or stop picking.")
    film_id, = fields(action, "pick", 1, "There is no such film.")
    film = c.films.get(film_id)
    if film is None:
        raise IllegalMove("There is no such film.")
    problem = film_problem(c, state, seat, film)
    if problem:
        raise IllegalMove(problem)
    price = _price(state, seat, film)
    pay(state, seat, price)
    if pick_effect(state, seat, "discount"):
        set_pick_effect(state, seat, "discount", 0)
    state["owner"][film.id] = seat
    state["screened"][seat].append(film.id)
    events = [Event(f"{seat_tag(seat)} picks *{film.title}* ({film.year}) for {dollars(price)}.")]
    if pick_effect(state, seat, "again"):
        set_pick_effect(state, seat, "again", False)
        if can_pick(c, state, seat):
            events.append(Event(f"Sneak Preview: {seat_tag(seat)} picks again."))
            return events
    _next_picker(c, state, after=seat)
    return events
