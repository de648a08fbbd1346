"""A Polish table never meets English: thread posts, reminders, clock warnings, deadlines,
offer answers and refusals are Polish; a player whose Discord speaks English reads their
own DMs and answers in English; an English-only game stays English for a Polish player.

The game is tests/polish_game.py (it speaks both languages); the posts and DMs are what the
real transport (cogs/transport.py) would send, caught by a fake Discord client. The guard
is mechanical: no English message of the host's catalogue, nor a phrase of one, appears
in what the Polish table reads.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from bot import i18n
from bot.delivery.countdowns import Timers
from bot.delivery.dispatcher import Dispatcher
from bot.delivery.reminders import Reminders
from bot.engine import replay
from bot.table.service import LANGUAGE_TRUSTED_SECONDS, Member, StaleMove, TableError, Tables
from cogs.transport import DiscordTransport
from tests import decisions_game, polish_game

ANN, BEN, CAT = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat")
HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Sent:
    where: str  # "thread" or the user id of a DM
    text: str
    controls: list[str] = field(default_factory=list)  # button labels, placeholders, option labels


class FakeDiscord:
    """What DiscordTransport asks of the client: a thread and users to send to."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []

    def get_channel(self, channel_id: int) -> Any:
        return _Inbox(self, "thread")

    def get_user(self, user_id: int) -> Any:
        return _Inbox(self, str(user_id))

    def to(self, where: str) -> list[Sent]:
        return [s for s in self.sent if s.where == where]


@dataclass
class _Inbox:
    discord_: FakeDiscord
    where: str

    async def send(self, content: str | None = None, *, view: discord.ui.BaseView | None = None, **_: Any) -> None:
        labels: list[str] = []
        texts = [content] if content else []
        for item in view.walk_children() if view is not None else []:  # a thread post's card, or a DM's rows
            if isinstance(item, discord.ui.TextDisplay):
                texts.append(item.content)
            inner = getattr(item, "item", item)
            labels += [text for text in (getattr(inner, "label", None), getattr(inner, "placeholder", None)) if text]
            labels += [option.label for option in getattr(inner, "options", [])]
        self.discord_.sent.append(Sent(self.where, "\n".join(texts), labels))


def english_messages() -> tuple[set[str], set[str]]:
    """The host's English messages whole, and their phrases of two words or more (the text
    between fields), which no Polish reader should meet."""
    whole, phrases = set(), set()
    for context, message in i18n.source_messages(i18n.HOST):
        if context:
            continue
        for text in (message,) if isinstance(message, str) else message:
            whole.add(text)
            for part in re.split(r"\{[^}]*\}", text):
                part = part.strip(" .,;:!?—–-()*#`'\"“”…▶⏰⏳🔔✅🏆⚠️✓\n")
                if " " in part and re.search(r"[a-z]{3}", part):
                    phrases.add(part)
    return whole, phrases


def assert_polish(sent: list[Sent]) -> None:
    whole, phrases = english_messages()
    assert sent, "nothing was sent to check"
    for message in sent:
        for label in message.controls:
            assert label not in whole, f"an English control {label!r} in {message}"
        leaked = [phrase for phrase in phrases if phrase in message.text]
        assert not leaked, f"English {leaked} in {message.text!r}"


