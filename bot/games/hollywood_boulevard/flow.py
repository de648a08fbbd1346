"""The turn sequence: set-up, the steps nobody chooses (dice rolls, upkeep, dealing), and the
hand-over from one phase to the next.

Phases, in the sheet's order: place → (genre: Preview House snake eyes) → pick → screen
(advertising and tips) → reveal and payout → (blockbuster) → upkeep → next round or over.
"""
from __future__ import annotations

import random

from bot.engine import Choice, Event, IllegalMove

from . import advertising, payout, picking, placement
from .common import chip, describe_rolloff, dollars, fields, roll_off, seat_tag
from .content import Content

SNAKE_EYES = 2


def switch_round(rounds: int) -> int:
    """The last round on the first deck: 3 of 6 in the sheet, scaled to 2 of 4 and 4 of 8."""
    return rounds // 2


# --- set-up ---------------------------------------------------------------------------------

def setup(c: Content, players: int, rounds: int, rng: random.Random) -> dict:
    tip_deck = c.tip_deck
    rng.shuffle(tip_deck)
    hands = [[tip_deck.pop() for _ in range(c.rules.start_tips)] for _ in range(players)]
    state = {
        "players": players, "rounds": rounds, "switch_after": switch_round(rounds), "round": 1,
        "phase": "place", "start": rng.randrange(players),
        "bank": c.rules.bank - c.rules.start_cash * players,
        "cash": [c.rules.start_cash] * players,
        "chips": [{} for _ in range(players)],
        "cubes": {}, "genre": None, "agency": None,
        # Each film deck is shuffled once, by its own seed; "dealt" counts the cards gone.
        # (A seed instead of a 100-card list keeps every move's copy of the state small.)
        "deck_number": 1, "deck_seeds": [rng.randrange(2**31), rng.randrange(2**31)], "dealt": 0,
        "array": [],
        "tips": {"deck": tip_deck, "discard": []}, "hands": hands,
        "spots": [[None, None] for _ in range(players)],
        "reveal": None, "payout": None, "scores": None,
    }
    _reset_round(state)
    state["last_spots"] = [[] for _ in range(players)]
    _deal_array(c, state)
    placement.begin(state)
    return state


def _reset_round(state: dict) -> None:
    players = state["players"]
    state["last_spots"] = [[spot for spot in spots if spot] for spots in state["spots"]]
    state["spots"] = [[None, None] for _ in range(players)]
    state["owner"] = {}
    state["screened"] = [[] for _ in range(players)]
    state["pick_effects"] = {}
    state["pick_order"] = []
    state["picking_done"] = [False] * players
    state["picker"] = None
    state["played"] = [[] for _ in range(players)]
    state["screens"] = []
    state["secret"] = {"preview": None, "agency": None}
    state["blockbuster_waiting"] = []
    state["blockbusters"] = []
    state["ad_dice"] = [0] * players


#: A bot's sample of the game (``knowledge.determinize``) sets the current deck's order
#: itself, the films already dealt first: the seed's order is what the bot may not know.
DECK_SAMPLE = "deck_sample"


def deck_order(c: Content, state: dict) -> list[str]:
    """The current film deck in its shuffled order (secret: never in a view)."""
    sample = state.get(DECK_SAMPLE)
    if sample and sample["deck"] == state["deck_number"]:
        return list(sample["order"])
    order = list(c.decks[state["deck_number"] - 1])
    random.Random(state["deck_seeds"][state["deck_number"] - 1]).shuffle(order)
    return order


def films_left(c: Content, state: dict) -> int:
    return len(c.decks[state["deck_number"] - 1]) - state["dealt"]


def _deal_array(c: Content, state: dict) -> None:
    size = c.rules.array_size
    state["array"] = deck_order(c, state)[state["dealt"]:state["dealt"] + size]
    state["dealt"] += size


