"""Every real game's choices, at every step of seeded bot games, fit Discord's controls
(and the toy game that asks for amounts and subsets, since no real one does yet)."""
from __future__ import annotations

import pytest

from bot import controls
from bot.delivery.outgoing import Outgoing
from bot.engine import MAX_ACTION_LENGTH, new_game, play, rng_for
from bot.games import registry
from bot.table.service import SEAT_TOKEN, choice_payload, name_seats
from cogs import cards
from cogs import play as ui
from cogs.transport import standing_text
from tests import decisions_game

GAMES = [g for g in registry.available() if g in registry.PACKAGES] + [decisions_game.GAME_ID]


def check_fits(payload: list[dict]) -> None:
    for choice in payload:
        assert len(choice["action"]) <= MAX_ACTION_LENGTH
        assert not SEAT_TOKEN.search(choice["label"]), choice["label"]
        if "amount" in choice:
            form = controls.amount_form(choice)
            assert len(form.title) <= controls.FORM_TEXT and len(form.label) <= controls.FORM_TEXT
        if "subset" in choice:
            options = choice["subset"]["options"]
            assert len(options) <= controls.MAX_SUBSET_OPTIONS, "a subset's options fit one message"
            assert all(len(value) <= 100 for value, _ in options)
    # a 13-digit game id and a 7-digit version: years of play on a busy server
    rows, pages = controls.layout(10**12, 10**6, payload)
    for row in rows:
        ids = [row.custom_id] if isinstance(row, controls.Select) else [b.custom_id for b in row]
        assert all(len(i) <= controls.CUSTOM_ID for i in ids)
        # The pattern that dispatches a click takes every id drawn (an action with a space would not).
        assert all(ui.kind_of(i) is not None for i in ids), ids
    assert pages == 1, f"{len(payload)} choices need paging: {[c['label'] for c in payload][:5]}"


def check_standing(game, state, names: list[str]) -> None:
    """Where the game stands and whom it waits on, as a card shows it below the board: whole
    (cogs/cards.py cuts only past STANDING_MOST)."""
    pending = game.pending(state)
    turn = [{"seat": seat, "user_id": 10**18, "prompt": name_seats(game.prompt(state, seat), names), "choices": []}
            for seat in pending]
    shown = standing_text(Outgoing(game_id=1, game_type="", version=1, text="", turn=turn,
                                   status=name_seats(game.status(state), names), decided=(0, len(pending))))
    assert len(shown) <= cards.STANDING_MOST, shown


@pytest.mark.parametrize("game_id", GAMES)
def test_every_choice_fits_a_custom_id_and_a_layout(game_id):
    kit = registry.kit(game_id)
    game = kit.game
    for players in sorted({game.min_players, min(4, game.max_players), game.max_players}):
        names = [f"Player {i + 1} with a long display name" for i in range(players)]
        for seed in range(2):
            state = new_game(game, players, None, seed)
            while game.result(state) is None:
                check_standing(game, state, names)
                for seat in game.pending(state):
                    choices = game.legal(state, seat)
                    assert choices, f"seat {seat} is pending with nothing to choose"
                    check_fits([choice_payload(c, names) for c in choices])
                seat = min(game.pending(state))
                state, _ = play(game, state, seat, kit.bot.choose(state, seat, rng_for(seed, state["_move"], "b")))
