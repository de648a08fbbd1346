"""Worlds one seat cannot tell apart, built by hand for every title: a copy of a state in
which what the seat cannot see is changed directly (hidden cards swapped at random between
hidden places, sealed screens and secret rolls dealt afresh, other loyalties, another seed),
never through the title's own ``determinize``, so a test comparing the two does not share the
code it checks. Each builder keeps what the seat knows in place: its hand, the cards its notes
name, the contracts it peeked at; cards another seat's notes name are renamed with the swap,
so the twin is one every other seat could be in too."""
from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Hashable
from typing import Any

from bot.engine.runner import SEED_KEY, copy_state
from bot.games import registry
from bot.games.hollywood_boulevard.flow import DECK_SAMPLE, deck_order

State = dict[str, Any]
#: A place a hidden card lies in: a list and an index in it.
Place = tuple[list[Any], int]


def twin(game_id: str, state: State, seat: int, rng: random.Random) -> State:
    """A world ``seat`` cannot tell from ``state``, its hidden parts changed at random."""
    world = copy_state(state)
    BUILDERS[game_id](registry.game(game_id), world, seat, rng)
    world[SEED_KEY] = rng.getrandbits(62)  # the dice and shuffles to come
    return world


def swap_around(places: list[Place], rng: random.Random,
                kind: Callable[[Any], Hashable] | None = None) -> dict[Any, Any]:
    """Deal the cards lying at ``places`` again among those places at random (each card
    among the places of its ``kind``). Returns the card now lying where each one lay."""
    groups: dict[Hashable, list[Place]] = defaultdict(list)
    for pile, index in places:
        groups[kind(pile[index]) if kind else None].append((pile, index))
    renamed = {}
    for group in groups.values():
        cards = [pile[index] for pile, index in group]
        rng.shuffle(cards)
        for (pile, index), card in zip(group, cards, strict=True):
            renamed[pile[index]] = card
            pile[index] = card
    return renamed


def places_in(*piles: list[Any]) -> list[Place]:
    return [(pile, index) for pile in piles for index in range(len(pile))]


def others(state: State, seat: int) -> list[int]:
    players = state["players"] if "players" in state else len(state["seats"])
    return [other for other in range(players) if other != seat]


# --- Advance to Boardwalk: the others' hands and the draw pile (the discard is face up) ------

def boardwalk(game: Any, state: State, seat: int, rng: random.Random) -> None:
    hands = [state["hands"][other] for other in others(state, seat)]
    swap_around(places_in(*hands, state["draw_pile"]), rng)


# --- Hollywood Boulevard: tips in others' hands and the tip deck, the film deck beyond the
# films dealt, the later decks, others' screens while they advertise, others' secret rolls ----

SECRET_PHASES = ("pick", "screen")


def boulevard(game: Any, state: State, seat: int, rng: random.Random) -> None:
    content = game.content
    rest = others(state, seat)
    if state["phase"] == "screen":  # what stands behind a screen still up: nothing, in this world
        for other in rest:
            state["screens"][other].update(bids={}, tips=[], press=None)
    swap_around(places_in(*(state["hands"][other] for other in rest), state["tips"]["deck"]), rng)
    number = state["deck_number"]
    order = deck_order(content, state)
    unseen = order[state["dealt"]:]
    rng.shuffle(unseen)
    state[DECK_SAMPLE] = {"deck": number, "order": order[:state["dealt"]] + unseen}
    for later in range(number, len(state["deck_seeds"])):
        state["deck_seeds"][later] = rng.randrange(2**31)
    if state["phase"] in SECRET_PHASES:
        _reroll_secrets(content, state, seat, rng)


def _reroll_secrets(content: Any, state: State, seat: int, rng: random.Random) -> None:
    """Another seat's Preview House and Agency rolls, behind its screen until the reveal."""
    preview, agency = state["secret"]["preview"], state["secret"]["agency"]
    if preview and preview["seat"] != seat:
        dice = rng.choice([(a, b) for a in range(1, 7) for b in range(1, 7) if a + b in content.genre_by_roll])
        preview.update(dice=list(dice), genre=content.genre_by_roll[sum(dice)])
    if agency and agency["seat"] != seat:
        die = rng.randint(1, 6)
        agency.update(die=die, box=content.box_by_die[die])


