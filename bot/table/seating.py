"""Seats: the lobby (join, leave, bots, start, abandon) and seats changing hands in a
running game (a player leaves or is substituted by a bot, and takes the seat back)."""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.engine import (
    SEAT_LANGUAGES,
    EngineRefusal,
    Event,
    Game,
    IllegalMove,
    new_game,
    resolve_options,
)
from bot.engine.language import ENGLISH, Words
from bot.games import registry
from bot.i18n import HOST, language_of, words
from bot.store.base import (
    LOBBIES_HOSTED,
    LOBBIES_IN_CHANNEL,
    Caps,
    Crowded,
    SeatRecord,
    Store,
    crowded,
)
from bot.table import clock as timers
from bot.table.model import LANGUAGE_OPTION, Member, StaleMove, Table, TableError
from bot.table.notices import Moments, name_seats
from bot.table.thinking import STRONG_BADGE, Thinking
from bot.text import markdown_name

log = logging.getLogger(__name__)

BOT_NAMES = ("Ada", "Bix", "Cleo", "Dot", "Ezra", "Fay", "Gus", "Hal", "Ivy")
#: How often a lobby change (or the start) is worked out again because another one was written
#: first. Each round one of the racing changes is written, so this outlasts any burst of clicks.
LOBBY_TRIES = 20
#: Lobbies one member may host before starting or abandoning one, and lobbies one channel may
#: hold: each is a thread, and a server has a cap on active threads (a thousand).
MOST_LOBBIES_HOSTED = 3
MOST_LOBBIES_IN_CHANNEL = 10
#: Running games one member may host on one server. Each is a thread with a post every turn
#: for days, and a host's games can go on by themselves (bots in the seats of members who
#: left). Five at once is more than anyone follows closely when each decision may take days,
#: and keeps one member to eight threads of a server (with three lobbies), not the dozens one
#: member could open before. Playing in others' games is not capped.
MOST_RUNNING_HOSTED = 5
CAPS = Caps(MOST_LOBBIES_HOSTED, MOST_LOBBIES_IN_CHANNEL, MOST_RUNNING_HOSTED)


def too_crowded(refused: Crowded) -> TableError:
    """The sentence for a cap reached (``Crowded``), saying what would make room."""
    if refused.cap == LOBBIES_HOSTED:
        return TableError.counted(
            "You host {count} lobby that has not started; start it or `/game abandon` it first.",
            "You host {count} lobbies that have not started; start one or `/game abandon` one first.",
            refused.count)
    if refused.cap == LOBBIES_IN_CHANNEL:
        return TableError.counted(
            "This channel has {count} lobby waiting for players; join it, or open yours elsewhere.",
            "This channel has {count} lobbies waiting for players; join one, or open yours elsewhere.",
            refused.count)
    return TableError.counted(
        "You host {count} running game on this server, the most one member may; once it ends "
        "(or you `/game abandon` it), you can start another.",
        "You host {count} running games on this server, the most one member may; once one ends "
        "(or you `/game abandon` one), you can start another.",
        refused.count)


def busy() -> TableError:
    return TableError("The lobby is changing very fast right now, so your change was not made; "
                      "try again in a moment.")


def already_running(step: str, just_started: bool) -> TableError:
    """Why a lobby step no longer applies once the game runs (``just_started``: it started
    during the step)."""
    if just_started:
        if step == "join":
            return TableError("This game has just started; you can watch it here.")
        if step == "leave":
            return TableError("This game has just started: `/game leave` hands your seat to a bot.")
        if step == "bot":
            return TableError("This game has just started, so its seats no longer change.")
        return TableError("This game has just started.")
    if step == "join":
        return TableError("This game is already running; you can watch it here.")
    if step == "leave":
        return TableError("This game is already running: `/game leave` hands your seat to a bot.")
    if step == "bot":
        return TableError("This game is already running, so its seats no longer change.")
    return TableError("This game is already running.")


def default_language(game: Game, guild_locale: object) -> str | None:
    """The ``language`` a game's lobby starts with when the host sets none: the guild's
    when the game speaks it (a Polish server gets Polish), else English. None for a game
    without the option."""
    option = next((opt for opt in game.options if opt.name == LANGUAGE_OPTION), None)
    if option is None:
        return None
    wanted = language_of(guild_locale)
    return wanted if wanted in option.choices else "en" if "en" in option.choices else option.default


