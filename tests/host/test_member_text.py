"""Member-supplied text never acts as a template (issue 35): a display name such as ``{p2}``
rewrote who did what in a hand-over line ("**Ben** was replaced by {p2}" read "… by **Cat**"),
since the line was named ({pN} → a seat's name) after the host's name was put in it. Through
the real path: the table service writes the line, the dispatcher posts it."""
from __future__ import annotations

import pytest

from bot.delivery.dispatcher import Dispatcher
from bot.table.service import Member, Tables
from bot.text import WORD_JOINER, markdown_name, plain_name
from tests import toy_game  # noqa: F401 - registers the toy game
from tests.toy_game import GAME_ID

BEN, CAT = Member(2, "Ben"), Member(3, "Cat")
#: Names a member may take that read as placeholders or format fields somewhere.
BRACES = ["{p2}", "{p0}{p1}", "{0}", "{}", "{p2!r}", "{seat}", "{by}", "{{p2}}", "{p٢}", "x{p2}y {p1}"]


@pytest.fixture
def store_kind():
    """About the table service's text, not the store: SQLite alone is enough."""
    return "sqlite"


class Posts:
    """A transport keeping what the thread was told."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    async def post(self, table, message):
        self.texts.append(message.text)

    async def send_private(self, table, seat, message):
        return True

    async def notice(self, table, text):
        self.texts.append(text)

    def read(self) -> str:
        """As a reader sees it: the word joiner a name may carry shows as nothing."""
        return "\n".join(self.texts).replace(WORD_JOINER, "")


async def started(store, host: Member) -> tuple[Tables, Dispatcher, Posts, int]:
    tables, posts = Tables(store), Posts()
    table = await tables.create(GAME_ID, host)
    for member in (BEN, CAT):
        await tables.join(table.id, member)
    await tables.start(table.id, host)
    return tables, Dispatcher(store, posts), posts, table.id


@pytest.mark.parametrize("name", BRACES)
async def test_a_hand_over_line_names_whoever_replaced_the_player_as_they_are_called(store, name):
    host = Member(1, name)
    tables, dispatcher, posts, game_id = await started(store, host)
    await dispatcher.flush()
    posts.texts.clear()
    await tables.hand_to_bot(game_id, host, seat=1)  # the host replaces quiet Ben
    await dispatcher.flush()
    said = posts.read()
    shown = markdown_name(name).replace(WORD_JOINER, "")
    assert f"**Ben** was replaced by {shown}; a bot plays their seat from now on." in said, said
    assert "replaced by **" not in said  # no seat's name stands in for the host's


@pytest.mark.parametrize("name", BRACES)
async def test_a_name_in_a_line_of_names_is_not_named_again(store, name):
    # The game's first line puts the players' names in text that is then named: a name must
    # hold no placeholder by then.
    _, dispatcher, posts, _ = await started(store, Member(1, name))
    await dispatcher.flush()
    shown = markdown_name(name).replace(WORD_JOINER, "")
    assert f"**Twenty-one** begins: {shown}, Ben, Cat." in posts.read()


def test_a_shown_name_holds_no_placeholder_and_reads_as_typed():
    for name in BRACES:
        assert plain_name(name).replace(WORD_JOINER, "") == name
    assert plain_name("{p2}") == "{" + WORD_JOINER + "p2}"
    assert plain_name("{0} {} {p2!r} {pp}") == "{0} {} {p2!r} {pp}"  # nothing else is touched
