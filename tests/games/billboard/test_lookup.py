"""Billboard's look-ups: what they say agrees with the rules, they speak the asker's language,
and no answer changes when every secret does (the face-down piles, the undealt decks, the
contracts a partnership looked at)."""
from __future__ import annotations

import copy
import random
import re

import pytest

from bot.engine import new_game, play, rng_for
from bot.games import registry
from bot.games.billboard import lookup, prices
from bot.games.billboard.auction import lead, needed

GAME = registry.game("billboard")
BOT = registry.kit("billboard").bot
CONTENT = GAME.content
EN, PL = CONTENT.words["en"], CONTENT.words["pl"]


def states(players: int, seed: int, language: str = "en") -> list[dict]:
    """Every state of a seeded bot game, first to last."""
    state = new_game(GAME, players, {"language": language}, seed)
    found = [state]
    while GAME.result(state) is None:
        seat = min(GAME.pending(state))
        state, _ = play(GAME, state, seat, BOT.choose(state, seat, rng_for(seed, state["_move"], "bot")))
        found.append(state)
    return found


GAMES = {seed: states(4, seed) for seed in (1, 2)}


def sample(seed: int, every: int = 25) -> list[dict]:
    return GAMES[seed][::every] + [GAMES[seed][-1]]


def answers(view: dict, words=EN) -> list[str]:
    texts = [lookup.describe_scoring(words, CONTENT, view), lookup.describe_prices(words, CONTENT, view)]
    texts += [lookup.describe_prices(words, CONTENT, view, value, count)
              for value in range(1, 7) for count in (1, 3)]
    texts += [lookup.describe_district(words, CONTENT, d, view) for d, _ in lookup.district_entries(CONTENT)]
    texts += [lookup.describe_agency(words, CONTENT, a, view) for a, _ in lookup.agency_entries(CONTENT)]
    texts += [lookup.describe_company(words, CONTENT, c, view)
              for c, _ in lookup.company_entries(words, CONTENT)]
    return texts


def scrambled(state: dict, seed: int) -> dict:
    """The same game with every secret dealt again: each face-down card swapped for another of
    its deck not yet seen (a peek follows its card, so the peeked positions stay), and the
    undealt decks shuffled. Pile sizes, positions and everything revealed stay."""
    state = copy.deepcopy(state)
    rng = random.Random(seed)
    swap: dict[str, str] = {}
    for deck, undealt in state["decks"].items():
        hidden = [c for a in state["agencies"].values() for c in a["pile"]
                  if CONTENT.contracts[c].deck == deck]
        pool = hidden + list(undealt)
        rng.shuffle(pool)
        swap.update(zip(hidden, pool))
        state["decks"][deck] = pool[len(hidden):]
    for agency in state["agencies"].values():
        agency["pile"] = [swap[c] for c in agency["pile"]]
        for peek in agency["peeks"]:
            peek["card"] = swap.get(peek["card"], peek["card"])
    return state


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_no_answer_changes_when_every_secret_does(seed):
    changed = 0
    for state in sample(seed):
        before = [answers(GAME.view(state, None), words) for words in (EN, PL)]
        for n in range(3):
            other = scrambled(state, n)
            changed += other["agencies"] != state["agencies"] or other["decks"] != state["decks"]
            assert [answers(GAME.view(other, None), words) for words in (EN, PL)] == before
    assert changed, "the scrambling changed no secret: the test would prove nothing"


def test_a_peek_is_told_only_to_the_one_who_looked():
    state = next(s for s in GAMES[1] if any(a["peeks"] for a in s["agencies"].values()
                                          if any(p["card"] in a["pile"] for p in a["peeks"])))
    agency_id, peek = next((a_id, p) for a_id, a in state["agencies"].items() for p in a["peeks"]
                           if p["card"] in a["pile"])
    position = state["agencies"][agency_id]["pile"].index(peek["card"]) + 1
    public = GAME.view(state, None)
    theirs = lookup.describe_agency(EN, CONTENT, agency_id, public, GAME.view(state, peek["seat"]))
    amount = CONTENT.contracts[peek["card"]].amount
    assert f"Only you see this: #{position} is {amount}k" in theirs
    assert f"#{position} by {{p{peek['seat']}}}" in theirs  # everyone knows the position
    for other in range(state["players"]):
        mine = GAME.view(state, other)
        answer = lookup.describe_agency(EN, CONTENT, agency_id, public, mine)
        own = sorted(p["position"] for p in mine["peeks"] if p["agency"] == agency_id)
        told = sorted(int(n) for n in re.findall(r"Only you see this: #(\d+) is", answer))
        assert told == own  # each seat is told its own peeks here, and no one else's
    assert lookup.describe_agency(EN, CONTENT, agency_id, public) == \
        lookup.describe_agency(EN, CONTENT, agency_id, public, {"peeks": []})


