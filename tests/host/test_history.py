"""A game's past from its action log (bot/table/history.py): the history pages, the board after any
move, and the summary a finished game posts — for each title, through the real pipeline."""
from __future__ import annotations

import json

import pytest

from bot.delivery.dispatcher import Dispatcher
from bot.engine import new_game, play, rng_for
from bot.games import registry
from bot.i18n import HOST, words
from bot.store import GameRecord, SeatRecord
from bot.store.base import SNAPSHOT_EVERY
from bot.table import history
from bot.table.model import Table
from bot.table.service import Member, Tables

from .test_tables import RecordingTransport

ANN = Member(1, "Ann")
ENGLISH = words(HOST, "en")
TITLES = list(registry.PACKAGES)


def bot_game(game_id: str, players: int, seed: int, options: dict | None = None):
    """A whole game played by the title's bots: the table it is at, its log, each move's
    events and the state after each move (the deal first)."""
    kit = registry.kit(game_id)
    state = new_game(kit.game, players, options, seed)
    log, events, states = [], [[]], [state]
    while kit.game.result(state) is None:
        seat = min(kit.game.pending(state))
        action = kit.bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
        state, said = play(kit.game, state, seat, action)
        log.append((seat, action))
        events.append(said)
        states.append(state)
    record = GameRecord(7, game_id, "finished", options or {}, seed, state, len(log) + 1, {}, 1,
                        None, None, None, None, None)
    names = ["Ann", "Ben", "Cat", "Dan"][:players]
    table = Table(record, [SeatRecord(seat, None, name, True, True) for seat, name in enumerate(names)])
    return table, log, events, states


