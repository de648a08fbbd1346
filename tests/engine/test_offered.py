"""The protocol's offer pieces (Amount, Subset, Choice templates) and how play() uses them."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import (
    MAX_FILLED_ACTION_LENGTH,
    SYSTEM_SEAT,
    Amount,
    Choice,
    Deadline,
    Event,
    IllegalMove,
    Result,
    Subset,
    new_game,
    offered,
    play,
)
from bot.engine.protocol import AMOUNT_LIMIT

#: Repeatable in CI: the same examples every run, no example database.
REPEATABLE = settings(derandomize=True, database=None, max_examples=300, deadline=None)

NOT_ON_OFFER = "That is not one of the moves you can make now."
NOT_YOUR_TURN = "It is not your turn."
NOT_UNDERSTOOD = "That move is not one this game understands."
NO_DEADLINE = "No deadline of this game is due with that move."


# --- Amount -------------------------------------------------------------------------------

def test_amount_allows_its_bounds_in_steps_counted_from_the_minimum():
    bid = Amount(3, 11, step=4)
    assert [n for n in range(-5, 20) if bid.allows(n)] == [3, 7, 11]
    assert [n for n in range(-20, 5) if Amount(-9, 0, step=3).allows(n)] == [-9, -6, -3, 0]
    assert Amount(5, 5).allows(5) and not Amount(5, 5).allows(6)


def test_amount_parses_the_canonical_spelling_only():
    amount = Amount(-10, 1000)
    assert amount.parse("7") == 7
    assert amount.parse("0") == 0
    assert amount.parse("-7") == -7
    assert amount.parse("1000") == 1000
    for text in ("007", "07", "+5", "5.0", "５", "٥", "²", "", " 5", "5 ", "5\n", "-0", "1_0",
                 "0x5", "5e0", "1,000", "--5", "1001", "-11"):
        assert amount.parse(text) is None, text


def test_amounts_stop_at_eighteen_digits():
    with pytest.raises(ValueError, match="eighteen digits"):
        Amount(0, 10**18)  # fill() could write what accepts() refuses
    with pytest.raises(ValueError, match="eighteen digits"):
        Amount(-(10**18), 0)
    huge = Amount(0, AMOUNT_LIMIT)
    assert huge.parse("9" * 18) == AMOUNT_LIMIT
    assert huge.parse("9" * 19) is None  # a forged number costs nothing
    assert huge.parse("9" * 5000) is None


def test_amount_off_its_step_is_refused():
    assert Amount(1, 9, step=2).parse("4") is None
    assert Amount(1, 9, step=2).parse("5") == 5


@pytest.mark.parametrize("minimum, maximum, step", [(5, 4, 1), (0, 10, 0), (0, 10, -1)])
def test_an_empty_amount_range_is_refused(minimum, maximum, step):
    with pytest.raises(ValueError):
        Amount(minimum, maximum, step)


def test_amount_describes_its_bounds_for_the_player():
    assert Amount(0, 12).describe() == "0–12"
    assert Amount(0, 12, step=2, unit="$").describe() == "$0–$12, in steps of 2"
    thousands = Amount(1000, 25000, step=1000, unit="$")
    assert thousands.describe() == "$1,000–$25,000, in steps of 1,000"
    assert Amount(-3, 3).describe() == "-3–3"
    assert Amount(15, 21, scale="k").describe() == "15k–21k"


@REPEATABLE
@given(st.integers(-50, 50), st.integers(0, 60), st.integers(1, 7), st.integers(-200, 200))
def test_amount_parse_agrees_with_allows(low, span, step, number):
    amount = Amount(low, low + span, step)
    assert amount.parse(str(number)) == (number if amount.allows(number) else None)


@REPEATABLE
@given(st.text(alphabet="0123456789+-_. ٣５²\n", max_size=6))
def test_amount_takes_a_text_only_as_the_number_spelled_back(text):
    number = Amount(-10**6, 10**6).parse(text)
    assert number is None or str(number) == text


# --- Subset -------------------------------------------------------------------------------

BOARDS = (("a", "Alpha"), ("b", "Beta"), ("c", "Gamma"), ("d", "Delta"))


def test_subset_parses_each_size_from_minimum_to_maximum():
    two_to_three = Subset(BOARDS, minimum=2, maximum=3)
    assert two_to_three.parse("a") is None
    assert two_to_three.parse("a,c") == ["a", "c"]
    assert two_to_three.parse("a,b,d") == ["a", "b", "d"]
    assert two_to_three.parse("a,b,c,d") is None
    assert Subset(BOARDS).parse("a,b,c,d") == ["a", "b", "c", "d"]  # no maximum: all of them
    assert Subset(BOARDS, maximum=9).most == 4


def test_subset_has_one_spelling_per_set():
    subset = Subset(BOARDS, minimum=1, maximum=4)
    assert subset.spell(["d", "a", "c"]) == "a,c,d"
    assert subset.spell({"b"}) == "b"
    for text in ("c,a", "a,a", "a,,c", "a,c,", ",a", "a, c", "A", "a,e", "e", "a;c", "a,c,c"):
        assert subset.parse(text) is None, text


def test_the_empty_subset_only_when_minimum_is_zero():
    assert Subset(BOARDS, minimum=0).parse("") == []
    assert Subset(BOARDS, minimum=0).spell([]) == ""
    assert Subset(BOARDS, minimum=1).parse("") is None


@pytest.mark.parametrize("options, minimum, maximum", [
    ((("a,b", "A and B"), ("c", "C")), 1, None),  # a comma would make spellings ambiguous
    ((("a", "A"), ("a", "A again")), 1, None),
    ((("", "Nothing"), ("c", "C")), 1, None),
    (BOARDS, 5, None),
    (BOARDS, 3, 2),
    (BOARDS, -1, None),
])
def test_a_subset_that_cannot_be_spelled_or_filled_is_refused(options, minimum, maximum):
    with pytest.raises(ValueError):
        Subset(options, minimum=minimum, maximum=maximum)


@REPEATABLE
@given(st.lists(st.sampled_from("abcd"), max_size=6), st.integers(0, 4), st.integers(0, 4))
def test_subset_parse_takes_exactly_its_canonical_spellings(picked, minimum, extra):
    subset = Subset(BOARDS, minimum=minimum, maximum=minimum + extra)
    text = ",".join(picked)
    canonical = picked == sorted(set(picked)) and minimum <= len(picked) <= subset.most
    assert subset.parse(text) == (picked if canonical else None)


# --- Choice -------------------------------------------------------------------------------

def test_a_plain_choice_accepts_its_action_only():
    done = Choice("done", "Done")
    assert done.accepts("done") and done.fill(3) == "done"
    assert not any(done.accepts(a) for a in ("Done", "done ", "done:", "", "don"))


def test_an_amount_template_accepts_its_fillings_between_prefix_and_suffix():
    bid = Choice("bid:{}:sealed", "Bid", amount=Amount(0, 10, step=2))
    assert bid.template and bid.fill(4) == "bid:4:sealed"
    assert bid.accepts("bid:0:sealed") and bid.accepts("bid:10:sealed")
    for action in ("bid:3:sealed", "bid:12:sealed", "bid:-2:sealed", "bid:04:sealed", "bid:4",
                   "bid::sealed", "bid:4:sealed ", "bid:4:sealedx", "xbid:4:sealed",
                   "bid:{}:sealed"):
        assert not bid.accepts(action), action


def test_a_subset_template_accepts_its_sets_between_prefix_and_suffix():
    rent = Choice("rent:{}!", "Rent", subset=Subset(BOARDS, minimum=0, maximum=2))
    assert rent.fill(["c", "a"]) == "rent:a,c!"
    assert rent.accepts("rent:!") and rent.accepts("rent:b!") and rent.accepts("rent:a,c!")
    for action in ("rent:c,a!", "rent:a,b,c!", "rent:a,a!", "rent:e!", "rent:a", "rent:a!!"):
        assert not rent.accepts(action), action


def test_a_template_whose_prefix_and_suffix_overlap_needs_room_for_both():
    around = Choice("x{}x", "Around", subset=Subset((("y", "Y"),), minimum=0))
    assert around.accepts("xx")
    assert not around.accepts("x")  # 'x' starts and ends the same; it is not both


@pytest.mark.parametrize("action, amount, subset", [
    ("bid", Amount(0, 3), None),  # a template with nowhere for the value
    ("bid:{}:{}", Amount(0, 3), None),
    ("bid:{}", None, None),  # a plain action that looks like a template
    ("bid:{}", Amount(0, 3), Subset(BOARDS)),
])
def test_a_choice_that_is_neither_plain_nor_one_template_is_refused(action, amount, subset):
    with pytest.raises(ValueError):
        Choice(action, "Bid", amount=amount, subset=subset)


def test_offered_finds_the_choice_an_action_takes():
    choices = [Choice("pass", "Pass"), Choice("bid:{}", "Bid", amount=Amount(1, 5))]
    assert offered(choices, "bid:5") is choices[1]
    assert offered(choices, "pass") is choices[0]
    assert offered(choices, "bid:6") is None
    assert offered([], "pass") is None


# --- play() with a tiny game ----------------------------------------------------------------

class Auction:
    """Seat 0 bids (an even amount up to $10), rents billboards, or passes; seat 1 may
    withdraw out of turn once it has bid; the auction also closes at a deadline. ``apply``
    notes every action in the state first, so a refusal after that must not leak out."""

    id = "test-auction"
    name = "Auction"
    min_players = 2
    max_players = 2
    options = ()

    def __init__(self):
        self.applied = 0

    def setup(self, players, options, rng):
        return {"turn": 0, "bids": [], "closed": False, "seen": [], "may_withdraw": False}

    def pending(self, state):
        return set() if state["closed"] else {state["turn"]}

    def legal(self, state, seat):
        if state["closed"]:
            return []
        if seat != state["turn"]:
            return [Choice("withdraw", "Withdraw")] if state["may_withdraw"] else []
        return [
            Choice("bid:{}", "Bid", amount=Amount(0, 10, step=2, unit="$")),
            Choice("rent:{}", "Rent", subset=Subset(BOARDS, minimum=0, maximum=2)),
            Choice("pass", "Pass"),
        ]

    def apply(self, state, seat, action, rng):
        self.applied += 1
        state["seen"].append(action)  # mutates the copy before any refusal
        verb, _, arg = action.partition(":")
        if verb == "bid":
            bid = int(arg)  # crashes on '²', as careless parsers do
            if not 0 <= bid <= 10 or bid % 2:
                raise IllegalMove(f"Bids are even, $0–$10; not ${bid}.")
            state["bids"].append(bid)
        elif verb == "close":
            state["closed"] = True
        elif verb == "lenient":
            pass  # a parser that takes what was never offered
        elif verb not in ("rent", "pass", "withdraw"):
            raise IllegalMove("Bid, rent or pass.")
        state["turn"] = 1 - seat if seat >= 0 else state["turn"]
        return [Event(f"{{p{seat}}} played {action}.")]

    def deadlines(self, state):
        return [Deadline("auction", 60, "close", "the auction closes")]

    def view(self, state, seat):
        return dict(state)

    def result(self, state):
        return Result((0,), {}, "Closed.") if state["closed"] else None

    def prompt(self, state, seat):
        return "Bid."

    def status(self, state):
        return "Bidding."

    def rules_summary(self):
        return "Bid."


@pytest.fixture
def auction():
    game = Auction()
    return game, new_game(game, 2, None, seed=1)


def refusal(game, state, seat, action) -> str:
    """play()'s sentence for a refused move; the state handed in must be left as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as refused:
        play(game, state, seat, action)
    assert state == before
    return str(refused.value)


