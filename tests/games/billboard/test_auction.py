"""Selling advertising space: the contract auction, loyalty leads (1 matches, 2 or more wins
with one less, never the other way round), ads marked for the round, zero-billboard and
discarded contracts, turn order and deadlines."""
from __future__ import annotations

from bot.engine import SYSTEM_SEAT, deadlines

from .helpers import (
    GAME,
    act,
    actions,
    board,
    card,
    drive,
    fill,
    invariant,
    money_total,
    pile,
    public,
    refused,
    time_out,
)

NOT_BALICE = card(excluded=("balice",))
JOZEK = ["kz-3a", "kz-3b", "kr-3a", "kr-3b"]  # 12 in four billboards
ANDRZEJ = ["gz-1a", "gz-2b", "gz-3a", "gz-3b", "gz-6a"]  # 15 in five
ANDRZEJ_OFFER = ["gz-1a", "gz-3a", "gz-3b", "gz-6a"]  # 13 in four
MAREK = ["sm-6a", "sm-6b", "sm-1a", "sm-2a"]  # 15


def sheet_table(marek_loyalty: int = 1, andrzej_loyalty: int = 0, jozek_loyalty: int = 0) -> dict:
    """The sheet's example: Marek (seat 0) draws an Apress contract for anywhere but Balice;
    Józek (1) and Andrzej (2) hold what the example gives them."""
    state = board(holdings={0: MAREK, 1: JOZEK, 2: ANDRZEJ})
    state["loyalty"]["apress"] = [marek_loyalty, jozek_loyalty, andrzej_loyalty]
    return pile(state, "apress", [NOT_BALICE])


def to_drawer(state: dict) -> dict:
    """Marek draws; Józek offers all 12; Andrzej 13 in four billboards."""
    state, _ = act(state, 0, "ad:apress")
    state, _ = act(state, 1, fill(state, 1, "offer:{}", JOZEK))
    state, _ = act(state, 2, fill(state, 2, "offer:{}", ANDRZEJ_OFFER))
    assert state["auction"]["asking"] == 0
    return state


def test_the_sheet_example_a_lead_of_one_wins_by_matching():
    state = sheet_table(marek_loyalty=1)
    total = money_total(state)
    state, events = act(state, 0, "ad:apress")
    assert "draws a contract from Apress: 10k — Everywhere except Balice (deck I/V)" in \
        public(events)
    assert state["auction"]["asking"] == 1
    state, events = act(state, 1, fill(state, 1, "offer:{}", JOZEK))
    assert public(events) == "{p1} offers 4 billboards worth 12."
    state, _ = act(state, 2, fill(state, 2, "offer:{}", ANDRZEJ_OFFER))
    assert [(o["seat"], o["value"]) for o in GAME.view(state, None)["auction"]["offers"]] == \
        [(1, 12), (2, 13)]
    matching = ["sm-6a", "sm-6b", "sm-1a"]  # 13, the same as Andrzej
    state, events = act(state, 0, fill(state, 0, "offer:{}", matching))
    assert "{p0} wins the contract with 13" in public(events)
    assert state["money"][0] == 15 + 10 and state["contracts"][0] == 1
    assert state["loyalty"]["apress"][0] == 2, "the drawer who wins gains a loyalty point"
    assert state["agencies"]["apress"]["track"] == 13 and state["ad_value"][0] == 13
    assert sorted(state["ads"]) == sorted(matching)
    invariant(state, total)


def test_level_loyalty_must_offer_more():
    state = to_drawer(sheet_table(marek_loyalty=0))
    assert "Offer billboards worth at least 14" in [c.label for c in GAME.legal(state, 0)]
    matching = fill(state, 0, "offer:{}", ["sm-6a", "sm-6b", "sm-1a"])
    assert "beating {p2}'s 13 takes at least 14" in refused(state, 0, matching)
    state, _ = act(state, 0, fill(state, 0, "offer:{}", ["sm-6a", "sm-6b", "sm-2a"]))
    assert state["contracts"][0] == 1


def test_a_lead_of_two_wins_with_one_less():
    state = to_drawer(sheet_table(marek_loyalty=2))
    state, _ = act(state, 0, fill(state, 0, "offer:{}", ["sm-6a", "sm-6b"]))  # 12 beats 13
    assert state["contracts"] == [1, 0, 0]


def test_a_bigger_lead_still_wins_with_one_less_only():
    state = to_drawer(sheet_table(marek_loyalty=5))
    assert "takes at least 12" in refused(state, 0, fill(state, 0, "offer:{}", ["sm-6a", "sm-2a", "sm-1a"]))