def test_what_a_lead_wins_is_what_the_auction_asks():
    """The agency look-up's "matching wins" / "one point less wins" is the rules' own test."""
    checked = 0
    for state in GAMES[1] + GAMES[2]:
        auction = state["auction"]
        if not auction or not auction["offers"] or auction["asking"] is None:
            continue
        best, asker = auction["offers"][-1], auction["asking"]
        if best["value"] < 2:
            continue
        ahead = lead(state, asker, best["seat"])
        assert best["value"] + lookup.lead_needs(ahead) == needed(state, asker)
        checked += 1
    assert checked >= 5


def test_the_loyalty_lines_name_who_beats_whom_and_how():
    view = GAME.view(GAMES[1][0], None)
    for player, points in zip(view["players"], (3, 2, 0, 0)):
        player["loyalty"]["apress"] = points
    text = lookup.describe_agency(EN, CONTENT, "apress", view)
    assert "**Loyalty:** {p0} leads by 1 point." in text
    assert "- {p0} 3 points: matching {p1}'s offer wins; one point less than {p2} and {p3} wins" in text
    assert "- {p1} 2 points: one point less than {p2} and {p3} wins" in text
    assert "- {p2} 0 points: must offer more than anyone" in text


def test_prices_say_what_a_trade_does_as_the_rules_do_it():
    view = GAME.view(GAMES[1][0], None)
    view["prices"] = [1, 3, 4, 6, 9, 13]
    text = lookup.describe_prices(EN, CONTENT, view, 4, 3)
    assert "**Value 4** costs 6k each." in text
    bought = prices.set_price(view["prices"], 4, prices.after_purchase(6, 3, 6), CONTENT.max_price)
    assert bought == [1, 3, 4, 8, 9, 13] and "Buying 3 at market: 18k; then prices move: 4 → 8k." in text
    assert "Selling 3 at market: 18k to you; then prices move: 2 → 2k, 3 → 3k, 4 → 4k." in text
    single = lookup.describe_prices(EN, CONTENT, view, 6, 1)
    assert "Buying 1 at market: 13k; then the price stays 13k." in single
    polish = lookup.describe_prices(PL, CONTENT, view, 4, 3)
    assert "18\xa0tys.\xa0zł" in polish or "18 tys. zł" in polish


def test_districts_list_owners_ads_and_prices():
    state = GAMES[1][len(GAMES[1]) // 2]
    view = GAME.view(state, None)
    district = CONTENT.districts[0]
    text = lookup.describe_district(EN, CONTENT, district.id, view)
    assert text.startswith(f"**{district.name}** — {len(district.billboards)} billboards worth "
                           f"{sum(b.value for b in district.billboards)} in all")
    for player in view["players"]:
        owned = sum(b["value"] for d in view["districts"] if d["id"] == district.id
                    for b in d["billboards"] if b["owner"] == player["seat"])
        if owned:
            assert f"{{p{player['seat']}}} value {owned}" in text
    printed = lookup.describe_district(EN, CONTENT, "stare-miasto")
    assert "As printed" in printed and "Wanda" in printed and "Lajkonik" in printed


def test_companies_show_their_bid_and_owner():
    state = next(s for s in GAMES[1] if any(c["bid"] for c in s["companies"].values()))
    company_id, company = next((c_id, c) for c_id, c in state["companies"].items() if c["bid"])
    text = lookup.describe_company(EN, CONTENT, company_id, GAME.view(state, None))
    bid = company["bid"]
    assert f"**Bid:** {{p{bid['seat']}}} offers {bid['price']}k." in text
    assert f"A new bid must be more than {bid['price']}k." in text
    final = GAMES[1][-1]
    owned = next(c_id for c_id, c in final["companies"].items() if c["owner"] is not None)
    assert f"**Owned by** {{p{final['companies'][owned]['owner']}}}" in lookup.describe_company(
        EN, CONTENT, owned, GAME.view(final, None))


def test_scoring_shows_the_tables_and_this_round():
    assert lookup.describe_scoring(EN, CONTENT).count("- IV, ") == len(CONTENT.round4_bounds)
    state = next(s for s in GAMES[1] if s["round"] == 4 and s["phase"] == "turn")
    text = lookup.describe_scoring(EN, CONTENT, GAME.view(state, None))
    assert text.count("- IV, ") == 1 and "- IV, 4 players: 0 → 0 · 1–15 → 2" in text
    assert "**This round (IV):**" in text and "sold for ads" in text


def test_answers_come_in_polish_with_polish_plurals():
    state = GAMES[1][len(GAMES[1]) // 2]
    view = GAME.view(state, None)
    for english, polish in zip(answers(view, EN), answers(view, PL)):
        assert english != polish
    district = lookup.describe_district(PL, CONTENT, "kazimierz", view)
    assert "billboardów" in district or "billboardy" in district
    assert lookup.unknown(PL, "district", "Zakopane", []).startswith("Nie znam dzielnicy")
