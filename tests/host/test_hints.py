"""Hints (issue 39, part 3): the strong bot's estimates for a seat, from its knowledge only, at
a table with the coach, one a decision and a few a game, refused at a rated table."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from bot.engine import rng_for
from bot.engine.search import Budget
from bot.games import registry
from bot.table import hints, practice
from bot.table.service import Member, TableError, Tables
from bot.table.thinking import Thinking
from tests.engine.twins import twin
from tests.engine_checks import bot_game_decisions
from tests.host.test_community import BOT, play_tally

ADA = Member(7, "Ada")
HERE = 100
#: A budget in samples only: the same hint every run, and quick.
TINY = Budget(samples=4, seconds=None, candidates=3)
BOARDWALK = "advance-to-boardwalk"


def thinking() -> Thinking:
    return Thinking(limit=1, budget=TINY)


async def _ada_to_decide(tables: Tables, seed: int):
    """A practice game of Advance to Boardwalk, dealt, played by its bots until Ada decides."""
    table = await practice.open_practice(tables, BOARDWALK, ADA, guild_id=HERE, channel_id=HERE, seed=seed)
    await tables.start(table.id, ADA)
    table = await tables.table(table.id)
    game = registry.game(BOARDWALK)
    assert 0 in game.pending(table.state), "Ada opens, then bots answer at once"
    return table


async def test_a_hint_is_the_strong_bots_best_moves_with_their_chances(store):
    tables = Tables(store)
    table = await _ada_to_decide(tables, seed=11)
    found = await hints.hint(store, thinking(), table, ADA.id, "en")
    labels = {choice.label for choice in registry.game(BOARDWALK).legal(table.state, 0)}
    assert 1 <= len(found.moves) <= hints.SHOWN
    assert all(label in labels for label, _ in found.moves), "named as the seat's own choices"
    chances = [estimate.chance for _, estimate in found.moves]
    assert chances[1:] == sorted(chances[1:], reverse=True) and all(0 <= chance <= 1 for chance in chances)
    strong = registry.bots(BOARDWALK, budget=TINY)[1]
    rng = rng_for(f"hint:{table.id}", table.state["_move"], "hint0")
    pick = strong.policy.decide(strong.knowledge(table.state, 0, rng), rng)
    assert found.moves[0][0] == next(c.label for c in registry.game(BOARDWALK).legal(table.state, 0)
                                     if c.action == pick), "the strong bot's own pick comes first"
    assert all(estimate.samples == TINY.samples for _, estimate in found.moves)
    assert found.left == hints.HINTS_PER_GAME - 1
    text = hints.hint_lines(found, "en")
    label, best = found.moves[0]
    assert f"*{label}*: wins {round(100 * best.chance)} % of 4 sampled games" in text
    assert f"{hints.HINTS_PER_GAME - 1} hints left this game" in text
    assert hints.asked_line("en", 0) == "💡 {p0} asked the coach for a hint."


async def test_one_hint_a_decision_a_few_a_game_and_none_at_a_rated_table(store, monkeypatch):
    monkeypatch.setattr(hints, "HINTS_PER_GAME", 2)
    tables = Tables(store)
    table = await _ada_to_decide(tables, seed=12)
    await hints.hint(store, thinking(), table, ADA.id, "en")
    with pytest.raises(TableError, match="You have had this decision's hint"):
        await hints.hint(store, thinking(), table, ADA.id, "en")
    game = registry.game(BOARDWALK)
    while True:  # Ada's next decision (her choices change with each step of her turn)
        choice = next(c.action for c in game.legal(table.state, 0) if not c.template)
        await tables.act(table.id, ADA, choice)
        table = await tables.table(table.id)
        if 0 in game.pending(table.state):
            break
    assert (await hints.hint(store, thinking(), table, ADA.id, "en")).left == 0
    await tables.act(table.id, ADA, next(c.action for c in game.legal(table.state, 0) if not c.template))
    table = await tables.table(table.id)
    if 0 in game.pending(table.state):
        with pytest.raises(TableError) as refused:
            await hints.hint(store, thinking(), table, ADA.id, "pl")
        assert "Masz za sobą 2 podpowiedzi w tej grze" in str(refused.value)

    rated = await tables.table(await play_tally(tables, HERE, [ADA, BOT], [9, None]))
    with pytest.raises(TableError, match="This game is rated, so nobody gets one here"):
        await hints.hint(store, thinking(), rated, ADA.id, "en")


@pytest.mark.parametrize("game_type", [title.id for title in registry.TITLES])
def test_twins_the_seat_cannot_tell_apart_get_the_same_hint(game_type):
    """At a few decisions of a seeded bot game, the hint for the deciding seat is the same in
    the game and in a world it cannot tell apart (``tests/engine/twins.py``: everything hidden
    from it dealt again, the dice to come too)."""
    kit = registry.kit(game_type)
    players = max(kit.game.min_players, min(kit.game.max_players, 4))
    checked = 0
    for number, (state, seat) in enumerate(bot_game_decisions(kit.game, kit.bot, players, 3)):
        if number % 9 or len(kit.game.legal(state, seat)) < 2:
            continue
        other = twin(game_type, state, seat, random.Random(number))
        ours = hints.weigh_for_hint(game_type, state, seat, "hint:1", TINY)
        assert ours == hints.weigh_for_hint(game_type, other, seat, "hint:1", TINY), (number, seat)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_the_search_still_decides_as_it_weighs():
    """``weigh`` is ``decide`` with its estimates: the same choice from the same generator."""
    kit = registry.kit(BOARDWALK)
    strong = registry.bots(BOARDWALK, budget=TINY)[1]
    for state, seat in list(bot_game_decisions(kit.game, kit.bot, 3, 5))[:40:8]:
        knowledge = strong.knowledge(state, seat, rng_for(5, state["_move"], "k"))
        weighed = strong.policy.weigh(knowledge, rng_for(5, state["_move"], "w"))
        assert weighed.choice == strong.policy.decide(knowledge, rng_for(5, state["_move"], "w"))
        if weighed.estimates():
            assert weighed.choice in weighed.candidates


def test_a_hint_thought_past_its_clock_still_weighs_one_sample():
    """A worker kept waiting on a busy machine may start after its second is over: the hint
    then weighs one sample rather than show nothing."""
    kit = registry.kit(BOARDWALK)
    state, seat = next((state, seat) for state, seat in bot_game_decisions(kit.game, kit.bot, 3, 5)
                       if len([c for c in kit.game.legal(state, seat) if not c.template]) > 2)
    found = json.loads(hints.weigh_for_hint(BOARDWALK, state, seat, "hint:1", replace(TINY, seconds=0.0)))
    assert found["estimates"] and all(samples == 1 for _, _, samples in found["estimates"])
    alone = hints.Hint(0, [], 4, "Draw your Fortune card for the F")
    assert hints.hint_lines(alone, "en").startswith(
        "💡 The strong bot weighs only one move here: *Draw your Fortune card for the F*.")
