"""Billboard through the simulated Discord, in Polish.

Alice, Bob and Carol open a table with ``language=pl`` and play its opening as people would,
clicking what the thread's posts (and, where a post has no room, their own panels) offer:

1. The draft: each takes one billboard, then keeps the rest as money.
2. The first player signs a partnership with Apress and looks at its second contract. The
   contract reaches that player alone, by DM; the thread learns only the position.
3. The same player sells ad space with Apress: the others are asked in turn order and offer
   billboards through the subset controls (a select and its Confirm), and the drawer, asked
   last, matches the best offer with their new loyalty point and wins the contract.
4. The second player bids for a company through the amount form, typing the amount as the
   form writes it, in thousands ("… tys."); the bid stands through the others' turns and at
   the start of the bidder's next turn the company is theirs.

The three play with Polish Discord clients. Every post of the thread and every DM is Polish: no
sentence of the game's English source is in them, and counts take Polish plural forms.
"""

from __future__ import annotations

import re

from bot import i18n
from bot.games import registry
from bot.games.billboard.wording import contract_text
from tests.discord_sim import DiscordSim, SimMember
from tests.discord_sim.model import SimChannel, SimMessage, walk_components

from .driver import TURN_LINE, is_turn_post
from .observer import Database

pytest_plugins = ["tests.discord_sim.plugin"]

GAME_ID = "billboard"
GAME = registry.game(GAME_ID)
CONTENT = GAME.content
SEED = 12
PANEL_ID = re.compile(r"^mq:p:\d+$")


def english_fragments() -> list[str]:
    """Pieces of the game's English sentences long enough to be unmistakable: the text
    between format fields of every message of the ``billboard`` domain."""
    pieces: set[str] = set()
    for _context, message in i18n.source_messages("billboard"):
        for text in (message,) if isinstance(message, str) else message:
            pieces.update(p.strip() for p in re.split(r"\{[^}]*\}", text))
    return sorted(p for p in pieces if len(p) >= 12 and p.isascii() and " " in p)


class Table:
    """The three members at the thread; each move is made by clicking its control."""

    def __init__(self, sim: DiscordSim, thread: SimChannel, db: Database, members: list[SimMember]):
        self.sim, self.thread, self.db = sim, thread, db
        self.members = members

    def state(self) -> dict:
        return self.db.game()[1]

    def member(self, seat: int) -> SimMember:
        user = self.db.humans()[seat]
        return next(m for m in self.members if m.id == user)

    def latest(self) -> SimMessage:
        return [m for m in self.thread.messages if is_turn_post(m)][-1]

    def seat_language(self, seat: int) -> str:
        """What the game words a seat's own messages in (from the member's Discord locale)."""
        return self.state()["seat_languages"][seat]

    async def settle(self) -> None:
        await self.sim.wait_for(self.db.quiet, what="the game to settle")
        await self.sim.settle(quiet=0.05)

    async def move(self, seat: int, action: str, *, amount: str | None = None,
                   subset: list[str] | None = None) -> None:
        """``seat`` makes ``action`` (a template when ``amount``, as typed, or ``subset`` fills
        it) with the controls Discord shows: the newest turn post's, or else the member's own panel."""
        await self.settle()
        member, post = self.member(seat), self.latest()
        assert f"<@{member.id}>" in (TURN_LINE.search(post.text) or [""])[0], post.text
        before = self.db.game()[0]
        message = post if self._control(post, action) else await self._panel(member, post)
        kind, comp = self._control(message, action)
        if kind == "button":
            handle = await member.click(comp["custom_id"], message=message)
            await handle.response()
        elif kind == "select":
            await (await member.select(comp["custom_id"], [action], message=message)).response()
        elif kind == "amount":
            form = await (await member.click(comp["custom_id"], message=message)).modal()
            await (await form.submit(amount=amount)).response()
        else:  # a subset: pick in its select(s), then Confirm
            await (await member.select(comp["custom_id"], subset, message=message)).response()
            confirm = next(c for c in walk_components(message.components)
                           if c.get("custom_id", "").startswith("mq:c:")
                           and c["custom_id"].endswith(":" + action))
            await (await member.click(confirm["custom_id"], message=message)).response()
        await self.sim.wait_for(lambda: self.db.game()[0] > before, what=f"{member.name}'s {action}")
        await self.settle()

    @staticmethod
    def _control(message: SimMessage, action: str) -> tuple[str, dict] | None:
        for comp in walk_components(message.components):
            custom_id = comp.get("custom_id", "")
            if comp.get("type") == 2 and custom_id.startswith("mq:m:") and custom_id.endswith(":" + action):
                return "button", comp
            if comp.get("type") == 2 and custom_id.startswith("mq:a:") and custom_id.endswith(":" + action):
                return "amount", comp
            if comp.get("type") == 3 and custom_id.startswith("mq:s:") and any(
                    o["value"] == action for o in comp["options"]):
                return "select", comp
            if comp.get("type") == 3 and custom_id.startswith("mq:u:") and custom_id.endswith(":" + action):
                return "subset", comp
        return None

    async def _panel(self, member: SimMember, post: SimMessage) -> SimMessage:
        button = next(c for c in walk_components(post.components)
                      if PANEL_ID.match(c.get("custom_id", "")))
        panel = await (await member.click(button["custom_id"], message=post)).reply()
        assert panel.ephemeral and panel.recipient is member
        return panel


