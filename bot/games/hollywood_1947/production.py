"""Production: each turn a player performs a job, swaps a job with the center, re-rolls dice,
looks at the ghost cards (1–3 players) or passes. Multi-step jobs keep their progress in
``state["step"]`` so every click is one durable action.
"""
from __future__ import annotations

import random
from collections import Counter

from bot.engine import Choice, Event, IllegalMove

from . import post
from .actions import parse
from .content import Content
from .memory import note
from .rounds import advance_turn, center_swap_allowed
from .table import (
    HAND_SIZE,
    NO_SWAP_PLAYERS,
    State,
    add_tokens,
    all_dice,
    card_text,
    cards_available,
    center_jobs,
    die_by_id,
    die_name,
    draw_card,
    draw_into_hand,
    face,
    give_token,
    holder,
    job_name,
    job_numbers,
    jobs_of,
    may_receive_token,
    option,
    recipient_name,
    recipients,
    roll,
    tokens_held,
)

SCREENWRITER, PRODUCER, DIRECTOR, GAFFER = 1, 2, 3, 4
CINEMATOGRAPHER, ACTRESS, ACTOR, COMPOSER, EDITOR = 5, 6, 7, 8, 9
GAFFER_REROLLS = 3

JOB_PITCH = {
    SCREENWRITER: "pick this movie's genre from two posters",
    PRODUCER: "swap any two job cards",
    DIRECTOR: "give a player a token",
    GAFFER: "three rerolls, any dice",
    CINEMATOGRAPHER: "a player discards their hand and redraws",
    ACTRESS: "draw two cards, then discard two",
    ACTOR: "draw two cards, then discard two",
    COMPOSER: "add one of two random cards to the movie",
    EDITOR: "declare you will edit this movie",
}


# ------------------------------------------------------------------ legal

def choices(cx: Content, state: State, seat: int) -> list[Choice]:
    step = state["step"]
    if step is None:
        return _turn_choices(cx, state, seat)
    return STEP_CHOICES[step["kind"]](cx, state, seat, step)


def _turn_choices(cx: Content, state: State, seat: int) -> list[Choice]:
    found = [Choice(f"job:{job}", f"Perform {job_name(cx, job)}: {JOB_PITCH[job]}", "job",
                    style="primary")
             for job in jobs_of(state, seat) if can_perform(state, seat, job)]
    if center_swap_allowed(state):
        for mine in jobs_of(state, seat):
            for other in center_jobs(state):
                found.append(Choice(f"swap:{mine}:{other}",
                                    f"Swap your {job_name(cx, mine)} for the center's "
                                    f"{job_name(cx, other)}", "swap"))
    found += _die_choices(state, "roll", "Reroll", exclude=())
    found.append(Choice("pass", "Pass", "other"))
    if state["ghosts"]:
        found.append(Choice("peek", "Spend the turn looking at the ghost cards", "other"))
    return found


def _die_choices(state: State, verb: str, word: str, exclude: tuple[str, ...]) -> list[Choice]:
    return [Choice(f"{verb}:{die['id']}", f"{word} {die_name(state, die)} (now {face(die)})",
                   "dice")
            for die in all_dice(state) if die["id"] not in exclude]


def can_perform(state: State, seat: int, job: int) -> bool:
    """A job is performed at most once a round, and some need more than a free turn."""
    if job in state["performed"] or holder(state, job) != seat:
        return False
    if swapped_in_this_round(state, seat, job):
        return False
    if job == SCREENWRITER:  # first turn of the round only, and two posters to draw
        return (state["turn"]["taken"] == 0 and state["poster"] is None
                and len(state["posters"]) >= 2)
    if job == DIRECTOR:
        return bool(_director_moves(state))
    if job == COMPOSER:
        return cards_available(state) > 0
    return True


def swapped_in_this_round(state: State, seat: int, job: int) -> bool:
    """A job the seat took from the center this round, and may not perform now: it waits
    for the next round, except under Studio Order for a later number, which is performed
    when that number is called (its own turn, not the seat's other job's)."""
    if [seat, job] not in state["turn"].get("swapped_in", []):
        return False
    return not (option(state, "studio_order") and state["turn"]["cursor"] == job)