# --- Hollywood 1947: others' loyalties, every card and poster the seat cannot place ---------

#: Where a card lies alone rather than in a list: the Editor's card, each ghost's card.
Holder = tuple[dict[str, Any], str]


def hollywood_1947(game: Any, state: State, seat: int, rng: random.Random) -> None:
    _loyalties(state, seat, rng)
    noted = {note["id"] for note in state["notes"][seat]}
    step, turn = state["step"], state["turn"] or {}
    drawn_by_another = step is not None and turn.get("seat") != seat
    holders: list[Holder] = [(ghost, "card") for ghost in state["ghosts"]
                             if ghost["card"] is not None and seat not in ghost["seen"]]
    if state["editor_card"] is not None and state["editor"] != seat:
        holders.append((state, "editor_card"))
    loose = [holder[key] for holder, key in holders]
    piles = [*(state["hands"][other] for other in others(state, seat)), state["deck"], state["discard"],
             state["movie"], loose]
    if drawn_by_another and step["kind"] == "composer":
        piles.append(step["drawn"])
    cards = [(pile, index) for pile, index in places_in(*piles) if pile[index] not in noted]
    renamed = swap_around(cards, rng)
    for (holder, key), card in zip(holders, loose, strict=True):
        holder[key] = card
    rejected = {state["rejected"][1]} if state["rejected"] else set()
    posters = [state["posters"], state["posters_out"]]
    if drawn_by_another and step["kind"] == "screenwriter":
        posters.append(step["drawn"])
    renamed |= swap_around([(pile, index) for pile, index in places_in(*posters)
                            if pile[index] not in noted | rejected], rng)
    for other in others(state, seat):  # what the others noted follows the card to its place
        for note in state["notes"][other]:
            note["id"] = renamed.get(note["id"], note["id"])


def _loyalties(state: State, seat: int, rng: random.Random) -> None:
    """The others' loyalties change places, but for the communists a communist knows."""
    loyalty = state["loyalty"]
    known = "communist" if loyalty[seat] == "communist" else None
    unknown = [other for other in others(state, seat) if loyalty[other] != known]
    dealt = [loyalty[other] for other in unknown]
    rng.shuffle(dealt)
    for other, team in zip(unknown, dealt, strict=True):
        loyalty[other] = team


# --- San Francisco Scene: the card deck's order (the discard is face up) --------------------

def san_francisco(game: Any, state: State, seat: int, rng: random.Random) -> None:
    swap_around(places_in(state["deck"]), rng)


# --- Billboard: contracts face down on the agencies' piles (but those the seat peeked at),
# the decks of the rounds to come and the discard, each card among places of its own deck ----

def billboard(game: Any, state: State, seat: int, rng: random.Random) -> None:
    piles = {agency: state["agencies"][agency]["pile"] for agency in state["agencies"]}
    peeked = {(agency, piles[agency].index(peek["card"]), peek["seat"] == seat): peek
              for agency in piles for peek in state["agencies"][agency]["peeks"] if peek["card"] in piles[agency]}
    mine = {(agency, index) for agency, index, own in peeked if own}
    hidden = [(piles[agency], index) for agency in piles for index in range(len(piles[agency]))
              if (agency, index) not in mine]
    swap_around(hidden + places_in(*state["decks"].values(), state["discard"]), rng, kind=lambda card: card[0])
    for (agency, index, own), peek in peeked.items():
        if not own:  # another seat's peek follows the card now at the place it looked at
            peek["card"] = piles[agency][index]


BUILDERS: dict[str, Callable[[Any, State, int, random.Random], None]] = {
    "advance-to-boardwalk": boardwalk,
    "hollywood-boulevard": boulevard,
    "hollywood-1947": hollywood_1947,
    "san-francisco-scene": san_francisco,
    "billboard": billboard,
}
