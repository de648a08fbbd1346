"""Checks that read a picture itself, so a blank or wrong picture fails without a reference:
it is not near-uniform, each seat's colour is where its token stands, the round (or turn)
drawn is the view's, and each player's name is drawn where it belongs.

Each check is run on the real renderer, and on two saboteurs that must fail them: one that
paints only the background, one that ignores the view it is given.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image

import rendering.advance_to_boardwalk as atb
import rendering.billboard as bb
import rendering.hollywood_1947 as h47
import rendering.hollywood_boulevard as hb
import rendering.san_francisco_scene as sfs
from rendering.kit import BACKGROUND, GOLD, player_style

from .pictures import (
    Box,
    Render,
    as_image,
    assert_changed,
    assert_colour_at,
    assert_not_blank,
    drawn,
    raw_picture,
    renderer,
)
from .snapshots import CASES, load_view

View = dict[str, Any]


@dataclass
class Probe:
    """Where a picture shows what: read from the view and the picture's height."""

    tokens: dict[int, Box] = field(default_factory=dict)  # seat -> its token
    gold: list[Box] = field(default_factory=list)  # boxes filled gold (the current round)
    label: tuple[View, list[Box]] | None = None  # (view with another round, where that shows)
    names: list[Box] = field(default_factory=list)  # seat -> where its name is written
    colours: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # a game's own colours


def seat_count(view: View) -> int:
    """Views give the players as a count, or (Billboard) as a list by seat."""
    players = view["players"]
    return len(players) if isinstance(players, list) else players


def other_names(view: View) -> View:
    changed = copy.deepcopy(view)
    changed["names"] = [f"Someone Else {seat}" for seat in range(seat_count(view))]
    return changed


def with_round(view: View, *path: str) -> View:
    """The view with the round at ``path`` moved on by one (back, at the last round)."""
    changed = copy.deepcopy(view)
    holder = changed
    for key in path[:-1]:
        holder = holder[key]
    last = changed.get("rounds", 7)
    holder[path[-1]] += 1 if holder[path[-1]] < last else -1
    return changed


def probe(image: str, view: View, height: int) -> Probe:
    seats = range(seat_count(view))
    if view["game"] == "advance-to-boardwalk":
        if view.get("result"):  # the header names the winner instead of the turn
            winners = [(view["result"]["winners"][0] + 1) % view["players"]]
            label = copy.deepcopy(view)
            label["result"]["winners"] = winners
        else:
            label = copy.deepcopy(view)
            label["status"] = re.sub(r"\d+", lambda m: str(int(m.group()) + 1), view["status"], 1)
        tokens = {s: atb.track_token_box(view, s) for s in seats}
        return Probe(tokens={s: box for s, box in tokens.items() if box},
                     label=(label, [atb.STATUS_BOX]),
                     names=[atb.player_name_box(view, s) for s in seats])
    if view["game"] == "hollywood-boulevard":
        if image == "board":
            rows = [hb.theatre_boxes(view, s, height) for s in seats]
            moved = with_round(view, "round")
            # Once the game is over the title bar names the winner; the track still shows the round.
            subtitle = [] if view.get("scores") else [hb.SUBTITLE_BOX]
            return Probe(tokens={s: rows[s][0] for s in seats}, gold=[hb.round_box(view)],
                         label=(moved, [*subtitle, hb.round_box(view), hb.round_box(moved)]),
                         names=[row[1] for row in rows])
        if image == "array":
            return Probe(label=(with_round(view, "round"), [hb.SUBTITLE_BOX]))
        if image == "bids":
            heads = [hb.bids_boxes(view, s) for s in seats]
            return Probe(tokens={s: heads[s][0] for s in seats}, names=[head[1] for head in heads],
                         label=(with_round(view, "reveal", "round"), [hb.SUBTITLE_BOX]))
        if image == "payout":  # names sit in blocks of varying height: anywhere will do
            return Probe(label=(with_round(view, "payout", "round"), [hb.SUBTITLE_BOX]),
                         names=[(0, 0, 1100, height)])
    if view["game"] == "hollywood-1947":
        if image == "premiere":
            return Probe(label=(with_round(view, "premiere", "round"), [h47.PREMIERE_TITLE_BOX]))
        rows = [h47.seat_boxes(view, s) for s in seats]
        over = view["phase"] == "over"  # the header says "Final cut", not the movie
        return Probe(tokens={s: rows[s][0] for s in seats}, names=[row[1] for row in rows],
                     label=None if over else (with_round(view, "round"), [h47.HEADER_RIGHT_BOX]))
    if view["game"] == "billboard":  # the game's own colours, not kit's
        over = view["phase"] == "over"  # the header names the winners; the track shows no round
        moved = with_round(view, "round")
        return Probe(tokens={s: bb.player_token_box(view, s) for s in seats},
                     colours={s: bb.colour_of(view, s) for s in seats},
                     gold=[] if over else [bb.round_box(view)],
                     label=None if over else (moved, [bb.STATUS_BOX, bb.round_box(view), bb.round_box(moved)]),
                     names=[bb.player_name_box(view, s) for s in seats])
    if view["game"] == "san-francisco-scene":  # bankrupt players' tokens have left the board
        tokens = {s: sfs.token_box(view, s) for s in seats}
        return Probe(tokens={s: box for s, box in tokens.items() if box},
                     label=(with_round(view, "round"), [sfs.STATUS_BOX]),
                     names=[sfs.player_name_box(view, s) for s in seats])
    raise AssertionError(f"no probe for {view['game']} {image}")