async def test_a_polish_table_reads_polish_and_an_english_player_their_own(store):
    clock = Clock()
    fake = FakeDiscord()
    tables = Tables(store, clock=clock)
    dispatcher = Dispatcher(store, DiscordTransport(fake), clock=clock)
    timers = Timers(tables, clock=clock)
    for member, language in ((ANN, "pl"), (BEN, "en"), (CAT, "pl")):
        await tables.remember_language(member.id, language)

    # A Polish server: the lobby's language is Polish without the host setting it.
    table = await tables.create(polish_game.GAME_ID, ANN, {"clock": 12, "offer_seconds": 2},
                                guild_locale="pl", channel_id=10)
    assert table.record.options["language"] == "pl" and table.language == "pl"
    for member in (BEN, CAT):
        await tables.join(table.id, member)
    table = await tables.start(table.id, ANN)
    assert table.record.options["seat_languages"] == ["pl", "en", "pl"]
    polish = i18n.words(i18n.HOST, "pl")

    # Ann picks two lots (a subset), makes no offer; everyone bids in private.
    await tables.act(table.id, ANN, "pick:0,1")
    await tables.act(table.id, ANN, "skip")
    await dispatcher.flush()
    ben_dm = fake.to(str(BEN.id))[-1]
    assert "Bid for the bonus" in ben_dm.controls[0] and "$0 to $100 in steps of 5" not in ben_dm.text
    assert any(label.startswith("Licytuj premię") for label in fake.to(str(CAT.id))[-1].controls)
    with pytest.raises(TableError) as refused:  # a bid out of the game's steps: the game's own words, Ben's
        await tables.act(table.id, BEN, "bid:7")
    assert refused.value.worded(polish) == "Bid from $0 to $100 in steps of $5."
    with pytest.raises(TableError) as refused:  # the engine's refusal, worded for its reader
        await tables.act(table.id, ANN, "bid:" + "9" * 600)
    assert refused.value.worded(polish) == "Ta gra nie rozumie takiego ruchu."
    assert str(refused.value) == "That move is not one this game understands."
    for member in (ANN, BEN, CAT):
        table = await tables.act(table.id, member, "bid:5")
    await dispatcher.flush()
    ben_asked = fake.to("thread")[-1].text  # Ben's turn, shown to the Polish table
    assert "Wybierz jedną lub dwie wolne działki." in ben_asked and "Pick one or two" not in ben_asked

    # Ben picks, then offers Ann money for her best lot; she answers in a Polish DM, counters.
    await tables.act(table.id, BEN, "pick:2")
    with pytest.raises(StaleMove) as stale:
        await tables.act(table.id, BEN, "skip", version=1)
    assert stale.value.worded(polish).startswith("Ten przycisk pochodzi z wcześniejszego etapu gry")
    await tables.act(table.id, BEN, "offer:0:20")
    await dispatcher.flush()
    ann_dm = fake.to(str(ANN.id))[-1]
    assert "proponuje ci 20 $" in ann_dm.text
    assert {"Przyjmij", "Odrzuć", "Kontroferta…"} <= set(ann_dm.controls)
    await tables.act(table.id, ANN, "offer:counter:40")
    await dispatcher.flush()
    assert {"Accept", "Decline", "Counter…"} <= set(fake.to(str(BEN.id))[-1].controls), "Ben reads English"
    with pytest.raises(TableError) as refused:
        await tables.act(table.id, CAT, "offer:accept")
    assert refused.value.worded(polish).startswith("To nie twoja kolej.")

    # Ben lets the counter-offer expire, and nobody bids: the auction closes at its deadline.
    clock.now += 3
    await timers.fire_due()
    clock.now += HOUR
    await timers.fire_due()
    # Cat is to pick: the turn clock (12 hours) warns, a reminder comes, then it runs out.
    clock.now += 9 * HOUR + 1
    await timers.fire_due()
    # (the store dates a game's last move by the wall clock)
    assert await Reminders(tables, idle_hours=1, clock=lambda: time.time() + 2 * HOUR).remind_idle() == 1
    clock.now += 3 * HOUR
    await timers.fire_due()
    await dispatcher.flush()

    thread = "\n".join(s.text for s in fake.to("thread"))
    for polish_line in ("Zaczyna się **Market**", "oferta wygasła", "Licytacja się kończy",
                        "na ten ruch masz jeszcze 3 godziny",
                        "⏰ Przypomnienie — czekamy na ruch", "czas na ruch minął, więc ten ruch wykonał bot",
                        "podejmuje decyzję w tajemnicy"):
        assert polish_line in thread, (polish_line, thread)
    assert "Moja ręka i opcje" in {label for s in fake.to("thread") for label in s.controls}
    assert_polish(fake.to("thread") + fake.to(str(ANN.id)) + fake.to(str(CAT.id)))
    ben = "\n".join(s.text for s in fake.to(str(BEN.id)))
    assert "**Market**, game #1." in ben and "You have $100." in ben, "Ben's DMs are English"

    # What each reads privately: Ann's panel summary in Polish, Ben's in English.
    _, _, _, summary = await tables.private_view(table.id, ANN, "pl")
    assert summary.startswith("Masz ")
    _, _, _, summary = await tables.private_view(table.id, BEN, "en")
    assert summary.startswith("You have ")
    table = await tables.table(table.id)
    assert Tables.reader_language(table, "en") == "en" and Tables.reader_language(table, "pl") == "pl"
    # Each seat's language is kept with the options, so the log replays to the same game.
    log = await store.actions(table.id)
    assert replay(polish_game.GAME, 3, table.record.options, table.record.seed, log) == table.record.state


