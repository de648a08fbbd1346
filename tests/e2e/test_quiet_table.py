"""A quiet, exact table: what a whole game costs the Discord server it is played on.

Every message body the simulated Discord applies is recorded with what the bot's file said at
that moment, so a scenario can count posts, board images, pings and edits, and tell a ping to
the member who has just moved from one to a member the game now waits on. At the end, the final
version of every message of the game (thread and DMs) is checked for controls still live.
Hollywood Boulevard and Hollywood 1947 are played by their own scenarios' drivers with the
recorder on; there a "turn" is a decision (``decisions_by_version``), as seats decide at once.
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.games import registry
from tests.discord_sim import DiscordSim, SimMember
from tests.discord_sim.model import SimChannel, SimMessage, text_of, walk_components

from . import test_hollywood_1947 as h1947
from . import test_hollywood_boulevard as hb
from .driver import GAME_OVER, Table, open_table
from .h1947_play import Players as Players1947
from .observer import Database
from .test_full_game import SHORT_GAME

pytest_plugins = ["tests.discord_sim.plugin"]

MENTION = re.compile(r"<@!?(\d+)>")


@dataclass
class Applied:
    """One create or edit of a bot message, and who had moved since the thread's last post."""

    message: SimMessage
    body: dict
    editing: bool
    files: list[str]
    movers: set[int]  # members whose moves were made since the previous post in that channel
    pinged: set[int]
    version: int = 0  # the game's newest move when a post was made (0 for an edit)


@dataclass
class Recorder:
    db_path: Path
    applied: list[Applied] = field(default_factory=list)
    _seen_move: dict[int, int] = field(default_factory=dict)  # channel id → last move when it posted

    def _moves_since(self, channel_id: int) -> tuple[set[int], int]:
        if not self.db_path.exists():
            return set(), 0
        db = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True)
        try:
            rows = db.execute("SELECT move, user_id FROM actions ORDER BY move").fetchall()
        except sqlite3.OperationalError:  # not created yet
            rows = []
        finally:
            db.close()
        since = self._seen_move.get(channel_id, 0)
        last = rows[-1][0] if rows else 0
        return {uid for move, uid in rows if move > since and uid is not None}, last

    def record(self, message: SimMessage, body: dict, new_files, editing: bool) -> None:
        if not message.from_bot:
            return
        movers, last = (set(), 0) if editing else self._moves_since(message.channel.id)
        pinged: set[int] = set()
        if not editing:
            allowed = body.get("allowed_mentions") or {"parse": []}
            mentioned = {int(uid) for uid in MENTION.findall(text_of(body))}
            users = {int(u) for u in allowed.get("users") or []}
            pinged = mentioned if "users" in (allowed.get("parse") or []) else mentioned & users
            self._seen_move[message.channel.id] = last
        self.applied.append(Applied(message, body, editing, [f.filename for f in new_files], movers,
                                    pinged, last))

    # --- figures for one channel (a game's thread) ------------------------------------------
    def figures(self, thread: SimChannel, members: list[SimMember]) -> dict[str, int]:
        in_thread = [a for a in self.applied if a.message.channel is thread and not a.message.ephemeral]
        dms = [a for a in self.applied if a.message.channel.is_dm and a.message.channel.recipient in members]
        lobby = thread.bot_messages[0]
        posts = [a for a in in_thread if not a.editing and a.message is not lobby]
        return {
            "posts": len(posts),
            "board_images": sum(f.startswith("board-") for a in in_thread for f in a.files),
            "images": sum(len(a.files) for a in in_thread),
            "pings": sum(len(a.pinged) for a in posts),
            "pings_to_who_just_moved": sum(len(a.pinged & a.movers) for a in posts),
            "thread_edits": sum(a.editing for a in in_thread),
            "dms": sum(not a.editing for a in dms),
            "dm_edits": sum(a.editing for a in dms),
        }


@pytest.fixture
def recorder(monkeypatch, db_path) -> Recorder:
    recorder = Recorder(db_path)
    apply = SimMessage.apply

    def recording(message: SimMessage, body: dict, new_files, *, editing: bool) -> None:
        apply(message, body, new_files, editing=editing)
        recorder.record(message, body, new_files, editing)

    monkeypatch.setattr(SimMessage, "apply", recording)
    return recorder


def live_controls(message: SimMessage) -> list[str]:
    """The clickable controls the message's final version still offers."""
    return [c.get("custom_id", "") for c in walk_components(message.components)
            if c.get("type") in (2, 3) and not c.get("disabled")]


def games_messages(sim: DiscordSim, thread: SimChannel, members: list[SimMember]) -> list[SimMessage]:
    """The game's thread posts and the DMs its members got (ephemerals are not kept by Discord)."""
    return [m for m in sim.all_messages() if m.from_bot and not m.ephemeral and not m.deleted
            and (m.channel is thread or (m.channel.is_dm and m.channel.recipient in members))]


def turns_by_version(db: Database) -> dict[int, int]:
    """Version → the number of the turn it belongs to (a turn: while the game waits on the
    same seats), from the bot's own action log."""
    turn, waiting, numbered = 0, None, {}
    for version, state in sorted(db.states().items()):
        now = db.rules.pending(state)
        if now != waiting:
            turn, waiting = turn + 1, now
        numbered[version] = turn
    return numbered


