"""Worlds one seat cannot tell apart, built by hand for every title: a copy of a state in
which what the seat cannot see is changed directly (hidden cards swapped at random between
hidden places, sealed screens and secret rolls dealt afresh, other loyalties, an offer's terms
and a trade in the making, another seed), never through the title's own ``determinize``, so a
test comparing the two does not share the code it checks. Each builder keeps what the seat
knows in place: its hand, the cards its notes of the movie in progress name (an earlier
movie's may lie anywhere hidden by now), the contracts it peeked at; cards another seat's
notes name are renamed with the swap, so the twin is one every other seat could be in too.
``HIDDEN`` names each title's hidden parts, which the twins must change somewhere."""
from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Hashable
from typing import Any

from bot.engine.runner import SEED_KEY, copy_state
from bot.games import registry
from bot.games.hollywood_boulevard.advertising import PRESS, _tip_refusal
from bot.games.hollywood_boulevard.flow import DECK_SAMPLE, deck_order
from bot.games.san_francisco_scene.common import STEP, floor_step
from bot.games.san_francisco_scene.deals import tradable, trade_partners

State = dict[str, Any]
#: A place a hidden card lies in: a list and an index in it.
Place = tuple[list[Any], int]


def twin(game_id: str, state: State, seat: int, rng: random.Random, *, reseed: bool = True) -> State:
    """A world ``seat`` cannot tell from ``state``, its hidden parts changed at random.
    ``reseed``: the dice and shuffles to come change too (without, the same moves made in
    both worlds roll the same dice, so the two stay alike for longer)."""
    world = copy_state(state)
    BUILDERS[game_id](registry.game(game_id), world, seat, rng)
    if reseed:
        world[SEED_KEY] = rng.getrandbits(62)
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
    # A card being played waiting for its target stays in its player's hand until it resolves.
    playing = state["play"]["card"] if state["play"] is not None else None
    swap_around([(pile, index) for pile, index in places_in(*hands, state["draw_pile"])
                 if pile[index] != playing], rng)


# --- Hollywood Boulevard: tips in others' hands and the tip deck, the film deck beyond the
# films dealt, the later decks, others' screens while they advertise, others' secret rolls ----

#: Phases in which the Preview House and Agency rolls are still behind their holder's screen
#: (the Preview House holder looks at theirs in "genre", naming the genre on snake eyes).
SECRET_PHASES = ("genre", "pick", "screen")


def boulevard(game: Any, state: State, seat: int, rng: random.Random) -> None:
    content = game.content
    rest = others(state, seat)
    swap_around(places_in(*(state["hands"][other] for other in rest), state["tips"]["deck"]), rng)
    if state["phase"] == "screen":
        for other in rest:
            _behind_the_screen(content, state, other, rng)
    number = state["deck_number"]
    order = deck_order(content, state)
    unseen = order[state["dealt"]:]
    rng.shuffle(unseen)
    state[DECK_SAMPLE] = {"deck": number, "order": order[:state["dealt"]] + unseen}
    for later in range(number, len(state["deck_seeds"])):
        state["deck_seeds"][later] = rng.randrange(2**31)
    if state["phase"] in SECRET_PHASES:
        _reroll_secrets(content, state, seat, rng)


def _behind_the_screen(content: Any, state: State, other: int, rng: random.Random) -> None:
    """What another seat has put behind its screen, put there afresh (whether it has pressed
    Done stays, as the table sees it): bids its cash covers, and tips its hand (as swapped)
    allows, by the rules' own test of a tip (``advertising._tip_refusal``)."""
    screen = state["screens"][other]
    pips_left = state["cash"][other] // content.rules.pip_value
    bids = {}
    for box in rng.sample(sorted(content.boxes), 3):
        pips = rng.randint(0, min(content.rules.max_pips, pips_left))
        if pips:
            bids[box], pips_left = pips, pips_left - pips
    screen.update(bids=bids, tips=[], press=None)
    for kind_id in sorted(set(state["hands"][other])):
        kind = content.tips[kind_id]
        if rng.random() < 0.5 or _tip_refusal(content, kind, state["hands"][other], screen["tips"],
                                               screen["press"], state["played"][other],
                                               state["screened"][other]):
            continue
        if kind_id == PRESS:
            screen["press"] = rng.choice(sorted(content.boxes))
        else:
            screen["tips"].append(kind_id)


def _reroll_secrets(content: Any, state: State, seat: int, rng: random.Random) -> None:
    """Another seat's Preview House and Agency rolls, behind its screen until the reveal. On
    snake eyes the holder names the genre: still to do while it looks ("genre"), done after."""
    preview, agency = state["secret"]["preview"], state["secret"]["agency"]
    if preview and preview["seat"] != seat:
        dice = [rng.randint(1, 6), rng.randint(1, 6)]
        genre = content.genre_by_roll.get(sum(dice))
        if genre is None and state["phase"] != "genre":
            genre = rng.choice(sorted(content.genres))
        preview.update(dice=dice, genre=genre)
    if agency and agency["seat"] != seat:
        die = rng.randint(1, 6)
        agency.update(die=die, box=content.box_by_die[die])


