"""What a run of a game's thread items does to its thread (pure): edit the newest post or
make a new one, with which lines, count and pings (``plan_post``). The dispatcher
(``bot/delivery/dispatcher.py``) delivers what this decides.

The thread gets one post per decision, not per click: while a move only continues the
decision the newest post shows (the same seat building unit by unit, or one more answer to
a simultaneous decision), that post is edited and pings nobody; a new post pings only the
members it newly asks who did not just move.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from typing import Any

from bot.store.base import OutboxItem, PostRecord


@dataclass(frozen=True)
class Run:
    """The decision a thread post shows, which later moves may continue by editing it."""

    seats: frozenset[int]  # whom it was put to: one seat's turn, or several deciding at once
    body: str = ""         # the event lines the post shows
    shown: str = ""        # a digest of the rest (status, prompts, controls, count)
    handed: int | None = None  # the member whose move put it to bots alone (``to_bots``)

    @classmethod
    def of(cls, post: PostRecord | None) -> Run | None:
        if post is None or post.parts != 1 or not post.run.get("seats"):
            return None
        return cls(frozenset(post.run["seats"]), post.run.get("body", ""), post.run.get("shown", ""),
                   post.run.get("handed"))

    def json(self) -> dict[str, Any]:
        if not self.seats:
            return {}
        handed = {"handed": self.handed} if self.handed is not None else {}
        return {"seats": sorted(self.seats), "body": self.body, "shown": self.shown, **handed}

    def answered_by(self, payload: dict[str, Any], seat: int | None) -> bool:
        """Whether a move only continues this decision: one of its seats moved, no new
        decision was put to anyone else, no picture but the board came of it, and the game
        still waits on some of the same seats (the same one going on, or those yet to answer)."""
        if seat not in self.seats or not self._moved(payload):
            return False
        if set(payload["asked"]) - {seat}:
            return False
        waiting = {turn["seat"] for turn in payload.get("turn", [])}
        if not waiting or not waiting <= self.seats:
            return False
        # Among several deciding, a move that leaves its maker deciding (a sealed bid's next
        # unit) continues the decision only if it tells the table nothing: one that does may
        # have settled it and put its maker the next ("Bids: …" and then their turn).
        return len(self.seats) == 1 or seat not in waiting or not payload.get("text")

    def to_bots(self, payload: dict[str, Any], seat: int | None, user: int | None) -> bool:
        """Whether a member's move in this decision puts the game to bots alone, or a bot's
        move after it keeps it with them. The post is edited to show those moves (the thread
        sees the member's at once, while strong bots think for seconds), and the move that
        asks a member again makes the next post: one post a round, as when bots answer at
        once, whose ping spares the member who handed the game to the bots."""
        turns = payload.get("turn", [])
        if not turns or not all(turn.get("is_bot") for turn in turns):
            return False
        if user is None:  # a bot's move: only in a stretch a member's move began
            return self.handed is not None and self._moved(payload)
        # (Among several deciding, an answer is said by the count.)
        return self.seats == {seat} and self._moved(payload)

    @staticmethod
    def _moved(payload: dict[str, Any]) -> bool:
        """A move that ended nothing and drew no picture but the board."""
        return ("asked" in payload and not payload.get("result")
                and all(name == "board" for name in payload.get("event_images", [])))


@dataclass(frozen=True)
class PostPlan:
    """What a run of thread items does to the thread."""

    latest: PostRecord | None  # the game's newest thread post
    edit: PostRecord | None    # that post, when the items only continue its decision
    run: Run                   # the decision the thread shows afterwards
    body: str                  # all the event lines the message shows
    added: str                 # the lines these items add
    pings: list[int]
    decided: tuple[int, int] | None
    # Per seat, the last thing these moves did to its DMs: "asked" (a new decision was put
    # to it, so DMs drawn before that version are stale) or "redrawn" (it moved by clicking
    # a private message, which the click refreshed to that version).
    moments: dict[int, tuple[str, int]]

    def as_new_post(self) -> PostPlan:
        """The post could not be edited (deleted, or full): the decision goes on in a new one,
        which repeats the turn's lines if they fit comfortably, else starts from these."""
        body = self.body if len(self.body) <= LINES_CARRIED_OVER else self.added
        return replace(self, edit=None, body=body, run=replace(self.run, body=body))


#: How much of a turn's text a new post repeats when the old one cannot be edited; the rest
#: of a 2,000-character message is left for the status and prompts.
LINES_CARRIED_OVER = 1500


def plan_post(items: list[OutboxItem], movers: dict[int, tuple[int, int | None]],
              latest: PostRecord | None) -> PostPlan:
    """Edit the newest post or make a new one, with which text and pings (pure).

    ``movers``: move -> (seat, user id) for the items that are moves. A move continues the
    newest post's decision (``Run.answered_by``) or starts a new one; only when every item
    continues it is the post edited. A one-seat turn grows by each move's lines; in a
    decision put to several seats, the lines of answers made in private ("… has finished
    advertising") are collapsed into one count of those who have decided, while answers
    made in the open (bids in an open auction) are shown as they come.

    A new post pings the members it waits on whom one of these items newly asked (or, for
    a reminder, a warning or a seat changing hands, that it names), unless they made one of
    these moves themselves; an edit pings nobody. A take-back edits the newest post, whatever
    decision it showed."""
    start = Run.of(latest)
    run = start
    continued = start is not None
    kept: list[str] = []
    asked_by_others: set[int] = set()
    # The bots' replies to a member's move, posted after it, do not ping that member.
    actors: set[int] = {start.handed} if start is not None and start.handed is not None else set()
    moments: dict[int, tuple[str, int]] = {}
    for item in items:
        payload = item.payload
        seat, user = None, None
        if "asked" in payload:
            version = payload["version"]
            seat, user = movers.get(version, (None, None))
            asked = set(payload["asked"])
            # A member is not asked by their own move; a seat whose clock ran out (the game's
            # default or a bot moved for it, user None) is, if the game still waits on it.
            asked_by_others |= asked - {seat} if user is not None else asked
            if user is not None:
                actors.add(user)
                # A member's move leaves them out only when answered in place.
                if seat is not None and seat not in asked:
                    moments[seat] = ("redrawn", version)
            moments.update({s: ("asked", version) for s in asked})
        else:
            asked_by_others |= {turn["seat"] for turn in payload.get("turn", [])}
        text = payload.get("text", "")
        if payload.get("take_back") and run is not None:
            # A take-back edits the post its move left, back to the decision before it
            # (bot/table/take_back.py): never a new post, nor a ping.
            run = Run(frozenset(turn["seat"] for turn in payload.get("turn", [])))
        elif run is not None and run.answered_by(payload, seat):
            if len(run.seats) > 1 and not payload.get("open"):
                text = ""  # a private answer is said by the count instead
        elif run is not None and run.to_bots(payload, seat, user):
            run = replace(run, handed=user if user is not None else run.handed)
        else:
            continued = False
            run = Run(frozenset(turn["seat"] for turn in payload.get("turn", [])))
        if text:
            kept.append(text)
    last = items[-1].payload
    waiting = {turn["seat"] for turn in last.get("turn", [])}
    decided = None
    if run is not None and len(run.seats) > 1 and run.seats - waiting:
        decided = (len(run.seats - waiting), len(run.seats))
    added = "\n".join(kept)
    body = "\n".join(part for part in (start.body if continued and start else "", added) if part)
    assert run is not None  # each item continued a run or began one
    run = replace(run, body=body, shown=_shown(last, decided))
    pings = [] if continued else [
        turn["user_id"] for turn in last.get("turn", [])
        if turn.get("user_id") and not turn.get("is_bot")
        and turn["seat"] in asked_by_others and turn["user_id"] not in actors]
    return PostPlan(latest, latest if continued else None, run, body, added, pings, decided, moments)


def _shown(payload: dict[str, Any], decided: tuple[int, int] | None) -> str:
    """A digest of what a post shows besides its event lines, so an edit that would change
    nothing is not made. A lone player's public choices are drawn as controls carrying the
    version; a panel button, shown otherwise, carries none."""
    turn = payload.get("turn", [])
    humans = [seat for seat in turn if not seat.get("is_bot")]
    choices = humans[0]["choices"] if len(humans) == 1 else []
    what = [payload.get("status"), payload.get("result"), decided,
            [[seat["seat"], seat.get("user_id"), seat["prompt"]] for seat in turn],
            [[c["action"], c["label"]] for c in choices], payload.get("version") if choices else None]
    return hashlib.blake2s(json.dumps(what).encode(), digest_size=8).hexdigest()
