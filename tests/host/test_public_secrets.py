"""Nothing public depends on a secret (issue 25, point 16).

Twin states: one real mid-game state of a bot game, and a copy with a secret changed (another
seat's hand, a hidden roll, a sealed bid, a deck's order, a loyalty) and the public view kept
(``game.view(a, None) == game.view(b, None)`` is asserted first). Whatever the host makes
public from them must then be the same, to the byte:

- the thread payload of the game as it stands (``turn_payload``: what a reminder, a clock's
  warning or a seat changing hands shows), for twins with every secret changed, the waiting
  seat's own too;
- the thread item of the move that follows (``_notifications``: its lines, whom it asks,
  whom it waits on and with which prompts and public choices), for twins in which the mover
  keeps their own secrets (so the same move is theirs to make in both) and every other secret
  changes;
- the post the dispatcher plans of that item and composes (``plan_post``, ``_compose_post``:
  edit or new post, text, pings, the count of who has decided, the buttons and selects with
  their custom ids) and the public view its board is drawn from.

At every decision of several bot games of each title. Two cases of the issue are spelled out
on their own: Advance to Boardwalk's pause on an **F** with and without *Second Chance* in
hand, and Hollywood Boulevard's Preview House roll with and without snake eyes.
"""
from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import asdict, replace
from typing import Any

import pytest

from bot.delivery.dispatcher import Dispatcher
from bot.delivery.post_plan import PostPlan, plan_post
from bot.engine import Event, new_game, offered, play, rng_for
from bot.games import registry
from bot.store.base import GameRecord, OutboxItem, PostRecord, SeatRecord
from bot.table.model import Table
from bot.table.notices import Notifications, public_view_at
from bot.table.service import put_to
from cogs.transport import post_text, turn_rows
from tests.host.worlds import ViewDrawing

GAME_ID, THREAD = 12, 3400
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]

Scramble = Callable[[dict, "int | None", random.Random], dict]


# ---------------------------------------------------------------- twins, title by title
#
# Each takes a state, the seat whose secrets stay (None: nobody's) and a generator, and
# returns a copy with the other secrets changed and everything public as it was.

def boardwalk_twin(state: dict, keep: int | None, rng: random.Random) -> dict:
    """The Fortune cards in the other hands and the draw pile dealt again (sizes stay)."""
    state = copy.deepcopy(state)
    seats = [s for s in range(state["players"]) if s != keep]
    pool = [card for s in seats for card in state["hands"][s]] + state["draw_pile"]
    rng.shuffle(pool)
    for s in seats:
        state["hands"][s] = [pool.pop() for _ in state["hands"][s]]
    state["draw_pile"] = pool
    return state


def billboard_twin(state: dict, keep: int | None, rng: random.Random) -> dict:
    """Every face-down contract the kept seat has not peeked at swapped for another of its
    deck not yet seen (a peek follows its card), and the undealt decks shuffled."""
    state = copy.deepcopy(state)
    contracts = registry.game("billboard").content.contracts
    known = {p["card"] for a in state["agencies"].values() for p in a["peeks"] if p["seat"] == keep}
    swap: dict[str, str] = {}
    for deck, undealt in state["decks"].items():
        hidden = [c for a in state["agencies"].values() for c in a["pile"]
                  if contracts[c].deck == deck and c not in known]
        pool = hidden + list(undealt)
        rng.shuffle(pool)
        swap.update(zip(hidden, pool))
        state["decks"][deck] = pool[len(hidden):]
    for agency in state["agencies"].values():
        agency["pile"] = [swap.get(c, c) for c in agency["pile"]]
        for peek in agency["peeks"]:
            peek["card"] = swap.get(peek["card"], peek["card"])
    return state


