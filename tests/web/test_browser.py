"""The game pages in a real headless browser (issue 27): Playwright driving the system's
Chromium (``apt-get install chromium-headless-shell``; ``.ci/run`` installs it), never a
downloaded one. One browser and one server for the module; for a running and a finished
game of every title: at phone and desktop size the board is visible without horizontal
scroll, and the console stays clean. Then the replay (move 1 and the last, the same board
bytes as ``/game board move:N``), a move appearing without a reload, a Polish page, and a
tampered link's 404."""
from __future__ import annotations

import base64
import re
import shutil

import pytest
import pytest_asyncio

from bot.games import registry
from bot.table import history
from bot.web.replay import write_replay
from tests.web.games import bot_game, open_pages

playwright_api = pytest.importorskip("playwright.async_api", reason="Playwright is not installed (the test extras)")

BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome")
BROWSER = next((found for name in BROWSERS if (found := shutil.which(name))), None)
pytestmark = [pytest.mark.asyncio(loop_scope="module"),
              pytest.mark.skipif(BROWSER is None, reason="no Chromium on this machine: apt-get install "
                                 "chromium-headless-shell (.ci/run does)")]

#: title -> (players, options) of its short bot games.
GAMES = {"advance-to-boardwalk": (2, {}), "billboard": (3, {}), "hollywood-1947": (3, {}),
         "hollywood-boulevard": (2, {"rounds": 4}), "san-francisco-scene": (2, {})}
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}
RUNNING_MOVES = 12


class Site:
    def __init__(self, store, tables, links, pages, browser) -> None:
        self.store, self.tables, self.links, self.pages, self.browser = store, tables, links, pages, browser
        self.games: dict[tuple[str, str], int] = {}
        self.errors: list[str] = []

    def url(self, game_id: int) -> str:
        return f"http://127.0.0.1:{self.pages.port}/g/{self.links.token(game_id)}"

    async def open(self, game_id: int, size: str = "desktop"):
        page = await self.browser.new_page(viewport=SIZES[size])
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        answer = await page.goto(self.url(game_id))
        assert answer is not None and answer.status == 200
        await loaded(page)
        return page


async def loaded(page) -> None:
    """Wait for the board picture to be shown (polling in the page would need eval, which the
    page's content security policy forbids)."""
    await playwright_api.expect(page.locator("#board")).to_have_js_property("complete", True)
    assert await page.locator("#board").evaluate("board => board.naturalWidth") > 0


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def site(tmp_path_factory):
    store, tables, links, pages = await open_pages(tmp_path_factory.mktemp("web") / "pages.sqlite",
                                                   rate=10_000, burst=10_000, fresh=0.0, poll_seconds=0.2)
    await pages.start("127.0.0.1", 0)
    async with playwright_api.async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=BROWSER)
        found = Site(store, tables, links, pages, browser)
        for title, (players, options) in GAMES.items():
            found.games[title, "running"] = (await bot_game(tables, title, players, RUNNING_MOVES, options)).id
            found.games[title, "finished"] = (await bot_game(tables, title, players, None, options)).id
        yield found
        await browser.close()
    await pages.stop()
    await store.close()


@pytest.mark.parametrize("title", sorted(GAMES))
async def test_every_page_shows_its_board_without_horizontal_scroll(site, title):
    for stage in ("running", "finished"):
        page = await site.open(site.games[title, stage], "desktop")
        for size, viewport in SIZES.items():
            await page.set_viewport_size(viewport)
            box = await page.locator("#board").bounding_box()
            assert box is not None and box["width"] > 100 and box["x"] >= 0
            assert box["x"] + box["width"] <= viewport["width"], f"{title} {stage} {size}: board too wide"
            wide = await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert wide <= 0, f"{title} {stage} at {size} scrolls sideways by {wide}px"
            alt = await page.locator("#board").get_attribute("alt")  # the board's description (issue 38)
            newest = await page.locator("#game").get_attribute("data-moves")
            assert alt and alt == await page.locator(f"li[data-move='{newest}']").get_attribute("data-alt")
        if stage == "finished":
            assert await page.locator("#summary").count() == 1
        await page.close()
    assert site.errors == []


async def board_shown(page) -> bytes:
    """The bytes of the board the page shows, as the browser fetched them."""
    await loaded(page)
    encoded = await page.evaluate("""async () => {
        const bytes = new Uint8Array(await (await fetch(document.getElementById('board').src)).arrayBuffer());
        let text = ''; for (const b of bytes) text += String.fromCharCode(b); return btoa(text); }""")
    return base64.b64decode(encoded)


