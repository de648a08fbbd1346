"""Advertising phase behind the Theater Screens, and the reveal when the screens come down.

Everyone acts at once and in secret (pending = the seats that have not confirmed):
    bid:<box>:<pips>     set 0–6 pips on one Advertising Box ($1,000 a pip, total ≤ cash)
    tip:<kind>           play a payout Insider Tip (adds dice at payout)
    tip:press:<box>      play a Press Agent on a box: it wins a tie for the highest bid there
    untip:<kind>         take a tip back before confirming
    bids:confirm         done; the screens come down when every seat has confirmed
    bids:edit            reopen a confirmed screen while others are still bidding (the only
                         move a seat the game is not waiting on may make)

On Discord the whole screen is one private message: two selects of three boxes each (six
boxes × 0–6 pips would need six rows of five), the tips, and the confirm button.
"""
from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import lru_cache

from bot.engine import Choice, Event, IllegalMove

from .common import (
    describe_rolloff,
    dollars,
    fields,
    label,
    number,
    pay,
    per_content,
    roll_off,
    seat_tag,
)
from .content import WIDESCREEN, Content, Film, TipKind

PRESS = "press"
TIP_GROUP = "Play an insider tip"
UNTIP_GROUP = "Take back a tip"
EDIT = Choice("bids:edit", "Change my bids", group="edit", private=True, style="primary")


def bid_groups(c: Content) -> list[str]:
    """The two selects of three boxes each, named for their boxes (a select's placeholder is
    its group's name, in sentence case)."""
    names = [box.name.lower() for box in c.boxes.values()]
    return [f"Bid on {', '.join(part[:-1])} or {part[-1]}" for part in (names[:3], names[3:])]


def begin(state: dict) -> list[Event]:
    state["phase"] = "screen"
    state["screens"] = [{"bids": {}, "tips": [], "press": None, "done": False}
                        for _ in range(state["players"])]
    return [Event("Advertising: everyone sets bids and Insider Tips behind their Theater Screen.")]


def waiting(state: dict) -> set[int]:
    return {seat for seat, screen in enumerate(state["screens"]) if not screen["done"]}


def finished(state: dict) -> bool:
    return state["phase"] == "screen" and not waiting(state)


# --- Insider Tip conditions -----------------------------------------------------------------

def film_meets(film: Film, condition: dict) -> bool:
    if "colour" in condition and film.colour != condition["colour"]:
        return False
    if "special" in condition and not film.has(condition["special"]):
        return False
    if condition.get("widescreen") and not any(film.has(s) for s in WIDESCREEN):
        return False
    if condition.get("starred") and not film.stars:
        return False
    if "max_minutes" in condition and film.minutes > condition["max_minutes"]:
        return False
    return not ("min_minutes" in condition and film.minutes < condition["min_minutes"])


def qualifying(kind: TipKind, films: list[Film]) -> list[Film]:
    """The screened films this tip may add dice to (empty if it cannot be played)."""
    condition = dict(kind.condition)
    matches = [film for film in films if film_meets(film, condition)]
    return matches if len(matches) >= condition.get("min_films", 1) else []


def _tip_problem(c: Content, state: dict, seat: int, kind: TipKind) -> str | None:
    screen = state["screens"][seat]
    return _tip_refusal(c, kind, state["hands"][seat], screen["tips"], screen["press"],
                        state["played"][seat], state["screened"][seat])


def _tip_refusal(c: Content, kind: TipKind, hand: Sequence[str], tips: Sequence[str], press: str | None,
                 played: Sequence[str], screened: Sequence[str]) -> str | None:
    """Why ``kind`` may not go behind a screen holding ``tips`` (and a Press Agent on the box
    ``press``), from ``hand``, after ``played`` this round, screening the films ``screened``."""
    queued = tips.count(kind.id) + (1 if kind.id == PRESS and press else 0)
    if hand.count(kind.id) <= queued:
        return f"You hold no {'other ' if queued else ''}{kind.name} card."
    if kind.timing == "pick":
        return f"{kind.name} is played during film picks."
    if not kind.repeatable and (queued or kind.id in played):
        return f"Only one {kind.name} a round; only Cartoon Shorts may be played more than once."
    if kind.timing == "payout" and not qualifying(kind, [c.films[film] for film in screened]):
        return f"None of your films this round suits {kind.name} ({kind.text})"
    return None


# --- choices --------------------------------------------------------------------------------

