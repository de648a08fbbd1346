"""What a move tells whom: the thread's post, each seat's DM, the controls they get.

Built inside the move's transaction (as outbox items) from the game's events and
views; the dispatcher (``bot/delivery/dispatcher.py``) delivers them later. Public text is
built from public events and the public view only; a seat's secrets go to that
seat alone.

An item does not carry the board: a public view is several times the size of the
state it is drawn from (24 KB a move in Hollywood Boulevard), so the dispatcher
derives the view of the item's version when it draws (``public_view_at``).
"""
from __future__ import annotations

import asyncio
import json
import re
from collections import OrderedDict
from typing import Any

from bot.engine import Choice, Event, Game, offers, replay
from bot.engine.language import ENGLISH, Words
from bot.games import registry
from bot.i18n import HOST, words
from bot.table.model import Table
from bot.text import markdown_name, plain_name

SEAT_TOKEN = re.compile(r"\{p(\d+)\}")


def name_seats(text: str, names: list[str], *, bold: bool = True) -> str:
    """Replace ``{pN}`` by seat N's name: in bold and escaped for Markdown messages, where a
    nickname must neither restyle the post nor ping anyone; plain (clipped) for button labels."""

    if "{p" not in text:  # most texts name no seat: skip the regular expression
        return text

    def replace(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if seat >= len(names):
            return match.group(0)
        return f"**{markdown_name(names[seat])}**" if bold else plain_name(names[seat])

    return SEAT_TOKEN.sub(replace, text)


def choice_payload(choice: Choice, names: list[str], words: Words = ENGLISH) -> dict[str, Any]:
    """A choice as stored in the outbox and drawn as a control, with seats named. An answer
    to an offer still labelled in the engine's English is worded for its reader."""
    label = choice.label
    if label == offers.answer_label(choice.action):
        label = offers.answer_label(choice.action, words) or label
    payload = {"action": choice.action, "label": name_seats(label, names, bold=False),
               "group": choice.group, "style": choice.style, "private": choice.private,
               "description": name_seats(choice.description, names, bold=False)}
    # A template ("bid:{}") carries what the player fills in: a modal's bounds, a multi-select.
    if choice.amount is not None:
        amount = choice.amount
        payload["amount"] = {"min": amount.minimum, "max": amount.maximum, "step": amount.step,
                             "unit": amount.unit, "scale": amount.scale, "describe": amount.describe()}
    if choice.subset is not None:
        subset = choice.subset
        payload["subset"] = {"options": [[value, name_seats(label, names, bold=False)]
                                         for value, label in subset.options],
                             "min": subset.minimum, "max": subset.most}
    return payload


def prompt_in(game: Game, state: dict[str, Any], seat: int, language: str) -> str:
    """The seat's prompt in ``language`` when others read it too (the thread's post) and the
    game speaks several languages; otherwise as the game words it for the seat."""
    if language in getattr(game, "languages", ()):
        return game.prompt(state, seat, language=language)  # type: ignore[call-arg]
    return game.prompt(state, seat)


def legal_in(game: Game, state: dict[str, Any], seat: int, language: str) -> list[Choice]:
    """The seat's choices worded in ``language`` when one member reads them alone (a form, a
    picker) and the game speaks several languages; otherwise as the game words them."""
    if language in getattr(game, "languages", ()):
        return game.legal(state, seat, language=language)  # type: ignore[call-arg]
    return game.legal(state, seat)


class Remembered:
    """A game's rules answering ``legal`` once per (state, seat): a move asks it of the same
    states several times (is it offered, whose choices changed, what the post offers; the
    next move asks again of the state this one made), and it is the costliest question a
    game answers. For one game, a state is known by its move number: its history is one
    line, and a state that was not committed (a move that lost a race) is forgotten with
    the rules remembering it (``Tables._rules``)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._answers: dict[tuple[int, int], list[Choice]] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def legal(self, state: dict[str, Any], seat: int) -> list[Choice]:
        key = (state["_move"], seat)
        found = self._answers.get(key)
        if found is None:
            found = self._answers[key] = self.game.legal(state, seat)
        return found

    def only(self, state: dict[str, Any]) -> Remembered:
        """Forget every state but ``state`` (the game as the move left it, the next one's start)."""
        self._answers = {key: found for key, found in self._answers.items() if key[0] == state["_move"]}
        return self


class Moments:
    """The states of the latest versions of games, as this process committed them, so the
    dispatcher draws a post of a version the game has already moved past without
    replaying its log. Shared by the table service and the dispatcher of one process;
    bounded, and a version not here is rebuilt exactly (``public_view_at``)."""

    def __init__(self, most: int = 64) -> None:
        self.most = most
        self._states: OrderedDict[tuple[int, int], dict[str, Any]] = OrderedDict()

    def keep(self, game_id: int, version: int, state: dict[str, Any]) -> None:
        self._states[game_id, version] = state
        while len(self._states) > self.most:
            self._states.popitem(last=False)

    def state(self, game_id: int, version: int) -> dict[str, Any] | None:
        return self._states.get((game_id, version))

    def forget(self, game_id: int, through: int) -> None:
        """The game's posts up to version ``through`` are out: their states are not needed."""
        for key in [key for key in self._states if key[0] == game_id and key[1] <= through]:
            del self._states[key]

    def __len__(self) -> int:
        return len(self._states)


async def public_view_at(table: Table, version: int, log: Any, moments: Moments | None = None) -> dict[str, Any]:
    """The public view of ``table``'s game as it was at ``version``: the game's state when
    it is still there, else the state this process kept (``moments``), else the state
    rebuilt from the action log up to that version (``log``: an async function of the
    last move, ``Store.actions``' ``until``), which the log replays exactly. Exact in
    every case: a post drawn after a restart shows the board of its own move."""
    game = registry.game(table.record.game_type)
    state = table.state if table.record.version == version and table.record.state is not None else None
    if state is None and moments is not None:
        state = moments.state(table.id, version)
    if state is None:
        actions = await log(version)
        record = table.record
        # Pure rules, off the event loop: a long game takes a few hundred milliseconds.
        state = await asyncio.to_thread(replay, game, len(table.seats), record.options, record.seed, actions)
    # As the outbox used to store it, and as renderers have always read it: JSON (a tuple a
    # list, a number key a string).
    return json.loads(json.dumps(game.view(state, None)))


class Notifications:
    """The table service's notices (a mixin of ``Tables``)."""

    def _notifications(self, table: Table, state: dict[str, Any], events: list[Event],
                       version: int, newly_asked: set[int],
                       shown_in_place: int | None = None, in_the_open: bool = False,
                       rules: Game | None = None) -> list[tuple[str, dict[str, Any]]]:
        names = table.names()
        public = [e for e in events if e.public]
        thread = {
            "text": "\n".join(name_seats(e.text, names) for e in public),
            "event_images": [e.image for e in public if e.image],
            # The seats this move put a new decision to (its maker too, unless they clicked
            # in a private message refreshed in place). The dispatcher reads from it whom to
            # ping, whether the move only continues the decision the thread's post shows
            # (an edit, not a new post), and which DMs' controls went stale.
            "asked": sorted(newly_asked),
            # Made with a choice everyone could see: among several deciding, its lines are
            # shown, not folded into the count of those who have decided.
            "open": in_the_open,
        }
        thread.update(self.turn_payload(table, state, version, rules))
        outbox: list[tuple[str, dict[str, Any]]] = [("thread", thread)]
        by_seat: dict[int, list[Event]] = {}
        for event in events:
            for to in event.to or ():
                by_seat.setdefault(to, []).append(event)
        game = rules or registry.game(table.record.game_type)
        running = game.result(state) is None
        for seat in table.seats:
            # A mover answered in place reads this move's news in the message they clicked.
            if seat.is_bot or seat.seat == shown_in_place:
                continue
            private = by_seat.get(seat.seat, [])
            language = table.seat_language(seat.seat)
            payload: dict[str, Any] = {
                "seat": seat.seat, "user_id": seat.user_id, "version": version,
                "text": "\n".join(name_seats(e.text, names) for e in private),
                "language": language,  # what the host's words around it are in
            }
            # A decision made wholly in private (a sealed bid, a card to add face
            # down, taking back a confirmed bid) comes with its controls by DM
            # when it is newly offered.
            if running and seat.seat in newly_asked:
                choices = game.legal(state, seat.seat)
                if choices and all(c.private for c in choices):
                    payload["turn"] = [{
                        "seat": seat.seat, "user_id": seat.user_id, "is_bot": False,
                        "prompt": name_seats(game.prompt(state, seat.seat), names),
                        "choices": [choice_payload(c, names, words(HOST, language)) for c in choices],
                    }]
            if payload["text"] or "turn" in payload:
                outbox.append(("private", payload))
        return outbox

    def note(self, table: Table, text: str, *, seat: int | None = None) -> dict[str, Any]:
        """A thread line that is no move (a reminder, a clock's warning, a seat changing
        hands) with the game as it stands and fresh controls: for every pending seat, or
        only for ``seat``."""
        payload = self.turn_payload(table, table.state, table.record.version)
        if seat is not None:
            payload["turn"] = [turn for turn in payload["turn"] if turn["seat"] == seat]
        payload.update(text=text, event_images=[])
        return payload

    def turn_payload(self, table: Table, state: dict[str, Any], version: int,
                     rules: Game | None = None) -> dict[str, Any]:
        """What the thread shows after a move: who must act on what (the board is drawn
        from the public view of ``version``)."""
        game = rules or registry.game(table.record.game_type)
        names = table.names()
        result = game.result(state)
        table_words = words(HOST, table.language)
        # No "view": the dispatcher derives it for the version it draws (public_view_at).
        payload: dict[str, Any] = {"version": version, "names": names,
                                   "status": name_seats(game.status(state), names)}
        if result is not None:
            payload["result"] = name_seats(result.summary, names)
            payload["turn"] = []
            return payload
        turn = []
        for seat in sorted(game.pending(state)):
            record = table.seats[seat]
            # Only the public choices: nothing of the private ones, not even how many there
            # are, for that may tell a secret (an F answered with *Second Chance* in hand or
            # not; ten genres on snake eyes behind the Preview House screen, else one). The
            # post's "My hand & options" button, on every post, leads to them.
            public = [choice_payload(c, names, table_words) for c in game.legal(state, seat)
                      if not c.private]
            # A prompt for a wholly private decision may name a secret ("Choose a
            # property for *Boardwalk Fire*"), so the table only sees that one is pending.
            prompt = (prompt_in(game, state, seat, table.language) if public
                      else table_words.t("is deciding in private."))
            turn.append({
                "seat": seat, "user_id": record.user_id, "is_bot": record.is_bot,
                "prompt": name_seats(prompt, names), "choices": public,
            })
        payload["turn"] = turn
        # Who is next, by the rules, for the "you're next" heads-up; None says nobody can tell.
        next_seat = getattr(game, "next_seat", None)
        if next_seat is not None:
            payload["next"] = next_seat(state)
        return payload

    def private_summary(self, game_type: str, state: dict[str, Any], seat: int, names: list[str],
                        words: Words = ENGLISH) -> str:
        game = registry.game(game_type)
        summarise = getattr(game, "private_summary", None)
        if summarise is not None:
            return name_seats(summarise(state, seat), names)
        public, private = game.view(state, None), game.view(state, seat)
        lines = [f"**{key}**: {json.dumps(value, ensure_ascii=False)}"
                 for key, value in private.items() if public.get(key) != value]
        return name_seats("\n".join(lines) or words.t("You hold no secrets in this game right now."), names)

    def waiting(self, table: Table) -> list[tuple[int, float | None]]:
        """Whom a running game waits on, and since when (unix time, when known)."""
        if table.record.status != "running":
            return []
        game = registry.game(table.record.game_type)
        return [(seat, table.record.seat_asked.get(seat))
                for seat in sorted(game.pending(table.state))]


def put_to(game: Game, old: dict[str, Any], new: dict[str, Any], mover: int, seats: int) -> set[int]:
    """The seats a move from ``old`` to ``new`` puts a new decision to: its maker, and every
    seat whose choices it changed (their buttons drawn before it no longer apply)."""
    return {other for other in range(seats)
            if other == mover or _actions(game.legal(old, other)) != _actions(game.legal(new, other))}


def _actions(choices: list[Choice]) -> list[str]:
    return [c.action for c in choices]
