"""What players look up mid-game (``/boulevard``): a film, a star, a board section, an Insider
Tip, and the films they can afford — as short Markdown answers.

Pure, like the rest of the game: the answers are made from the content and from *views* only,
never from a state. ``view`` is the public view of a game (``None`` outside one); ``mine`` is
the asker's own view (``view(state, seat)``), passed only for an answer that goes to the asker
alone. So a tip in another player's hand, or a bid behind another screen, cannot reach an
answer: it is in neither. Seats are written ``{p1}``; the host names them.
"""
from __future__ import annotations

from collections.abc import Iterable

from .advertising import film_meets
from .common import dollars, hours, seat_tag
from .content import COLOURS, SPECIAL_NAMES, Content, Film, Section, TipKind, slug

#: Beyond this many films a star's list is cut short (a message is at most 2,000 characters).
MOST_FILMS_LISTED = 12
#: Why a film is out of the asker's reach, worst first (for the summary's one-line tally).
OBSTACLES = ("array", "picked", "equipment", "cash", "time")
DECKS = {1: "first deck", 2: "second deck"}
#: Phases in which the array is still being picked from.
PICKING_PHASES = ("place", "genre", "pick")


# --- names, for suggestions and for finding what was typed -------------------------------------
# A name carries a word of context (the year, the track); find() still resolves a plain title or
# name typed in full, since it is the one name that starts with it (a test checks all of them).