def test_a_lead_never_helps_the_other_way_round():
    # Andrzej leads Marek by five: Marek, behind, still needs more than 13.
    state = to_drawer(sheet_table(marek_loyalty=0, andrzej_loyalty=5))
    assert "takes at least 14" in refused(state, 0, fill(state, 0, "offer:{}", ["sm-6a", "sm-6b", "sm-1a"]))
    # And Józek's lead over Andrzej does not let Andrzej, behind him, bid less.
    state = sheet_table(jozek_loyalty=3)
    state, _ = act(state, 0, "ad:apress")
    state, _ = act(state, 1, fill(state, 1, "offer:{}", JOZEK))
    assert "takes at least 13" in refused(state, 2, fill(state, 2, "offer:{}", ["gz-3a", "gz-3b", "gz-6a"]))


def test_the_lead_counts_between_rivals_too():
    # Andrzej leads Józek by one: matching Józek's 12 is enough for him.
    state = sheet_table(andrzej_loyalty=1, marek_loyalty=0)
    state, _ = act(state, 0, "ad:apress")
    state, _ = act(state, 1, fill(state, 1, "offer:{}", JOZEK))
    state, _ = act(state, 2, fill(state, 2, "offer:{}", ["gz-3a", "gz-3b", "gz-6a"]))  # 12
    assert state["auction"]["offers"][-1] == {"seat": 2, "value": 12,
                                              "billboards": ["gz-3a", "gz-3b", "gz-6a"]}


def test_a_rival_who_wins_gains_no_loyalty():
    state = to_drawer(sheet_table(marek_loyalty=0))
    state, events = act(state, 0, "pass")
    assert "{p2} wins the contract with 13" in public(events)
    assert state["loyalty"]["apress"] == [0, 0, 0]
    assert state["money"][2] == 15 + 10 and state["ads"] == ANDRZEJ_OFFER
    assert state["turn"] == 0 and state["phase"] == "turn", "the drawer's turn goes on"


def test_asked_in_turn_order_from_the_drawers_left_the_drawer_last():
    state = board(players=4, holdings={0: ["kz-1a"], 1: ["kz-1b"], 2: ["kz-2b"], 3: ["kz-3a"]})
    state["turn"] = 2
    state = pile(state, "apress", [NOT_BALICE])
    state, _ = act(state, 2, "ad:apress")
    asked = []
    while state["auction"] is not None:
        seat = state["auction"]["asking"]
        asked.append(seat)
        state, _ = act(state, seat, "pass")
    assert asked == [3, 0, 1, 2]


def test_a_seat_without_billboards_in_the_area_is_not_asked():
    state = board(holdings={0: ["sm-1a"], 1: ["bl-3a", "bl-4a"], 2: ["kz-1a"]})
    state = pile(state, "apress", [NOT_BALICE])
    state, _ = act(state, 0, "ad:apress")
    assert state["auction"]["asking"] == 2 and state["auction"]["passed"] == [1]
    assert GAME.legal(state, 1) == []


def test_a_seat_that_cannot_beat_the_offer_is_not_asked():
    state = sheet_table(marek_loyalty=0)
    state["owner"]["gz-6a"] = None  # Andrzej now has 9 in the area: short of beating 12
    state, _ = act(state, 0, "ad:apress")
    state, _ = act(state, 1, fill(state, 1, "offer:{}", JOZEK))
    assert state["auction"]["asking"] == 0 and 2 in state["auction"]["passed"]


def test_nobody_wants_it_the_contract_is_discarded():
    state = sheet_table()
    total = money_total(state)
    state, _ = act(state, 0, "ad:apress")
    state, _ = drive(state, 1, ["pass"])
    state, _ = drive(state, 2, ["pass"])
    state, events = act(state, 0, "pass")
    assert "Nobody takes the contract: it is discarded." in public(events)
    assert state["discard"] == [NOT_BALICE] and state["contracts"] == [0, 0, 0]
    assert state["agencies"]["apress"]["track"] == 0
    invariant(state, total)


def test_nobody_with_billboards_there_discards_it_at_once():
    state = board(holdings={0: ["bl-3a"], 1: ["bl-4a"]})
    state = pile(state, "apress", [NOT_BALICE])
    state, events = act(state, 0, "ad:apress")
    assert state["auction"] is None and state["discard"] == [NOT_BALICE]
    assert "it is discarded" in public(events) and state["turn"] == 0


def test_a_contract_needs_at_least_one_billboard():
    state = sheet_table()
    state, _ = act(state, 0, "ad:apress")
    assert "Offer one or more" in refused(state, 1, "offer:")


def test_only_billboards_in_the_area_and_the_seats_own():
    state = board(holdings={0: ["sm-1a"], 1: ["kz-1a", "bl-1b"], 2: ["kz-1b"]})
    state = pile(state, "apress", [NOT_BALICE])
    state, _ = act(state, 0, "ad:apress")
    offer = next(c for c in GAME.legal(state, 1) if c.action == "offer:{}")
    assert [value for value, _ in offer.subset.options] == ["kz-1a"]
    assert "Offer one or more" in refused(state, 1, "offer:bl-1b")
    assert "Offer one or more" in refused(state, 1, "offer:kz-1b")


