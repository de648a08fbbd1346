"""San Francisco Scene through the simulated Discord: Alice, Bob and Carol play one game from
``/game new`` to the first bankruptcy.

The game is steered by its seed and a fixed plan (``Plan``): the first space landed on is
auctioned (Bob clicks "Auction it"; Alice bids through the amount form; Bob and Carol pass,
which closes it); the first Home Base landed on starts a negotiated Connection Card (Bob offers
through the form on the thread post; Carol counters from her DM; Bob accepts in his); then
Carol builds a trade step by step in her DMs (partner, a card she gives, none she asks, the
cash she asks) and Alice accepts it by DM. Every other move is the game's own bot policy,
played through the table service (the same pipeline as a click), so the file stays short;
with the seed below that game sends a player to San Quentin and then bankrupts one.

The thread must show each of these (for the offers, only the outcome), and no public message,
in any of its versions, ever shows an offer's terms while it stood.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from bot.engine import rng_for
from bot.games import registry
from bot.games.san_francisco_scene.deals import next_minimum, tradable
from bot.table.service import Member
from tests.discord_sim.model import SimMessage, text_of

from .driver import PANEL, controls_of, is_turn_post, press
from .leaks import public_texts
from .observer import Database

pytest_plugins = ["tests.discord_sim.plugin"]

GAME_ID = "san-francisco-scene"
KIT = registry.kit(GAME_ID)
GAME, BOT = KIT.game, KIT.bot
#: With these, the plan below has every moment it needs, and a bankruptcy, within 200 moves
#: (searched offline: 157 moves since the sailboat routes of issue 25 changed the dice's path).
SEED = 10
OPTIONS = "rent=auto rounds=0"
#: Prices no space, rent or development on the board has, so a match in public is a leak.
OFFER, COUNTER, TRADE_CASH = 170_000, 210_000, 230_000


@dataclass
class Plan:
    """Who moves next and how: a scripted moment (and which one), or the game's bot."""

    seed: int
    done: set[str] = field(default_factory=set)
    trade: tuple[int, str] | None = None  # (partner, card given)

    def next(self, state: dict) -> tuple[int, str, str | None]:
        phase, pending = state["phase"], sorted(GAME.pending(state))
        seat = pending[0]
        if phase == "buy" and "auction" not in self.done:
            return self._take(seat, "auction", "auction")
        if phase == "auction" and "auction" in self.done and "bid" not in self.done:
            return self._take(seat, f"bid:{next_minimum(state['auction'])}", "bid")
        if phase == "auction" and "bid" in self.done and "sold" not in self.done:
            if len(pending) == 1:
                self.done.add("sold")
            return seat, "pass", "pass"
        if phase == "home" and "offer" not in self.done and state["seats"][seat]["cash"] >= COUNTER + 50_000:
            return self._take(seat, f"connect:{OFFER}", "offer")
        if phase == "offer" and "offer" in self.done and "counter" not in self.done:
            return self._take(seat, f"offer:counter:{COUNTER}", "counter")
        if phase == "offer" and "counter" in self.done and "deal" not in self.done:
            return self._take(seat, "offer:accept", "deal")
        if (phase == "roll" and "deal" in self.done and "trade" not in self.done
                and not state["rolled"] and not state["traded"] and tradable(state, seat)):
            partner = next(s for s, p in enumerate(state["seats"])
                           if s != seat and not p["bankrupt"] and p["cash"] >= TRADE_CASH + 100_000)
            self.trade = partner, tradable(state, seat)[0]
            return self._take(seat, "trade", "trade")
        if phase == "trade" and self.trade is not None and "proposed" not in self.done:
            partner, card = self.trade
            step = state["draft"]["step"]
            if step == "partner":
                return seat, f"trade-with:{partner}", "trade-step"
            if step == "give":
                return seat, f"trade-give:{card}", "trade-step"
            if step == "ask":
                return seat, "trade-ask:", "trade-step"
            return self._take(seat, f"trade-cash:-{TRADE_CASH}", "proposed")
        if phase == "offer" and "proposed" in self.done and "traded" not in self.done:
            return self._take(seat, "offer:accept", "traded")
        return seat, BOT.choose(state, seat, rng_for(self.seed, state["_move"], "bot")), None

    def _take(self, seat: int, action: str, moment: str) -> tuple[int, str, str]:
        self.done.add(moment)
        return seat, action, moment


