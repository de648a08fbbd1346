"""The look-ups of /sfscene (bot/games/san_francisco_scene/lookup.py): they read the content
and the public view only, so scrambling every secret of a game (the Cable Car deck's order,
an open offer's terms, a trade being put together) changes no answer; and each answer says
what the Ownership Cards, the Cable Car cards and the view say."""
from __future__ import annotations

import copy
import random

import pytest

from bot.engine import new_game, play, rng_for
from bot.games import registry
from bot.games.san_francisco_scene import lookup
from bot.games.san_francisco_scene.money import worth as rules_worth

GAME_ID = "san-francisco-scene"
KIT = registry.kit(GAME_ID)
GAME, BOT = KIT.game, KIT.bot
BOARD = GAME.board


def played(seed: int, moves: int, players: int = 4, stop=None) -> dict:
    """A seeded bot game after ``moves`` moves (or at the first state ``stop`` accepts)."""
    state = new_game(GAME, players, {}, seed)
    for _ in range(moves):
        if GAME.result(state) is not None or (stop is not None and stop(state)):
            break
        seat = min(GAME.pending(state))
        state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(seed, state["_move"], "bot")))
    return state


def scrambled(state: dict, seed: int) -> dict:
    """The same game with every secret changed: the deck dealt in another order, an open
    offer's and a trade draft's terms replaced by others."""
    other = copy.deepcopy(state)
    rng = random.Random(seed)
    rng.shuffle(other["deck"])
    for key in ("offer", "draft"):
        if other.get(key):
            other[key] = _other_terms(other[key], rng)
    return other


def _other_terms(value, rng: random.Random):
    """Every number in an offer's or a draft's terms moved, every list reversed."""
    if isinstance(value, dict):
        return {key: (item if key in ("by", "to", "number", "round", "kind", "seat")
                      else _other_terms(item, rng)) for key, item in value.items()}
    if isinstance(value, list):
        return [_other_terms(item, rng) for item in reversed(value)]
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return value + rng.randrange(1, 50) * 10_000


def answers(state: dict) -> list[str]:
    view = GAME.view(state, None)
    texts = [lookup.describe_space(BOARD, space_id, view) for space_id, _ in lookup.space_entries(BOARD)]
    texts += [lookup.describe_card(BOARD, card_id) for card_id, _ in lookup.card_entries(BOARD)]
    texts += [lookup.owners(BOARD, view), lookup.fund(BOARD, view), lookup.worth(BOARD, view)]
    return texts


# --- nothing secret reaches an answer ---------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_answer_changes_when_every_secret_does(seed):
    state = played(seed, 150)
    before = answers(state)
    for other in (scrambled(state, n) for n in range(3)):
        assert other["deck"] != state["deck"] or len(state["deck"]) < 2
        assert answers(other) == before


def test_an_open_offer_shows_who_but_never_its_terms():
    state = None
    for seed in range(1, 40):
        state = played(seed, 400, stop=lambda s: s["offer"] is not None)
        if state["offer"] is not None:
            break
    assert state is not None and state["offer"] is not None, "no bot game opened an offer"
    texts = answers(state)
    assert texts == answers(scrambled(state, 9))
    hidden = scrambled(state, 9)["offer"]["terms"]
    assert hidden != state["offer"]["terms"]


# --- a space ------------------------------------------------------------------------------------

def test_every_space_has_one_entry_and_every_entry_fits_a_suggestion():
    entries = lookup.space_entries(BOARD)
    names = {BOARD.spaces[value].name for value, _ in entries}
    assert names == {space.name for space in [*BOARD.loop, *BOARD.bay]}
    assert len(names) == len(entries)
    assert all(len(name) <= 100 for _, name in entries)
    union = next(name for value, name in entries if value == "union-square")
    assert union == f"Union Square — property, ${BOARD.spaces['union-square'].price:,}"


def test_a_property_reads_as_its_ownership_card():
    hayward = BOARD.spaces["hayward"]
    text = lookup.describe_space(BOARD, "hayward")
    assert text.startswith("**Hayward** — a property, space 31 of the loop")
    assert f"**Price:** ${hayward.price:,}" in text
    assert " · ".join(f"{n}: ${rent:,}" for n, rent in enumerate(hayward.rent)) in text
    assert f"**Each development:** ${hayward.development_cost:,}" in text
    assert "only a player who also owns Walnut Creek may develop it" in text  # its starred pair
    assert "▼ Chevron" in text and "**Now:**" not in text