async def test_a_whole_game_posts_once_a_turn_pings_only_whom_it_waits_on_and_leaves_no_live_button(
    discord_sim, marquee, db_path, alice, bob, carol, recorder, report_figures
):
    members = [alice, bob, carol]
    async with marquee(seed=SHORT_GAME):
        thread, _lobby = await open_table(discord_sim, alice, members)
        table = Table(discord_sim, thread, members)
        result = await table.play_to_end()
        await discord_sim.settle()
    assert GAME_OVER in result.text
    db = Database(db_path, registry.game("advance-to-boardwalk"))
    assert db.game()[2] == "finished"

    # At most one board image a turn: the turn's post is edited while its player goes on.
    turn_of = turns_by_version(db)
    boards = [int(name[6:-4]) for a in recorder.applied if a.message.channel is thread
              for name in a.files if name.startswith("board-")]
    per_turn = Counter(turn_of[version] for version in boards)
    assert per_turn and max(per_turn.values()) == 1, per_turn

    # Each post pings exactly the members the game now waits on who did not just move.
    states, humans = db.states(), db.humans()
    for applied in recorder.applied:
        drawn = [int(name[6:-4]) for name in applied.files if name.startswith("board-")]
        if applied.message.channel is not thread or applied.editing or not drawn:
            continue
        waiting = {humans[seat] for seat in db.rules.pending(states[drawn[0]])}
        assert applied.pinged == waiting - applied.movers, text_of(applied.body)
    figures = recorder.figures(thread, members)
    assert figures["pings_to_who_just_moved"] == 0
    assert figures["thread_edits"] > figures["posts"]  # most clicks edit the turn's post

    # Nothing left to click: the final version of every message of the game, thread and DMs.
    live = {repr(m): live_controls(m) for m in games_messages(discord_sim, thread, members) if live_controls(m)}
    assert not live, live
    for name, value in figures.items():
        report_figures(name, value)
    report_figures("requests", {route: n for route, n in sorted(discord_sim.stats.requests.items())
                                if route.startswith(("POST", "PATCH"))})
    report_figures("clicks", table.clicks)


# --- the two titles with simultaneous decisions ----------------------------------------------
BOARD = re.compile(r"^board-(\d+)\.png$")


def decisions_by_version(db: Database) -> dict[int, int]:
    """Version → the number of the decision it belongs to. With several seats deciding at once
    a turn is the decision: a new one is put at the version where the game comes to wait on a
    seat it did not wait on at the version before, or moves to another phase or round; answers
    that only shrink the set of those deciding continue it. The end is a decision of its own."""
    number, before, numbered = 0, None, {}
    for version, state in sorted(db.states().items()):
        now = db.rules.pending(state)
        key = (state.get("phase"), state.get("round"))
        if before is None or not now or not now <= before[0] or key != before[1]:
            number += 1
        before = (now, key)
        numbered[version] = number
    return numbered


def check_quiet_table(sim: DiscordSim, recorder: Recorder, db: Database, thread: SimChannel,
                      members: list[SimMember], report_figures) -> dict[str, int]:
    """At most one board image a decision, no ping to a member who has just moved nor to one
    the game does not wait on, and nothing left to click once the game is over."""
    assert db.game()[2] == "finished"
    states, humans, decision_of = db.states(), db.humans(), decisions_by_version(db)
    in_thread = [a for a in recorder.applied if a.message.channel is thread]
    boards = [int(m.group(1)) for a in in_thread for name in a.files if (m := BOARD.match(name))]
    per_decision = Counter(decision_of[version] for version in boards)
    assert per_decision and max(per_decision.values()) == 1, \
        {d: n for d, n in per_decision.items() if n > 1}

    # Each post pings none who just moved and none the game does not wait on, and every member
    # it newly waits on (not waited on at the thread's previous post) who did not just move.
    lobby, before = thread.bot_messages[0], set()
    for applied in in_thread:
        if applied.editing or applied.message is lobby or applied.message.ephemeral:
            continue
        drawn = [int(m.group(1)) for name in applied.files if (m := BOARD.match(name))]
        version = drawn[0] if drawn else applied.version
        waiting = {humans[seat] for seat in db.rules.pending(states[max(version, 1)]) if seat in humans}
        said = text_of(applied.body)
        assert not applied.pinged & applied.movers, said
        assert applied.pinged <= waiting, said
        assert waiting - before - applied.movers <= applied.pinged, said
        before = waiting

    live = {repr(m): live_controls(m) for m in games_messages(sim, thread, members) if live_controls(m)}
    assert not live, live
    figures = recorder.figures(thread, members)
    figures["decisions"] = max(decision_of.values())
    for name, value in figures.items():
        report_figures(name, value)
    return figures


async def test_hollywood_boulevard_posts_a_board_once_a_decision_and_leaves_no_live_control(
    discord_sim, marquee, db_path, alice, bob, recorder, report_figures
):
    async with marquee(seed=hb.SEED):
        thread = await hb.open_table(discord_sim, alice, bob)
        db = Database(db_path, hb.GAME)
        players = hb.Players(discord_sim, thread, db, [alice, bob], by_dm=alice)
        result = await players.play(hook=hb.change_bids_while_bob_bids)  # a decision reopened
        await discord_sim.settle()
    assert GAME_OVER in result.text
    check_quiet_table(discord_sim, recorder, db, thread, [alice, bob], report_figures)
    report_figures("clicks", players.clicks)


async def test_hollywood_1947_posts_a_board_once_a_decision_and_leaves_no_live_control(
    discord_sim, marquee, db_path, alice, bob, carol, recorder, report_figures
):
    members = [alice, bob, carol]
    async with marquee(seed=h1947.SEED):
        thread = await h1947.open_table(discord_sim, alice, [bob, carol], bots=2)
        db = Database(db_path, h1947.GAME)
        players = Players1947(discord_sim, thread, db, members, by_dm={"Alice", "Carol"})
        result = await players.play()
        await discord_sim.settle()
    assert GAME_OVER in result.text
    check_quiet_table(discord_sim, recorder, db, thread, members, report_figures)
    report_figures("clicks", players.clicks)
