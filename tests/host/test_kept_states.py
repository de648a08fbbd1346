"""Kept states no sequence of take-backs can defeat (issue 35, part 3).

A state is kept every SNAPSHOT_EVERY moves; one followed by a take-back cannot start a
replay. Move, take back, move, take back… from an even move number puts a move on every kept
move and a take-back after it: before, every kept state was passed over and each board, page
and take-back replayed from the deal (805 moves after 400 pairs). Now a take-back of a kept
move keeps the state it restores, at the move before, so any move is rebuilt from at most
SNAPSHOT_EVERY replayed moves (a board, a take-back) and a chapter from at most CHAPTER + 1
(a history page, a chapter of the web page), whatever was taken back.
"""
from __future__ import annotations

from bot.games import registry
from bot.i18n import HOST, words
from bot.store.base import SNAPSHOT_EVERY
from bot.table import history, take_back
from bot.table.model import Member
from bot.web import build
from tests.toy_game import GAME_ID

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")
PAIRS = 400
#: The most moves replayed to rebuild one move (a board, the state a take-back restores) …
BOARD_REPLAYS = SNAPSHOT_EVERY
#: … and a chapter (a history page, a chapter of the game's web page).
CHAPTER_REPLAYS = history.CHAPTER + 1


async def test_move_undo_pairs_leave_every_move_rebuilt_from_a_few_replayed_moves(tables, monkeypatch):
    # Which moves may be taken back, and how many, is not what this is about: every one may.
    monkeypatch.setattr(take_back, "check", lambda game, before, seat, action, after: None)
    monkeypatch.setattr(take_back, "TAKE_BACKS_PER_GAME", PAIRS + 1)
    table = await tables.create(GAME_ID, ANN, {"clock": 0})
    await tables.join(table.id, BEN)
    table = await tables.start(table.id, ANN)
    assert table.record.version % 2 == 1, "the first move is the log's row 2: every move on an even row"
    for _ in range(PAIRS):
        await tables.act(table.id, ANN, "add:1")
        await tables.take_back(table.id, ANN)
    table = await tables.table(table.id)
    log = await tables.log(table.id)
    assert len(log) == 2 * PAIRS
    # The pattern that defeated the kept states: the action that made each kept version (a
    # multiple of SNAPSHOT_EVERY; log entry n made version n + 2) is a move, taken back next.
    for kept in range(SNAPSHOT_EVERY, len(log), SNAPSHOT_EVERY):
        assert log[kept - 2][1] != take_back.UNDO and log[kept - 1][1] == take_back.UNDO

    game = registry.game(GAME_ID)
    every = list(history.steps(game, table, log))  # the whole log replayed once, for reference
    said = words(HOST, "en")
    for move in range(len(log) + 1):
        kept = await tables.checkpoint(table.id, move, move)
        assert len(kept.tail) <= BOARD_REPLAYS, (move, kept.base, len(kept.tail))
        assert history.view_at(game, table, kept) == {**game.view(every[move].state, None), "names": table.names()}
    for chapter in range(history.chapters(len(log))):
        first, last = history.chapter_span(chapter)
        kept = await tables.checkpoint(table.id, max(first - 1, 0), last)
        assert len(kept.tail) <= CHAPTER_REPLAYS, (chapter, kept.base, len(kept.tail))
        assert history.chapter_lines(game, table, kept, first, said) == history.blocks_of(
            game, table, (step for step in every if first <= step.move <= last), said)
        assert build.chapter(table, kept, chapter)  # the web page's chapter, from the same checkpoint
    # A take-back rebuilds the state before the last move the same way: one more pair, at a
    # kept move, restores exactly.
    await tables.act(table.id, ANN, "add:1")
    back = await tables.take_back(table.id, ANN)
    assert back.state == every[-1].state
