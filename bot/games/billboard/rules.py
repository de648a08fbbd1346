"""Billboard: the Game protocol over the phase modules.

Each phase module owns its choices and moves (``draft``, ``turn``, ``auction``,
``assign``); ``flow`` runs what nobody chooses: handing the turn on, taking over companies,
scoring and dealing at the end of a round, and the end of the game.
"""
from __future__ import annotations

import random
from typing import Any

from bot.engine import SYSTEM_SEAT, Choice, Deadline, Event, IllegalMove, Option, Result, Tally
from bot.engine.language import LANGUAGES

from . import assign, auction, draft, flow, take_back, turn, views
from . import tally as chart
from .content import MAX_PLAYERS, MIN_PLAYERS, Content
from .holdings import owned_value
from .rules_help import rules_summary
from .summary import private_summary
from .views import GAME_ID
from .wording import read_in, seat, seat_words, table_words

#: Minutes a seat has to answer a contract before it passes (the lobby's choice).
OFFER_MINUTES = (10, 60, 240, 720, 1440)


class Billboard:
    id = GAME_ID
    name = "Billboard"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    languages = LANGUAGES
    options = (
        Option("language", "The table's language: en (English) or pl (polski).", "en", LANGUAGES),
        Option("offer_minutes", "Minutes each player has to answer a contract before passing.",
               240, OFFER_MINUTES),
    )
    # Which moves a player may take back (bot/engine/takeback.py).
    can_take_back = staticmethod(take_back.can_take_back)

    def __init__(self, content: Content):
        self.content = content

    # The end-of-game chart's figures and each player's notable ones, from public views.
    def tally(self, view: dict, end: dict) -> Tally:
        return chart.tally(self.content, view, end)

    def notables(self, views: list[dict]) -> list[str]:
        return chart.notables(self.content, views)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> dict:
        language = options.get("language", "en")
        if language not in self.languages:
            raise IllegalMove("Billboard speaks en or pl.")
        languages = options.get("seat_languages") or [language] * players
        if len(languages) < players or any(lang not in self.languages for lang in languages):
            raise IllegalMove("Each seat's language is en or pl.")
        return flow.setup(self.content, players, {**options, "seat_languages": languages}, rng)

    def upgrade(self, state: dict) -> None:
        """Billboards added to the board since the game was saved (0.1.0 had no pg-5b, pg-5c
        or nh-1d) join it unowned, as they would have been dealt."""
        owner = state["owner"]
        if len(owner) < len(self.content.billboards):
            for billboard in self.content.billboards.values():
                owner.setdefault(billboard.id, billboard.company)

    def pending(self, state: dict) -> set[int]:
        phase = state["phase"]
        if phase == "over":
            return set()
        if phase == "auction":
            asking = state["auction"]["asking"]
            return set() if asking is None else {asking}
        return {state["turn"]}

    def next_seat(self, state: dict) -> int | None:
        """Who plays after the seat to move now (see ``flow.next_player``); None in an
        auction, whose next asked seat hangs on the offer now."""
        phase = state["phase"]
        if phase == "draft":
            return draft.next_drafter(self.content, state)
        if phase in ("turn", "assign"):
            return flow.next_player(state)
        return None

    def legal(self, state: dict, seat_number: int, language: str | None = None) -> list[Choice]:
        if language in self.languages:  # the same choices, worded for a reader of ``language``
            state = read_in(state, language)
        phase, c = state["phase"], self.content
        if phase == "draft":
            return draft.legal(c, state, seat_number)
        if phase == "turn":
            return turn.legal(c, state, seat_number)
        if phase == "auction":
            return auction.legal(c, state, seat_number)
        if phase == "assign":
            return assign.legal(c, state, seat_number)
        return []

    def apply(self, state: dict, seat_number: int, action: str, rng: random.Random) -> list[Event]:
        phase, c = state["phase"], self.content
        if seat_number == SYSTEM_SEAT:
            if phase == "auction" and action == auction.TIMEOUT and state["auction"]["asking"] is not None:
                return auction.apply(c, state, seat_number, action)
            raise IllegalMove(table_words(c, state).t("No answer is due now."))
        if not 0 <= seat_number < state["players"]:
            raise IllegalMove(table_words(c, state).t("There is no such seat."))
        if phase == "over":
            raise IllegalMove(seat_words(c, state, seat_number).t("The game is over."))
        if seat_number not in self.pending(state):
            raise IllegalMove(seat_words(c, state, seat_number).t("It is not your turn."))
        if not isinstance(action, str) or not action.isascii() or not action.isprintable():
            raise IllegalMove(seat_words(c, state, seat_number).t("That is not a move of Billboard."))
        if phase == "draft":
            return draft.apply(c, state, seat_number, action)
        if phase == "turn":
            return turn.apply(c, state, seat_number, action)
        if phase == "auction":
            if action == auction.TIMEOUT:
                raise IllegalMove(seat_words(c, state, seat_number).t("That is not a move of Billboard."))
            return auction.apply(c, state, seat_number, action)
        return assign.apply(c, state, seat_number, action)

    def run_out(self, state: dict, seat_number: int) -> str | None:
        """What a run-out of the turn clock takes (NOTES.md, "The turn clock"): the pass the
        sheet allows. In a turn the turn ends, actions already taken standing, also half-way
        through choosing a trade; a contract is passed on; the draft is left with the rest as
        money. The first pick and the assignment to a company are compulsory: None, the bot."""
        if seat_number not in self.pending(state):
            return None
        phase = state["phase"]
        if phase == "turn":
            return "end"
        if phase == "auction":
            return "pass"
        if phase == "draft" and any(c.action == "pass" for c in self.legal(state, seat_number)):
            return "pass"
        return None

    def deadlines(self, state: dict) -> list[Deadline]:
        return auction.deadlines(self.content, state)

    def view(self, state: dict, seat_number: int | None) -> dict:
        if seat_number is None:
            return views.public_view(self.content, state)
        return views.private_view(self.content, state, seat_number)

    def result(self, state: dict) -> Result | None:
        if state["phase"] != "over":
            return None
        c = self.content
        words = table_words(c, state)
        scores = dict(enumerate(state["score"]))
        summary = "; ".join(words.t("{seat} {points} (billboards worth {value})", seat=seat(s),
                                    points=words.tn("{count} point", "{count} points", points),
                                    value=words.number(owned_value(c, state, s)))
                            for s, points in scores.items())
        return Result(tuple(state["winners"]), scores, summary)

    def prompt(self, state: dict, seat_number: int, language: str | None = None) -> str:
        return views.prompt(self.content, state, seat_number, language)

    def status(self, state: dict) -> str:
        return views.status(self.content, state)

    def rules_summary(self, language: str = "en") -> str:
        words = self.content.words.get(language) or self.content.words["en"]
        return rules_summary(words)

    def private_summary(self, state: dict, seat_number: int) -> str:
        return private_summary(self.content, state, seat_number)