def hollywood_1947_twin(state: dict, keep: int | None, rng: random.Random) -> dict:
    """The other seats' loyalties dealt again, every hidden card not in the kept seat's hand
    (hands, the deck's order, the discards, the movie, the ghosts') dealt again, the poster
    deck shuffled and, unless it is the kept seat's, the Screenwriter's rejected poster swapped."""
    state = copy.deepcopy(state)
    seats = [s for s in range(state["players"]) if s != keep]
    loyalties = [state["loyalty"][s] for s in seats]
    rng.shuffle(loyalties)
    for s, loyalty in zip(seats, loyalties):
        state["loyalty"][s] = loyalty
    holders = [*(state["hands"][s] for s in seats), state["deck"], state["discard"], state["movie"]]
    hidden = [card for cards in holders for card in cards] + [g["card"] for g in state["ghosts"] if g["card"]]
    rng.shuffle(hidden)
    for cards in holders:
        cards[:] = [hidden.pop() for _ in cards]
    for ghost in state["ghosts"]:
        ghost["card"] = hidden.pop() if ghost["card"] else None
    rng.shuffle(state["posters"])
    if state["rejected"] and state["rejected"][0] != keep and state["posters"]:
        seat, rejected = state["rejected"]
        state["rejected"], state["posters"][0] = [seat, state["posters"][0]], rejected
        state["posters_out"] = [p if p != rejected else state["rejected"][1] for p in state["posters_out"]]
    return state


