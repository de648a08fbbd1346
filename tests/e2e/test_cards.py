"""Issue 29 point 3: thread posts are components-V2 cards, through the simulated Discord
(which checks every request against Discord's OpenAPI description and V2's limits).

A whole game of each title, its seats handed to bots after the start: the lobby, every
post and the summary are cards; the last post is coloured gold and nothing is left to
click. A turn post of two titles is drawn as a reader sees it (tests/discord_sim/picture.py),
into ``/tmp/v2-posts/`` (or ``MARQUEE_CARD_PICTURES``), and a move that goes on with the same
decision edits the card and keeps its board."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from bot.games import registry
from rendering.kit import player_style
from tests.discord_sim import DiscordSim, SimMember
from tests.discord_sim.model import SimChannel, SimMessage, walk_components
from tests.discord_sim.picture import draw_message
from tests.discord_sim.rules import COMPONENTS_V2_FLAG

from .driver import GAME_OVER, TURN_LINE, Table, action_of, is_turn_post, move_controls, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

PICTURES = Path(os.environ.get("MARQUEE_CARD_PICTURES") or "/tmp/v2-posts")
#: Options that keep a game short; the others take their defaults.
SHORT = {"hollywood-boulevard": "rounds=4", "san-francisco-scene": "rounds=5"}


def is_card(message: SimMessage) -> bool:
    return bool(message.flags & COMPONENTS_V2_FLAG) and [c.get("type") for c in message.components] == [17]


def accent(message: SimMessage) -> int | None:
    return message.components[0].get("accent_color")


def gallery(message: SimMessage) -> list[str]:
    """The files a card's gallery shows, by name."""
    return [attachment.filename for attachment in message.media_attachments()]


def rgb(colour: tuple[int, int, int]) -> int:
    return colour[0] << 16 | colour[1] << 8 | colour[2]


def status_of(db_path: Path) -> str | None:
    try:
        db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        try:
            row = db.execute("SELECT status FROM games").fetchone()
        finally:
            db.close()
    except sqlite3.OperationalError:
        return None
    return row[0] if row else None


def post_run(db_path: Path, message_id: int) -> str | None:
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        row = db.execute("SELECT run FROM posts WHERE message_id = ?", (message_id,)).fetchone()
    finally:
        db.close()
    return row[0] if row else None


async def open_with_bots(sim: DiscordSim, host: SimMember, game: str) -> tuple[SimChannel, SimMessage]:
    options = {"game": game} | ({"options": SHORT[game]} if game in SHORT else {})
    await (await host.slash("game new", options=options)).reply()
    thread = await sim.default_channel.wait_for_thread()
    lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
    assert is_card(lobby) and "Seats (1/" in lobby.text
    for _ in range(max(registry.game(game).min_players, 2) - 1):
        await (await host.click("Add bot", message=lobby)).response()
    await (await host.click("Start", message=lobby)).reply()
    assert is_card(lobby) and "The game has started." in lobby.text and not lobby.buttons
    return thread, lobby


@pytest.mark.parametrize("game", [g for g in registry.available() if g in registry.PACKAGES])
async def test_a_whole_game_is_posted_in_cards(discord_sim, marquee, db_path, alice, game, report_figures):
    async with marquee(seed=7) as bot:
        thread, lobby = await open_with_bots(discord_sim, alice, game)
        await thread.wait_for_message(lambda m: m is not lobby and m.from_bot)
        await (await alice.slash("game leave", channel=thread)).reply()  # bots play every seat now
        # (The bot paces a bot-only game, a move a minute: here it is played out at once.)
        await bot.tables.run_bots((await bot.tables.table_in_thread(thread.id)).id)
        bot.dispatcher.wake()
        await discord_sim.wait_for(lambda: status_of(db_path) == "finished", what="the game to end", timeout=60)
        summary = await thread.wait_for_message(lambda m: "summary.png" in gallery(m), timeout=30)
        await discord_sim.settle(quiet=0.3)
    posts = [m for m in thread.bot_messages if m is not lobby]
    notices = [m for m in posts if not m.components]  # plain lines (a seat handed to a bot)
    cards = [m for m in posts if m not in notices]
    assert cards and all(is_card(m) for m in cards), [m.text[:60] for m in cards if not is_card(m)]
    assert all(all("board-" in name or name.endswith(".png") for name in gallery(m)) for m in cards)
    over = next(m for m in cards if GAME_OVER in m.text)
    assert accent(over) == rgb((230, 190, 80)) and summary.id > over.id and not summary.buttons
    assert not [m for m in cards if m.buttons], "nothing is left to click once the game is over"
    # A card's pictures are its own files, and a V2 message shows no file its components don't.
    assert all(set(gallery(m)) == {a.filename for a in m.attachments} for m in cards)
    report_figures("cards", f"{len(cards)} cards, {sum(len(m.history) for m in cards)} edits, "
                            f"{len(notices)} plain notices, {sum(discord_sim.stats.requests.values())} REST requests")


