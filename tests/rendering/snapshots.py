"""The views the reference pictures are drawn from, and how they were made.

The views are committed as JSON under ``views/`` rather than rebuilt from a seeded game at
test time: a change to a game's rules or bots would otherwise move every picture, and the
reference test would fail for reasons that have nothing to do with drawing. Here a picture
changes only when its renderer (or its fixture) does.

    python -m tests.rendering.snapshots     # regenerate views/ from the seeded games below

Regenerate only when the *view format* changes (a renderer needs a key the old views lack);
then update the references too (see README.md) and look at every one.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
VIEWS = HERE / "views"

View = dict[str, Any]
#: (public view after a move, images that move's events named) -> take this snapshot?
Pick = Callable[[View, set[str]], bool]


@dataclass(frozen=True)
class Recipe:
    players: int
    seed: int
    names: list[str]
    snaps: dict[str, Pick]  # name -> the first view it accepts ("start" and "end" are implicit)
    options: dict[str, Any] | None = None


RECIPES: dict[str, Recipe] = {
    "advance-to-boardwalk": Recipe(4, 1, ["Łucja Żółć", "Bartholomew", "Chidi", "Dana"], {
        "mid": lambda v, _: v["turn_number"] >= 15 and v["phase"] == "build",
    }),
    "hollywood-boulevard": Recipe(4, 1, ["Zofia Łągiewnicka", "Bartholomew the Great", "Cleo",
                                         "Dmitri"], {
        # round 4, markers placed and some films already picked
        "mid": lambda v, _: v["round"] == 4 and v["phase"] == "pick"
        and any(f["owner"] is not None for f in v["array"]),
        # the moment round 2's advertising reveal and payout are announced
        "reveal": lambda v, images: "bids" in images and v["round"] >= 3,
    }),
    "hollywood-1947": Recipe(5, 1, ["Ann", "Bartholomew Longname-Smythe", "Łucja Żółć", "Dmitri",
                                    "Eve"], {
        "mid": lambda v, _: v["round"] == 4 and v["phase"] == "production"
        and v["turns_taken"] >= 2,
        "premiere": lambda v, images: "premiere" in images and v["round"] >= 2,
    }),
    # a small game has ghost cards and taller rows
    "hollywood-1947-small": Recipe(3, 2, ["Ann", "Bo", "Cy"], {
        "mid": lambda v, _: v["round"] == 3 and v["phase"] == "production"
        and v["turns_taken"] >= 1,
    }),
    # an auction with offers made, a company bid standing and a peeked pile
    "billboard": Recipe(4, 3, ["Łucja Żółć", "Bartholomew Longname-Smythe", "Chidi", "Dana"], {
        "mid": lambda v, _: v["phase"] == "auction" and bool(v["auction"]["offers"])
        and any(c["bid"] for c in v["companies"]) and any(a["peeked"] for a in v["agencies"]),
    }),
    # the same board in Polish, six players
    "billboard-pl": Recipe(6, 2, ["Zofia Łągiewnicka", "Bartholomew Longname-Smythe", "Grzegorz",
                                  "Żaneta Ćwik", "Eve", "Feliks"], {
        "mid": lambda v, _: v["phase"] == "auction" and len(v["auction"]["offers"]) >= 2,
    }, options={"language": "pl"}),
    # an auction with a bid standing on a developed board; a player goes bankrupt by the end
    "san-francisco-scene": Recipe(4, 16, ["Łucja Żółć", "Bartholomew Longname-Smythe", "Chidi",
                                         "Dana"], {
        "mid": lambda v, _: bool(v["auction"]) and v["auction"]["bidder"] is not None
        and any(space["developments"] for space in v["board"]),
    }),
}

#: (game, view, image) for every reference picture
CASES: list[tuple[str, str, str]] = [
    ("advance-to-boardwalk", "start", "board"),
    ("advance-to-boardwalk", "mid", "board"),
    ("advance-to-boardwalk", "end", "board"),
    ("hollywood-boulevard", "start", "board"),
    ("hollywood-boulevard", "mid", "board"),
    ("hollywood-boulevard", "mid", "array"),
    ("hollywood-boulevard", "reveal", "bids"),
    ("hollywood-boulevard", "reveal", "payout"),
    ("hollywood-boulevard", "end", "board"),
    ("hollywood-1947", "start", "table"),
    ("hollywood-1947", "mid", "table"),
    ("hollywood-1947", "premiere", "premiere"),
    ("hollywood-1947", "end", "table"),
    ("hollywood-1947-small", "mid", "table"),
    ("billboard", "start", "board"),
    ("billboard", "mid", "board"),
    ("billboard", "end", "board"),
    ("billboard-pl", "mid", "board"),
    ("billboard-pl", "end", "board"),
    ("san-francisco-scene", "start", "board"),
    ("san-francisco-scene", "mid", "board"),
    ("san-francisco-scene", "end", "board"),
]


def game_id(fixture: str) -> str:
    return fixture.removesuffix("-small").removesuffix("-pl")


def load_view(fixture: str, name: str) -> View:
    return json.loads((VIEWS / fixture / f"{name}.json").read_text(encoding="utf-8"))


def generate(fixture: str) -> dict[str, View]:
    """Play the recipe's seeded bot game and keep the views its snapshots ask for."""
    from bot.engine import new_game, play, rng_for
    from bot.games.registry import kit

    recipe = RECIPES[fixture]
    game_kit = kit(game_id(fixture))
    game, bot = game_kit.game, game_kit.bot
    state = new_game(game, recipe.players, recipe.options, recipe.seed)
    taken = {"start": game.view(state, None)}
    while game.result(state) is None:
        seat = min(game.pending(state))
        action = bot.choose(state, seat, rng_for(recipe.seed, state["_move"], "bot"))
        state, events = play(game, state, seat, action)
        view, images = game.view(state, None), {e.image for e in events if e.image}
        for name, pick in recipe.snaps.items():
            if name not in taken and pick(view, images):
                taken[name] = view
    taken["end"] = game.view(state, None)
    missing = set(recipe.snaps) - set(taken)
    assert not missing, f"{fixture}: the game never reached {missing}"
    for view in taken.values():
        view["names"] = recipe.names
    return taken


def main() -> None:
    for fixture in RECIPES:
        (VIEWS / fixture).mkdir(parents=True, exist_ok=True)
        used = {name for f, name, _ in CASES if f == fixture}
        for name, view in generate(fixture).items():
            if name not in used:
                continue
            path = VIEWS / fixture / f"{name}.json"
            path.write_text(json.dumps(view, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                            encoding="utf-8")
            print(path.relative_to(HERE))


if __name__ == "__main__":
    main()