async def expected_board(site: Site, game_id: int, move: int) -> bytes:
    """The board ``/game board move:N`` draws (cogs/history.py)."""
    table = await site.tables.table(game_id)
    kit = registry.kit(table.record.game_type)
    kept = await site.store.checkpoint(game_id, move, move)
    return await site.pages.drawing.draw(kit.render, history.view_at(kit.game, table, kept), "board")


@pytest.mark.parametrize("title", sorted(GAMES))
async def test_the_replay_reaches_move_1_and_the_last_with_the_boards_of_game_board(site, title):
    game_id = site.games[title, "finished"]
    page = await site.open(game_id, "phone")
    last = int(await page.locator("#game").get_attribute("data-moves"))
    assert last >= 2 * history.CHAPTER, "a game long enough for older chapters"
    await page.click("#older")  # the story's older moves, a chapter at a time
    await playwright_api.expect(page.locator(".chapter")).to_have_count(2)
    await page.click("button[data-go=first]")
    await page.click("button[data-go=forward]")
    await playwright_api.expect(page.locator("#move")).to_have_value("1")
    await playwright_api.expect(page.locator("#board")).to_have_attribute("src", re.compile(r"/board/1\.png$"))
    assert await board_shown(page) == await expected_board(site, game_id, 1)
    assert await page.locator("li[data-move='2']").is_hidden()  # the log as it stood after move 1
    await page.locator("#replay").focus()  # the replay's keys are its own (issue 38)
    await page.keyboard.press("End")
    await playwright_api.expect(page.locator("#move")).to_have_value(str(last))
    await playwright_api.expect(page.locator("#board")).to_have_attribute("src", re.compile(rf"/board/{last}\.png$"))
    assert await board_shown(page) == await expected_board(site, game_id, last)
    await page.keyboard.press("ArrowLeft")
    await playwright_api.expect(page.locator("#move")).to_have_value(str(last - 1))
    assert await page.locator("#shown").inner_text() == f"Move {last - 1} of {last}"
    await page.close()
    assert site.errors == []


async def test_a_new_move_appears_without_a_reload(site):
    game_id = (await bot_game(site.tables, "san-francisco-scene", 2, 5)).id
    page = await site.open(game_id)
    await page.evaluate("window.notReloaded = true")
    await site.tables.run_bots(game_id, limit=1)
    await page.wait_for_selector("#game[data-moves='6']", timeout=10_000)
    assert await page.evaluate("window.notReloaded") is True
    assert (await page.locator("#board").get_attribute("src")).endswith("/board/6.png")
    await page.close()
    assert site.errors == []


async def test_a_polish_table_gets_a_polish_page(site):
    game_id = (await bot_game(site.tables, "billboard", 3, 8, {"language": "pl"})).id
    page = await site.open(game_id, "phone")
    assert await page.locator("html").get_attribute("lang") == "pl"
    assert await page.locator(".story h2").inner_text() == "Przebieg gry"
    assert (await page.locator("#shown").inner_text()).startswith("Ruch 8 z 8")
    await page.close()
    assert site.errors == []


async def test_a_tampered_link_is_a_404(site):
    page = await site.browser.new_page()
    token = site.links.token(site.games["billboard", "running"])
    answer = await page.goto(f"http://127.0.0.1:{site.pages.port}/g/{token[:-1]}{'B' if token[-1] == 'A' else 'A'}")
    assert answer is not None and answer.status == 404
    assert "There is no game page at this address." in await page.content()
    await page.close()


async def test_the_demo_page_opens_from_disk_and_replays_the_whole_game(site, tmp_path):
    game_id = site.games["san-francisco-scene", "finished"]
    path = await write_replay(site.store, game_id, tmp_path)
    page = await site.browser.new_page(viewport=SIZES["phone"])
    page.on("pageerror", lambda error: site.errors.append(str(error)))
    await page.goto(path.as_uri())
    await loaded(page)
    last = int(await page.locator("#game").get_attribute("data-moves"))
    assert await page.locator("li[data-move]").count() == last + 1  # the whole log, inside the page
    await page.locator("#replay").focus()
    await page.keyboard.press("Home")
    await playwright_api.expect(page.locator("#move")).to_have_value("0")
    await playwright_api.expect(page.locator("#board")).to_have_attribute("src", "boards/0.png")
    await loaded(page)
    assert (tmp_path / "boards" / "0.png").read_bytes() == await expected_board(site, game_id, 0)
    await page.keyboard.press("End")
    await playwright_api.expect(page.locator("#board")).to_have_attribute("src", f"boards/{last}.png")
    await loaded(page)
    await page.close()
    assert site.errors == []