def handed_over(words: Words, seat: int, reason: str, names: list[str], *, by: str = "", count: int = 0) -> str:
    """The thread's line when a bot takes a seat over (``reason``: left, replaced, clock), the
    seat named from ``names`` before ``by`` (who replaced them) is put in: the line is finished
    text, never read for placeholders again, so a name like "{p2}" reads as itself."""
    token = name_seats(f"{{p{seat}}}", names)
    if reason == "left":
        return words.t("{seat} left the game; a bot plays their seat from now on. They can take it "
                       "back with `/game rejoin` while the game runs.", seat=token)
    if reason == "gone":
        return words.t("{seat} left the server; a bot plays their seat from now on. If they come back, "
                       "they can take it back with `/game rejoin` while the game runs.", seat=token)
    if reason == "replaced":
        return words.t("{seat} was replaced by {by}; a bot plays their seat from now on. They can take "
                       "it back with `/game rejoin` while the game runs.", seat=token, by=by)
    return words.tn("{seat} let the clock run out {count} time in a row; a bot plays their seat from "
                    "now on. They can take it back with `/game rejoin` while the game runs.",
                    "{seat} let the clock run out {count} times in a row; a bot plays their seat from "
                    "now on. They can take it back with `/game rejoin` while the game runs.",
                    count, seat=token)