def opening_events(c: Content, state: dict) -> list[Event]:
    """The table sees the first array before anyone places: stars and equipment depend on it."""
    return [Event(f"Round 1 of {state['rounds']}: {len(state['array'])} films are dealt. "
                  f"{seat_tag(state['start'])} draws the Start Player Token and places first.",
                  image="array")]


# --- the steps between choices --------------------------------------------------------------

def _secret_rolls(c: Content, state: dict, rng: random.Random) -> list[Event]:
    """Preview House and Advertising Agency holders roll behind their screens."""
    events = []
    preview = placement.top_holder(state, "preview")
    if preview is not None:
        dice = [rng.randint(1, 6), rng.randint(1, 6)]
        genre = None if sum(dice) == SNAKE_EYES else c.genre_by_roll[sum(dice)]
        state["secret"]["preview"] = {"seat": preview, "dice": dice, "genre": genre}
        text = (f"Behind your screen you roll {dice[0]} + {dice[1]}: "
                + ("snake eyes — choose any genre to trend." if genre is None
                   else f"{c.genres[genre].name} will trend this round."))
        events.append(Event(text, to=(preview,)))
    agency = placement.top_holder(state, "agency")
    if agency is not None:
        die = rng.randint(1, 6)
        state["secret"]["agency"] = {"seat": agency, "die": die, "box": c.box_by_die[die]}
        events.append(Event(f"Behind your screen the Agency die shows {die}: "
                            f"{c.boxes[c.box_by_die[die]].name} will pay two dice.", to=(agency,)))
    return events


def _after_placement(c: Content, state: dict, rng: random.Random) -> list[Event]:
    events = [Event("All markers are placed.", image="board"), *_secret_rolls(c, state, rng)]
    if state["secret"]["preview"]:
        # The holder always takes a private step, snake eyes or not: waiting only on snake
        # eyes would tell the table what was rolled behind the screen.
        state["phase"] = "genre"
        return events
    return events + picking.begin(c, state)


def _public_genre_roll(c: Content, state: dict, rng: random.Random) -> list[Event]:
    """No Preview House holder: roll 2d6 for all to see once the films are chosen."""
    dice = [rng.randint(1, 6), rng.randint(1, 6)]
    if sum(dice) == SNAKE_EYES:
        now = c.genres[state["genre"]].name if state["genre"] else "no genre"
        return [Event(f"Genre dice (public roll): snake eyes — the marker stays ({now}).")]
    state["genre"] = c.genre_by_roll[sum(dice)]
    return [Event(f"Genre dice (public roll): {dice[0]} + {dice[1]} = {sum(dice)} — "
                  f"{c.genres[state['genre']].name} is the trending genre.")]


def _end_picking(c: Content, state: dict, rng: random.Random) -> list[Event]:
    events = [] if state["secret"]["preview"] else _public_genre_roll(c, state, rng)
    return events + advertising.begin(state)


def _screens_down(c: Content, state: dict, rng: random.Random) -> list[Event]:
    events = advertising.reveal(c, state, rng) + payout.run(c, state, rng)
    state["phase"] = "blockbuster"
    return events + payout.begin_blockbuster(c, state)


def _start_player(state: dict, rng: random.Random) -> list[Event]:
    """The least cash starts; a tie is a high-die roll-off."""
    least = min(state["cash"])
    tied = [seat for seat, cash in enumerate(state["cash"]) if cash == least]
    state["start"], rolls = roll_off(rng, tied)
    how = f" (tied on {dollars(least)}; roll-off: {describe_rolloff(rolls)})" if rolls else f" (least cash, {dollars(least)})"
    return [Event(f"{seat_tag(state['start'])} takes the Start Player Token{how}.")]


