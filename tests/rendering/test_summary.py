"""The end-of-game summary picture of each title, drawn from a fixed summary and held to its
reference; and checks that need none: every player's colour stands where their line ends, and
the winner is written first.

``summaries/<game>.json`` is the summary ``bot.history`` built for a seeded four-player bot
game (Billboard's in Polish), committed so that a change of the rules or bots does not move
the pictures. Rebuild them, then the references (and look at each one), with:

    .venv/bin/python -m tests.rendering.test_summary
    UPDATE_REFERENCES=1 .venv/bin/python -m pytest tests/rendering/test_summary.py
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rendering import kit, summary

from .pictures import (
    SAME_TEXT_LAYOUT,
    UPDATE,
    as_image,
    assert_not_blank,
    compare_with_reference,
    write_reference,
)

HERE = Path(__file__).resolve().parent / "summaries"
TITLES = ("advance-to-boardwalk", "hollywood-boulevard", "hollywood-1947", "san-francisco-scene", "billboard")
SEED = 9


def fixture(game_id: str) -> dict:
    return json.loads((HERE / f"{game_id}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game_id", TITLES)
def test_summary_matches_its_reference(game_id):
    actual, path = as_image(summary.render(fixture(game_id))), HERE / f"{game_id}.png"
    if UPDATE:
        write_reference(actual, path)
        return
    if not SAME_TEXT_LAYOUT:
        pytest.skip("references are drawn with Raqm text layout, which this Pillow lacks")
    compare_with_reference(actual, path)


@pytest.mark.parametrize("game_id", TITLES)
def test_each_line_ends_at_its_players_token(game_id):
    data = fixture(game_id)
    picture = as_image(summary.render(data))
    assert_not_blank(picture)
    standings_top = summary.HEADER_H + 14
    rows = len(data["players"])
    chart_top = standings_top + summary.ROW_H * rows + 18
    assert picture.size == (summary.WIDTH, chart_top + summary.CHART_H + summary.MARGIN)
    for row, player in enumerate(data["players"]):  # each row's token, in its seat's colour
        middle = standings_top + row * summary.ROW_H + 20
        colour = kit.player_style(player["seat"]).colour
        assert _near(picture, summary.MARGIN + 50, middle, colour), f"row {row + 1}'s token"
    ticks = data["ticks"]
    label_w = max(kit.text_width(text, 15) for _, text in ticks)
    left, right = summary.MARGIN + label_w + 12, summary.WIDTH - summary.MARGIN - summary.END_W
    bottom, top = chart_top + summary.CHART_H - 52, chart_top + 56
    for seat, values in enumerate(data["series"]):  # each line starts where its first value is
        y = bottom - (values[0] - ticks[0][0]) / (ticks[-1][0] - ticks[0][0]) * (bottom - top)
        assert any(_near(picture, left + 1, y + dy, kit.player_style(s).colour)
                   for dy in range(-6, 7) for s in range(len(data["series"]))
                   if data["series"][s][0] == values[0]), f"seat {seat}'s line at the start"
        assert right > left


def _near(picture, x: float, y: float, colour: tuple[int, int, int], tolerance: int = 40) -> bool:
    pixel = picture.getpixel((int(x), int(y)))
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def test_a_summary_with_one_point_and_a_long_name_still_draws():
    data = fixture("advance-to-boardwalk")
    data = {**data, "series": [[value[0]] for value in data["series"]], "x_labels": ["start"],
            "players": [{**player, "name": player["name"] * 12} for player in data["players"]]}
    assert_not_blank(as_image(summary.render(data)))


def rebuild() -> None:
    """The fixtures again from seeded bot games (only when the summary's data changes)."""
    from bot.engine import new_game, play, rng_for
    from bot.games import registry
    from bot.i18n import HOST, words
    from bot.store import GameRecord, SeatRecord
    from bot.table import history
    from bot.table.model import Table

    HERE.mkdir(exist_ok=True)
    for game_id in TITLES:
        kit_ = registry.kit(game_id)
        options = {"language": "pl"} if game_id == "billboard" else {}
        state = new_game(kit_.game, 4, options, SEED)
        log = []
        while kit_.game.result(state) is None:
            seat = min(kit_.game.pending(state))
            action = kit_.bot.choose(state, seat, rng_for(SEED, state["_move"], f"bot{seat}"))
            state, _ = play(kit_.game, state, seat, action)
            log.append((seat, action))
        record = GameRecord(42, game_id, "finished", options, SEED, state, len(log) + 1, {}, 1,
                            None, None, None, None, None)
        names = ["Ann", "Bartosz Łagiewnicki", "Cat", "Dorota"]
        table = Table(record, [SeatRecord(seat, None, name, True, True) for seat, name in enumerate(names)])
        found = history.summary(kit_.game, table, log, words(HOST, table.language))
        (HERE / f"{game_id}.json").write_text(json.dumps(found.picture, ensure_ascii=False, indent=1) + "\n",
                                              encoding="utf-8")


if __name__ == "__main__":
    rebuild()
