"""Answers to what players ask mid-game: a job, a propaganda card, a poster, a loyalty, the jobs.

Pure text from the content and, inside a game, from its *public* view only (never the
state): so an answer cannot say where a card is, which poster a Screenwriter rejected, or
who is what. The one exception is ``mine``: the asker's own private view (``view(state,
seat)["you"]``), which the host passes only for an answer that nobody else will read.
Seats are written ``{pN}`` for the host to name.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .content import Card, Content
from .table import symbols_text
from .views import LOYALTY_NAMES

View = dict[str, Any]

EFFECTS = {"hearing": "When revealed at a premiere, every die is re-rolled.",
           "shake_up": "When revealed at a premiere, every job (the center's too) is shuffled "
                       "and dealt again."}
SYMBOL_WORDS = {"patriot": "patriot ⚑", "communist": "communist ☭", "neutral": "neutral"}
JOB = {"screenwriter": 1, "producer": 2, "director": 3, "composer": 8, "editor": 9}
#: Said of a loyalty, never to one: a shared answer must not read as the asker's own.
GOALS = {"patriot": "The patriots win once four movies end with a patriot majority. "
                    "A patriot knows nobody's loyalty but their own.",
         "communist": "The communists win once four movies (three with 3 players) end with a "
                      "communist majority; ties count for them. They know each other from the start.",
         "rising_star": "Wins alone if a seventh movie is made and ends tied or by one symbol "
                        "(by two or more, that team wins). Only with 4 or 6–9 players; nobody "
                        "knows who it is."}


@dataclass(frozen=True)
class CardKind:
    """One printed card and its copies: ids repeat a key (``reddawn-1`` … ``reddawn-6``)."""

    key: str
    card: Card
    copies: int


def card_kinds(cx: Content) -> dict[str, CardKind]:
    copies = Counter(card_key(card_id) for card_id in cx.cards)
    first = {card_key(card_id): card for card_id, card in reversed(cx.cards.items())}
    return {key: CardKind(key, first[key], copies[key]) for key in copies}


def card_key(card_id: str) -> str:
    return card_id.rsplit("-", 1)[0]


# ------------------------------------------------------------- what can be looked up

def job_entries(cx: Content) -> list[tuple[str, str]]:
    """(value, name) pairs: ``("4", "Gaffer (4)")``, so typing the number finds it too."""
    return [(str(n), f"{job.name} ({n})") for n, job in sorted(cx.jobs.items())]


def card_entries(cx: Content) -> list[tuple[str, str]]:
    return [(kind.key, kind.card.name) for kind in card_kinds(cx).values()]


def poster_entries(cx: Content) -> list[tuple[str, str]]:
    return [(poster.id, poster.name) for poster in cx.posters.values()]


def loyalty_entries() -> list[tuple[str, str]]:
    return list(LOYALTY_NAMES.items())


# --------------------------------------------------------------------------- answers

def describe_job(cx: Content, number: int, view: View | None = None) -> str:
    job = cx.jobs[number]
    lines = [f"**{job.name} ({number})** — {job.effect}"]
    if view is None:
        return "\n".join(lines)
    in_play = {entry["number"]: entry for entry in view["jobs"]}
    entry = in_play.get(number)
    if entry is None:
        why = ("there is no Producer in 1–3 player games" if number == JOB["producer"]
               and view["small_game"] else "it was removed with Handpick Jobs")
        lines.append(f"Not in this game: {why}.")
        return "\n".join(lines)
    if view["phase"] == "handpick":
        lines.append("The jobs have not been dealt yet.")
        return "\n".join(lines)
    lines.append(f"Now: {_where(entry)}.")
    lines += _job_details(number, view)
    return "\n".join(lines)


def _where(entry: dict[str, Any]) -> str:
    where = "in the center" if entry["holder"] is None else f"held by {{p{entry['holder']}}}"
    return where + (", performed this movie" if entry["performed"] else "")


def _job_details(number: int, view: View) -> list[str]:
    """What the table can see that matters for this job now."""
    if number == JOB["director"]:
        return [tokens_line(view)]
    if number == JOB["editor"] and view["editor"] is not None:
        return [f"{{p{view['editor']}}} declared they will edit this movie."]
    if number == JOB["composer"] and view["composer_added"]:
        return ["The Composer added a card this movie: no deck card goes in at Post."]
    if number == JOB["screenwriter"] and view["poster"]:
        return [f"This movie's poster: {_poster_text(view['poster'])}."]
    return []


def tokens_line(view: View) -> str:
    held = [f"{{p{seat}}} {count}" for seat, count in enumerate(view["tokens"]) if count]
    held += [f"ghost card {g['number']} {g['tokens']}" for g in view["ghosts"] if g["tokens"]]
    line = f"Tokens: {', '.join(held) if held else 'none handed out'}; {view['tokens_center']} in the center."
    barred = [f"{{p{seat}}}" for seat, last in enumerate(view["token_round"])
              if last == view["round"] - 1]
    if barred and view["phase"] != "over":
        line += f" {', '.join(barred)} got one last movie, so none this movie."
    return line


def describe_card(cx: Content, key: str, view: View | None = None,
                  mine: dict[str, Any] | None = None) -> str:
    kind = card_kinds(cx)[key]
    card = kind.card
    symbols = symbols_text(card)
    lines = [f"**{card.name}** — {symbols if card.neutral else _symbols_said(card)}."]
    if card.effect:
        lines.append(EFFECTS[card.effect])
    copies = f"{kind.copies} of the {len(cx.cards)} propaganda cards are {card.name}."
    if card.two_player_removed:
        copies += " All are removed in 2-player games."
    lines.append(copies)
    if view is not None:
        if card.two_player_removed and view["players"] == 2:
            lines.append("Not in this game (2 players).")
        premiere = view["premiere"]
        shown = sum(1 for face in premiere["cards"] if face["name"] == card.name) if premiere else 0
        if shown:
            lines.append(f"The last premiere (movie {premiere['round']}) revealed "
                         f"{shown} cop{'ies' if shown > 1 else 'y'}.")
        lines.append("Cards go into movies face down, so where the copies are is never said.")
    if mine is not None:
        held = sum(1 for face in mine["hand"] if face["name"] == card.name)
        lines.append(f"-# Only you see this: you hold {held or 'none'}.")
    return "\n".join(lines)


def _symbols_said(card: Card) -> str:
    parts = [f"{count} {team} symbol{'s' if count > 1 else ''}"
             for team, count in (("patriot", card.patriot), ("communist", card.communist)) if count]
    return f"{symbols_text(card)} ({' and '.join(parts)})"


def describe_poster(cx: Content, poster_id: str, view: View | None = None) -> str:
    poster = cx.posters[poster_id]
    corner = SYMBOL_WORDS[poster.symbol]
    lines = [f"**{poster.name}** — a genre poster; its {corner} corner counts at its movie's premiere."]
    if poster.two_player_removed:
        lines.append("Removed in 2-player games.")
    if view is None:
        return "\n".join(lines)
    films = [film for film in view["films"] if film["poster"] and film["poster"]["name"] == poster.name]
    if poster.two_player_removed and view["players"] == 2:
        lines.append("Not in this game (2 players).")
    elif films:
        film = films[-1]
        lines.append(f"Movie {film['round']}'s poster: won by {_winner(film['winner'])}.")
    elif view["poster"] and view["poster"]["name"] == poster.name:
        lines.append(f"It is movie {view['round']}'s poster.")
    else:
        # The same sentence whether it is still in the deck or a Screenwriter rejected it.
        lines.append("Not shown yet in this game.")
    return "\n".join(lines)


def describe_loyalty(cx: Content, team: str, view: View | None = None,
                     mine: dict[str, Any] | None = None) -> str:
    lines = [f"**{LOYALTY_NAMES[team]}** — {GOALS[team]}"]
    dealt = " · ".join(str(cx.deal[players][team]) for players in sorted(cx.deal))
    lines.append(f"The box holds {cx.loyalty_cards[team]}. Dealt with 1, 2, … 9 players: {dealt}.")
    if view is not None:
        if view["loyalties"] is not None:  # the public view shows them once the game is over
            seats = [f"{{p{seat}}}" for seat, held in enumerate(view["loyalties"]) if held == team]
            lines.append(f"This game's: {', '.join(seats) if seats else 'nobody'}.")
        elif view["options"].get("random_loyalties"):
            lines.append("Random Loyalties is on here: nobody knows how many were dealt.")
        else:
            lines.append(f"At this table ({view['players']} players): {cx.deal[view['players']][team]}.")
    if mine is not None:
        lines.append(f"-# Only you see this: you are a {mine['loyalty_name']}.")
    return "\n".join(lines)


def jobs_table(view: View) -> str:
    """Every job in play, who holds it, and whether it was performed this movie."""
    if view["phase"] == "handpick":
        return "The jobs are being handpicked by {p0}; none is dealt yet."
    header = f"**Movie {view['round']}**"
    if view["phase"] == "over":
        header += " · game over"
    elif view["phase"] == "production" and view["turn_seat"] is not None:
        header += f" · production, {{p{view['turn_seat']}}}'s turn"
    else:
        header += " · post-production"
    lines = [header]
    lines += [f"{entry['number']} {entry['name']} — {_where(entry)}" for entry in view["jobs"]]
    out = [f"{j['number']} {j['name']}" for j in view["removed_jobs"]]
    if out:
        lines.append(f"Removed: {', '.join(out)}.")
    if view["editor"] is not None:
        lines.append(f"{{p{view['editor']}}} will edit this movie.")
    return "\n".join(lines)


def _poster_text(face: dict[str, Any]) -> str:
    return f"*{face['name']}* ({SYMBOL_WORDS[face['symbol']]} corner)"


def _winner(winner: str) -> str:
    return {"patriot": "the patriots", "communist": "the communists",
            "both": "both players", "rising_star": "the Rising Star"}.get(winner, winner)