# --- Hollywood 1947: others' loyalties, every card and poster the seat cannot place ---------

#: Where a card lies alone rather than in a list: the Editor's card, each ghost's card.
Holder = tuple[dict[str, Any], str]


def hollywood_1947(game: Any, state: State, seat: int, rng: random.Random) -> None:
    _loyalties(state, seat, rng)
    # A note of an earlier movie says what the seat saw, not where it lies now: that movie's
    # cards went to the discard at its premiere, which a refill shuffles into the deck, and
    # its rejected poster is out of the game unseen. Only this movie's notes hold things in place.
    noted = {note["id"] for note in state["notes"][seat] if note["round"] == state["round"]}
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
    """The others' loyalties change places, but for the communists a communist knows (and all
    of them once the game is over, when the table learns them)."""
    if state["phase"] == "over":
        return
    loyalty = state["loyalty"]
    known = "communist" if loyalty[seat] == "communist" else None
    unknown = [other for other in others(state, seat) if loyalty[other] != known]
    dealt = [loyalty[other] for other in unknown]
    rng.shuffle(dealt)
    for other, team in zip(unknown, dealt, strict=True):
        loyalty[other] = team


# --- San Francisco Scene: the card deck's order (the discard is face up), the terms of an
# offer between two other seats, the trade another seat is drafting ---------------------------

def san_francisco(game: Any, state: State, seat: int, rng: random.Random) -> None:
    swap_around(places_in(state["deck"]), rng)
    offer = state["offer"]
    if offer is not None and seat not in (offer["by"], offer["to"]):
        offer["terms"] = _other_terms(state, offer["terms"], rng)
    if state["draft"] is not None and state["turn"] != seat:
        state["draft"] = _another_draft(state, state["turn"], rng)