def _director_moves(state: State) -> list[tuple[str | None, str]]:
    """(source, target) pairs: from the center while tokens are left there, else moves."""
    targets = [who for who in recipients(state) if may_receive_token(state, who)]
    if state["tokens_center"] > 0:
        return [(None, who) for who in targets]
    return [(src, dst) for src in recipients(state) if tokens_held(state, src) > 0
            for dst in targets if dst != src]


def _screenwriter_choices(cx, state, seat, step):
    a, b = step["drawn"]
    return [Choice(f"poster:{mine}", f"Reveal {cx.posters[mine].name} ({cx.posters[mine].symbol}),"
                   f" remove {cx.posters[other].name} ({cx.posters[other].symbol})", "poster",
                   private=True)
            for mine, other in ((a, b), (b, a))]


def _producer_choices(cx, state, seat, step):
    first = step.get("first")
    word = "first" if first is None else "second"
    return [Choice(f"pick:{job}", f"Swap {'the' if first is None else 'with the'} "
                   f"{job_name(cx, job)} ({_where(state, job)})", "pick",
                   description=f"The {word} job card of the swap")
            for job in job_numbers(state) if job != first]


def _where(state: State, job: int) -> str:
    who = holder(state, job)
    return "center" if who is None else f"{{p{who}}}"


def _producer_new_choices(cx, state, seat, step):
    job = step["job"]
    return [Choice(f"job:{job}", f"Perform your new job now: {job_name(cx, job)}", "job",
                   style="primary"),
            Choice("end", "End your turn", "other")]


def _director_choices(cx, state, seat, step):
    moves = _director_moves(state)
    if state["tokens_center"] > 0:
        return [Choice(f"give:{dst}", f"Give a token to {recipient_name(state, dst)}", "give")
                for _, dst in moves]
    source = step.get("from")
    if source is None:
        sources = sorted({src for src, _ in moves}, key=recipients(state).index)
        return [Choice(f"from:{src}", f"All tokens are out: move one from "
                       f"{recipient_name(state, src)}", "from") for src in sources]
    return [Choice(f"give:{dst}", f"Move {recipient_name(state, source)}'s token to "
                   f"{recipient_name(state, dst)}", "give")
            for src, dst in moves if src == source]


def _gaffer_choices(cx, state, seat, step):
    return _die_choices(state, "roll", f"Gaffer reroll {GAFFER_REROLLS - step['left'] + 1}/3:", ())


def _reroll_choices(cx, state, seat, step):
    return (_die_choices(state, "roll", "Also reroll", exclude=(step["first"],))
            + [Choice("stop", "Stop after one reroll", "other")])


def _reshoot_choices(cx, state, seat, step):
    return [Choice(f"reshoot:{target}", f"{{p{target}}} discards their hand and draws three",
                   "reshoot") for target in range(state["players"])]


def _discard_choices(cx, state, seat, step):
    return [Choice(f"discard:{card}", f"Discard {card_text(cx, card)}", "discard", private=True)
            for card in state["hands"][seat]]


def _composer_choices(cx, state, seat, step):
    return [Choice(f"compose:{card}", f"Add {card_text(cx, card)} to the movie", "compose",
                   private=True) for card in step["drawn"]]


STEP_CHOICES = {
    "screenwriter": _screenwriter_choices,
    "producer": _producer_choices,
    "producer_new": _producer_new_choices,
    "director": _director_choices,
    "gaffer": _gaffer_choices,
    "reroll": _reroll_choices,
    "reshoot": _reshoot_choices,
    "discard": _discard_choices,
    "composer": _composer_choices,
}


# ------------------------------------------------------------------ apply

#: Each verb's fields (see actions.parse): n a number, s an id.
SHAPES = {
    "job": "n", "poster": "s", "pick": "n", "end": "", "from": "s", "give": "s", "roll": "s",
    "stop": "", "reshoot": "n", "discard": "s", "compose": "s", "swap": "nn", "peek": "",
    "pass": "",
}


