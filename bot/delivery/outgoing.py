"""What the dispatcher hands a transport (Discord, or the offline demo's files): a message
rendered, where a transport put it, and how a transport says a send failed."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.store.base import SeatRecord
from bot.table.model import Table


class Undeliverable(Exception):
    """Raised by a transport when the destination refuses this message for good
    (Discord's 400, 403 or 404: a malformed message, no permission, a deleted thread)."""


class Gone(Undeliverable):
    """Raised by a transport when the game's thread no longer exists (Discord's 404, Unknown
    Channel): the game ends as abandoned, and what it had to say there is dropped."""


class Blocked(Undeliverable):
    """Raised by a transport when the game's thread refuses the bot: locked, or a permission
    lost there (Discord's 403). The game's posts are held until it is resumed (``/game resume``)."""


class Unavailable(Exception):
    """Raised by a transport when the destination cannot be reached now (a 5xx, a rate
    limit it would not wait out, a network error): worth retrying for hours."""


#: What "try again later" looks like; anything else from the transport is a bug or a refusal.
TRANSIENT = (Unavailable, OSError)  # OSError: ConnectionError, TimeoutError


@dataclass
class Outgoing:
    """One message to deliver, already rendered."""

    game_id: int
    game_type: str
    version: int
    text: str
    images: list[tuple[str, bytes]] = field(default_factory=list)  # (filename, PNG)
    turn: list[dict[str, Any]] = field(default_factory=list)        # pending seats and their public choices
    status: str = ""
    result: str | None = None
    # Which outbox items this is: sent again after a crash (posted, not yet marked sent),
    # the same key lets Discord return the first message instead of posting a second.
    key: str = ""
    # Whom the post pings: None for everyone it asks to act (a reminder), else these users.
    pings: list[int] | None = None
    decided: tuple[int, int] | None = None  # (have decided, were asked) in a simultaneous decision
    added: str = ""  # in an edit: the lines this delivery adds to ``text``
    language: str = "en"  # what the transport's own words (buttons, "Game over") are in


@dataclass(frozen=True)
class Posted:
    """Where a transport put a message, so the dispatcher can come back to it."""

    channel_id: int
    message_id: int
    parts: int = 1          # messages it took (a long text is split); only a one-part post is edited
    controls: bool = False  # it carries buttons or selects
    # A components-V2 card (a post from before cards is not, and is edited as it was made),
    # and the files its gallery shows, which an edit names again to keep its pictures.
    card: bool = False
    images: tuple[str, ...] = ()


class Transport(Protocol):
    """Where messages go: Discord in production, files in the offline demo.

    A send that fails raises: Undeliverable when it never will succeed (parked at once),
    Unavailable or an OSError when it may later (retried for about a day); anything else
    is taken for a bug in preparing the message (parked after a few tries).

    It may also do what ``Edits`` lists."""

    async def post(self, table: Table, message: Outgoing) -> Posted | None:
        """Post into the game's thread; where the message (its last part) went."""

    async def send_private(self, table: Table, seat: SeatRecord, message: Outgoing) -> Posted | bool:
        """Send to one player privately: False when they cannot be reached (DMs closed);
        where it went when it carries controls, else True."""

    async def notice(self, table: Table, text: str) -> None:
        """A plain line in the game's thread (no board, no controls)."""


class Edits(Protocol):
    """What a transport may do besides (the dispatcher asks it with ``hasattr``), only on
    what ``post`` and ``send_private`` said they ``Posted``: a transport without ``edit``
    and ``clear_controls`` posts every time."""

    async def edit(self, table: Table, posted: Posted, message: Outgoing) -> Posted | None:
        """Make a thread post show ``message`` instead (text and controls; its images stay,
        and it pings nobody). None when it cannot: the message is gone, or the text would
        no longer fit in one message; the dispatcher then posts anew."""

    async def clear_controls(self, table: Table, posted: Posted) -> None:
        """Take the buttons and selects off a message (one already gone is no error)."""

    async def controls_version(self, table: Table, posted: Posted) -> int | None:
        """The game version a message's move controls carry now (None: it has none, or is
        gone). Optional: tells a DM refreshed by a click in it from one clicked around."""