def _other_terms(state: State, terms: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Terms the table could not tell from ``terms``: the same kind between the same two,
    another price (a Connection Card's within the buyer's cash), or for a trade other cards
    (one at least) and cash either way within what each holds, in the rules' steps."""
    if terms["kind"] == "connection":
        price = rng.randrange(0, floor_step(state["seats"][terms["buyer"]]["cash"]) + 1, STEP)
        return {**terms, "price": price}
    a, b = terms["a"], terms["b"]
    gives = {side: [card for card in tradable(state, side) if rng.random() < 0.5] for side in (a, b)}
    if not gives[a] and not gives[b]:  # no loans between players: a card changes hands
        side = rng.choice([side for side in (a, b) if tradable(state, side)])
        gives[side] = [rng.choice(tradable(state, side))]
    low, high = -floor_step(state["seats"][b]["cash"]), floor_step(state["seats"][a]["cash"])
    return {**terms, "a_gives": gives[a], "b_gives": gives[b], "a_pays": rng.randrange(low, high + 1, STEP)}


def _another_draft(state: State, drafter: int, rng: random.Random) -> dict[str, Any]:
    """A trade in the making at any of its steps, as the rules build one: a partner, then the
    cards given and asked (a step with nothing to trade passed over), then the cash."""
    partners = trade_partners(state, drafter)
    step = rng.choice(["partner", "give", "ask", "cash"])
    if step == "partner" or not partners:
        return {"step": "partner"}
    partner = rng.choice(partners)
    mine, theirs = tradable(state, drafter), tradable(state, partner)
    give = [card for card in mine if rng.random() < 0.5] if step in ("ask", "cash") else []
    ask = [card for card in theirs if rng.random() < 0.5] if step == "cash" else []
    if step == "give" and not mine:
        step = "ask"
    if step == "ask" and not theirs:
        step = "cash"
    if step == "cash" and not (give or ask):  # the rules ask for a card before any cash
        step, give, ask = ("give", [], []) if mine else ("ask", [], [])
    return {"step": step, "partner": partner, "give": give, "ask": ask}


# --- Billboard: contracts face down on the agencies' piles (but those the seat peeked at),
# the decks of the rounds to come and the discard, each card among places of its own deck ----

def billboard(game: Any, state: State, seat: int, rng: random.Random) -> None:
    piles = {agency: state["agencies"][agency]["pile"] for agency in state["agencies"]}
    # Each peek at a card still face down, by place (two seats may have looked at one card).
    peeked = [(agency, piles[agency].index(peek["card"]), peek) for agency in piles
              for peek in state["agencies"][agency]["peeks"] if peek["card"] in piles[agency]]
    mine = {(agency, index) for agency, index, peek in peeked if peek["seat"] == seat}
    hidden = [(piles[agency], index) for agency in piles for index in range(len(piles[agency]))
              if (agency, index) not in mine]
    swap_around(hidden + places_in(*state["decks"].values(), state["discard"]), rng, kind=lambda card: card[0])
    for agency, index, peek in peeked:
        if peek["seat"] != seat:  # another seat's peek follows the card now at the place it looked at
            peek["card"] = piles[agency][index]


BUILDERS: dict[str, Callable[[Any, State, int, random.Random], None]] = {
    "advance-to-boardwalk": boardwalk,
    "hollywood-boulevard": boulevard,
    "hollywood-1947": hollywood_1947,
    "san-francisco-scene": san_francisco,
    "billboard": billboard,
}


# --- what each title hides, part by part ------------------------------------------------------
#
# Each part reads, from a state, what of it ``seat`` cannot see (empty or None where there is
# none of it now). A twin changes each of them somewhere: tests/host/test_one_property.py
# checks that its twins do, so a part no twin changes is a gap in the builders above.

Part = Callable[[State, int], Any]


def _others(key: str) -> Part:
    return lambda state, seat: [state[key][other] for other in others(state, seat)]


def _screens(state: State, seat: int) -> Any:
    return [state["screens"][other] for other in others(state, seat)] if state["phase"] == "screen" else None


def _secret_roll(kind: str) -> Part:
    def roll(state: State, seat: int) -> Any:
        held = state["secret"][kind]
        return held if held and held["seat"] != seat and state["phase"] in SECRET_PHASES else None
    return roll


def _unseen_ghosts(state: State, seat: int) -> Any:
    return [ghost["card"] for ghost in state["ghosts"] if ghost["card"] is not None and seat not in ghost["seen"]]


def _drawn_by_another(state: State, seat: int) -> Any:
    step, turn = state["step"], state["turn"] or {}
    return step["drawn"] if step and "drawn" in step and turn.get("seat") != seat else None


def _noted_earlier(state: State, seat: int) -> Any:
    """Where the cards and posters the seat noted in an earlier movie lie now."""
    earlier = {note["id"] for note in state["notes"][seat] if note["round"] < state["round"]}
    places = {**{f"hand {other}": state["hands"][other] for other in range(state["players"])},
              "deck": state["deck"], "discard": state["discard"], "movie": state["movie"],
              "editor": [state["editor_card"]], "ghosts": [ghost["card"] for ghost in state["ghosts"]],
              "posters": state["posters"], "posters out": state["posters_out"]}
    return sorted((item, place, index) for place, pile in places.items()
                  for index, item in enumerate(pile) if item in earlier)


def _offer_terms(state: State, seat: int) -> Any:
    offer = state["offer"]
    return offer["terms"] if offer is not None and seat not in (offer["by"], offer["to"]) else None


def _peeked_by_another(state: State, seat: int) -> Any:
    return [peek["card"] for agency in state["agencies"].values() for peek in agency["peeks"] if peek["seat"] != seat]


def _loyalties_hidden(state: State, seat: int) -> Any:
    return None if state["phase"] == "over" else _others("loyalty")(state, seat)


HIDDEN: dict[str, dict[str, Part]] = {
    "advance-to-boardwalk": {
        "others' Fortune cards": _others("hands"),
        "the draw pile": lambda state, seat: state["draw_pile"],
    },
    "hollywood-boulevard": {
        "others' Insider Tips": _others("hands"),
        "the tip deck": lambda state, seat: state["tips"]["deck"],
        "the film decks beyond the films dealt": lambda state, seat: (state.get(DECK_SAMPLE), state["deck_seeds"]),
        "what stands behind others' screens": _screens,
        "another seat's Preview House roll": _secret_roll("preview"),
        "another seat's Agency roll": _secret_roll("agency"),
    },
    "hollywood-1947": {
        "others' loyalties": _loyalties_hidden,
        "others' hands": _others("hands"),
        "the deck": lambda state, seat: state["deck"],
        "the discard": lambda state, seat: state["discard"],
        "the movie": lambda state, seat: [*state["movie"], *[state["editor_card"]] * (state["editor_card"] is not None)],
        "ghost cards not looked at": _unseen_ghosts,
        "the posters": lambda state, seat: [*state["posters"], *state["posters_out"]],
        "cards or posters another seat drew": _drawn_by_another,
        "what the seat noted in an earlier movie": _noted_earlier,
    },
    "san-francisco-scene": {
        "the Cable Car deck": lambda state, seat: state["deck"],
        "the terms of an offer between two others": _offer_terms,
        "the trade another seat is drafting": lambda state, seat: state["draft"] if state["turn"] != seat else None,
    },
    "billboard": {
        "contracts face down": lambda state, seat: [agency["pile"] for agency in state["agencies"].values()],
        "the decks of the rounds to come": lambda state, seat: state["decks"],
        "the discard": lambda state, seat: state["discard"],
        "what another seat peeked at": _peeked_by_another,
    },
}