class Seating:
    """Who sits where (a mixin of ``Tables``, whose move pipeline it uses to start a game)."""

    if TYPE_CHECKING:  # what it uses of Tables (bot/table/service.py), whose mixin it is
        store: Store
        clock: Callable[[], float]
        moments: Moments
        autoplay_bots: bool
        caps: Caps | None
        page_link: Callable[[int], str] | None
        thinking: Thinking
        _notify: Callable[[], None]
        _seed_source: Callable[[], int]

        async def table(self, game_id: int) -> Table: ...
        async def _running(self, game_id: int) -> Table: ...
        async def bots_answer(self, game_id: int) -> int: ...
        async def bots_reply(self, game_id: int) -> int: ...
        async def _commit(self, table: Table, *, state: dict[str, Any] | None, epochs: dict[int, int] | None,
                          action: tuple[int, str, int | None] | None, outbox: list[tuple[str, dict[str, Any]]],
                          status: str, result: dict[str, Any] | None = None,
                          asked: dict[int, float] | None = None,
                          timers: list[tuple[str, float, float | None]] | None = None,
                          fired: str | None = None, timeouts: dict[int, int] | None = None) -> None: ...
        def _notifications(self, table: Table, state: dict[str, Any], events: list[Event],
                           version: int, newly_asked: set[int],
                           shown_in_place: int | None = None, in_the_open: bool = False,
                           rules: Game | None = None) -> list[tuple[str, dict[str, Any]]]: ...
        def note(self, table: Table, text: str, *, seat: int | None = None) -> dict[str, Any]: ...
        def private_summary(self, game_type: str, state: dict[str, Any], seat: int, names: list[str],
                            words: Words = ENGLISH) -> str: ...

    async def create(self, game_type: str, host: Member, options: dict[str, Any] | None = None, *,
                     guild_id: int | None = None, channel_id: int | None = None,
                     seed: int | None = None, host_seated: bool = True,
                     guild_locale: object = None) -> Table:
        """Open a lobby. ``guild_locale``: the server's (``interaction.guild_locale``), for the
        table's language when the game has a ``language`` option and the host set none."""
        if game_type not in registry.available():
            offered = ", ".join(registry.available())
            raise TableError("“{game}” is not a game I host. Try one of: {offered}.",
                             game=game_type, offered=offered)
        game = registry.game(game_type)
        options = dict(options or {})
        options.pop(SEAT_LANGUAGES, None)  # the host's to fill at the start, from each player's locale
        language = default_language(game, guild_locale)
        if language is not None:
            options.setdefault(LANGUAGE_OPTION, language)
        hosting = {opt.name: options.pop(opt.name, opt.default) for opt in timers.HOST_OPTIONS}
        for opt in timers.HOST_OPTIONS:
            if hosting[opt.name] not in opt.choices:
                allowed = ", ".join(str(c) for c in opt.choices)
                raise TableError("“{name}” can be {allowed}; not {value}.",
                                 name=opt.name, allowed=allowed, value=hosting[opt.name])
        try:
            chosen = resolve_options(game, options)
        except EngineRefusal as error:
            raise TableError(error.message, **error.values) from None
        try:
            game_id = await self.store.create_game(
                game_type, chosen, self._seed_source() if seed is None else seed, host.id, guild_id, channel_id,
                settings=hosting, caps=self._caps_on(guild_id))
        except Crowded as refused:
            raise too_crowded(refused) from None
        if host_seated:
            await self.store.set_seats(game_id, [SeatRecord(0, host.id, host.name, False, True)], expected=[])
        return await self.table(game_id)

    async def lobby_room(self, host_id: int, channel_id: int | None, guild_id: int | None) -> None:
        """Whether ``host_id`` may open another lobby in ``channel_id`` on ``guild_id``: a
        sentence if they host too many lobbies or running games already, or the channel has too
        many waiting (each is a thread). A quick answer before the thread is made; ``create``
        counts again, in the lobby's own transaction, so lobbies opened at once never pass."""
        caps = self._caps_on(guild_id)
        if caps is None or guild_id is None:
            return
        mine, here = await self.store.open_lobbies(host_id, channel_id)
        running = await self.store.running_hosted(host_id, guild_id)
        refused = crowded(caps, mine, None if channel_id is None else here, running)
        if refused is not None:
            raise too_crowded(refused)

    def _caps_on(self, guild_id: int | None) -> Caps | None:
        """The caps for a game on ``guild_id``: a game opened on no server (the offline demo,
        a benchmark) has none, as they are the caps of a community's members and channels."""
        return self.caps if guild_id is not None else None

    async def join(self, game_id: int, member: Member) -> Table:
        def seat_member(table: Table) -> list[SeatRecord]:
            game = registry.game(table.record.game_type)
            if table.seat_of(member.id) is not None:
                raise TableError("You are already seated at this game.")
            if len(table.seats) >= game.max_players:
                raise TableError("This game is full: {game} seats at most {most}.",
                                 game=game.name, most=game.max_players)
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
            raise TableError("Seat {seat} is not a player's seat in this game.", seat=seat + 1)
        if seat != own and member.id != table.record.host_id and not member.can_manage:
            raise TableError("Only the host or someone with Manage Server can hand another player's seat to a bot.")
        await self._hand_over(table, seat, "left" if seat == own else "replaced",
                              by=markdown_name(member.name))
        if self.autoplay_bots:
            await self.bots_answer(game_id)
        self._notify()
        return await self.table(game_id)

    async def _hand_over(self, table: Table, seat: int, reason: str, *, by: str = "", count: int = 0) -> None:
        """A bot takes ``seat`` over; the thread is told why (``handed_over``'s reasons)."""
        leaving = table.seats[seat]
        names = table.names()
        # Sitting in for a player, a bot plays as well as the host can afford (thinking.py).
        names[seat] = f"{leaving.name} (bot {STRONG_BADGE})" if self.thinking.strong_bots else f"{leaving.name} (bot)"
        renamed = Table(table.record, [*table.seats[:seat],
                                       SeatRecord(seat, None, names[seat], True, False), *table.seats[seat + 1:]])
        table_words = words(HOST, table.language)
        line = handed_over(table_words, seat, reason, table.names(), by=by, count=count)
        if timers.bots_only(renamed):  # nobody left: the game winds down (clock.ALONE_KEY)
            line += "\n" + timers.left_to_bots(table_words)
        note = self.note(renamed, line)
        if not await self.store.hand_seat_to_bot(table.id, seat, names[seat], ("thread", note)):
            raise TableError("That seat changed hands a moment ago.")

    async def member_gone(self, guild_id: int, user_id: int) -> list[Table]:
        """A member left the server (or was removed): a bot takes each seat they hold in its
        running games, as ``/game leave`` does, the thread told the way back; they leave the
        lobbies they joined (one they host stays theirs to close). Returns the lobbies changed."""
        lobbies = []
        for game_id in await self.store.seated_games(guild_id, user_id):
            table = await self.table(game_id)
            seat = table.seat_of(user_id)
            if seat is None:
                continue
            try:
                if table.record.status == "running":
                    await self._hand_over(table, seat, "gone")
                    if self.autoplay_bots:
                        await self.bots_answer(game_id)
                elif user_id != table.record.host_id:
                    lobbies.append(await self.leave(game_id, Member(user_id, table.seats[seat].name)))
            except TableError as error:  # the seat changed hands, or the game its state, meanwhile
                log.info("game %s: the seat of user %s, who left, was not handed over: %s", game_id, user_id, error)
        self._notify()
        return lobbies

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
        line = words(HOST, table.language).t("{seat} is back and plays their own seat again.", seat=f"{{p{seat}}}")
        note = self.note(back, name_seats(line, names))
        if not await self.store.reclaim_seat(table.id, seat, member.id, member.name, ("thread", note)):
            raise TableError("That seat changed hands a moment ago; try again.")
        self._notify()
        return await self.table(game_id)

    async def add_bot(self, game_id: int, member: Member, level: str = registry.NORMAL) -> Table:
        """Seat a bot at ``level`` (``registry.LEVELS``); a strong one wears the badge ★."""
        strong = level == registry.STRONG

        def seat_bot(table: Table) -> list[SeatRecord]:
            if member.id != table.record.host_id:
                raise TableError("Only the host can add a bot.")
            if strong and not self.thinking.strong_bots:
                raise TableError("Strong bots are turned off here; add a normal bot instead.")
            game = registry.game(table.record.game_type)
            if len(table.seats) >= game.max_players:
                raise TableError("No empty seat: {game} seats at most {most}.",
                                 game=game.name, most=game.max_players)
            # A name no other bot at the table has, whatever its level: "Bot Ada" and
            # "Bot Ada ★" side by side would be one name to the players.
            taken = {s.name.removesuffix(f" {STRONG_BADGE}") for s in table.seats}
            badge = f" {STRONG_BADGE}" if strong else ""
            name = next(f"Bot {n}" for n in BOT_NAMES if f"Bot {n}" not in taken) + badge
            return [*table.seats, SeatRecord(len(table.seats), None, name, True, False)]
        return await self._change_seats(game_id, "bot", seat_bot)

    async def remove_bot(self, game_id: int, member: Member) -> Table:
        def unseat_bot(table: Table) -> list[SeatRecord]:
            if member.id != table.record.host_id:
                raise TableError("Only the host can remove a bot.")
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
            if member.id != table.record.host_id:
                raise TableError("Only the host can start the game.")
            dealt = self._deal(table, await self._seat_languages(table))
            try:
                caps = self._caps_on(table.record.guild_id)
                started = await self.store.start_game(
                    table.id, table.seats, **dealt, most_running=caps.running_hosted if caps else None)
            except Crowded as refused:
                raise too_crowded(refused) from None
            if started:
                self.moments.keep(table.id, 1, dealt["state"])  # version 1, for the dispatcher to draw
                break
        else:
            raise busy()
        if self.autoplay_bots:  # a strong bot to open thinks in the background: the start is answered
            await self.bots_reply(game_id)
        self._notify()
        return await self.table(game_id)

    async def _seat_languages(self, table: Table) -> list[str] | None:
        """Each seat's language, for a game that speaks several: the player's Discord client's
        as last seen, when the game speaks it; for bots and members never seen, the table's."""
        spoken: tuple[str, ...] = getattr(registry.game(table.record.game_type), "languages", ())
        if not spoken:
            return None
        known = await self.store.member_languages(s.user_id for s in table.seats if s.user_id is not None)
        chosen = [known.get(s.user_id) if s.user_id is not None else None for s in table.seats]
        return [language if language in spoken else table.language for language in chosen]

    def _deal(self, table: Table, seat_languages: list[str] | None = None) -> dict[str, Any]:
        """The first version of the game for the lobby's seats: state, clocks, notifications."""
        game = registry.game(table.record.game_type)
        game_id = table.id
        if len(table.seats) < game.min_players:
            raise TableError.counted(
                "{game} needs at least {least} players; {count} has joined.",
                "{game} needs at least {least} players; {count} have joined.",
                len(table.seats), game=game.name, least=game.min_players)
        options = table.record.options
        if seat_languages is not None:
            options = {**options, SEAT_LANGUAGES: seat_languages}
            table = Table(replace(table.record, options=options), table.seats)
        try:
            state = new_game(game, len(table.seats), options, table.record.seed)
        except EngineRefusal as error:
            raise TableError(error.message, **error.values) from None
        except IllegalMove as error:
            raise TableError.verbatim(str(error)) from None
        names = table.names()
        table_words = words(HOST, table.language)
        events = [Event(table_words.t("**{game}** begins: {players}.", game=game.name,
                                      players=", ".join(markdown_name(n) for n in names)))]
        if self.page_link is not None:  # posted once, with the deal: the page follows the game
            events.append(Event(table_words.t("🌐 The board, the whole story and a replay: {link}",
                                              link=f"<{self.page_link(game_id)}>")))
        # Members whose DMs were found closed when they joined would otherwise never learn
        # where their secrets are: point them at the panel (saying nothing of what is in it).
        closed = [seat.seat for seat in table.seats if not seat.is_bot and not seat.dm_ok]
        if closed:
            who = ", ".join(f"{{p{seat}}}" for seat in closed)
            events.append(Event(table_words.t(
                "{players}: I can't send you direct messages, so what only you may see is behind the "
                "**My hand & options** button (or `/game hand`).", players=who)))
        # The set-up's own announcements ("eyes open" for a hidden team), if the game has any.
        # What they tell single seats is in each seat's private summary below when the game
        # writes one, so those are not sent twice.
        opening = list(getattr(game, "opening_events", lambda _state: [])(state))
        summarised = hasattr(game, "private_summary")
        events += [e for e in opening if e.public or not summarised]
        for seat in table.seats:
            if seat.is_bot:
                continue
            seat_words = words(HOST, table.seat_language(seat.seat))
            summary = self.private_summary(table.record.game_type, state, seat.seat, names, seat_words)
            events.append(Event(seat_words.t("**{game}**, game #{number}. {summary}", game=game.name,
                                             number=game_id, summary=summary), to=(seat.seat,)))
        epochs = {seat.seat: 1 for seat in table.seats}  # version 1 is the dealt game
        now = self.clock()
        asked = {seat: now for seat in epochs}
        return {"state": state, "seat_epochs": epochs, "seat_asked": asked,
                "timers": timers.plan(game, table, state, epochs, asked, now),
                "outbox": self._notifications(table, state, events, 1, set(epochs)),
                "options": options if seat_languages is not None else None}

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
                                   outbox=[("thread", {"text": words(HOST, table.language).t(
                                       "Game abandoned by **{name}**.", name=markdown_name(member.name))})]
                                   if table.record.thread_id or not table.record.channel_id else [])
                break
            except StaleMove:
                continue  # the game started or moved meanwhile; abandoning still stands
        else:
            raise busy()
        self._notify()
        return await self.table(game_id)

    async def thread_deleted(self, thread_id: int) -> Table | None:
        """The game's thread was deleted: the game ends as abandoned (it counts for nobody in
        the statistics and ratings). Nothing goes to the outbox, as there is no thread to
        post in; the caller tells the host in the parent channel if it can. None when no
        lobby or running game lived in that thread."""
        for _ in range(LOBBY_TRIES):
            record = await self.store.game_in_thread(thread_id)
            if record is None or record.status not in ("lobby", "running"):
                return None
            table = await self.table(record.id)
            try:
                await self._commit(table, state=table.record.state, epochs=None, action=None,
                                   status="abandoned", outbox=[])
                break
            except StaleMove:
                continue  # a move was made meanwhile: the thread is gone all the same
        else:
            raise busy()
        self._notify()
        return await self.table(record.id)

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
        raise busy()

    async def _lobby(self, game_id: int, step: str, *, just_started: bool = False) -> Table:
        """The game, if it is still a lobby; else a sentence for where it is now.
        ``just_started``: the step found a lobby a moment ago (the start won the race)."""
        table = await self.table(game_id)
        status = table.record.status
        if status == "running":
            raise already_running(step, just_started)
        if status == "finished":
            raise TableError("This game is over; `/game new` opens another.")
        if status == "abandoned":
            raise TableError("This game was abandoned; `/game new` opens another.")
        return table

