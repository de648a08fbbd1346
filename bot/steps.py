"""The named steps of a click and of a bot's move: where a crash may come, so where a test
stops the process to prove none loses a move or a word (tests/e2e/test_kill_at_every_step.py).

Each name marks the moment just after an await of the path it names, in the order a click
goes through them: received, then (a quick move) decided, committed, answered, or (a move
outlasting Discord's patience) slow, recorded, deferred, noted, decided, committed,
forgotten; then, for a click in a DM or the private panel, refreshed; then the outbox's
sending and delivered. A bot's move: thinking, thought, decided, committed, then the
outbox's. ``reached`` is called there; it does nothing unless a test listens.
"""
from __future__ import annotations

from collections.abc import Callable

#: A component click or form submit reached its handler (cogs/clicks.py).
CLICK_RECEIVED = "click received"
#: Its move outlasted ``FAST_ANSWER_SECONDS``: it is to be recorded, then answered.
CLICK_SLOW = "click slow"
#: The click is recorded (the click journal, bot/store/clicks.py), not yet answered.
CLICK_RECORDED = "click recorded"
#: Discord has the answer (deferred) of a recorded click; it is not yet noted so.
CLICK_DEFERRED = "click deferred"
#: The recorded click is noted answered; its move is still under way.
CLICK_NOTED = "click noted"
#: The move of a recorded click is committed (or refused) and the record forgotten.
CLICK_FORGOTTEN = "click forgotten"
#: A quick move's click answered, its move committed before.
CLICK_ANSWERED = "click answered"
#: A move (or take-back) decided, its commit not yet made (bot/table/service.py).
MOVE_DECIDED = "move decided"
#: The move's transaction committed: state, log line and outbox items.
MOVE_COMMITTED = "move committed"
#: A click in a DM or the panel: that message now shows the player's next choices.
PANEL_REFRESHED = "panel refreshed"
#: The dispatcher has read a game's items and is about to send them (bot/delivery/dispatcher.py).
POST_SENDING = "post sending"
#: Discord has the post (or DM); it is not yet marked sent.
POST_DELIVERED = "post delivered"
#: A strong bot's thinking is about to start (bot/table/service.py).
BOT_THINKING = "bot thinking"
#: The bot has its move; the move is decided and committed next.
BOT_THOUGHT = "bot thought"

#: Every step, in the order a slow click, then a bot's move, reaches them.
STEPS = (CLICK_RECEIVED, CLICK_SLOW, CLICK_RECORDED, CLICK_DEFERRED, CLICK_NOTED, CLICK_ANSWERED,
         MOVE_DECIDED, MOVE_COMMITTED, CLICK_FORGOTTEN, PANEL_REFRESHED, POST_SENDING, POST_DELIVERED,
         BOT_THINKING, BOT_THOUGHT)

Listener = Callable[[str], None]
_listener: Listener | None = None


def reached(step: str) -> None:
    """The process is at ``step``. A listener may raise, or stop the process right there."""
    if _listener is not None:
        _listener(step)


def listen(listener: Listener | None) -> None:
    """Have ``listener`` told of every step reached from now on (None: nobody)."""
    global _listener
    _listener = listener