def test_play_accepts_a_filled_template(auction):
    game, state = auction
    after, _events = play(game, state, 0, "bid:10")
    assert after["bids"] == [10] and after["_move"] == 1 and state["bids"] == []
    after, _ = play(game, after, 1, "pass")
    after, _ = play(game, after, 0, "rent:a,d")
    assert after["seen"] == ["bid:10", "pass", "rent:a,d"]


def test_an_amount_out_of_range_is_refused_with_the_games_sentence(auction):
    game, state = auction
    assert refusal(game, state, 0, "bid:12") == "Bids are even, $0–$10; not $12."
    assert refusal(game, state, 0, "bid:3") == "Bids are even, $0–$10; not $3."
    assert refusal(game, state, 0, "bid:-2") == "Bids are even, $0–$10; not $-2."


def test_a_spelling_the_game_would_take_is_still_refused(auction):
    game, state = auction
    # int('04') == 4 and int('٤') == 4: the game would take them, the engine does not.
    for action in ("bid:04", "bid:٤", "bid:+4", "bid: 4", "lenient", "rent:d,a", "rent:a,a"):
        assert refusal(game, state, 0, action) == NOT_ON_OFFER, action


def test_a_crash_in_the_games_parser_comes_back_as_an_illegal_move(auction):
    game, state = auction
    assert refusal(game, state, 0, "bid:²") == NOT_ON_OFFER  # int('²') raises ValueError
    assert refusal(game, state, 0, "bid:") == NOT_ON_OFFER


