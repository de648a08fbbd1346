"""Post and Premiere: cards go face down into the movie, one is cut, the rest are revealed.

Post runs in steps, each a phase with its own pending seats:
``stars`` (everyone with stars adds at once, sealed), ``tokens`` (token holders in turn
order), ``editor`` (the Editor looks at the card drawn for the cut). The movie is a list
of card ids that no view shows until the premiere, and nothing records who added which.
"""
from __future__ import annotations

import random

from bot.engine import Choice, Event, IllegalMove

from .actions import parse
from .content import Content
from .memory import note
from .rounds import start_round
from .table import (
    HAND_SIZE,
    SEVENTH,
    State,
    card_text,
    clockwise_from,
    deal_jobs,
    draw_card,
    draw_into_hand,
    goal,
    job_numbers,
    option,
    reroll_all,
    rising_star_rule,
    stars_of,
    team_wins,
)

TEAM_WORDS = {"patriot": "the patriots", "communist": "the communists",
              "rising_star": "the Rising Star", "both": "both teams"}


def begin(cx: Content, state: State, rng: random.Random, events: list[Event]) -> None:
    """Production is over: ghosts and stars put cards in (sealed, all at once)."""
    state["phase"] = "stars"
    state["turn"]["seat"] = None
    poster = cx.posters[state["poster"]]
    union = option(state, "union_strike") and poster.symbol == "neutral"
    state["post"] = {"union": union, "owed": {}, "added": {}, "token_queue": []}
    _ghosts_play(state, rng, events)
    owed = state["post"]["owed"]
    for seat in range(state["players"]):
        stars, hand = stars_of(state, seat), len(state["hands"][seat])
        if stars and hand:
            owed[str(seat)] = hand if union else min(stars, hand)
    if union:
        events.append(Event("Union Strike: the poster is neutral, so everyone with a star may "
                            "add any number of cards (0–3) to the movie."))
    if owed:
        who = ", ".join(f"{{p{s}}}" for s in owed)
        events.append(Event(f"Post: {who} must add cards face down to the movie."
                            if not union else f"Post: {who} may add cards face down."))
    else:
        events.append(Event("Post: no player has a star showing."))
    _after_stars(cx, state, rng, events)


def _ghosts_play(state: State, rng: random.Random, events: list[Event]) -> None:
    """A ghost with a star (or, without one, a token to spend) adds its card and gets a new one."""
    for i, ghost in enumerate(state["ghosts"]):
        if ghost["card"] is None:
            continue
        if ghost["star"]:
            reason = "shows a star"
        elif ghost["tokens"] > 0:
            ghost["tokens"] -= 1
            state["tokens_center"] += 1
            reason = "has no star, so it spends a token"
        else:
            continue
        state["movie"].append(ghost["card"])
        state["post"]["ghosts"] = state["post"].get("ghosts", 0) + 1
        for seat in ghost["seen"]:
            note(state, seat, "ghost", ghost["card"])
        ghost["card"] = draw_card(state, rng)
        ghost["seen"] = []
        events.append(Event(f"Ghost card {i + 1}'s die {reason}: the card goes into the movie "
                            "and a new face-down ghost card takes its place."))


def pending(state: State) -> set[int]:
    post = state["post"]
    if state["phase"] == "stars":
        return {int(s) for s, left in post["owed"].items() if left > 0}
    if state["phase"] == "tokens":
        return {post["token_queue"][0]}
    return {state["editor"]}


def next_token_holder(state: State) -> int | None:
    """Who decides on tokens after the one deciding now (the queue is fixed once the stars
    are done); None in the other Post steps, and after the last token holder."""
    if state["phase"] != "tokens":
        return None
    queue = state["post"]["token_queue"]
    return queue[1] if len(queue) > 1 else None


def choices(cx: Content, state: State, seat: int) -> list[Choice]:
    hand = state["hands"][seat]
    if state["phase"] == "stars":
        found = [Choice(f"add:{card}", f"Add {card_text(cx, card)} to the movie", "add",
                        private=True) for card in hand]
        if state["post"]["union"]:
            found.append(Choice("done", "Add no more cards", "done"))
        return found
    if state["phase"] == "tokens":
        return ([Choice(f"token:{card}", f"Spend a token: add {card_text(cx, card)}", "add",
                        private=True) for card in hand]
                + [Choice("keep", "Keep your tokens", "done")])
    card = state["editor_card"]
    return [Choice("edit:discard", f"Cut {card_text(cx, card)} from the movie", "edit",
                   private=True, style="danger"),
            Choice("edit:return", f"Put {card_text(cx, card)} back into the movie", "edit",
                   private=True)]


