"""The table service: lobby → game → result, and the one pipeline every move takes.

Whoever makes a move — a slash command, a button, a bot seat — it goes through
``Tables.act``: load the game, check the user holds a pending seat, apply the
rules, then write state + action + notifications in one transaction guarded by
the game's version. Notifications wait in the outbox until the dispatcher
(``bot/dispatch.py``) has delivered them, so a crash between the commit and the
post loses nothing.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any, Callable

from . import registry
from .engine import Choice, Event, IllegalMove, new_game, play, resolve_options, rng_for
from .store import GameRecord, SeatRecord, Store

BOT_NAMES = ("Ada", "Bix", "Cleo", "Dot", "Ezra", "Fay", "Gus", "Hal", "Ivy")
SEAT_TOKEN = re.compile(r"\{p(\d+)\}")


class TableError(Exception):
    """A request the host refuses. ``str(error)`` is a sentence for the user."""


class StaleMove(TableError):
    """The move was made against a moment of the game that has passed."""

    def __init__(self, message: str, game_id: int) -> None:
        super().__init__(message)
        self.game_id = game_id  # the answer shows this game's panel, wherever the click was


@dataclass(frozen=True)
class Member:
    """A Discord user as the table service needs them: an id and a display name."""

    id: int
    name: str
    can_manage: bool = False  # holds Manage Server in the game's guild


@dataclass(frozen=True)
class Table:
    """A game with its seats, as read from the store."""

    record: GameRecord
    seats: list[SeatRecord]

    @property
    def id(self) -> int:
        return self.record.id

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def names(self) -> list[str]:
        return [s.name for s in self.seats]


def name_seats(text: str, names: list[str], *, bold: bool = True) -> str:
    """Replace ``{pN}`` by seat N's name (in bold for messages; plain for button labels)."""

    def replace(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if seat >= len(names):
            return match.group(0)
        return f"**{names[seat]}**" if bold else names[seat]

    return SEAT_TOKEN.sub(replace, text)


def choice_payload(choice: Choice, names: list[str]) -> dict[str, Any]:
    """A choice as stored in the outbox and drawn as a control, with seats named."""
    payload = {"action": choice.action, "label": name_seats(choice.label, names, bold=False),
               "group": choice.group, "style": choice.style, "private": choice.private,
               "description": name_seats(choice.description, names, bold=False)}
    # A template ("bid:{}") carries what the player fills in: a modal's bounds, a multi-select.
    if choice.amount is not None:
        amount = choice.amount
        payload["amount"] = {"min": amount.minimum, "max": amount.maximum, "step": amount.step,
                             "unit": amount.unit, "describe": amount.describe()}
    if choice.subset is not None:
        subset = choice.subset
        payload["subset"] = {"options": [[value, name_seats(label, names, bold=False)]
                                         for value, label in subset.options],
                             "min": subset.minimum, "max": subset.most}
    return payload


class Tables:
    def __init__(self, store: Store, *, notify: Callable[[], None] | None = None,
                 seed_source: Callable[[], int] | None = None, autoplay_bots: bool = True) -> None:
        self.store = store
        self.autoplay_bots = autoplay_bots  # the demo steps bots itself, to show every move
        self._notify = notify or (lambda: None)
        self._seed_source = seed_source or (lambda: random.SystemRandom().randrange(2**31))

    # -- reading -----------------------------------------------------------

    async def table(self, game_id: int) -> Table:
        record = await self.store.game(game_id)
        if record is None:
            raise TableError(f"There is no game #{game_id}.")
        return Table(record, await self.store.seats(game_id))

    async def table_in_thread(self, thread_id: int) -> Table:
        record = await self.store.game_in_thread(thread_id)
        if record is None:
            raise TableError("There is no game in this thread. Start one with `/game new`.")
        return Table(record, await self.store.seats(record.id))

    # -- lobby -------------------------------------------------------------

    async def create(self, game_type: str, host: Member, options: dict[str, Any] | None = None, *,
                     guild_id: int | None = None, channel_id: int | None = None,
                     seed: int | None = None, host_seated: bool = True) -> Table:
        if game_type not in registry.available():
            offered = ", ".join(registry.available())
            raise TableError(f"“{game_type}” is not a game I host. Try one of: {offered}.")
        game = registry.game(game_type)
        try:
            chosen = resolve_options(game, options)
        except IllegalMove as error:
            raise TableError(str(error)) from None
        game_id = await self.store.create_game(
            game_type, chosen, self._seed_source() if seed is None else seed, host.id, guild_id, channel_id)
        if host_seated:
            await self.store.set_seats(game_id, [SeatRecord(0, host.id, host.name, False, True)])
        return await self.table(game_id)

    async def join(self, game_id: int, member: Member) -> Table:
        table = await self._lobby(game_id)
        game = registry.game(table.record.game_type)
        if table.seat_of(member.id) is not None:
            raise TableError("You are already seated at this game.")
        if len(table.seats) >= game.max_players:
            raise TableError(f"This game is full: {game.name} seats at most {game.max_players}.")
        seats = [*table.seats, SeatRecord(len(table.seats), member.id, member.name, False, True)]
        await self.store.set_seats(game_id, seats)
        return await self.table(game_id)

    async def leave(self, game_id: int, member: Member) -> Table:
        table = await self._lobby(game_id)
        if table.seat_of(member.id) is None:
            raise TableError("You are not seated at this game.")
        if member.id == table.record.host_id:
            raise TableError("You are the host: use `/game abandon` to close the lobby instead.")
        await self._reseat(table, [s for s in table.seats if s.user_id != member.id])
        return await self.table(game_id)

    async def hand_to_bot(self, game_id: int, member: Member, seat: int | None = None) -> Table:
        """A bot takes over a seat of a running game: the member's own (they leave), or
        any human seat when the host or a manager replaces a player who has gone quiet."""
        table = await self._running(game_id)
        own = table.seat_of(member.id)
        seat = own if seat is None else seat
        if seat is None:
            raise TableError("You are not playing in this game.")
        if not 0 <= seat < len(table.seats) or table.seats[seat].is_bot:
            raise TableError(f"Seat {seat + 1} is not a player's seat in this game.")
        if seat != own and member.id != table.record.host_id and not member.can_manage:
            raise TableError("Only the host or someone with Manage Server can hand another player's seat to a bot.")
        leaving = table.seats[seat]
        names = table.names()
        names[seat] = f"{leaving.name} (bot)"
        renamed = Table(table.record, [*table.seats[:seat],
                                       SeatRecord(seat, None, names[seat], True, False), *table.seats[seat + 1:]])
        why = "left the game" if seat == own else f"was replaced by {member.name}"
        note = {"text": f"**{leaving.name}** {why}; a bot plays their seat from now on.", "event_images": []}
        note.update(self.turn_payload(renamed, table.record.state, table.record.version))
        if not await self.store.hand_seat_to_bot(table.id, seat, names[seat], ("thread", note)):
            raise TableError("That seat changed hands a moment ago.")
        if self.autoplay_bots:
            await self.run_bots(game_id)
        self._notify()
        return await self.table(game_id)

    async def add_bot(self, game_id: int, member: Member) -> Table:
        table = await self._lobby(game_id)
        self._require_host(table, member, "add a bot")
        game = registry.game(table.record.game_type)
        if len(table.seats) >= game.max_players:
            raise TableError(f"No empty seat: {game.name} seats at most {game.max_players}.")
        taken = {s.name for s in table.seats}
        name = next(f"Bot {n}" for n in BOT_NAMES if f"Bot {n}" not in taken)
        await self._reseat(table, [*table.seats, SeatRecord(len(table.seats), None, name, True, False)])
        return await self.table(game_id)

    async def remove_bot(self, game_id: int, member: Member) -> Table:
        table = await self._lobby(game_id)
        self._require_host(table, member, "remove a bot")
        bots = [s for s in table.seats if s.is_bot]
        if not bots:
            raise TableError("There is no bot seated to remove.")
        await self._reseat(table, [s for s in table.seats if s is not bots[-1]])
        return await self.table(game_id)

    async def start(self, game_id: int, member: Member) -> Table:
        table = await self._lobby(game_id)
        self._require_host(table, member, "start the game")
        game = registry.game(table.record.game_type)
        if len(table.seats) < game.min_players:
            need = game.min_players - len(table.seats)
            raise TableError(
                f"{game.name} needs at least {game.min_players} players; "
                f"{need} more must join (or add a bot).")
        try:
            state = new_game(game, len(table.seats), table.record.options, table.record.seed)
        except IllegalMove as error:
            raise TableError(str(error)) from None
        names = table.names()
        events = [Event(f"**{game.name}** begins: {', '.join(names)}.")]
        # The set-up's own announcements ("eyes open" for a hidden team), if the game has any.
        # What they tell single seats is in each seat's private summary below when the game
        # writes one, so those are not sent twice.
        opening = list(getattr(game, "opening_events", lambda _state: [])(state))
        summarised = hasattr(game, "private_summary")
        events += [e for e in opening if e.public or not summarised]
        events += [Event(f"**{game.name}**, game #{game_id}. "
                         + self.private_summary(table.record.game_type, state, seat.seat, names), to=(seat.seat,))
                   for seat in table.seats if not seat.is_bot]
        epochs = {seat.seat: 1 for seat in table.seats}
        outbox = self._notifications(table, state, events, 1, set(epochs))
        await self._commit(table, state=state, epochs=epochs, action=None, outbox=outbox, status="running")
        if self.autoplay_bots:
            await self.run_bots(game_id)
        self._notify()
        return await self.table(game_id)

    async def abandon(self, game_id: int, member: Member) -> Table:
        table = await self.table(game_id)
        if table.record.status not in ("lobby", "running"):
            raise TableError("This game has already ended.")
        if member.id != table.record.host_id and not member.can_manage:
            raise TableError("Only the host or someone with Manage Server can abandon this game.")
        await self._commit(table, state=table.record.state, epochs=None, action=None, status="abandoned",
                           # A lobby whose thread was never made has nowhere to say so.
                           outbox=[("thread", {"text": f"Game abandoned by **{member.name}**."})]
                           if table.record.thread_id or not table.record.channel_id else [])
        self._notify()
        return await self.table(game_id)

    # -- play --------------------------------------------------------------

    async def act(self, game_id: int, member: Member, action: str, *, version: int | None = None,
                  in_place: bool = False) -> Table:
        """Make ``action`` for the seat ``member`` holds; bots answer after it.

        ``version`` is the game version the user saw (a button carries it): when
        the user's own choices have changed since, the move is refused as stale.
        ``in_place``: the caller shows the player their next choices itself (it
        refreshes the private message they clicked), so none are sent by DM.
        """
        table = await self._running(game_id)
        seat = table.seat_of(member.id)
        if seat is None:
            raise TableError("You are not playing in this game, so you cannot move for a seat in it.")
        game = registry.game(table.record.game_type)
        state = table.record.state
        now = name_seats(game.status(state), table.names())
        if version is not None and version < table.record.seat_epochs.get(seat, 0):
            raise StaleMove("That button is from an earlier moment of this game and no longer "
                            f"applies. Now: {now} Here is what you can do now:", game_id)
        if seat not in game.pending(state) and not game.legal(state, seat):
            raise TableError(f"It is not your turn. Now: {now}")
        await self._apply(table, seat, action, user_id=member.id, in_place=in_place)
        if self.autoplay_bots:
            await self.run_bots(game_id)
        # Woken once the bots have answered, the dispatcher posts the move and their
        # replies together, instead of half a turn at a time.
        self._notify()
        return await self.table(game_id)

    async def run_bots(self, game_id: int, limit: int = 10_000) -> int:
        """Let bot seats move while any is pending; returns how many moves they made."""
        kit_ = None
        moves = 0
        while moves < limit:
            table = await self.table(game_id)
            if table.record.status != "running":
                break
            kit_ = kit_ or registry.kit(table.record.game_type)
            state = table.record.state
            bots = sorted(s.seat for s in table.seats if s.is_bot and s.seat in kit_.game.pending(state))
            if not bots:
                break
            seat = bots[0]
            action = kit_.bot.choose(state, seat, rng_for(table.record.seed, state["_move"], f"bot{seat}"))
            try:
                await self._apply(table, seat, action, user_id=None)
            except StaleMove:
                continue  # a human moved in between; look again
            moves += 1
        if moves:
            self._notify()
        return moves

    async def _apply(self, table: Table, seat: int, action: str, *, user_id: int | None,
                     in_place: bool = False) -> None:
        kit_ = registry.kit(table.record.game_type)
        game = kit_.game
        old = table.record.state
        try:
            new, events = play(game, old, seat, action)
        except IllegalMove as error:
            raise TableError(name_seats(str(error), table.names())) from None
        version = table.record.version + 1
        epochs = dict(table.record.seat_epochs)
        for other in range(len(table.seats)):
            if other == seat or _actions(game.legal(old, other)) != _actions(game.legal(new, other)):
                epochs[other] = version
        result = game.result(new)
        newly_asked = {s for s, v in epochs.items() if v == version and not (in_place and s == seat)}
        outbox = self._notifications(table, new, events, version, newly_asked)
        status = "running"
        result_json = None
        if result is not None:
            status = "finished"
            result_json = {"winners": list(result.winners),
                           "scores": {str(k): v for k, v in result.scores.items()},
                           "summary": result.summary}
        await self._commit(table, state=new, epochs=epochs, action=(seat, action, user_id),
                           outbox=outbox, status=status, result=result_json)

    def _notifications(self, table: Table, state: dict[str, Any], events: list[Event],
                       version: int, newly_asked: set[int]) -> list[tuple[str, dict[str, Any]]]:
        names = table.names()
        public = [e for e in events if e.public]
        thread = {
            "text": "\n".join(name_seats(e.text, names) for e in public),
            "event_images": [e.image for e in public if e.image],
        }
        thread.update(self.turn_payload(table, state, version))
        outbox: list[tuple[str, dict[str, Any]]] = [("thread", thread)]
        by_seat: dict[int, list[Event]] = {}
        for event in events:
            for seat in event.to or ():
                by_seat.setdefault(seat, []).append(event)
        game = registry.game(table.record.game_type)
        running = game.result(state) is None
        for seat in table.seats:
            if seat.is_bot:
                continue
            private = by_seat.get(seat.seat, [])
            payload: dict[str, Any] = {
                "seat": seat.seat, "user_id": seat.user_id, "version": version,
                "text": "\n".join(name_seats(e.text, names) for e in private),
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
                        "choices": [choice_payload(c, names) for c in choices],
                    }]
            if payload["text"] or "turn" in payload:
                outbox.append(("private", payload))
        return outbox

    def turn_payload(self, table: Table, state: dict[str, Any], version: int) -> dict[str, Any]:
        """What the thread shows after a move: the public view, and who must act on what."""
        game = registry.game(table.record.game_type)
        names = table.names()
        view = game.view(state, None)
        result = game.result(state)
        payload: dict[str, Any] = {"version": version, "view": view, "names": names,
                                   "status": name_seats(game.status(state), names)}
        if result is not None:
            payload["result"] = name_seats(result.summary, names)
            payload["turn"] = []
            return payload
        turn = []
        for seat in sorted(game.pending(state)):
            record = table.seats[seat]
            choices = game.legal(state, seat)
            public = [choice_payload(c, names) for c in choices if not c.private]
            # A prompt for a wholly private decision may name a secret ("Choose a
            # property for *Boardwalk Fire*"), so the table only sees that one is pending.
            prompt = game.prompt(state, seat) if public else "is deciding in private."
            turn.append({
                "seat": seat, "user_id": record.user_id, "is_bot": record.is_bot,
                "prompt": name_seats(prompt, names), "choices": public,
                "private_choices": len(choices) - len(public),
            })
        payload["turn"] = turn
        return payload

    # -- private views -----------------------------------------------------

    def private_summary(self, game_type: str, state: dict[str, Any], seat: int, names: list[str]) -> str:
        game = registry.game(game_type)
        summarise = getattr(game, "private_summary", None)
        if summarise is not None:
            return name_seats(summarise(state, seat), names)
        public, private = game.view(state, None), game.view(state, seat)
        lines = [f"**{key}**: {json.dumps(value, ensure_ascii=False)}"
                 for key, value in private.items() if public.get(key) != value]
        return name_seats("\n".join(lines) or "You hold no secrets in this game right now.", names)

    async def private_view(self, game_id: int, member: Member) -> tuple[Table, int, list[Choice], str]:
        """The seat's secrets and full choices, for ``/game hand`` and the "My hand" button."""
        table = await self.table(game_id)
        seat = table.seat_of(member.id)
        if seat is None:
            raise TableError("You are not playing in this game, so it has no hand of yours to show.")
        if table.record.state is None:
            raise TableError("The game has not started yet; nothing has been dealt.")
        game = registry.game(table.record.game_type)
        state = table.record.state
        summary = self.private_summary(table.record.game_type, state, seat, table.names())
        choices = game.legal(state, seat) if table.record.status == "running" else []
        return table, seat, choices, summary

    # -- helpers -----------------------------------------------------------

    async def _lobby(self, game_id: int) -> Table:
        table = await self.table(game_id)
        if table.record.status != "lobby":
            raise TableError("This game has already started; seats can only change in the lobby.")
        return table

    async def _running(self, game_id: int) -> Table:
        table = await self.table(game_id)
        if table.record.status == "lobby":
            raise TableError("This game has not started yet. The host starts it with `/game start`.")
        if table.record.status != "running":
            raise TableError(f"This game is {table.record.status}; no more moves can be made.")
        return table

    @staticmethod
    def _require_host(table: Table, member: Member, what: str) -> None:
        if member.id != table.record.host_id:
            raise TableError(f"Only the host can {what}.")

    async def _reseat(self, table: Table, seats: list[SeatRecord]) -> None:
        renumbered = [SeatRecord(i, s.user_id, s.name, s.is_bot, s.dm_ok) for i, s in enumerate(seats)]
        await self.store.set_seats(table.id, renumbered)

    async def _commit(self, table: Table, *, state: dict[str, Any] | None, epochs: dict[int, int] | None,
                      action: tuple[int, str, int | None] | None, outbox: list[tuple[str, dict[str, Any]]],
                      status: str, result: dict[str, Any] | None = None) -> None:
        ok = await self.store.commit(
            table.id, table.record.version, status=status, state=state,
            seat_epochs={str(k): v for k, v in epochs.items()} if epochs is not None else None,
            result=result, action=action, outbox=outbox)
        if not ok:
            raise StaleMove("Another move was made just before yours, so yours was not made. "
                            "Here is what you can do now:", table.id)


def _actions(choices: list[Choice]) -> list[str]:
    return [c.action for c in choices]
