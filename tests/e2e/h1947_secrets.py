"""What a Hollywood 1947 table must never see, checked against every public message.

The secrets are the loyalties (until the game is over), the cards in hands and in the movie
(until a premiere reveals them), the posters a Screenwriter drew (until one is revealed; the
rejected one for ever) and who put which card into the movie (for ever): a public line names a
card only when a premiere reveals it (a name seen before may be another copy, so names alone
would not do). The state behind each thread post is rebuilt by replaying the bot's action log:
every thread post carries ``board-<version>.png``, and the messages after it are judged against
that version.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from tests.discord_sim import DiscordSim, SimMember
from tests.discord_sim.model import SimMessage

from .driver import GAME_OVER
from .h1947_plan import CX
from .leaks import message_strings

BOARD = re.compile(r"^board-(\d+)\.png$")
CARD_NAMES = sorted({card.name for card in CX.cards.values()}, key=len, reverse=True)
POSTER_NAMES = {poster.id: poster.name for poster in CX.posters.values()}
LOYALTY_WORD = r"(patriot|communist|rising star)"
#: Phrases only ever said to a seat about its own loyalty or its own cards.
#: The only lines of a public message that may name a card: a premiere and what it set off.
# (A board's description opens its first line of news with "Just now: ".)
REVEAL_LINE = re.compile(
    r"^(Just now: )?(Premiere of movie \d+, |A (Congressional Hearing|Shake Up) was revealed:)")
PRIVATE_PHRASES = [re.compile(p, re.IGNORECASE) for p in (
    r"your loyalty", r"fellow communist", r"you added", r"your hand", r"you drew",
    r"you removed", r"only communist", r"the ghost cards:", r"if revealed, every")]


def versions(message: SimMessage) -> list[dict]:
    return [*message.history, message.payload()]


def strings_of(messages: Iterable[SimMessage]) -> list[str]:
    return [text for m in messages for payload in versions(m) for text in message_strings(payload)
            if text]


def private_strings(member: SimMember) -> list[str]:
    return strings_of([*member.dms, *member.ephemerals])


def without_cards(text: str) -> str:
    """The text with card names taken out ("Big Musical Number" is no "Musical" poster)."""
    for name in CARD_NAMES:
        text = text.replace(name, "")
    return text


@dataclass
class Report:
    strings: int = 0  # public strings checked
    messages: int = 0  # public messages (each with all its versions)
    before_end: int = 0  # public strings checked while the game was still running
    allowed_reveal: list[str] = field(default_factory=list)  # the result's loyalties line


def check_public(sim: DiscordSim, states: dict[int, dict], names: list[str]) -> Report:
    """Fail on the first public string that gives a secret away at its moment."""
    last = max(states)
    revealed_cards: dict[int, set[str]] = {}
    revealed_posters: dict[int, set[str]] = {}
    cards: set[str] = set()
    posters: set[str] = set()
    for version in sorted(states):
        state = states[version]
        if state["last_premiere"]:
            cards |= {CX.cards[c].name for c in state["last_premiere"]["cards"]}
        posters |= {film["poster"] for film in state["films"]}
        if state["poster"]:
            posters.add(state["poster"])
        revealed_cards[version], revealed_posters[version] = set(cards), set(posters)
    card_ids = sorted(CX.cards, key=len, reverse=True)
    seat_names = [re.escape(name) for name in names]
    name_loyalty = [re.compile(rf"{n}\**\s?{LOYALTY_WORD}\b|\b{LOYALTY_WORD}s?:?\s\**{n}\b",
                               re.IGNORECASE) for n in seat_names]
    report = Report()
    version, ended = 0, False
    for message in sim.all_messages():
        if message.channel.is_dm or message.ephemeral:
            continue
        for attachment in message.attachments:
            if match := BOARD.match(attachment.filename):
                version = int(match.group(1))
        if version == last and GAME_OVER in message.text:
            ended = True
        report.messages += 1
        card_secrets = set(CARD_NAMES) - revealed_cards.get(version, set())
        poster_secrets = {POSTER_NAMES[p] for p in POSTER_NAMES} - {
            POSTER_NAMES[p] for p in revealed_posters.get(version, set())}
        for payload in versions(message):
            for text in message_strings(payload):
                if not text:
                    continue
                report.strings += 1
                report.before_end += not ended
                where = f"public message {message.id} at version {version}: {text!r}"
                for pattern in PRIVATE_PHRASES:
                    assert not pattern.search(text), f"{pattern.pattern!r} in {where}"
                for card_id in card_ids:
                    assert not re.search(rf"(?<![\w-]){re.escape(card_id)}(?![\w-])", text), \
                        f"card id {card_id} in {where}"
                for name in card_secrets:
                    assert name not in text, f"card {name!r} before its premiere in {where}"
                bare = without_cards(text)
                for name in poster_secrets:
                    assert not re.search(rf"\b{re.escape(name)}\b", bare), \
                        f"poster {name!r} never revealed in {where}"
                for line in text.splitlines():
                    shown = [c for c in CARD_NAMES if c in line]
                    assert not shown or REVEAL_LINE.match(line), f"card {shown} named in {where}"
                    seated = [n for n in names if n in line]
                    assert not (seated and shown), f"{seated} beside card {shown} in {where}"
                if ended:
                    if "Loyalties:" in text:
                        report.allowed_reveal.append(text)
                    continue
                assert "Loyalties:" not in text, f"loyalties before the end in {where}"
                for pattern in name_loyalty:
                    assert not pattern.search(text), f"a loyalty named in {where}"
    return report