#: Each verb's fields (see actions.parse): a card id, or the Editor's "discard" / "return".
SHAPES = {"add": "s", "done": "", "token": "s", "keep": "", "edit": "s"}


def apply(cx: Content, state: State, seat: int, action: str, rng: random.Random) -> list[Event]:
    verb, fields = parse(action, SHAPES)
    if action not in {choice.action for choice in choices(cx, state, seat)}:
        raise IllegalMove(_refusal(cx, state, action))
    events: list[Event] = []
    arg = fields[0] if fields else ""
    if verb == "add":
        _add(cx, state, seat, arg, events)
        state["post"]["owed"][str(seat)] -= 1
        if state["post"]["owed"][str(seat)] == 0 or not state["hands"][seat]:
            state["post"]["owed"][str(seat)] = 0
            _done_adding(state, seat, events)
            _after_stars(cx, state, rng, events)
    elif verb == "done":
        state["post"]["owed"][str(seat)] = 0
        _done_adding(state, seat, events)
        _after_stars(cx, state, rng, events)
    elif verb == "token":
        _add(cx, state, seat, arg, events)
        state["tokens"][seat] -= 1
        state["tokens_center"] += 1
        events.append(Event(f"{{p{seat}}} returned a token to add a card face down."))
        if not state["tokens"][seat] or not state["hands"][seat]:
            state["post"]["token_queue"].pop(0)
        _next_token_holder(cx, state, rng, events)
    elif verb == "keep":
        state["post"]["token_queue"].pop(0)
        _next_token_holder(cx, state, rng, events)
    else:
        _edit(cx, state, seat, arg, rng, events)
    return events


def _refusal(cx: Content, state: State, action: str) -> str:
    if state["phase"] == "stars":
        return "Choose a card from your hand to add face down to the movie."
    if state["phase"] == "tokens":
        return "Spend a token on a card from your hand, or keep your tokens."
    return "Cut the card you are looking at, or put it back into the movie."


def _add(cx: Content, state: State, seat: int, card: str, events: list[Event]) -> None:
    state["hands"][seat].remove(card)
    state["movie"].append(card)
    note(state, seat, "added", card)
    added = state["post"]["added"]
    added[str(seat)] = added.get(str(seat), 0) + 1
    events.append(Event(f"You added {card_text(cx, card)} to the movie.", to=(seat,)))


def _done_adding(state: State, seat: int, events: list[Event]) -> None:
    """While others still add, tell the table this seat is done (how many, never which), so
    what it says it waits for stays true; the last one done is told by ``_after_stars``."""
    post = state["post"]
    if not any(left > 0 for left in post["owed"].values()):
        return
    added = post["added"].get(str(seat), 0)
    cards = "no cards" if not added else f"{added} card{'s' if added > 1 else ''}"
    events.append(Event(f"{{p{seat}}} has added {cards} face down."))


def _after_stars(cx: Content, state: State, rng: random.Random, events: list[Event]) -> None:
    post = state["post"]
    if any(left > 0 for left in post["owed"].values()):
        return
    if post["owed"]:
        counts = ", ".join(f"{{p{s}}} ×{post['added'].get(s, 0)}" for s in post["owed"])
        events.append(Event(f"The stars have added their cards: {counts}."))
    state["phase"] = "tokens"
    order = clockwise_from(state, _lowest_job_holder(state))
    post["token_queue"] = [s for s in order if state["tokens"][s] and state["hands"][s]]
    _next_token_holder(cx, state, rng, events)


def _lowest_job_holder(state: State) -> int:
    """Tokens are played in turn order: from the lowest job number, clockwise."""
    return next(s for j in job_numbers(state) if (s := state["jobs"][str(j)]) is not None)


