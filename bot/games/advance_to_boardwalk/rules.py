"""Advance to Boardwalk: the Game protocol over the board, turn and Fortune modules."""

from __future__ import annotations

import random
from typing import Any

from bot.engine import Choice, Event, Option, Result

from . import fortune, moves, take_back
from . import tally as chart
from .content import Board
from .estate import owned_count, owned_value
from .turn import build_options, may_finish_building, needs_zone_choice, start_turn, zone_title

GAME_ID = "advance-to-boardwalk"
UNITS_BY_PLAYERS = {2: 20, 3: 16, 4: 14}
OPENING_HAND = 2


class AdvanceToBoardwalk:
    id = GAME_ID
    name = "Advance to Boardwalk"
    min_players = 2
    max_players = 4
    options: tuple[Option, ...] = ()
    # The end-of-game chart's figures and each player's notable ones, from public views.
    tally, notables = staticmethod(chart.tally), staticmethod(chart.notables)
    # Which moves a player may take back (bot/engine/takeback.py).
    can_take_back = staticmethod(take_back.can_take_back)

    def __init__(self, board: Board):
        self.board = board

    # --- set-up -------------------------------------------------------------------------

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> dict:
        board = self.board
        deck = list(board.deck)
        rng.shuffle(deck)
        units = UNITS_BY_PLAYERS[players]
        state: dict[str, Any] = {
            "players": players,
            "start_units": units,
            "supply": [units] * players,
            "stacks": {pid: [] for pid in board.properties},
            "owners": {pid: None for pid in board.properties},
            "tokens": [0] * players,
            "hands": [[deck.pop() for _ in range(OPENING_HAND)] for _ in range(players)],
            "draw_pile": deck,
            "discard_pile": [],
            "turn": 0,
            "turn_number": 0,
            "phase": "build",
            "roll": None,
            "build": None,
            "play": None,
            "first_player_rolls": [],
            "log": [],
            "end_reason": None,
        }
        first = self._first_player(state, rng)
        start_turn(board, state, first, rng, [])
        return state

    @staticmethod
    def _first_player(state: dict, rng: random.Random) -> int:
        """Everyone rolls the numbered dice; ties for highest roll again."""
        contenders = list(range(state["players"]))
        while True:
            rolls = {seat: rng.randint(1, 6) + rng.randint(1, 6) for seat in contenders}
            state["first_player_rolls"].append({str(seat): total for seat, total in rolls.items()})
            best = max(rolls.values())
            contenders = [seat for seat in contenders if rolls[seat] == best]
            shown = ", ".join(f"{{p{seat}}} {total}" for seat, total in rolls.items())
            if len(contenders) == 1:
                state["log"].append(
                    f"Rolls for first player: {shown}. {{p{contenders[0]}}} goes first."
                )
                return contenders[0]
            state["log"].append(f"Rolls for first player: {shown}. A tie for highest: roll again.")

    # --- moves --------------------------------------------------------------------------

    def pending(self, state: dict) -> set[int]:
        return set() if state["phase"] == "over" else {state["turn"]}

    def legal(self, state: dict, seat: int) -> list[Choice]:
        return moves.choices(self.board, state, seat)

    def run_out(self, state: dict, seat: int) -> str | None:
        """What a run-out of the turn clock takes (NOTES.md, "The turn clock"): stop building
        once a unit is placed (or when none can be), draw the F's card rather than play one,
        end the turn without a card (also half-way through choosing a card's targets: the
        card stays in hand). The first unit of a build, and the zone of a Wild roll, are
        forced choices among options: None, the bot."""
        if seat not in self.pending(state):
            return None
        phase = state["phase"]
        if phase == "build":
            return "done" if may_finish_building(self.board, state) else None
        if phase == "fortune_roll":
            return "draw"
        if phase == "fortune":
            return "end"
        return None

    def apply(self, state: dict, seat: int, action: str, rng: random.Random) -> list[Event]:
        events = moves.apply_move(self.board, state, seat, action, rng)
        if state["phase"] == "over":
            events.append(Event(self.result(state).summary))
        return events

    # --- views --------------------------------------------------------------------------

    def view(self, state: dict, seat: int | None) -> dict:
        board = self.board
        players = state["players"]
        build = state["build"]
        view: dict[str, Any] = {
            "game": GAME_ID,
            "players": players,
            "turn": state["turn"],
            "turn_number": state["turn_number"],
            "phase": state["phase"],
            "roll": None
            if state["roll"] is None
            else {
                **state["roll"],
                "total": sum(state["roll"]["dice"]),
            },
            "build": None
            if build is None
            else {
                "budget": build["budget"],
                "spent": build["spent"],
                "left": build["budget"] - build["spent"],
                "zones": list(build["zones"]),
                "zone_limit": build["zone_limit"],
                "wild": build["wild"],
                "placed": build["placed"],
            },
            "zones": [
                {
                    "id": zone.id,
                    "name": zone.name,
                    "properties": [
                        {
                            "id": p.id,
                            "name": p.name,
                            "value": p.value,
                            "stack": list(state["stacks"][p.id]),
                            "owner": state["owners"][p.id],
                        }
                        for p in zone.properties
                    ],
                }
                for zone in board.zones
            ],
            "track": {
                "last_space": board.last_space,
                "fortune_spaces": sorted(board.fortune_spaces),
            },
            "seats": [
                {
                    "seat": s,
                    "token": state["tokens"][s],
                    "value": owned_value(board, state, s),
                    "properties": owned_count(state, s),
                    "units_left": state["supply"][s],
                    "hand_size": len(state["hands"][s]),
                }
                for s in range(players)
            ],
            "units_start": state["start_units"],
            "draw_pile": len(state["draw_pile"]),
            "discard_pile": len(state["discard_pile"]),
            "last_played": self._card_public(state["discard_pile"][-1])
            if state["discard_pile"]
            else None,
            "log": list(state["log"]),
            "status": self.status(state),
            "end_reason": state["end_reason"],
            "result": None,
        }
        result = self.result(state)
        if result is not None:
            view["result"] = {
                "winners": list(result.winners),
                "scores": dict(result.scores),
                "summary": result.summary,
            }
        if seat is not None:
            view["seat"] = seat
            view["hand"] = [self._card_public(card_id) for card_id in state["hands"][seat]]
            play = state["play"] if state["turn"] == seat else None
            view["playing"] = None if play is None else self._card_public(play["card"])
        return view

    def _card_public(self, card_id: str) -> dict:
        kind = self.board.card(card_id)
        return {"id": card_id, "name": kind.name, "text": kind.text, "timing": kind.timing}

    # --- end ----------------------------------------------------------------------------

    def result(self, state: dict) -> Result | None:
        if state["phase"] != "over":
            return None
        board = self.board
        seats = range(state["players"])
        values = {s: owned_value(board, state, s) for s in seats}
        counts = {s: owned_count(state, s) for s in seats}
        best = max((values[s], counts[s]) for s in seats)
        winners = tuple(s for s in seats if (values[s], counts[s]) == best)
        names = " and ".join(f"{{p{s}}}" for s in winners)
        standings = ", ".join(
            f"{{p{s}}} ${values[s]}M ({properties(counts[s])})"
            for s in sorted(seats, key=lambda s: (-values[s], -counts[s], s))
        )
        verb = "win" if len(winners) > 1 else "wins"
        return Result(
            winners,
            {s: values[s] for s in seats},
            f"{names} {verb} with ${best[0]}M in {properties(best[1])}. Final: {standings}.",
        )

    # --- words --------------------------------------------------------------------------

    def status(self, state: dict) -> str:
        if state["phase"] == "over":
            result = self.result(state)
            names = " and ".join(f"{{p{s}}}" for s in result.winners)
            return f"Game over after {state['turn_number']} turns — {names} " + (
                "win (tie)." if len(result.winners) > 1 else "wins."
            )
        turn = f"Turn {state['turn_number']} — {{p{state['turn']}}}"
        build = state["build"]
        if state["phase"] == "fortune":
            return f"{turn} may play a Fortune card."
        if state["phase"] == "fortune_roll":
            return f"{turn} rolled F and draws a Fortune card."
        if needs_zone_choice(state):
            return f"{turn} rolled Wild (${build['budget']}M) and picks a zone."
        zones = " + ".join(zone.capitalize() for zone in build["zones"]) or "any zone"
        return (
            f"{turn} is building in {zones}: ${build['budget'] - build['spent']}M of "
            f"${build['budget']}M left."
        )

    def prompt(self, state: dict, seat: int) -> str:
        if state["phase"] == "over":
            return "The game is over."
        if seat != state["turn"]:
            return f"Wait: it is {{p{state['turn']}}}'s turn."
        board = self.board
        build = state["build"]
        if state["phase"] == "fortune_roll":
            return "You rolled F: draw your Fortune card."
        if state["phase"] == "build":
            left = build["budget"] - build["spent"]
            if needs_zone_choice(state):
                return f"You rolled Wild with ${left}M: choose a zone to build in."
            if not build_options(board, state):
                return "No build is possible this turn: continue."
            zones = (
                " and ".join(zone_title(board, zone) for zone in build["zones"])
                or "up to two zones"
            )
            must = " (at least one unit)" if not build["placed"] else ", or press Done"
            return f"Build in the {zones}: ${left}M of ${build['budget']}M left{must}."
        if state["play"] is not None:
            step = fortune.next_step(board, state)
            article = "an" if step[:1] in "aeiou" else "a"
            return f"Choose {article} {step} for *{board.card(state['play']['card']).name}*, or go back."
        return "Play one Fortune card or end your turn."

    def rules_summary(self) -> str:
        return rules_text(self.board)

    def private_summary(self, state: dict, seat: int) -> str:
        """The seat's secret hand, for a DM or ``/game hand``."""
        hand = state["hands"][seat]
        if not hand:
            return "You hold no Fortune cards."
        lines = [f"**Your Fortune cards ({len(hand)})**"]
        for card_id in hand:
            kind = self.board.card(card_id)
            lines.append(f"- *{kind.name}* — {kind.text}")
        return "\n".join(lines)


