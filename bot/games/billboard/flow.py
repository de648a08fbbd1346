"""What nobody chooses: set-up, handing the turn on, taking over companies, the end of a
round (scoring, dealing the next deck by the agency track) and the end of the game."""
from __future__ import annotations

import random
from typing import Any

from bot.engine import Event

from .content import DECKS, ROUNDS, Content
from .holdings import neutral, owned_value
from .scoring import round_scores
from .wording import money, seat, table_words

State = dict


def setup(content: Content, players: int, options: dict[str, Any], rng: random.Random) -> State:
    language = options.get("language", "en")
    languages = list(options.get("seat_languages") or [language] * players)
    decks = {}
    for deck in DECKS:
        cards = content.deck_cards(deck)
        rng.shuffle(cards)
        decks[deck] = cards
    start = rng.randrange(players)
    state: State = {
        "players": players, "language": language, "seat_languages": languages[:players],
        "offer_minutes": options.get("offer_minutes", 240),
        "round": 1, "phase": "draft", "turn": start, "start": start,
        "money": [content.starting_money] * players, "locked": [0] * players,
        "bank": content.bank,
        "owner": {b.id: b.company for b in content.billboards.values()},
        "ads": [], "prices": list(content.start_prices),
        "companies": {c.id: {"price": c.price, "owner": None, "bid": None,
                             "value": sum(b.value for b in content.billboards.values()
                                          if b.company == c.id)}
                      for c in content.companies},
        "loyalty": {a.id: [0] * players for a in content.agencies},
        "score": [0] * players, "contracts": [0] * players, "ad_value": [0] * players,
        "used": [], "traded": [], "step": None,
        "agencies": {a.id: {"track": 0, "pile": [], "peeks": []} for a in content.agencies},
        "order": [a.id for a in content.agencies],
        "decks": decks, "discard": [], "won": [],
        "auction": None, "auctions": 0, "draft_passed": [], "assign_queue": [],
        "ender": None, "winners": [],
    }
    _deal(content, state, 1, list(content.first_round))
    return state


def deck_of_round(round_number: int) -> str:
    return DECKS[(round_number - 1) % len(DECKS)]


def _deal(content: Content, state: State, round_number: int, shares: list[int]) -> None:
    """Lay this round's cards face down, ``shares[i]`` on the pile of the i-th agency in
    track order."""
    deck = state["decks"][deck_of_round(round_number)]
    for agency_id, share in zip(state["order"], shares):
        state["agencies"][agency_id]["pile"] = [deck.pop(0) for _ in range(share)]


def start_turn(content: Content, state: State, player: int) -> list[Event]:
    """``player``'s turn begins: a bid of theirs still standing buys the company now."""
    state.update(phase="turn", turn=player, used=[], traded=[], step=None)
    events = []
    words = table_words(content, state)
    for company_id, company in state["companies"].items():
        bid = company["bid"]
        if bid is None or bid["seat"] != player:
            continue
        price = bid["price"]
        state["locked"][player] -= price
        state["bank"] += price
        company.update(owner=player, bid=None, price=price)
        moved = [b for b, owner in state["owner"].items() if owner == company_id]
        for billboard_id in moved:
            state["owner"][billboard_id] = player
        name = content.company(company_id).name
        events.append(Event(words.tn(
            "Nobody outbid {seat}: {company} is theirs for {price}, with its {count} billboard.",
            "Nobody outbid {seat}: {company} is theirs for {price}, with its {count} billboards.",
            len(moved), seat=seat(player), company=name, price=money(words, price))))
    return events


def faces_down(state: State) -> int:
    return sum(len(agency["pile"]) for agency in state["agencies"].values())


def end_turn(content: Content, state: State) -> list[Event]:
    """The turn is over: the round ends with it once no face-down contract is left."""
    if faces_down(state) == 0:
        return end_round(content, state, state["turn"])
    return start_turn(content, state, (state["turn"] + 1) % state["players"])