class Table:
    """The three members at the game's thread."""

    def __init__(self, sim, thread, db: Database, members) -> None:
        self.sim, self.thread, self.db, self.members = sim, thread, db, members
        self.clicks = 0

    def post(self) -> SimMessage:
        return [m for m in self.thread.messages if is_turn_post(m)][-1]

    async def settled(self) -> None:
        await self.sim.wait_for(self.db.quiet, what="the game to settle")
        await self.sim.settle(quiet=0.05)

    async def holding(self, seat: int, action: str) -> SimMessage:
        """The newest turn post when it carries ``action``; else (several players decide at
        once, as in an auction) this member's **My hand & options** panel."""
        await self.settled()
        post = self.post()
        if button_for(post, action) or any(c.action == action for c in controls_of(post)):
            return post
        panel = await (await self.members[seat].click(PANEL, message=post)).reply()
        assert panel.ephemeral and panel.recipient is self.members[seat]
        self.clicks += 1
        return panel

    async def click(self, seat: int, action: str) -> None:
        """A button on the newest turn post, or in the member's panel."""
        message = await self.holding(seat, action)
        await press(self.sim, self.db, self.members[seat], message, action, self.members[seat].name)
        self.clicks += 1

    async def form(self, seat: int, template: str, amount: int, message: SimMessage | None = None):
        """An amount button (on the turn post, or a DM) and its form; returns what it answered."""
        member = self.members[seat]
        message = message or await self.holding(seat, template)
        button = button_for(message, template)
        assert button, f"no {template} on {message.text!r}"
        before = self.db.game()[0]
        form = await (await member.click(button["custom_id"], message=message)).modal()
        submitted = await form.submit(amount=str(amount))
        # In a private message the form's answer refreshes that message; on a thread post the
        # click is acknowledged and the thread gets the next post.
        private = message.ephemeral or message.channel.is_dm
        reply = await submitted.reply() if private else await submitted.response()
        await self.sim.wait_for(lambda: self.db.game()[0] > before, what=f"{member.name}'s {template}")
        self.clicks += 2
        return reply

    async def dm_offering(self, seat: int, action: str) -> SimMessage:
        """The newest DM that offers this seat ``action`` (a DM's controls go once used)."""
        member = self.members[seat]

        def offering() -> list[SimMessage]:
            return [m for m in member.dms if action in [c.action for c in controls_of(m)]]

        await self.sim.wait_for(offering, what=f"{member.name}'s DM offering {action}")
        return offering()[-1]


def button_for(message: SimMessage, action: str) -> dict | None:
    """The button that makes ``action`` (a move, or an amount's template) on ``message``."""
    return next((b for b in message.buttons if b.get("custom_id", "").startswith(("mq:m:", "mq:a:"))
                 and b["custom_id"].split(":", 4)[4] == action), None)


def log_has(table: Table, text: str) -> list[SimMessage]:
    """The thread's posts that say ``text`` now or in any earlier version (a turn's post is
    edited while its decision goes on)."""
    return [m for m in table.thread.messages if m.from_bot
            and any(text in text_of(version) for version in [*m.history, m.payload()])]


