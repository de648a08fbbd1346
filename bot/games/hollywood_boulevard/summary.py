"""What one seat privately knows, as Markdown for its DMs and its "My hand & options" panel:
cash, Insider Tips, a secret Preview House / Agency roll, the bids behind its screen, its films.

Only this seat's secrets appear; everything else here is public anyway.
"""
from __future__ import annotations

from collections import Counter

from . import advertising
from .common import (
    capacity,
    chip,
    dollars,
    hours,
    minutes_used,
    pick_effect,
    screened_films,
    upkeep,
)
from .content import Content

#: The panel is one Discord message (2,000 characters) with a header and a prompt: past this
#: many characters the hand is listed by name only.
LONG = 1400
#: When a tip is played, unless its text already says so ("Film pick: …", "Advertising: …").
TIMING = {"payout": " (play it with your bids)"}


def _hand(c: Content, state: dict, seat: int, with_text: bool) -> list[str]:
    counts = Counter(state["hands"][seat])
    if not counts:
        return ["**Insider Tips:** none in hand."]
    lines = [(f"**Insider Tips** ({sum(counts.values())}, each worth {dollars(c.rules.tip_value)} "
             "unplayed at the end):")]
    for kind_id, count in counts.items():
        kind = c.tips[kind_id]
        many = f"{count}× " if count > 1 else ""
        if with_text:
            lines.append(f"• {many}**{kind.name}**{TIMING.get(kind.timing, '')} — {kind.text}")
        else:
            lines.append(f"• {many}**{kind.name}**")
    return lines


def _secret_rolls(c: Content, state: dict, seat: int) -> list[str]:
    """A roll made behind this seat's screen, while the table does not know it yet."""
    lines = []
    preview, agency = state["secret"]["preview"], state["secret"]["agency"]
    if preview and preview["seat"] == seat and state["phase"] in ("genre", "pick", "screen"):
        dice = " + ".join(map(str, preview["dice"]))
        genre = (c.genres[preview["genre"]].name if preview["genre"]
                 else "yours to choose (snake eyes)")
        lines.append(f"**Preview House (secret):** you rolled {dice}; trending genre: {genre}.")
    if agency and agency["seat"] == seat and state["phase"] in ("genre", "pick", "screen"):
        lines.append(f"**Advertising Agency (secret):** your die shows {agency['die']}; "
                     f"{c.boxes[agency['box']].name} will pay two dice.")
    return lines


def _films(c: Content, state: dict, seat: int) -> list[str]:
    films = screened_films(c, state, seat)
    if state["phase"] not in ("pick", "screen") and not films:
        return []
    used, capacity_ = hours(minutes_used(c, state, seat)), hours(capacity(c, state, seat))
    time = f"{used} of {capacity_} screen time used"
    if not films:
        return [f"**Your films this round:** none yet ({time})."]
    titles = ", ".join(f"*{f.title}* ({f.dice} dice, {hours(f.minutes)})" for f in films)
    return [f"**Your films this round:** {titles} — {time}."]


def _pick_effects(state: dict, seat: int) -> list[str]:
    if state["phase"] != "pick":
        return []
    active = []
    if pick_effect(state, seat, "again"):
        active.append("Sneak Preview: you pick again after your next pick")
    if pick_effect(state, seat, "discount"):
        off = dollars(pick_effect(state, seat, "discount"))
        active.append(f"Studio Discount: {off} off your next film")
    return [f"**In force:** {'; '.join(active)}."] if active else []


def private_summary(c: Content, state: dict, seat: int) -> str:
    loans = chip(state, seat, "loan")
    money = f"**Cash:** {dollars(state['cash'][seat])}"
    if loans:
        money += f" (owing {dollars(loans * c.sections['loan'].loan)} to the Credit Union)"
    money += f" · upkeep {dollars(upkeep(c, state, seat))} a round"
    rest = _secret_rolls(c, state, seat) + _films(c, state, seat) + _pick_effects(state, seat)
    if state["phase"] == "screen":
        confirmed = " (confirmed)" if state["screens"][seat]["done"] else ""
        rest.append(f"**Advertising{confirmed}:** {advertising.screen_summary(c, state, seat)}")
    text = "\n".join([money, *_hand(c, state, seat, with_text=True), *rest])
    if len(text) > LONG:
        text = "\n".join([money, *_hand(c, state, seat, with_text=False), *rest])
    return text