def next_player(state: State) -> int | None:
    """Whose turn follows the turn or billboard assignment now (``Billboard.next_seat``).
    A turn hands on to the left; one that ends the round does so too, for the seat on the
    left of the ender gives the next billboard (the ender gives first) or, with none to
    give, opens the next round. None where the game may end with this turn."""
    players, now = state["players"], state["turn"]
    if state["phase"] == "turn":
        # One draw a turn: with one face-down contract left, round VIII may end now.
        return None if state["round"] == ROUNDS and faces_down(state) <= 1 else (now + 1) % players
    queue = state["assign_queue"]
    opener = (state["ender"] + 1) % players
    if len(queue) == 1:  # the last to give: the next round opens
        return opener if opener != now else (now + 1) % players
    following = queue[1]
    # Giving the bank's last billboard ends the giving, and the next round opens.
    bank_left = sum(owner is None for owner in state["owner"].values())
    return following if bank_left >= 2 or following == opener else None


def end_round(content: Content, state: State, ender: int) -> list[Event]:
    state["ender"] = ender
    events = round_scores(content, state)
    if state["round"] == ROUNDS:
        return events + finish(content, state)
    state["assign_queue"] = [(ender + i) % state["players"] for i in range(state["players"])]
    state.update(phase="assign", step=None, used=[], traded=[])
    return events + next_assigner(content, state)


def _no_assignment(state: State) -> str | None:
    """Why no billboard can go to a neutral company now ("company", "bank"), or None."""
    if not any(neutral(state, c) for c in state["companies"]):
        return "company"
    if not any(owner is None for owner in state["owner"].values()):
        return "bank"
    return None


def next_assigner(content: Content, state: State) -> list[Event]:
    """Hand the assignment to the next seat in the queue, or start the next round. When
    seats are still to give a billboard and none can be given, the table is told why."""
    queue = state["assign_queue"]
    why = _no_assignment(state)
    if queue and why is None:
        state["turn"] = queue[0]
        state["step"] = None
        return []
    events = []
    if queue:
        words = table_words(content, state)
        nobody = len(queue) == state["players"]
        if why == "company":
            text = words.t("No neutral company is left to take a billboard: nobody gives one this "
                           "round.") if nobody else \
                words.t("No neutral company is left to take a billboard: the others give none "
                        "this round.")
        else:
            text = words.t("The bank has no billboard left to give: nobody gives one this round.") \
                if nobody else \
                words.t("The bank has no billboard left to give: the others give none this round.")
        events.append(Event(text))
    state["assign_queue"] = []
    return events + next_round(content, state)


def next_round(content: Content, state: State) -> list[Event]:
    """Deal the next deck by the agency track (a tie keeps the earlier order), reset the
    track, clear the ads, and play on from the seat after the one who ended the round."""
    words = table_words(content, state)
    agencies = state["agencies"]
    state["order"] = sorted(state["order"], key=lambda a: -agencies[a]["track"])
    state["round"] += 1
    count = content.round_cards[state["round"] - 1]
    _deal(content, state, state["round"], list(content.shares[count]))
    for agency in agencies.values():
        agency.update(track=0, peeks=[])
    players = state["players"]
    state.update(ads=[], contracts=[0] * players, ad_value=[0] * players)
    piles = ", ".join(f"{content.agency(a).name} {words.number(len(agencies[a]['pile']))}"
                      for a in state["order"])
    events = [Event(words.t("Round {round} begins with deck {deck}: contracts dealt by the "
                            "agency track — {piles}.", round=state["round"],
                            deck=deck_of_round(state["round"]), piles=piles))]
    return events + start_turn(content, state, (state["ender"] + 1) % players)


def finish(content: Content, state: State) -> list[Event]:
    """After round VIII: standing bids lapse (their money comes back), most points wins,
    then the most billboard value; a tie after that is shared."""
    for company in state["companies"].values():
        bid = company["bid"]
        if bid is not None:
            state["locked"][bid["seat"]] -= bid["price"]
            state["money"][bid["seat"]] += bid["price"]
            company["bid"] = None
    players = range(state["players"])
    best = max((state["score"][s], owned_value(content, state, s)) for s in players)
    state["winners"] = [s for s in players
                        if (state["score"][s], owned_value(content, state, s)) == best]
    state.update(phase="over", step=None, used=[])
    words = table_words(content, state)
    names = ", ".join(seat(s) for s in state["winners"])
    return [Event(words.tn("The game is over. Winner: {names}.", "The game is over. Winners: {names}.",
                           len(state["winners"]), names=names))]