def rules_text(board: Board) -> str:
    zones = "; ".join(
        f"**{zone.id.capitalize()}** ({zone.name}) ${zone.properties[0].value}–"
        f"{zone.properties[-1].value}M"
        for zone in board.zones
    )
    spaces = ", ".join(str(space) for space in sorted(board.fortune_spaces))
    last = board.last_space
    # Discord keeps line breaks, so each paragraph is one line.
    paragraphs = [
        "**Advance to Boardwalk** — build hotels on the boardwalk; own the most value.",
        ("**Set-up.** Hotel units: 20 each (2 players), 16 (3), 14 (4). Everyone gets 2 secret "
        "Fortune cards. Highest roll of the two numbered dice goes first (ties re-roll); play "
        "passes left."),
        ("**Your turn**\n"
        "1. The dice are rolled for you: 2 numbered dice and the colour die (red, blue, yellow, "
        "green, **W**ild, **F**ortune).\n"
        "2. **Build** in the rolled zone (Wild: you pick one), one unit at a time. Each unit costs "
        "its property's value and the total may not exceed the dice (no change given). A vacant "
        "property takes at most **one** unit per turn; occupied ones take several, also on top of "
        "opponents' units. You must place at least one unit if you can. "
        "**F**: ignore the numbers, draw a Fortune card, go to step 4.\n"
        "3. **Ownership**: most units on a property owns it; on a tie, the tied player whose unit "
        "is lowest in the stack. The property card moves at once and the tokens follow: your token "
        "always stands on the total value you own (opponents move back when you take from them).\n"
        "4. Play **one** Fortune card, or end your turn."),
        ('**Fortune cards.** 28 cards, hand kept secret. "After your roll" cards are played '
        "right after the roll, before you pick a zone or build, or on an **F** before you draw "
        "(one per roll), besides the end-of-turn card. "
        '"Last place" cards need your token in last place — ties count. '
        "Insurance is never played: when a disaster would remove your units it is discarded "
        "instead and your units stay. An empty draw pile is refilled by shuffling the discards."),
        (f"**Track.** Spaces $0–{last}M. F spaces ({spaces}): land on one by moving forward on your "
        "own turn to draw a bonus Fortune card."),
        f"**Zones.** {zones}.",
        (f"**End.** The game ends at once when a token reaches the last space (${last}M), or when "
        "a player has no hotel units at the start of their turn. Most $ of property wins; "
        "tie-break: most properties; a remaining tie is shared."),
        ("**Turn clock** (if the table has one): out of time, you stop building once a unit "
        "stands, draw the F's card, and end the turn without a card (one being aimed stays in "
        "your hand). Your first unit of a build and a Wild roll's zone are chosen by the bot."),
    ]
    return "\n\n".join(paragraphs)


def properties(count: int) -> str:
    return f"{count} {'property' if count == 1 else 'properties'}"
