"""What a seat knows, for its bots (``determinize``), and how well a seat stands (``utility``).

Hidden from a seat: the others' loyalties (a communist knows its comrades; the rest are
dealt again, each deal as likely as the movies so far make it, ``suspicion``), the others'
hands, the deck, the discards and the face-down movie (but for the cards its notes say it put
into this movie), the ghost cards it has not looked at, the Editor's card and the cards or
posters another seat drew, and the posters out of the game (but the one it rejected)."""
from __future__ import annotations

import math
import random
from typing import Any

from bot.engine import State
from bot.engine.fair import copied, fresh_seed, redeal, shuffled

from . import suspicion
from .informed import InformedHollywood1947Bot
from .memory import notes_of
from .table import goal, team_wins


def determinize(game, state: State, seat: int, rng: random.Random) -> State:
    sample = copied(state)
    _loyalties(game, sample, seat, rng)
    _cards(sample, seat, rng)
    _posters(sample, seat, rng)
    sample["notes"] = [notes if s == seat else [] for s, notes in enumerate(notes_of_all(sample))]
    fresh_seed(sample, rng)
    return sample


def notes_of_all(state: State) -> list[list[dict[str, Any]]]:
    return [notes_of(state, s) for s in range(state["players"])]


def _loyalties(game, sample: State, seat: int, rng: random.Random) -> None:
    """Deal the loyalties the seat cannot see again, each deal as likely as the movies so
    far make it (``suspicion``; a communist knows them all)."""
    options = suspicion.deals(game.content, sample, seat)
    deal = rng.choices([deal for deal, _ in options], [chance for _, chance in options])[0]
    sample["loyalty"] = list(deal)


#: Notes of this movie that put a card into it: until the premiere (which starts the next
#: movie in the same move) that card is in the movie, or in the Editor's hand once drawn.
INTO_THE_MOVIE = ("added", "ghost", "composed", "returned")


def _cards(sample: State, seat: int, rng: random.Random) -> None:
    """Deal again every card the seat cannot place. Of its notes only this movie's cards put
    into it still say where a card is: in the movie, or the Editor's hand (``_movie_cards``).
    A card it discarded, or noted in the last movie, went to the discard, which the deck may
    have taken back since (a refill shuffles it in, seen only as the piles' sizes), so such a
    card is dealt again like any other: holding it where it truly lies would make the sample
    depend on the truth."""
    editor = sample["editor_card"] is not None and sample["editor"] != seat
    placed, unplaced = _movie_cards(sample, seat, editor)
    slots: list[list[str]] = [hand for s, hand in enumerate(sample["hands"]) if s != seat]
    ghosts = [g for g in sample["ghosts"] if g["card"] is not None and seat not in g["seen"]]
    ghost_slot = [g["card"] for g in ghosts]
    step, turn = sample["step"], sample["turn"] or {}
    drawn = (step["drawn"] if step and step["kind"] == "composer" and turn.get("seat") != seat
             else [])
    redeal([*slots, sample["deck"], sample["discard"], unplaced, ghost_slot, drawn], rng)
    movie = shuffled(placed + unplaced, rng)  # the rules shuffle the movie before each look
    if editor:
        sample["editor_card"] = movie.pop()
    sample["movie"] = movie
    for ghost, card in zip(ghosts, ghost_slot, strict=True):
        ghost["card"] = card


def _movie_cards(sample: State, seat: int, editor: bool) -> tuple[list[str], list[str]]:
    """The cards of the movie (with the Editor's, when another seat holds it) that the seat's
    notes of this movie put there, sorted, and the rest, which it cannot place."""
    held = sample["editor_card"] if not editor else None  # the Editor sees their own card
    noted = {note["id"] for note in notes_of(sample, seat)
             if note["round"] == sample["round"] and note["kind"] in INTO_THE_MOVIE and note["id"] != held}
    cards = sample["movie"] + ([sample["editor_card"]] if editor else [])
    return sorted(c for c in cards if c in noted), [c for c in cards if c not in noted]


def _posters(sample: State, seat: int, rng: random.Random) -> None:
    rejected = sample["rejected"]
    mine = bool(rejected) and rejected[0] == seat
    out = sample["posters_out"]
    place = out.index(rejected[1]) if rejected and not mine and rejected[1] in out else None
    kept = [p for p in out if mine and p == rejected[1]]
    hidden_out = [p for p in out if p not in kept]
    step, turn = sample["step"], sample["turn"] or {}
    drawn = (step["drawn"] if step and step["kind"] == "screenwriter" and turn.get("seat") != seat
             else [])
    redeal([sample["posters"], hidden_out, drawn], rng)
    sample["posters_out"] = kept + hidden_out
    if place is not None:
        rejected[1] = sample["posters_out"][place]


def prior(game) -> InformedHollywood1947Bot:
    """The strong bot's first candidate: the normal policy, with its turns, dice, tokens
    and swaps weighed by what the seat knows or reads of loyalties (``informed``)."""
    return InformedHollywood1947Bot(game)


#: A playout reaches the next premiere (a movie is some 16 moves), where films are won.
DEPTH = 32
#: One seat sways a team's result little, so playouts differ mostly by chance: leave the
#: informed pick only for a move better by two standard errors on the same samples (the
#: search widens that as Student's t when the samples are few).
CONFIDENCE = 2.0
#: What the movie in progress counts for, as a share of a movie won.
MOVIE_SHARE = 0.4


def utility(game, state: State, seat: int) -> float:
    """Movies the seat's side has won against what the other side has, towards each goal,
    and which way the movie in progress leans (the sample's cards in it); the Rising Star
    wants it close."""
    cards = game.content.cards
    loyalty = state["loyalty"][seat]
    movie = [*state["movie"], *([state["editor_card"]] if state["editor_card"] else [])]
    lean = sum(cards[c].patriot - cards[c].communist for c in movie)
    leaning = MOVIE_SHARE * math.tanh(lean / 2)
    patriots = (team_wins(state, "patriot") + max(leaning, 0)) / goal(state, "patriot")
    communists = (team_wins(state, "communist") + max(-leaning, 0)) / goal(state, "communist")
    if loyalty == "patriot":
        ahead = patriots - communists
    elif loyalty == "communist":
        ahead = communists - patriots
    else:
        ahead = 0.5 - abs(patriots - communists)
    return 0.5 + 0.5 * ahead
