"""A quiet, exact table: a move made in place sends its mover no DM, and a move that changes
nothing is refused without a trace. Hollywood Boulevard's sealed bids, two members."""
from __future__ import annotations

import pytest

from bot.games import registry
from bot.table.service import Member, TableError, Tables
from tests.postgres import open_test_store

GAME_ID = "hollywood-boulevard"
GAME = registry.game(GAME_ID)
ANN, BEN = Member(1, "Ann"), Member(2, "Ben")
TOP = ("place:preview", "place:agency", "place:distribution")


@pytest.fixture
async def tables(store_kind, tmp_path):
    store = await open_test_store(store_kind, tmp_path)
    yield Tables(store, seed_source=lambda: 3)
    await store.close()


async def to_the_screens(tables: Tables) -> tuple[int, int, list[tuple[int, dict]]]:
    """Deal a two-member game and play every move in place (as from the panel) until the
    screens go up. Returns the game, the seat whose move raised them and its private items."""
    table = await tables.create(GAME_ID, ANN, {"rounds": 4})
    await tables.join(table.id, BEN)
    await tables.start(table.id, ANN)
    state = (await tables.table(table.id)).record.state
    while state["phase"] != "screen":
        await unsent_marked_sent(tables)
        seat = min(GAME.pending(state))
        actions = [c.action for c in GAME.legal(state, seat)]
        action = next((a for a in actions if a in TOP or a.startswith("genre:")), None) or (
            "done" if "done" in actions else actions[0])
        moved = await tables.act(table.id, (ANN, BEN)[seat], action, in_place=True)
        state = moved.record.state
    return table.id, seat, await unsent_marked_sent(tables)


async def unsent_marked_sent(tables: Tables) -> list[tuple[int, dict]]:
    """The private outbox items waiting (seat, payload); all items are then marked sent."""
    items = await tables.store.unsent()
    await tables.store.mark_sent([item.id for item in items])
    return [(item.payload["seat"], item.payload) for item in items if item.kind == "private"]


async def test_clicks_in_place_send_their_mover_no_dm_but_a_seat_newly_asked_gets_one(tables):
    game_id, mover, private = await to_the_screens(tables)
    other = 1 - mover
    # The move that raised the screens put a sealed bid to the other seat: by DM, with controls.
    assert [seat for seat, _ in private] == [other]
    assert any(c["action"] == "bids:confirm" for c in private[0][1]["turn"][0]["choices"])

    bidder = (ANN, BEN)[mover]
    moved = await tables.act(game_id, bidder, "bid:radio:3", in_place=True)
    assert moved.told.startswith("Radio Spots: 3 pips.") and "Behind your screen" in moved.told
    moved = await tables.act(game_id, bidder, "bid:magazines:1", in_place=True)
    assert moved.told.startswith("Magazines: 1 pip.")
    moved = await tables.act(game_id, bidder, "bids:confirm", in_place=True)
    assert moved.told.startswith("You have confirmed.")
    assert await unsent_marked_sent(tables) == []  # three clicks, all shown where they were made

    # Clicks not made in place (a thread post, a command) are told by DM, as before: the
    # reopened screen with its controls, then the bid's news.
    await tables.act(game_id, bidder, "bids:edit")
    await tables.act(game_id, bidder, "bid:radio:2")
    told = await unsent_marked_sent(tables)
    assert [seat for seat, _ in told] == [mover, mover]
    assert "turn" in told[0][1] and told[1][1]["text"].startswith("Radio Spots: 2 pips.")


async def test_a_move_that_changes_nothing_is_refused_and_writes_nothing(tables):
    game_id, mover, _ = await to_the_screens(tables)
    bidder = (ANN, BEN)[mover]
    await tables.act(game_id, bidder, "bid:radio:3", in_place=True)
    await unsent_marked_sent(tables)
    before = await tables.table(game_id)
    log = await tables.store.actions(game_id)
    for in_place in (True, False):
        with pytest.raises(TableError, match="^That is already your choice.$"):
            await tables.act(game_id, bidder, "bid:radio:3", version=before.record.version, in_place=in_place)
    after = await tables.table(game_id)
    assert after.record.version == before.record.version and after.record.state == before.record.state
    assert after.record.seat_epochs == before.record.seat_epochs
    assert await tables.store.actions(game_id) == log
    assert await tables.store.unsent() == []
    # A real change is still a move.
    moved = await tables.act(game_id, bidder, "bid:radio:0", in_place=True)
    assert moved.record.version == before.record.version + 1