def _bid_total(state: dict, seat: int, without: str | None = None) -> int:
    return _total(state["screens"][seat]["bids"], without)


def _total(bids: dict[str, int], without: str | None = None) -> int:
    return sum(p for box, p in bids.items() if box != without)


@lru_cache(maxsize=1024)
def _bid_choices(box_id: str, box_name: str, group: str, current: int, most: int, pip_value: int) -> tuple[Choice, ...]:
    """The 0..most pip choices for one box, the current bid ticked (Choices are immutable,
    so the same few hundred are reused all game)."""
    result = []
    for pips in range(most + 1):
        text = f"{box_name}: no bid" if pips == 0 else f"{box_name}: {pips} pip{'s' * (pips > 1)} ({dollars(pips * pip_value)})"
        result.append(Choice(f"bid:{box_id}:{pips}", text + (" ✓" if pips == current else ""),
                             group=group, private=True))
    return tuple(result)


def legal(c: Content, state: dict, seat: int) -> list[Choice]:
    if state["phase"] != "screen":
        return []
    screen = state["screens"][seat]
    if screen["done"]:
        # Confirmed while others still bid: the screen may be reopened until the last confirms.
        return [EDIT]
    # Everyone's choices are asked after each move to see whose changed, and one bid changes
    # only its bidder's: the others' are found again from the few things they are made of.
    return list(_screen_choices(c, state["cash"][seat], tuple(screen["bids"].items()), tuple(screen["tips"]),
                                screen["press"], tuple(state["hands"][seat]), tuple(state["played"][seat]),
                                tuple(state["screened"][seat])))


