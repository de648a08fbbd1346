"""The page people keep open (issue 38), in a real headless browser: Playwright driving the
system's Chromium, one browser and one server for the module, a finished bot game of every
title (and a Polish Billboard), each page opened once per size.

- at 1280×800 the story's box is beside the board's and the replay control is in the first
  viewport; at 390×844 the page reads status, board, replay, scores, story, and a tap opens
  the board at its own pixels, which two fingers zoom;
- 150 quick → presses ask for a handful of boards at most, and the board shown is the one
  the label names, described by its move's description;
- a log line's click shows that move's board, status and scores (as the page's own Python
  says they were), and ``#move-N`` opens the page there; autoplay moves on by itself;
- the replay's keys work only while it has focus, and a finished page asks nothing more.

Screenshots of every title at both sizes are kept in ``/tmp/marquee-pages/`` (``SHOTS``).
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import pytest_asyncio

from bot.engine.language import Words
from bot.games import registry
from bot.i18n import HOST, words
from bot.table import history
from bot.web import build, story
from tests.web.games import bot_game, open_pages

playwright_api = pytest.importorskip("playwright.async_api", reason="Playwright is not installed (the test extras)")

BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome")
BROWSER = next((found for name in BROWSERS if (found := shutil.which(name))), None)
pytestmark = [pytest.mark.asyncio(loop_scope="module"),
              pytest.mark.skipif(BROWSER is None, reason="no Chromium on this machine: apt-get install "
                                 "chromium-headless-shell (.ci/run does)")]

#: Where the screenshots are kept, a file per title, language and size.
SHOTS = Path("/tmp/marquee-pages")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: (title, language) -> (players, options) of the finished bot game shown.
GAMES = {("advance-to-boardwalk", "en"): (2, {}), ("billboard", "en"): (3, {}),
         ("billboard", "pl"): (3, {"language": "pl"}), ("hollywood-1947", "en"): (3, {}),
         ("hollywood-boulevard", "en"): (2, {"rounds": 4}), ("san-francisco-scene", "en"): (2, {})}
PRESSES = 150
#: The most boards 150 quick presses may ask for (one when the presses stop; a pause of
#: the machine between two presses may let one more through).
HANDFUL = 4


class Site:
    def __init__(self, store, tables, links, pages, browser) -> None:
        self.store, self.tables, self.links, self.pages, self.browser = store, tables, links, pages, browser
        self.games: dict[tuple[str, str], int] = {}
        self.errors: list[str] = []

    def url(self, game_id: int) -> str:
        return f"http://127.0.0.1:{self.pages.port}/g/{self.links.token(game_id)}"

    async def open(self, game_id: int, size: dict, *, touch: bool = False, address: str = ""):
        context = await self.browser.new_context(viewport=size, has_touch=touch, is_mobile=touch)
        page = await context.new_page()
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        answer = await page.goto(self.url(game_id) + address)
        assert answer is not None and answer.status == 200
        await shown_board(page)
        return page


async def shown_board(page) -> None:
    """Wait until the board the label names is on screen, loaded (the page's content security
    policy forbids the eval Playwright's own polling would need, hence these expectations)."""
    await playwright_api.expect(page.locator("#frame")).not_to_have_class(re.compile(r"\bbusy\b"))
    await playwright_api.expect(page.locator("#board")).to_have_js_property("complete", True)
    assert await page.locator("#board").evaluate("board => board.naturalWidth") > 0


def label_move(text: str) -> int:
    return int(re.search(r"(\d+)", text)[1])


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def site(tmp_path_factory):
    store, tables, links, pages = await open_pages(tmp_path_factory.mktemp("reading") / "pages.sqlite",
                                                   rate=10_000, burst=10_000, fresh=0.0, poll_seconds=0.2)
    await pages.start("127.0.0.1", 0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    async with playwright_api.async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=BROWSER)
        found = Site(store, tables, links, pages, browser)
        for (title, language), (players, options) in GAMES.items():
            found.games[title, language] = (await bot_game(tables, title, players, None, options)).id
        yield found
        await browser.close()
    await pages.stop()
    await store.close()


def box(found: dict | None) -> dict:
    assert found is not None
    return found


@pytest.mark.parametrize(("title", "language"), sorted(GAMES))
async def test_on_a_desktop_the_story_is_beside_the_board_and_the_replay_in_view(site, title, language):
    page = await site.open(site.games[title, language], DESKTOP)
    board, story_box = box(await page.locator(".board").bounding_box()), box(await page.locator(".story").bounding_box())
    assert story_box["x"] >= board["x"] + board["width"] - 1, f"{title}: the story is not beside the board"
    assert story_box["y"] < board["y"] + board["height"] and board["y"] < story_box["y"] + story_box["height"]
    replay = box(await page.locator("#replay").bounding_box())
    assert replay["y"] >= 0 and replay["y"] + replay["height"] <= DESKTOP["height"], f"{title}: replay below the fold"
    await page.screenshot(path=SHOTS / f"{title}-{language}-desktop.png")
    await page.context.close()
    assert site.errors == []


@pytest.mark.parametrize(("title", "language"), sorted(GAMES))
async def test_on_a_phone_the_board_comes_first_and_a_tap_opens_it_full_size_to_zoom(site, title, language):
    page = await site.open(site.games[title, language], PHONE, touch=True)
    order = [box(await page.locator(selector).bounding_box())["y"]
             for selector in ("#status", "#board", "#replay", "#scores", ".story")]
    assert order == sorted(order), f"{title}: the phone's order is status, board, replay, scores, story"
    wide = await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert wide <= 0, f"{title} scrolls sideways by {wide}px"
    for target in await page.locator("button:visible, select:visible, #log a.line:visible").all():
        found = box(await target.bounding_box())
        assert found["height"] >= 44 and found["width"] >= 44, f"{title}: a target under 44 px: {found}"
    await page.screenshot(path=SHOTS / f"{title}-{language}-phone.png", full_page=True)
    await page.tap("#board")
    await playwright_api.expect(page.locator("#viewer")).to_have_js_property("open", True)
    full = page.locator("#full")
    await playwright_api.expect(full).to_have_js_property("complete", True)
    natural = await full.evaluate("image => image.naturalWidth")
    assert box(await full.bounding_box())["width"] == natural > PHONE["width"]  # its own pixels
    assert await full.get_attribute("alt") == await page.locator("#board").get_attribute("alt")
    await pinch(page, apart=(40, 120))
    assert box(await full.bounding_box())["width"] > natural * 1.5, "two fingers apart zoom in"
    await page.locator("#close").tap()
    await playwright_api.expect(page.locator("#viewer")).to_have_js_property("open", False)
    await page.context.close()
    assert site.errors == []


async def pinch(page, apart: tuple[int, int]) -> None:
    """Two fingers on the picture, moving apart from ``apart[0]`` to ``apart[1]`` pixels each way."""
    cdp = await page.context.new_cdp_session(page)
    middle = {"x": PHONE["width"] // 2, "y": PHONE["height"] // 2}

    def fingers(spread: int) -> list[dict]:
        return [{"x": middle["x"] - spread, "y": middle["y"]}, {"x": middle["x"] + spread, "y": middle["y"]}]

    await cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(apart[0])})
    for spread in range(apart[0], apart[1] + 1, 10):
        await cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(spread)})
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.parametrize(("title", "language"), sorted(GAMES))
async def test_150_quick_presses_ask_for_a_handful_of_boards_and_show_the_one_labelled(site, title, language):
    game_id = site.games[title, language]
    page = await site.open(game_id, DESKTOP)
    last = int(await page.locator("#game").get_attribute("data-moves"))
    await page.locator("#replay").focus()
    await page.keyboard.press("Home")
    await playwright_api.expect(page.locator("#move")).to_have_value("0")
    await shown_board(page)
    asked: list[str] = []
    page.on("request", lambda request: "/board/" in request.url and asked.append(request.url))
    for _ in range(PRESSES):
        await page.keyboard.press("ArrowRight")
    await shown_board(page)
    expected = min(PRESSES, last)
    assert label_move(await page.locator("#shown").inner_text()) == expected
    assert (await page.locator("#board").get_attribute("src")).endswith(f"/board/{expected}.png")
    boards = {int(re.search(r"/board/(\d+)\.png", url)[1]) for url in asked}
    assert 1 <= len(boards) <= HANDFUL and expected in boards, f"{title}: {len(boards)} boards asked for: {sorted(boards)}"
    alt = await page.locator("#board").get_attribute("alt")
    assert alt == await page.locator(f"li[data-move='{expected}']").get_attribute("data-alt")
    assert f" {expected}." in alt.split(". ")[0] + "."  # "…, the board after move N."
    await page.context.close()
    assert site.errors == []