def hollywood_boulevard_twin(state: dict, keep: int | None, rng: random.Random) -> dict:
    """The other seats' Insider Tips dealt again from their hands and the deck (sizes stay),
    what stands behind their screens changed (bids within their cash, tips from their new
    hands), their secret rolls rolled again, and both decks' order changed."""
    state = copy.deepcopy(state)
    c = registry.game("hollywood-boulevard").content
    seats = [s for s in range(state["players"]) if s != keep]
    pool = [tip for s in seats for tip in state["hands"][s]] + state["tips"]["deck"]
    rng.shuffle(pool)
    for s in seats:
        state["hands"][s] = [pool.pop() for _ in state["hands"][s]]
    state["tips"]["deck"] = pool
    if state["screens"]:
        for s in seats:
            screen = state["screens"][s]
            pips = min(state["cash"][s] // c.rules.pip_value, 6)
            bids: dict[str, int] = {}
            for box in rng.sample(list(c.boxes), 3):
                bids[box] = rng.randint(0, min(c.rules.max_pips, pips - sum(bids.values())))
            screen["bids"] = {box: n for box, n in bids.items() if n}
            tips = [t for t in dict.fromkeys(state["hands"][s]) if c.tips[t].timing != "pick"
                    and t not in state["played"][s]]
            screen["press"] = None
            if "press" in tips and rng.random() < 0.5:
                tips.remove("press")
                screen["press"] = rng.choice(list(c.boxes))
            tips = [t for t in tips if t != "press"]
            screen["tips"] = rng.sample(tips, rng.randint(0, len(tips)))
    preview, agency = state["secret"]["preview"], state["secret"]["agency"]
    if preview and preview["seat"] != keep:
        preview["dice"] = [rng.randint(1, 6), rng.randint(1, 6)]
        snake = sum(preview["dice"]) == 2
        chosen = preview["genre"] is not None and state["phase"] != "genre"
        preview["genre"] = (rng.choice(list(c.genres)) if snake and chosen else None if snake
                            else c.genre_by_roll[sum(preview["dice"])])
    if agency and agency["seat"] != keep:
        agency["die"] = rng.randint(1, 6)
        agency["box"] = c.box_by_die[agency["die"]]
    state["deck_seeds"] = [rng.randrange(2**31), rng.randrange(2**31)]
    return state


def san_francisco_scene_twin(state: dict, keep: int | None, rng: random.Random) -> dict:
    """The Cable Car deck in another order, and an open offer's terms moved, unless the kept
    seat is one of its two players."""
    state = copy.deepcopy(state)
    rng.shuffle(state["deck"])
    offer = state["offer"]
    if offer and keep not in (offer["by"], offer["to"]):
        terms = offer["terms"]
        money = "price" if terms["kind"] == "connection" else "a_pays"
        terms[money] = max(0, terms[money] + 10_000 * rng.choice([-3, -2, -1, 1, 2, 3]))
    return state


def _hb_screens(part: str) -> Callable[[dict], Any]:
    return lambda state: [screen[part] for screen in state["screens"] or []]


#: title -> how to make its twins, the games played (players, options, seed), and the
#: secrets its twins must have changed somewhere in them (what each is read from).
TITLES: dict[str, tuple[Scramble, list[tuple[int, dict[str, Any], int]], dict[str, Callable[[dict], Any]]]] = {
    "advance-to-boardwalk": (boardwalk_twin, [(2, {}, 1), (3, {}, 2), (4, {}, 3)], {
        "Fortune cards in hand": lambda s: s["hands"], "the draw pile": lambda s: s["draw_pile"],
        "Second Chance in the hand of a seat paused on an F": lambda s: s["phase"] == "fortune_roll" and any(
            BOARDWALK.card(card).effect == "reroll" for card in s["hands"][s["turn"]])}),
    "billboard": (billboard_twin, [(3, {}, 1), (4, {}, 2)], {
        "face-down contracts": lambda s: {a: p["pile"] for a, p in s["agencies"].items()},
        "undealt contracts": lambda s: s["decks"]}),
    "hollywood-1947": (hollywood_1947_twin, [(3, {}, 1), (5, {}, 2), (7, {}, 3)], {
        "loyalties": lambda s: s["loyalty"], "hands": lambda s: s["hands"], "the deck": lambda s: s["deck"],
        "the movie": lambda s: s["movie"], "the ghosts' cards": lambda s: [g["card"] for g in s["ghosts"]],
        "the poster deck": lambda s: s["posters"]}),
    "hollywood-boulevard": (hollywood_boulevard_twin, [(2, {"rounds": 4}, 1), (3, {"rounds": 4}, 2),
                                                       (5, {"rounds": 4}, 3)], {
        "Insider Tips in hand": lambda s: s["hands"], "the tip deck": lambda s: s["tips"]["deck"],
        "sealed bids": _hb_screens("bids"), "tips behind a screen": _hb_screens("tips"),
        "the Press Agent's box": _hb_screens("press"),
        "the Preview House roll": lambda s: s["secret"]["preview"],
        "snake eyes at the Preview House": lambda s: bool(s["secret"]["preview"]) and sum(
            s["secret"]["preview"]["dice"]) == 2,
        "the Agency die": lambda s: s["secret"]["agency"], "the film decks": lambda s: s["deck_seeds"]}),
    "san-francisco-scene": (san_francisco_scene_twin, [(2, {}, 1), (3, {}, 2), (4, {}, 3)], {
        "the Cable Car deck": lambda s: s["deck"],
        "an offer's terms": lambda s: s["offer"] and s["offer"]["terms"]}),
}
BOARDWALK = registry.game("advance-to-boardwalk").board


# ---------------------------------------------------------------- what the host makes public

NOTICES = Notifications()
COMPOSER = Dispatcher(store=None, transport=None, drawing=ViewDrawing())  # type: ignore[arg-type]


class Thread:
    """One game's thread as the host fills it: what it shows of a state, and of a move."""

    def __init__(self, game_type: str, players: int, options: dict[str, Any]) -> None:
        self.game_type, self.players, self.options = game_type, players, options
        self.game = registry.game(game_type)
        self.latest: PostRecord | None = None  # the newest post, as the dispatcher left it

    def table(self, state: dict) -> Table:
        """The game at ``state``, every seat a member (so every seat gets pings and controls)."""
        record = GameRecord(id=GAME_ID, game_type=self.game_type, status="running", options=self.options,
                            seed=state["_seed"], state=state, version=state["_move"], seat_epochs={},
                            host_id=1001, guild_id=1, channel_id=THREAD - 1, thread_id=THREAD,
                            lobby_message_id=None, result=None)
        seats = [SeatRecord(seat=s, user_id=1001 + s, name=NAMES[s], is_bot=False, dm_ok=True)
                 for s in range(self.players)]
        return Table(record, seats)

    def standing(self, state: dict) -> dict[str, Any]:
        """The thread payload of the game as it stands (a reminder's, a clock's warning's)."""
        return NOTICES.turn_payload(self.table(state), state, state["_move"])

    async def move(self, old: dict, seat: int, action: str) -> tuple[dict[str, Any], dict, PostPlan, bool]:
        """One move as the table service makes it and the dispatcher posts it: everything
        public of it (``shown``), the state it leaves, the plan, and whether a post is made."""
        new, events = play(self.game, old, seat, action)
        public, plan, made = await self.shown(old, new, events, seat, action)
        return public, new, plan, made

    async def shown(self, old: dict, new: dict, events: list[Event], seat: int,
                    action: str) -> tuple[dict[str, Any], PostPlan, bool]:
        """What the thread shows of a move from ``old`` to ``new`` telling ``events``: the
        thread item the table service queues, the dispatcher's plan for it, the post it
        composes (text, controls with their custom ids) and the view the board is drawn from."""
        game = self.game
        table = self.table(new)
        version = new["_move"]
        choice = offered(game.legal(old, seat), action)
        asked = put_to(game, old, new, seat, self.players)
        [(kind, payload), *_] = NOTICES._notifications(
            table, new, events, version, asked, in_the_open=choice is not None and not choice.private,
            rules=game)
        assert kind == "thread"
        view = await public_view_at(table, version, log=None)
        item = OutboxItem(id=version, game_id=GAME_ID, kind="thread", payload={**payload, "view": view},
                          attempts=0)
        plan = plan_post([item], {version: (seat, 1001 + seat)}, self.latest)
        message = await COMPOSER._compose_post(table, [item], plan)
        post = None if message is None else {
            "text": post_text(message), "message": asdict(message),
            "controls": [[asdict(b) for b in row] if isinstance(row, list) else asdict(row)
                         for row in turn_rows(message)]}
        public = {"item": payload, "view": view, "post": post,
                  "plan": {"edit": plan.edit is not None, "run": plan.run.json(), "body": plan.body,
                           "added": plan.added, "pings": plan.pings, "decided": plan.decided}}
        return public, plan, message is not None

    def posted(self, plan: PostPlan, version: int, shown: bool) -> None:
        """The dispatcher carried ``plan`` out: the thread's newest post is now this."""
        if not shown:  # nothing to show: a new decision stops the old post being edited
            if plan.edit is None and self.latest is not None:
                self.latest = replace(self.latest, run={})
            return
        if plan.edit is not None:
            self.latest = replace(plan.edit, version=version, run=plan.run.json())
            return
        number = self.latest.id + 1 if self.latest else 1
        self.latest = PostRecord(number, GAME_ID, None, THREAD, 9000 + number, 1, version, True, plan.run.json())


def differs(a: Any, b: Any) -> str:
    """Where two payloads first differ, for a failure's message."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return f"[{key!r}]{differs(a.get(key), b.get(key))}"
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for n, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return f"[{n}]{differs(x, y)}"
    return f": {a!r} != {b!r}"


# ---------------------------------------------------------------- every decision of bot games

@pytest.mark.parametrize("game_type", sorted(TITLES))
async def test_twins_that_differ_only_in_a_secret_look_the_same_in_public(game_type):
    scramble, games, secrets = TITLES[game_type]
    kit = registry.kit(game_type)
    game = kit.game
    decisions = moves = revealed = 0
    changed: set[str] = set()

    def twin_of(state: dict, keep: int | None) -> dict:
        twin = scramble(state, keep, rng)
        assert game.view(twin, None) == game.view(state, None), f"{where}: not a twin"
        changed.update(name for name, secret in secrets.items() if secret(twin) != secret(state))
        return twin

    for players, options, seed in games:
        thread = Thread(game_type, players, options)
        state = new_game(game, players, options, seed)
        rng = random.Random(seed)
        while game.result(state) is None:
            where = f"{game_type}, {players} players, seed {seed}, move {state['_move']}"
            # The game as it stands, every secret changed (the waiting seats' own too).
            twin = twin_of(state, None)
            ours, theirs = thread.standing(state), thread.standing(twin)
            assert ours == theirs, f"{where}: the thread payload{differs(ours, theirs)}"
            decisions += 1
            # The next move, made in both: the mover keeps their secrets, the others' change.
            seat = min(game.pending(state))
            action = kit.bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
            twin = twin_of(state, seat)
            ours, after, plan, shown = await thread.move(state, seat, action)
            if game.view(play(game, twin, seat, action)[0], None) == game.view(after, None):
                theirs, *_ = await thread.move(twin, seat, action)
                assert ours == theirs, f"{where} ({action}): the move's post{differs(ours, theirs)}"
                moves += 1
            else:
                revealed += 1  # the move showed the table a secret (a card played, screens lowered)
            thread.posted(plan, after["_move"], shown)
            state = after
    assert changed == set(secrets), f"no twin changed {sorted(set(secrets) - changed)}"
    assert moves > decisions * 3 // 4, f"{moves} moves of {decisions} compared; {revealed} revealed a secret"


# ---------------------------------------------------------------- the two cases of the issue

async def moment(game_type: str, players: int, options: dict[str, Any], found: Callable[[dict, dict, int], bool],
                 seeds: range = range(1, 40)) -> tuple[Thread, dict, dict, list[Event], int, str]:
    """The first move of a bot game that leads to a moment ``found(old, new, mover)`` looks
    for: the thread as it was, the states before and after, the move's events, its seat and action."""
    kit = registry.kit(game_type)
    for seed in seeds:
        thread, state = Thread(game_type, players, options), new_game(kit.game, players, options, seed)
        while kit.game.result(state) is None:
            seat = min(kit.game.pending(state))
            action = kit.bot.choose(state, seat, rng_for(seed, state["_move"], f"bot{seat}"))
            new, events = play(kit.game, state, seat, action)
            if found(state, new, seat):
                return thread, state, new, events, seat, action
            _, plan, made = await thread.shown(state, new, events, seat, action)
            thread.posted(plan, new["_move"], made)
            state = new
    raise AssertionError(f"no such moment in {game_type}'s bot games")


def private_choices(game_type: str, state: dict, seat: int) -> int:
    return sum(choice.private for choice in registry.game(game_type).legal(state, seat))


async def test_a_pause_on_an_f_looks_the_same_with_or_without_second_chance_in_hand():
    """Advance to Boardwalk asks anyone with a card in hand whether to answer an **F** with
    *Second Chance*, so the pause tells nothing of the hand: nor may what the thread shows of it."""
    def second_chance(card: str) -> bool:
        return BOARDWALK.card(card).effect == "reroll"

    def paused(old: dict, new: dict, mover: int) -> bool:
        return new["phase"] == "fortune_roll" and new["turn"] != mover

    thread, old, new, events, seat, action = await moment("advance-to-boardwalk", 3, {}, paused)
    pauser = new["turn"]
    holding, lacking = copy.deepcopy(new), copy.deepcopy(new)
    hand, pile = holding["hands"][pauser], holding["draw_pile"]
    if not any(map(second_chance, hand)):
        spare = next(n for n, card in enumerate(pile) if second_chance(card))
        hand[0], pile[spare] = pile[spare], hand[0]
    hand, pile = lacking["hands"][pauser], lacking["draw_pile"]
    for n, card in enumerate(hand):
        if second_chance(card):
            spare = next(m for m, other in enumerate(pile) if not second_chance(other))
            hand[n], pile[spare] = pile[spare], hand[n]
    game = registry.game("advance-to-boardwalk")
    assert game.view(holding, None) == game.view(lacking, None)
    assert (private_choices("advance-to-boardwalk", holding, pauser),
            private_choices("advance-to-boardwalk", lacking, pauser)) == (1, 0)
    ours, theirs = thread.standing(holding), thread.standing(lacking)
    assert ours == theirs, f"the thread payload{differs(ours, theirs)}"
    ours, _, _ = await thread.shown(old, holding, events, seat, action)
    theirs, _, _ = await thread.shown(old, lacking, events, seat, action)
    assert ours == theirs, f"the post of the move to the F{differs(ours, theirs)}"


async def test_the_preview_house_roll_looks_the_same_with_or_without_snake_eyes():
    """Hollywood Boulevard's Preview House holder rolls behind their screen and always takes a
    private step, so the table cannot tell snake eyes (any genre: ten choices) from another
    roll (its genre: one): nor may what the thread shows of it."""
    def rolled(old: dict, new: dict, mover: int) -> bool:
        return new["phase"] == "genre" and old["phase"] != "genre"

    thread, old, new, events, seat, action = await moment("hollywood-boulevard", 3, {"rounds": 4}, rolled)
    c = registry.game("hollywood-boulevard").content
    snake, seven = copy.deepcopy(new), copy.deepcopy(new)
    holder = new["secret"]["preview"]["seat"]
    snake["secret"]["preview"].update(dice=[1, 1], genre=None)
    seven["secret"]["preview"].update(dice=[3, 4], genre=c.genre_by_roll[7])
    game = registry.game("hollywood-boulevard")
    assert game.view(snake, None) == game.view(seven, None)
    assert (private_choices("hollywood-boulevard", snake, holder),
            private_choices("hollywood-boulevard", seven, holder)) == (10, 1)
    ours, theirs = thread.standing(snake), thread.standing(seven)
    assert ours == theirs, f"the thread payload{differs(ours, theirs)}"
    ours, _, _ = await thread.shown(old, snake, events, seat, action)
    theirs, _, _ = await thread.shown(old, seven, events, seat, action)
    assert ours == theirs, f"the post of the move to the roll{differs(ours, theirs)}"