def test_special_spaces_say_what_they_do():
    oil = lookup.describe_space(BOARD, "substandard-oil")
    assert "Never developed" in oil and all(s.name in oil for s in BOARD.chevrons)
    bridge = lookup.describe_space(BOARD, "golden-gate-bridge")
    assert ("1 Alcatraz, 2 Angel Island, 3 San Quentin, 4 Richmond–San Rafael Bridge, "
            "5 Substandard Oil, 6 University of California") in bridge
    assert "two-dice move counted from the San Mateo Bridge" in lookup.describe_space(BOARD, "yerba-buena-island")
    assert "comes back onto the loop here" in lookup.describe_space(BOARD, "san-mateo-bridge")
    assert ("A 5 on the die from the Golden Gate Bridge stops a token here."
            in lookup.describe_space(BOARD, "substandard-oil"))
    assert f"${BOARD.rules.jail_fee:,}" in lookup.describe_space(BOARD, "san-quentin")
    bank = lookup.describe_space(BOARD, "wells-crocker-bank")
    assert f"${BOARD.rules.loan:,}" in bank and f"${BOARD.rules.loan + BOARD.rules.loan_interest:,}" in bank
    assert "City Hall Connection Cards" in lookup.describe_space(BOARD, "city-hall")


def test_rent_now_follows_developments_and_the_telephone_monopoly():
    view = GAME.view(played(1, 0), None)
    spaces = {space["id"]: space for space in view["board"]}
    spaces["piedmont"].update(owner=2, developments=3)
    spaces["spacific-telephone"].update(owner=1)
    assert lookup.rent_now(BOARD, "piedmont", view) == BOARD.spaces["piedmont"].rent[3]
    text = lookup.describe_space(BOARD, "piedmont", view)
    assert f"**Now:** {{p2}} owns it with 3 developments; landing here costs ${BOARD.spaces['piedmont'].rent[3]:,}." in text
    phone = BOARD.spaces["spacific-telephone"].rent[0]
    assert lookup.rent_now(BOARD, "spacific-telephone", view) == phone
    spaces["public-utilities-commission"].update(owner=1)
    assert lookup.rent_now(BOARD, "spacific-telephone", view) == 2 * phone
    spaces["public-utilities-commission"].update(owner=0)
    assert lookup.rent_now(BOARD, "spacific-telephone", view) == phone
    spaces["piedmont"].update(owner="fund")
    assert lookup.rent_now(BOARD, "piedmont", view) == 0
    assert "in the Public Fund" in lookup.describe_space(BOARD, "piedmont", view)


def test_in_a_game_a_space_says_who_stands_there_and_who_is_in_jail():
    view = GAME.view(played(1, 0), None)
    view["players"][1].update(space="san-quentin", in_jail=True, jail_turns=2)
    text = lookup.describe_space(BOARD, "san-quentin", view)
    assert "**Inside:** {p1} (2 turns so far)." in text and "Standing here: {p1}." in text
    home = view["players"][0]["home"]
    assert f"plays the {BOARD.groups[view['players'][0]['groups'][0]].name}." in lookup.describe_space(
        BOARD, home, view)


# --- Cable Car cards ---------------------------------------------------------------------------

def test_cards_are_the_printed_deck_and_say_what_they_do():
    entries = lookup.card_entries(BOARD)
    assert [value for value, _ in entries] == list(BOARD.deck)  # blank cards stay out
    for card_id, text in entries:
        card = BOARD.cards[card_id]
        answer = lookup.describe_card(BOARD, card_id)
        assert f"> {text}" in answer and "**Effect:** as printed." not in answer
        if card.space:
            assert BOARD.spaces[card.space].name in answer
        if card.amount:
            assert f"${card.amount:,}" in answer


# --- who owns what, the Fund, worth -----------------------------------------------------------

def test_owners_lists_cash_groups_connections_and_cards():
    state = played(2, 250)
    view = GAME.view(state, None)
    text = lookup.owners(BOARD, view)
    for seat, player in enumerate(state["seats"]):
        if player["bankrupt"]:
            assert f"{{p{seat}}} — bankrupt" in text
            continue
        assert f"{{p{seat}}} — ${player['cash']:,}" in text
        for space_id, owner in state["owners"].items():
            if owner == seat:
                assert BOARD.spaces[space_id].name in text
    assert f"**Public Fund:** ${state['fund']:,}" in text
    assert len(text) < 4000


def test_the_fund_names_its_cards():
    view = GAME.view(played(1, 0), None)
    view["fund"] = {"cash": 380_000, "cards": ["fishermans-wharf", "hayward"]}
    text = lookup.fund(BOARD, view)
    assert text.startswith("**Public Fund:** $380,000; Ownership Cards: Fisherman’s Wharf, Hayward.")
    assert "Unemployment Office" in text


@pytest.mark.parametrize("seed", [1, 4])
def test_worth_is_what_the_rules_count_at_the_limit(seed):
    state = played(seed, 300)
    view = GAME.view(state, None)
    for seat, player in enumerate(state["seats"]):
        if not player["bankrupt"]:
            assert lookup.worth_of(BOARD, view, seat).total == rules_worth(BOARD, state, seat)
    text = lookup.worth(BOARD, view)
    ranked = sorted((s for s, p in enumerate(state["seats"]) if not p["bankrupt"]),
                    key=lambda s: (-rules_worth(BOARD, state, s), s))
    positions = [text.index(f"{{p{seat}}} **") for seat in ranked]
    assert positions == sorted(positions)
    assert "The game ends when all but one are bankrupt, or after round 20" in text