def applicable(found: Probe) -> set[str]:
    """The checks a picture has something for ("blank" always)."""
    present = {"tokens": found.tokens, "gold": found.gold, "round": found.label,
               "names": found.names}
    return {"blank"} | {check for check, there in present.items() if there}


def failures(render: Render, fixture: str, name: str, image: str) -> dict[str, str]:
    """Each check's failure message for this renderer's picture ({} when all pass)."""
    view = load_view(fixture, name)
    picture = as_image(render(view, image))
    found = probe(image, view, picture.height)

    def tokens() -> None:
        for seat, box in found.tokens.items():
            colour = found.colours.get(seat, player_style(seat).colour)
            assert_colour_at(picture, box, colour, f"seat {seat}'s token")

    def gold() -> None:
        for box in found.gold:
            assert_colour_at(picture, box, GOLD, "the current round", share=0.5)

    def round_() -> None:
        moved, boxes = found.label
        after = as_image(render(moved, image))
        for box in boxes:
            assert_changed(picture, after, box, "the round")

    def names() -> None:
        renamed = as_image(render(other_names(view), image))
        for seat, box in enumerate(found.names):
            assert_changed(picture, renamed, box, f"seat {seat}'s name")

    checks: dict[str, Callable[[], None]] = {
        "blank": lambda: assert_not_blank(picture), "tokens": tokens, "gold": gold,
        "round": round_, "names": names}
    result = {}
    for check in sorted(applicable(found)):
        try:
            checks[check]()
        except AssertionError as error:
            result[check] = str(error)
    return result


IDS = ["-".join(case) for case in CASES]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_picture_shows_the_view(case):
    fixture = case[0]
    assert failures(renderer(fixture), *case) == {}


def background_only(fixture: str, name: str, image: str) -> Render:
    """A renderer that gets the size right and paints nothing else."""
    blank = raw_picture(Image.new("RGB", as_image(drawn(fixture, name, image)).size, BACKGROUND))
    return lambda view, image="board": blank


def ignores_the_view(fixture: str, name: str, image: str) -> Render:
    """A renderer that draws the same (real) picture whatever the view says."""
    return lambda view, image="board": drawn(fixture, name, image)


def checks_that_apply(case: tuple[str, str, str]) -> set[str]:
    return applicable(probe(case[2], load_view(*case[:2]), as_image(drawn(*case)).height))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_checks_catch_a_picture_of_only_the_background(case):
    assert set(failures(background_only(*case), *case)) == checks_that_apply(case)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_checks_catch_a_picture_that_ignores_the_view(case):
    failed = set(failures(ignores_the_view(*case), *case))
    assert failed == checks_that_apply(case) & {"round", "names"} and failed
