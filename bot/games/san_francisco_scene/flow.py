"""The turn: rolling (or one die on a bridge route, or doubles in San Quentin), what is left
of the turn after a decision, passing play to the left, rounds and the end of the game."""
from __future__ import annotations

from . import money as cash
from .common import FUND, Move, live_seats, money, seat_name
from .content import Board
from .travel import advance, connection_groups, release, sail, send_to_jail

#: Failed turns in San Quentin before the fee must be paid.
JAIL_TURNS = 3


def begin_turn(m: Move, seat: int) -> None:
    m.state.update(turn=seat, phase="roll", streak=0, rolled=False, after=[], decision=None,
                   draft=None, traded=False, turns=m.state["turns"] + 1)
    player = m.seat(seat)
    if player["in_jail"] and player["jail_turns"] >= JAIL_TURNS:
        fee = m.board.rules.jail_fee
        m.say(f"{seat_name(seat)} has failed to roll doubles {JAIL_TURNS} times and must pay "
              f"{money(fee)} to leave San Quentin.")
        if cash.pay(m, seat, FUND, fee, "leaving San Quentin"):
            release(m, seat)


def _crosses_first(state: dict, seat: int, following: int) -> bool:
    """Whether passing play from ``seat`` to ``following`` starts a new round."""
    count = len(state["seats"])
    distance = (following - seat) % count or count
    return any((seat + step) % count == state["first"] for step in range(1, distance + 1))


def end_turn(m: Move) -> None:
    """Play passes left to the next player still in the game (past lost turns)."""
    state = m.state
    state.update(after=[], decision=None, draft=None)
    if state["time_up"]:
        finish(m, "days")
        return
    seat, count = state["turn"], len(state["seats"])
    while True:
        if len(live_seats(state)) <= 1:
            finish(m, "bankruptcy")
            return
        following = (seat + 1) % count
        while state["seats"][following]["bankrupt"]:
            following = (following + 1) % count
        if _crosses_first(state, seat, following):
            state["round"] += 1
            limit = state["options"]["rounds"]
            if limit and state["round"] > limit:
                state["round"] = limit
                finish(m, "rounds")
                return
        seat = following
        player = m.seat(seat)
        if player["skip_turns"]:
            player["skip_turns"] -= 1
            m.say(f"{seat_name(seat)} loses this turn.")
            continue
        begin_turn(m, seat)
        if not player["bankrupt"]:
            return


#: The most rolls a turn makes (a third doubles goes to San Quentin): each lands once, so
#: draws at most one Cable Car card.
MOST_ROLLS = 3


def next_player(board: Board, state: dict) -> int | None:
    """Who plays after the turn now, as ``end_turn`` walks: left, past the bankrupt, a lost
    turn spent. None when the game ends first (the agreed time or rounds), or when the one
    named could still go bankrupt before it: a Cable Car card drawn this turn may make every
    player pay the drawer, so it must afford that on every roll left."""
    if state["time_up"]:
        return None
    now, count, limit = state["turn"], len(state["seats"]), state["options"]["rounds"]
    levy = MOST_ROLLS * max((card.amount for card in board.cards.values()
                             if card.effect == "collect_each"), default=0)
    skips = {seat: player["skip_turns"] for seat, player in enumerate(state["seats"])}
    seat, round_number = now, state["round"]
    while True:
        following = (seat + 1) % count
        while state["seats"][following]["bankrupt"]:
            following = (following + 1) % count
        if _crosses_first(state, seat, following):
            round_number += 1
            if limit and round_number > limit:
                return None
        seat = following
        if seat == now:
            return None
        if skips[seat]:
            skips[seat] -= 1
            continue
        return seat if cash.liquidation_value(board, state, seat) >= levy else None


def continue_turn(m: Move) -> None:
    """A decision is over: what is left of the turn (a Connection Card for rolling doubles
    twice, another roll for doubles), else play passes on."""
    state = m.state
    seat = state["turn"]
    player = m.seat(seat)
    state.update(phase="roll", decision=None)
    if player["bankrupt"]:
        end_turn(m)
        return
    while state["after"]:
        step = state["after"].pop(0)
        if (step == "favour" and player["cash"] >= m.board.rules.connection_price
                and connection_groups(m, seat)):
            state["phase"] = "favour"
            return
        if step == "again" and not player["in_jail"] and not player["route"]:
            m.say(f"{seat_name(seat)} rolled doubles and rolls again.")
            return
    end_turn(m)


def lapse_claims(m: Move) -> None:
    """The next player's roll ends the claims of the turns before (the lander's own doubles
    roll is not the next player's: its claims stand)."""
    state = m.state
    for claim in [c for c in state["claims"] if c["turn"] != state["turns"]]:
        m.say(f"{seat_name(claim['owner'])} did not claim the rent on {m.name(claim['space'])} "
              "in time; it lapses.")
        state["claims"].remove(claim)


def roll(m: Move, seat: int) -> None:
    state, player = m.state, m.seat(seat)
    lapse_claims(m)
    state["rolled"] = True
    state["after"] = []
    if player["in_jail"]:
        dice = [m.rng.randint(1, 6), m.rng.randint(1, 6)]
        state["dice"] = dice
        if dice[0] == dice[1]:
            m.say(f"🎲 {seat_name(seat)} rolls {dice[0]} and {dice[1]}: doubles, out of San Quentin.")
            release(m, seat)
            advance(m, seat, sum(dice))
        else:
            player["jail_turns"] += 1
            m.say(f"🎲 {seat_name(seat)} rolls {dice[0]} and {dice[1]}: no doubles "
                  f"({player['jail_turns']} of {JAIL_TURNS}).")
    elif player["route"]:
        die = m.rng.randint(1, 6)
        state["dice"], state["streak"] = [die], 0
        m.say(f"🎲 {seat_name(seat)} throws one die: {die}.")
        sail(m, seat, die)
    else:
        dice = [m.rng.randint(1, 6), m.rng.randint(1, 6)]
        doubles = dice[0] == dice[1]
        state["dice"] = dice
        state["streak"] = state["streak"] + 1 if doubles else 0
        m.say(f"🎲 {seat_name(seat)} rolls {dice[0]} and {dice[1]}" + (" — doubles!" if doubles else "."))
        if state["streak"] == 3:
            send_to_jail(m, seat, "three doubles in a row")
        else:
            state["after"] = (["favour"] if state["streak"] == 2 else []) + (["again"] if doubles else [])
            advance(m, seat, sum(dice))
    if state["phase"] == "roll":
        continue_turn(m)


def finish(m: Move, reason: str) -> None:
    """The end: the last player standing, or at the agreed limit the richest (ties stay ties)."""
    state = m.state
    live = live_seats(state)
    worths = [cash.worth(m.board, state, seat) for seat in range(len(state["seats"]))]
    if reason == "bankruptcy":
        winners = live
    else:
        best = max(worths[seat] for seat in live)
        winners = [seat for seat in live if worths[seat] == best]
    state.update(phase="over", auction=None, offer=None, claims=[], decision=None, draft=None,
                 after=[], over={"reason": reason, "winners": winners, "worth": worths})
    names = " and ".join(seat_name(seat) for seat in winners)
    why = {"bankruptcy": "everyone else is bankrupt", "rounds": "the agreed rounds are played",
           "days": "the agreed time is up"}[reason]
    m.say(f"🏁 The game is over: {why}. {names} {'wins' if len(winners) == 1 else 'tie'}"
          f" with {money(worths[winners[0]])}.")
