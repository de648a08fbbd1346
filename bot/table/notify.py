"""How each member wants to hear that a game waits on them: a ping in the thread, a DM,
or both; and quiet hours in their own time zone, during which pings are held until the
hours end (the post still goes out, naming them without a mention). Opted in (``next_up``),
they also hear, the same way, when the player after the one to move now is them.

Pure: the settings are plain data kept per member (``/game notify``), and the question
"may I ping them now, and if not, when?" is answered here from a clock reading.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.engine.language import ENGLISH, Words

THREAD, DM, BOTH = "thread", "dm", "both"
_HOURS = re.compile(r"([01]?[0-9]|2[0-3])(?::([0-5][0-9]))?", re.ASCII)


@dataclass(frozen=True)
class NotifySettings:
    where: str = THREAD  # thread | dm | both
    quiet_from: int | None = None  # minutes after midnight, in ``zone``
    quiet_to: int | None = None
    zone: str = "UTC"
    next_up: bool = False  # "you're next": told when the player after the current one is them

    @property
    def ping_in_thread(self) -> bool:
        return self.where in (THREAD, BOTH)

    @property
    def dm_on_turn(self) -> bool:
        return self.where in (DM, BOTH)

    def quiet_until(self, now: float) -> float | None:
        """When the quiet hours around ``now`` end (unix time), or None if it is not quiet."""
        if self.quiet_from is None or self.quiet_to is None or self.quiet_from == self.quiet_to:
            return None
        local = datetime.fromtimestamp(now, ZoneInfo(self.zone))
        minute = local.hour * 60 + local.minute
        start, end = self.quiet_from, self.quiet_to
        quiet = start <= minute < end if start < end else (minute >= start or minute < end)
        if not quiet:
            return None
        ends = local.replace(hour=end // 60, minute=end % 60, second=0, microsecond=0)
        if ends <= local:
            ends += timedelta(days=1)
        # Wall-clock arithmetic across a DST change: normalise through UTC.
        return ends.astimezone(UTC).timestamp()

    def describe(self, words: Words = ENGLISH) -> str:
        where = {THREAD: words.t("a ping in the game's thread"), DM: words.t("a DM"),
                 BOTH: words.t("a ping in the thread and a DM")}[self.where]
        text = words.t("When a game waits on you: {where}.", where=where)
        if self.next_up:
            text += " " + words.t("You also hear when you are next, the same way.")
        if self.quiet_from is not None and self.quiet_to is not None:
            text += " " + words.t("Quiet hours {start}–{end} ({zone}): pings wait until they end.",
                                  start=_clock(self.quiet_from), end=_clock(self.quiet_to), zone=self.zone)
        return text


#: ``next_up``'s ``hint`` when the game has no ``next_seat``: guess by seat order.
UNKNOWN = object()


def next_up(waiting: list[int], movers: set[int | None], seats: int,
            hint: object = UNKNOWN) -> int | None:
    """The seat to tell "you're next" as a post puts the turn to ``waiting``, when one seat
    moves now and the turn has just passed to it (none of ``movers``, the seats whose moves
    the post shows, is it): so once a turn. The seat is the game's ``hint`` (its
    ``next_seat``: None tells nobody), or for a game without one the seat after the one to
    move, in seat order. None when several decide at once, or at a table of two (the next
    is the one who moved)."""
    if len(waiting) != 1 or waiting[0] in movers or seats < 3:
        return None
    if hint is UNKNOWN:
        return (waiting[0] + 1) % seats
    return hint if isinstance(hint, int) and hint != waiting[0] else None


def parse_quiet_hours(text: str, words: Words = ENGLISH) -> tuple[int, int] | None:
    """"23:00-07:30" or "23-7" → minutes after midnight; "off" → None. Else ValueError
    with a sentence in ``words``' language."""
    cleaned = text.strip().lower().replace("–", "-").replace(" ", "")
    if cleaned in {"off", "none", "no", ""}:
        return None
    start, sep, end = cleaned.partition("-")
    first, second = _HOURS.fullmatch(start), _HOURS.fullmatch(end)
    if not sep or not first or not second:
        raise ValueError(words.t("Write quiet hours as from-to in 24-hour time, like `23:00-07:30`, or `off`."))
    minutes = [int(m[1]) * 60 + int(m[2] or 0) for m in (first, second)]
    if minutes[0] == minutes[1]:
        raise ValueError(words.t("Quiet hours must start and end at different times."))
    return minutes[0], minutes[1]


def check_zone(name: str, words: Words = ENGLISH) -> str:
    """An IANA time zone name as Python knows it, or ValueError with a sentence."""
    name = name.strip()
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(words.t("I don't know the time zone “{zone}”; pick one from the list, "
                                 "like `Europe/Warsaw` or `America/Los_Angeles`.", zone=name[:40])) from None
    return name


def zones() -> list[str]:
    return sorted(available_timezones())


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