async def test_an_english_only_game_stays_english_for_a_polish_player(store):
    fake = FakeDiscord()
    tables = Tables(store)
    dispatcher = Dispatcher(store, DiscordTransport(fake))
    await tables.remember_language(ANN.id, "pl")
    await tables.remember_language(BEN.id, "pl")
    table = await tables.create(decisions_game.GAME_ID, ANN, {}, guild_locale="pl", channel_id=10)
    await tables.join(table.id, BEN)
    table = await tables.start(table.id, ANN)
    assert table.language == "en" and "seat_languages" not in table.record.options
    assert Tables.reader_language(table, "pl") == "en", "Ann's answers stay English"
    await tables.act(table.id, ANN, "pick:0")
    await tables.act(table.id, ANN, "skip")
    await dispatcher.flush()
    dm = fake.to(str(BEN.id))[-1]
    assert "Bid for the bonus lot" in dm.controls[0]
    assert "**Lots** begins: Ann, Ben." in fake.to("thread")[0].text
    with pytest.raises(TableError) as refused:
        await tables.act(table.id, ANN, "bid:" + "9" * 600)
    polish_reader = i18n.words(i18n.HOST, Tables.reader_language(table, "pl"))
    assert refused.value.worded(polish_reader) == "That move is not one this game understands."


async def test_a_polish_server_gets_a_polish_lobby_and_an_english_one_english(store):
    tables = Tables(store)
    polish = await tables.create(polish_game.GAME_ID, ANN, {}, guild_locale=discord.Locale.polish)
    english = await tables.create(polish_game.GAME_ID, ANN, {}, guild_locale=discord.Locale.german)
    chosen = await tables.create(polish_game.GAME_ID, ANN, {"language": "en"}, guild_locale="pl")
    assert (polish.language, english.language, chosen.language) == ("pl", "en", "en")
    await tables.join(polish.id, BEN)  # Ben never seen: his seat reads the table's language
    started = await tables.start(polish.id, ANN)
    assert started.record.options["seat_languages"] == ["pl", "pl"]


async def test_a_language_changed_in_another_process_is_written_again_in_time(store):
    """Two processes remember what they wrote, to save a write per click; what one
    remembers is trusted only for a while, since the other may have written another."""
    now = [1000.0]
    a, b = (Tables(store, clock=lambda: now[0]) for _ in range(2))
    await a.remember_language(ANN.id, "pl")
    await b.remember_language(ANN.id, "en")  # Ann's client now speaks English, clicking on b
    await a.remember_language(ANN.id, "pl")  # and Polish again, on a: a thinks it wrote that
    assert await store.member_languages([ANN.id]) == {ANN.id: "en"}
    now[0] += LANGUAGE_TRUSTED_SECONDS
    await a.remember_language(ANN.id, "pl")
    assert await store.member_languages([ANN.id]) == {ANN.id: "pl"}
