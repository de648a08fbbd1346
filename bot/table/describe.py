"""A board picture in words (its alt text): for a screen reader, in Discord and on the page.

Pure: built from what the thread shows of a moment (its status line, the news, whom it waits
on with their prompts and public choices, the result) and from the public view the board is
drawn from (its scores), so a description never names a secret, and twin states that differ
only in secrets are described alike. Every word is in the table's language; the text stays
within Discord's limit on an attachment's (and a media item's) description.

The same moment is described the same way wherever its board is shown: the thread's card
(``cogs/transport.py``), ``/game board move:N`` and the game page's frame of move N.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import Game, State, Tally, View, upgraded
from bot.engine.language import Words
from bot.store.base import Checkpoint
from bot.table import history
from bot.table.model import Table
from bot.table.notices import choice_payload, name_seats, prompt_in
from bot.text import plain_name
from bot.web.markup import plain

#: Discord's longest description of an attachment or a media gallery item.
LIMIT = 1024
ELLIPSIS = "…"
_ENDS = (".", "!", "?", "…", ":")


@dataclass(frozen=True)
class Asked:
    """A seat the game waits on, as the thread asks it: its name, its prompt, the labels of
    its public choices (never its private ones: not even how many there are)."""

    name: str
    prompt: str
    choices: tuple[str, ...]


@dataclass(frozen=True)
class Moment:
    """What a board's description says, every part the thread's Markdown or plain text."""

    title: str             # "Billboard #12"
    move: int              # the moves made when the board was drawn (0: as dealt)
    status: str            # the status line
    result: str | None     # the result's summary, once the game is over
    scores: str            # "Points: Ann 12, Ben 9" (empty when the game counts nothing yet)
    news: tuple[str, ...]  # what the move (or the post) told the table
    asked: tuple[Asked, ...]


def tally_at(game: Game, view: View) -> Tally | None:
    """What the game counts at ``view`` (``Game.tally``), if it counts anything there: a game
    whose counting reads what only its end reveals (Hollywood 1947's hidden sides) counts
    nothing before it."""
    tally = getattr(game, "tally", None)
    if tally is None:
        return None
    try:
        return tally(view, view)
    except (KeyError, TypeError):  # the end's revelations are not in a running game's view
        return None


def scores(game: Game, view: View, names: Sequence[str], said: Words) -> str:
    """The scores as a sentence: "Property value: Ann $13M, Ben $6M" (empty if none)."""
    figures = tally_at(game, view)
    if figures is None:
        return ""
    written = ", ".join(f"{plain_name(name)} {said.money(value, figures.unit)}{figures.scale}"
                        for name, value in zip(names, figures.values))
    return f"{figures.label}: {written}"


def asked_at(game: Game, state: State, names: list[str], said: Words) -> tuple[Asked, ...]:
    """Whom the game waits on at ``state``, with the prompt and public choices the thread's
    post shows them (``Notifications.turn_payload``)."""
    if game.result(state) is not None:
        return ()
    found = []
    for seat in sorted(game.pending(state)):
        public = [choice_payload(choice, names, said)["label"] for choice in game.legal(state, seat)
                  if not choice.private]
        # A wholly private decision's prompt may name a secret: the thread only says one is pending.
        prompt = prompt_in(game, state, seat, said.language) if public else ""
        found.append(Asked(names[seat] if seat < len(names) else "", name_seats(prompt, names), tuple(public)))
    return tuple(found)


def asked_in(turn: Iterable[dict[str, Any]], names: Sequence[str]) -> tuple[Asked, ...]:
    """Whom a thread post waits on, from its payload's ``turn`` (prompts and public choices)."""
    found = []
    for seat in turn:
        number = seat["seat"]
        name = names[number] if number < len(names) else ""
        choices = tuple(choice["label"] for choice in seat.get("choices", []) if not choice.get("private"))
        found.append(Asked(name, seat["prompt"] if choices else "", choices))
    return tuple(found)


def of_state(game: Game, state: State, names: list[str], said: Words, *, title: str, move: int,
             news: Sequence[str]) -> str:
    """The description of the board at ``state`` (after ``move`` moves, which told ``news``),
    as ``/game board move:N`` and the game page's frame give it."""
    result = game.result(state)
    return board(Moment(title, move, name_seats(game.status(state), names),
                        name_seats(result.summary, names) if result is not None else None,
                        scores(game, game.view(state, None), names, said),
                        tuple(name_seats(line, names) for line in news),
                        asked_at(game, state, names, said)), said)


def at_checkpoint(game: Game, table: Table, kept: Checkpoint, said: Words) -> str:
    """The description of the board after the last move of ``kept`` (kept from the move
    before it, so that move's news is told too), the table's names as they are now."""
    names, title = table.names(), f"{game.name} #{table.id}"
    steps = list(history.rebuilt(game, table, kept))
    if not steps:  # the state kept is the move's own: there is no news to rebuild
        assert kept.state is not None  # nothing kept: rebuilt from the deal, which is a step
        return of_state(game, upgraded(game, kept.state), names, said, title=title, move=kept.base, news=())
    last = steps[-1]
    news = history.step_lines(game, last, names, history.beginning(game, table, said), said)
    return of_state(game, last.state, names, said, title=title, move=last.move, news=news)


def board(moment: Moment, said: Words) -> str:
    """The board's description: which game and move, whose turn (or the result), the
    scores, whom it waits on and on what, then the news, cut to fit ``LIMIT``."""
    heading = said.t("{game}, the board after move {move}.", game=moment.title, move=moment.move)
    if moment.result is not None:
        standing = [said.t("Game over. {summary}", summary=_sentence(moment.result))]
    else:
        standing = [_sentence(moment.status)] if moment.status else []
    if moment.scores:
        standing.append(_sentence(moment.scores))
    waiting = [_asked(asked, said) for asked in moment.asked]
    news = _lines(moment.news)
    if news:
        news[0] = said.t("Just now: {news}", news=news[0])
    return fitted([heading, *standing], [*waiting, *news])


def picture(title: str, what: str, news: Iterable[str], said: Words) -> str:
    """Another picture of a post (the films on offer, the bids revealed, the final scores):
    what it is, then the post's lines it goes with."""
    heading = said.t("{game}: {picture}.", game=title, picture=what)
    return fitted([heading], _lines(news))


def picture_name(kind: str, said: Words) -> str:
    """What a post's picture of ``kind`` shows (the names the renderers draw), in a few words."""
    if kind == "summary":
        return said.t("the final scores, and a chart of what the game counted over its course")
    if kind == "array":
        return said.t("the films dealt for this round")
    if kind == "bids":
        return said.t("the advertising bids, revealed")
    if kind == "payout":
        return said.t("the round's payout")
    if kind == "premiere":
        return said.t("the movie's premiere")
    return said.t("a picture of this move")


def fitted(kept: Sequence[str], cut: Sequence[str]) -> str:
    """``kept`` whole (as much of it as the limit allows), then each of ``cut`` on a line of
    its own while room remains, the last one that fits in part cut short. (The post's lines
    stay lines: a reveal is read apart from who did what before it.)"""
    text = _clip(" ".join(part for part in kept if part), LIMIT)
    for part in (part for part in cut if part):
        room = LIMIT - len(text) - 1
        if room <= 2 * len(ELLIPSIS):
            break
        text = f"{text}\n{_clip(part, room)}"
    return text


def _asked(asked: Asked, said: Words) -> str:
    name = plain_name(asked.name)
    if not asked.prompt:
        return said.t("{name} is deciding in private.", name=name)
    line = said.t("{name} is asked: {prompt}", name=name, prompt=_sentence(asked.prompt))
    if asked.choices:
        line += " " + said.t("Choices: {choices}.", choices="; ".join(plain(choice) for choice in asked.choices))
    return line


def _lines(markdown_lines: Iterable[str]) -> list[str]:
    return [_sentence(line) for lines in markdown_lines for line in lines.splitlines() if line.strip()]


def _sentence(markdown: str) -> str:
    """A line of the thread's Markdown as plain text on one line (a status, a summary),
    ending as a sentence does, so a screen reader pauses before the next."""
    text = " ".join(plain(markdown).split())
    return text if not text or text.endswith(_ENDS) else f"{text}."


def _clip(text: str, most: int) -> str:
    return text if len(text) <= most else text[:most - len(ELLIPSIS)].rstrip() + ELLIPSIS
