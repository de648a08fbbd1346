"""The game page's HTML, its log's fragments, and the 404 and 429 pages: built from
``story``'s public figures, every word in the table's language (``bot/i18n.py``), every
name and line escaped (``markup``), every name isolated (``<bdi>``) so a right-to-left one
reads as itself without turning the text around it.

Addresses in the page are relative (``<token>/board/3.png`` beside ``/g/<token>``), so it
works behind a reverse proxy that serves it under a path of its own; the offline demo's
copy (``replay``) points them at files beside it instead.

Each move of the log carries what the replay shows with its board: the status line, the
scores and the board's description (``data-status``, ``data-figures``, ``data-alt``).
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from bot.engine.language import Words
from bot.table.history import CHAPTER
from bot.web.markup import plain, to_html


@dataclass(frozen=True)
class Figures:
    """The scores table at one moment: what it counts ("Property value"; empty when the game
    counts nothing yet) and each seat's name and amount, by seat."""

    label: str
    rows: tuple[tuple[str, str], ...]

    def json(self) -> str:
        return json.dumps({"label": self.label, "rows": self.rows}, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Move:
    """One move of the log as the page lists it (move 0: the deal)."""

    move: int
    period: str             # "Turn 3", "Round 2" (empty for a game that counts none)
    lines: tuple[str, ...]  # the thread's Markdown, players named as they were then
    status: str             # the status line after it, plain text
    figures: Figures        # the scores after it
    alt: str                # its board's description (bot/table/describe.py)


@dataclass(frozen=True)
class Standing:
    """The game as it stands."""

    moves: int
    status: str          # the status line, the thread's Markdown
    result: str | None   # the result's summary when the game is over
    figures: Figures


@dataclass(frozen=True)
class Places:
    """Where the page finds what it shows: ``{n}`` is a move, ``{c}`` a chapter. An empty
    ``log`` or ``version``: everything is in the page already and nothing changes (offline)."""

    board: str
    summary: str | None
    log: str = ""
    version: str = ""
    style: str = '<link rel="stylesheet" href="../static/page.css">'
    script: str = '<script src="../static/page.js" defer></script>'


#: The autoplay's speeds: milliseconds a move stays shown, and the default.
SPEEDS = (2500, 1200, 500)
SPEED = 1200


def _head(said: Words, title: str, style: str) -> str:
    return (f'<!doctype html>\n<html lang="{said.language}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<meta name="referrer" content="no-referrer">\n<meta name="robots" content="noindex, nofollow">\n'
            '<meta name="color-scheme" content="light dark">\n'
            f"<title>{escape(title)}</title>\n{style}\n</head>\n")


def page(said: Words, title: str, standing: Standing, waiting: Sequence[str],
         chapters: Iterable[str], older: int | None, version: int, places: Places, poll_seconds: float,
         alt: str = "") -> str:
    """The whole page: whom the game waits on (``waiting``: a line each, the thread's
    Markdown, with what closes by itself) and the scores, the board (``alt``: its
    description) with the replay control, the summary picture when it is over, and the log
    (``chapters``: fragments, newest first; ``older``: the chapter the "Older moves" button
    loads next, if any). A finished game's page does not poll."""
    moves = standing.moves
    label = said.t("Move {move} of {count}")  # a template: the script fills it in
    loading, play, pause = said.t("Loading the board after move {move}…"), said.t("Play"), said.t("Pause")
    over = standing.result is not None
    opening = (f'<main id="game" data-moves="{moves}" data-version="{version}" data-board="{escape(places.board)}"'
               f' data-log="{escape(places.log)}" data-version-url="{escape(places.version if not over else "")}"'
               f' data-poll="{poll_seconds:g}" data-chapter-size="{CHAPTER}" data-move-label="{escape(label)}"'
               f' data-loading-label="{escape(loading)}" data-play-label="{escape(play)}"'
               f' data-pause-label="{escape(pause)}">\n')
    parts = [_head(said, title, places.style), "<body>\n", opening,
             _top(said, title, standing, waiting), _board(said, standing, places, alt or standing.status, label),
             _scores(said, standing.figures)]
    if over and places.summary:
        heading, open_it = said.t("Final scores"), said.t("Open the summary full size")
        parts.append(f'<section class="summary"><h2>{escape(heading)}</h2>\n'
                     f'<button type="button" class="open" data-opens="summary" aria-label="'
                     f'{escape(open_it)}">'
                     f'<img id="summary" src="{escape(places.summary)}" alt="{escape(plain(standing.result or ""))}">'
                     "</button></section>\n")
    story, older_moves = said.t("The story so far"), said.t("Older moves")
    hint = said.t("Choose a line to see the board after that move.")
    parts.append(f'<section class="story" aria-labelledby="story-heading"><h2 id="story-heading">{escape(story)}</h2>\n'
                 f'<p class="hint">{escape(hint)}</p>\n'
                 '<div id="log">\n')
    parts.extend(chapters)
    parts.append("</div>\n")
    if older is not None:
        parts.append(f'<button id="older" type="button" data-chapter="{older}">{escape(older_moves)}</button>\n')
    parts.append(f"</section>\n</main>\n{_viewer(said)}{places.script}\n</body>\n</html>\n")
    return "".join(parts)


def _top(said: Words, title: str, standing: Standing, waiting: Sequence[str]) -> str:
    parts = [(f'<header class="top">\n<h1>{escape(title)}</h1>\n'
             f'<p id="status" class="status" aria-live="polite">{to_html(standing.status)}</p>\n')]
    if standing.result is not None:
        over = said.t("Game over. {summary}", summary=standing.result)
        parts.append(f'<p id="result" class="result">{to_html(over)}</p>\n')
    if waiting:
        parts.append('<ul class="waiting">\n' + "".join(f"<li>{to_html(line)}</li>\n" for line in waiting) + "</ul>\n")
    parts.append("</header>\n")
    return "".join(parts)


def _scores(said: Words, figures: Figures) -> str:
    """The scores table, each seat marked with its colour and letter as on the board."""
    if not figures.rows:
        return ""
    heading, player = said.t("Scores"), said.t("Player")
    rows = "".join(f'<tr><th scope="row"><span class="seat seat-{seat}" aria-hidden="true">{_LETTERS[seat % 9]}</span>'
                   f'<bdi>{escape(name)}</bdi></th><td class="amount">{escape(score)}</td></tr>\n'
                   for seat, (name, score) in enumerate(figures.rows))
    return (f'<section class="standing" aria-labelledby="scores-heading"><h2 id="scores-heading">{escape(heading)}</h2>\n'
            f'<table class="scores" id="scores"><thead><tr><th scope="col">{escape(player)}</th>'
            f'<th scope="col" class="amount" id="scores-label">{escape(figures.label)}</th></tr></thead>\n'
            f"<tbody>\n{rows}</tbody></table>\n</section>\n")


#: The seats' letters, as the board marks them (rendering/kit.py's PLAYER_STYLES).
_LETTERS = "ABCDEFGHI"


def _board(said: Words, standing: Standing, places: Places, alt: str, label: str) -> str:
    moves = standing.moves
    board = places.board.replace("{n}", str(moves))
    names = (said.t("Slow"), said.t("Normal"), said.t("Fast"))
    speeds = "".join(f'<option value="{ms}"{" selected" if ms == SPEED else ""}>{escape(name)}</option>'
                     for ms, name in zip(SPEEDS, names))
    section, replay, play, move = said.t("Board"), said.t("Replay"), said.t("Play"), said.t("Move")
    speed, open_it = said.t("Speed"), said.t("Open the board full size")
    return "".join([
        f'<section class="board" aria-label="{escape(section)}">\n',
        f'<div class="replay" id="replay" role="group" tabindex="0" aria-label="{escape(replay)}"',
        ' aria-keyshortcuts="ArrowLeft ArrowRight Home End Space">\n<div class="steps">',
        _button("first", "⇤", said.t("First move")), _button("back", "←", said.t("Previous move")),
        f'<button type="button" id="play" aria-pressed="false" aria-label="{escape(play)}" title="{escape(play)}">▶</button>',
        _button("forward", "→", said.t("Next move")), _button("last", "⇥", said.t("Latest move")),
        "</div>\n",
        f'<input id="move" type="range" min="0" max="{moves}" value="{moves}" aria-label="{escape(move)}">\n',
        f'<output id="shown" for="move">{escape(label.format(move=moves, count=moves))}</output>\n',
        f'<label class="speed">{escape(speed)} <select id="speed">{speeds}</select></label>\n',
        "</div>\n",
        '<figure class="frame" id="frame">\n',
        f'<button type="button" class="open" data-opens="board" aria-label="{escape(open_it)}">',
        f'<img id="board" src="{escape(board)}" alt="{escape(alt)}"></button>\n',
        '<figcaption id="loading" class="loading" role="status"></figcaption>\n',
        "</figure>\n</section>\n"])


def _viewer(said: Words) -> str:
    """The full-size picture, over the page: at its own pixels first, then scrolled, and
    zoomed with two fingers or the buttons."""
    close, full = said.t("Close"), said.t("The picture, full size")
    smaller, larger, fit = said.t("Zoom out"), said.t("Zoom in"), said.t("Fit to the screen")
    return (f'<dialog id="viewer" aria-label="{escape(full)}">\n<div class="tools">'
            f'<button type="button" data-zoom="0.8" aria-label="{escape(smaller)}" title="{escape(smaller)}">−</button>'
            f'<button type="button" data-zoom="1.25" aria-label="{escape(larger)}" title="{escape(larger)}">+</button>'
            f'<button type="button" data-zoom="fit">{escape(fit)}</button>'
            f'<button type="button" id="close" class="close">{escape(close)} ✕</button></div>\n'
            '<div class="scroll" tabindex="0"><img id="full" alt=""></div>\n</dialog>\n')


def _button(go: str, symbol: str, label: str) -> str:
    return f'<button type="button" data-go="{go}" aria-label="{escape(label)}" title="{escape(label)}">{symbol}</button>'


def chapter(number: int, moves: Sequence[Move]) -> str:
    """A chapter's moves as the log shows them: grouped by turn or round, newest first. Every
    move is listed (the replay reads its status, scores and description from it), each line a
    link to its move (``#move-N``); one that told nothing is hidden."""
    groups: list[list[Move]] = []
    for move in moves:
        if groups and groups[-1][0].period == move.period:
            groups[-1].append(move)
        else:
            groups.append([move])
    parts = [f'<div class="chapter" data-chapter="{number}">\n']
    for group in reversed(groups):
        parts.append(f'<section class="period" data-first="{group[0].move}">\n')
        if group[0].period:
            parts.append(f"<h3>{escape(group[0].period)}</h3>\n")
        parts.append("<ol>\n")
        for move in reversed(group):
            quiet = "" if move.lines else ' class="quiet"'
            lines = "<br>".join(to_html(line) for line in move.lines)
            parts.append(f'<li id="move-{move.move}" data-move="{move.move}" data-status="{escape(move.status)}"'
                         f' data-figures="{escape(move.figures.json())}" data-alt="{escape(move.alt)}"{quiet}>'
                         f'<a class="line" href="#move-{move.move}"><span class="n">{move.move}</span>'
                         f' <span class="said">{lines}</span></a></li>\n')
        parts.append("</ol>\n</section>\n")
    parts.append("</div>\n")
    return "".join(parts)


def refusal(said: Words, status: int, style: str = '<link rel="stylesheet" href="/static/page.css">') -> str:
    """The plain page for a link that leads nowhere (404) or a reader asking too fast (429)."""
    if status == 429:
        title, text = said.t("Too many requests"), said.t("Too many requests from your address: wait a moment, then reload.")
    else:
        title, text = said.t("Page not found"), said.t("There is no game page at this address.")
    return (_head(said, title, style) + f'<body>\n<main class="refusal"><h1>{escape(title)}</h1>\n'
            f"<p>{escape(text)}</p></main>\n</body>\n</html>\n")