async def test_three_members_play_san_francisco_scene_to_a_bankruptcy(
    discord_sim, marquee, db_path, alice, bob, carol, report_figures
):
    started = time.perf_counter()
    members = [alice, bob, carol]
    db = Database(db_path, GAME)
    async with marquee(seed=SEED) as bot:
        new = await alice.slash("game new", options={"game": GAME_ID, "options": OPTIONS})
        assert "Your table is ready" in (await new.reply()).text
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
        for member in (bob, carol):
            await (await member.click("Join", message=lobby)).response()
        assert "The game has started." in (await (await alice.click("Start", message=lobby)).reply()).text
        await thread.wait_for_message(is_turn_post, what="the first turn post")
        table, plan = Table(discord_sim, thread, db, members), Plan(SEED)
        game_id = db.query("SELECT id FROM games")[0][0]
        seated = [Member(m.id, m.name) for m in members]
        moves = 0
        while not any(p["bankrupt"] for p in db.game()[1]["seats"]):
            assert moves < 200, f"no bankruptcy after {moves} moves; the plan has {plan.done}"
            state = db.game()[1]
            seat, action, moment = plan.next(state)
            moves += 1
            if moment is None:
                await bot.tables.act(game_id, seated[seat], action)
            else:
                await play_moment(table, seat, action, moment)

        await table.settled()
        state = db.game()[1]

    # Every moment of the plan happened and the thread told it.
    assert {"auction", "bid", "sold", "offer", "counter", "deal", "trade", "proposed", "traded"} <= plan.done
    space = next(m for m in thread.messages if "puts" in m.text and "up for auction" in m.text)
    assert "**Bob** puts" in space.text
    # While several may bid, the thread's post counts who has decided; the last pass closes it.
    assert log_has(table, "✅ 2 of 3 have decided.")
    sold = log_has(table, "🔨 Sold:")[0]
    assert "**Carol** passes.\n🔨 Sold:" in sold.text and "to **Alice** for $" in sold.text
    deals = log_has(table, "🤝 Deal:")
    bought = next(m for m in deals if "Connection Card" in m.text)
    assert "**Bob** buys" in bought.text and f"from **Carol** for ${COUNTER:,}." in bought.text
    traded = next(m for m in deals if f"**Alice** pays **Carol** ${TRADE_CASH:,}" in m.text)
    assert "**Carol** gives" in traded.text
    assert log_has(table, "**Bob** makes **Carol** an offer for a Connection Card.")
    assert log_has(table, "**Carol** makes **Alice** an offer for a trade.")
    assert log_has(table, "goes to San Quentin"), "nobody went to San Quentin"
    broke = log_has(table, "💥")
    assert broke and "cannot pay" in broke[0].text
    assert sum(p["bankrupt"] for p in state["seats"]) == 1
    made = db.log()  # the scripted moves are in the log as the members' own
    for entry in [(1, "auction", bob.id), (1, f"connect:{OFFER}", bob.id),
                  (2, f"offer:counter:{COUNTER}", carol.id), (1, "offer:accept", bob.id),
                  (2, "trade", carol.id), (2, f"trade-cash:-{TRADE_CASH}", carol.id),
                  (0, "offer:accept", alice.id)]:
        assert entry in made, entry

    # The haggling stayed private: while an offer stood nothing public showed its terms, and
    # the outcome names only the terms agreed (never the opening price).
    public = [(message, text) for message, text in public_texts(discord_sim) if message is not None]
    assert not [text for message, text in public if message.id < bought.id
                and (f"${OFFER:,}" in text or f"${COUNTER:,}" in text)]
    assert f"${OFFER:,}" not in bought.text
    assert not [text for message, text in public if message.id < traded.id and f"${TRADE_CASH:,}" in text]
    # ... while they were told privately.
    def told(member, needle: str) -> bool:
        return any(needle in (version.get("content") or "") for m in member.dms
                   for version in [*m.history, m.payload()])

    assert told(carol, f"${OFFER:,}") and told(bob, f"${COUNTER:,}") and told(alice, f"${TRADE_CASH:,}")

    elapsed = time.perf_counter() - started
    report_figures("moves", moves)
    report_figures("clicks_and_forms", table.clicks)
    report_figures("thread_posts", len([m for m in thread.messages if m.from_bot]))
    report_figures("seconds", round(elapsed, 1))


async def play_moment(table: Table, seat: int, action: str, moment: str) -> None:
    """One scripted move, as the member would make it on Discord."""
    members = table.members
    if moment in ("auction", "pass", "trade"):
        await table.click(seat, action)
    elif moment == "bid":
        await table.form(seat, "bid:{}", int(action.removeprefix("bid:")))
    elif moment == "offer":
        await table.form(seat, "connect:{}", OFFER)
    elif moment == "counter":  # Carol is asked by DM; she counters there
        await table.settled()
        dm = await table.dm_offering(seat, "offer:accept")
        assert f"${OFFER:,}" in dm.text and button_for(dm, "offer:counter:{}")
        done = await table.form(seat, "offer:counter:{}", COUNTER, message=dm)
        assert done.id == dm.id and done.text.startswith("✓ Done."), done.text
    elif moment in ("deal", "traded"):  # the answer comes by DM
        await table.settled()
        dm = await table.dm_offering(seat, "offer:accept")
        await press(table.sim, table.db, members[seat], dm, "offer:accept", members[seat].name)
        table.clicks += 1
    elif moment in ("trade-step", "proposed"):
        await trade_step(table, seat, action)
    else:
        raise AssertionError(f"no way to play {moment}")


async def trade_step(table: Table, seat: int, action: str) -> None:
    """Carol's trade in the making, in her DM: each step refreshes that same message."""
    member = table.members[seat]
    await table.settled()
    dm = [m for m in member.dms if m.components][-1]
    before = table.db.game()[0]
    if action.startswith("trade-with:"):
        await press(table.sim, table.db, member, dm, action, member.name)
    elif action.startswith(("trade-give:", "trade-ask:")):
        head = action.split(":", 1)[0]
        cards = [card for card in action.split(":", 1)[1].split(",") if card]
        if cards:
            select = next(s for s in dm.selects if f":{head}:" in s["custom_id"])
            await (await member.select(select["custom_id"], cards, message=dm)).reply()
        confirm = next(b for b in dm.buttons if b.get("label", "").startswith("Confirm"))
        await (await member.click(confirm["custom_id"], message=dm)).response()
        await table.sim.wait_for(lambda: table.db.game()[0] > before, what=f"{member.name}'s {head}")
    else:
        await table.form(seat, "trade-cash:{}", -TRADE_CASH, message=dm)
        return
    table.clicks += 1
