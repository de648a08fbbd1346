"""Time in an asynchronous game: a game's own deadlines and each player's turn clock.

Time reaches the rules only as a logged move. A game lists its running countdowns
(``deadlines(state)``); the move pipeline writes each as a row of the ``timers``
table in the same transaction as the move that starts it, and the countdown loop
(``bot/delivery/countdowns.py``), when a row is due, plays the deadline's action for
``SYSTEM_SEAT`` through the same pipeline, which deletes the row in that move's
transaction. So a deadline fires
exactly once, across any restart, and replaying the log needs no clock.

The turn clock is a host option (``clock``, hours per decision): on by default for a new
game, at ``DEFAULT_CLOCK_HOURS`` (three days, as turn-based tables elsewhere count in days,
never "for ever"), and off with ``clock=0``. A game keeps what it was created with.
A human seat's decision gets a countdown when it is put to them; a quarter of the
way before the end they are pinged once with what is waiting; at the end the game takes
its default for that decision (``default_move``: a pass, a decline, what the rules let a
player do by doing nothing), or, where it has none, its bot makes that one move for them.
Three run-outs in a row hand the seat to a bot, and ``/game rejoin`` takes it back.
"""
from __future__ import annotations

import logging
from typing import Any

from bot.engine import Game, Option, deadlines, offered, offers
from bot.engine.language import ENGLISH, Words
from bot.table.model import TAKE_BACKS, Table
from bot.table.notices import name_seats

log = logging.getLogger(__name__)

#: A new game's turn clock unless the host says otherwise (``clock=0``: none).
DEFAULT_CLOCK_HOURS = 72
#: Options the host adds to every game's lobby, beside the game's own (the turn clock, and
#: whether players may take a move back).
CLOCK = Option("clock", "Hours a player has for each decision before the game moves for them (0: no clock)",
               DEFAULT_CLOCK_HOURS, (0, 12, 24, 48, 72))
HOST_OPTIONS = (CLOCK, TAKE_BACKS)

#: The turn clock warns once, when this share of it is left ("6 hours left" of 24).
WARN_AT_SHARE_LEFT = 0.25
#: Run-outs in a row after which a bot takes the seat over.
TIMEOUTS_TO_HAND_OVER = 3

#: A game whose seats are all bots (its last player left) makes one move per this many seconds,
#: each through a countdown like a turn's, rather than playing to its end inside the command
#: that left it: a post a minute in its own thread, and a player who rejoins finds it going on.
BOT_PACE_SECONDS = 60.0
#: The key of that countdown; one per game, started afresh by each bot move it makes.
BOTS_KEY = "bots"
#: A game only bots have played this long ends as abandoned, counting for nobody (issue 35).
#: An hour lets a member who left by mistake, or the last to leave, ``/game rejoin`` and find
#: the game going on; after it, nobody is there to read a board a minute, a result would credit
#: (and rate) members who left for what bots did, and strong bots would think for no reader.
BOTS_ALONE_SECONDS = 3600.0
#: The key of that countdown: started by the first move of a game only bots play, it keeps its
#: time while they play on (the store keeps a running key's time), and goes with the next move
#: once a member is back.
ALONE_KEY = "alone"

#: A game waiting on a bot seat (one that is not paced) has a countdown too, keyed by the
#: state's move number, so every move starts it afresh: once it runs out, whichever process
#: holds the game's shard asks the bots again (``Tables.run_out``). The process that was to move
#: them may have stopped: a click reaches any process, and a strong bot thinks in the process
#: that took the click. Many times a strong decision's second, so it fires only for a game
#: nobody is moving.
BOT_WAIT = "bot:"
BOT_WAIT_SECONDS = 30.0

DEADLINE = "deadline:"
CLOCK_KEY = "clock:"
#: A ping held back by a member's quiet hours (``/game notify``), released when they end.
QUIET_KEY = "quiet:"


def clock_seconds(settings: dict[str, Any]) -> float:
    return float(settings.get(CLOCK.name) or 0) * 3600


def clock_key(seat: int, epoch: int) -> str:
    return f"{CLOCK_KEY}{seat}:{epoch}"


def bot_wait_key(state: dict[str, Any]) -> str:
    """The countdown of a game waiting on a bot in ``state`` (``BOT_WAIT``)."""
    return f"{BOT_WAIT}{state.get('_move', 0)}"


def plan(game: Game, table: Table, state: dict[str, Any], epochs: dict[int, int],
         asked: dict[int, float], now: float) -> list[tuple[str, float, float | None]]:
    """Every countdown the game has in ``state``: (key, due, warn at).

    Keys already running keep the time they were given (the store does not
    overwrite them), so ``now`` only dates the new ones.
    """
    planned: list[tuple[str, float, float | None]] = [
        (DEADLINE + d.key, now + d.seconds, None) for d in deadlines(game, state)]
    if game.result(state) is None and bots_only(table):
        planned += [(BOTS_KEY, now + BOT_PACE_SECONDS, None), (ALONE_KEY, now + BOTS_ALONE_SECONDS, None)]
    elif game.result(state) is None and any(table.seats[seat].is_bot for seat in game.pending(state)):
        planned.append((bot_wait_key(state), now + BOT_WAIT_SECONDS, None))
    seconds = clock_seconds(table.record.settings)
    if seconds and game.result(state) is None:
        for seat in sorted(game.pending(state)):
            if table.seats[seat].is_bot or not game.legal(state, seat):
                continue
            due = asked.get(seat, now) + seconds
            planned.append((clock_key(seat, epochs.get(seat, 0)), due, due - seconds * WARN_AT_SHARE_LEFT))
    return planned