def film_entries(c: Content, first: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(film id, "Title (year)"): the films in ``first`` (an array) first, then all by title."""
    first = [f for f in first if f in c.films]
    rest = sorted((f for f in c.films if f not in first), key=lambda f: c.films[f].title)
    return [(f, f"{c.films[f].title} ({c.films[f].year})") for f in (*first, *rest)]


def star_entries(c: Content) -> list[tuple[str, str]]:
    return [(s.id, f"{s.name} ({s.track})") for s in c.stars.values()]


def section_entries(c: Content) -> list[tuple[str, str]]:
    """Sections by their board names; equipment boxes also name what they sell, so "VistaVision"
    finds the Anamorphic Lenses."""
    entries = []
    for section in c.sections.values():
        sold = [c.equipment[e].name.split()[0] for e in section.equipment]
        extra = f": {' and '.join(sold)}" if sold and sold != [section.name] else ""
        entries.append((section.id, section.name + extra))
    return entries


def tip_entries(c: Content) -> list[tuple[str, str]]:
    return [(kind.id, kind.name) for kind in c.tips.values()]


# --- films ---------------------------------------------------------------------------------

def _starred(film: Film, name: str) -> str:
    return f"{name} ☆" if slug(name) in film.stars else name


def _pays(c: Content, dice: int) -> str:
    pip = c.rules.pip_value
    return (f"{dice} dice × {dollars(pip)} a pip: about {dollars(dice * 7 * pip // 2)} "
            f"({dollars(dice * pip)}–{dollars(dice * 6 * pip)})")


def film_card(c: Content, film: Film) -> list[str]:
    """The card: what it costs, pays and needs, and who is in it."""
    colour = COLOURS[film.colour]
    if film.process not in (colour, "Black & white"):
        colour += f" ({film.process})"
    specials = [f"Foreign ({film.country})" if s == "foreign" else SPECIAL_NAMES[s] for s in film.specials]
    head = (f"**{film.title}** ({film.year}) — {c.genres[film.genre].name}, {dollars(film.price)}, "
            f"{hours(film.minutes)}, {film.dice} dice")
    lines = [head, f"Pays {_pays(c, film.dice)}.",
             " · ".join([colour, *specials]) + f" · {DECKS[film.deck]}"]
    if film.format:
        item = c.equipment[film.format]
        lines.append(f"Needs the {item.name} ({dollars(item.cost)} in the "
                     f"{c.sections[item.section].name} box).")
    people = [f"Directed by {', '.join(_starred(film, n) for n in film.directors)}"]
    if film.cast:
        people.append(f"with {', '.join(_starred(film, n) for n in film.cast)}")
    lines.append("; ".join(people) + ".")
    fitting = [k.name for k in c.tips.values()
               if k.timing == "payout" and set(dict(k.condition)) - {"min_films"}
               and film_meets(film, dict(k.condition))]
    if fitting:
        lines.append(f"Insider Tips for it: {', '.join(fitting)}.")
    return lines


def _in_array(view: dict, film_id: str) -> dict | None:
    return next((f for f in view["array"] if f["id"] == film_id), None)


def film_obstacle(c: Content, mine: dict, film: Film) -> tuple[str, str] | None:
    """Why the asker could not pick ``film`` now — (one of OBSTACLES, a sentence) — from their
    own view: the array, their equipment, cash and screen time. None if they could."""
    seat = mine["you"]
    entry = _in_array(mine, film.id)
    if entry is None:
        return "array", f"*{film.title}* is not in this round's array."
    if entry["owner"] is not None:
        return "picked", f"*{film.title}* was already picked by {seat_tag(entry['owner'])}."
    if film.format and not mine["chips"][seat].get(film.format):
        item = c.equipment[film.format]
        return "equipment", f"It is a {SPECIAL_NAMES[film.format]} film; you need the {item.name} first."
    cash = mine["cash"][seat]
    if film.price > cash:
        return "cash", f"You have {dollars(cash)}; it costs {dollars(film.price)}."
    left = _time_left(mine)
    if film.minutes > left:
        return "time", f"It runs {hours(film.minutes)}; you have {hours(left)} of screen time left."
    return None


def _time_left(mine: dict) -> int:
    time = mine["screen_time"][mine["you"]]
    return time["capacity"] - time["used"]


def _can_pick_now(mine: dict) -> bool:
    return mine["phase"] in PICKING_PHASES and not (mine["phase"] == "pick" and mine["picking_done"][mine["you"]])


def describe_film(c: Content, film_id: str, view: dict | None = None, mine: dict | None = None,
                  pickable: Iterable[str] | None = None) -> str:
    """The card; in a game, where it is now (public); for the asker alone (``mine``), whether
    they can afford and fit it. ``pickable``: the films the game offers the asker to pick now,
    when it is their pick (the game's word beats the view's arithmetic: a Studio Discount)."""
    film = c.films[film_id]
    lines = film_card(c, film)
    if view is None or view["phase"] == "over":
        return "\n".join(lines)
    entry = _in_array(view, film_id)
    if entry is None:
        lines.append("Not in this round's array.")
    elif entry["owner"] is None:
        lines.append("In this round's array, not picked yet.")
    else:
        lines.append(f"In this round's array; {seat_tag(entry['owner'])} screens it this round.")
    extra = []
    if view["genre"] == film.genre and not view["genre_hidden"]:
        extra.append(f"+1 die while {c.genres[film.genre].name} trends")
    cubes = sum(len(view["cubes"].get(star, [])) for star in film.stars)
    if cubes:
        extra.append(f"+{cubes} di{'ce' if cubes > 1 else 'e'} from Popularity Cubes on its ☆ names")
    if extra:
        lines.append("Now: " + "; ".join(extra) + ".")
    if mine is not None:
        lines.append(_your_reach(c, mine, film, pickable))
    return "\n".join(line for line in lines if line)


def _your_reach(c: Content, mine: dict, film: Film, pickable: Iterable[str] | None) -> str:
    """The asker's line: can they take it now (or why not), and what their secret roll adds."""
    secret = mine.get("my_preview_roll") or {}
    trend = (f"Your Preview House roll makes {c.genres[film.genre].name} trend: +1 die (secret)."
             if mine["genre_hidden"] and secret.get("genre") == film.genre else "")
    problem = film_obstacle(c, mine, film)
    if pickable is not None and film.id in set(pickable):
        reach = "You can pick it now."
    elif not _can_pick_now(mine) or (problem is not None and problem[0] in ("array", "picked")):
        reach = ""  # no pick to make, or the line above already says where the film is
    elif problem is None:
        seat = mine["you"]
        reach = (f"You can afford it and fit it ({dollars(mine['cash'][seat])}, "
                 f"{hours(_time_left(mine))} of screen time left).")
    else:
        reach = problem[1]
    return " ".join(part for part in (reach, trend) if part)


def affordable(c: Content, mine: dict, pickable: Iterable[str] | None = None) -> tuple[list[str], dict[str, int]]:
    """The array films the asker can afford and fit (``pickable`` when it is their pick), and how
    many of the others are out of reach for each reason."""
    offered = None if pickable is None else set(pickable)
    films, tally = [], dict.fromkeys(OBSTACLES, 0)
    for entry in mine["array"]:
        film = c.films[entry["id"]]
        problem = film_obstacle(c, mine, film)
        if (film.id in offered) if offered is not None else problem is None:
            films.append(film.id)
        elif problem is not None:
            tally[problem[0]] += 1
    return films, {k: n for k, n in tally.items() if n}


def film_line(c: Content, film: Film) -> str:
    return (f"• *{film.title}* — {dollars(film.price)}, {film.dice} dice, {hours(film.minutes)}, "
            f"{c.genres[film.genre].name}")


def describe_affordable(c: Content, mine: dict, pickable: Iterable[str] | None = None) -> str:
    """``/boulevard affordable``: the array, cut down to what the asker can take."""
    seat = mine["you"]
    if mine["phase"] == "over":
        return "This game is over."
    if not _can_pick_now(mine):
        done = mine["phase"] == "pick"
        return ("You are done picking films this round." if done else
                "The film picks are over for this round; a new array is dealt after the payout.")
    films, tally = affordable(c, mine, pickable)
    means = f"you have {dollars(mine['cash'][seat])} and {hours(_time_left(mine))} of screen time left"
    if not films:
        lines = [f"No film in the array is within your reach: {means}."]
    else:
        lines = [f"**Films you can afford and fit** ({len(films)} of {len(mine['array'])}; {means}):"]
        lines += [film_line(c, c.films[f]) for f in films]
    reasons = {"picked": "already picked", "equipment": "equipment you do not have",
               "cash": "too dear", "time": "too long for your screen time"}
    out = [f"{reasons[k]} ({n})" for k, n in tally.items() if k in reasons]
    if out:
        lines.append(f"-# Out of reach: {', '.join(out)}.")
    if pickable is not None and films:
        lines.append("-# It is your pick: take one with the select below, or from the thread's post.")
    elif mine["phase"] != "pick":
        lines.append("-# Placing your marker may change this (chips and equipment cost money).")
    return "\n".join(lines)


# --- stars ---------------------------------------------------------------------------------

CUBES = ("Each Popularity Cube on this name adds 1 die to every film with them that anyone screens. "
         "A cube goes here when a marker is placed on the star, or when a Blockbuster film names them.")


def describe_star(c: Content, star_id: str, view: dict | None = None) -> str:
    star = c.stars[star_id]
    track = "actors' (outer)" if star.track == "actor" else "directors' (inner)"
    lines = [f"**{star.name}** ☆ — on the {track} star track.", CUBES]
    films = [f for f in c.films.values() if star_id in f.stars]
    for deck in (1, 2):
        titles = [f"*{f.title}* ({f.year})" for f in films if f.deck == deck]
        if titles:
            more = len(titles) - MOST_FILMS_LISTED
            shown = ", ".join(titles[:MOST_FILMS_LISTED]) + (f" and {more} more" if more > 0 else "")
            lines.append(f"In the {DECKS[deck]} ({len(titles)}): {shown}.")
    if view is not None and view["phase"] != "over":
        seats = view["cubes"].get(star_id, [])
        cubes = (f"{len(seats)} Popularity Cube{'s' * (len(seats) > 1)} (placed by "
                 f"{', '.join(seat_tag(s) for s in dict.fromkeys(seats))})") if seats else "no Popularity Cube yet"
        lines.append(f"Now: {cubes}.")
        here = [f for f in view["array"] if star_id in f["stars"]]
        if here:
            lines.append("In this round's array: " + ", ".join(
                f"*{f['title']}*" + (f" ({seat_tag(f['owner'])})" if f["owner"] is not None else "")
                for f in here) + ".")
    return "\n".join(lines)


# --- board sections ------------------------------------------------------------------------

def _section_text(c: Content, s: Section) -> str:
    upkeep = dollars(c.rules.upkeep_per_chip)
    each = f"Each chip costs {upkeep} a round at upkeep."
    if s.top:
        return {
            "preview": "Roll the two genre dice behind your screen now: the total names the genre "
                       "that trends this round (+1 die on each film of it); snake eyes let you "
                       "choose any genre. The table learns it when the screens come down.",
            "agency": "Roll the Agency die behind your screen now: that Advertising Box pays its "
                      "winner two dice instead of one. The table learns it when the screens come down.",
            "distribution": "You pick the first film this round.",
        }.get(s.id, "A top section.") + " One marker only; free."
    if s.equipment:
        items = ", ".join(f"the {c.equipment[e].name} ({dollars(c.equipment[e].cost)})"
                          for e in s.equipment) + (" or both" if len(s.equipment) == 2 else "")
        formats = "/".join(SPECIAL_NAMES[e] for e in s.equipment)
        later = (" Only once the second film deck is in play."
                 if all(c.equipment[e].second_deck_only for e in s.equipment) else "")
        return f"Buy {items}: you may pick {formats} films from then on.{later} {each}"
    if s.loan:
        return (f"Borrow {dollars(s.loan)} at once. {each} Repay it on a placement turn to remove "
                "its chip; loans are subtracted from your holdings at the end.")
    if s.id == "manager":
        return (f"Pay {dollars(s.cost)} to hire a manager: a second Player Marker from now on, "
                f"placed in a second pass (your two markers may not swap). {each}")
    if s.extra_tips:
        return (f"Pay {dollars(s.cost)}: draw {1 + s.extra_tips} Insider Tips a round instead of 1 "
                f"(this round's extra at once). {each}")
    many = s.max_chips > 1
    chips = f"1–{s.max_chips} chips" if many else "1 chip"
    price = (f"{dollars(s.cost)} a chip" if many else dollars(s.cost)) if s.cost else "free now"
    does = {
        "runtime": f"adds {c.rules.minutes_per_chip} minutes of screen time, from this round on",
        "reroll": "rerolls one die showing 1 at every payout",
    }.get(s.id, f"adds {s.dice_per_chip} die at every payout where you screen a film" if s.dice_per_chip else "")
    if does:
        does = f": {'each ' if many else ''}{does}"
    return f"{chips} ({price}){does}. {each}"


def _chip_keys(c: Content, s: Section) -> list[str]:
    return list(s.equipment) or [s.id]


def describe_section(c: Content, section_id: str, view: dict | None = None) -> str:
    s = c.sections[section_id]
    where = "top section" if s.top else "Amenity Box"
    lines = [f"**{s.name}** — {where}.", _section_text(c, s)]
    if view is not None and view["phase"] != "over":
        here = [seat for seat, spots in enumerate(view["markers"]) for spot in spots if spot == s.id]
        lines.append("Markers here now: " + (", ".join(seat_tag(seat) for seat in here) or "none") + ".")
        held = []
        for seat, chips in enumerate(view["chips"]):
            count = sum(chips.get(key, 0) for key in _chip_keys(c, s))
            if count:
                held.append(f"{seat_tag(seat)} {count}")
        if held:
            lines.append(f"Chips: {', '.join(held)}.")
    return "\n".join(lines)


# --- Insider Tips --------------------------------------------------------------------------

def _when(kind: TipKind) -> str:
    if kind.timing == "payout":
        return ("Play it behind your screen with your advertising bids; its dice go on a "
                "qualifying film at the payout.")
    if kind.timing == "pick":
        return "Play it on your turn in the film picks."
    return "Play it behind your screen with your advertising bids."


def describe_tip(c: Content, kind_id: str, view: dict | None = None, mine: dict | None = None) -> str:
    """A tip kind: its text and when it is played; in a game, what is public (how many were
    played this round and by whom, the deck); for the asker alone, how many they hold and which
    of their films it fits. Never who holds one."""
    kind = c.tips[kind_id]
    total = sum(k.count for k in c.tips.values())
    once = ("As many as you like a round." if kind.repeatable
            else "One of this kind per player a round.")
    lines = [f"**{kind.name}** — Insider Tip ({kind.count} of the {total} cards).",
             kind.text, f"{_when(kind)} {once} Unplayed at the end: {dollars(c.rules.tip_value)}."]
    if view is None or view["phase"] == "over":
        return "\n".join(lines)
    played = [seat for seat, names in enumerate(view["played"]) for name in names if name == kind.name]
    if played:
        lines.append(f"Played this round by {', '.join(seat_tag(s) for s in dict.fromkeys(played))}.")
    lines.append(f"Tip deck: {view['tip_deck']} left, {view['tip_discard']} in the discard pile.")
    if mine is not None:
        held = sum(1 for card in mine["hand"] if card["id"] == kind_id)
        line = f"You hold {held}." if held else "You hold none."
        films = [c.films[f] for f in mine["screened"][mine["you"]]]
        if kind.timing == "payout" and films:
            fits = [f"*{f.title}*" for f in films if film_meets(f, dict(kind.condition))]
            need = dict(kind.condition).get("min_films", 1)
            line += (f" It fits your {', '.join(fits)}." if len(fits) >= need
                     else " It fits none of your films this round." if not fits
                     else f" It needs {need} of your films; {len(fits)} fit.")
        lines.append(line)
    return "\n".join(lines)