def _next_token_holder(cx: Content, state: State, rng: random.Random, events: list[Event]) -> None:
    if state["post"]["token_queue"]:
        return
    justice = _justice_round(state)
    if not state["composer_added"] and not justice:
        card = draw_card(state, rng)
        if card is not None:
            state["movie"].append(card)
            state["post"]["deck"] = True
            events.append(Event("One card from the top of the deck goes face down into the "
                                "movie."))
    elif justice and not state["composer_added"]:
        events.append(Event("Justice Served: no card is added from the deck in the 7th round."))
    _cut(cx, state, rng, events)


def _justice_round(state: State) -> bool:
    return option(state, "justice_served") and state["round"] == SEVENTH


def _cut(cx: Content, state: State, rng: random.Random, events: list[Event]) -> None:
    """Shuffle the movie and cut a card: the Editor's to look at, else one at random, unseen."""
    rng.shuffle(state["movie"])
    if not state["movie"]:
        premiere(cx, state, rng, events)
        return
    if state["editor"] is not None:
        state["editor_card"] = state["movie"].pop()
        state["phase"] = "editor"
        events.append(Event(f"{{p{state['editor']}}} edits: the movie is shuffled and they "
                            "look at one card."))
        events.append(Event(f"You drew {card_text(cx, state['editor_card'])} from the movie: "
                            "cut it, or put it back (then a random card is cut).",
                            to=(state["editor"],)))
        return
    _random_cut(state, rng, events)
    premiere(cx, state, rng, events)


def _random_cut(state: State, rng: random.Random, events: list[Event]) -> None:
    if _justice_round(state):
        events.append(Event("Justice Served: no card is cut at random in the 7th round."))
        return
    if state["movie"]:
        rng.shuffle(state["movie"])
        state["discard"].append(state["movie"].pop())
        events.append(Event("The movie is shuffled and one card is discarded at random, "
                            "unseen."))


def _edit(cx: Content, state: State, seat: int, arg: str, rng: random.Random,
          events: list[Event]) -> None:
    card = state["editor_card"]
    state["editor_card"] = None
    note(state, seat, "cut" if arg == "discard" else "returned", card)
    state["post"]["edit"] = arg
    if arg == "discard":
        state["discard"].append(card)
        events.append(Event(f"{{p{seat}}}, the Editor, cut the card they looked at."))
    else:
        state["movie"].append(card)
        events.append(Event(f"{{p{seat}}}, the Editor, put the card back into the movie."))
        _random_cut(state, rng, events)
    premiere(cx, state, rng, events)


# ----------------------------------------------------------------- premiere

def making_of(state: State, revealed: list[str]) -> dict:
    """What the whole table saw go into a movie: who added how many cards (stars and tokens),
    the ghosts' and the deck's cards, the Composer, whether the Editor cut what they looked
    at, and the cards revealed. Public facts, kept for the bots' reading of the table
    (``suspicion``)."""
    post, turn = state["post"] or {}, state["turn"] or {}
    return {"added": dict(post.get("added", {})), "ghosts": post.get("ghosts", 0),
            "deck": bool(post.get("deck")), "composer": turn.get("composer"),
            "editor": state["editor"], "edit": post.get("edit"), "cards": list(revealed)}