def bots_only(table: Table) -> bool:
    """Whether no member plays at the table any more: its bots are paced (``BOTS_KEY``), for
    ``BOTS_ALONE_SECONDS`` at most (``ALONE_KEY``)."""
    return all(seat.is_bot for seat in table.seats)


def left_to_bots(words: Words = ENGLISH) -> str:
    """The thread's line when the last member's seat goes to a bot."""
    return words.t("Every seat is played by a bot now. The game goes on by itself for {time}; unless a player "
                   "takes their seat back with `/game rejoin` by then, it ends as abandoned and counts for nobody.",
                   time=hours_left(BOTS_ALONE_SECONDS, words))


def wound_down(words: Words = ENGLISH) -> str:
    """The thread's line when a game only bots played ends (``ALONE_KEY``)."""
    return words.t("🤖 Only bots have played this game for {time}, with no player left to watch, so it ends here "
                   "as abandoned; it counts for nobody.", time=hours_left(BOTS_ALONE_SECONDS, words))


def default_move(game: Game, state: dict[str, Any], seat: int) -> str | None:
    """What the game takes for ``seat`` when its clock runs out on the decision now put to
    it (the game's optional ``run_out``): an action its ``legal()`` offers the seat, or None,
    when the game's bot is to move instead (the game has no default there, names one it
    does not offer, or fails to name one: the last two are logged, and a clock never stalls)."""
    run_out = getattr(game, "run_out", None)
    if run_out is None:
        return None
    try:
        action = run_out(state, seat)
    except Exception:  # a fault in the rules' default must not stop the clock
        log.exception("%s: run_out failed for seat %s; its bot moves instead", game.id, seat)
        return None
    if action is None:
        return None
    if not isinstance(action, str) or offered(game.legal(state, seat), action) is None:
        log.warning("%s: run_out gave seat %s %r, which is not a move it offers now; its bot "
                    "moves instead", game.id, seat, action)
        return None
    return action


def quiet_key(seat: int, version: int) -> str:
    return f"{QUIET_KEY}{seat}:{version}"


def hours_left(seconds: float, words: Words = ENGLISH) -> str:
    """"6 hours", "1 minute": what is left on a clock, for "… left on their clock"."""
    hours = round(seconds / 3600)
    if hours >= 1:
        # Translators: how much time is left on a player's turn clock ("6 hours left").
        return words.tn("{count} hour", "{count} hours", hours)
    # Translators: how much time is left on a player's turn clock ("5 minutes left").
    return words.tn("{count} minute", "{count} minutes", max(1, round(seconds / 60)))


# -- what /game status and the game's page say of the clocks ---------------------------------

def waiting_lines(game: Game, table: Table, countdowns: dict[str, tuple[float, float | None]],
                  said: Words) -> list[str]:
    """Whom the game waits on, since when and when a bot moves for them, and what closes by
    itself, in the thread's Markdown (``/game status`` and the game's page; Discord and the
    page show the times in each reader's own zone, counting)."""
    if table.record.status != "running":
        return []
    names = table.names()
    lines = []
    for seat in sorted(game.pending(table.state)):
        who = name_seats(f"{{p{seat}}}", names)
        since = table.record.seat_asked.get(seat)
        clock = next((due for key, (due, _) in countdowns.items() if key.startswith(f"{CLOCK_KEY}{seat}:")), None)
        lines.append(_waiting_line(said, who, f"<t:{int(since)}:R>" if since else None,
                                   f"<t:{int(clock)}:R>" if clock else None))
    for deadline in deadlines(game, table.state):
        due = countdowns.get(DEADLINE + deadline.key)
        if due and deadline.what:
            what = offers.expires(said) if deadline.what == offers.expires() else deadline.what
            lines.append(f"{what[:1].upper()}{what[1:]} <t:{int(due[0])}:R>.")
    return lines


def _waiting_line(said: Words, who: str, since: str | None, clock: str | None) -> str:
    """"Waiting on Ann since 3 hours ago; a bot moves for them in 9 hours." (as far as known)."""
    if since and clock:
        return said.t("Waiting on {seat} since {since}; a bot moves for them {clock}.",
                      seat=who, since=since, clock=clock)
    if since:
        return said.t("Waiting on {seat} since {since}.", seat=who, since=since)
    if clock:
        return said.t("Waiting on {seat}; a bot moves for them {clock}.", seat=who, clock=clock)
    return said.t("Waiting on {seat}.", seat=who)
