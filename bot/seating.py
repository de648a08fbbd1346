"""Seats: the lobby (join, leave, bots, start, abandon) and seats changing hands in a
running game (a player leaves or is substituted by a bot, and takes the seat back)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import registry, timers
from .engine import Event, IllegalMove, new_game, resolve_options
from .notifications import name_seats
from .store import SeatRecord
from .table import Member, StaleMove, Table, TableError
from .text import markdown_name

BOT_NAMES = ("Ada", "Bix", "Cleo", "Dot", "Ezra", "Fay", "Gus", "Hal", "Ivy")
#: How often a lobby change (or the start) is worked out again because another one was written
#: first. Each round one of the racing changes is written, so this outlasts any burst of clicks.
LOBBY_TRIES = 20
BUSY = "The lobby is changing very fast right now, so your change was not made; try again in a moment."
#: Why a lobby step no longer applies once the game runs, after "This game is already running"
#: or, when it started during the step, "This game has just started".
AFTER_START = {"join": "; you can watch it here.",
               "leave": ": `/game leave` hands your seat to a bot.",
               "bot": ", so its seats no longer change.",
               "start": "."}


class Seating:
    """Who sits where (a mixin of ``Tables``, whose move pipeline it uses to start a game)."""

    async def create(self, game_type: str, host: Member, options: dict[str, Any] | None = None, *,
                     guild_id: int | None = None, channel_id: int | None = None,
                     seed: int | None = None, host_seated: bool = True) -> Table:
        if game_type not in registry.available():
            offered = ", ".join(registry.available())
            raise TableError(f"“{game_type}” is not a game I host. Try one of: {offered}.")
        game = registry.game(game_type)
        options = dict(options or {})
        hosting = {opt.name: options.pop(opt.name, opt.default) for opt in timers.HOST_OPTIONS}
        for opt in timers.HOST_OPTIONS:
            if hosting[opt.name] not in opt.choices:
                allowed = ", ".join(str(c) for c in opt.choices)
                raise TableError(f"“{opt.name}” can be {allowed}; not {hosting[opt.name]}.")
        try:
            chosen = resolve_options(game, options)
        except IllegalMove as error:
            raise TableError(str(error)) from None
        game_id = await self.store.create_game(
            game_type, chosen, self._seed_source() if seed is None else seed, host.id, guild_id, channel_id,
            settings=hosting)
        if host_seated:
            await self.store.set_seats(game_id, [SeatRecord(0, host.id, host.name, False, True)], expected=[])
        return await self.table(game_id)

    async def join(self, game_id: int, member: Member) -> Table:
        def seat_member(table: Table) -> list[SeatRecord]:
            game = registry.game(table.record.game_type)
            if table.seat_of(member.id) is not None:
                raise TableError("You are already seated at this game.")
            if len(table.seats) >= game.max_players:
                raise TableError(f"This game is full: {game.name} seats at most {game.max_players}.")
            return [*table.seats, SeatRecord(len(table.seats), member.id, member.name, False, True)]
        return await self._change_seats(game_id, "join", seat_member)

    async def leave(self, game_id: int, member: Member) -> Table:
        def unseat_member(table: Table) -> list[SeatRecord]:
            if table.seat_of(member.id) is None:
                raise TableError("You are not seated at this game.")
            if member.id == table.record.host_id:
                raise TableError("You are the host: use `/game abandon` to close the lobby instead.")
            return [s for s in table.seats if s.user_id != member.id]
        return await self._change_seats(game_id, "leave", unseat_member)

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
        await self._hand_over(table, seat, "left the game" if seat == own
                              else f"was replaced by {markdown_name(member.name)}")
        if self.autoplay_bots:
            await self.run_bots(game_id)
        self._notify()
        return await self.table(game_id)

    async def _hand_over(self, table: Table, seat: int, why: str) -> None:
        leaving = table.seats[seat]
        names = table.names()
        names[seat] = f"{leaving.name} (bot)"
        renamed = Table(table.record, [*table.seats[:seat],
                                       SeatRecord(seat, None, names[seat], True, False), *table.seats[seat + 1:]])
        note = self.note(renamed, name_seats(f"{{p{seat}}} {why}; a bot plays their seat from now on. "
                                             "They can take it back with `/game rejoin` while the game runs.",
                                             table.names()))
        if not await self.store.hand_seat_to_bot(table.id, seat, names[seat], ("thread", note)):
            raise TableError("That seat changed hands a moment ago.")

    async def rejoin(self, game_id: int, member: Member) -> Table:
        """Take back the seat a bot took over (by leaving, substitution or the turn clock)."""
        table = await self._running(game_id)
        if table.seat_of(member.id) is not None:
            raise TableError("You are already playing in this game.")
        seat = next((s.seat for s in table.seats if s.is_bot and s.former_user_id == member.id), None)
        if seat is None:
            raise TableError("No seat here was yours: only a player whose seat a bot took over can rejoin.")
        names = table.names()
        names[seat] = member.name
        back = Table(table.record, [*table.seats[:seat],
                                    SeatRecord(seat, member.id, member.name, False, True), *table.seats[seat + 1:]])
        note = self.note(back, name_seats(f"{{p{seat}}} is back and plays their own seat again.", names))
        if not await self.store.reclaim_seat(table.id, seat, member.id, member.name, ("thread", note)):
            raise TableError("That seat changed hands a moment ago; try again.")
        self._notify()
        return await self.table(game_id)

    async def add_bot(self, game_id: int, member: Member) -> Table:
        def seat_bot(table: Table) -> list[SeatRecord]:
            self._require_host(table, member, "add a bot")
            game = registry.game(table.record.game_type)
            if len(table.seats) >= game.max_players:
                raise TableError(f"No empty seat: {game.name} seats at most {game.max_players}.")
            taken = {s.name for s in table.seats}
            name = next(f"Bot {n}" for n in BOT_NAMES if f"Bot {n}" not in taken)
            return [*table.seats, SeatRecord(len(table.seats), None, name, True, False)]
        return await self._change_seats(game_id, "bot", seat_bot)

    async def remove_bot(self, game_id: int, member: Member) -> Table:
        def unseat_bot(table: Table) -> list[SeatRecord]:
            self._require_host(table, member, "remove a bot")
            bots = [s for s in table.seats if s.is_bot]
            if not bots:
                raise TableError("There is no bot seated to remove.")
            return [s for s in table.seats if s is not bots[-1]]
        return await self._change_seats(game_id, "bot", unseat_bot)

    async def start(self, game_id: int, member: Member) -> Table:
        """Deal the game for the seats as they are at this moment: the deal is written only
        if nobody joined or left since they were read (else it is dealt again)."""
        for attempt in range(LOBBY_TRIES):
            table = await self._lobby(game_id, "start", just_started=attempt > 0)
            self._require_host(table, member, "start the game")
            if await self.store.start_game(table.id, table.seats, **self._deal(table)):
                break
        else:
            raise TableError(BUSY)
        if self.autoplay_bots:
            await self.run_bots(game_id)
        self._notify()
        return await self.table(game_id)

    def _deal(self, table: Table) -> dict[str, Any]:
        """The first version of the game for the lobby's seats: state, clocks, notifications."""
        game = registry.game(table.record.game_type)
        game_id = table.id
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
        events = [Event(f"**{game.name}** begins: {', '.join(markdown_name(n) for n in names)}.")]
        # Members whose DMs were found closed when they joined would otherwise never learn
        # where their secrets are: point them at the panel (saying nothing of what is in it).
        closed = [seat.seat for seat in table.seats if not seat.is_bot and not seat.dm_ok]
        if closed:
            who = ", ".join(f"{{p{seat}}}" for seat in closed)
            events.append(Event(f"{who}: I can't send you direct messages, so what only you may see "
                                "is behind the **My hand & options** button (or `/game hand`)."))
        # The set-up's own announcements ("eyes open" for a hidden team), if the game has any.
        # What they tell single seats is in each seat's private summary below when the game
        # writes one, so those are not sent twice.
        opening = list(getattr(game, "opening_events", lambda _state: [])(state))
        summarised = hasattr(game, "private_summary")
        events += [e for e in opening if e.public or not summarised]
        events += [Event(f"**{game.name}**, game #{game_id}. "
                         + self.private_summary(table.record.game_type, state, seat.seat, names), to=(seat.seat,))
                   for seat in table.seats if not seat.is_bot]
        epochs = {seat.seat: 1 for seat in table.seats}  # version 1 is the dealt game
        now = self.clock()
        asked = {seat: now for seat in epochs}
        return {"state": state, "seat_epochs": epochs, "seat_asked": asked,
                "timers": timers.plan(game, table, state, epochs, asked, now),
                "outbox": self._notifications(table, state, events, 1, set(epochs))}

    async def abandon(self, game_id: int, member: Member) -> Table:
        for _ in range(LOBBY_TRIES):
            table = await self.table(game_id)
            if table.record.status not in ("lobby", "running"):
                raise TableError("This game has already ended.")
            if member.id != table.record.host_id and not member.can_manage:
                raise TableError("Only the host or someone with Manage Server can abandon this game.")
            try:
                await self._commit(table, state=table.record.state, epochs=None, action=None, status="abandoned",
                                   # A lobby whose thread was never made has nowhere to say so.
                                   outbox=[("thread", {"text": f"Game abandoned by **{markdown_name(member.name)}**."})]
                                   if table.record.thread_id or not table.record.channel_id else [])
                break
            except StaleMove:
                continue  # the game started or moved meanwhile; abandoning still stands
        else:
            raise TableError(BUSY)
        self._notify()
        return await self.table(game_id)

    # -- helpers -----------------------------------------------------------

    async def _change_seats(self, game_id: int, step: str, change: Callable[[Table], list[SeatRecord]]) -> Table:
        """One lobby change, written only over the lobby it was worked out from. When another
        change or the start was written first, the lobby is read again and ``change`` (which
        refuses with a sentence when it no longer applies: the table is full) asked afresh."""
        for attempt in range(LOBBY_TRIES):
            table = await self._lobby(game_id, step, just_started=attempt > 0)
            seats = [SeatRecord(i, s.user_id, s.name, s.is_bot, s.dm_ok) for i, s in enumerate(change(table))]
            if await self.store.set_seats(game_id, seats, expected=table.seats):
                return await self.table(game_id)
        raise TableError(BUSY)

    async def _lobby(self, game_id: int, step: str, *, just_started: bool = False) -> Table:
        """The game, if it is still a lobby; else a sentence for where it is now.
        ``just_started``: the step found a lobby a moment ago (the start won the race)."""
        table = await self.table(game_id)
        status = table.record.status
        if status == "running":
            opening = "This game has just started" if just_started else "This game is already running"
            raise TableError(opening + AFTER_START[step])
        if status == "finished":
            raise TableError("This game is over; `/game new` opens another.")
        if status == "abandoned":
            raise TableError("This game was abandoned; `/game new` opens another.")
        return table

    @staticmethod
    def _require_host(table: Table, member: Member, what: str) -> None:
        if member.id != table.record.host_id:
            raise TableError(f"Only the host can {what}.")