async def moment(site: Site, game_id: int, move: int):
    """Move ``move`` as the page's Python makes it: its status, scores and description."""
    table = await site.tables.table(game_id)
    game = registry.game(table.record.game_type)
    first, last = history.chapter_span(move // history.CHAPTER)
    kept = await site.store.checkpoint(game_id, max(first - 1, 0), last)
    said: Words = words(HOST, table.language)
    named = await build.seats(site.store, table, kept.moves)
    return next(step for step in story.chapter(game, table, kept, first, said, named) if step.move == move)


@pytest.mark.parametrize(("title", "language"), sorted(GAMES))
async def test_a_log_line_shows_its_moves_board_status_and_scores(site, title, language):
    game_id = site.games[title, language]
    page = await site.open(game_id, DESKTOP)
    last = int(await page.locator("#game").get_attribute("data-moves"))
    await page.locator("#older").click()  # the chapter before the newest: moves well before the last
    await playwright_api.expect(page.locator(".chapter")).to_have_count(2)
    wanted = next(int(found) for found in await page.locator("li[data-move]:not(.quiet)").evaluate_all(
        "items => items.map(item => item.dataset.move)") if int(found) < last)
    await page.locator(f"li[data-move='{wanted}'] a.line").click()
    await shown_board(page)
    assert page.url.endswith(f"#move-{wanted}")
    assert (await page.locator("#board").get_attribute("src")).endswith(f"/board/{wanted}.png")
    expected = await moment(site, game_id, wanted)
    assert (await page.locator("#status").inner_text()).strip() == expected.status
    rows = await page.locator("#scores tbody tr").evaluate_all(
        "rows => rows.map(row => [row.querySelector('bdi').textContent, row.querySelector('td').textContent])")
    assert [tuple(row) for row in rows] == list(expected.figures.rows)
    assert await page.locator("#board").get_attribute("alt") == expected.alt
    assert await page.locator("#result").is_hidden()  # the result belongs to the last move
    await page.context.close()
    # An address names a move: the page opens there.
    page = await site.open(game_id, PHONE, address=f"#move-{wanted}")
    assert label_move(await page.locator("#shown").inner_text()) == wanted
    assert (await page.locator("#board").get_attribute("src")).endswith(f"/board/{wanted}.png")
    await page.context.close()
    assert site.errors == []


async def test_autoplay_moves_on_by_itself_and_stops_when_asked(site):
    page = await site.open(site.games["san-francisco-scene", "en"], DESKTOP)
    await page.locator("#replay").focus()
    await page.keyboard.press("Home")
    await shown_board(page)
    await page.select_option("#speed", "500")
    await page.locator("#play").click()
    await playwright_api.expect(page.locator("#play")).to_have_attribute("aria-pressed", "true")
    await playwright_api.expect(page.locator("#move")).to_have_value("3", timeout=15_000)
    await page.locator("#play").click()
    await playwright_api.expect(page.locator("#play")).to_have_attribute("aria-pressed", "false")
    await shown_board(page)
    held = await page.locator("#move").input_value()
    await page.wait_for_timeout(1200)
    assert await page.locator("#move").input_value() == held
    await page.context.close()
    assert site.errors == []


async def test_the_replays_keys_work_only_while_it_has_focus(site):
    page = await site.open(site.games["hollywood-1947", "en"], DESKTOP)
    last = await page.locator("#move").input_value()
    await page.locator("h1").click()  # focus elsewhere: the page's keys are the browser's
    for key in ("Home", "ArrowLeft"):
        await page.keyboard.press(key)
    assert await page.locator("#move").input_value() == last
    await page.locator("#replay").focus()
    await page.keyboard.press("ArrowLeft")
    await playwright_api.expect(page.locator("#move")).to_have_value(str(int(last) - 1))
    await page.context.close()
    assert site.errors == []


async def test_a_finished_page_asks_nothing_more(site):
    page = await site.open(site.games["billboard", "en"], DESKTOP)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    await page.wait_for_timeout(10 * site.pages.poll_seconds * 1000)  # ten polls' time
    assert asked == []
    assert await page.locator("#game").get_attribute("data-version-url") == ""
    await page.context.close()
    assert site.errors == []
