"""Names as they were (issue 38, point 3): the page's story and scores name a seat as it was
named at each move, and say when a bot took a seat over; a right-to-left or overriding name
is cleaned and isolated in the scores; an emoji in a name is drawn in the board picture."""
from __future__ import annotations

import io
import re

from PIL import Image

from bot.engine import new_game, rng_for
from bot.games import registry
from bot.i18n import HOST as HOST_WORDS
from bot.i18n import words
from bot.table import history
from bot.table.service import Member
from bot.web import build, story
from bot.web.html import Places
from rendering import kit
from tests.web.games import HOST, open_pages


async def played(tables, game_id: int, member: Member, moves: int) -> None:
    """``moves`` moves of the game, the member's seat moving as a bot would for it."""
    game_kit = None
    for _ in range(moves):
        table = await tables.table(game_id)
        game_kit = game_kit or registry.kit(table.record.game_type)
        seat = table.seat_of(member.id)
        state = table.state
        if seat is not None and seat in game_kit.game.pending(state):
            await tables.act(game_id, member, game_kit.bot.choose(state, seat, rng_for(1, state["_move"], "member")))
        else:
            await tables.run_bots(game_id, limit=1)


def said_lines(chapters: list[story.Move]) -> dict[int, str]:
    return {move.move: "\n".join(move.lines) for move in chapters}


async def test_the_story_names_a_seat_as_it_was_and_tells_the_hand_over(tmp_path):
    store, tables, _, _ = await open_pages(tmp_path / "names.sqlite")
    try:
        table = await tables.create("san-francisco-scene", HOST, seed=2)
        await tables.add_bot(table.id, HOST)
        await tables.start(table.id, HOST)
        await played(tables, table.id, HOST, 12)
        await tables.hand_to_bot(table.id, HOST)
        await tables.run_bots(table.id, limit=12)
        table = await tables.table(table.id)
        moves = table.record.version - 1
        named = await build.seats(store, table, moves)
        [handed] = named.hand_overs
        assert (handed.player, handed.bot) == ("Host", "Host (bot)")
        movers = await store.movers(table.id, range(1, moves + 1))
        theirs = [move for move, (seat, member) in movers.items() if member == HOST.id]
        bots = [move for move, (seat, member) in movers.items() if seat == handed.seat and member is None]
        assert theirs and bots and handed.move == min(m for m in bots if m > max(theirs))
        game, said = registry.game("san-francisco-scene"), words(HOST_WORDS, "en")
        kept = await store.checkpoint(table.id, 0, moves)
        lines = said_lines(story.chapter(game, table, kept, 0, said, named))
        assert "**Host**" in lines[0] and "Host (bot)" not in lines[0]  # the deal: the player's name
        own = {move: lines[move].split("\n🤖")[0] for move in theirs}  # before a hand-over told after it
        assert any("**Host**" in text for text in own.values())
        for move, text in own.items():
            assert "Host (bot)" not in text, f"move {move}, the player's own, names the bot"
        told = [move for move, text in lines.items() if "From here on a bot plays" in text]
        assert told == [handed.move - 1]
        assert "**Host**'s seat, as **Host (bot)**" in lines[handed.move - 1]
        later = [text for move, text in lines.items() if move >= handed.move and "Host" in text]
        assert later and all("Host (bot)" in text for text in later)
        # The scores name the seat as it was at the move shown.
        first, _ = history.chapter_span(0)
        before = story.chapter(game, table, kept, first, said, named)[1]
        assert before.figures.rows[handed.seat][0] == "Host"
        assert story.standing(game, table, table.state, moves, said, named).figures.rows[handed.seat][0] == "Host (bot)"
    finally:
        await store.close()


async def test_a_right_to_left_and_an_overriding_name_read_as_themselves_in_the_scores(tmp_path):
    store, tables, _, _ = await open_pages(tmp_path / "rtl.sqlite")
    try:
        host = Member(1, "\u202eevil\u202c Ann")
        table = await tables.create("san-francisco-scene", host, seed=3)
        await tables.join(table.id, Member(2, "שרה כהן"))
        await tables.join(table.id, Member(3, "A name far longer than any nickname Discord would allow"))
        await tables.start(table.id, host)
        table = await tables.table(table.id)
        page = build.page(table, await store.checkpoint(table.id, 0, 0),
                          {}, _places(), 5.0).decode()
        scores = re.search(r'<table class="scores".*?</table>', page, re.DOTALL)[0]
        cells = re.findall(r"<bdi>(.*?)</bdi></th><td class=\"amount\">(.*?)</td>", scores)
        assert [name for name, _ in cells] == ["evil Ann", "שרה כהן", "A name far longer than any nickname Dis…"]  # NAME_LIMIT, 40
        assert all(amount.startswith("$") for _, amount in cells)  # each amount in its own cell, after the name
        assert not re.search("[\u202a-\u202e\u2066-\u2069]", page), "a bidirectional control reached the page"
    finally:
        await store.close()


def _places() -> Places:
    return Places(board="t/board/{n}.png", summary=None, log="t/log/{c}", version="t/version")


def emoji_pixels(png: bytes) -> int:
    """Pixels of the popcorn's red (OpenMoji's, drawn as about (234, 90, 71))."""
    colours = Image.open(io.BytesIO(png)).convert("RGB").getcolors(1 << 24) or []
    return sum(count for count, (r, g, b) in colours if r > 200 and 60 < g < 120 and b < 100)


def test_an_emoji_in_a_name_is_drawn_in_the_board_picture():
    canvas, draw = kit.canvas(200, 40)
    kit.draw_text(draw, (4, 8), "Ann 🍿", 20)
    written = io.BytesIO()
    canvas.save(written, "PNG")
    assert emoji_pixels(written.getvalue()) > 50, "the popcorn is not drawn in its colours"
    assert kit.text_width("Ann 🍿", 20) > kit.text_width("Ann ", 20) + 15  # measured with the emoji's font
    game_kit = registry.kit("advance-to-boardwalk")
    state = new_game(game_kit.game, 2, {}, 1)
    view = game_kit.game.view(state, None)
    plain = game_kit.render({**view, "names": ["Ann", "Ben"]}, "board")
    popcorn = game_kit.render({**view, "names": ["Ann 🍿", "Ben"]}, "board")
    assert emoji_pixels(popcorn) > emoji_pixels(plain) + 50  # drawn wherever the board names Ann
