"""The game page's HTML, its log's fragments, and the 404 and 429 pages: built from
``story``'s public figures, every word in the table's language (``bot/i18n.py``), every
name and line escaped (``markup``).

Addresses in the page are relative (``<token>/board/3.png`` beside ``/g/<token>``), so it
works behind a reverse proxy that serves it under a path of its own; the offline demo's
copy (``replay``) points them at files beside it instead.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from bot.engine.language import Words
from bot.table.history import CHAPTER
from bot.web.markup import plain, to_html


@dataclass(frozen=True)
class Move:
    """One move of the log as the page lists it (move 0: the deal)."""

    move: int
    period: str          # "Turn 3", "Round 2" (empty for a game that counts none)
    lines: tuple[str, ...]  # the thread's Markdown, players named
    status: str          # the status line after it, plain text


@dataclass(frozen=True)
class Standing:
    """The game as it stands."""

    moves: int
    status: str          # the status line, the thread's Markdown
    result: str | None   # the result's summary when the game is over
    label: str           # what the scores count ("Property value"); empty when none
    scores: tuple[tuple[str, str], ...]  # (name, amount written the table's way), by seat


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


def _head(said: Words, title: str, style: str) -> str:
    return (f'<!doctype html>\n<html lang="{said.language}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<meta name="referrer" content="no-referrer">\n<meta name="robots" content="noindex, nofollow">\n'
            f"<title>{escape(title)}</title>\n{style}\n</head>\n")


def page(said: Words, title: str, standing: Standing, waiting: Sequence[str],
         chapters: Iterable[str], older: int | None, version: int, places: Places, poll_seconds: float) -> str:
    """The whole page: the board as it stands, the replay control, whom the game waits on,
    (``waiting``: a line each, the thread's Markdown, with what closes by itself), the
    scores, the summary picture when it is over, and the log (``chapters``: fragments,
    newest first; ``older``: the chapter the "Older moves" button loads next, if any)."""
    moves = standing.moves
    alt = plain(standing.status)
    board = places.board.replace("{n}", str(moves))
    label = said.t("Move {move} of {count}")  # a template: the script fills it in
    move_word = said.t("Move")
    opening = (f'<main id="game" data-moves="{moves}" data-version="{version}" data-board="{escape(places.board)}"'
               f' data-log="{escape(places.log)}" data-version-url="{escape(places.version)}"'
               f' data-poll="{poll_seconds:g}" data-chapter-size="{CHAPTER}" data-move-label="{escape(label)}">\n')
    parts = [_head(said, title, places.style), "<body>\n",
             opening,
             f'<header><h1>{escape(title)}</h1>\n<p id="status" class="status">{to_html(standing.status)}</p></header>\n',
             '<section class="board" aria-label="', escape(said.t("Board")), '">\n',
             f'<img id="board" src="{escape(board)}" alt="{escape(alt)}">\n',
             '<div class="replay" role="group" aria-label="', escape(said.t("Replay")), '">\n',
             _button("first", "|◀", said.t("First move")), _button("back", "◀", said.t("Previous move")),
             (f'<input id="move" type="range" min="0" max="{moves}" value="{moves}" aria-label="'
              f'{escape(move_word)}">\n'),
             _button("forward", "▶", said.t("Next move")), _button("last", "▶|", said.t("Latest move")),
             f'<output id="shown">{escape(label.format(move=moves, count=moves))}</output>\n',
             "</div>\n</section>\n"]
    parts.append(_standing(said, standing, waiting))
    if standing.result is not None and places.summary:
        heading = said.t("Final scores")
        parts.append(f'<section class="summary"><h2>{escape(heading)}</h2>\n'
                     f'<img id="summary" src="{escape(places.summary)}" alt="{escape(plain(standing.result))}">'
                     "</section>\n")
    story, older_moves = said.t("The story so far"), said.t("Older moves")
    parts.append(f'<section class="story"><h2>{escape(story)}</h2>\n<div id="log">\n')
    parts.extend(chapters)
    parts.append("</div>\n")
    if older is not None:
        parts.append(f'<button id="older" type="button" data-chapter="{older}">'
                     f'{escape(older_moves)}</button>\n')
    parts.append(f"</section>\n</main>\n{places.script}\n</body>\n</html>\n")
    return "".join(parts)


def _button(go: str, symbol: str, label: str) -> str:
    return f'<button type="button" data-go="{go}" aria-label="{escape(label)}" title="{escape(label)}">{symbol}</button>\n'


def _standing(said: Words, standing: Standing, waiting: Sequence[str]) -> str:
    parts = ['<section class="standing">\n']
    if standing.result is not None:
        over = said.t("Game over. {summary}", summary=standing.result)
        parts.append(f'<p class="result">{to_html(over)}</p>\n')
    if waiting:
        parts.append('<ul class="waiting">\n' + "".join(f"<li>{to_html(line)}</li>\n" for line in waiting) + "</ul>\n")
    if standing.scores:
        scores, player = said.t("Scores"), said.t("Player")
        parts.append(f'<h2>{escape(scores)}</h2>\n<table class="scores"><thead><tr><th>'
                     f'{escape(player)}</th><th>{escape(standing.label)}</th></tr></thead><tbody>\n')
        parts.extend(f"<tr><td>{escape(name)}</td><td>{escape(score)}</td></tr>\n" for name, score in standing.scores)
        parts.append("</tbody></table>\n")
    parts.append("</section>\n")
    return "".join(parts)


def chapter(number: int, moves: Sequence[Move]) -> str:
    """A chapter's moves as the log shows them: grouped by turn or round, newest first. Every
    move is listed (the replay reads its status from it); one that told nothing is hidden."""
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
            parts.append(f'<li data-move="{move.move}" data-status="{escape(move.status)}"{quiet}>'
                         f'<span class="n">{move.move}</span> {lines}</li>\n')
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