def apply(cx: Content, state: State, seat: int, action: str, rng: random.Random) -> list[Event]:
    verb, fields = parse(action, SHAPES)
    # One field is the handler's argument; a swap's two come as a pair.
    arg = fields[0] if len(fields) == 1 else fields
    if action not in {choice.action for choice in choices(cx, state, seat)}:
        raise IllegalMove(_refusal(cx, state, seat, verb, arg))
    events: list[Event] = []
    step = state["step"]
    finished = HANDLERS[verb](cx, state, seat, arg, rng, events, step)
    if finished:
        end_turn(cx, state, rng, events)
    return events


def end_turn(cx: Content, state: State, rng: random.Random, events: list[Event]) -> None:
    if not advance_turn(cx, state, rng, events):
        post.begin(cx, state, rng, events)


def _perform(cx, state, seat, arg, rng, events, step) -> bool:
    job = arg
    state["performed"].append(job)
    state["step"] = None
    who = f"{{p{seat}}}, the {cx.jobs[job].name},"
    if job == SCREENWRITER:
        drawn = [state["posters"].pop(0), state["posters"].pop(0)]
        state["step"] = {"kind": "screenwriter", "drawn": drawn}
        names = " and ".join(f"*{cx.posters[p].name}* ({cx.posters[p].symbol} corner)"
                             for p in drawn)
        events.append(Event(f"{who} draws two genre posters."))
        events.append(Event(f"You drew {names}. Reveal one; the other leaves the game face "
                            "down.", to=(seat,)))
        return False
    if job == PRODUCER:
        state["step"] = {"kind": "producer", "first": None}
        events.append(Event(f"{who} will swap two job cards."))
        return False
    if job == DIRECTOR:
        state["step"] = {"kind": "director", "from": None}
        return False
    if job == GAFFER:
        state["step"] = {"kind": "gaffer", "left": GAFFER_REROLLS, "log": {}}
        return False
    if job == CINEMATOGRAPHER:
        state["step"] = {"kind": "reshoot"}
        return False
    if job in (ACTRESS, ACTOR):
        drawn = draw_into_hand(state, seat, 2, rng)
        left = min(2, len(state["hands"][seat]))
        state["step"] = {"kind": "discard", "left": left}
        events.append(Event(f"{who} draws {len(drawn)} cards and will discard two."))
        events.append(Event(f"You drew {_listing(cx, drawn)}. Discard two cards (they may be "
                            "the ones you just drew).", to=(seat,)))
        return left == 0
    if job == COMPOSER:
        drawn = [card for card in (draw_card(state, rng), draw_card(state, rng)) if card]
        state["step"] = {"kind": "composer", "drawn": drawn}
        events.append(Event(f"{who} draws two cards to score the movie."))
        events.append(Event(f"You drew {_listing(cx, drawn)}. Add one to the movie; the other "
                            "is discarded.", to=(seat,)))
        return False
    state["editor"] = seat  # EDITOR: the card moves toward the center; they edit in Post
    events.append(Event(f"{who} will edit this movie."))
    return True


def _listing(cx: Content, cards: list[str]) -> str:
    return " and ".join(card_text(cx, card) for card in cards) or "nothing (the deck is empty)"


def _choose_poster(cx, state, seat, arg, rng, events, step) -> bool:
    kept = arg
    rejected = next(p for p in step["drawn"] if p != kept)
    state["poster"] = kept
    state["posters_out"].append(rejected)
    state["rejected"] = [seat, rejected]
    note(state, seat, "rejected", rejected)
    poster = cx.posters[kept]
    events.append(Event(f"{{p{seat}}}, the Screenwriter, chose *{poster.name}* ({poster.symbol} "
                        f"corner) for movie {state['round']} and removed the other poster face "
                        "down."))
    events.append(Event(f"You removed *{cx.posters[rejected].name}*. The table may ask only "
                        f"about its corner symbol ({cx.posters[rejected].symbol}).", to=(seat,)))
    return True