def test_a_billboard_carrying_an_ad_cannot_be_offered_again_this_round():
    state = to_drawer(sheet_table(marek_loyalty=0))
    state, _ = act(state, 0, "pass")  # Andrzej's four carry the ad
    state, _ = act(state, 0, "end")
    state = pile(state, "smok", [card(districts=("grzegorzki",))])
    state, _ = act(state, 1, "ad:smok")
    assert state["auction"]["asking"] == 2
    offer = next(c for c in GAME.legal(state, 2) if c.action == "offer:{}")
    assert [value for value, _ in offer.subset.options] == ["gz-2b"]
    assert "Offer one or more" in refused(state, 2, "offer:gz-6a")


def test_drawing_is_the_sell_action_and_the_drawer_may_still_buy():
    state = to_drawer(sheet_table())
    state, _ = act(state, 0, "pass")
    offered = actions(state, 0)
    assert "sell" not in offered and not any(a.startswith("ad:") for a in offered)
    assert "buy" in offered
    state, _ = drive(state, 0, ["buy", "buy:kz:1", "buy:kz:1:1"])
    assert state["turn"] == 1


def test_each_seat_asked_has_a_deadline_and_passes_when_it_is_due():
    state = sheet_table()
    state["offer_minutes"] = 60
    state, _ = act(state, 0, "ad:apress")
    (due,) = deadlines(GAME, state)
    assert due.seconds == 3600 and due.action == "timeout"
    state, events = time_out(state)
    assert public(events) == "{p1} did not answer in time and passes."
    (next_due,) = deadlines(GAME, state)
    assert next_due.key != due.key and state["auction"]["asking"] == 2


def test_the_lobby_sets_the_answer_time():
    state = board(offer_minutes=10)
    state = pile(state, "apress", [NOT_BALICE])
    state["owner"]["kz-1a"] = 1
    state, _ = act(state, 0, "ad:apress")
    assert deadlines(GAME, state)[0].seconds == 600


def test_time_is_the_hosts_seat_only_and_only_while_someone_is_asked():
    state = sheet_table()
    assert "No answer is due now." in refused(state, SYSTEM_SEAT, "timeout")
    state, _ = act(state, 0, "ad:apress")
    assert "not a move of Billboard" in refused(state, 1, "timeout")


# --- where the auction stands: the prompt, the select, the seats skipped ----------------------

def test_the_prompt_says_the_best_offer_the_need_and_the_eligible_billboards():
    state = sheet_table(marek_loyalty=1)
    state, _ = act(state, 0, "ad:apress")
    prompt = GAME.prompt(state, 1)
    assert "No offer yet" in prompt and "you need 1" in prompt
    assert "Kazimierz 3, 3; Krowodrza 3, 3 (12 in all)" in prompt
    state, _ = act(state, 1, fill(state, 1, "offer:{}", JOZEK))
    prompt = GAME.prompt(state, 2)
    assert "Best offer: {p1} with 12" in prompt and "you need 13" in prompt
    assert "Grzegórzki 6, 3, 3, 2, 1 (15 in all)" in prompt
    state, _ = act(state, 2, fill(state, 2, "offer:{}", ANDRZEJ_OFFER))
    prompt = GAME.prompt(state, 0)  # Marek leads Andrzej by one: matching is enough
    assert "Best offer: {p2} with 13" in prompt and "you need 13" in prompt
    assert "Stare Miasto 6, 6, 2, 1 (15 in all)" in prompt


def test_the_select_asks_for_at_least_as_many_billboards_as_reaching_the_need_takes():
    state = to_drawer(sheet_table(marek_loyalty=1))  # Marek needs 13 from 6, 6, 2, 1
    offer = next(c for c in GAME.legal(state, 0) if c.action == "offer:{}")
    assert offer.subset.minimum == 3  # no two of his billboards reach 13
    assert offer.label == "Offer billboards worth at least 13"
    # a set of three that still falls short is refused at once, saying why
    assert "worth 9" in refused(state, 0, fill(state, 0, "offer:{}", ["sm-6a", "sm-2a", "sm-1a"]))


def test_a_seat_that_cannot_reach_the_need_is_skipped_with_a_public_line():
    state = sheet_table(marek_loyalty=0)
    state["owner"]["gz-6a"] = None  # Andrzej now has 9 in the area: short of beating 12
    state, _ = act(state, 0, "ad:apress")
    state, events = act(state, 1, fill(state, 1, "offer:{}", JOZEK))
    assert public(events) == ("{p1} offers 4 billboards worth 12.\n"
                              "{p2} cannot reach 13 (billboards worth 9 in the area): skipped.")
    state = board(holdings={0: ["sm-1a"], 1: ["bl-3a", "bl-4a"], 2: ["kz-1a"]})
    state = pile(state, "apress", [NOT_BALICE])
    state, events = act(state, 0, "ad:apress")
    assert "{p1} has no billboard free of ads in the area: skipped." in public(events)
    assert "in the area is skipped, and the table is told" in GAME.rules_summary("en")