@pytest.mark.parametrize("game", ["advance-to-boardwalk", "hollywood-boulevard"])
async def test_a_turn_post_is_a_card_in_the_colour_of_the_seat_to_act(
        discord_sim, marquee, db_path, alice, bob, carol, game):
    PICTURES.mkdir(parents=True, exist_ok=True)
    async with marquee(seed=3):
        if game == "advance-to-boardwalk":
            thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
        else:
            await (await alice.slash("game new", options={"game": game, "options": "rounds=4"})).reply()
            thread = await discord_sim.default_channel.wait_for_thread()
            lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
            await (await bob.click("Join", message=lobby)).response()
            await (await alice.click("Start", message=lobby)).reply()
        post = await thread.wait_for_message(lambda m: is_turn_post(m) and bool(move_controls(m)))
        draw_message(post, str(PICTURES / f"{game}-turn.png"))
        members = {m.id: m for m in (alice, bob, carol)}
        mover = members[int(TURN_LINE.search(post.text).group(1))]
        seat = [u for u in (alice, bob, carol)].index(mover)
        assert is_card(post) and accent(post) == rgb(player_style(seat).colour)
        kinds = [c.get("type") for c in post.components[0]["components"]]
        # What happened, the move's pictures, the board alone, the status, the rows below a line.
        assert kinds[:4] in ([10, 12, 10, 14], [10, 12, 12, 10]) and kinds[-1] == 1, kinds
        board = gallery(post)
        assert board and board[-1].startswith("board-")  # the move's own pictures, then the board
        last = [c for c in post.components[0]["components"] if c.get("type") == 12][-1]
        assert len(last["items"]) == 1, "the board alone across the card"
        assert sum(1 for _ in walk_components(post.components)) <= 40 and len(post.text) <= 4000

        if game == "advance-to-boardwalk":
            # A move that goes on with the same decision edits the card; its board stays with it.
            table = Table(discord_sim, thread, [alice, bob, carol])
            edited = await table.step(post)
            if edited is post:
                assert post.history and gallery(post) == board and is_card(post)
                draw_message(post, str(PICTURES / f"{game}-turn-edited.png"))
            assert all(action_of(c) for c in move_controls(edited))


async def test_a_post_from_before_cards_is_still_edited_and_cleared_as_content(
        discord_sim, marquee, db_path, alice, bob, carol):
    """The turn's post is swapped, in Discord and in the bot's records, for a message as posts
    were made before cards (content and rows): the move that goes on edits it as content, and
    the next post takes its buttons off, with no request Discord would refuse."""
    async with marquee(seed=3):
        thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
        card = await thread.wait_for_message(lambda m: is_turn_post(m) and bool(move_controls(m)))
        rows = [c for c in card.components[0]["components"] if c.get("type") == 1]
        old = discord_sim.create_message(thread, discord_sim.bot_user, {"content": card.text, "components": rows}, [])
        await discord_sim.wait_for(lambda: post_run(db_path, card.id), what="the post's record")
        db = sqlite3.connect(db_path, timeout=10)
        try:
            with db:
                run = post_run(db_path, card.id)
                before = {k: v for k, v in json.loads(run).items() if k not in ("card", "images")}
                db.execute("UPDATE posts SET message_id = ?, run = ? WHERE message_id = ?",
                           (old.id, json.dumps(before), card.id))
        finally:
            db.close()
        table = Table(discord_sim, thread, [alice, bob, carol])
        edited = await table.step(old)
        assert edited is old and old.history and not old.flags & COMPONENTS_V2_FLAG
        assert "builds on" in old.content and move_controls(old)
        while table.latest() is old:
            await table.step(old)
        await discord_sim.wait_for(lambda: not old.components, what="the old post's buttons to come off")
        assert is_card(table.latest())


async def test_a_lobby_from_before_cards_is_still_redrawn_as_content(discord_sim, marquee, alice, bob):
    """A click on a lobby posted as content and rows (before cards) redraws it as it was made."""
    async with marquee():
        await (await alice.slash("game new", game="advance-to-boardwalk")).reply()
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
        rows = [c for c in lobby.components[0]["components"] if c.get("type") == 1]
        old = discord_sim.create_message(thread, discord_sim.bot_user, {"content": lobby.text, "components": rows}, [])
        answer = await (await bob.click("Join", message=old)).response()
        assert answer.kind == "update message" and not old.flags & COMPONENTS_V2_FLAG
        assert "2. Bob" in old.content and "Join" in old.button_labels