def _end_round(c: Content, state: dict, rng: random.Random) -> list[Event]:
    events = payout.pay_upkeep(c, state)
    if state["round"] == state["rounds"]:
        return events + _finish(c, state)
    for seat in range(state["players"]):
        count = 1 + chip(state, seat, "parties") * c.sections["parties"].extra_tips
        events += placement.draw_tips(c, state, seat, count, rng)
    state["round"] += 1
    if state["round"] == state["switch_after"] + 1:
        state["deck_number"] = 2
        state["dealt"] = 0
        events.append(Event("The second film deck replaces the first: Anamorphic Lenses are on sale."))
    _reset_round(state)
    _deal_array(c, state)
    events += _start_player(state, rng)
    placement.begin(state)
    events.append(Event(f"Round {state['round']} of {state['rounds']}: a new array of films; "
                        f"{seat_tag(state['start'])} places first.", image="array"))
    return events


def scores(c: Content, state: dict) -> list[int]:
    """Cash, minus loans, plus $2,000 for each unplayed Insider Tip."""
    loan = c.sections["loan"].loan
    return [state["cash"][seat] - loan * chip(state, seat, "loan")
            + c.rules.tip_value * len(state["hands"][seat]) for seat in range(state["players"])]


def _finish(c: Content, state: dict) -> list[Event]:
    state["phase"] = "over"
    state["scores"] = scores(c, state)
    best = max(state["scores"])
    winners = [seat for seat, score in enumerate(state["scores"]) if score == best]
    lines = [f"{seat_tag(seat)}: {dollars(score)}" for seat, score in enumerate(state["scores"])]
    who = " and ".join(seat_tag(s) for s in winners)
    return [Event("The last reel: " + "; ".join(lines) + f". {who} win{'s' if len(winners) == 1 else ''}"
                  + (" — a tie, and ties are ties indeed." if len(winners) > 1 else "!"))]


def settle(c: Content, state: dict, rng: random.Random) -> list[Event]:
    """Run the automatic steps until some seat has a choice to make (or the game is over)."""
    events: list[Event] = []
    while True:
        phase = state["phase"]
        if phase == "place" and placement.finished(state):
            events += _after_placement(c, state, rng)
        elif phase == "pick" and picking.finished(state):
            events += _end_picking(c, state, rng)
        elif phase == "screen" and advertising.finished(state):
            events += _screens_down(c, state, rng)
        elif phase == "blockbuster" and not state["blockbuster_waiting"]:
            events += _end_round(c, state, rng)
        else:
            return events


# --- Preview House: the holder looks behind the screen (and names the genre on snake eyes) ---

def snake_eyes(preview: dict) -> bool:
    return sum(preview["dice"]) == SNAKE_EYES


def genre_legal(c: Content, state: dict, seat: int) -> list[Choice]:
    preview = state["secret"]["preview"]
    if state["phase"] != "genre" or preview is None or preview["seat"] != seat:
        return []
    if not snake_eyes(preview):
        rolled = c.genres[preview["genre"]]
        dice = " + ".join(map(str, preview["dice"]))
        return [Choice(f"genre:{rolled.id}", f"{rolled.name} trends this round (you rolled {dice})",
                       group="Your Preview House roll", private=True, style="primary")]
    return [Choice(f"genre:{g.id}", f"{g.name} trends this round", group="Choose the trending genre",
                   private=True)
            for g in sorted(c.genres.values(), key=lambda g: g.roll)]


def genre_apply(c: Content, state: dict, seat: int, action: str) -> list[Event]:
    preview = state["secret"]["preview"]
    if preview is None or preview["seat"] != seat:
        raise IllegalMove("Only the Preview House holder looks behind that screen.")
    genre, = fields(action, "genre", 1, "Choose one of the ten genres.")
    if genre not in c.genres:
        raise IllegalMove("Choose one of the ten genres.")
    if not snake_eyes(preview) and genre != preview["genre"]:
        rolled = c.genres[preview["genre"]].name
        raise IllegalMove(f"Your roll gives {rolled}; only snake eyes let you choose the genre.")
    preview["genre"] = genre
    return [Event(f"{c.genres[genre].name} will trend this round (secret until the screens come down).",
                  to=(seat,)), *picking.begin(c, state)]
