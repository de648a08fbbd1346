"""A board you can hear (issue 38, point 4): every picture a thread post carries has a
description (alt text) in the table's language, within Discord's 1,024 characters, and twin
states that differ only in secrets are described alike.

At every move of a seeded bot game of each title (Billboard in English and in Polish): the
post the dispatcher composes (``tests/host/test_public_secrets.Thread``) and the descriptions
the transport gives its pictures, for the game and for its twin (the mover's secrets kept,
the others' changed); then the summary picture of the finished game."""
from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from bot.delivery.outgoing import Outgoing
from bot.engine import new_game, play, rng_for
from bot.games import registry
from bot.i18n import HOST, words
from bot.table import describe, history
from cogs.transport import DiscordTransport
from tests.host.test_public_secrets import TITLES, Thread

#: A transport whose bot has no store: the board's view is the table's own state, as it is
#: for a post delivered at the version it was made at.
TRANSPORT = DiscordTransport(SimpleNamespace())  # type: ignore[arg-type]
#: (title, options) of the games described: the first seeded game of each title's list.
GAMES = [(title, TITLES[title][1][0][1]) for title in sorted(TITLES)] + [("billboard", {"language": "pl"})]
#: How each language's board description begins after the game's title.
HEADINGS = {"en": ", the board after move ", "pl": ", plansza po ruchu "}


async def described(thread: Thread, old: dict, seat: int, action: str) -> tuple[dict[str, str], dict, Any, bool]:
    """The descriptions of the pictures of the post a move makes, and the move's outcome."""
    public, after, plan, shown = await thread.move(old, seat, action)
    if public["post"] is None:
        return {}, after, plan, shown
    message = Outgoing(**{**public["post"]["message"], "images": [tuple(i) for i in public["post"]["message"]["images"]]})
    names = tuple(name for name, _ in message.images)
    return await TRANSPORT.descriptions(thread.table(after), message, names), after, plan, shown


def check(found: dict[str, str], language: str, where: str) -> None:
    for name, text in found.items():
        assert text.strip(), f"{where}: {name} has no description"
        assert len(text) <= describe.LIMIT, f"{where}: {name}'s description is {len(text)} characters"
        if name.startswith("board"):
            assert HEADINGS[language] in text, f"{where}: not in {language}: {text[:80]}"
            assert all(heading not in text for other, heading in HEADINGS.items() if other != language)


@pytest.mark.parametrize(("game_type", "options"), GAMES, ids=[f"{t}-{o.get('language', 'en')}" for t, o in GAMES])
async def test_every_posted_picture_is_described_in_the_tables_language_alike_for_twins(game_type, options):
    scramble = TITLES[game_type][0]
    players, _, seed = TITLES[game_type][1][0]
    language = options.get("language", "en")
    kit = registry.kit(game_type)
    game = kit.game
    thread = Thread(game_type, players, options)
    state, rng = new_game(game, players, options, seed), random.Random(seed)
    boards = compared = 0
    log: list[tuple[int, str]] = []
    while game.result(state) is None:
        where = f"{game_type} ({language}), move {state['_move']}"
        seat = min(game.pending(state))
        action = kit.bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
        twin = scramble(state, seat, rng)
        ours, after, plan, shown = await described(thread, state, seat, action)
        check(ours, language, where)
        boards += any(name.startswith("board") for name in ours)
        if game.view(play(game, twin, seat, action)[0], None) == game.view(after, None):
            theirs, *_ = await described(thread, twin, seat, action)
            assert ours == theirs, f"{where}: twins are described differently"
            compared += 1
        thread.posted(plan, after["_move"], shown)
        log.append((seat, action))
        state = after
    assert boards > 0 and compared > len(log) // 2, f"{boards} boards, {compared} of {len(log)} moves compared"
    # The finished game's summary picture, posted with the final scores.
    table = thread.table(state)
    summary = history.summary(game, table, log, words(HOST, table.language))
    message = Outgoing(game_id=table.id, game_type=game_type, version=state["_move"], text=summary.text,
                       images=[("summary.png", b"")], result="", language=table.language)
    check(await TRANSPORT.descriptions(table, message, ("summary.png",)), language, f"{game_type}: the summary")


def test_a_long_moment_is_cut_to_fit_and_keeps_whose_turn_first():
    said = words(HOST, "en")
    moment = describe.Moment("Billboard #1", 12, "Round 2 — **Ann**'s turn.", None, "Points: Ann 3, Ben 4",
                             tuple(f"Line {n}: " + "a long piece of news " * 8 for n in range(20)),
                             (describe.Asked("Ann", "Bid or pass.", tuple(f"Bid {n}" for n in range(40))),))
    text = describe.board(moment, said)
    assert len(text) <= describe.LIMIT and text.endswith("…")
    assert text.startswith("Billboard #1, the board after move 12. Round 2 — Ann's turn. Points: Ann 3, Ben 4.")
    assert "Ann is asked: Bid or pass." in text