def test_the_probe_runs_on_a_copy_even_when_apply_mutates_it_then_refuses(auction):
    game, state = auction
    applied = game.applied
    assert refusal(game, state, 0, "sell:everything") == "Bid, rent or pass."
    assert game.applied == applied + 1  # the game was asked, on its own copy
    assert state["seen"] == []


def test_a_seat_not_pending_with_nothing_offered_is_told_it_is_not_its_turn(auction):
    game, state = auction
    applied = game.applied
    for action in ("bid:4", "pass", "close", "withdraw"):
        assert refusal(game, state, 1, action) == NOT_YOUR_TURN
    assert game.applied == applied  # no probe: the game need not explain whose turn it is


def test_a_seat_not_pending_may_make_only_what_it_is_offered(auction):
    game, state = auction
    state["may_withdraw"] = True
    after, _ = play(game, state, 1, "withdraw")
    assert after["seen"] == ["withdraw"]
    assert refusal(game, state, 1, "pass") == NOT_ON_OFFER  # the game's apply would take it
    assert refusal(game, state, 1, "bid:13") == "Bids are even, $0–$10; not $13."


def test_the_system_seat_plays_only_a_listed_deadline_action(auction):
    game, state = auction
    for action in ("pass", "bid:4", "withdraw", "close ", "Close", "lenient"):
        assert refusal(game, state, SYSTEM_SEAT, action) == NO_DEADLINE
    assert refusal(game, state, 0, "close") == NOT_ON_OFFER  # a player cannot call time
    after, _ = play(game, state, SYSTEM_SEAT, "close")
    assert after["closed"] and after["_move"] == 1
    assert refusal(game, after, SYSTEM_SEAT, "close") == "This game is over."


class WithoutDeadlines(Auction):
    deadlines = None  # what the runner finds when a game defines none


def test_the_system_seat_has_no_moves_in_a_game_without_deadlines():
    game = WithoutDeadlines()
    state = new_game(game, 2, None, seed=1)
    assert refusal(game, state, SYSTEM_SEAT, "close") == NO_DEADLINE


@pytest.mark.parametrize("action", ["", None, 4, b"pass", "x" * (MAX_FILLED_ACTION_LENGTH + 1)])
def test_what_is_not_a_reasonable_string_is_refused_before_the_game_sees_it(auction, action):
    game, state = auction
    applied = game.applied
    assert refusal(game, state, 0, action) == NOT_UNDERSTOOD
    assert game.applied == applied