def _pick_job(cx, state, seat, arg, rng, events, step) -> bool:
    job = arg
    if step["first"] is None:
        step["first"] = job
        return False
    first = step["first"]
    a_holder, b_holder = holder(state, first), holder(state, job)
    state["jobs"][str(first)], state["jobs"][str(job)] = b_holder, a_holder
    events.append(Event(f"{{p{seat}}}, the Producer, swapped the {job_name(cx, first)} "
                        f"({_named(a_holder)}) with the {job_name(cx, job)} "
                        f"({_named(b_holder)})."))
    # Only a swap of the producer's own card with another *player's* job lets them go on.
    if seat in (a_holder, b_holder) and None not in (a_holder, b_holder) and a_holder != b_holder:
        new_job = job if a_holder == seat else first
        # Studio Order: this is the new job's turn, now or never, so its number calls no
        # second turn for the Producer (a job is performed at most once a round).
        if option(state, "studio_order"):
            state["turn"].setdefault("spent", []).append(new_job)
        if can_perform(state, seat, new_job):
            state["step"] = {"kind": "producer_new", "job": new_job}
            return False
        events.append(Event(f"The {job_name(cx, new_job)} cannot be performed again this "
                            f"round, so {{p{seat}}}'s turn ends."))
    return True


def _named(seat: int | None) -> str:
    return "the center" if seat is None else f"{{p{seat}}}"


def _end(cx, state, seat, arg, rng, events, step) -> bool:
    if option(state, "studio_order"):
        events.append(Event(f"{{p{seat}}} leaves the {job_name(cx, step['job'])} unperformed: "
                            "with Studio Order its number will not be called this round."))
    return True


def _from(cx, state, seat, arg, rng, events, step) -> bool:
    step["from"] = arg
    return False


def _give(cx, state, seat, arg, rng, events, step) -> bool:
    source = step.get("from")
    if source is None:
        state["tokens_center"] -= 1
        give_token(state, arg)
        events.append(Event(f"{{p{seat}}}, the Director, gave a token to "
                            f"{recipient_name(state, arg)}."))
    else:
        add_tokens(state, source, -1)
        give_token(state, arg)
        events.append(Event(f"{{p{seat}}}, the Director, moved a token from "
                            f"{recipient_name(state, source)} to {recipient_name(state, arg)}."))
    return True


def _roll(cx, state, seat, arg, rng, events, step) -> bool:
    die = die_by_id(state, arg)
    die["star"] = roll(rng)
    if step is not None and step["kind"] == "gaffer":
        step["left"] -= 1
        step["log"][arg] = step["log"].get(arg, 0) + 1
        events.append(Event(f"{{p{seat}}}, the Gaffer, rerolled {die_name(state, die)}: "
                            f"{face(die)}."))
        if step["left"] == 0:
            events.append(Event(f"{{p{seat}}}, the Gaffer, rerolled {_tally(state, step['log'])}."))
            return True
        return False
    events.append(Event(f"{{p{seat}}} rerolled {die_name(state, die)}: {face(die)}."))
    if step is None:
        state["step"] = {"kind": "reroll", "first": arg}
        return False
    return True