@pytest.mark.parametrize("game_id", TITLES)
def test_replayed_steps_are_the_states_the_game_went_through(game_id):
    table, log, _, states = bot_game(game_id, 3, 5)
    game = registry.game(game_id)
    assert [step.state for step in history.steps(game, table, log)] == states
    for move in (0, len(log) // 2, len(log)):
        assert history.state_after(game, table, log, move) == states[move]
        assert history.board_view(game, table, log, move) == {**game.view(states[move], None),
                                                               "names": ["Ann", "Ben", "Cat"]}
    with pytest.raises(ValueError):
        history.state_after(game, table, log, len(log) + 1)


@pytest.mark.parametrize("game_id", TITLES)
def test_history_is_every_public_line_numbered_by_move_in_pages_newest_last(game_id):
    table, log, events, _ = bot_game(game_id, 3, 5)
    game = registry.game(game_id)
    blocks = history.public_lines(game, table, log, ENGLISH)
    assert blocks[0].startswith(f"`0` **{game.name}** begins: Ann, Ben, Cat.")
    told = [move for move, said in enumerate(events) if any(e.public and e.text.strip() for e in said)]
    assert [int(block[1:].split("`")[0]) for block in blocks[1:]] == [m for m in told if m]
    private = {e.text for said in events for e in said if not e.public} - {
        e.text for said in events for e in said if e.public}
    text = "\n".join(blocks)
    assert "{p" not in text, "every seat is named"
    assert not [line for line in private if line.strip() and line in text], "no private event is shown"
    pages = history.pages(blocks)
    assert all(len(page) <= history.PAGE_LIMIT for page in pages)
    assert "\n".join(pages) == text, "the pages hold every line once, in order"
    assert pages[-1].endswith(blocks[-1]), "the newest move is on the last page"
    # Pages are packed from the oldest: a longer game only adds to the last page and after it.
    shorter = history.pages(history.public_lines(game, table, log[:len(log) // 2], ENGLISH))
    assert pages[:len(shorter) - 1] == shorter[:-1]


def test_a_block_longer_than_a_page_is_cut_at_its_lines():
    long_block = "\n".join(f"`3` line {n} " + "x" * 90 for n in range(60))
    pages = history.pages(["`1` first", long_block, "`4` last"], limit=500)
    assert all(len(page) <= 500 for page in pages)
    assert "\n".join(pages) == f"`1` first\n{long_block}\n`4` last"
    assert history.pages([]) == [""]


@pytest.mark.parametrize("game_id", TITLES)
def test_the_summary_charts_what_the_game_counts_and_ends_at_the_final_scores(game_id):
    options = {"language": "pl"} if game_id == "billboard" else None
    table, log, _, states = bot_game(game_id, 4, 9, options)
    game = registry.game(game_id)
    said = words(HOST, table.language)
    found = history.summary(game, table, log, said)
    picture = found.picture
    result = game.result(states[-1])
    final = [series[-1] for series in picture["series"]]
    assert final == list(game.tally(game.view(states[-1], None), game.view(states[-1], None)).values)
    if game_id != "hollywood-1947":  # its result counts a side's movies; the chart does too
        assert final == [result.scores[seat] for seat in range(4)]
    start = game.tally(game.view(states[0], None), game.view(states[-1], None))
    assert [series[0] for series in picture["series"]] == list(start.values), "the chart starts at the deal"
    assert len(picture["x_labels"]) == len(picture["series"][0]) and picture["x_labels"][0] == said.t("start")
    ranked = picture["players"]
    assert {p["seat"] for p in ranked if p["winner"]} == set(result.winners)
    assert [p["winner"] for p in ranked] == sorted((p["winner"] for p in ranked), reverse=True)
    assert all(p["notes"] for p in ranked) and len(ranked) == 4
    low, high = picture["ticks"][0][0], picture["ticks"][-1][0]
    assert low <= min(map(min, picture["series"])) and high >= max(map(max, picture["series"]))
    lines = found.text.splitlines()
    assert len(lines) == 5 and lines[1].startswith("🏆")
    assert all(f"**{p['name']}** {p['score']}" in found.text for p in ranked)
    json.dumps(picture)  # plain data, as a worker process would take it


def test_the_chart_point_of_a_period_is_where_it_ended():
    tallies = [history.Tally("Value", (0, 0), 1, "Turn"), history.Tally("Value", (3, 0), 1, "Turn"),
               history.Tally("Value", (5, 0), 1, "Turn"), history.Tally("Value", (5, 4), 2, "Turn")]
    periods, series = history._series(tallies)
    assert periods == [1, 1, 2] and series == [[0, 5, 5], [0, 0, 4]]


def test_ticks_are_round_and_cover_the_range():
    assert history.ticks(0, 41) == [0, 10, 20, 30, 40, 50]
    assert history.ticks(13_000, 202_000) == [0, 50_000, 100_000, 150_000, 200_000, 250_000]
    assert history.ticks(-3, 4) == [-4, -2, 0, 2, 4]
    assert history.ticks(0, 0) == [0, 1]


def test_hidden_loyalties_come_into_the_chart_only_from_the_end():
    *_, states = bot_game("hollywood-1947", 4, 9)
    game = registry.game("hollywood-1947")
    middle = game.view(states[len(states) // 2], None)
    assert middle["loyalties"] is None, "the sides are secret while it runs"
    end = game.view(states[-1], None)
    sides = end["loyalties"]
    assert list(game.tally(middle, end).values) == [middle["score"].get(side, 0) for side in sides]
    swapped = {**end, "loyalties": sides[::-1]}  # the chart follows whatever the end revealed
    assert list(game.tally(middle, swapped).values) == [middle["score"].get(side, 0) for side in sides[::-1]]


async def test_a_finished_game_posts_its_summary_after_its_last_post(store, monkeypatch):
    committed: dict[int, dict] = {}  # version -> the state the pipeline stored
    commit = store.commit

    async def spy(game_id, expected_version, **written):
        committed[expected_version + 1] = written["state"]
        return await commit(game_id, expected_version, **written)

    monkeypatch.setattr(store, "commit", spy)
    tables = Tables(store)
    transport = RecordingTransport()
    dispatcher = Dispatcher(store, transport)
    table = await tables.create("advance-to-boardwalk", ANN)
    await tables.add_bot(table.id, ANN)
    await tables.start(table.id, ANN)
    await tables.hand_to_bot(table.id, ANN)
    await tables.run_bots(table.id)  # bots play the game out at once (unpaced: asked for)
    table = await tables.table(table.id)
    assert table.record.status == "finished"
    items = await store.unsent()
    assert [item.kind for item in items].count("summary") == 1 and items[-1].kind == "summary"
    # The game replayed to any move is the game as the pipeline stored it then.
    log = await store.actions(table.id)
    game = registry.game("advance-to-boardwalk")
    assert len(committed) == len(log)
    for version, state in committed.items():
        assert history.state_after(game, table, log, version - 1) == state
    await dispatcher.flush()
    summary = transport.posts[-1]
    assert "Game over" in transport.posts[-2].text or transport.posts[-2].result
    assert summary.text.startswith("📊 **Final scores**: Property value")
    assert [name for name, _ in summary.images] == ["summary.png"]
    assert summary.images[0][1].startswith(b"\x89PNG")
    assert summary.result == "" and not summary.turn, "no controls: the game is over"
    assert not await store.unsent()


async def test_a_summary_that_cannot_be_drawn_is_parked_and_the_thread_told(store, monkeypatch):
    def broken(*args):
        raise RuntimeError("the game could not be replayed")

    monkeypatch.setattr(history, "summary", broken)
    tables = Tables(store)
    transport = RecordingTransport()
    dispatcher = Dispatcher(store, transport, base_delay=0.0)
    table = await tables.create("advance-to-boardwalk", ANN)
    await tables.add_bot(table.id, ANN)
    await tables.start(table.id, ANN)
    await tables.hand_to_bot(table.id, ANN)
    await tables.run_bots(table.id)
    for _ in range(4):
        await dispatcher.flush()
    assert not any(image for post in transport.posts for image, _ in post.images if image == "summary.png")
    assert any("could not post an update" in notice for notice in transport.notices)
    assert [item.kind for item in await store.parked()] == ["summary"]


async def test_any_move_and_any_page_is_rebuilt_from_one_kept_state_and_few_actions(store):
    """Snapshots (V14) are kept with the moves: the board after any move comes from one kept
    state and fewer than SNAPSHOT_EVERY actions, a history page (a chapter) from one kept state
    and at most CHAPTER actions, and they are what replaying the whole log gives."""
    tables = Tables(store)
    table = await tables.create("advance-to-boardwalk", ANN)
    await tables.add_bot(table.id, ANN)
    await tables.start(table.id, ANN)
    await tables.hand_to_bot(table.id, ANN)
    await tables.run_bots(table.id)  # bots play the game out at once (unpaced: asked for)
    table = await tables.table(table.id)
    log = await store.actions(table.id)
    game = registry.game("advance-to-boardwalk")
    assert len(log) > SNAPSHOT_EVERY + history.CHAPTER
    for move in range(len(log) + 1):
        kept = await store.checkpoint(table.id, move, move)
        assert kept.moves == len(log) and len(kept.tail) < SNAPSHOT_EVERY
        assert (kept.state is None) == (move < SNAPSHOT_EVERY - 1), "kept from move SNAPSHOT_EVERY - 1 on"
        assert history.view_at(game, table, kept) == history.board_view(game, table, log, move)
    chapters = []
    for chapter in range(history.chapters(len(log))):
        first, last = history.chapter_span(chapter)
        kept = await store.checkpoint(table.id, max(first - 1, 0), last)
        assert len(kept.tail) <= history.CHAPTER
        chapters += history.chapter_lines(game, table, kept, first, ENGLISH)
    assert chapters == history.public_lines(game, table, log, ENGLISH), "every line once, in order"
