"""Every real game's choices, at every step of seeded bot games, fit Discord's controls."""
from __future__ import annotations

import pytest

from bot import controls, registry
from bot.engine import MAX_ACTION_LENGTH, new_game, play, rng_for
from bot.tables import SEAT_TOKEN, choice_payload

GAMES = [g for g in registry.available() if g in registry.PACKAGES]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_choice_fits_a_custom_id_and_a_layout(game_id):
    kit = registry.kit(game_id)
    game = kit.game
    for players in sorted({game.min_players, min(4, game.max_players), game.max_players}):
        names = [f"Player {i + 1} with a long display name" for i in range(players)]
        for seed in range(2):
            state = new_game(game, players, None, seed)
            while game.result(state) is None:
                for seat in game.pending(state):
                    choices = game.legal(state, seat)
                    assert choices, f"seat {seat} is pending with nothing to choose"
                    payload = [choice_payload(c, names) for c in choices]
                    for choice in payload:
                        assert len(choice["action"]) <= MAX_ACTION_LENGTH
                        assert not SEAT_TOKEN.search(choice["label"]), choice["label"]
                    # a 13-digit game id and a 7-digit version: years of play on a busy server
                    rows, pages = controls.layout(10**12, 10**6, payload)
                    for row in rows:
                        ids = [row.custom_id] if isinstance(row, controls.Select) else [b.custom_id for b in row]
                        assert all(len(i) <= controls.CUSTOM_ID for i in ids)
                    assert pages == 1, f"{len(choices)} choices need paging: {[c.label for c in choices][:5]}"
                seat = min(game.pending(state))
                state, _ = play(game, state, seat, kit.bot.choose(state, seat, rng_for(seed, state["_move"], "b")))