def premiere(cx: Content, state: State, rng: random.Random, events: list[Event]) -> None:
    """Reveal, count symbols with the poster's corner, record the film, then the aftermath."""
    rng.shuffle(state["movie"])
    revealed = list(state["movie"])
    poster = cx.posters[state["poster"]]
    patriot = sum(cx.cards[c].patriot for c in revealed) + (poster.symbol == "patriot")
    communist = sum(cx.cards[c].communist for c in revealed) + (poster.symbol == "communist")
    winner = verdict(cx, state, patriot, communist)
    hearing = any(cx.cards[c].effect == "hearing" for c in revealed)
    shake_up = any(cx.cards[c].effect == "shake_up" for c in revealed)
    state["films"].append({"round": state["round"], "poster": poster.id, "patriot": patriot,
                           "communist": communist, "winner": winner,
                           "making": making_of(state, revealed)})
    # hearing / shake_up say whether their effect happens (not once the game is over)
    state["last_premiere"] = {"round": state["round"], "poster": poster.id, "cards": revealed,
                              "patriot": patriot, "communist": communist, "winner": winner,
                              "hearing": hearing, "shake_up": shake_up}
    state["discard"].extend(revealed)
    state["movie"] = []
    shown = ", ".join(card_text(cx, c) for c in revealed) or "no cards"
    events.append(Event(
        f"Premiere of movie {state['round']}, *{poster.name}* ({poster.symbol} corner): {shown}. "
        f"Patriot symbols {patriot}, communist symbols {communist}: "
        f"{_verdict_text(winner, patriot, communist)}", image="premiere"))
    if _check_end(cx, state, events):
        state["last_premiere"]["hearing"] = state["last_premiere"]["shake_up"] = False
        return
    if hearing:
        reroll_all(state, rng)
        events.append(Event("A Congressional Hearing was revealed: every die is re-rolled."))
    if shake_up:
        deal_jobs(state, rng)
        events.append(Event("A Shake Up was revealed: all job cards are shuffled and dealt "
                            "again. " + _jobs_line(cx, state)))
    for seat in range(state["players"]):
        drawn = draw_into_hand(state, seat, HAND_SIZE - len(state["hands"][seat]), rng)
        if drawn:
            events.append(Event("You drew " + " and ".join(card_text(cx, c) for c in drawn)
                                + ".", to=(seat,)))
    state["phase"] = "production"
    start_round(cx, state, rng, events)


def verdict(cx: Content, state: State, patriot: int, communist: int) -> str:
    """Majority wins; ties go to the communists (to both teams with 2 players).

    The seventh movie goes to the Rising Star when it is tied or won by one symbol.
    """
    if len(state["films"]) + 1 == SEVENTH and rising_star_rule(cx, state) \
            and abs(patriot - communist) <= 1:
        return "rising_star"
    if patriot > communist:
        return "patriot"
    if patriot == communist and state["players"] == 2:
        return "both"
    return "communist"


def _verdict_text(winner: str, patriot: int, communist: int) -> str:
    if winner == "rising_star":
        return "too close to call in the seventh movie — the Rising Star steals the show!"
    if winner == "both":
        return "a tie, which counts as a win for both teams."
    if winner == "communist" and patriot == communist:
        return "a tie, so the communists win the movie."
    return f"{TEAM_WORDS[winner]} win the movie."


def _jobs_line(cx: Content, state: State) -> str:
    parts = []
    for job in job_numbers(state):
        who = state["jobs"][str(job)]
        parts.append(f"{cx.jobs[job].name}: {'center' if who is None else f'{{p{who}}}'}")
    return "; ".join(parts) + "."


def _check_end(cx: Content, state: State, events: list[Event]) -> bool:
    winner = state["films"][-1]["winner"]
    patriots, communists = team_wins(state, "patriot"), team_wins(state, "communist")
    if winner == "rising_star":
        team = "rising_star"
    elif patriots >= goal(state, "patriot") and communists >= goal(state, "communist"):
        team = "tie"
    elif patriots >= goal(state, "patriot"):
        team = "patriot"
    elif communists >= goal(state, "communist"):
        team = "communist"
    else:
        return False
    seats = tuple(range(state["players"])) if team == "tie" else tuple(
        s for s, loyalty in enumerate(state["loyalty"]) if loyalty == team)
    state["outcome"] = {"team": team, "winners": list(seats)}
    state["phase"] = "over"
    state["step"] = None
    state["turn"]["seat"] = None
    events.append(Event(end_summary(state)))
    return True


def end_summary(state: State) -> str:
    team = state["outcome"]["team"]
    patriots, communists = team_wins(state, "patriot"), team_wins(state, "communist")
    score = f"Patriots {patriots} – Communists {communists}"
    if team == "tie":
        head = f"Both teams reach their goal at once: the game is a tie ({score})."
    elif team == "rising_star":
        head = f"The Rising Star wins alone on the seventh movie ({score})."
    else:
        head = f"{TEAM_WORDS[team].capitalize()} win the game, {score}."
    names = {"patriot": "patriot", "communist": "communist", "rising_star": "Rising Star"}
    roles = ", ".join(f"{{p{s}}} {names[loyalty]}" for s, loyalty in enumerate(state["loyalty"]))
    return f"{head} Loyalties: {roles}."