def _tally(state: State, log: dict[str, int]) -> str:
    words = {1: "once", 2: "twice", 3: "three times"}
    parts = [f"{die_name(state, die_by_id(state, die))} {words[count]}"
             for die, count in Counter(log).items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _stop(cx, state, seat, arg, rng, events, step) -> bool:
    return True


def _reshoot(cx, state, seat, arg, rng, events, step) -> bool:
    target = arg
    for card in state["hands"][target]:
        note(state, target, "discarded", card)
    state["discard"].extend(state["hands"][target])
    state["hands"][target] = []
    drawn = draw_into_hand(state, target, HAND_SIZE, rng)
    events.append(Event(f"{{p{seat}}}, the Cinematographer, reshoots: {{p{target}}} discards "
                        f"their hand and draws {len(drawn)} new cards."))
    events.append(Event(f"Your new hand: {_listing(cx, drawn)}.", to=(target,)))
    return True


def _discard(cx, state, seat, arg, rng, events, step) -> bool:
    state["hands"][seat].remove(arg)
    state["discard"].append(arg)
    note(state, seat, "discarded", arg)
    step["left"] -= 1
    if step["left"] == 0 or not state["hands"][seat]:
        events.append(Event(f"{{p{seat}}} discarded two cards face down."))
        return True
    return False


def _compose(cx, state, seat, arg, rng, events, step) -> bool:
    for card in step["drawn"]:
        (state["movie"] if card == arg else state["discard"]).append(card)
        note(state, seat, "composed" if card == arg else "composer_discarded", card)
    state["composer_added"] = True
    state["turn"]["composer"] = seat
    events.append(Event(f"{{p{seat}}}, the Composer, added a card face down to the movie: no "
                        "card will be added from the deck in Post."))
    return True


def _swap(cx, state, seat, arg, rng, events, step) -> bool:
    mine, other = arg
    state["jobs"][str(mine)], state["jobs"][str(other)] = None, seat
    # "Swapping your job costs your turn, so you will not be able to perform your new job
    # until the next round" (two passes in 1–3 player games); Studio Order says otherwise.
    state["turn"].setdefault("swapped_in", []).append([seat, other])
    events.append(Event(f"{{p{seat}}} swapped their {job_name(cx, mine)} for the "
                        f"{job_name(cx, other)} from the center."))
    return True


def _peek(cx, state, seat, arg, rng, events, step) -> bool:
    seen = []
    for i, ghost in enumerate(state["ghosts"]):
        if seat not in ghost["seen"]:
            ghost["seen"].append(seat)
        seen.append(f"ghost card {i + 1}: {card_text(cx, ghost['card'])}" if ghost["card"]
                    else f"ghost card {i + 1}: none (the deck ran out)")
    events.append(Event(f"{{p{seat}}} spent their turn looking at the ghost cards."))
    events.append(Event("The ghost cards: " + "; ".join(seen) + ".", to=(seat,)))
    return True


def _pass(cx, state, seat, arg, rng, events, step) -> bool:
    events.append(Event(f"{{p{seat}}} passed."))
    return True


HANDLERS = {
    "job": _perform, "poster": _choose_poster, "pick": _pick_job, "end": _end, "from": _from,
    "give": _give, "roll": _roll, "stop": _stop, "reshoot": _reshoot, "discard": _discard,
    "compose": _compose, "swap": _swap, "peek": _peek, "pass": _pass,
}


# --------------------------------------------------------------- refusals

def _refusal(cx: Content, state: State, seat: int, verb: str, arg) -> str:
    """Why a well-formed action that is not on offer is refused, in the player's terms."""
    step = state["step"]
    if step is not None:
        return {
            "screenwriter": "Choose which of your two posters to reveal.",
            "producer": "Choose a job card in play to swap (not the same card twice).",
            "producer_new": "Perform your new job now, or end your turn.",
            "director": "Choose who receives a token (nobody can receive one two rounds running).",
            "gaffer": "Choose a die for the Gaffer's next reroll.",
            "reroll": "Choose a second die (not the same one again), or stop.",
            "reshoot": "Choose the player who discards their hand.",
            "discard": "Choose a card from your hand to discard.",
            "composer": "Choose one of the two cards you drew to add to the movie.",
        }[step["kind"]]
    if verb == "job" and arg in cx.jobs:
        return _job_refusal(cx, state, seat, arg)
    if verb == "swap":
        if state["players"] >= NO_SWAP_PLAYERS:
            return "In a 9-player game jobs cannot be swapped with the center."
        return "You can only swap a job you hold for one in the center."
    if verb == "peek":
        return "There are no ghost cards in this game."
    return "That is not one of the moves open to you now."


def _job_refusal(cx: Content, state: State, seat: int, job: int) -> str:
    name = cx.jobs[job].name
    if str(job) not in state["jobs"]:
        return f"The {name} is not in this game."
    if holder(state, job) != seat:
        return f"You are not the {name}."
    if job in state["performed"]:
        return f"The {name} has already been performed this round."
    if job == SCREENWRITER and state["turn"]["taken"] > 0:
        return "The Screenwriter can only write on the first turn of a round."
    if swapped_in_this_round(state, seat, job):
        if option(state, "studio_order") and job > state["turn"]["cursor"]:
            return (f"You took the {name} from the center this round: with Studio Order you "
                    f"perform it when number {job} is called.")
        return f"You took the {name} from the center this round: it works from the next round."
    if job == SCREENWRITER:
        return "The Screenwriter can only write on the first turn of a round."
    if job == DIRECTOR:
        return "No one can receive a token now: nobody may receive one two rounds running."
    return f"The {name} cannot be performed now."