@per_content
def _screen_choices(c: Content, cash: int, bid_items: tuple[tuple[str, int], ...], tips: tuple[str, ...],
                    press: str | None, hand: tuple[str, ...], played: tuple[str, ...],
                    screened: tuple[str, ...]) -> tuple[Choice, ...]:
    """The choices behind a screen that is up, from all they depend on."""
    bids = dict(bid_items)
    pip = c.rules.pip_value
    result: list[Choice] = []
    groups = bid_groups(c)
    for index, box in enumerate(c.boxes.values()):
        group = groups[index // 3]
        most = min(c.rules.max_pips, cash // pip - _total(bids, without=box.id))
        result += _bid_choices(box.id, box.name, group, bids.get(box.id, 0), most, pip)
    for kind_id in dict.fromkeys(hand):
        kind = c.tips[kind_id]
        if _tip_refusal(c, kind, hand, tips, press, played, screened) is not None:
            continue
        if kind.effect == "tie_break":
            for box in c.boxes.values():
                result.append(Choice(f"tip:{PRESS}:{box.id}", f"Play {kind.name} on {box.name} (wins a tie)",
                                     group=TIP_GROUP, private=True))
        else:
            result.append(Choice(f"tip:{kind_id}", label(f"Play {kind.name}: {kind.text}"),
                                 group=TIP_GROUP, private=True))
    queued = list(dict.fromkeys(tips)) + ([PRESS] if press else [])
    for kind_id in queued:
        result.append(Choice(f"untip:{kind_id}", label(f"Take back {c.tips[kind_id].name}"),
                             group=UNTIP_GROUP, private=True))
    spend = _total(bids) * pip
    result.append(Choice("bids:confirm", label(f"Done — advertise for {dollars(spend)} and lower my screen"),
                         group="confirm", private=True, style="success"))
    return tuple(result)


# --- moves ----------------------------------------------------------------------------------

def _set_bid(c: Content, state: dict, seat: int, action: str) -> list[Event]:
    most = c.rules.max_pips
    refusal = (f"Bid 0 to {most} pips on one of the six Advertising Boxes "
               f"(a die shows at most {most} pips).")
    box_id, pips_text = fields(action, "bid", 2, refusal)
    if box_id not in c.boxes:
        raise IllegalMove(refusal)
    box, pips = c.boxes[box_id], number(pips_text, 0, most, refusal)
    total = (_bid_total(state, seat, without=box.id) + pips) * c.rules.pip_value
    if total > state["cash"][seat]:
        raise IllegalMove(f"Your bids would total {dollars(total)}; you have {dollars(state['cash'][seat])}.")
    bids = state["screens"][seat]["bids"]
    if pips:
        bids[box.id] = pips
    else:
        bids.pop(box.id, None)
    what = f"{pips} pip{'s' * (pips != 1)}" if pips else "no bid"
    return [Event(f"{box.name}: {what}.\n{screen_summary(c, state, seat)}", to=(seat,))]


def _queue_tip(c: Content, state: dict, seat: int, action: str) -> list[Event]:
    args = fields(action, "tip", (1, 2), "There is no such Insider Tip.")
    kind = c.tips.get(args[0])
    if kind is None:
        raise IllegalMove("There is no such Insider Tip.")
    problem = _tip_problem(c, state, seat, kind)
    if problem:
        raise IllegalMove(problem)
    screen = state["screens"][seat]
    if kind.effect == "tie_break":
        if len(args) != 2 or args[1] not in c.boxes:
            raise IllegalMove(f"Name the Advertising Box for your {kind.name}.")
        screen["press"] = args[1]
        return [Event(f"{kind.name} goes on {c.boxes[args[1]].name}.\n{screen_summary(c, state, seat)}",
                      to=(seat,))]
    if len(args) != 1:
        raise IllegalMove(f"{kind.name} needs no box.")
    screen["tips"].append(kind.id)
    return [Event(f"{kind.name} goes behind your screen.\n{screen_summary(c, state, seat)}", to=(seat,))]


def _unqueue_tip(c: Content, state: dict, seat: int, action: str) -> list[Event]:
    kind_id, = fields(action, "untip", 1, "That tip is not behind your screen.")
    screen = state["screens"][seat]
    if kind_id == PRESS and screen["press"]:
        screen["press"] = None
    elif kind_id in screen["tips"]:
        screen["tips"].remove(kind_id)
    else:
        raise IllegalMove("That tip is not behind your screen.")
    return [Event(f"{c.tips[kind_id].name} goes back to your hand.\n{screen_summary(c, state, seat)}",
                  to=(seat,))]


def screen_summary(c: Content, state: dict, seat: int) -> str:
    """What stands behind this seat's screen now, for its DMs and its private summary."""
    screen = state["screens"][seat]
    bids = [f"{box.name} {screen['bids'][box.id]} pip{'s' * (screen['bids'][box.id] > 1)}"
            for box in c.boxes.values() if box.id in screen["bids"]]
    spend = dollars(_bid_total(state, seat) * c.rules.pip_value)
    tips = [c.tips[kind].name for kind in screen["tips"]]
    if screen["press"]:
        tips.append(f"{c.tips[PRESS].name} on {c.boxes[screen['press']].name}")
    return (f"Behind your screen: {', '.join(bids) or 'no bids'} — {spend} of your "
            f"{dollars(state['cash'][seat])}; tips: {', '.join(tips) or 'none'}.")


def apply(c: Content, state: dict, seat: int, action: str) -> list[Event]:
    screen = state["screens"][seat]
    if action == "bids:edit":
        if not screen["done"]:
            raise IllegalMove("Your screen is still up; change your bids and confirm.")
        screen["done"] = False
        return [Event(f"{seat_tag(seat)} is changing their advertising.")]
    if screen["done"]:
        raise IllegalMove(f"You have confirmed your bids; press {EDIT.label} to reopen your screen first.")
    head = action.partition(":")[0]
    if head == "bid":
        return _set_bid(c, state, seat, action)
    if head == "tip":
        return _queue_tip(c, state, seat, action)
    if head == "untip":
        return _unqueue_tip(c, state, seat, action)
    if action == "bids:confirm":
        screen["done"] = True
        note = (f"\nUntil everyone has confirmed you may still **{EDIT.label}** (the **My hand & "
                "options** button in the game's thread).") if waiting(state) else ""
        return [Event(f"{seat_tag(seat)} has finished advertising."),
                Event(f"You have confirmed. {screen_summary(c, state, seat)}{note}", to=(seat,))]
    raise IllegalMove("Set a bid, play or take back a tip, or confirm.")


# --- the reveal -----------------------------------------------------------------------------

def _resolve_box(state: dict, box: str, rng: random.Random) -> dict:
    bids = [screen["bids"].get(box, 0) for screen in state["screens"]]
    best = max(bids)
    entry = {"box": box, "winner": None, "tied": [], "press": [], "rolloff": [], "dice": 0}
    if best == 0:
        return entry
    top = [seat for seat, pips in enumerate(bids) if pips == best]
    if len(top) == 1:
        entry["winner"] = top[0]
        return entry
    entry["tied"] = top
    pressers = [seat for seat in top if state["screens"][seat]["press"] == box]
    entry["press"] = pressers
    contenders = pressers or top
    entry["winner"], entry["rolloff"] = roll_off(rng, contenders) if len(contenders) > 1 else (contenders[0], [])
    return entry


def _commit_tips(c: Content, state: dict, used_press: set[int]) -> None:
    """Played cards leave the hand for the discard pile; an unused Press Agent stays in hand."""
    for seat, screen in enumerate(state["screens"]):
        played = list(screen["tips"]) + ([PRESS] if seat in used_press else [])
        for kind_id in played:
            state["hands"][seat].remove(kind_id)
            state["tips"]["discard"].append(kind_id)
            state["played"][seat].append(kind_id)


def reveal(c: Content, state: dict, rng: random.Random) -> list[Event]:
    """Screens down: pay the bids, reveal the genre and agency, award the advertising dice."""
    events: list[Event] = []
    pip = c.rules.pip_value
    spent = []
    for seat, screen in enumerate(state["screens"]):
        cost = sum(screen["bids"].values()) * pip
        pay(state, seat, cost)
        spent.append(cost)
    secret = state["secret"]
    if secret["preview"]:
        state["genre"] = secret["preview"]["genre"]
        events.append(Event(f"Preview House: {seat_tag(secret['preview']['seat'])} rolled "
                            f"{' + '.join(map(str, secret['preview']['dice']))}"
                            f"{' (snake eyes: their choice)' if sum(secret['preview']['dice']) == 2 else ''}; "
                            f"{c.genres[state['genre']].name} is the trending genre."))
    if secret["agency"]:
        state["agency"] = secret["agency"]["box"]
        agency_die, agency_from = secret["agency"]["die"], secret["agency"]["seat"]
        events.append(Event(f"Advertising Agency: {seat_tag(agency_from)} rolled {agency_die}: "
                            f"{c.boxes[state['agency']].name} pays two dice."))
    else:
        agency_die, agency_from = rng.randint(1, 6), None
        state["agency"] = c.box_by_die[agency_die]
        events.append(Event(f"Advertising Agency die (public roll): {agency_die} — "
                            f"{c.boxes[state['agency']].name} pays two dice."))
    boxes, ad_dice, used_press = [], [0] * state["players"], set()
    for box in c.boxes:
        entry = _resolve_box(state, box, rng)
        if entry["winner"] is not None:
            entry["dice"] = 2 if box == state["agency"] else 1
            ad_dice[entry["winner"]] += entry["dice"]
            used_press.update(entry["press"])
        boxes.append(entry)
    _commit_tips(c, state, used_press)
    state["ad_dice"] = ad_dice
    record = {
        "round": state["round"],
        "bids": [dict(screen["bids"]) for screen in state["screens"]],
        "spent": spent, "boxes": boxes, "agency": state["agency"], "agency_die": agency_die,
        "agency_from": agency_from, "ad_dice": ad_dice,
        "tips": [[c.tips[k].name for k in screen["tips"]] + (["Press Agent"] if seat in used_press else [])
                 for seat, screen in enumerate(state["screens"])],
    }
    # A finished record never changes: kept as JSON text so each move's state copy stays cheap.
    state["reveal"] = json.dumps(record, separators=(",", ":"))
    events.append(Event(_summary(c, record), image="bids"))
    for seat, screen in enumerate(state["screens"]):
        if screen["press"] and seat not in used_press:
            events.append(Event("No tie needed your Press Agent; it stays in your hand.", to=(seat,)))
    return events


def _summary(c: Content, record: dict) -> str:
    lines = ["Screens down! Advertising: " + ", ".join(
        f"{seat_tag(seat)} {dollars(cost)}" for seat, cost in enumerate(record["spent"]))]
    for entry in record["boxes"]:
        name = c.boxes[entry["box"]].name
        if entry["winner"] is None:
            lines.append(f"{name}: nobody bid.")
            continue
        how = ""
        if entry["press"] and len(entry["press"]) == 1:
            how = " (Press Agent breaks the tie)"
        elif entry["rolloff"]:
            how = f" (tie; roll-off: {describe_rolloff(entry['rolloff'])})"
        lines.append(f"{name}: {seat_tag(entry['winner'])} wins {entry['dice']} di{'ce' if entry['dice'] > 1 else 'e'}{how}.")
    tips = [f"{seat_tag(seat)}: {', '.join(names)}" for seat, names in enumerate(record["tips"]) if names]
    if tips:
        lines.append("Insider Tips played — " + "; ".join(tips) + ".")
    return "\n".join(lines)