def pick_in_area(state: dict, contract_id: str, value: int, taken: set[str]) -> str:
    """A draft group ("sm:2") of the bank's billboards of ``value`` inside the contract's area."""
    contract = CONTENT.contracts[contract_id]
    for billboard in CONTENT.billboards.values():
        if billboard.value == value and billboard.id not in taken and state["owner"][billboard.id] is None \
                and contract.covers(billboard):
            return f"{CONTENT.district(billboard.district).prefix}:{value}"
    raise AssertionError(f"no billboard of value {value} in {contract_id}'s area")


async def test_a_polish_game_with_an_auction_a_takeover_and_a_peek(discord_sim, marquee, db_path,
                                                                   alice, bob, carol, report_figures):
    for member in (alice, bob, carol):
        member.locale = "pl"  # their Discord speaks Polish: prompts and DMs are Polish too
    async with marquee(seed=SEED):
        await (await alice.slash("game new", options={"game": GAME_ID, "options": "language=pl"})).reply()
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: any(
            c.get("custom_id", "").endswith(":join") for c in walk_components(m.components)))
        ids = {c["custom_id"].rsplit(":", 1)[1]: c["custom_id"] for c in walk_components(lobby.components)
               if c.get("custom_id", "").startswith("mq:l:")}
        for member in (bob, carol):
            await (await member.click(ids["join"], message=lobby)).response()
        await (await alice.click(ids["start"], message=lobby)).reply()
        db = Database(db_path, GAME)
        table = Table(discord_sim, thread, db, [alice, bob, carol])
        await table.settle()

        state = table.state()
        assert state["language"] == "pl" and state["seat_languages"] == ["pl", "pl", "pl"]
        first = state["start"]
        second, third = (first + 1) % 3, (first + 2) % 3
        top, peeked = state["agencies"]["apress"]["pile"][:2]

        # 1. The draft: two billboards of value 2 in the area of Apress's top contract (the
        #    first and second player), one of value 1 for the third; then everyone keeps the rest.
        taken: set[str] = set()
        for seat, value in ((first, 2), (second, 2), (third, 1)):
            group = pick_in_area(table.state(), top, value, taken)
            await table.move(seat, f"draft:{group}")
            taken |= {b for b, owner in table.state()["owner"].items() if owner == seat}
        for seat in (first, second, third):
            await table.move(seat, "pass")
        state = table.state()
        assert state["phase"] == "turn" and state["turn"] == first

        # 2. A partnership with Apress: a look at contract 2, for the first player's eyes only.
        peeker = table.member(first)
        await table.move(first, "partner:apress:2")
        secret = CONTENT.contracts[peeked]
        seen = contract_text(CONTENT.words[table.seat_language(first)], CONTENT, secret)
        await peeker.wait_for_dm(lambda m: seen in m.text)
        said = CONTENT.words["pl"].t(
            "{seat} signs a partnership with {agency} (+1 loyalty) and looks at contract {position} "
            "from the top.", seat="", agency="Apress", position=2)
        assert any(said in m.text for m in thread.messages), "the thread learns the position"

        # 3. Selling ad space with Apress: the second player offers a billboard of value 2 through
        #    the subset controls, the third cannot beat it, and the drawer matches it last.
        await table.move(first, "ad:apress")
        auction = table.state()["auction"]
        assert auction["contract"] == top and auction["asking"] == second
        offered = [b for b, owner in table.state()["owner"].items() if owner == second]
        await table.move(second, "offer:{}", subset=offered)
        auction = table.state()["auction"]
        assert auction["offers"] == [{"seat": second, "value": 2, "billboards": offered}]
        assert auction["asking"] == first, "the third player cannot beat 2 with a 1, the drawer is last"
        own = [b for b, owner in table.state()["owner"].items() if owner == first]
        await table.move(first, "offer:{}", subset=own)
        state = table.state()
        assert state["contracts"][first] == 1 and set(own) <= set(state["ads"])
        assert state["loyalty"]["apress"][first] == 2  # the partnership's point, and the drawer's
        assert state["turn"] == second, "both actions used: the turn passed on"

        # 4. A takeover: the second player bids for Sukiennice, typing the amount as the form
        #    writes it, in thousands ("… tys."); the bid stands until their next turn.
        floor = state["companies"]["grey"]["price"] + 1
        await table.move(second, "company:grey:{}", amount=f"{floor} tys.")
        assert table.state()["locked"][second] == floor
        await table.move(second, "end")
        await table.move(third, "end")
        await table.move(first, "end")
        state = table.state()
        assert state["turn"] == second and state["companies"]["grey"]["owner"] == second
        assert state["locked"][second] == 0
        await table.settle()

    # What the thread was told: Polish (the table's posts, and each player's prompt in it), the
    # auction and the takeover in it, and no secret; the players' DMs are Polish too.
    posts = [m.text for m in thread.messages if m.from_bot]
    public = "\n".join(posts)
    english = [piece for piece in english_fragments() if piece in public]
    assert not english, f"English game sentences in the Polish thread: {english[:5]}"
    private = "\n".join(m.text for member in (alice, bob, carol) for m in member.dms)
    assert not [piece for piece in english_fragments() if piece in private]
    assert "Sukiennice" in public and "tys.\xa0zł" in public
    assert re.search(r"\b1 billboard\b", public), "one billboard: the singular"
    others = [member for member in (alice, bob, carol) if member is not peeker]
    for words in CONTENT.words.values():
        assert contract_text(words, CONTENT, secret) not in "\n".join(posts)
        assert all(contract_text(words, CONTENT, secret) not in m.text for member in others
                   for m in member.dms)
    report_figures("billboard_thread_posts", len(posts))
